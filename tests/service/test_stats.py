"""Analytics (issue 14 item 4) checked against a hand count on a small fixed set of Star
Trek 2E matches: two played a few moves and resigned, a fork of one (left out), an aborted
match (left out), a live match (not counted). The projection is kept by the fold (inline
here, as the fold job does it), counts each match once however often it is recorded, and
a rebuild from the logs gives the same numbers."""
from __future__ import annotations

import pytest

import rules
from replays.analytics import lead_taken_at
from service import matches_logic
from service.stats_logic import overview, report
from store.stats import StatsStore
from tests.service.helpers import bearer
from workers.stats import rebuild, record_finished

GAME = "startrek2e"


@pytest.fixture
def rt(app):
    return app.extensions["subspace"]


def _match(rt, decks):
    created = matches_logic.create_match(rt.store, GAME, None, [{"name": f"P{i}", "deck": d} for i, d in enumerate(decks)])
    return created["match_id"], [s["token"] for s in created["seats"]]


def _moves(rt, match_id, tokens, n):
    game = rules.get_game(GAME)
    for i in range(n):
        version, state = matches_logic.current_state(rt.store, game, match_id)
        seat = game.deciding_seats(state)[0]
        matches_logic.post_action(rt, match_id, tokens[seat], version, game.bot_action(state, seat, f"{match_id}:{i}"))


@pytest.fixture
def fixed_set(client, rt):
    a, ta = _match(rt, ["federation", "klingon"])
    _moves(rt, a, ta, 6)
    assert client.post(f"/v1/matches/{a}/resign", headers=bearer(ta[0])).status_code == 201  # 7 events, klingon wins
    b, tb = _match(rt, ["klingon", "federation"])
    _moves(rt, b, tb, 4)
    assert client.post(f"/v1/matches/{b}/resign", headers=bearer(tb[1])).status_code == 201  # 5 events, klingon wins
    fork = client.post(f"/v1/matches/{a}/forks", json={"at": 7})  # finished at once: a fork, never counted
    assert fork.status_code == 201
    c, tc = _match(rt, ["romulan", "federation"])
    assert client.post(f"/v1/matches/{c}/abort", headers=bearer(tc[0])).status_code == 201  # aborted: left out
    d, td = _match(rt, ["bajoran", "klingon"])
    _moves(rt, d, td, 3)  # live: not counted
    return {"a": a, "b": b, "fork": fork.get_json()["match_id"], "c": c, "d": d}


def _decks():
    game = rules.get_game(GAME)
    config = game.build_config(game.default_ruleset, [{"name": "F", "deck": "federation"}, {"name": "K", "deck": "klingon"}])
    state = game.setup(config, "x")
    return [{c["guid"] for c in state["cards"].values() if c["owner"] == s} for s in (0, 1)]


def test_analytics_match_a_hand_count(fixed_set, rt):
    view = overview(rt.conn, GAME)
    assert view["matches"] == 2 and view["draws"] == 0 and view["imported"] == 0
    assert view["skipped"] == {"aborted": 1}  # a fork is not even a skipped match
    assert view["average_events"] == 6.0  # (7 + 5) / 2
    starters = {r["key"]: (r["games"], r["wins"], r["win_rate"]) for r in report(rt.conn, GAME, "starters")["rows"]}
    assert starters == {"klingon": (2, 2, 1.0), "federation": (2, 0, 0.0)}
    factions = {r["key"]: (r["games"], r["wins"]) for r in report(rt.conn, GAME, "factions")["rows"]}
    assert factions == {"klingon": (2, 2), "federation": (2, 0)}
    matchups = {(r["deck"], r["opponent"]): (r["games"], r["wins"]) for r in report(rt.conn, GAME, "matchups")["rows"]}
    assert matchups == {("klingon", "federation"): (2, 2), ("federation", "klingon"): (2, 0)}
    fed, kli = _decks()
    included = {r["key"]: (r["games"], r["wins"]) for r in report(rt.conn, GAME, "cards-included", limit=1000)["rows"]}
    assert set(included) == fed | kli
    for card in fed | kli:  # a card of both decks was in all four seats; else in its deck's two
        expected = (4, 2) if card in fed and card in kli else (2, 0) if card in fed else (2, 2)
        assert included[card] == expected, card
    played = report(rt.conn, GAME, "cards-played", limit=1000)["rows"]
    assert played and all(r["key"] in fed | kli and r["games"] <= included[r["key"]][0] for r in played)


def test_recording_twice_counts_once_and_a_rebuild_agrees(fixed_set, rt):
    before = StatsStore(rt.conn).counts(GAME)
    for match_id in fixed_set.values():
        assert record_finished(rt.conn, match_id) is False  # counted already, or never counted
    assert StatsStore(rt.conn).counts(GAME) == before
    assert rebuild(rt.conn, [GAME]) == 2
    assert StatsStore(rt.conn).counts(GAME) == before


def test_stats_over_http(client, fixed_set):
    body = client.get(f"/v1/stats/{GAME}").get_json()
    assert body["matches"] == 2
    rows = client.get(f"/v1/stats/{GAME}/starters?min_games=2").get_json()["rows"]
    assert {r["key"] for r in rows} == {"klingon", "federation"}
    assert client.get("/v1/stats/chess").status_code == 404
    assert client.get(f"/v1/stats/{GAME}/colours").get_json()["error"]["code"] == "unknown_report"
    assert client.get(f"/v1/stats/{GAME}/starters?limit=0").status_code == 400


def test_a_live_match_leaves_no_trace_in_the_stats(client, rt):
    m, tokens = _match(rt, ["bajoran", "cardassian"])
    _moves(rt, m, tokens, 5)
    assert StatsStore(rt.conn).counts(GAME) == {}
    assert client.get(f"/v1/stats/{GAME}/cards-included").get_json()["rows"] == []


def test_lead_taken_at():
    rows = [[0, 0], [1, 0], [1, 2], [3, 2], [4, 2]]
    assert lead_taken_at(rows, 0) == 4  # ahead from version 4 to the end
    assert lead_taken_at(rows, 1) is None  # not ahead at the end
    assert lead_taken_at([[2, 1], [3, 1]], 0) == 1
    assert lead_taken_at([[1, 1]], 0) is None  # a tie is no lead


def test_the_stats_command_rebuilds_and_prints(fixed_set, rt, redis_url):
    from click.testing import CliRunner

    from service.cli import main

    runner = CliRunner()
    StatsStore(rt.conn).clear(GAME)
    result = runner.invoke(main, ["stats", "rebuild", GAME, "--redis-url", redis_url])
    assert result.exit_code == 0, result.output
    assert "counted 2 finished match(es) of startrek2e" in result.output
    result = runner.invoke(main, ["stats", GAME, "starters", "--redis-url", redis_url])
    assert result.exit_code == 0, result.output
    assert "klingon" in result.output and "100.0%" in result.output and "0.0%" in result.output
    result = runner.invoke(main, ["stats", GAME, "--redis-url", redis_url])
    assert "average_events   6.0" in result.output
