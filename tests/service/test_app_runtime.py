"""The app factory's runtime: embedded Redis start/stop, rq fold mode, extra games."""
from __future__ import annotations

import pytest

import rules
from rq import Queue
from rq.serializers import JSONSerializer

from service.app import create_app
from store import MatchStore
from tests.service.helpers import create_match, legal, post, url
from workers import QUEUE, fold_pending


def test_without_redis_url_the_app_runs_on_an_embedded_redis_and_stops_it(tmp_path, tinygame):
    data = tmp_path / "redis"
    app = create_app({"SUBSPACE_DATA_DIR": str(data), "TESTING": True})
    rt = app.extensions["subspace"]
    try:
        assert rt.embedded is not None and rt.embedded.owned
        assert rt.settings.fold_mode == "inline"
        with app.test_client() as c:
            match = create_match(c)
            assert post(c, match, 0, 0, legal(c, match, 0)["actions"][0]).status_code == 201
            assert c.get(url(match)).json["version"] == 1
        assert (data / "appendonly.aof").exists()
    finally:
        rt.close()
    assert rt.embedded.process.poll() is not None  # the server exited


@pytest.mark.rq
def test_rq_mode_enqueues_one_coalesced_fold_job_and_leaves_reads_correct(make_app, redis_conn):
    """A seat's POST writes the projection itself (nothing to enqueue); other appenders
    (here: plain ``store.append`` then ``after_append``, as the server's player does) get
    one coalesced fold job, and reads fold past the projection meanwhile."""
    app = make_app(SUBSPACE_FOLD_MODE="rq")
    store = MatchStore(redis_conn)
    rt = app.extensions["subspace"]
    queue = Queue(QUEUE, connection=redis_conn, serializer=JSONSerializer)
    with app.test_client() as c:
        match = create_match(c)
        assert post(c, match, 0, 0, legal(c, match, 0)["actions"][0]).status_code == 201
        assert queue.count == 0 and store.projection_version(match["match_id"]) == 1
        for version in range(1, 4):
            seat = c.get(url(match)).json["deciding_seats"][0]
            action = legal(c, match, seat)["actions"][0]
            store.append(match["match_id"], version, {"type": "action", "seat": seat, "payload": action})
            rt.after_append(match["match_id"])
        assert queue.count == 1  # three appends, one queued job
        assert store.projection_version(match["match_id"]) == 1
        assert c.get(url(match)).json["version"] == 4  # reads fold past the projection
        fold_pending(redis_conn, match["match_id"])
        assert store.projection_version(match["match_id"]) == 4


def test_extra_games_setting_registers_games(make_app):
    rules.unregister("highcard")
    app = make_app(SUBSPACE_EXTRA_GAMES="tests.support.tinygame:GAME")
    with app.test_client() as c:
        assert "highcard" in {g["id"] for g in c.get("/v1/games").json["games"]}
