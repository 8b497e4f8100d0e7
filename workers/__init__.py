"""Fold workers (RQ): coalesced ``fold_match(match_id)`` jobs and the lag sweep."""
from __future__ import annotations

from .enqueue import QUEUE, enqueue_fold, fold_queue
from .jobs import fold_match, fold_pending, settle_lagging
from .run import run_worker
from .sweep import SweepReport, sweep, sweep_lagging

__all__ = ["QUEUE", "enqueue_fold", "fold_queue", "fold_match", "fold_pending", "settle_lagging", "run_worker", "sweep", "sweep_lagging", "SweepReport"]
