"""The ``subspace`` command: help texts, games, sweep, worker, serve."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from service.cli import main
from store import MatchStore
from tests.service.helpers import create_match, legal


@pytest.mark.parametrize("command, phrase", [
    ([], "subspace serve"),
    (["serve"], "--fold-mode"),
    (["worker"], "--burst"),
    (["sweep"], "--full"),
    (["games"], "--json"),
    (["bots"], "--once"),
])
def test_help_explains_each_command(command, phrase):
    result = CliRunner().invoke(main, [*command, "--help"])
    assert result.exit_code == 0
    assert phrase in result.output


def test_games_lists_games_rulesets_and_decks(tinygame):
    result = CliRunner().invoke(main, ["games"])
    assert result.exit_code == 0, result.output
    assert "highcard: High Card (test game)" in result.output
    assert "ruleset standard [default]" in result.output
    assert "starter deck twenty" in result.output


def test_games_json_matches_the_api_shape(tinygame):
    import json

    result = CliRunner().invoke(main, ["games", "--json"])
    assert "highcard" in {g["id"] for g in json.loads(result.output)["games"]}


def _lagging_match(make_app, redis_conn) -> str:
    app = make_app(SUBSPACE_FOLD_MODE="rq")
    with app.test_client() as c:
        match = create_match(c)
        action = legal(c, match, 0)["actions"][0]
    # An append whose fold job was lost (e.g. a Redis failover; a seat's POST writes the
    # projection itself, so the event comes from another appender: the server's player).
    MatchStore(redis_conn).append(match["match_id"], 0, {"type": "action", "seat": 0, "payload": action})
    return match["match_id"]


@pytest.mark.rq
def test_sweep_reenqueues_and_worker_burst_folds(make_app, redis_conn, redis_url):
    match_id = _lagging_match(make_app, redis_conn)
    swept = CliRunner().invoke(main, ["sweep", "--redis-url", redis_url])
    assert swept.exit_code == 0, swept.output
    assert swept.output.startswith("1 lagging match(es): 1 fold job(s) enqueued, 0 already queued, 0 repaired")
    assert f"enqueued: {match_id}" in swept.output
    worked = CliRunner().invoke(main, ["worker", "--redis-url", redis_url, "--burst"])
    assert worked.exit_code == 0, worked.output
    assert MatchStore(redis_conn).projection_version(match_id) == 1


def test_serve_runs_gunicorn_with_gevent_workers_on_the_given_redis(monkeypatch, redis_url, tinygame):
    """`subspace serve` uses the production server model (service/server.py): gunicorn's
    options carry the gevent worker class and the bind; the app gets the Redis URL."""
    from service import server

    seen = {}

    def fake_run(settings, **options) -> None:
        seen.update(settings=dict(settings), options=server.gunicorn_options(environ={}, **options))

    monkeypatch.setattr(server, "run", fake_run)
    monkeypatch.setattr("service.cli._start_bot_thread", lambda url: seen.update(bots=url))
    monkeypatch.setattr("service.cli._start_clock_thread", lambda url: seen.update(clock=url))
    result = CliRunner().invoke(main, ["serve", "--port", "8123", "--redis-url", redis_url, "--fold-mode", "inline"])
    assert result.exit_code == 0, result.output
    assert "http://127.0.0.1:8123/" in result.output and "fold mode: inline" in result.output
    assert seen["options"]["bind"] == "127.0.0.1:8123" and seen["options"]["worker_class"] == "gevent"
    assert seen["settings"]["REDIS_URL"] == redis_url and seen["settings"]["SUBSPACE_FOLD_MODE"] == "inline"
    assert seen["bots"] == redis_url, "folding inline, the server's player runs beside the server"
    assert seen["clock"] == redis_url, "folding inline, the clock job runs beside the server"


def test_version_names_the_package_and_every_engine():
    from importlib import metadata

    from replays.pinning import engine_versions

    import rules

    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"subspace {metadata.version('subspace')}"
    for game_id in ("babylon5", "stargate", "startrek2e"):
        versions = engine_versions(rules.get_game(game_id))
        assert f"{game_id} engine {versions['engine_version']} cards {versions['card_data_version']}" in lines


def test_version_fails_when_an_engine_cannot_be_imported(monkeypatch):
    import rules

    monkeypatch.setitem(rules._BUILTIN, "ghost", "rules.ghost_engine_not_shipped:GAME")
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 1
    assert "ghost engine not installed" in result.output


def test_clock_once_times_out_an_expired_decision(client, redis_conn, redis_url):
    """`subspace clock --once`: one pass of the clock job over what is due now — months
    after the deadline, the timeout and then the decision after the grace period."""
    from freezegun import freeze_time

    with freeze_time("2026-01-01T00:00:00Z"):
        match = client.post("/v1/matches", json={"game": "highcard", "clock": {"days_per_decision": 1},
                                                 "seats": [{"name": "A", "deck": "ten"}, {"name": "B", "deck": "ten"}]}).json
    result = CliRunner().invoke(main, ["clock", "--once", "--redis-url", redis_url])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output.strip().splitlines()[-1])["appended"] == 2
    events = client.get(f"/v1/matches/{match['match_id']}/events").json["events"]
    assert [e["type"] for e in events] == ["clock_start", "timeout", "forfeit"]
    assert client.get(f"/v1/matches/{match['match_id']}").json["outcome"]["ended_by"] == "timeout"


def test_bots_once_plays_the_server_seats_due_turn(app, client, redis_url):
    from store.bots import BotSchedule

    decks = [d["id"] for d in next(g for g in client.get("/v1/games").json["games"] if g["id"] == "babylon5")["starter_decks"]]
    created = client.post("/v1/matches", json={"game": "babylon5", "seats": [
        {"name": "Server", "deck": decks[0], "bot": {"pace_seconds": 0}}, {"name": "Ann", "deck": decks[1]}]}).json
    summary = client.get(f"/v1/matches/{created['match_id']}").json
    assert 0 in summary["deciding_seats"]  # the opening hand: the server's seat decides first
    result = CliRunner().invoke(main, ["bots", "--once", "--redis-url", redis_url])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["played"] == 1
    assert client.get(f"/v1/matches/{created['match_id']}").json["version"] == summary["version"] + 1
    assert BotSchedule(app.extensions["subspace"].conn).pending(created["match_id"]) is not None  # its next turn
