"""The yearly vacation allowance of registered players, across all their matches.

``{p:<player id>}:vacation:<year>`` counts the days a player took that year. ``reserve``
checks and counts in one Lua step, so two vacations asked at once in two matches cannot
both pass an allowance that has room for one. The match's log records the vacation as an
event; the service reserves first and gives the days back (``refund``) if the append then
fails, so a refused or conflicting request costs nothing. (A crash between the two keeps
the days counted without the event: the player loses days, never gains them.)
"""
from __future__ import annotations

import redis

from . import keys

# KEYS: 1 ledger; ARGV: 1 days, 2 allowance, 3 ttl seconds. Returns {ok(0/1), days used}.
RESERVE = r"""
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used + tonumber(ARGV[1]) > tonumber(ARGV[2]) then return {0, used} end
used = redis.call('INCRBY', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return {1, used}
"""
_KEEP_SECONDS = 400 * 24 * 3600  # a year's ledger outlives its year


def reserve(conn: redis.Redis, player_id: str, year: int, days: int, allowance: int) -> tuple[bool, int]:
    """``(True, used)`` when ``days`` more fit ``allowance`` (now counted), else
    ``(False, used)`` and nothing changes."""
    ok, used = conn.register_script(RESERVE)(keys=[keys.vacation_ledger(player_id, year)],
                                             args=[days, allowance, _KEEP_SECONDS])
    return bool(ok), int(used)


def refund(conn: redis.Redis, player_id: str, year: int, days: int) -> None:
    conn.decrby(keys.vacation_ledger(player_id, year), days)


def used(conn: redis.Redis, player_id: str, year: int) -> int:
    return int(conn.get(keys.vacation_ledger(player_id, year)) or 0)
