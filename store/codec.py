"""orjson encoding of everything stored (events, states, meta values). Never pickle:
a log must be readable by any language and must not execute code when loaded."""
from __future__ import annotations

import hashlib
import zlib
from typing import Any

import orjson


def dumps(value: Any) -> bytes:
    """Strict: non-string dict keys or tuples-as-keys raise, because rules states must be
    plain JSON (a state that does not round-trip would fold differently after a reload)."""
    return orjson.dumps(value)


def loads(data: bytes | str) -> Any:
    return orjson.loads(data)


# States (projection and snapshots) are stored zlib-compressed: a 20-60 KiB game state
# shrinks about 5x at level 1, which costs ~0.1 ms to compress and ~0.05 ms to decompress
# (ops/bench/run_all.py) against a POST of several ms. The marker byte tells the formats
# apart, so states written before compression still read: orjson JSON never starts with it.
_ZLIB_MARKER = b"z"
STATE_COMPRESSION_LEVEL = 1


def pack_state(state: Any) -> bytes:
    """A state (or its orjson bytes) as stored: ``b"z"`` + zlib level 1 of the JSON."""
    raw = state if isinstance(state, bytes) else dumps(state)
    if raw[:1] == _ZLIB_MARKER:
        return raw  # already packed
    return _ZLIB_MARKER + zlib.compress(raw, STATE_COMPRESSION_LEVEL)


# A state's digest: the first 8 bytes of the SHA-1 of its orjson bytes (change detection, not
# security: SHA-1 is the fastest hashlib digest here, ~2x BLAKE2b), as computed when the state is
# stored; ``replays.refold`` compares a re-fold's digests with them to name the exact
# first version a new engine folds differently (docs/interchange.md, *Re-fold*).
DIGEST_SIZE = 8


def state_digest(state: Any) -> bytes:
    """The digest of a state (or of its orjson bytes)."""
    raw = state if isinstance(state, bytes) else dumps(state)
    return hashlib.sha1(raw, usedforsecurity=False).digest()[:DIGEST_SIZE]


def unpack_state(data: bytes) -> Any:
    """The state in ``data``: packed (``pack_state``) or plain orjson from older versions."""
    if data[:1] == _ZLIB_MARKER:
        return loads(zlib.decompress(data[1:]))
    return loads(data)


def unpack_state_bytes(data: bytes) -> bytes:
    """The orjson bytes of a stored state (packed or plain), without parsing it."""
    return zlib.decompress(data[1:]) if data[:1] == _ZLIB_MARKER else data
