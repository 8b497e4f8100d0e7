"""The clock loop rides over a Redis restart instead of exiting (as ``subspace worker``
does, issue 10 item 8): a real private redis-server is killed and started again while
``run_clock`` runs."""
from __future__ import annotations

import threading

from store.connection import connect
from tests.support.redis_server import RedisServer
from tests.support.waiting import wait_until
from workers.clock import run_clock


def test_the_clock_loop_waits_for_redis_and_carries_on(tmp_path):
    with RedisServer(tmp_path / "redis") as server:
        conn = connect(server.url)
        stop, errors, done = threading.Event(), [], threading.Event()

        def loop() -> None:
            try:
                run_clock(conn, interval=0.1, stop=stop, max_ticks=30)
            except BaseException as error:  # noqa: BLE001 - the test reports it
                errors.append(error)
            finally:
                done.set()

        thread = threading.Thread(target=loop, daemon=True)
        server.kill()
        thread.start()
        try:
            assert not done.wait(1.5), f"the clock loop ended while Redis was down: {errors}"
            server.start()
            wait_until(done.is_set, "the clock loop to tick again after the restart", timeout=60)
        finally:
            stop.set()
            thread.join(timeout=30)
        assert not errors, errors
        conn.close()
