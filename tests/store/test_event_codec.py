"""Compact stream entries (store/event_codec.py): every event reads back exactly as stored,
whichever form it was written in, and the usual shape is written compactly."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from store import codec, event_codec, keys

json_values = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                           max_leaves=8)
timestamps = st.integers(0, 4_102_444_800_000).map(event_codec._ts_text)


def _round_trip(event: dict) -> dict:
    flat = event_codec.entry_fields(event)
    fields = {str(k).encode(): v if isinstance(v, bytes) else str(v).encode() for k, v in zip(flat[::2], flat[1::2])}
    return event_codec.event_of(f"{event.get('v', 1)}-0".encode(), fields)


@given(st.text(min_size=1, max_size=10), st.integers(0, 5), json_values, st.integers(1, 10**6), timestamps)
def test_the_usual_shape_is_compact_and_reads_back_exactly(kind, seat, payload, v, ts):
    event = {"type": kind, "seat": seat, "payload": payload, "v": v, "schema": 1, "ts": ts}
    assert event_codec.entry_fields(event)[0] == "t"
    back = _round_trip(event)
    assert back == event and list(back) == list(event)
    assert codec.dumps(back) == codec.dumps(event)  # byte for byte: hashes of events do not move


@given(st.dictionaries(st.sampled_from(["type", "seat", "payload", "v", "schema", "ts", "extra"]), json_values))
def test_any_other_shape_is_stored_whole_and_reads_back_exactly(event):
    back = _round_trip(event)
    assert codec.dumps(back) == codec.dumps(event)


def test_a_timestamp_that_would_not_come_back_byte_for_byte_is_stored_whole():
    event = {"type": "action", "seat": 0, "payload": {}, "v": 1, "schema": 1, "ts": "2026-11-22T10:00:00.123+00:00"}
    assert event_codec.entry_fields(event)[0] == "e"


def test_appended_events_are_stored_compactly_and_old_whole_entries_still_read(store, redis_conn):
    match_id = store.create_match({"game": "g"}, {})
    store.append(match_id, 0, {"type": "action", "seat": 1, "payload": {"card": "c1"}}, ts="2026-11-22T10:00:00.123Z")
    old = {"type": "action", "seat": 0, "payload": {"x": 1}, "v": 2, "schema": 1, "ts": "2026-11-22T10:00:01.000Z"}
    redis_conn.xadd(keys.events(match_id), {"e": codec.dumps(old)}, id="2-0")  # as written before
    [(_, first), _] = redis_conn.xrange(keys.events(match_id))
    assert set(first) == {b"t", b"s", b"p", b"ts"}
    assert store.read_events(match_id) == [
        {"type": "action", "seat": 1, "payload": {"card": "c1"}, "v": 1, "schema": 1, "ts": "2026-11-22T10:00:00.123Z"},
        old,
    ]


def _strptime_millis(ts: str) -> int | None:
    """What _ts_millis computed before it read the fields by position (time.strptime)."""
    import calendar
    import time

    try:
        ms = calendar.timegm(time.strptime(ts[:19], "%Y-%m-%dT%H:%M:%S")) * 1000 + int(ts[20:23])
    except ValueError:
        return None
    return ms if event_codec._ts_text(ms) == ts else None


@given(st.one_of(timestamps, timestamps.map(lambda t: t[:5] + "13" + t[7:]), timestamps.map(lambda t: t.replace("-", "/", 1)),
                 st.text(alphabet="0123456789-T:.Z +", min_size=24, max_size=24).map(lambda t: t[:19] + "." + t[20:23] + "Z")))
def test_timestamps_read_by_position_as_strptime_read_them(ts):
    """The fast parse accepts exactly what strptime did, with the same milliseconds."""
    fast = event_codec._ts_millis(ts)
    assert fast == _strptime_millis(ts)
