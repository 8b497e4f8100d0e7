"""Hypothesis drives random legal play from arbitrary seeds (few examples: it is slow)."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.stargate.game import GAME

from .helpers import random_game

DECKS = [d["id"] for d in GAME.starter_decks()]


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=st.sampled_from(DECKS), b=st.sampled_from(DECKS), seed=st.text(min_size=1, max_size=8),
       ruleset=st.sampled_from(["current", "first-edition"]))
def test_random_legal_play_from_any_seed_ends_with_invariants_held(a, b, seed, ruleset):
    state, _ = random_game(a, b, seed, ruleset, check_every=5)
    assert state["outcome"] is not None
