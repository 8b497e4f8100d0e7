"""``validate`` accepts exactly the actions ``legal_actions`` lists (rules/startrek2e/
validate.py: the pending decision's options, listed when it was set) and refuses everything
else with the error the enumerating ``validate`` gave (tests/support/legality.py)."""
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules.startrek2e import validate
from tests.support.legality import LegalityProbe, probe_starter_game, starter_game

GAME = rules.get_game("startrek2e")
DECKS = [d["id"] for d in GAME.starter_decks()]
#: every action shape of the game's decisions (the probe also learns those it sees listed)
SHAPES = {"place_mission": ("card",), "play": ("card", "at"), "draw": (), "end_play": (), "end_orders": (),
          "beam": ("card", "to"), "choose": ("card",), "move": ("ship", "to"), "respond": ("card", "ability"),
          "pass": (), "attempt": ("mission", "ship"), "choose_dilemma": ("card",), "order": ("card", "ability"),
          "action": ("card", "ability"), "pay_skills": ("card",), "yes_no": ("yes",)}


def new_game(decks: list[str], seed: str) -> dict:
    return starter_game(GAME, decks, seed)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(decks=st.lists(st.sampled_from(DECKS), min_size=2, max_size=3),
       seed=st.text(min_size=1, max_size=8), purposeful=st.sampled_from([0.0, 0.5, 1.0]),
       choices=st.integers(0, 2 ** 32))
def test_validate_accepts_exactly_the_listed_actions(decks, seed, purposeful, choices):
    probe = probe_starter_game(GAME, decks, seed, choices, purposeful=purposeful, steps=250, shapes=SHAPES)
    assert probe.refused > probe.checked // 2  # the unlisted actions were mostly refused ones


@pytest.mark.slow
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(decks=st.lists(st.sampled_from(DECKS), min_size=2, max_size=3),
       seed=st.text(min_size=1, max_size=8), purposeful=st.sampled_from([0.0, 0.7]),
       choices=st.integers(0, 2 ** 32))
def test_validate_accepts_exactly_the_listed_actions_whole_games(decks, seed, purposeful, choices):
    probe_starter_game(GAME, decks, seed, choices, purposeful=purposeful, steps=5000, shapes=SHAPES)


def test_the_probe_finds_a_broken_checker(monkeypatch):
    """The property can fail: a checker that takes any card of a decision's type is caught."""
    state = new_game(DECKS[:2], "broken")
    seat = state["pending"]["seat"]
    probe = LegalityProbe(GAME, random.Random(1), mutants=40, shapes=SHAPES)
    probe.check(state, seat)  # the real checker holds

    def careless(state, seat, action):
        kinds = {o["type"] for o in state["pending"]["options"]}
        return original(state, seat, action) or (isinstance(action, dict) and isinstance(action.get("type"), str)
                                                  and action["type"] in kinds)

    original = validate.is_legal
    monkeypatch.setattr(validate, "is_legal", careless)
    with pytest.raises(AssertionError, match="is_legal"):
        probe.check(state, seat)


def test_an_action_naming_the_wrong_kind_of_thing_is_refused_not_crashed():
    """The explanation of a refused action once crashed (a 500 for the POST) on a list as its
    type, or a personnel posted as the ship to move (it has no crew aboard)."""
    from rules.errors import IllegalAction
    from rules.startrek2e import state as S

    state, pick = new_game(DECKS[:2], "wrong-kind"), random.Random(3)
    while not (state["pending"]["kind"] == "orders"
               and S.personnel_in_play(state, state["pending"]["seat"]) and S.all_missions(state)):
        seat = GAME.deciding_seats(state)[0]
        state = GAME.apply(state, {"seat": seat, "type": "action", "payload": pick.choice(GAME.legal_actions(state, seat))})
    seat = state["pending"]["seat"]
    crew, mission = S.personnel_in_play(state, seat)[0], S.all_missions(state)[0]
    for action in ({"type": ["move"]}, {"type": "move", "ship": crew, "to": mission},
                   {"type": "move", "ship": [crew], "to": {"id": mission}}, {"type": "play", "card": [crew]}):
        with pytest.raises(IllegalAction):
            GAME.validate(state, seat, action)
