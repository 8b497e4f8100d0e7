"""The index of clock deadlines: ``subspace:deadlines``, a sorted set of clocked match ids
scored by the next moment (ms since the epoch) the clock job must look at them — a
reminder point, a deadline or the end of a grace period (``rules.control.next_wake``).

The clock job reads only the due part of the set (``ZRANGEBYSCORE -inf now``), so its work
is proportional to what is due, not to the number of matches. The score is rewritten after
every append to a clocked match and after the job has handled a match; a match with
nothing to wait for is removed. The match's log stays the truth: the index only says
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
