"""Sweep step: expire abandoned unstarted matches.

*Unstarted* means the match's event log is empty: it was created (decks checked, tokens
handed out, tens of KiB stored) and nobody has posted a single action since. Anyone may
create matches, so without this step abandoned ones would fill Redis for ever. A match with
even one event is never expired by this step, however old. Run by `subspace sweep` and
`python -m workers sweep` (the systemd timer) after the lag sweep.
"""
from __future__ import annotations

import os

import redis

from store import MatchStore

DEFAULT_UNSTARTED_HOURS = 72.0  # three days to make the first move (SUBSPACE_UNSTARTED_HOURS)


def unstarted_hours_setting(environ: dict | None = None) -> float:
    """``SUBSPACE_UNSTARTED_HOURS`` (0 turns the step off), default ``DEFAULT_UNSTARTED_HOURS``."""
    raw = (os.environ if environ is None else environ).get("SUBSPACE_UNSTARTED_HOURS") or ""
    return float(raw) if raw.strip() else DEFAULT_UNSTARTED_HOURS


def expire_unstarted(conn: redis.Redis, hours: float = DEFAULT_UNSTARTED_HOURS, now: float | None = None) -> list[str]:
    """Delete unstarted matches created more than ``hours`` ago; their ids. ``hours <= 0``:
    nothing is expired."""
    if hours <= 0:
        return []
    return MatchStore(conn).expire_unstarted(hours * 3600.0, now=now)
