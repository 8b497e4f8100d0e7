"""Random legal play of fixture decks to a result, invariants checked after every event:
each card in exactly one zone, the pending decision belongs to one seat, views leak nothing."""
import pytest

from .helpers import random_game

PAIRINGS = [("fed", "kli"), ("kli", "fed"), ("fed", "fed"), ("kli", "kli")]


@pytest.mark.parametrize("a,b", PAIRINGS)
def test_random_legal_play_of_fixture_decks_ends_with_invariants_held(a, b):
    state, n = random_game(f"rp-{a}-{b}", a, b)
    assert state["outcome"] is not None and state["outcome"]["winners"]
