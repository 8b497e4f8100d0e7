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
