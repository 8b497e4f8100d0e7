"""``validate`` judges one posted action by its own rules (rules/babylon5/validate.py) and
accepts exactly the actions ``legal_actions`` lists, refusing everything else with the
error the enumerating ``validate`` gave (tests/support/legality.py)."""
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules.babylon5 import validate
from tests.support.legality import LegalityProbe, probe_starter_game, starter_game

GAME = rules.get_game("babylon5")
DECKS = [d["id"] for d in GAME.starter_decks()]
#: every action shape of the Action round and the conflict round
SHAPES = {"sponsor": ("card", "by"), "play_event": ("card",), "play_contingency": ("card",),
          "promote": ("card", "by"), "activate": ("card", "ability"), "lead_fleet": ("card", "fleet"),
          "attack": ("card",), "heal": ("card",), "repair": ("card",), "build_influence": ("by",),
          "aide": ("card", "bonus"), "support": ("card", "conflict"), "oppose": ("card", "conflict"),
          "reveal_agenda": (), "discard_agenda": (), "offer_mercenaries": ("card",), "pass": (),
          "declare_conflict": ("card",), "agenda_conflict": (), "no_conflict": ()}


def new_game(decks: list[str], seed: str) -> dict:
    return starter_game(GAME, decks, seed)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(decks=st.lists(st.sampled_from(DECKS), min_size=2, max_size=4, unique=True),
       seed=st.text(min_size=1, max_size=8), purposeful=st.sampled_from([0.0, 0.5, 1.0]),
       choices=st.integers(0, 2 ** 32))
def test_validate_accepts_exactly_the_listed_actions(decks, seed, purposeful, choices):
    probe = probe_starter_game(GAME, decks, seed, choices, purposeful=purposeful, steps=300, shapes=SHAPES)
    assert probe.refused > probe.checked // 2  # the unlisted actions were mostly refused ones


@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(decks=st.lists(st.sampled_from(DECKS), min_size=2, max_size=5, unique=True),
       seed=st.text(min_size=1, max_size=8), purposeful=st.sampled_from([0.0, 0.7]),
       choices=st.integers(0, 2 ** 32))
def test_validate_accepts_exactly_the_listed_actions_whole_games(decks, seed, purposeful, choices):
    probe_starter_game(GAME, decks, seed, choices, purposeful=purposeful, steps=5000, shapes=SHAPES)


def test_the_probe_finds_a_broken_checker(monkeypatch):
    """The property can fail: a checker that lets any card be healed is caught."""
    state = new_game(DECKS[:2], "broken")
    while state["pending"]["kind"] != "act":
        seat = GAME.deciding_seats(state)[0]
        state = GAME.apply(state, {"seat": seat, "type": "action", "payload": GAME.legal_actions(state, seat)[0]})
    seat = state["pending"]["seat"]
    probe = LegalityProbe(GAME, random.Random(1), mutants=60, shapes=SHAPES)
    probe.check(state, seat)  # the real checker holds

    def careless(state, seat, action):
        if action["type"] == "heal":
            return [{"type": "heal", "card": action.get("card")}]
        return original(state, seat, action)

    original = validate._act_options
    monkeypatch.setattr(validate, "_act_options", careless)
    with pytest.raises(AssertionError, match="is_legal"):
        probe.check(state, seat)
