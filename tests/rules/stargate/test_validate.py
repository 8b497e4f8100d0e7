"""``validate`` judges one posted action by its own rules (rules/stargate/validate.py) and
accepts exactly the actions ``legal_actions`` lists, refusing everything else with the
error the enumerating ``validate`` gave (tests/support/legality.py)."""
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules.stargate import actions_villain
from rules.stargate.validate import FIELDS
from tests.support.legality import LegalityProbe, probe_starter_game, starter_game

GAME = rules.get_game("stargate")
DECKS = [d["id"] for d in GAME.starter_decks()]


def new_game(a: str, b: str, seed: str, ruleset: str = "current") -> dict:
    return starter_game(GAME, [a, b], seed, ruleset)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=st.sampled_from(DECKS), b=st.sampled_from(DECKS), seed=st.text(min_size=1, max_size=8),
       ruleset=st.sampled_from(["current", "first-edition"]), purposeful=st.sampled_from([0.0, 0.5, 1.0]),
       choices=st.integers(0, 2 ** 32))
def test_validate_accepts_exactly_the_listed_actions(a, b, seed, ruleset, purposeful, choices):
    probe = probe_starter_game(GAME, [a, b], seed, choices, purposeful=purposeful, steps=150, shapes=FIELDS,
                               ruleset=ruleset)
    assert probe.refused > probe.checked // 2  # the unlisted actions were mostly refused ones


@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=st.sampled_from(DECKS), b=st.sampled_from(DECKS), seed=st.text(min_size=1, max_size=8),
       purposeful=st.sampled_from([0.0, 0.7]), choices=st.integers(0, 2 ** 32))
def test_validate_accepts_exactly_the_listed_actions_whole_games(a, b, seed, purposeful, choices):
    probe_starter_game(GAME, [a, b], seed, choices, purposeful=purposeful, steps=5000, shapes=FIELDS)


def test_the_probe_finds_a_broken_checker(monkeypatch):
    """The property can fail: a checker that forgets the complication's cost is caught."""
    def forgetful(state, seat, kind, card, target):
        if kind == "complication":
            return card in state["seats"][seat]["hand"]
        return original(state, seat, kind, card, target)

    state = new_game(DECKS[0], DECKS[-1], "broken")
    while not (state["pending"]["kind"] == "act" and state["pending"]["seat"] == state["turn"]["villain"]):
        seat = GAME.deciding_seats(state)[0]
        state = GAME.apply(state, {"seat": seat, "type": "action", "payload": GAME.legal_actions(state, seat)[0]})
    villain = state["turn"]["villain"]
    state["seats"][villain]["power"] = 0  # no complication is affordable: none is listed
    probe = LegalityProbe(GAME, random.Random(1), mutants=40, shapes=FIELDS)
    probe.check(state, villain)  # the real checker holds
    original = actions_villain.is_legal
    monkeypatch.setattr(actions_villain, "is_legal", forgetful)
    with pytest.raises(AssertionError, match="is_legal"):
        probe.check(state, villain)


def test_an_action_naming_a_list_for_a_card_is_refused_not_crashed():
    """The explanation of a refused 'play' once crashed (a 500 for the POST) on a list where
    the card id belongs."""
    from rules.errors import IllegalAction

    state = new_game(DECKS[0], DECKS[-1], "list-card")
    while state["pending"]["kind"] != "act":
        seat = GAME.deciding_seats(state)[0]
        state = GAME.apply(state, {"seat": seat, "type": "action", "payload": GAME.legal_actions(state, seat)[0]})
    seat = state["pending"]["seat"]
    for action in ({"type": "play", "card": [state["seats"][seat]["hand"][0]]}, {"type": "play", "card": {"id": "c1"}}):
        with pytest.raises(IllegalAction):
            GAME.validate(state, seat, action)
