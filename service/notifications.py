"""Which notifications a match or challenge event causes, queued in the outbox (``store.outbox``).

``your_turn`` lives in ``workers.turn_notices``: the fold job queues it too (see there).

Called right after an event is appended; queuing is one Redis script, never a send, so a
request never waits for a webhook or a mail server. Failing to queue is logged and never
reported to the client whose action is already stored.
"""
from __future__ import annotations

import logging

import redis

from store.outbox import enqueue_notification
from workers.turn_notices import newly_deciding, notify_your_turn  # noqa: F401 - the service's callers import them here

log = logging.getLogger(__name__)


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
