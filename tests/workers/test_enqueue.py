"""Coalesced enqueueing and the fold job run by a real (in-process, burst) RQ worker."""
from __future__ import annotations

import pytest

from replays.fold import fold
from store import keys
from tests.store.helpers import SEED, new_match, scripted_events
from workers import enqueue_fold, fold_queue, run_worker


pytestmark = pytest.mark.rq  # fold jobs and RQ workers


def _append_and_enqueue(store, conn, match_id, events):
    version = store.version(match_id)
    enqueued = []
    for event in events:
        version = store.append(match_id, version, event).version
        enqueued.append(enqueue_fold(conn, match_id))
    return enqueued


def test_many_appends_coalesce_into_one_queued_job(store, redis_conn, tinygame):
    match_id, config = new_match(store, tinygame)
    enqueued = _append_and_enqueue(store, redis_conn, match_id, scripted_events(tinygame, config, n=6))
    assert enqueued == [True, False, False, False, False, False]
    assert fold_queue(redis_conn).count == 1
    other, _ = new_match(store, tinygame)
    assert enqueue_fold(redis_conn, other)  # coalescing is per match
    assert fold_queue(redis_conn).count == 2


def test_the_job_folds_the_whole_batch_and_clears_the_flag(store, redis_conn, redis_url, tinygame):
    match_id, config = new_match(store, tinygame)
    events = scripted_events(tinygame, config)
    _append_and_enqueue(store, redis_conn, match_id, events)
    run_worker(redis_url, burst=True)
    assert store.load_projection(match_id) == (len(events), fold(tinygame, tinygame.setup(config, SEED), events))
    assert not redis_conn.exists(keys.fold_queued(match_id))
    assert not redis_conn.sismember(keys.LAGGING, match_id)
    assert fold_queue(redis_conn).count == 0
    # An append after the job ran gets a new job.
    assert enqueue_fold(redis_conn, match_id)


def test_rerunning_a_fold_is_harmless(store, redis_conn, redis_url, tinygame):
    match_id, config = new_match(store, tinygame)
    events = scripted_events(tinygame, config, n=5)
    _append_and_enqueue(store, redis_conn, match_id, events)
    run_worker(redis_url, burst=True)
    before = store.load_projection(match_id)
    enqueue_fold(redis_conn, match_id, force=True)
    enqueue_fold(redis_conn, match_id, force=True)
    run_worker(redis_url, burst=True)
    assert store.load_projection(match_id) == before
