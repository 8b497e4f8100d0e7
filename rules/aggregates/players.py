"""A player: the fold of the player's own event stream (``{p:<id>}:events``).

Events (``{"type", "payload", "at"}``; ``at`` is the server's ISO-8601 UTC stamp):
- ``registered``: ``player_id, display_name, email, webhook_url, time_zone, token_hash,
  webhook_secret``. The token is stored only as its SHA-256; the webhook secret must be
  kept as it is, because the server signs every webhook body with it.

- ``profile_updated``: the changed subset of ``display_name, email, webhook_url, time_zone``.
- ``webhook_secret_rotated``: ``webhook_secret`` (a new one; the old stops signing).
- ``token_rotated``: ``token_hash`` (of the new token; the old one stops working).

Why event-sourced: a player's record changes rarely but must be auditable (who registered
when, with which contact), and the same append-only discipline as matches means one
storage pattern for every aggregate.
"""
from __future__ import annotations

from ..errors import InvalidRequest

REGISTERED = "registered"
PROFILE_UPDATED = "profile_updated"
SECRET_ROTATED = "webhook_secret_rotated"
TOKEN_ROTATED = "token_rotated"
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


def profile_updated(changes: dict, at: str) -> dict:
    """Only profile fields may change this way (never the token hash or the secret)."""
    unknown = sorted(set(changes) - set(PROFILE_FIELDS))
    if unknown or not changes:
        raise InvalidRequest(f"a profile update changes only {', '.join(PROFILE_FIELDS)}", code="invalid_request")
    return {"type": PROFILE_UPDATED, "at": at, "payload": dict(changes)}


def webhook_secret_rotated(secret: str, at: str) -> dict:
    return {"type": SECRET_ROTATED, "at": at, "payload": {"webhook_secret": secret}}


def token_rotated(token_hash: str, at: str) -> dict:
    return {"type": TOKEN_ROTATED, "at": at, "payload": {"token_hash": token_hash}}


def apply(state: dict | None, event: dict) -> dict:
    """Fold one event into the player's state (``None`` before the first event)."""
    kind = event.get("type")
    if kind == REGISTERED:
        if state is not None:
            raise InvalidRequest("a player registers only once", code="player_exists")
        return {**event["payload"], "created": event["at"], "updated": event["at"]}
    if state is None:
        raise InvalidRequest("a player's first event is 'registered'", code="unknown_player")
    if kind in (PROFILE_UPDATED, SECRET_ROTATED, TOKEN_ROTATED):
        return {**state, **event["payload"], "updated": event["at"]}
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
