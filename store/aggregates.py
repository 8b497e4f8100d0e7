"""Event-sourced aggregates other than matches (players, challenges).

Each aggregate has a stream ``{<tag>:<id>}:events`` (entry id ``<version>-0``, field ``e``
with the orjson event) and a projection ``{<tag>:<id>}:state`` (``version``, ``state``)
that one Lua script writes together with the append, so the projection is always the
fold of the stream. The reducer is pure (``rules.aggregates``); the caller folds the new
event into the state it loaded and hands both over, and a concurrent writer is caught by
the version check (``VersionConflict``), never silently overwritten.

These aggregates are small (a handful of events each), so there is no snapshot or fold
worker: the projection is written with every append.
"""
from __future__ import annotations

import copy
from typing import Callable

import redis

from rules.errors import NotFound, VersionConflict

from . import codec, scripts

Reducer = Callable[[dict | None, dict], dict]


class AggregateStore:
    """Streams + projections of one kind of aggregate (``kind`` names it in errors)."""

    def __init__(self, conn: redis.Redis, kind: str, key: Callable[[str, str], str], reducer: Reducer):
        self.conn = conn
        self.kind = kind
        self._key = key
        self._reduce = reducer
        self._append = conn.register_script(scripts.APPEND_AGGREGATE)

    def load(self, agg_id: str) -> tuple[int, dict]:
        """``(version, state)``; ``NotFound`` for an unknown id."""
        raw = self.conn.hmget(self._key(agg_id, "state"), ["version", "state"])
        if raw[0] is None:
            raise NotFound(f"no {self.kind} with id {agg_id!r}")
        return int(raw[0]), codec.loads(raw[1])

    def load_or_none(self, agg_id: str) -> tuple[int, dict | None]:
        """``load``, or ``(0, None)`` for an aggregate with no event yet."""
        try:
            return self.load(agg_id)
        except NotFound:
            return 0, None

    def exists(self, agg_id: str) -> bool:
        try:
            return bool(self.conn.exists(self._key(agg_id, "state")))
        except NotFound:
            return False

    def append(self, agg_id: str, expected_version: int, state: dict | None, event: dict) -> tuple[int, dict]:
        """Fold ``event`` into (a copy of) ``state`` at ``expected_version`` and store both.
        ``state=None, expected_version=0`` creates the aggregate. Returns ``(version, new state)``."""
        new_state = self._reduce(copy.deepcopy(state), event)
        stored = {**event, "v": expected_version + 1}
        status, value = self._append(
            keys=[self._key(agg_id, "events"), self._key(agg_id, "state")],
            args=[expected_version, codec.dumps(stored), codec.dumps(new_state)],
        )
        if status.decode() == "conflict":
            raise VersionConflict(int(value), expected_version)
        return int(value), new_state

    def update(self, agg_id: str, make_event: Callable[[dict], dict], attempts: int = 5,
               create: bool = False) -> tuple[int, dict]:
        """Load, build the event from the current state (``make_event`` may raise to refuse:
        nothing is appended), append; retried on a concurrent append. ``create``: an
        aggregate that does not exist yet is ``(0, None)`` (its first event creates it)."""
        for attempt in range(attempts):
            version, state = self.load_or_none(agg_id) if create else self.load(agg_id)
            try:
                return self.append(agg_id, version, state, make_event(state))
            except VersionConflict:
                if attempt == attempts - 1:
                    raise
        raise AssertionError("unreachable")

    def events(self, agg_id: str) -> list[dict]:
        """The whole stream, oldest first (for audits and tests: it re-folds to ``load``)."""
        return [codec.loads(fields[b"e"]) for _, fields in self.conn.xrange(self._key(agg_id, "events"))]
