"""How a match event is stored in its stream entry: compactly when it has the usual shape.

An event as ``append`` stores it is ``{type, seat, payload, v, schema, ts}``. As one orjson
field that is ~115 bytes, of which ~85 are the same in every event (key names, the version
already in the entry id, ``schema: 1``, a 24-character timestamp). The compact entry keeps
only what varies, as separate fields of the entry (Redis writes the field names once per
stream node when consecutive entries share them): ``t`` type, ``s`` seat, ``p`` payload
(orjson), ``ts`` milliseconds since the epoch. That halves a match's log
(ops/bench/run_all.py: bytes per finished match). Any other shape (extra keys, another
schema, a seatless event, a timestamp that would not come back byte for byte) is stored
as before, the whole event in field ``e``, and logs written before this read unchanged.
"""
from __future__ import annotations

import calendar
import time
from typing import Any

from . import codec

_COMPACT_KEYS = ["type", "seat", "payload", "v", "schema", "ts"]
_COMPACT_SCHEMA = 1


def _ts_millis(ts: Any) -> int | None:
    """``ts`` (``2026-11-22T10:00:00.123Z``) as epoch ms, or None if it is not exactly that format."""
    if not isinstance(ts, str) or len(ts) != 24 or ts[19] != "." or ts[23] != "Z":
        return None
    try:  # the fields by position (time.strptime cost ~0.5 ms of a POST); the check below
        # that the text comes back byte for byte refuses anything not in exactly this format
        seconds = calendar.timegm((int(ts[0:4]), int(ts[5:7]), int(ts[8:10]), int(ts[11:13]), int(ts[14:16]),
                                   int(ts[17:19]), 0, 0, 0))
        millis = int(ts[20:23])
    except (ValueError, OverflowError):
        return None
    ms = seconds * 1000 + millis
    return ms if _ts_text(ms) == ts else None


def _ts_text(ms: int) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ms // 1000)) + f".{ms % 1000:03d}Z"


def entry_fields(event: dict) -> list[Any]:
    """The stream entry of ``event`` (as stored: with ``v``, ``schema``, ``ts``), as a flat
    field/value list for XADD."""
    seat, ms = event.get("seat"), _ts_millis(event.get("ts"))
    if (list(event) == _COMPACT_KEYS and event["schema"] == _COMPACT_SCHEMA and isinstance(event["type"], str)
            and type(seat) is int and ms is not None):
        return ["t", event["type"], "s", seat, "p", codec.dumps(event["payload"]), "ts", ms]
    return ["e", codec.dumps(event)]


def event_of(entry_id: bytes, fields: dict[bytes, bytes]) -> dict:
    """The event stored in one stream entry (either form)."""
    whole = fields.get(b"e")
    if whole is not None:
        return codec.loads(whole)
    return {"type": fields[b"t"].decode(), "seat": int(fields[b"s"]), "payload": codec.loads(fields[b"p"]),
            "v": int(entry_id.split(b"-", 1)[0]), "schema": _COMPACT_SCHEMA, "ts": _ts_text(int(fields[b"ts"]))}
