"""Random legal play of 2-, 3-, 4- and 5-player games to a result, invariants after every event
(each card in exactly one zone, one deciding seat with legal actions, views leak nothing —
views checked every few events to keep the suite fast)."""
import json

import pytest

from . import fixtures as F
from .helpers import check_invariants, random_game

RACES = ["human", "narn", "minbari", "centauri", "non-aligned"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_play_reaches_a_result_with_invariants_after_every_event(players):
    state, n = random_game(F.config(RACES[:players], turn_limit=15), f"inv-{players}", views_every=2)
    assert state["outcome"] is not None and state["outcome"]["winners"]
    assert n > 50


@pytest.mark.parametrize("players", [2, 4])
def test_random_play_to_the_end_of_the_decks(players):
    """Small decks: players run out, discard Inner Circle characters, then lose."""
    state, n = random_game(F.config(RACES[:players], turn_limit=200, deck_size=18), f"deckout-{players}",
                           check_every=3, views_every=0)
    assert state["outcome"] is not None
    check_invariants(state)


def test_replaying_the_same_actions_from_the_same_seed_gives_the_same_state():
    a, _ = random_game(F.config(RACES[:3], turn_limit=5), "same", check_every=0)
    b, _ = random_game(F.config(RACES[:3], turn_limit=5), "same", check_every=0)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
