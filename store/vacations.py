"""The yearly vacation allowance of registered players, counted in calendar days.

A vacation is time off for a *person*, not for one match: five days away are five days of
the allowance whether the player has one match running or ten. So the ledger
``{p:<player id>}:vacation-days:<year>`` is a set of the UTC day numbers (days since
1970-01-01) a player has taken off that year, and a vacation of N days taken at time t
charges the days ``floor(t / day) .. floor(t / day) + N - 1``. Taking the same days off in
another match (or for all matches at once, ``POST /v1/me/vacation``) charges nothing more.

``reserve`` checks and adds in one Lua step, so two vacations asked at once cannot both
pass an allowance that has room for one. The match's log records the vacation as an event;
the service reserves first and gives back exactly the days this reservation added
(``refund``) if the append then fails, so a refused or conflicting request costs nothing.
(A crash between the two keeps the days counted without the event: the player loses days,
never gains them.)
"""
from __future__ import annotations

import redis

from . import keys

DAY_MS = 24 * 3600 * 1000

# KEYS: 1 ledger set; ARGV: 1 allowance, 2 ttl seconds, 3.. day numbers asked.
# Returns {ok (0/1), days used after, day numbers newly added...}.
RESERVE = r"""
local used = redis.call('SCARD', KEYS[1])
local new = {}
for i = 3, #ARGV do
  if redis.call('SISMEMBER', KEYS[1], ARGV[i]) == 0 then table.insert(new, ARGV[i]) end
end
if used + #new > tonumber(ARGV[1]) then return {0, used} end
for _, day in ipairs(new) do redis.call('SADD', KEYS[1], day) end
redis.call('EXPIRE', KEYS[1], ARGV[2])
local out = {1, used + #new}
for _, day in ipairs(new) do table.insert(out, day) end
return out
"""
_KEEP_SECONDS = 400 * 24 * 3600  # a year's ledger outlives its year


def days_charged(at_ms: int, days: int) -> list[int]:
    """The UTC day numbers a vacation of ``days`` days taken at ``at_ms`` charges."""
    first = at_ms // DAY_MS
    return list(range(first, first + days))


def reserve(conn: redis.Redis, player_id: str, year: int, at_ms: int, days: int, allowance: int) -> tuple[bool, int, list[int]]:
    """``(True, used, added)`` when the days of this vacation fit ``allowance`` (now counted;
    ``added`` are the ones not already taken), else ``(False, used, [])`` and nothing changes."""
    ok, used, *added = conn.register_script(RESERVE)(
        keys=[keys.vacation_ledger(player_id, year)], args=[allowance, _KEEP_SECONDS, *days_charged(at_ms, days)])
    return bool(ok), int(used), [int(d) for d in added]


def refund(conn: redis.Redis, player_id: str, year: int, added: list[int]) -> None:
    """Give back the days one reservation added (and only those)."""
    if added:
        conn.srem(keys.vacation_ledger(player_id, year), *added)


def used(conn: redis.Redis, player_id: str, year: int) -> int:
    return int(conn.scard(keys.vacation_ledger(player_id, year)))
