"""Illegal actions are refused with typed errors whose messages name the rule and the
cards, and they change nothing."""
import copy

import pytest

from rules.errors import IllegalAction, MatchOver, NotYourDecision
from rules.startrek2e import state as S
from rules.startrek2e.game import GAME

from .helpers import act, find, mission, options, put, started, turn_to


def _refused(st, seat, action, *words):
    before = copy.deepcopy(st)
    with pytest.raises(IllegalAction) as err:
        GAME.validate(st, seat, action)
    assert st == before
    for w in words:
        assert w in err.value.message, err.value.message
    return err.value.message


def test_spending_counters_end_play_too_early_names_the_rule():
    st = turn_to(started("ill1"), 0, "play")
    _refused(st, 0, {"type": "end_play"}, "seven counters")


def test_a_second_unique_copy_names_uniqueness_and_the_card():
    st = turn_to(started("ill2"), 0, "play")
    put(st, 0, "T-F1", "pile", mission(st, 0, "T-HQF"))
    second = find(st, 0, "T-F1")
    S.move(st, second, "hand", 0)
    _refused(st, 0, {"type": "play", "card": second, "at": mission(st, 0, "T-HQF")}, "Uniqueness", "Picard")


def test_a_move_beyond_range_names_the_missions_and_the_range():
    st = started("ill3")
    earth = mission(st, 0, "T-HQF")
    ship = put(st, 0, "T-SF2", "ships", earth)
    put(st, 0, "T-F3", "aboard", ship)
    st["cards"][ship]["range_used"] = 4
    st = turn_to(st, 0, "orders")
    msg = _refused(st, 0, {"type": "move", "ship": ship, "to": mission(st, 0, "T-S2")}, "Using Range", "needs Range")
    assert "Chart Nebula" in msg


def test_attempting_an_opponents_mission_names_the_rule():
    st = turn_to(started("ill4"), 0, "orders")
    _refused(st, 0, {"type": "attempt", "mission": mission(st, 1, "T-P1")}, "Attempting a Mission")


def test_beaming_to_an_opponents_ship_names_the_rule():
    st = started("ill5")
    planet = mission(st, 0, "T-P1")
    mine = put(st, 0, "T-SF2", "ships", planet)
    crew = put(st, 0, "T-F3", "aboard", mine)
    theirs = put(st, 1, "T-SK", "ships", planet)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "beam", "card": crew})
    _refused(st, 0, {"type": "beam", "card": crew, "to": theirs}, "Beaming", "opponent's ship")


def test_answering_the_wrong_decision_and_the_wrong_seat():
    st = turn_to(started("ill6"), 0, "play")
    _refused(st, 0, {"type": "end_orders"}, "pending decision")
    with pytest.raises(NotYourDecision):
        GAME.validate(st, 1, {"type": "draw"})


def test_no_action_after_the_match_is_over():
    st = turn_to(started("ill7"), 0, "play")
    st["outcome"] = {"winners": [0], "reason": "test"}
    with pytest.raises(MatchOver):
        GAME.validate(st, 0, {"type": "draw"})
    assert GAME.deciding_seats(st) == [] and act
    assert options
