"""rules.control: control events folded by the same engine as game actions, for every game.

The wrapper must be invisible to a match that never had a control event (golden replays
fold to the same hashes); resign, abort, draws, timeouts and claims must end the match in
a way the game itself and everything downstream see (``outcome`` non-None, no decision
pending); the clock must follow the deciding seat and treat response windows apart.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import rules
from rules import clock as C
from rules import control
from rules.errors import Forbidden, IllegalAction, InvalidRequest, MatchOver
from tests.rules import golden
from tests.support.tinygame import HighCard

T0 = "2026-03-01T12:00:00.000Z"
T0_MS = C.parse_ts(T0)
DAY = C.DAY_MS
GOLDEN = Path(__file__).parent


def at(ms: int) -> str:
    return C.format_ts(ms)


def ev(event_type: str, actor=None, ts_ms: int = T0_MS, seats: int = 2, **payload) -> dict:
    return {"type": event_type, "seat": actor, "payload": {**payload, "seats": seats}, "ts": at(ts_ms)}


def stargate_state():
    game = rules.get_game("stargate")
    ids = [d["id"] for d in game.starter_decks()]
    config = game.build_config("current", [{"deck": ids[0]}, {"deck": ids[1]}])
    return game, game.setup(config, "control-seed")


def play_random(game, state, n: int, r: random.Random, start_ms: int, step_ms: int = 3600 * 1000):
    t = start_ms
    for _ in range(n):
        if game.outcome(state) is not None:
            break
        seat = game.deciding_seats(state)[0]
        t += step_ms
        state = game.apply(state, {"type": "action", "seat": seat,
                                   "payload": r.choice(game.legal_actions(state, seat)), "ts": at(t)})
    return state, t


def clocked(game, state, seats=2, **spec):
    spec = C.validate_clock_spec({"days_per_decision": 2, **spec})
    control.validate_control(game, state, {"type": "clock_start", "seat": None, "payload": {"clock": spec}},
                             now=T0_MS, seats=seats)
    return game.apply(state, ev("clock_start", clock=spec, seats=seats))


# ---- a match without control events folds exactly as before -------------------------------------
@pytest.mark.parametrize("game_id", ["stargate", "babylon5", "startrek2e"])
def test_golden_replays_fold_to_the_same_hash_through_the_wrapper(game_id):
    paths = golden.files(GOLDEN / game_id / "golden")
    wrapped = rules.get_game(game_id)
    assert isinstance(wrapped, control.ControlledGame)
    for path in paths:
        golden.check(wrapped, path)  # same outcome, same final state hash as the bare game
        rec = json.loads(path.read_text())
        assert "control" not in golden.fold(wrapped, rec)


def test_a_game_without_control_events_has_no_control_view():
    game, state = stargate_state()
    assert "control" not in game.view(state, 0)
    assert control.view(state) is None and control.next_wake(state) is None


# ---- resign, abort, draws --------------------------------------------------------------------
def test_resigning_ends_the_match_for_the_game_too():
    game, state = stargate_state()
    control.validate_control(game, state, ev("resign", 0), now=T0_MS, seats=2)
    state = game.apply(state, ev("resign", 0))
    assert game.outcome(state) == {"winners": [1], "reason": "seat 0 resigned", "ended_by": "resign"}
    assert state["outcome"]["winners"] == [1] and state["pending"] is None  # the game's own record
    assert game.deciding_seats(state) == [] and game.legal_actions(state, 1) == []
    with pytest.raises(MatchOver):
        control.validate_control(game, state, ev("resign", 1), now=T0_MS, seats=2)


def test_a_judges_decision_ends_the_match_and_only_a_judge_decides():
    game, state = stargate_state()
    decision = ev("adjudicate", None, winners=[1], reason="round 2's deadline passed with seat 0 on the clock")
    with pytest.raises(Forbidden):
        control.validate_control(game, state, {**decision, "seat": 1}, now=T0_MS, seats=2)
    for bad in ([2], [0, 0], ["1"], None):
        with pytest.raises(InvalidRequest):
            control.validate_control(game, state, ev("adjudicate", None, winners=bad, reason="late"), now=T0_MS, seats=2)
    with pytest.raises(InvalidRequest):
        control.validate_control(game, state, ev("adjudicate", None, winners=[1], reason=" "), now=T0_MS, seats=2)
    control.validate_control(game, state, decision, now=T0_MS, seats=2)
    state = game.apply(state, decision)
    assert game.outcome(state)["winners"] == [1] and game.outcome(state)["ended_by"] == "judge"
    assert state["outcome"]["winners"] == [1] and game.deciding_seats(state) == []


def test_a_game_without_an_outcome_key_still_ends():
    game = control.controlled(HighCard())
    state = game.setup(HighCard().build_config("standard", [{"deck": "ten"}, {"deck": "ten"}]), "s")
    state = game.apply(state, ev("resign", 1))
    assert game.outcome(state)["winners"] == [0]
    assert game.deciding_seats(state) == []


def test_abort_only_until_every_seat_has_decided():
    game, state = stargate_state()
    control.validate_control(game, state, ev("abort", 0), now=T0_MS, seats=2, decided={1})
    with pytest.raises(IllegalAction) as err:
        control.validate_control(game, state, ev("abort", 0), now=T0_MS, seats=2, decided={0, 1})
    assert err.value.code == "too_late_to_abort"
    state = game.apply(state, ev("abort", 0))
    assert game.outcome(state)["winners"] == [] and game.outcome(state)["ended_by"] == "abort"


def test_seats_that_decided_reads_game_actions_only():
    events = [{"type": "clock_start", "seat": None}, {"type": "action", "seat": 1}, {"type": "resign", "seat": 0}]
    assert control.seats_that_decided(events, 2) == {1}


def test_a_draw_needs_every_seat_and_lapses_when_the_other_acts():
    game, state = stargate_state()
    with pytest.raises(IllegalAction):
        control.validate_control(game, state, ev("draw_accept", 1), now=T0_MS, seats=2)
    state = game.apply(state, ev("draw_offer", 0))
    with pytest.raises(IllegalAction):
        control.validate_control(game, state, ev("draw_accept", 0), now=T0_MS, seats=2)  # not to yourself
    declined = game.apply(json.loads(json.dumps(state)), ev("draw_decline", 1))
    assert control.view(declined)["draw_offers"] == []
    seat = game.deciding_seats(state)[0]
    if seat == 1:  # the opponent acting lets the offer lapse
        lapsed = game.apply(json.loads(json.dumps(state)),
                            {"type": "action", "seat": 1, "payload": game.legal_actions(state, 1)[0]})
        assert control.view(lapsed)["draw_offers"] == []
    state = game.apply(state, ev("draw_accept", 1))
    assert game.outcome(state) == {"winners": [], "reason": "draw by agreement", "ended_by": "draw"}


def test_only_seats_in_play_may_act():
    game, state = stargate_state()
    with pytest.raises(Forbidden):
        control.validate_control(game, state, ev("resign", 5), now=T0_MS, seats=2)
    with pytest.raises(InvalidRequest):
        control.validate_control(game, state, ev("nonsense", 0), now=T0_MS, seats=2)


# ---- the clock -------------------------------------------------------------------------------
def test_the_clock_follows_the_deciding_seat():
    game, state = stargate_state()
    state = clocked(game, state)
    first = game.deciding_seats(state)[0]
    running = control.view(state)["clock"]["on_clock"]
    assert [e["seat"] for e in running] == [first] and running[0]["deadline"] == at(T0_MS + 2 * DAY)
    state, t = play_random(game, state, 40, random.Random(3), T0_MS)
    running = control.view(state)["clock"]["on_clock"]
    assert [e["seat"] for e in running] == game.deciding_seats(state)
    assert game.view(state, 0)["control"]["clock"]["on_clock"] == running  # every viewer sees it


def test_no_clock_events_without_a_clock():
    game, state = stargate_state()
    for kind, payload in (("add_time", {"seat": 1, "hours": 5}), ("vacation", {"days": 1}), ("pause_request", {})):
        with pytest.raises(IllegalAction) as err:
            control.validate_control(game, state, ev(kind, 0, **payload), now=T0_MS, seats=2)
        assert err.value.code == "no_clock"
    with pytest.raises(IllegalAction):
        control.validate_control(game, clocked(game, state), {"type": "clock_start", "seat": None,
                                 "payload": {"clock": {"days_per_decision": 1}}}, now=T0_MS, seats=2)


def test_timeout_claim_and_what_comes_before():
    game, state = stargate_state()
    state = clocked(game, state, grace_days=2)
    absent = game.deciding_seats(state)[0]
    other = 1 - absent
    claim = ev("claim", other, absent=absent, kind="win")
    with pytest.raises(IllegalAction) as err:  # a claim before the deadline
        control.validate_control(game, state, claim, now=T0_MS + DAY, seats=2)
    assert err.value.code == "deadline_not_passed"
    assert control.due(game, state, T0_MS + DAY) == []
    later = T0_MS + 2 * DAY
    due = control.due(game, state, later)
    assert due == [{"type": "timeout", "seat": None, "payload": {"seat": absent, "deadline": at(later)}}]
    control.validate_control(game, state, due[0], now=later, seats=2)
    state = game.apply(state, {**due[0], "ts": at(later)})
    assert control.view(state)["clock"]["on_clock"][0]["timed_out"] is True
    assert control.due(game, state, later + DAY) == []  # the grace period runs
    with pytest.raises(Forbidden):
        control.validate_control(game, state, ev("claim", absent, absent=absent, kind="win"), now=later, seats=2)
    control.validate_control(game, state, claim, now=later, seats=2)
    won = game.apply(json.loads(json.dumps(state)), claim)
    assert game.outcome(won)["winners"] == [other] and game.outcome(won)["ended_by"] == "claim"
    # nobody claims: the grace period's end decides
    forfeit = control.due(game, state, later + 2 * DAY)
    assert forfeit == [{"type": "forfeit", "seat": None, "payload": {"seat": absent, "claim": "win"}}]
    done = game.apply(state, {**forfeit[0], "ts": at(later + 2 * DAY)})
    assert game.outcome(done)["winners"] == [other] and game.outcome(done)["ended_by"] == "timeout"
    assert control.next_wake(done) is None


def test_a_late_seat_may_still_act_until_someone_claims():
    game, state = stargate_state()
    state = clocked(game, state)
    absent = game.deciding_seats(state)[0]
    state = game.apply(state, {**control.due(game, state, T0_MS + 2 * DAY)[0], "ts": at(T0_MS + 2 * DAY)})
    state = game.apply(state, {"type": "action", "seat": absent,
                               "payload": game.legal_actions(state, absent)[0], "ts": at(T0_MS + 3 * DAY)})
    assert all(not e["timed_out"] for e in control.view(state)["clock"]["on_clock"])


def test_add_time_by_an_opponent_only():
    game, state = stargate_state()
    state = clocked(game, state)
    deciding = game.deciding_seats(state)[0]
    with pytest.raises(Forbidden):
        control.validate_control(game, state, ev("add_time", deciding, seat=deciding, hours=5), now=T0_MS, seats=2)
    give = ev("add_time", 1 - deciding, seat=deciding, hours=5)
    control.validate_control(game, state, give, now=T0_MS, seats=2)
    control.validate_control(game, state, {**give, "seat": None}, now=T0_MS, seats=2)  # a judge
    state = game.apply(state, give)
    assert control.view(state)["clock"]["on_clock"][0]["deadline"] == at(T0_MS + 2 * DAY + 5 * C.HOUR_MS)


def test_vacation_moves_the_deadline_and_is_tallied_per_year():
    game, state = stargate_state()
    state = clocked(game, state)
    seat = game.deciding_seats(state)[0]
    state = game.apply(state, ev("vacation", seat, days=3))
    assert control.view(state)["clock"]["on_clock"][0]["deadline"] == at(T0_MS + 5 * DAY)
    assert control.vacation_days_taken(state, seat, 2026) == 3
    assert control.due(game, state, T0_MS + 4 * DAY) == []


def test_a_pause_needs_every_seat_and_any_seat_resumes():
    game, state = stargate_state()
    state = clocked(game, state)
    state = game.apply(state, ev("pause_request", 0))
    assert control.view(state)["clock"]["paused"] is False
    with pytest.raises(IllegalAction):
        control.validate_control(game, state, ev("pause_request", 0), now=T0_MS, seats=2)
    state = game.apply(state, ev("pause_request", 1, ts_ms=T0_MS + DAY))
    assert control.view(state)["clock"]["paused"] is True
    assert control.due(game, state, T0_MS + 30 * DAY) == [] and control.next_wake(state) is None
    state = game.apply(state, ev("resume", 1, ts_ms=T0_MS + 11 * DAY))
    assert control.view(state)["clock"]["on_clock"][0]["deadline"] == at(T0_MS + 12 * DAY)


def test_reminders_at_80_percent():
    game, state = stargate_state()
    state = clocked(game, state)
    seat = game.deciding_seats(state)[0]
    assert control.reminders(state, T0_MS + DAY) == []
    point = T0_MS + int(2 * DAY * 0.8)
    assert control.next_wake(state) == point
    assert control.reminders(state, point) == [{"seat": seat, "since": T0_MS, "deadline": T0_MS + 2 * DAY}]


# ---- response windows ------------------------------------------------------------------------------
def _first_response_window(game, state, r, t):
    for _ in range(3000):
        if game.outcome(state) is not None:
            return None, t
        seat = game.deciding_seats(state)[0]
        if game.response_pass(state, seat) is not None:
            return state, t
        t += 1000
        state = game.apply(state, {"type": "action", "seat": seat,
                                   "payload": r.choice(game.legal_actions(state, seat)), "ts": at(t)})
    return None, t


@pytest.mark.parametrize("game_id", ["stargate", "startrek2e", "babylon5"])
def test_a_response_window_gets_the_short_deadline_and_the_server_passes_it(game_id):
    game = rules.get_game(game_id)
    config = _config(game_id, 2)
    state = clocked(game, game.setup(config, "window-seed"), response_hours=6)
    state, t = _first_response_window(game, state, random.Random(5), T0_MS)
    assert state is not None, "random play met no response window"
    seat = game.deciding_seats(state)[0]
    entry = control.view(state)["clock"]["on_clock"][0]
    assert entry["window"] == "response" and entry["seat"] == seat
    answer = game.response_pass(state, seat)
    assert answer in game.legal_actions(state, seat)
    due = control.due(game, state, C.parse_ts(entry["deadline"]))
    assert due == [{"type": "action", "seat": seat, "payload": answer, "auto": "response_deadline"}]


def _config(game_id: str, players: int) -> dict:
    if game_id == "babylon5":
        from tests.rules.babylon5 import fixtures as B
        return B.config(("human", "narn", "minbari", "centauri")[:players], turn_limit=15)
    if game_id == "startrek2e":
        from tests.rules.startrek2e import fixtures as S
        config = S.config("fed", "kli")
        if players > 2:
            config = {**config, "seats": [config["seats"][i % 2] for i in range(players)]}
        return config
    game = rules.get_game(game_id)
    ids = [d["id"] for d in game.starter_decks()]
    return game.build_config("current", [{"deck": ids[i]} for i in range(players)])


# ---- three or more players -------------------------------------------------------------------------
def test_babylon5_plays_on_without_a_seat_that_resigns():
    game = rules.get_game("babylon5")
    state = game.setup(_config("babylon5", 3), "three")
    state, t = play_random(game, state, 120, random.Random(8), T0_MS)
    assert game.outcome(state) is None
    out = game.deciding_seats(state)[0]
    state = game.apply(state, ev("resign", out, seats=3))
    assert game.outcome(state) is None and control.view(state)["out"] == [out]
    assert state["seats"][out]["lost"] and out not in game.deciding_seats(state)
    with pytest.raises(Forbidden):
        control.validate_control(game, state, ev("resign", out, seats=3), now=T0_MS, seats=3)
    state, _ = play_random(game, state, 20000, random.Random(9), t)
    assert game.outcome(state) is not None and out not in game.outcome(state)["winners"]


def test_babylon5_claims_with_three_players_continue():
    policy = control.policy_of(rules.get_game("babylon5").inner)
    assert policy.claims(3) == ("continue", "draw") and policy.claims(2) == ("win", "draw")


def test_startrek_ends_with_the_best_score_among_those_present_when_one_of_three_leaves():
    game = rules.get_game("startrek2e")
    state = game.setup(_config("startrek2e", 3), "three")
    state["seats"][0]["score"], state["seats"][1]["score"], state["seats"][2]["score"] = 60, 20, 40
    state = game.apply(state, ev("resign", 0, seats=3))
    assert game.outcome(state)["winners"] == [2] and state["outcome"]["ended_by"] == "resign"
