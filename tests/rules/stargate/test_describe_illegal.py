"""Illegal actions are refused with the rule that forbids them, and nothing changes."""
import json

import pytest

from rules.errors import IllegalAction
from rules.stargate.game import GAME

from .fixtures import OLAF, VILLAIN_OBSTACLE, pass_, table, to_hand


def test_hero_cannot_play_an_obstacle_names_the_rule():
    state = table()
    obs = to_hand(state, 0, VILLAIN_OBSTACLE)
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction, match="Hero Player Actions"):
        GAME.validate(state, 0, {"type": "play", "card": obs})
    assert json.dumps(state, sort_keys=True) == before


def test_villain_cannot_play_a_hero_card_except_as_a_complication():
    state = table()
    olaf = to_hand(state, 1, OLAF)
    state = pass_(state)
    with pytest.raises(IllegalAction, match="complications"):
        GAME.validate(state, 1, {"type": "play", "card": olaf})
    GAME.validate(state, 1, {"type": "complication", "card": olaf})


def test_complication_too_expensive_names_the_cost_rule():
    state = table()
    state = pass_(state)
    state["seats"][1]["power"] = 0
    with pytest.raises(IllegalAction, match="1 \\+ one per complication"):
        GAME.validate(state, 1, {"type": "complication", "card": state["seats"][1]["hand"][0]})


def test_answering_a_pending_choice_with_something_else_says_what_is_pending():
    state = table(begin=False)
    with pytest.raises(IllegalAction, match="setup_stop"):
        GAME.validate(state, state["pending"]["seat"], {"type": "pass"})
