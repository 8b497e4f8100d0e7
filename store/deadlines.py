"""The index of clock deadlines: ``subspace:deadlines``, a sorted set of clocked match ids
scored by the next moment (ms since the epoch) the clock job must look at them — a
reminder point, a deadline or the end of a grace period (``rules.control.next_wake``).

The clock job reads only the due part of the set (``ZRANGEBYSCORE -inf now``), so its work
is proportional to what is due, not to the number of matches. Every append to a clocked
match may only bring its score *earlier* (``schedule_earlier``: racing writers with older
states cannot push a deadline out of sight); the clock job sets the exact next wake-up after
handling a match, and removes a match with nothing to wait for. The match's log stays the truth: the index only says
*when* to look, and looking too often is harmless (the job re-derives what is due from the
state), so the index may be rebuilt from the matches at any time (``rebuild``).
"""
from __future__ import annotations

import redis

from . import keys


def schedule(conn: redis.Redis, match_id: str, wake_ms: int | None) -> None:
    """Look at ``match_id`` at ``wake_ms`` (None: never, drop it from the index)."""
    keys.check_match_id(match_id)
    if wake_ms is None:
        conn.zrem(keys.DEADLINES, match_id)
    else:
        conn.zadd(keys.DEADLINES, {match_id: int(wake_ms)})


def schedule_earlier(conn: redis.Redis, match_id: str, wake_ms: int) -> None:
    """Look at ``match_id`` at ``wake_ms`` unless it is already due earlier (``ZADD LT``).

    What every appender writes (the service, the fold job): a writer holding an older state
    may race one holding a newer state, and only lowering the score makes the race harmless
    — an early look finds nothing due and the clock job, which alone sets the exact next
    wake-up (``schedule``), puts it right."""
    keys.check_match_id(match_id)
    conn.zadd(keys.DEADLINES, {match_id: int(wake_ms)}, lt=True)


def due(conn: redis.Redis, now_ms: int, limit: int = 100) -> list[str]:
    """Match ids whose wake-up is at or before ``now_ms``, earliest first."""
    return [m.decode() for m in conn.zrangebyscore(keys.DEADLINES, "-inf", int(now_ms), start=0, num=limit)]


def next_wake(conn: redis.Redis) -> int | None:
    """The earliest wake-up in the index (ms), None when it is empty."""
    first = conn.zrange(keys.DEADLINES, 0, 0, withscores=True)
    return int(first[0][1]) if first else None


def wake_of(conn: redis.Redis, match_id: str) -> int | None:
    score = conn.zscore(keys.DEADLINES, match_id)
    return None if score is None else int(score)
