"""The player reducer: pure, registers once."""
from __future__ import annotations

import pytest

from rules.aggregates import players
from rules.errors import InvalidRequest

EVENT = players.registered(player_id="p1", display_name="Ann", email=None, webhook_url=None, time_zone="UTC",
                           token_hash="h", webhook_secret="s", at="2026-01-01T00:00:00.000Z")


def test_registered_folds_to_the_profile_without_secrets_in_views():
    state = players.apply(None, EVENT)
    assert state["player_id"] == "p1" and state["created"] == EVENT["at"]
    assert "token_hash" not in players.own_profile(state) and "webhook_secret" not in players.own_profile(state)
    assert set(players.public_profile(state)) == {"player_id", "display_name", "time_zone"}


def test_registering_twice_or_an_unknown_event_is_refused():
    state = players.apply(None, EVENT)
    with pytest.raises(InvalidRequest):
        players.apply(state, EVENT)
    with pytest.raises(InvalidRequest):
        players.apply(state, {"type": "nonsense", "at": "x", "payload": {}})
