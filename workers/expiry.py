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

from rules.errors import NotFound
from store import MatchStore, keys

DEFAULT_UNSTARTED_HOURS = 72.0  # three days to make the first move (SUBSPACE_UNSTARTED_HOURS)


def unstarted_hours_setting(environ: dict | None = None) -> float:
    """``SUBSPACE_UNSTARTED_HOURS`` (0 turns the step off), default ``DEFAULT_UNSTARTED_HOURS``."""
    raw = (os.environ if environ is None else environ).get("SUBSPACE_UNSTARTED_HOURS") or ""
    return float(raw) if raw.strip() else DEFAULT_UNSTARTED_HOURS


def remove_orphaned_notes(conn: redis.Redis, batch: int = 500) -> list[str]:
    """Delete the annotations (``{m:<id>}:notes:*``) of every match that no longer exists
    and return those match ids. Deleting a match deletes its notes in the same script
    (``MatchStore.expire_unstarted``); this catches notes orphaned any other way (a match
    deleted by hand, or before notes were deleted with it). One SCAN of the keyspace, so it
    runs with ``sweep --full`` only."""
    orphaned = []
    for raw in conn.scan_iter(match="{m:*}:notes:state", count=batch):
        key = raw.decode()
        match_id = key[len("{m:"):key.index("}")]
        try:
            meta_key, note_keys = keys.meta(match_id), [keys.notes(match_id, "events"), keys.notes(match_id, "state")]
        except NotFound:  # not a match id at all: not ours to touch
            continue
        if not conn.exists(meta_key):
            conn.delete(*note_keys)
            orphaned.append(match_id)
    return sorted(orphaned)


def expire_unstarted(conn: redis.Redis, hours: float = DEFAULT_UNSTARTED_HOURS, now: float | None = None) -> list[str]:
    """Delete unstarted matches created more than ``hours`` ago; their ids. ``hours <= 0``:
    nothing is expired."""
    if hours <= 0:
        return []
    return MatchStore(conn).expire_unstarted(hours * 3600.0, now=now)
