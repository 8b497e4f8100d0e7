"""Random legal play of every pairing of the starter decks to a result, with the
invariants checked after every event (each card in exactly one zone, one deciding seat
with a legal action, views leak nothing)."""
import itertools

import pytest

from rules.startrek2e.game import GAME

from .helpers import random_game

DECKS = [d["id"] for d in GAME.starter_decks()]


def test_the_starter_decks_are_offered():
    assert len(DECKS) >= 2


@pytest.mark.parametrize("a,b", list(itertools.combinations(DECKS, 2)))
def test_random_legal_play_of_a_starter_pairing_ends_with_invariants_held(a, b):
    config = GAME.build_config("standard", [{"deck": a}, {"deck": b}])
    state, n = random_game(f"starter-{a}-{b}", config=config)
    assert state["outcome"] is not None and state["outcome"]["winners"]


def test_a_purposeful_player_completes_missions_with_every_starter_deck():
    """End to end with the real cards: crew a ship, fly to your mission, beam down, attempt
    when the team meets the requirements; the opponent sets random dilemmas."""
    from .helpers import sensible_action
    completed = {d: 0 for d in DECKS}
    for a, b in itertools.combinations(DECKS, 2):
        config = GAME.build_config("standard", [{"deck": a}, {"deck": b}])
        state, _ = random_game(f"sensible-{a}-{b}", config=config, check_every=25, policy=sensible_action)
        assert state["outcome"] is not None
        completed[a] += len(state["seats"][0]["completed"])
        completed[b] += len(state["seats"][1]["completed"])
    assert all(n >= 1 for n in completed.values()), completed
