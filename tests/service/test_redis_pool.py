"""The service's Redis client (``store.connection.connect``) under a gevent worker's load."""
from __future__ import annotations

import threading

from service.server import gunicorn_options
from store.connection import connect
from store.match_store import _pool


def test_a_pool_serves_every_connection_of_a_worker_at_once(redis_url):
    """A gevent worker holds up to SUBSPACE_WEB_CONNECTIONS requests at once, each of which
    may be in Redis at the same moment (1,000 long polls released together when their
    clients hang up). redis-py 8 caps a pool at 100 by default and then raises "Too many
    connections" (503 for those requests); the service's pool must take them all."""
    workers_connections = int(gunicorn_options({})["worker_connections"])
    conn = connect(redis_url)
    concurrent = 300  # above redis-py 8's default cap, bounded for a test
    pool = _pool(conn)  # on a cluster: one node's (each node's pool has the same options)
    assert pool.max_connections >= workers_connections
    held = [pool.get_connection() for _ in range(concurrent)]  # what many greenlets in Redis at once hold
    try:
        errors: list[Exception] = []

        def one_more() -> None:
            try:
                conn.ping()
            except Exception as error:  # noqa: BLE001 - the assertion below reports it
                errors.append(error)

        thread = threading.Thread(target=one_more)
        thread.start()
        thread.join(10)
        assert not errors
    finally:
        for connection in held:
            pool.release(connection)
        conn.close()
