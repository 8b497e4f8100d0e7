"""A finished match's archive (store/archive.py, MatchStore.archive_finished): every read
answers exactly as before archiving, and the match takes fewer bytes."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.errors import VersionConflict
from store import archive, keys


def _match(store, n: int = 30, snapshot_every: int = 5) -> str:
    match_id = store.create_match({"game": "g"}, {"at": 0})
    for v in range(n):
        event = {"type": "action", "seat": v % 2, "payload": {"i": v + 1, "card": f"c{v}"}}
        if v % 7 == 3:  # a non-compact entry (extra key): stored whole
            event["extra"] = True
        store.append(match_id, v, event)
    store.write_projection(match_id, n, {"at": n},
                          snapshots=[(v, {"at": v}) for v in range(snapshot_every, n + 1, snapshot_every)])
    return match_id


def _reads(store, match_id: str, n: int) -> dict:
    """Every read the archive must answer the same."""
    ranges = [(a, lim, up) for a in (0, 1, n - 2, n - 1, n) for lim in (None, 1, 3) for up in (None, n - 1, n)]
    return {
        "events": {r: store.read_events(match_id, after=r[0], limit=r[1], upto=r[2]) for r in ranges},
        "version": store.version(match_id),
        "nearest": {v: store.nearest_snapshot(match_id, v) for v in range(n + 1)},
        "projection": store.load_projection(match_id),
    }


def test_archive_keeps_every_read_and_the_kept_snapshots(store):
    match_id = _match(store)
    before = _reads(store, match_id, 30)
    assert store.archive_finished(match_id, keep_every=10)
    assert store.is_archived(match_id)
    assert store.conn.xlen(keys.events(match_id)) == 1  # only the last entry: the version appends check
    assert not store.conn.exists(keys.snapshots(match_id))
    assert store.snapshot_versions(match_id) == [0, 10, 20, 30]
    assert store.stored_snapshots(match_id) == {v: {"at": v} for v in (0, 10, 20, 30)}
    after = _reads(store, match_id, 30)
    assert after["events"] == before["events"] and after["version"] == before["version"]
    assert after["projection"] == before["projection"]
    for v, (at, state) in after["nearest"].items():  # from the nearest kept snapshot now
        assert at == max(k for k in (0, 10, 20, 30) if k <= v) and state == {"at": at}
    assert not store.archive_finished(match_id, keep_every=10)  # once


def test_an_archived_match_still_refuses_stale_appends_and_takes_new_ones(store):
    match_id = _match(store, n=12)
    assert store.archive_finished(match_id)
    with pytest.raises(VersionConflict):
        store.append(match_id, 3, {"type": "action", "seat": 0, "payload": {}})
    store.append(match_id, 12, {"type": "action", "seat": 0, "payload": {"late": 1}})
    assert [e["v"] for e in store.read_events(match_id)] == list(range(1, 14))
    assert [e["v"] for e in store.read_events(match_id, after=11, limit=2)] == [12, 13]
    assert store.read_events(match_id, after=12)[0]["payload"] == {"late": 1}


def test_a_match_whose_projection_lags_is_not_archived(store):
    match_id = _match(store, n=6)
    store.append(match_id, 6, {"type": "action", "seat": 0, "payload": {}})  # projection still at 6
    assert not store.archive_finished(match_id)
    assert not store.is_archived(match_id) and store.conn.xlen(keys.events(match_id)) == 7


def test_archive_takes_far_fewer_bytes_than_the_stream_and_snapshots(store):
    match_id = _match(store, n=300, snapshot_every=10)
    parts = (keys.events(match_id), keys.snapshots(match_id), keys.archive(match_id))

    def size() -> int:
        return sum(int(store.conn.memory_usage(k, samples=0) or 0) for k in parts)

    before, events = size(), store.read_events(match_id)
    assert store.archive_finished(match_id, keep_every=100)
    assert size() < before / 2 and store.read_events(match_id) == events


def test_replace_projection_of_an_archived_match_rewrites_its_snapshots(store):
    match_id = _match(store, n=10)
    events = store.read_events(match_id)
    assert store.archive_finished(match_id, keep_every=5)
    store.replace_projection(match_id, 10, {"at": "new"}, [(0, {"at": "n0"}), (4, {"at": "n4"})])
    assert store.stored_snapshots(match_id) == {0: {"at": "n0"}, 4: {"at": "n4"}}
    assert store.nearest_snapshot(match_id, 9) == (4, {"at": "n4"})
    assert store.read_events(match_id) == events and store.load_projection(match_id) == (10, {"at": "new"})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(n=st.integers(1, 40), after=st.integers(0, 45), upto=st.one_of(st.none(), st.integers(0, 45)),
       keep=st.sets(st.integers(1, 40), max_size=5))
def test_pack_unpack_answers_every_range(n, after, upto, keep):
    events = [{"type": "a", "seat": v % 2, "payload": {"v": v}, "v": v, "schema": 1, "ts": "x"} for v in range(1, n + 1)]
    snaps = {0: {"at": 0}, **{v: {"at": v} for v in keep}}
    packed = archive.unpack(archive.pack(events, snaps))
    want_upto = n if upto is None else upto
    assert packed.events(after, upto) == [e for e in events if after < e["v"] <= want_upto]
    assert packed.snapshot_versions() == sorted(snaps) and all(packed.snapshot(v) == s for v, s in snaps.items())
    assert packed.upto == n
