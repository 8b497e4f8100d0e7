"""Reading the event stream: paging by version."""
from __future__ import annotations

import pytest

from rules.errors import InvalidRequest, NotFound


@pytest.fixture
def ten(store):
    match_id = store.create_match({"game": "g"}, {})
    for v in range(10):
        store.append(match_id, v, {"type": "action", "seat": v % 2, "payload": {"i": v + 1}})
    return match_id


def test_read_events_pages_by_after_and_limit(store, ten):
    assert [e["v"] for e in store.read_events(ten)] == list(range(1, 11))
    assert [e["v"] for e in store.read_events(ten, after=3, limit=4)] == [4, 5, 6, 7]
    pages, after = [], 0
    while page := store.read_events(ten, after=after, limit=3):
        pages.append([e["v"] for e in page])
        after = page[-1]["v"]
    assert pages == [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10]]


def test_read_events_upto_bounds_the_range(store, ten):
    assert [e["v"] for e in store.read_events(ten, after=2, upto=5)] == [3, 4, 5]
    assert store.read_events(ten, after=5, upto=5) == []
    assert store.read_events(ten, after=10) == []
    assert store.read_events(ten, limit=0) == []


def test_read_events_rejects_negative_ranges_and_unknown_matches(store, ten):
    with pytest.raises(InvalidRequest):
        store.read_events(ten, after=-1)
    with pytest.raises(NotFound):
        store.read_events("nosuchmatch")
    with pytest.raises(NotFound):
        store.version("nosuchmatch")
