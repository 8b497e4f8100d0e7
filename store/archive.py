"""A finished match's log and kept snapshots as one compressed value (``{m:<id>}:archive``).

Why: a finished match never changes, but its stream stores every event as its own entry
and each kept snapshot is compressed alone (zlib's 32 KiB window cannot see the previous
snapshot of a 25-75 KiB state), so a finished 2-player match held 57-106 KiB
(ops/bench/run_all.py). Packed together and compressed with LZMA (preset 1: a dictionary
far larger than one state, so snapshot k+1 costs only what changed since snapshot k) the
log and the snapshots of a finished match take 10-15 KiB, about 1 ms to decompress and
8-15 ms to compress once, off the request path (``workers.after_event``).

Format: ``b"x"`` + LZMA (xz) of ``<4-byte big-endian header length><header><parts>``, the
header an orjson object ``{"format": 1, "upto": N, "parts": {name: [offset, length]}}``
over the parts: ``"log"`` (the events 1..N exactly as ``MatchStore.read_events`` returns
them, one orjson list) and ``"<v>"`` (the state at version v, orjson). A reader
decompresses the whole value and parses only the parts it needs. Pure: no I/O here.
"""
from __future__ import annotations

import lzma
import struct
from dataclasses import dataclass
from typing import Any

from . import codec

MARKER = b"x"
FORMAT = 1
PRESET = 1  # LZMA preset: 6 is ~10x slower to compress for ~12 % fewer bytes


@dataclass(frozen=True)
class Archive:
    """An unpacked archive: the raw parts, parsed on demand."""

    upto: int  # the last version of the log it holds
    _parts: dict[str, bytes]

    def events(self, after: int = 0, upto: int | None = None) -> list[dict]:
        """The archived events with ``after < v <= upto`` (all past ``after`` when None)."""
        log = codec.loads(self._parts["log"])
        end = len(log) if upto is None else max(0, min(upto, len(log)))
        return log[after:end] if after < end else []

    def snapshot_versions(self) -> list[int]:
        return sorted(int(name) for name in self._parts if name != "log")

    def snapshot(self, version: int) -> Any:
        return codec.loads(self._parts[str(version)])


def pack(events: list[dict], snapshots: dict[int, Any]) -> bytes:
    """The archive of ``events`` (versions 1..N, in order, as stored) and ``snapshots``
    (version -> state, or the state's orjson bytes)."""
    if [e["v"] for e in events] != list(range(1, len(events) + 1)):
        raise ValueError("an archive holds a whole log: versions 1..N in order")
    parts: dict[str, bytes] = {"log": codec.dumps(events)}
    for version, state in sorted(snapshots.items()):
        parts[str(version)] = state if isinstance(state, bytes) else codec.dumps(state)
    offsets, body, at = {}, [], 0
    for name, data in parts.items():
        offsets[name] = [at, len(data)]
        body.append(data)
        at += len(data)
    header = codec.dumps({"format": FORMAT, "upto": len(events), "parts": offsets})
    raw = struct.pack(">I", len(header)) + header + b"".join(body)
    return MARKER + lzma.compress(raw, preset=PRESET)


def unpack(blob: bytes) -> Archive:
    if blob[:1] != MARKER:
        raise ValueError("not a match archive")
    raw = lzma.decompress(blob[1:])
    (size,) = struct.unpack(">I", raw[:4])
    header = codec.loads(raw[4:4 + size])
    if header.get("format") != FORMAT:
        raise ValueError(f"match archive format {header.get('format')!r} is not one this version reads")
    base = 4 + size
    parts = {name: raw[base + off:base + off + length] for name, (off, length) in header["parts"].items()}
    return Archive(upto=int(header["upto"]), _parts=parts)
