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


def test_profile_updates_change_only_profile_fields():
    state = players.apply(None, EVENT)
    state = players.apply(state, players.profile_updated({"email": "a@b.c"}, "2026-01-02T00:00:00.000Z"))
    assert state["email"] == "a@b.c" and state["token_hash"] == "h" and state["updated"] == "2026-01-02T00:00:00.000Z"
    with pytest.raises(InvalidRequest):
        players.profile_updated({"token_hash": "mine now"}, "x")
    state = players.apply(state, players.webhook_secret_rotated("s2", "2026-01-03T00:00:00.000Z"))
    assert state["webhook_secret"] == "s2"
    with pytest.raises(InvalidRequest):
        players.apply(None, players.webhook_secret_rotated("s", "x"))
