"""How every Subspace process connects to Redis: bounded timeouts and a short retry.

Why not redis-py's defaults: they retry a failed command ten times with back-off and wait
up to 5 s to connect, so during an outage a request would hang for seconds before it can
answer 503. A loopback or LAN Redis connects in milliseconds; a short retry rides over a
pooled connection that went stale when Redis restarted, and then we give up and let the
caller answer ``store_unavailable`` (the service) or back off (the workers).

Retrying a command is safe for everything Subspace sends: reads are idempotent, and the
append script checks the expected version (and the Idempotency-Key) before it writes, so a
replayed append is refused or answered from the stored reply, never appended twice.
"""
from __future__ import annotations

import redis
from redis.backoff import ExponentialWithJitterBackoff
from redis.retry import Retry

SOCKET_CONNECT_TIMEOUT = 1.0  # seconds
SOCKET_TIMEOUT = 5.0  # seconds; blocking reads (XREAD BLOCK) slice their wait under it
RETRIES = 2
HEALTH_CHECK_INTERVAL = 30  # seconds idle before a pooled connection is PINGed on reuse


def connect(url: str, **overrides: object) -> redis.Redis:
    """A bytes client on ``url`` with Subspace's timeouts and retry (``overrides`` win)."""
    options: dict[str, object] = {
        "socket_connect_timeout": SOCKET_CONNECT_TIMEOUT,
        "socket_timeout": SOCKET_TIMEOUT,
        "retry": Retry(ExponentialWithJitterBackoff(base=0.05, cap=0.5), RETRIES),
        "retry_on_error": [redis.ConnectionError, redis.TimeoutError],
        "health_check_interval": HEALTH_CHECK_INTERVAL,
    }
    options.update(overrides)
    return redis.Redis.from_url(url, **options)
