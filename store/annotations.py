"""A match's annotations in Redis: an event-sourced aggregate (``store.aggregates``,
reducer ``rules.aggregates.annotations``) under the match's own hash tag,
``{m:<id>}:notes:events`` / ``{m:<id>}:notes:state``, so they live beside the match (same
cluster slot) and never in its event stream."""
from __future__ import annotations

from typing import Callable

import redis

from rules.aggregates import annotations as reducer
from . import keys
from .aggregates import AggregateStore


class AnnotationStore:
    def __init__(self, conn: redis.Redis):
        self.conn = conn
        self.records = AggregateStore(conn, "annotation stream", keys.notes, reducer.apply)

    def load(self, match_id: str) -> tuple[int, dict | None]:
        """``(version, state)``; ``(0, None)`` for a match nobody annotated yet."""
        return self.records.load_or_none(match_id)

    def update(self, match_id: str, make_event: Callable[[dict | None], dict]) -> dict:
        """Load, decide (``make_event`` raises to refuse: nothing appended), append; retried
        on a concurrent append. Returns the new state."""
        return self.records.update(match_id, make_event, create=True)[1]

    def events(self, match_id: str) -> list[dict]:
        return self.records.events(match_id)
