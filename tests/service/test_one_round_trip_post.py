"""The POST path in one round trip (issue 13 item 3): the state in hand after validation is
the projection the append writes, in both fold modes; the meta it uses is the cached part
that never changes."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import rules
from replays.pinning import engine_versions
from replays.fold import fold
from store import MatchStore, keys
from workers import fold_pending, settle_lagging
from store.match_store import MUTABLE_META
from tests.service.helpers import create_match, legal, post

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("fold_mode", ["inline", "rq"])
def test_every_post_leaves_the_projection_at_the_head_and_the_match_not_lagging(make_app, redis_conn, tinygame,
                                                                              monkeypatch, fold_mode):
    monkeypatch.setattr("workers.jobs.SNAPSHOT_EVERY", 2)
    monkeypatch.setattr("workers.jobs.FINISHED_SNAPSHOT_EVERY", 4)
    enqueued = []
    monkeypatch.setattr("service.runtime.enqueue_fold", lambda conn, match_id, **kw: enqueued.append(match_id))
    app = make_app(SUBSPACE_FOLD_MODE=fold_mode)
    store = MatchStore(redis_conn)
    with app.test_client() as client:
        match = create_match(client)
        match_id = match["match_id"]
        version = 0
        while True:
            seats = client.get(f"/v1/matches/{match_id}").json["deciding_seats"]
            if not seats:
                break
            action = legal(client, match, seats[0])["actions"][0]
            assert post(client, match, seats[0], version, action).status_code == 201
            version += 1
            events = store.read_events(match_id)
            meta = store.get_meta(match_id)
            start = tinygame.setup(meta["config"], meta["seed"])
            # The projection is the fold of the log, written by the POST itself.
            assert store.load_projection(match_id) == (version, fold(tinygame, start, events))
            ended = store.get_meta(match_id)["status"] == "finished"
            assert redis_conn.sismember(keys.LAGGING, match_id) == (ended and fold_mode == "rq")
    if fold_mode == "rq":  # the ending POST left the finished match's analytics and archive to a fold job
        assert enqueued == [match_id]
        fold_pending(redis_conn, match_id)  # the job, as a worker runs it
        settle_lagging(redis_conn, match_id)
        assert not redis_conn.sismember(keys.LAGGING, match_id)
    else:
        assert enqueued == []  # nothing left for a fold job (inline: done after the answer)
    assert version > 4
    assert store.is_archived(match_id)
    assert store.snapshot_versions(match_id) == [v for v in range(0, version + 1, 4)]  # finished: sparse


def test_the_meta_cache_holds_only_fields_no_update_meta_call_changes():
    """Every ``update_meta(..., field=...)`` in the code names a field in ``MUTABLE_META``,
    which ``MatchStore.fixed_meta`` never caches."""
    written = set()
    for path in ROOT.glob("*/**/*.py"):
        if "tests" in path.parts or ".venv" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "update_meta":
                for kw in node.keywords:
                    if kw.arg is None:  # only the pinned versions may be spread in
                        assert getattr(kw.value.func, "id", None) == "engine_versions", f"{path}: update_meta(**...)"
                        written |= set(engine_versions(rules.get_game("stargate")))
                    else:
                        written.add(kw.arg)
    assert written and written <= MUTABLE_META, written - MUTABLE_META


def test_fixed_meta_is_read_once_and_leaves_out_what_changes(store, redis_conn):
    match_id = store.create_match({"game": "g", "status": "active", "config": {"x": 1}}, {})
    fixed = store.fixed_meta(match_id)
    assert fixed["game"] == "g" and fixed["config"] == {"x": 1}
    assert not MUTABLE_META & set(fixed)
    store.update_meta(match_id, status="finished")
    redis_conn.hset(keys.meta(match_id), "game", b'"changed behind its back"')
    assert store.fixed_meta(match_id)["game"] == "g"  # cached: no round trip
