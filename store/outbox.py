"""The notification outbox in Redis: a crash loses none, none is sent twice.

Producers call ``enqueue_notification`` (in a request, right after the event that causes
it); the delivery worker (``workers.notify``, ``subspace notify``) claims, sends and
acknowledges. Every key carries the hash tag ``{outbox}`` so each Lua script below touches
one Cluster slot:

- ``{outbox}:stream`` — a stream, one entry per delivery (one notification × one channel:
  ``webhook`` or ``email``), read through the consumer group ``delivery``. An entry read
  but not acknowledged stays in the group's pending list; a consumer that died with it
  (kill -9) loses nothing: ``claim`` takes such entries over with XAUTOCLAIM once they
  have been idle ``claim_idle_ms``.
- ``{outbox}:dedupe:<sha256(key)>`` — set (NX, 30 days) by the same script that adds the
  deliveries, so a producer that runs twice for the same fact (a retried request, two
  workers) enqueues it once, and a crash between the two writes cannot happen.
- ``{outbox}:sent:<sha256(delivery id)>`` — written atomically with the acknowledgement
  after a successful send (an audit trail: which deliveries went out, for 30 days).
- ``{outbox}:retry`` — sorted set of failed deliveries scored by when to try again
  (exponential back-off); ``promote_due`` moves due ones back to the stream atomically.
- ``{outbox}:dead`` — list of deliveries that failed ``max_attempts`` times (for an operator).

The one window left: a crash after the webhook receiver (or SMTP server) accepted a message
and before the acknowledgement. Then it is sent again on reclaim; every message carries its
delivery id (header ``X-Subspace-Delivery``, e-mail ``Message-ID``) so the receiver can drop
the repeat. No outbox can close that window without the receiver's help.
"""
from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

import redis

from . import codec
from .match_store import utc_now_iso
from .players import PlayerStore

STREAM = "{outbox}:stream"
GROUP = "delivery"
RETRY = "{outbox}:retry"
DEAD = "{outbox}:dead"
DEDUPE_TTL = 30 * 24 * 3600  # a fact is notified once within a month (longer than any clock)
CHANNELS = ("webhook", "email")


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def dedupe_redis_key(key: str) -> str:
    return f"{{outbox}}:dedupe:{_digest(key)}"


def sent_redis_key(delivery_id: str) -> str:
    return f"{{outbox}}:sent:{_digest(delivery_id)}"


# KEYS: 1 dedupe key, 2 stream; ARGV: 1 ttl, 2.. delivery bytes. Returns 1 if enqueued.
_ENQUEUE = r"""
if not redis.call('SET', KEYS[1], '1', 'NX', 'EX', tonumber(ARGV[1])) then return 0 end
for i = 2, #ARGV do redis.call('XADD', KEYS[2], '*', 'd', ARGV[i]) end
return 1
"""

# KEYS: 1 sent key, 2 stream; ARGV: 1 entry id, 2 ttl
_DONE = r"""
redis.call('SET', KEYS[1], '1', 'EX', tonumber(ARGV[2]))
redis.call('XACK', KEYS[2], 'delivery', ARGV[1])
redis.call('XDEL', KEYS[2], ARGV[1])
return 1
"""

# KEYS: 1 stream, 2 retry zset; ARGV: 1 entry id, 2 due (unix s), 3 delivery bytes
_RETRY = r"""
redis.call('ZADD', KEYS[2], tonumber(ARGV[2]), ARGV[3])
redis.call('XACK', KEYS[1], 'delivery', ARGV[1])
redis.call('XDEL', KEYS[1], ARGV[1])
return 1
"""

# KEYS: 1 stream, 2 dead list; ARGV: 1 entry id, 2 delivery bytes
_DEAD = r"""
redis.call('RPUSH', KEYS[2], ARGV[2])
redis.call('XACK', KEYS[1], 'delivery', ARGV[1])
redis.call('XDEL', KEYS[1], ARGV[1])
return 1
"""

# KEYS: 1 stream, 2 retry zset; ARGV: 1 now, 2 limit. Returns how many moved.
_PROMOTE = r"""
local due = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
for _, d in ipairs(due) do
  redis.call('XADD', KEYS[1], '*', 'd', d)
  redis.call('ZREM', KEYS[2], d)
end
return #due
"""


def ensure_group(conn: redis.Redis) -> None:
    """Create the stream and its consumer group once (a second call is a no-op)."""
    try:
        conn.xgroup_create(STREAM, GROUP, id="0", mkstream=True)
    except redis.ResponseError as error:
        if "BUSYGROUP" not in str(error):
            raise


def enqueue_notification(
    conn: redis.Redis, *, player_id: str, kind: str, match_id: str | None, payload: dict, dedupe_key: str
) -> bool:
    """Queue one notification for every channel the player has (webhook, e-mail), once per
    ``dedupe_key`` (False: already queued before; nothing added). A player with no channel
    gets nothing queued (True: the fact is still marked as notified). Raises ``NotFound``
    for an unknown player. The payload must hold only what the player may see."""
    player = PlayerStore(conn).require(player_id)
    channels = [c for c, field in (("webhook", "webhook_url"), ("email", "email")) if player.get(field)]
    created = utc_now_iso()
    deliveries = [
        codec.dumps({
            "id": f"{dedupe_key}:{channel}", "channel": channel, "player_id": player_id, "kind": kind,
            "match_id": match_id, "payload": payload, "created": created, "attempt": 0,
        })
        for channel in channels
    ]
    script = conn.register_script(_ENQUEUE)  # the worker creates the group (from id 0: nothing is missed)
    return bool(script(keys=[dedupe_redis_key(dedupe_key), STREAM], args=[DEDUPE_TTL, *deliveries]))


@dataclass(frozen=True)
class Claimed:
    entry_id: str
    delivery: dict


class Outbox:
    """The worker's side: claim deliveries, then settle each one (sent / retry / dead)."""

    def __init__(self, conn: redis.Redis, consumer: str, *, claim_idle_ms: int = 60_000):
        self.conn = conn
        self.consumer = consumer
        self.claim_idle_ms = claim_idle_ms
        self._done = conn.register_script(_DONE)
        self._retry = conn.register_script(_RETRY)
        self._dead = conn.register_script(_DEAD)
        self._promote = conn.register_script(_PROMOTE)
        ensure_group(conn)

    def promote_due(self, now: float | None = None, limit: int = 100) -> int:
        """Move retries whose back-off has passed back into the stream."""
        return int(self._promote(keys=[STREAM, RETRY], args=[time.time() if now is None else now, limit]))

    def claim(self, count: int = 10, block_ms: int | None = None) -> list[Claimed]:
        """Entries abandoned by a dead consumer (idle ``claim_idle_ms``) first, then new
        ones (waiting up to ``block_ms`` for one when there is nothing else to do)."""
        try:
            _, reclaimed, *_ = self.conn.xautoclaim(STREAM, GROUP, self.consumer, self.claim_idle_ms, "0-0", count=count)
        except redis.ResponseError as error:
            if "NOGROUP" not in str(error):
                raise
            ensure_group(self.conn)  # the stream was deleted and re-created without its group
            reclaimed = []
        entries = [(eid, fields) for eid, fields in reclaimed if fields]
        if len(entries) < count:
            fresh = self.conn.xreadgroup(
                GROUP, self.consumer, {STREAM: ">"}, count=count - len(entries),
                block=block_ms if not entries else None,
            )
            for _, items in fresh or []:
                entries += list(items)
        return [Claimed(eid.decode(), codec.loads(fields[b"d"])) for eid, fields in entries]

    def was_sent(self, delivery_id: str) -> bool:
        return bool(self.conn.exists(sent_redis_key(delivery_id)))

    def mark_sent(self, claimed: Claimed) -> None:
        self._done(keys=[sent_redis_key(claimed.delivery["id"]), STREAM], args=[claimed.entry_id, DEDUPE_TTL])

    def retry_later(self, claimed: Claimed, delay_s: float, error: str, now: float | None = None) -> None:
        delivery = {**claimed.delivery, "attempt": claimed.delivery.get("attempt", 0) + 1, "last_error": error}
        due = (time.time() if now is None else now) + delay_s
        self._retry(keys=[STREAM, RETRY], args=[claimed.entry_id, due, codec.dumps(delivery)])

    def give_up(self, claimed: Claimed, error: str) -> None:
        delivery = {**claimed.delivery, "last_error": error}
        self._dead(keys=[STREAM, DEAD], args=[claimed.entry_id, codec.dumps(delivery)])

    # ---- inspection (ops, tests) ----------------------------------------------------
    def pending(self) -> int:
        """Deliveries claimed and not yet settled (in some consumer's hands)."""
        return int(self.conn.xpending(STREAM, GROUP)["pending"])

    def backlog(self) -> dict:
        return {
            "stream": int(self.conn.xlen(STREAM)),
            "pending": self.pending(),
            "retry": int(self.conn.zcard(RETRY)),
            "dead": int(self.conn.llen(DEAD)),
        }
