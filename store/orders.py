"""Standing orders of each seat of a match: ``{m:<id>}:orders``, a hash seat -> orjson list
(``rules.orders``). Kept out of the match log on purpose: an order is private to its seat —
a ``when`` order names a card in a hand — and one that never fires must look like none."""
from __future__ import annotations

import redis

from . import codec, keys


def load(conn: redis.Redis, match_id: str, seat: int) -> list[dict]:
    raw = conn.hget(keys.standing_orders(match_id), str(seat))
    return codec.loads(raw) if raw else []


def save(conn: redis.Redis, match_id: str, seat: int, orders: list[dict]) -> None:
    if orders:
        conn.hset(keys.standing_orders(match_id), str(seat), codec.dumps(orders))
    else:
        conn.hdel(keys.standing_orders(match_id), str(seat))


def seats_with_orders(conn: redis.Redis, match_id: str) -> list[int]:
    return sorted(int(s) for s in conn.hkeys(keys.standing_orders(match_id)))
