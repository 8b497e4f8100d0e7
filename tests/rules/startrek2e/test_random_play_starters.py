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
