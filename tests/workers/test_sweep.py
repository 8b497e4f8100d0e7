"""The lag sweep re-enqueues matches whose projection is behind their stream."""
from __future__ import annotations

from store import keys
from tests.store.helpers import append_all, new_match, scripted_events
from workers import fold_pending, fold_queue, sweep_lagging


def test_sweep_enqueues_only_lagging_matches_and_drops_caught_up_hints(store, redis_conn, tinygame):
    behind, config = new_match(store, tinygame)
    append_all(store, behind, scripted_events(tinygame, config, n=3))
    caught_up, config2 = new_match(store, tinygame)
    append_all(store, caught_up, scripted_events(tinygame, config2, n=2))
    fold_pending(redis_conn, caught_up)
    assert sweep_lagging(redis_conn) == [behind]
    assert fold_queue(redis_conn).count == 1
    assert not redis_conn.sismember(keys.LAGGING, caught_up)
    assert redis_conn.sismember(keys.LAGGING, behind)
    assert sweep_lagging(redis_conn) == [behind] and fold_queue(redis_conn).count == 1  # coalesced


def test_full_sweep_finds_a_lagging_match_without_a_hint(store, redis_conn, tinygame):
    match_id, config = new_match(store, tinygame)
    append_all(store, match_id, scripted_events(tinygame, config, n=3))
    redis_conn.delete(keys.LAGGING)  # as if the process died between XADD and SADD
    assert sweep_lagging(redis_conn) == []
    assert sweep_lagging(redis_conn, full=True) == [match_id]
