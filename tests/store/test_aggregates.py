"""AggregateStore: the stream and its projection move together; a stale writer is refused
and writes nothing; ``update`` decides again on the fresh state after a race."""
from __future__ import annotations

import pytest

from rules.aggregates import challenges as C
from rules.errors import Conflict, VersionConflict
from store.challenges import ChallengeStore

AT = "2026-01-01T00:00:00.000Z"


def _opened(store: ChallengeStore) -> str:
    event = C.opened(challenge_id="c1", creator="ann", game="g", ruleset="r", seats=2, clock=None, invited=[],
                     open_to_anyone=True, expires_at="2027-01-01T00:00:00.000Z", deck=[1], at=AT)
    store.records.append("c1", 0, None, event)
    return "c1"


def test_a_stale_append_is_refused_and_writes_nothing(redis_conn):
    store = ChallengeStore(redis_conn)
    cid = _opened(store)
    version, state = store.records.load(cid)
    store.records.append(cid, version, state, C.event("accepted", AT, player_id="bob", deck=[2]))
    with pytest.raises(VersionConflict):
        store.records.append(cid, version, state, C.event("accepted", AT, player_id="carl", deck=[3]))
    assert [e["v"] for e in store.records.events(cid)] == [1, 2]
    folded = None
    for event in store.records.events(cid):
        folded = C.apply(folded, event)
    assert folded == store.records.load(cid)[1] and C.participants(folded) == ["ann", "bob"]


def test_two_acceptors_racing_for_the_last_seat_one_wins_the_other_is_refused(redis_conn):
    store = ChallengeStore(redis_conn)
    cid = _opened(store)
    calls = []

    def carl(state: dict) -> dict:
        calls.append(len(state["entries"]))
        C.check_accept(state, "carl", AT)
        if len(calls) == 1:  # Bob's request lands between Carl's read and Carl's append
            version, fresh = store.records.load(cid)
            store.records.append(cid, version, fresh, C.event("accepted", AT, player_id="bob", deck=[2]))
        return C.event("accepted", AT, player_id="carl", deck=[3])

    with pytest.raises(Conflict) as err:
        store.records.update(cid, carl)
    assert err.value.code == "challenge_filled"
    assert calls == [1, 2]  # decided again on the state after Bob's acceptance
    assert C.participants(store.records.load(cid)[1]) == ["ann", "bob"] and len(store.records.events(cid)) == 2
