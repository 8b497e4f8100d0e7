"""Periodic safety net: re-enqueue folds for matches whose projection is behind.

Needed because a worker killed mid-fold (or a Redis failover dropping a queued job)
leaves events unfolded with no job coming. Reads stay correct meanwhile (the service
folds past the projection on read); the sweep only bounds how far behind it gets.

A lagging match is in one of three states, and the sweep says which it found:
- no coalescing flag: a fold job is enqueued (``enqueued``);
- a flag naming a job that waits in the queue: nothing to do (``already_queued``);
- a flag naming a job that is not in the queue (a worker was killed after taking it and
  before it started, or the queue was lost): the flag would refuse every append a job
  until it expires, so a job is enqueued over it (``repaired``).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field

import redis

from rules.errors import NotFound
from store import MatchStore, keys
from store.connection import is_cluster

from .enqueue import QUEUE, enqueue_fold, fold_queue, queued_fold_job
from .jobs import fold_pending, settle_lagging

log = logging.getLogger(__name__)


@dataclass
class SweepReport:
    """What one sweep found and did, by match id (each lagging match is in exactly one
    of ``enqueued``, ``already_queued``, ``repaired``)."""

    enqueued: list[str] = field(default_factory=list)
    already_queued: list[str] = field(default_factory=list)
    repaired: list[str] = field(default_factory=list)
    # caught up but still hinted: an appender that writes the projection itself died
    # before its follow-up steps (workers.after_event), which the sweep ran for the head
    settled: list[str] = field(default_factory=list)
    # folded by the sweep itself (``inline``: on a Redis Cluster, where no RQ worker runs)
    folded: list[str] = field(default_factory=list)
    # a match whose fold or follow-up steps raised (an engine bug, a corrupt log): reported
    # and left hinted for the next sweep, never a reason to skip every match after it
    failed: dict[str, str] = field(default_factory=dict)

    @property
    def lagging(self) -> list[str]:
        return sorted(self.enqueued + self.already_queued + self.repaired + self.folded)

    def summary(self) -> str:
        """One line for the CLI and the timer's log, e.g. ``3 lagging match(es): 1 fold job(s)
        enqueued, 1 already queued, 1 repaired (flag set but its job was gone)``."""
        return (
            f"{len(self.lagging)} lagging match(es): "
            + (f"{len(self.folded)} folded by the sweep, " if self.folded else "")
            + f"{len(self.enqueued)} fold job(s) enqueued, "
            f"{len(self.already_queued)} already queued, {len(self.repaired)} repaired "
            "(flag set but its job was gone)"
            + (f"; {len(self.settled)} caught-up match(es) had their last event's follow-up steps run"
               if self.settled else "")
            + (f"; {len(self.failed)} failed: " + ", ".join(f"{m} ({e})" for m, e in sorted(self.failed.items()))
               if self.failed else "")
        )


def _lags(store: MatchStore, match_id: str) -> bool:
    pipe = store.conn.pipeline(transaction=False)
    pipe.hget(keys.projection(match_id), "version")
    pipe.xrevrange(keys.events(match_id), count=1)
    proj, last = pipe.execute()
    if proj is None:
        return False
    head = int(last[0][0].decode().split("-")[0]) if last else 0
    return int(proj) < head


def _waits(conn: redis.Redis, queue: str, job_id: str, waiting: set[str]) -> bool:
    """Whether the job waits in the queue: the sweep's one read of the queue, else (a job
    enqueued since) one LPOS for this id."""
    return job_id in waiting or conn.lpos(fold_queue(conn, queue).key, job_id) is not None


def _fold_here(conn: redis.Redis, match_id: str, report: SweepReport) -> bool:
    """Fold ``match_id`` (and run its follow-up steps) in this process; ``False`` when it
    failed. A Redis outage still aborts the sweep (every match would fail alike); anything
    else is one match's problem, logged with its traceback and reported."""
    try:
        fold_pending(conn, match_id)
    except NotFound:  # deleted meanwhile
        pass
    except redis.RedisError:
        raise
    except Exception as e:  # noqa: BLE001 - one broken match must not stop the sweep
        log.exception("sweep: folding match %s failed", match_id)
        report.failed[match_id] = type(e).__name__
        return False
    return True


def sweep(conn: redis.Redis, *, full: bool = False, queue: str = QUEUE, inline: bool | None = None) -> SweepReport:
    """Make sure every lagging match has a fold job coming; returns what was done.

    ``inline`` (default: on a Redis Cluster, where RQ cannot run and the service folds
    inline) folds each lagging match here instead of enqueueing a job (``folded``).

    Candidates are the ``subspace:lagging`` hints; ``full=True`` also checks every match in
    ``subspace:matches`` (slower; for the rare case a hint was never written, e.g. a crash
    between XADD and SADD). Matches found caught up are removed from the hint set.
    """
    store = MatchStore(conn)
    report = SweepReport()
    if inline is None:
        inline = is_cluster(conn)
    hinted = {m.decode() for m in conn.smembers(keys.LAGGING)}
    candidates = set(hinted)
    if full:
        candidates |= {m.decode() for m, _ in conn.zscan_iter(keys.MATCHES, count=500)}
    waiting: set[str] | None = None  # the queue's job ids, read once, only if a flag is set
    for match_id in sorted(candidates):
        try:
            behind = _lags(store, match_id)
        except NotFound:  # a malformed id in the index names no match: drop it
            conn.srem(keys.LAGGING, match_id)
            continue
        if not behind:
            if match_id in hinted:  # its appender may have died before the follow-up steps
                # nothing to fold: runs them for the head (idempotent)
                if not _fold_here(conn, match_id, report):
                    continue  # stays hinted: the next sweep tries again
                report.settled.append(match_id)
            settle_lagging(conn, match_id)
            continue
        conn.sadd(keys.LAGGING, match_id)
        if inline:
            if not _fold_here(conn, match_id, report):
                continue
            settle_lagging(conn, match_id)
            report.folded.append(match_id)
            continue
        job_id = queued_fold_job(conn, match_id)
        if job_id is None and enqueue_fold(conn, match_id, queue=queue):
            report.enqueued.append(match_id)
            continue
        if waiting is None:
            waiting = set(fold_queue(conn, queue).get_job_ids())
        # Read the flag again: a job that started meanwhile cleared it (a fresh one is due).
        job_id = queued_fold_job(conn, match_id)
        if job_id is not None and _waits(conn, queue, job_id, waiting):
            report.already_queued.append(match_id)
        else:
            enqueue_fold(conn, match_id, queue=queue, force=True)
            report.repaired.append(match_id)
    return report


def sweep_lagging(conn: redis.Redis, *, full: bool = False, queue: str = QUEUE) -> list[str]:
    """``sweep`` returning only the lagging ids (each now has a fold job queued)."""
    return sweep(conn, full=full, queue=queue).lagging
