"""Append: one Lua script doing the version check, idempotency and XADD."""
from __future__ import annotations

import threading

import pytest

from rules.errors import InvalidRequest, NotFound, VersionConflict
from store import MatchStore, keys
from store.connection import client
from tests.support.racing import run_together

EVENT = {"type": "action", "seat": 0, "payload": {"type": "play", "card": 3}}


def test_append_gives_consecutive_versions_with_stream_ids(store, redis_conn):
    match_id = store.create_match({"game": "highcard"}, {"n": 0})
    assert store.append(match_id, 0, EVENT).version == 1
    assert store.append(match_id, 1, EVENT).version == 2
    ids = [entry_id for entry_id, _ in redis_conn.xrange(keys.events(match_id))]
    assert ids == [b"1-0", b"2-0"]
    first = store.read_events(match_id)[0]
    assert first["v"] == 1 and first["schema"] == 1 and first["payload"] == EVENT["payload"]
    assert first["ts"].endswith("Z")


def test_version_race_exactly_one_thread_wins(store, redis_url):
    match_id = store.create_match({"game": "highcard"}, {"n": 0})
    threads_n = 12

    def post(_: int) -> object:
        own = MatchStore.from_url(redis_url)  # own connection, like separate API workers
        try:
            return own.append(match_id, 0, EVENT)
        except VersionConflict as exc:
            return exc

    outcomes = run_together(post, threads_n)
    wins = [o for o in outcomes if not isinstance(o, VersionConflict)]
    conflicts = [o for o in outcomes if isinstance(o, VersionConflict)]
    assert len(wins) == 1 and len(conflicts) == threads_n - 1
    assert all(c.current_version == 1 for c in conflicts)
    assert store.version(match_id) == 1


def test_stale_expected_version_raises_conflict_with_current_and_appends_nothing(store):
    match_id = store.create_match({"game": "highcard"}, {"n": 0})
    store.append(match_id, 0, EVENT)
    with pytest.raises(VersionConflict) as err:
        store.append(match_id, 0, EVENT)
    assert err.value.details == {"current_version": 1, "expected_version": 0}
    with pytest.raises(VersionConflict):
        store.append(match_id, 5, EVENT)
    assert store.version(match_id) == 1


def test_idempotent_retry_returns_the_original_response_and_appends_once(store):
    match_id = store.create_match({"game": "highcard"}, {"n": 0})
    first = store.append(match_id, 0, EVENT, idempotency_key="k-1", response={"version": 1, "note": "ok"})
    retry = store.append(match_id, 0, EVENT, idempotency_key="k-1", response={"version": 99})
    assert not first.replayed and retry.replayed
    assert retry.version == 1 and retry.response == {"version": 1, "note": "ok"}
    assert store.version(match_id) == 1
    # The retry wins even though its expected_version is now stale.
    again = store.append(match_id, 0, EVENT, idempotency_key="k-1")
    assert again.replayed and store.version(match_id) == 1


def test_idempotency_key_expires(store, redis_conn):
    short = MatchStore(redis_conn, idempotency_ttl=60)
    match_id = short.create_match({"game": "highcard"}, {"n": 0})
    short.append(match_id, 0, EVENT, idempotency_key="k")
    assert 0 < redis_conn.ttl(keys.idempotency(match_id, "k")) <= 60


def test_idempotency_key_reused_for_another_action_is_refused(store):
    match_id = store.create_match({"game": "highcard"}, {"n": 0})
    store.append(match_id, 0, EVENT, idempotency_key="k")
    other = {**EVENT, "payload": {"type": "play", "card": 4}}
    with pytest.raises(InvalidRequest) as err:
        store.append(match_id, 1, other, idempotency_key="k")
    assert err.value.code == "idempotency_key_reused"
    assert store.version(match_id) == 1


def test_idempotency_keys_are_per_match(store):
    a = store.create_match({"game": "highcard"}, {"n": 0})
    b = store.create_match({"game": "highcard"}, {"n": 0})
    store.append(a, 0, EVENT, idempotency_key="same")
    assert not store.append(b, 0, EVENT, idempotency_key="same").replayed
    assert store.version(b) == 1


def test_append_to_unknown_match_raises_not_found_and_creates_nothing(store, redis_conn):
    with pytest.raises(NotFound):
        store.append("nosuchmatch", 0, EVENT)
    assert not redis_conn.exists(keys.events("nosuchmatch"))


@pytest.mark.parametrize("bad", [-1, "0", None, 1.5, True])
def test_bad_expected_version_is_invalid_request(store, bad):
    match_id = store.create_match({"game": "highcard"}, {"n": 0})
    with pytest.raises(InvalidRequest):
        store.append(match_id, bad, EVENT)
    assert store.version(match_id) == 0


@pytest.mark.parametrize("key", ["", "has space", "x" * 201, "é"])
def test_bad_idempotency_key_is_invalid_request(store, key):
    match_id = store.create_match({"game": "highcard"}, {"n": 0})
    with pytest.raises(InvalidRequest):
        store.append(match_id, 0, EVENT, idempotency_key=key)
    assert store.version(match_id) == 0


def test_successful_append_flags_the_match_as_lagging(store, redis_conn):
    match_id = store.create_match({"game": "highcard"}, {"n": 0})
    store.append(match_id, 0, EVENT)
    assert redis_conn.sismember(keys.LAGGING, match_id)


def test_wait_for_version_returns_at_once_when_reached_and_after_timeout_otherwise(store):
    match_id = store.create_match({"game": "highcard"}, {"n": 0})
    store.append(match_id, 0, EVENT)
    assert store.wait_for_version(match_id, 1, timeout=5) == 1
    assert store.wait_for_version(match_id, 2, timeout=0.05) == 1


def test_wait_for_version_wakes_on_append(store, redis_url):
    match_id = store.create_match({"game": "highcard"}, {"n": 0})
    other = MatchStore.from_url(redis_url)
    timer = threading.Timer(0.05, lambda: other.append(match_id, 0, EVENT))
    timer.start()
    try:
        assert store.wait_for_version(match_id, 1, timeout=10) == 1
    finally:
        timer.join()


def test_wait_for_version_outlasts_the_clients_socket_timeout(redis_url):
    """A wait longer than the socket timeout (redis-py 8 defaults it to 5 s) neither
    raises nor misses an append that lands after the first slice."""
    short = MatchStore(client(redis_url, socket_timeout=1.2))
    match_id = short.create_match({"game": "highcard"}, {"n": 0})
    assert short.wait_for_version(match_id, 1, timeout=1.5) == 0  # two slices, then timeout
    other = MatchStore.from_url(redis_url)
    timer = threading.Timer(0.6, lambda: other.append(match_id, 0, EVENT))
    timer.start()
    try:
        assert short.wait_for_version(match_id, 1, timeout=10) == 1
    finally:
        timer.join()


def test_a_default_client_blocks_in_slices_under_its_socket_timeout(redis_url):
    """redis-py 8 gives every connection a 5 s socket timeout unless told otherwise; the
    service's own client (created without one) must still survive a 30 s wait."""
    from store.match_store import _block_slice, _pool

    default = client(redis_url)
    pool = _pool(default)
    timeout = pool.connection_class(**pool.connection_kwargs).socket_timeout
    assert timeout is None or _block_slice(default) < timeout
    assert _block_slice(client(redis_url, socket_timeout=None)) == float("inf")


def test_idempotent_result_looks_up_a_key_without_appending(store):
    match_id = store.create_match({"game": "highcard"}, {"n": 0})
    assert store.idempotent_result(match_id, "k", EVENT) is None
    store.append(match_id, 0, EVENT, idempotency_key="k", response={"version": 1, "x": 1})
    found = store.idempotent_result(match_id, "k", EVENT)
    assert found.replayed and found.version == 1 and found.response == {"version": 1, "x": 1}
    with pytest.raises(InvalidRequest):
        store.idempotent_result(match_id, "k", {**EVENT, "seat": 1})
    with pytest.raises(NotFound):
        store.idempotent_result("nosuchmatch", "k")
    assert store.version(match_id) == 1
