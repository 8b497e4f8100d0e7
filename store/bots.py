"""When the server's player must act next in each match: one sorted set, match id → due time.

Why a sorted set and not an RQ job per move: a seat taken by the server's player acts at
a configured pace (seconds after its turn comes), and RQ 3 has no delayed jobs without a
scheduler process. A due-time index is one ZADD when the turn passes to the bot, a range
read for whoever runs the bots, and a ZREM that lets exactly one runner claim each turn
(several ``subspace bots`` processes may run). A claim is a lease, not a removal: the
entry's due time moves ``lease`` seconds ahead, so a runner killed mid-move leaves the turn
due again for another runner; ``done`` removes it once the move is appended."""
from __future__ import annotations

import redis

from .keys import BOTS_DUE, check_match_id


class BotSchedule:
    def __init__(self, conn: redis.Redis):
        self.conn = conn

    def schedule(self, match_id: str, due: float) -> None:
        """The bot of ``match_id`` acts at unix time ``due`` (an earlier due time stays)."""
        self.conn.zadd(BOTS_DUE, {check_match_id(match_id): due}, nx=True)

    def due(self, now: float, limit: int = 50) -> list[str]:
        return [m.decode() if isinstance(m, bytes) else m
                for m in self.conn.zrangebyscore(BOTS_DUE, "-inf", now, start=0, num=limit)]

    def claim(self, match_id: str, now: float, lease: float = 60.0) -> bool:
        """Take the turn due by ``now`` for ``lease`` seconds: True for exactly one caller."""
        return bool(self.conn.eval(_CLAIM, 1, BOTS_DUE, match_id, now, now + lease))

    def done(self, match_id: str) -> None:
        """The claimed turn is played (the next one is scheduled afresh)."""
        self.conn.zrem(BOTS_DUE, match_id)

    def pending(self, match_id: str) -> float | None:
        return self.conn.zscore(BOTS_DUE, match_id)


# KEYS[1] due set; ARGV: match id, now, lease end. Due by now → move to the lease end.
_CLAIM = """
local due = redis.call('ZSCORE', KEYS[1], ARGV[1])
if due and tonumber(due) <= tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], 'XX', ARGV[3], ARGV[1])
  return 1
end
return 0
"""
