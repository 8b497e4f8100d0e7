"""Per-client leases on open long polls and streams, kept in Redis so the cap holds across
every API process.

A long poll or an SSE stream costs almost nothing on the event-loop worker, but not
nothing: one client opening thousands would still crowd a process. Each open wait takes a
lease (a member of the client's sorted set, scored by its expiry) and gives it back when it
ends; a lease a crashed process never gave back simply expires.
"""
from __future__ import annotations

import secrets
import time

import redis

from rules.errors import TooManyWaits

from . import keys, scripts


class OpenWaits:
    def __init__(self, conn: redis.Redis):
        self.conn = conn
        self._acquire = conn.register_script(scripts.ACQUIRE_WAIT)

    def acquire(self, client: str, cap: int, lease_seconds: float) -> str:
        """A new lease for ``client`` lasting ``lease_seconds`` (renew it to hold longer);
        ``TooManyWaits`` (429) with a Retry-After of when the soonest lease runs out when the
        client already holds ``cap``."""
        now = time.time()
        wait_id = secrets.token_hex(8)
        taken, soonest = self._acquire(
            keys=[keys.open_waits(client)], args=[now, cap, now + lease_seconds, wait_id]
        )
        if not int(taken):
            retry = max(1.0, float(soonest) - now)
            raise TooManyWaits(
                f"this client already has {cap} open waits (long polls or streams); close one or retry later",
                retry_after=int(retry + 0.999),
                details={"max_open_waits": cap},
            )
        return wait_id

    def renew(self, client: str, wait_id: str, lease_seconds: float) -> None:
        """Extend a held lease (a stream calls this at each keep-alive)."""
        key = keys.open_waits(client)
        expiry = time.time() + lease_seconds
        pipe = self.conn.pipeline(transaction=False)
        pipe.zadd(key, {wait_id: expiry}, xx=True)
        pipe.expire(key, 86400)
        pipe.execute()

    def release(self, client: str, wait_id: str) -> None:
        self.conn.zrem(keys.open_waits(client), wait_id)

    def count(self, client: str) -> int:
        """Leases the client holds now (expired ones not counted)."""
        return int(self.conn.zcount(keys.open_waits(client), time.time(), "+inf"))
