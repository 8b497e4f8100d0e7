"""Redacted listings are bounded (issue 10 item 6): a page of a running match is capped,
each redacted event is computed once per audience and then served from Redis, and a cold
page folds from the nearest snapshot, not from version 0."""
from __future__ import annotations

import pytest

from replays import events_for
from replays.listing import audience
from rules.protocol import SPECTATOR
from store import keys
from tests.store.helpers import append_all, new_match, scripted_events


@pytest.fixture
def counted(tinygame, monkeypatch):
    """``tinygame`` whose ``apply`` counts its calls."""
    calls = {"apply": 0}
    original = type(tinygame).apply

    def apply(self, state, event):
        calls["apply"] += 1
        return original(self, state, event)

    monkeypatch.setattr(type(tinygame), "apply", apply)
    return tinygame, calls


def test_a_second_read_of_a_page_is_served_from_the_cache(store, counted, redis_conn):
    game, calls = counted
    match_id, config = new_match(store, game)
    append_all(store, match_id, scripted_events(game, config, n=8, bluff_at=(0, 5)))
    first = events_for(store, game, match_id, SPECTATOR, after=0, limit=8)
    assert redis_conn.hlen(keys.redacted(match_id, audience(game, SPECTATOR))) == 8
    calls["apply"] = 0
    again = events_for(store, game, match_id, SPECTATOR, after=0, limit=8)
    assert again == first
    assert calls["apply"] <= 8, "only current_state's tail fold, no redaction fold"
    assert not redis_conn.exists(keys.redacted(match_id, audience(game, 1))), "each audience has its own"


def test_cached_pages_stay_redacted_per_audience(store, tinygame):
    match_id, config = new_match(store, tinygame)
    events = scripted_events(tinygame, config, n=6, bluff_at=(0,))
    append_all(store, match_id, events)
    for _ in range(2):  # cold, then cached
        assert events_for(store, tinygame, match_id, 1)[0]["payload"]["card"] is None
        assert events_for(store, tinygame, match_id, 0)[0]["payload"]["card"] == events[0]["payload"]["card"]


def test_a_redacted_page_is_capped_and_a_finished_log_is_not(store, tinygame):
    match_id, config = new_match(store, tinygame)
    events = scripted_events(tinygame, config)
    append_all(store, match_id, events[:10])
    assert len(events_for(store, tinygame, match_id, SPECTATOR, limit=1000, redacted_limit=4)) == 4
    append_all(store, match_id, events[10:])  # the match is over: nothing to redact, no cap
    assert len(events_for(store, tinygame, match_id, SPECTATOR, limit=1000, redacted_limit=4)) == len(events)


def test_a_cold_page_folds_from_the_nearest_snapshot(store, counted):
    game, calls = counted
    match_id, config = new_match(store, game)
    events = scripted_events(game, config, n=10)
    append_all(store, match_id, events)
    state = game.setup(config, "test-seed-0001")
    for event in events[:6]:
        state = game.apply(state, event)
    store.save_snapshot(match_id, 6, state)
    store.write_projection(match_id, 10, _fold(game, state, events[6:]))
    calls["apply"] = 0
    page = events_for(store, game, match_id, SPECTATOR, after=8, limit=1)
    assert [e["v"] for e in page] == [9]
    assert calls["apply"] <= 2 + 1, "from the snapshot at 6, never from 0"


def _fold(game, state, events):
    from replays.fold import fold

    return fold(game, state, events)
