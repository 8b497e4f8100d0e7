"""current_state (read-your-writes) and state_at (snapshots + fold)."""
from __future__ import annotations

import pytest

from replays import current_state, state_at
from replays.fold import fold
from rules.errors import InvalidRequest
from tests.store.helpers import SEED, append_all, new_match, scripted_events
from workers import fold_pending


def test_current_state_folds_events_past_the_projection(store, tinygame):
    match_id, config = new_match(store, tinygame)
    events = scripted_events(tinygame, config, n=4)
    append_all(store, match_id, events)
    assert store.load_projection(match_id)[0] == 0  # no worker ran
    version, state = current_state(store, tinygame, match_id)
    assert version == 4
    assert state == fold(tinygame, tinygame.setup(config, SEED), events)


def test_state_at_every_version_equals_a_full_fold(store, tinygame, redis_conn):
    match_id, config = new_match(store, tinygame)
    events = scripted_events(tinygame, config)[:-1]  # still running: snapshots are kept
    append_all(store, match_id, events[:7])
    fold_pending(redis_conn, match_id, snapshot_every=3)  # projection at 7, snapshots 3, 6
    append_all(store, match_id, events[7:])
    fold_pending(redis_conn, match_id, snapshot_every=3)
    assert store.snapshot_versions(match_id) == [0, 3, 6, 9]
    start = tinygame.setup(config, SEED)
    for version in range(len(events) + 1):
        assert state_at(store, tinygame, match_id, version) == fold(tinygame, start, events[:version]), version


def test_state_at_uses_the_projection_when_it_is_the_nearest_base(store, tinygame, redis_conn):
    match_id, config = new_match(store, tinygame)
    events = scripted_events(tinygame, config)
    append_all(store, match_id, events)
    fold_pending(redis_conn, match_id, snapshot_every=100)  # only snapshot 0 + projection
    start = tinygame.setup(config, SEED)
    assert state_at(store, tinygame, match_id, len(events)) == fold(tinygame, start, events)
    assert state_at(store, tinygame, match_id, 5) == fold(tinygame, start, events[:5])


def test_state_at_ignores_a_projection_that_moved_past_the_version_between_reads(store, tinygame, redis_conn):
    """The race the web table's streams hit: state_at read the projection's version (at or
    before the one asked for), a fold in another request moved it on, then state_at loaded
    the newer projection and replayed events it already held (list.remove crashed)."""
    match_id, config = new_match(store, tinygame)
    events = scripted_events(tinygame, config)
    append_all(store, match_id, events)
    fold_pending(redis_conn, match_id, snapshot_every=100)  # only snapshot 0 + projection at 12

    class FoldedBetweenReads:
        """The store as seen when the projection's version was read just before a fold."""

        def __getattr__(self, name):
            return getattr(store, name)

        def projection_version(self, match_id):
            return 4

    start = tinygame.setup(config, SEED)
    assert state_at(FoldedBetweenReads(), tinygame, match_id, 5) == fold(tinygame, start, events[:5])


@pytest.mark.parametrize("bad", [-1, 13, "3", None])
def test_state_at_outside_the_log_is_invalid_request(store, tinygame, bad):
    match_id, config = new_match(store, tinygame)
    append_all(store, match_id, scripted_events(tinygame, config))
    with pytest.raises(InvalidRequest) as err:
        state_at(store, tinygame, match_id, bad)
    assert err.value.code == "version_out_of_range"


@pytest.mark.parametrize("keep_every, kept", [(0, [0]), (6, [0, 6, 12])])
def test_a_finished_match_keeps_only_sparse_snapshots_and_still_reads_every_version(
        store, tinygame, redis_conn, monkeypatch, keep_every, kept):
    monkeypatch.setattr("workers.jobs.FINISHED_SNAPSHOT_EVERY", keep_every)
    match_id, config = new_match(store, tinygame)
    events = scripted_events(tinygame, config)  # to the end
    append_all(store, match_id, events[:7])
    fold_pending(redis_conn, match_id, snapshot_every=3)
    assert store.snapshot_versions(match_id) == [0, 3, 6]
    append_all(store, match_id, events[7:])
    fold_pending(redis_conn, match_id, snapshot_every=3)  # folds the last event: the match is over
    assert store.snapshot_versions(match_id) == kept
    start = tinygame.setup(config, SEED)
    for version in range(len(events) + 1):
        assert state_at(store, tinygame, match_id, version) == fold(tinygame, start, events[:version]), version


def test_the_full_sweep_compacts_a_match_finished_before_compaction(store, tinygame, redis_conn, monkeypatch):
    from workers.compaction import compact_finished

    monkeypatch.setattr("workers.compaction.FINISHED_SNAPSHOT_EVERY", 6)
    monkeypatch.setattr("workers.jobs.FINISHED_SNAPSHOT_EVERY", 0)

    match_id, config = new_match(store, tinygame)
    running, _ = new_match(store, tinygame)
    events = scripted_events(tinygame, config)
    append_all(store, match_id, events)
    fold_pending(redis_conn, match_id, snapshot_every=3)
    for v in (3, 6, 9):  # as an older version stored them, before finishing compacted
        store.save_snapshot(match_id, v, tinygame.setup(config, SEED))
        store.save_snapshot(running, v, tinygame.setup(config, SEED))
    store.update_meta(match_id, status="finished")
    assert compact_finished(redis_conn) == [match_id]
    assert store.snapshot_versions(match_id) == [0, 6]
    assert store.snapshot_versions(running) == [0, 3, 6, 9]  # a running match keeps them
