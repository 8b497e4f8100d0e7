"""orjson encoding of everything stored (events, states, meta values). Never pickle:
a log must be readable by any language and must not execute code when loaded."""
from __future__ import annotations

from typing import Any

import orjson


def dumps(value: Any) -> bytes:
    """Strict: non-string dict keys or tuples-as-keys raise, because rules states must be
    plain JSON (a state that does not round-trip would fold differently after a reload)."""
    return orjson.dumps(value)


def loads(data: bytes | str) -> Any:
    return orjson.loads(data)
