"""Hypothesis drives random legal play from arbitrary seeds and deck pairings (few
examples: each is a whole game with every invariant checked)."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.startrek2e.game import GAME

from . import fixtures
from .helpers import random_game

DECKS = [d["id"] for d in GAME.starter_decks()]


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=st.sampled_from(DECKS), b=st.sampled_from(DECKS), seed=st.text(min_size=1, max_size=8))
def test_random_legal_play_of_starters_from_any_seed_ends_with_invariants_held(a, b, seed):
    config = GAME.build_config("standard", [{"deck": a}, {"deck": b}])
    state, _ = random_game(seed, config=config, check_every=3)
    assert state["outcome"] is not None


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=st.sampled_from(["fed", "kli"]), b=st.sampled_from(["fed", "kli"]), seed=st.text(min_size=1, max_size=8))
def test_random_legal_play_of_fixture_decks_from_any_seed(a, b, seed):
    state, _ = random_game(seed, config=fixtures.config(a, b), check_every=2)
    assert state["outcome"] is not None
