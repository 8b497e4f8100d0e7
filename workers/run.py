"""Starting a fold worker (what ``subspace worker`` calls), and keeping it up across Redis
restarts.

RQ's worker retries its blocking dequeue when Redis goes away, but any other Redis call
(finishing a job, the heartbeat, maintenance) failing makes ``Worker.work`` log "found an
unhandled exception, quitting" and return, and the process exited: a Redis restart under
load took every fold worker down until something restarted them. ``run_worker`` wraps
RQ's loop instead: when the worker stops without having been asked to, it waits for Redis
with exponential back-off (0.5 s doubling to 30 s, reset after a minute of healthy work)
and starts a fresh RQ worker. A job cut off by the outage is covered by the sweep
(folding is idempotent). systemd's ``Restart=always`` stays as the second line.
"""
from __future__ import annotations

import logging
import signal
import threading
import time
from typing import Sequence

import redis
from rq import SimpleWorker, Worker
from rq.serializers import JSONSerializer

from store.connection import connect, is_cluster_url
from store.plugins import load_extra_games

from .enqueue import QUEUE

log = logging.getLogger(__name__)

FIRST_BACKOFF = 0.5  # seconds
MAX_BACKOFF = 30.0
HEALTHY_AFTER = 60.0  # a worker that ran this long resets the back-off
_REDIS_DOWN = (redis.ConnectionError, redis.TimeoutError)


class _Stop:
    """SIGTERM/SIGINT between two RQ workers (RQ handles them while one runs)."""

    def __init__(self) -> None:
        self.requested = False

    def __call__(self, signum: int, frame: object) -> None:
        self.requested = True

    def sleep(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not self.requested and time.monotonic() < deadline:
            time.sleep(min(0.2, max(0.0, deadline - time.monotonic())))


class _StopAware:
    """Records RQ's warm-shutdown request in our ``_Stop`` (RQ keeps none when the worker
    is idle: it raises ``StopRequested`` straight out of the dequeue)."""

    stop: _Stop

    def request_stop(self, signum, frame):  # type: ignore[no-untyped-def]
        self.stop.requested = True
        super().request_stop(signum, frame)  # type: ignore[misc]


class _SimpleFoldWorker(_StopAware, SimpleWorker):
    pass


class _ForkingFoldWorker(_StopAware, Worker):
    pass


def _redis_up(conn: redis.Redis) -> bool:
    try:
        return bool(conn.ping())
    except _REDIS_DOWN:
        return False


def run_worker(
    redis_url: str,
    queues: Sequence[str] = (QUEUE,),
    burst: bool = False,
    simple: bool = True,
) -> bool:
    """Work the fold queues until stopped (or until empty with ``burst``), riding over
    Redis outages. Returns whether any job was worked.

    ``simple`` (default) runs jobs in the worker process itself: folds are short and
    CPU-bound, and forking a work-horse per job would cost more than the fold. A job that
    crashes the process is covered by the sweep.
    """
    if is_cluster_url(redis_url):
        raise SystemExit("RQ does not run on a Redis Cluster (its keys are not hash-tagged): there the API folds "
                         "inline and `subspace sweep` folds lagging matches itself; no fold worker is needed")
    load_extra_games()
    stop = _Stop()
    in_main_thread = threading.current_thread() is threading.main_thread()
    previous = {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGINT)} if in_main_thread else {}
    worker_class = _SimpleFoldWorker if simple else _ForkingFoldWorker
    conn = connect(redis_url)
    backoff = FIRST_BACKOFF
    worked = False
    try:
        while not stop.requested:
            for sig in previous:
                signal.signal(sig, stop)
            if not _redis_up(conn):
                log.warning("redis at %s is unreachable; retrying in %.1f s", redis_url, backoff)
                stop.sleep(backoff)
                backoff = min(backoff * 2, MAX_BACKOFF)
                continue
            started = time.monotonic()
            try:
                worker = worker_class(list(queues), connection=conn, serializer=JSONSerializer)
                worker.stop = stop
                worked = worker.work(burst=burst, with_scheduler=False) or worked
            except _REDIS_DOWN as error:  # raised past RQ's loop, e.g. by its teardown
                log.warning("fold worker lost redis: %s", error)
            if stop.requested:  # SIGTERM/SIGINT: RQ stopped on request
                break
            if burst and _redis_up(conn):
                break  # the queue was worked to empty
            if time.monotonic() - started > HEALTHY_AFTER:
                backoff = FIRST_BACKOFF
            log.warning("fold worker stopped without being asked to (redis restart?); starting a new one in %.1f s", backoff)
            stop.sleep(backoff)
            backoff = min(backoff * 2, MAX_BACKOFF)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        conn.close()
    return worked
