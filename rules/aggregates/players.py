"""A player: the fold of the player's own event stream (``{p:<id>}:events``).

Events (``{"type", "payload", "at"}``; ``at`` is the server's ISO-8601 UTC stamp):
- ``registered``: ``player_id, display_name, email, webhook_url, time_zone, token_hash,
  webhook_secret``. The token is stored only as its SHA-256; the webhook secret must be
  kept as it is, because the server signs every webhook body with it.

Why event-sourced: a player's record changes rarely but must be auditable (who registered
when, with which contact), and the same append-only discipline as matches means one
storage pattern for every aggregate.
"""
from __future__ import annotations

from ..errors import InvalidRequest

REGISTERED = "registered"
PROFILE_FIELDS = ("display_name", "email", "webhook_url", "time_zone")


def registered(
    *,
    player_id: str,
    display_name: str,
    email: str | None,
    webhook_url: str | None,
    time_zone: str,
    token_hash: str,
    webhook_secret: str,
    at: str,
) -> dict:
    """The first event of every player stream."""
    return {
        "type": REGISTERED,
        "at": at,
        "payload": {
            "player_id": player_id,
            "display_name": display_name,
            "email": email,
            "webhook_url": webhook_url,
            "time_zone": time_zone,
            "token_hash": token_hash,
            "webhook_secret": webhook_secret,
        },
    }


def apply(state: dict | None, event: dict) -> dict:
    """Fold one event into the player's state (``None`` before the first event)."""
    kind = event.get("type")
    if kind == REGISTERED:
        if state is not None:
            raise InvalidRequest("a player registers only once", code="player_exists")
        return {**event["payload"], "created": event["at"], "updated": event["at"]}
    raise InvalidRequest(f"unknown player event {kind!r}", code="unknown_event")


def own_profile(state: dict) -> dict:
    """What the player sees of themself: contact details, never the token hash or secret."""
    return {
        "player_id": state["player_id"],
        "display_name": state["display_name"],
        "email": state.get("email"),
        "webhook_url": state.get("webhook_url"),
        "time_zone": state["time_zone"],
        "created": state["created"],
    }


def public_profile(state: dict) -> dict:
    """What anyone may see of a player (opponents, spectators): a name and a time zone,
    which correspondence partners need to guess when an answer may come."""
    return {"player_id": state["player_id"], "display_name": state["display_name"], "time_zone": state["time_zone"]}
