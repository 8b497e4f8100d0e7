"""The analytics projection in Redis (``replays.analytics`` computes the facts).

Per game, under one hash tag: ``{stats:<game>}:facts`` (hash: match id → the match's facts
as JSON, or ``skip:<reason>`` for a match the policy leaves out) and
``{stats:<game>}:counts`` (hash: counter name → integer). One Lua script records a match:
``HSETNX`` its facts and, only if that was new, adds its increments — so recording a match
twice (a retried job, a rebuild racing the worker) counts it once, and a crash can never
leave the facts without their counts or the reverse.
"""
from __future__ import annotations

import redis

from . import codec

RECORD = """
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end
for i = 3, #ARGV, 2 do redis.call('HINCRBY', KEYS[2], ARGV[i], ARGV[i + 1]) end
return 1
"""


def facts_key(game: str) -> str:
    return f"{{stats:{game}}}:facts"


def counts_key(game: str) -> str:
    return f"{{stats:{game}}}:counts"


class StatsStore:
    def __init__(self, conn: redis.Redis):
        self.conn = conn
        self._record = conn.register_script(RECORD)

    def has(self, game: str, match_id: str) -> bool:
        return bool(self.conn.hexists(facts_key(game), match_id))

    def record(self, game: str, match_id: str, facts: dict | str, increments: dict[str, int]) -> bool:
        """Store the facts (or a ``skip:<reason>`` string) and add the increments, once.
        True if this call counted the match."""
        value = facts if isinstance(facts, str) else codec.dumps(facts)
        args: list = [match_id, value]
        for name, amount in increments.items():
            args += [name, int(amount)]
        return bool(self._record(keys=[facts_key(game), counts_key(game)], args=args))

    def counts(self, game: str) -> dict[str, int]:
        return {k.decode(): int(v) for k, v in self.conn.hgetall(counts_key(game)).items()}

    def clear(self, game: str) -> None:
        self.conn.delete(facts_key(game), counts_key(game))
