"""BaseGame validation: the deciding seat, membership in legal actions, match over."""
from __future__ import annotations

import pytest

from rules.errors import IllegalAction, MatchOver, NotYourDecision
from rules.protocol import Game
from tests.support.tinygame import GAME


def _new():
    return GAME.setup(GAME.build_config("standard", [{"deck": "ten"}, {"deck": "ten"}]), "seed")


def test_tiny_game_implements_the_protocol():
    assert isinstance(GAME, Game)


def test_not_your_decision_names_the_deciding_seat():
    state = _new()
    with pytest.raises(NotYourDecision) as err:
        GAME.validate(state, 1, GAME.legal_actions(state, 0)[0])
    assert err.value.details == {"deciding_seats": [0]}


def test_illegal_action_is_refused():
    state = _new()
    with pytest.raises(IllegalAction):
        GAME.validate(state, 0, {"type": "play", "card": 999})


def test_no_action_after_the_end():
    state = _new()
    while GAME.outcome(state) is None:
        seat = GAME.deciding_seats(state)[0]
        state = GAME.apply(state, {"seat": seat, "payload": GAME.legal_actions(state, seat)[0]})
    with pytest.raises(MatchOver):
        GAME.validate(state, 0, {"type": "play", "card": 1})


def test_listed_compares_json_values_not_python_equality():
    """``True == 1 == 1.0`` in Python: a posted ``true`` passed for ability 1 (and was
    stored as ``true``, so a once-per-turn record keyed on it could be dodged)."""
    from rules.protocol import listed, same_value

    options = [{"type": "activate", "card": "c1", "ability": 1}, {"type": "yes_no", "yes": True}]
    assert listed({"type": "activate", "card": "c1", "ability": 1}, options)
    assert listed({"type": "yes_no", "yes": True}, options)
    for posted in ({"type": "activate", "card": "c1", "ability": True}, {"type": "activate", "card": "c1", "ability": 1.0},
                   {"type": "yes_no", "yes": 1}, {"type": "activate", "card": "c1"}, None, []):
        assert not listed(posted, options), posted
    assert same_value({"a": [1, {"b": None}]}, {"a": [1, {"b": None}]})
    assert not same_value({"a": [1]}, {"a": [1, 2]}) and not same_value({"a": 1}, {"b": 1})
