"""The lag sweep re-enqueues matches whose projection is behind their stream."""
from __future__ import annotations

import pytest

from store import keys
from tests.store.helpers import append_all, new_match, scripted_events
from workers import enqueue_fold, fold_pending, fold_queue, run_worker, sweep, sweep_lagging


pytestmark = pytest.mark.rq  # fold jobs and RQ workers


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


def _take_job_and_die(conn) -> None:
    """What a worker killed between taking a job and starting it leaves behind: RQ's own
    dequeue moves the job out of the queue, and nothing runs it (the flag stays set)."""
    from rq import Queue
    from rq.serializers import JSONSerializer

    assert Queue.dequeue_any([fold_queue(conn)], None, connection=conn, serializer=JSONSerializer) is not None


def test_sweep_repairs_a_flag_whose_job_was_taken_by_a_killed_worker(store, redis_conn, redis_url, tinygame):
    match_id, config = new_match(store, tinygame)
    events = scripted_events(tinygame, config, n=4)
    append_all(store, match_id, events[:2])
    assert enqueue_fold(redis_conn, match_id)
    _take_job_and_die(redis_conn)
    append_all(store, match_id, events[2:])
    assert not enqueue_fold(redis_conn, match_id)  # the stale flag refuses the new appends a job
    assert fold_queue(redis_conn).count == 0

    report = sweep(redis_conn)
    assert (report.enqueued, report.already_queued, report.repaired) == ([], [], [match_id])
    assert fold_queue(redis_conn).count == 1
    assert sweep(redis_conn).already_queued == [match_id]  # truthful the second time too

    run_worker(redis_url, burst=True)
    assert store.projection_version(match_id) == store.version(match_id) == 4
    assert sweep(redis_conn).lagging == []


def test_sweep_report_counts_each_case_once(store, redis_conn, tinygame):
    fresh, config = new_match(store, tinygame)
    append_all(store, fresh, scripted_events(tinygame, config, n=2))  # no job at all
    queued, config = new_match(store, tinygame)
    append_all(store, queued, scripted_events(tinygame, config, n=2))
    assert enqueue_fold(redis_conn, queued)
    stale, config = new_match(store, tinygame)
    append_all(store, stale, scripted_events(tinygame, config, n=2))
    redis_conn.set(keys.fold_queued(stale), "fold-job-that-is-gone")
    report = sweep(redis_conn)
    assert (report.enqueued, report.already_queued, report.repaired) == ([fresh], [queued], [stale])
    assert fold_queue(redis_conn).count == 3
    assert report.summary().startswith("3 lagging match(es): 1 fold job(s) enqueued, 1 already queued, 1 repaired")


def test_one_match_that_cannot_fold_is_reported_and_the_sweep_goes_on(store, redis_conn, tinygame):
    """An engine bug or a corrupt log in one match (here: a play of a card not in hand)
    must not stop the sweep from folding every other lagging match; the broken one is
    reported by id and stays hinted for the next sweep."""
    broken, config = new_match(store, tinygame)
    good_events = scripted_events(tinygame, config, n=1)
    append_all(store, broken, good_events + [{"type": "action", "seat": 1 - good_events[0]["seat"],
                                              "payload": {"type": "play", "card": 999}}])
    fine, config2 = new_match(store, tinygame)
    append_all(store, fine, scripted_events(tinygame, config2, n=3))

    report = sweep(redis_conn, inline=True)
    assert report.folded == [fine] and set(report.failed) == {broken}
    assert report.failed[broken] == "ValueError" and broken in report.summary()
    assert store.projection_version(fine) == 3
    assert redis_conn.sismember(keys.LAGGING, broken) and not redis_conn.sismember(keys.LAGGING, fine)
