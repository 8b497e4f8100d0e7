"""Which notifications a match event causes, queued in the outbox (``store.outbox``).

Called right after an event is appended; queuing is one Redis script, never a send, so a
request never waits for a webhook or a mail server. Failing to queue is logged and never
reported to the client whose action is already stored.
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


def notify_invitations(conn: redis.Redis, challenge: dict, creator_name: str) -> int:
    """Queue ``challenge_invitation`` for each invited player of a new challenge (once per
    challenge and player). The payload names the game and the challenger, never a deck."""
    queued = 0
    for player_id in challenge["invited"]:
        try:
            queued += enqueue_notification(
                conn, player_id=player_id, kind="challenge_invitation", match_id=None,
                payload={
                    "challenge_id": challenge["challenge_id"], "game": challenge["game"], "from": creator_name,
                    "expires_at": challenge["expires_at"],
                    "text": f"{creator_name} challenges you to a {challenge['game']} match "
                            f"(GET /v1/challenges/{challenge['challenge_id']}; it expires {challenge['expires_at']} UTC).",
                },
                dedupe_key=f"challenge_invitation:{challenge['challenge_id']}:{player_id}",
            )
        except Exception:  # noqa: BLE001 - the challenge is stored; a lost invitation must not fail it
            log.exception("could not queue the invitation of %s to challenge %s", player_id, challenge["challenge_id"])
    return queued
