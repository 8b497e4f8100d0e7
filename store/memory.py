"""How full Redis is, and the reserve kept for the matches already running.

Redis runs with ``noeviction`` (an event store must never drop data), so when it reaches
``maxmemory`` every write fails: a player's next action included. New matches are what fill
it, so they are refused first, at a threshold well below the limit (``reserve`` of it),
leaving the rest for the appends of running matches. ``INFO memory`` is read at most once
per ``cache_seconds`` per process: the check costs nothing on the hot path.
"""
from __future__ import annotations

import threading
import time

import redis

from rules.errors import StoreFull

from .connection import is_cluster

RETRY_AFTER_FULL = 300  # seconds: memory comes back only as the sweep expires or an operator acts


class MemoryGuard:
    def __init__(self, conn: redis.Redis, reserve: float = 0.8, max_bytes: int = 0, cache_seconds: float = 2.0):
        self.conn = conn
        self.reserve = reserve
        self.max_bytes = max_bytes
        self.cache_seconds = cache_seconds
        self._lock = threading.Lock()
        self._read_at = float("-inf")
        self._usage: tuple[int, int] = (0, 0)

    def usage(self) -> tuple[int, int]:
        """``(used_memory, limit)`` in bytes; limit 0 means no limit is known."""
        with self._lock:
            if time.monotonic() - self._read_at < self.cache_seconds:
                return self._usage
        used, limit = max(self._nodes(), key=lambda node: node[0] / node[1] if node[1] else 0.0)
        with self._lock:
            self._usage, self._read_at = (used, limit), time.monotonic()
        return used, limit

    def _nodes(self) -> list[tuple[int, int]]:
        """``(used_memory, limit)`` of every node that takes writes: the one Redis, or each
        master of a Redis Cluster (any one full master refuses the matches hashed to it, so
        the fullest one decides)."""
        if is_cluster(self.conn):
            infos = [self.conn.get_redis_connection(node).info("memory") for node in self.conn.get_primaries()]
        else:
            infos = [self.conn.info("memory")]
        return [(int(info.get("used_memory", 0)), self.max_bytes or int(info.get("maxmemory", 0))) for info in infos]

    def require_room_for_new_match(self) -> None:
        """``StoreFull`` (503, Retry-After) when Redis is past ``reserve`` of its limit."""
        used, limit = self.usage()
        if limit and used >= self.reserve * limit:
            raise StoreFull(
                "the server is not taking new matches right now (its store is nearly full); "
                "running matches are not affected",
                retry_after=RETRY_AFTER_FULL,
            )
