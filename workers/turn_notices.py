"""``your_turn`` notifications: which seats an event hands a decision to, queued in the outbox.

Why in ``workers`` and not only in the service: the request that appends an event queues
``your_turn`` right after the append, but a process that dies between the two would lose
it. The fold job (``workers.jobs.fold_pending``) queues the same notifications for every
event it folds, and every append leaves its match in ``subspace:lagging`` until a fold
has covered it, so the sweep folds — and announces — whatever a crash left behind. The
dedupe key (match, version, seat) makes the second queueing of the same event a no-op.
"""
from __future__ import annotations

import logging
from typing import Iterable

import redis

from store.outbox import enqueue_notification

log = logging.getLogger(__name__)


def newly_deciding(before: Iterable[int], after: Iterable[int]) -> list[int]:
    """Seats that have a decision now and had none before the event."""
    had = set(before)
    return [seat for seat in after if seat not in had]


def notify_your_turn(
    conn: redis.Redis, *, match_id: str, meta: dict, version: int, before: Iterable[int], after: Iterable[int]
) -> int:
    """Queue ``your_turn`` for each registered player whose seat now has a decision and did
    not before the event at ``version`` (dedupe ``your_turn:<match>:<version>:<seat>``, so a
    second call for the same event queues nothing). Returns how many were queued. The
    payload says only what the summary says (game, version, seat): never a card."""
    holders = meta.get("seat_players") or []
    queued = 0
    for seat in newly_deciding(before, after):
        player_id = holders[seat] if seat < len(holders) else None
        if player_id is None:
            continue
        try:
            queued += enqueue_notification(
                conn, player_id=player_id, kind="your_turn", match_id=match_id,
                payload={"game": meta.get("game"), "version": version, "seat": seat},
                dedupe_key=f"your_turn:{match_id}:{version}:{seat}",
            )
        except Exception:  # noqa: BLE001 - the event is stored; a lost reminder must not fail it
            log.exception("could not queue your_turn for match %s seat %s", match_id, seat)
    return queued
