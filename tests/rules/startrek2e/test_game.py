"""The Game protocol surface: build_config, starter decks, registration."""
import pytest

import rules
from rules.errors import DeckInvalid, InvalidRequest
from rules.protocol import Game
from rules.startrek2e.game import GAME


def test_startrek2e_is_registered_and_implements_the_protocol():
    assert "startrek2e" in rules.available()
    assert rules.get_game("startrek2e").inner is GAME and isinstance(GAME, Game)  # wrapped in match control
    assert isinstance(rules.get_game("startrek2e"), Game)
    assert GAME.default_ruleset in GAME.rulesets


def test_build_config_resolves_starter_decks():
    ids = [d["id"] for d in GAME.starter_decks()]
    cfg = GAME.build_config("standard", [{"name": "Ann", "deck": ids[0]}, {"name": "Bob", "deck": ids[1]}])
    assert [s["name"] for s in cfg["seats"]] == ["Ann", "Bob"]
    assert all(len(s["missions"]) == 5 and s["deck"] and s["dilemmas"] for s in cfg["seats"])
    state = GAME.setup(cfg, "cfg")
    assert GAME.deciding_seats(state) == [0]


def test_build_config_refuses_unknown_rulesets_too_few_seats_and_bad_decks():
    ids = [d["id"] for d in GAME.starter_decks()]
    with pytest.raises(InvalidRequest):
        GAME.build_config("first-edition", [{"deck": ids[0]}, {"deck": ids[1]}])
    with pytest.raises(InvalidRequest):
        GAME.build_config("standard", [{"deck": ids[0]}])
    with pytest.raises(DeckInvalid) as err:
        GAME.build_config("standard", [{"deck": "no-such-deck"}, {"deck": {"missions": []}}])
    assert {v["seat"] for v in err.value.details} == {0, 1}
