"""Any JSON a client posts as a deck gets a config or a 4xx error from every game's
``build_config``, never another exception (which the service would answer 500).

The wire schema checks only a deck's outer shape (a starter id, a list or an object); the
games check the rest. Hypothesis posts arbitrary JSON and near-misses of each game's own
deck format (its keys, card references with odd ids and quantities).
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules.errors import SubspaceError

GAMES = ["babylon5", "stargate", "startrek2e"]
# The keys of the three games' deck objects and of a card reference.
DECK_KEYS = ["team", "missions", "deck", "dilemmas", "ambassador", "card", "qty", "id", "name"]

scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**63, 2**64 - 1),
                    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12))
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.one_of(st.sampled_from(DECK_KEYS), st.text(max_size=6)), inner, max_size=4)),
    max_leaves=20,
)
card_refs = st.one_of(json_values, st.fixed_dictionaries({"card": json_values, "qty": json_values}))
near_decks = st.dictionaries(st.sampled_from(DECK_KEYS), st.one_of(json_values, st.lists(card_refs, max_size=6)), max_size=5)
decks = st.one_of(json_values, near_decks, st.lists(card_refs, min_size=1, max_size=8))


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=60, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(first=decks, second=decks)
def test_any_deck_is_a_config_or_a_client_error(game_id, first, second):
    game = rules.get_game(game_id)
    seats = [{"name": "Ann", "deck": first}, {"name": "Bob", "deck": second}]
    try:
        game.build_config(game.default_ruleset, seats)
    except SubspaceError as error:
        assert 400 <= error.http_status < 500, error
