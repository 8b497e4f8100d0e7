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
decompresses the whole value and parses only the parts it needs. No I/O here.

Which versions hold a state is the writer's choice: version 0, those at a fixed interval
and the *checkpoints* placed by fold cost (``replays.checkpoints``: a state wherever folding
on from the previous one would cost more than a millisecond), so a replay of any
version folds only a few cheap events. LZMA stores each further state as little more than
what changed (~0.1 KiB each).

Decompressing the whole value for every read would cost 2-18 ms (the checkpoints make the
raw archive 1.5-4 MiB), so readers go through ``unpack_cached``: a per-process LRU of unpacked
archives keyed by the SHA-1 of the stored value itself, so a rewritten archive (a re-fold
accepted: ``MatchStore.replace_projection``) is a different key and can never be answered
from the old one; every worker process holds its own (nothing is shared between processes,
so nothing needs a lock across them). An unpacked archive is immutable (raw bytes, parsed
afresh for each caller), so one object may serve concurrent requests: no caller can change
what another reads. It holds whole states (hidden cards included) exactly like any state a
request folds, never a view: every view is still computed per request for its viewer.
``SUBSPACE_ARCHIVE_CACHE_MB`` (default 64) bounds it by raw bytes held.
"""
from __future__ import annotations

import hashlib
import lzma
import os
import struct
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
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
    _split: list[list[bytes]] = field(default_factory=list, compare=False, repr=False)  # the log, one orjson value per event

    def events(self, after: int = 0, upto: int | None = None) -> list[dict]:
        """The archived events with ``after < v <= upto`` (all past ``after`` when None),
        freshly parsed: the caller owns them. The log is split into one value per event on
        first use, so a cached archive parses only the events asked for."""
        if not self._split:
            self._split.append([codec.dumps(event) for event in codec.loads(self._parts["log"])])
        log = self._split[0]
        end = len(log) if upto is None else max(0, min(upto, len(log)))
        return [codec.loads(raw) for raw in log[after:end]] if after < end else []

    @property
    def size(self) -> int:
        """Raw bytes held (the parts, and the split log once split)."""
        return sum(len(part) for part in self._parts.values()) + (len(self._parts["log"]) if self._split else 0)

    def snapshot_versions(self) -> list[int]:
        return sorted(int(name) for name in self._parts if name != "log")

    def snapshot(self, version: int) -> Any:
        return codec.loads(self._parts[str(version)])

    def snapshot_raw(self, version: int) -> bytes:
        """The orjson bytes of the state at ``version`` (``codec.unpack_state`` reads them)."""
        return self._parts[str(version)]


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


class ArchiveCache:
    """A bounded LRU of unpacked archives, keyed by the SHA-1 of the stored value (see the
    module docstring: why, and why it is safe). ``max_bytes`` bounds the raw bytes held
    (``Archive.size`` when stored; an archive's log split later may double it, so the bound
    is kept at each insert); 0 disables it."""

    def __init__(self, max_bytes: int):
        self.max_bytes = max_bytes
        self._entries: OrderedDict[bytes, Archive] = OrderedDict()
        self._lock = threading.Lock()  # gevent patches it; plain threads (rq, tests) need it

    def unpack(self, blob: bytes) -> Archive:
        if self.max_bytes <= 0:
            return unpack(blob)
        key = hashlib.sha1(blob, usedforsecurity=False).digest()
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
                return found
        packed = unpack(blob)
        with self._lock:
            self._entries[key] = packed
            held = sum(a.size for a in self._entries.values())
            while held > self.max_bytes and len(self._entries) > 1:
                _, dropped = self._entries.popitem(last=False)
                held -= dropped.size
        return packed

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)


CACHE = ArchiveCache(int(float(os.environ.get("SUBSPACE_ARCHIVE_CACHE_MB", "64")) * 2**20))


def unpack_cached(blob: bytes) -> Archive:
    """``unpack`` through this process's ``CACHE``."""
    return CACHE.unpack(blob)
