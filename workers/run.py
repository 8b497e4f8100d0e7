"""Starting a fold worker (what ``subspace worker`` calls)."""
from __future__ import annotations

from typing import Sequence

import redis
from rq import SimpleWorker, Worker
from rq.serializers import JSONSerializer

from store.plugins import load_extra_games

from .enqueue import QUEUE


def run_worker(redis_url: str, queues: Sequence[str] = (QUEUE,), burst: bool = False, simple: bool = True) -> bool:
    """Work the fold queues until stopped (or until empty with ``burst``).

    ``simple`` (default) runs jobs in the worker process itself: folds are short and
    CPU-bound, and forking a work-horse per job would cost more than the fold. A job that
    crashes the process is covered by the sweep. Returns RQ's ``work()`` result.
    """
    load_extra_games()
    conn = redis.Redis.from_url(redis_url)
    worker_class = SimpleWorker if simple else Worker
    worker = worker_class(list(queues), connection=conn, serializer=JSONSerializer)
    return worker.work(burst=burst, with_scheduler=False)
