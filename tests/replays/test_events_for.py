"""Per-viewer event listings: redaction while running, everything after the end."""
from __future__ import annotations

from replays import events_for
from rules.protocol import JUDGE, SPECTATOR
from tests.store.helpers import append_all, new_match, scripted_events


def _bluff(listing):
    return next(e for e in listing if e["payload"]["type"] == "bluff")


def test_a_bluffed_card_is_hidden_from_the_other_seat_and_spectators(store, tinygame):
    match_id, config = new_match(store, tinygame)
    events = scripted_events(tinygame, config, bluff_at=(0,))
    append_all(store, match_id, events[:5])  # match still running
    card = events[0]["payload"]["card"]
    assert events[0]["seat"] == 0
    assert _bluff(events_for(store, tinygame, match_id, 1))["payload"]["card"] is None
    assert _bluff(events_for(store, tinygame, match_id, SPECTATOR))["payload"]["card"] is None
    assert _bluff(events_for(store, tinygame, match_id, 0))["payload"]["card"] == card
    assert _bluff(events_for(store, tinygame, match_id, JUDGE))["payload"]["card"] == card
    plays = [e for e in events_for(store, tinygame, match_id, 1) if e["payload"]["type"] == "play"]
    assert [e["payload"] for e in plays] == [e["payload"] for e in events[1:5]]


def test_after_the_end_every_viewer_sees_every_event(store, tinygame):
    match_id, config = new_match(store, tinygame)
    events = scripted_events(tinygame, config, bluff_at=(0,))
    append_all(store, match_id, events)
    for viewer in (0, 1, SPECTATOR, JUDGE):
        listing = events_for(store, tinygame, match_id, viewer)
        assert [e["payload"] for e in listing] == [e["payload"] for e in events]


def test_listing_pages_keep_redacting_with_the_right_state(store, tinygame):
    match_id, config = new_match(store, tinygame)
    events = scripted_events(tinygame, config, bluff_at=(3,))  # seat 1 bluffs at v4
    append_all(store, match_id, events[:8])
    page = events_for(store, tinygame, match_id, 0, after=2, limit=3)
    assert [e["v"] for e in page] == [3, 4, 5]
    assert page[1]["seat"] == 1 and page[1]["payload"] == {"type": "bluff", "card": None}
    assert events_for(store, tinygame, match_id, 1, after=3, limit=1)[0]["payload"] == events[3]["payload"]
    assert events_for(store, tinygame, match_id, 0, after=8) == []
