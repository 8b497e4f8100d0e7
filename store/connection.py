"""How every Subspace process connects to Redis: bounded timeouts and a short retry.

Why not redis-py's defaults: they retry a failed command ten times with back-off and wait
up to 5 s to connect, so during an outage a request would hang for seconds before it can
answer 503. A loopback or LAN Redis connects in milliseconds; a short retry rides over a
pooled connection that went stale when Redis restarted, and then we give up and let the
caller answer ``store_unavailable`` (the service) or back off (the workers).

Retrying a command is safe for everything Subspace sends: reads are idempotent, and the
append script checks the expected version (and the Idempotency-Key) before it writes, so a
replayed append is refused or answered from the stored reply, never appended twice.

A Redis Cluster is named by the scheme ``redis+cluster://host:port`` (any one node; the
client discovers the rest), or ``rediss+cluster://`` with TLS: ``connect`` then returns a
``redis.cluster.RedisCluster``, which routes each command to the node holding its key's
slot. Every Lua script and MULTI of Subspace touches one slot (``store.keys``), so the same
code runs on both (ops/README.md, "Redis Cluster").
"""
from __future__ import annotations

from typing import cast

import redis
from redis.cluster import RedisCluster
from redis.backoff import ExponentialWithJitterBackoff
from redis.retry import Retry

SOCKET_CONNECT_TIMEOUT = 1.0  # seconds
SOCKET_TIMEOUT = 5.0  # seconds; blocking reads (XREAD BLOCK) slice their wait under it
RETRIES = 2
HEALTH_CHECK_INTERVAL = 30  # seconds idle before a pooled connection is PINGed on reuse
# Connections one process's pool may open. redis-py 8 lowered the default from 2**31 to 100
# and a full pool raises MaxConnectionsError ("Too many connections") instead of waiting: a
# gevent worker serves up to SUBSPACE_WEB_CONNECTIONS (2,000) requests at once, and 1,000
# parked long polls whose clients hang up release their leases all at once, so on redis-py 8
# most of them failed with 503 store_unavailable and their leases were never freed (the
# 1,000-wait load test, tests/ops/test_long_polls_load.py). Above any worker's concurrency,
# below Redis's own maxclients (10,000) for two workers.
MAX_CONNECTIONS = 4096


CLUSTER_SCHEMES = ("redis+cluster://", "rediss+cluster://")

def is_cluster_url(url: str | None) -> bool:
    return bool(url) and str(url).startswith(CLUSTER_SCHEMES)


def plain_url(url: str) -> str:
    """``url`` with its ``+cluster`` removed: what redis-py's ``from_url`` reads."""
    return url.replace("+cluster://", "://", 1) if is_cluster_url(url) else url


def is_cluster(conn: object) -> bool:
    return isinstance(conn, RedisCluster)


def client(url: str, **options: object) -> redis.Redis:
    """redis-py's own client for ``url`` with redis-py's defaults (``options`` passed on): a
    ``RedisCluster`` for a cluster URL. For tools and tests; services use ``connect``.

    Typed as ``redis.Redis`` for every caller: a ``RedisCluster`` has the same command
    methods (the only difference Subspace minds is where a command goes, ``is_cluster``)."""
    if is_cluster_url(url):
        return cast(redis.Redis, RedisCluster.from_url(plain_url(url), **options))
    return redis.Redis.from_url(url, **options)


def connect(url: str, **overrides: object) -> redis.Redis:
    """A bytes client on ``url`` with Subspace's timeouts and retry (``overrides`` win);
    a ``RedisCluster`` for a ``redis+cluster://`` URL."""
    options: dict[str, object] = {
        "socket_connect_timeout": SOCKET_CONNECT_TIMEOUT,
        "socket_timeout": SOCKET_TIMEOUT,
        "retry": Retry(ExponentialWithJitterBackoff(base=0.05, cap=0.5), RETRIES),
        "retry_on_error": [redis.ConnectionError, redis.TimeoutError],
        "health_check_interval": HEALTH_CHECK_INTERVAL,
        "max_connections": MAX_CONNECTIONS,
    }
    options.update(overrides)
    if is_cluster_url(url):
        options.pop("retry_on_error")  # the cluster client retries connection errors itself
        return cast(redis.Redis, RedisCluster.from_url(plain_url(url), **options))
    return redis.Redis.from_url(url, **options)
