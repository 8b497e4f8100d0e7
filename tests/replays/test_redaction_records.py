"""Redaction at fold time (replays/redaction.py): whoever folds an event records how every
audience sees it, so a listing of a running match reads the log and the records and folds
nothing; events past the record are redacted on demand (capped, from the nearest snapshot)
and recorded when they continue it."""
from __future__ import annotations

import pytest

from replays import events_for, redaction
from rules.protocol import SPECTATOR
from store import keys
from tests.store.helpers import append_all, new_match, scripted_events
from workers import fold_pending


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


def _recorded_match(store, game, n=8, bluff_at=(0, 5)):
    match_id, config = new_match(store, game)
    events = scripted_events(game, config, n=n, bluff_at=bluff_at)
    append_all(store, match_id, events)
    fold_pending(store.conn, match_id)  # the fold job records as it folds
    return match_id, events


def test_the_fold_records_redactions_and_a_listing_folds_nothing(store, counted, redis_conn):
    game, calls = counted
    match_id, _ = _recorded_match(store, game)
    tag, upto, records = store.recorded_redactions(match_id, list(range(1, 9)))
    assert tag == redaction.tag(game, 2) and upto == 8
    assert [r is not None for r in records] == [v in (1, 6) for v in range(1, 9)], "only the bluffs differ"
    calls["apply"] = 0
    for viewer in (0, 1, SPECTATOR):
        assert len(events_for(store, game, match_id, viewer, after=0, limit=8, redacted_limit=2)) == 8
    assert calls["apply"] == 0, "no fold: the projection is current and every event is recorded"


def test_recorded_events_stay_redacted_per_audience(store, tinygame):
    match_id, events = _recorded_match(store, tinygame, n=6, bluff_at=(0,))
    assert events_for(store, tinygame, match_id, 1)[0]["payload"]["card"] is None
    assert events_for(store, tinygame, match_id, SPECTATOR)[0]["payload"]["card"] is None
    assert events_for(store, tinygame, match_id, 0)[0]["payload"]["card"] == events[0]["payload"]["card"]
    assert events_for(store, tinygame, match_id, "judge")[0]["payload"]["card"] == events[0]["payload"]["card"]


def test_on_demand_redaction_is_capped_and_continues_the_record(store, tinygame, redis_conn):
    match_id, config = new_match(store, tinygame)
    events = scripted_events(tinygame, config)
    append_all(store, match_id, events[:10])  # not folded: nothing recorded yet
    page = events_for(store, tinygame, match_id, SPECTATOR, limit=1000, redacted_limit=4)
    assert [e["v"] for e in page] == [1, 2, 3, 4]
    assert store.recorded_redactions(match_id, [])[1] == 4  # recorded from version 1
    page = events_for(store, tinygame, match_id, SPECTATOR, limit=1000, redacted_limit=4)
    assert [e["v"] for e in page] == list(range(1, 9))  # 4 recorded + 4 on demand
    append_all(store, match_id, events[10:])  # the match is over: nothing to redact, no cap
    assert len(events_for(store, tinygame, match_id, SPECTATOR, limit=1000, redacted_limit=4)) == len(events)


def test_records_of_another_engine_are_not_trusted(store, tinygame, redis_conn):
    match_id, events = _recorded_match(store, tinygame, n=6, bluff_at=(0,))
    redis_conn.hset(keys.redactions(match_id), mapping={"engine": "highcard:old:1:2", "1": b""})  # claims: public
    assert events_for(store, tinygame, match_id, 1)[0]["payload"]["card"] is None  # redacted again on demand
    assert store.recorded_redactions(match_id, [])[0] == redaction.tag(tinygame, 2)  # and recorded anew from 1


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
    assert store.recorded_redactions(match_id, [])[1] == 0, "version 9 does not continue an empty record"


def _fold(game, state, events):
    from replays.fold import fold

    return fold(game, state, events)
