"""Hypothesis drives random legal play from arbitrary seeds and player counts (few examples: slow)."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from . import fixtures as F
from .helpers import random_game

RACES = ["human", "narn", "minbari", "centauri", "non-aligned"]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(min_value=2, max_value=5), seed=st.text(min_size=1, max_size=8),
       choices=st.integers(min_value=0, max_value=10 ** 6))
def test_random_legal_play_from_any_seed_ends_with_invariants_held(players, seed, choices):
    state, _ = random_game(F.config(RACES[:players], turn_limit=6), seed, rnd_seed=choices,
                           check_every=1, views_every=3)
    assert state["outcome"] is not None
