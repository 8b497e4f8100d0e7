"""A match's annotations in Redis: an event-sourced aggregate (``store.aggregates``,
reducer ``rules.aggregates.annotations``) under the match's own hash tag,
``{m:<id>}:notes:events`` / ``{m:<id>}:notes:state``, so they live beside the match (same
cluster slot) and never in its event stream."""
from __future__ import annotations

from typing import Callable

import redis

from rules.aggregates import annotations as reducer
from rules.errors import NotFound

from . import keys
from .aggregates import AggregateStore


class AnnotationStore:
    def __init__(self, conn: redis.Redis):
        self.conn = conn
        self.records = AggregateStore(conn, "annotation stream", keys.notes, reducer.apply)

    def load(self, match_id: str) -> tuple[int, dict | None]:
        """``(version, state)``; ``(0, None)`` for a match nobody annotated yet."""
        try:
            return self.records.load(match_id)
        except NotFound:
            return 0, None

    def update(self, match_id: str, make_event: Callable[[dict | None], dict], attempts: int = 5) -> dict:
        """Load, decide (``make_event`` raises to refuse: nothing appended), append; retried
        on a concurrent append. Returns the new state."""
        from rules.errors import VersionConflict

        for attempt in range(attempts):
            version, state = self.load(match_id)
            try:
                return self.records.append(match_id, version, state, make_event(state))[1]
            except VersionConflict:
                if attempt == attempts - 1:
                    raise
        raise AssertionError("unreachable")

    def events(self, match_id: str) -> list[dict]:
        return self.records.events(match_id)
