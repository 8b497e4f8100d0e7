"""Coalesced enqueueing of fold jobs: at most one *queued* fold job per match.

Why a ``{m:<id>}:fold-queued`` flag (SET NX, cleared by the job as it starts) and not a
deterministic RQ job id (``enqueue(..., job_id=..., unique=True)``): RQ's uniqueness is
"a job hash with this id exists", which stays true while the job *runs* and for
``result_ttl`` after it finishes. An append landing while its match's job is running
would then be refused a job, and the running job may already have read the stream: that
event would wait for the next sweep. With the flag, the job clears it *before* reading
the stream, so any append after that point enqueues a fresh job, and appends before it
are covered by the job about to run. Bursts of appends while a job waits in the queue
all coalesce into it.

The flag holds the id of the job it stands for, so the sweep can tell a flag whose job
still waits in the queue from one whose job is gone: a worker killed after taking the job
and before starting it (or a queue lost in a failover) leaves the flag set with no job
behind it, and every append would otherwise be refused a job until the flag expires. The
sweep re-enqueues those (``workers.sweep``). The flag also expires (``FLAG_TTL``) as a last
resort; a duplicate job is always harmless (folding is idempotent).
"""
from __future__ import annotations

from uuid import uuid4

import redis
from rq import Queue
from rq.serializers import JSONSerializer

from store import keys
from store.connection import is_cluster

QUEUE = "fold"
FLAG_TTL = 300  # seconds
FOLD_JOB = "workers.jobs.fold_match"  # by name: the JSON serializer stores a path, never code
JOB_TIMEOUT = 600


def fold_queue(conn: redis.Redis, name: str = QUEUE) -> Queue:
    """The RQ queue of fold jobs, with the JSON serializer (jobs carry ids, not objects)."""
    return Queue(name, connection=conn, serializer=JSONSerializer)


def enqueue_fold(conn: redis.Redis, match_id: str, *, queue: str = QUEUE, force: bool = False) -> bool:
    """Enqueue ``fold_match(match_id)`` unless one is already queued; True if enqueued.

    ``force`` enqueues even when the flag is set (the sweep uses it for matches whose flag
    outlived its job, e.g. a worker killed between taking the job and starting it).

    On a Redis Cluster, where RQ cannot run (ops/README.md), the match is folded here and
    now instead (the caller — the clock job — is a worker process already); returns True.
    """
    if is_cluster(conn):
        from .jobs import fold_pending, settle_lagging  # jobs imports RQ's job context: only here

        fold_pending(conn, match_id)
        settle_lagging(conn, match_id)
        return True
    flag = keys.fold_queued(match_id)
    job_id = f"fold-{match_id}-{uuid4().hex}"
    if force:
        conn.set(flag, job_id, ex=FLAG_TTL)
    elif not conn.set(flag, job_id, nx=True, ex=FLAG_TTL):
        return False
    try:
        fold_queue(conn, queue).enqueue_call(
            FOLD_JOB, args=(match_id,), timeout=JOB_TIMEOUT, result_ttl=60, failure_ttl=24 * 3600,
            description=f"fold {match_id}", job_id=job_id,
        )
    except Exception:
        conn.delete(flag)  # let the next append try again instead of waiting for the TTL
        raise
    return True


def queued_fold_job(conn: redis.Redis, match_id: str) -> str | None:
    """The job id the match's coalescing flag names, or None when no flag is set."""
    value = conn.get(keys.fold_queued(match_id))
    return value.decode() if value is not None else None
