"""``subspace worker`` survives a Redis restart: it reconnects with back-off and folds the
matches played after Redis came back, without being restarted (issue 10, item 8).

Everything is real: a private redis-server (AOF on) that is killed with SIGKILL and started
again on the same port, and a ``subspace worker`` process."""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis as redis_py

from store import MatchStore
from tests.store.helpers import append_all, new_match, scripted_events
from store import keys
from tests.support.processes import stop
from tests.support.redis_server import RedisServer
from tests.support.waiting import wait_until
from tests.workers.slowgame import GAME as SLOW
from workers import enqueue_fold

ROOT = Path(__file__).resolve().parents[2]


def _folded(store: MatchStore, match_id: str) -> bool:
    try:
        return store.projection_version(match_id) == store.version(match_id)
    except (redis_py.ConnectionError, redis_py.TimeoutError):
        return False


@pytest.fixture
def slowgame():
    import rules

    rules.register(SLOW)
    yield SLOW
    rules.unregister(SLOW.id)


@pytest.mark.slow
@pytest.mark.parametrize("outage_seconds", [0.0, 3.0])
def test_worker_reconnects_after_redis_restarts_and_carries_on(tmp_path, tinygame, slowgame, subprocess_env, outage_seconds):
    with RedisServer(tmp_path / "redis") as server:
        store = MatchStore(redis_py.Redis.from_url(server.url))
        env = {**subprocess_env, "REDIS_URL": server.url, "SLOWGAME_DELAY": "0.3",
               "SUBSPACE_EXTRA_GAMES": "tests.support.tinygame:GAME,tests.workers.slowgame:GAME"}
        worker = subprocess.Popen(
            [sys.executable, "-m", "service.cli", "worker"], env=env, cwd=str(ROOT),
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        try:
            before, config = new_match(store, tinygame)
            append_all(store, before, scripted_events(tinygame, config, n=3))
            assert enqueue_fold(store.conn, before)
            wait_until(lambda: _folded(store, before), "the first fold")

            # Kill Redis while the worker is inside a (slow) fold job, as under load.
            busy, config = new_match(store, tinygame, game_id=SLOW.id)
            append_all(store, busy, scripted_events(tinygame, config, n=6))
            assert enqueue_fold(store.conn, busy)
            wait_until(lambda: not store.conn.exists(keys.fold_queued(busy)), "the slow fold to start")
            server.kill()
            time.sleep(outage_seconds)
            server.start()
            store.conn.connection_pool.reset()

            after, config = new_match(store, tinygame)
            append_all(store, after, scripted_events(tinygame, config, n=3))
            assert enqueue_fold(store.conn, after)
            wait_until(lambda: _folded(store, after) or worker.poll() is not None, "a fold after the restart")
            assert worker.poll() is None, "the worker exited: " + worker.stderr.read().decode()[-3000:]
            assert _folded(store, after)
        finally:
            stop(worker)
        assert worker.returncode == 0, worker.stderr.read().decode()[-3000:]  # SIGTERM still stops it cleanly
