"""Challenges in Redis: the event-sourced record (``store.aggregates``, reducer
``rules.aggregates.challenges``) and the index of open challenges.

- ``{c:<id>}:events`` / ``{c:<id>}:state``: the challenge's stream and projection.
- ``subspace:challenges:open``: sorted set of open challenge ids scored by their expiry
  (unix seconds), for the listing and for the sweep that expires them. An index: an id
  left in it after its challenge closed is dropped by whoever reads it.
"""
from __future__ import annotations

import redis

from rules.aggregates import challenges as reducer

from . import keys
from .aggregates import AggregateStore
from .match_store import new_match_id


class ChallengeStore:
    def __init__(self, conn: redis.Redis):
        self.conn = conn
        self.records = AggregateStore(conn, "challenge", keys.challenge, reducer.apply)

    @staticmethod
    def new_id() -> str:
        return new_match_id()

    def index_open(self, challenge_id: str, expires_unix: float) -> None:
        self.conn.zadd(keys.OPEN_CHALLENGES, {challenge_id: expires_unix})

    def unindex(self, challenge_id: str) -> None:
        self.conn.zrem(keys.OPEN_CHALLENGES, challenge_id)

    def open_ids(self, limit: int = 500) -> list[str]:
        """Open challenges, the soonest to expire first."""
        return [c.decode() for c in self.conn.zrange(keys.OPEN_CHALLENGES, 0, limit - 1)]

    def due_ids(self, now_unix: float, limit: int = 500) -> list[str]:
        """Open challenges whose expiry has passed."""
        return [c.decode() for c in self.conn.zrangebyscore(keys.OPEN_CHALLENGES, "-inf", now_unix, start=0, num=limit)]
