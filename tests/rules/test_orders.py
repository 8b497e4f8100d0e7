"""rules.orders: which standing order plays, and what it plays — pure."""
from __future__ import annotations

import pytest

import rules
from rules import orders as O
from rules.errors import InvalidRequest
from tests.rules.test_control import stargate_state


def test_validate_fills_an_id_and_refuses_what_would_reveal_the_hand():
    game = rules.get_game("stargate")
    order = O.validate_order(game, {"kind": "pass_responses"}, "o1")
    assert order == {"id": "o1", "kind": "pass_responses"}
    with pytest.raises(InvalidRequest) as err:
        O.validate_order(game, {"kind": "pass_responses", "unless_can_respond": True}, "o2")
    assert err.value.code == "order_would_reveal"
    with pytest.raises(InvalidRequest):
        O.validate_order(rules.get_game("startrek2e"), {"kind": "keep_opening_hand"}, "o3")
    with pytest.raises(InvalidRequest):
        O.validate_order(game, {"kind": "pass_responses", "extra": 1}, "o4")


def test_when_orders_arm_on_a_match_and_go_when_the_seat_decides_itself():
    game = rules.get_game("stargate")
    orders = [O.validate_order(game, {"kind": "when", "opponent_action": {"type": "attempt", "mission": "m1"},
                                      "play": {"type": "play", "card": "c9"}}, "w"),
              O.validate_order(game, {"kind": "pass_responses"}, "p")]
    assert not O.arm(orders, {"type": "attempt", "mission": "m2"})
    assert O.arm(orders, {"type": "attempt", "mission": "m1", "ship": "s"})
    assert orders[0]["armed"]
    assert O.after_own_decision(orders) == [orders[1]]
    assert O.after_played(orders, orders[0]) == [orders[1]] and O.after_played(orders, orders[1]) == orders


def test_pick_plays_only_a_legal_action_for_the_seat_deciding_now():
    game, state = stargate_state()
    seat = game.deciding_seats(state)[0]
    legal = game.legal_actions(state, seat)
    armed = {"id": "a", "kind": "when", "opponent_action": {"type": "x"}, "play": legal[0], "armed": True}
    unarmed = {**armed, "id": "b", "armed": False}
    wrong = {**armed, "id": "c", "play": {"type": "play", "card": "nope"}}
    assert O.pick(game, state, seat, [unarmed]) is None
    assert O.pick(game, state, seat, [wrong]) is None
    assert O.pick(game, state, 1 - seat, [armed]) is None  # not deciding
    assert O.pick(game, state, seat, [wrong, armed]) == (armed, legal[0])
