"""The read-only scope the engines' number readers share: inside it one state is only read
(a view, a victory check), so whatever is listed from it once (the statics in play, the
modifiers of each stat) is kept in a per-scope cache and reused until the scope ends.

Each game keeps its own ``threading.local`` (the service folds and renders matches in
several threads at once) and its own cache keys; this module owns only the entering and
leaving, which used to be written out twice (Stargate's ``stats.reading`` and Babylon 5's
``values.reading``)."""
from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def read_only(local: threading.local, state: dict) -> Iterator[None]:
    """Open a scope for ``state`` on ``local.scope`` (``(state, cache)``); nested scopes on
    the same state share the outer cache, a scope on another state hides the outer one."""
    outer = getattr(local, "scope", None)
    if outer is not None and outer[0] is state:
        yield
        return
    local.scope = (state, {})
    try:
        yield
    finally:
        local.scope = outer

