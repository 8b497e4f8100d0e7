"""A challenge: the fold of its own event stream (``{c:<id>}:events``).

A player opens a challenge with their deck; other players accept with theirs until every
seat is filled, then the service starts the match and records ``started``. Decks live in
the events (the server must know them to build the match) and leave this module only
through ``view``, which shows a deck to its owner alone.

Events (``{"type", "payload", "at"}``, ``at`` stamped by the service):
``opened`` (challenge_id, creator, game, ruleset, seats, clock, invited, open, expires_at,
deck), ``accepted`` (player_id, deck), ``declined`` (player_id), ``cancelled``,
``expired``, ``started`` (match_id).

The ``check_*`` functions decide (raise a typed error, nothing is appended); ``apply``
trusts the log. Time is data: ``now`` is the service's stamp, compared as ISO-8601 UTC
strings of one fixed format (``YYYY-MM-DDTHH:MM:SS.mmmZ``), which order like instants.
"""
from __future__ import annotations

from ..errors import Conflict, Forbidden, InvalidRequest

OPEN = "open"  # waiting for seats
FILLED = "filled"  # every seat taken; the match is being created
STARTED = "started"
CANCELLED = "cancelled"
DECLINED = "declined"  # an invitation-only challenge that can no longer fill
EXPIRED = "expired"
CLOSED = (STARTED, CANCELLED, DECLINED, EXPIRED)


def opened(*, challenge_id: str, creator: str, game: str, ruleset: str, seats: int, clock: dict | None,
           invited: list[str], open_to_anyone: bool, expires_at: str, deck: object, at: str) -> dict:
    return {"type": "opened", "at": at, "payload": {
        "challenge_id": challenge_id, "creator": creator, "game": game, "ruleset": ruleset, "seats": seats,
        "clock": clock, "invited": list(invited), "open": open_to_anyone, "expires_at": expires_at, "deck": deck}}


def event(kind: str, at: str, **payload: object) -> dict:
    return {"type": kind, "at": at, "payload": payload}


# ---- deciding --------------------------------------------------------------------------
def _require_open(state: dict) -> None:
    if state["status"] != OPEN:
        raise Conflict(
            f"this challenge is {state['status']}; only an open challenge can be answered",
            code=f"challenge_{state['status']}", details={"status": state["status"]},
        )


def is_due(state: dict, now: str) -> bool:
    """Whether an open challenge has outlived its expiry (the sweep then records ``expired``)."""
    return state["status"] == OPEN and now >= state["expires_at"]


def participants(state: dict) -> list[str]:
    return [e["player_id"] for e in state["entries"]]


def may_see(state: dict, player_id: str | None) -> bool:
    """An invitation-only challenge is seen by its creator, its invitees and whoever
    joined; an open one by anyone."""
    if state["open"]:
        return True
    return player_id is not None and (player_id in state["invited"] or player_id in participants(state))


def check_accept(state: dict, player_id: str, now: str) -> None:
    _require_open(state)
    if is_due(state, now):
        raise Conflict("this challenge has expired", code="challenge_expired", details={"status": EXPIRED})
    if player_id == state["creator"]:
        raise Conflict("you cannot accept your own challenge", code="own_challenge")
    if player_id in participants(state):
        raise Conflict("you have already accepted this challenge", code="already_accepted")
    if not state["open"] and player_id not in state["invited"]:
        raise Forbidden("this challenge is for invited players only", code="not_invited")
    if player_id in state["declined"]:
        raise Conflict("you declined this challenge", code="already_declined")


def check_decline(state: dict, player_id: str, now: str) -> None:
    _require_open(state)
    if player_id not in state["invited"]:
        raise Forbidden("only an invited player can decline a challenge", code="not_invited")
    if player_id in participants(state):
        raise Conflict("you have already accepted this challenge", code="already_accepted")
    if player_id in state["declined"]:
        raise Conflict("you have already declined this challenge", code="already_declined")


def check_cancel(state: dict, player_id: str) -> None:
    if player_id != state["creator"]:
        raise Forbidden("only the player who opened a challenge can cancel it", code="not_creator")
    _require_open(state)


def check_start(state: dict) -> None:
    if state["status"] != FILLED:
        raise Conflict(f"this challenge is {state['status']}, not filled", code=f"challenge_{state['status']}")


# ---- folding ---------------------------------------------------------------------------
def _could_still_fill(state: dict) -> bool:
    if state["open"]:
        return True
    waiting = [p for p in state["invited"] if p not in state["declined"] and p not in participants(state)]
    return len(state["entries"]) + len(waiting) >= state["seats"]


def apply(state: dict | None, ev: dict) -> dict:
    """Fold one event (``None`` before ``opened``)."""
    kind, p, at = ev["type"], ev["payload"], ev["at"]
    if kind == "opened":
        if state is not None:
            raise InvalidRequest("a challenge opens only once", code="challenge_exists")
        return {
            "challenge_id": p["challenge_id"], "creator": p["creator"], "game": p["game"], "ruleset": p["ruleset"],
            "seats": p["seats"], "clock": p["clock"], "invited": list(p["invited"]), "open": p["open"],
            "expires_at": p["expires_at"], "status": OPEN, "declined": [], "match_id": None,
            "entries": [{"player_id": p["creator"], "deck": p["deck"], "at": at}],
            "created": at, "updated": at,
        }
    assert state is not None, "a challenge's first event is 'opened'"
    state["updated"] = at
    if kind == "accepted":
        state["entries"].append({"player_id": p["player_id"], "deck": p["deck"], "at": at})
        if len(state["entries"]) >= state["seats"]:
            state["status"] = FILLED
    elif kind == "declined":
        state["declined"].append(p["player_id"])
        if not _could_still_fill(state):
            state["status"] = DECLINED
    elif kind == "cancelled":
        state["status"] = CANCELLED
    elif kind == "expired":
        state["status"] = EXPIRED
    elif kind == "started":
        state["status"] = STARTED
        state["match_id"] = p["match_id"]
    else:
        raise InvalidRequest(f"unknown challenge event {kind!r}", code="unknown_event")
    return state


# ---- showing ---------------------------------------------------------------------------
def view(state: dict, viewer: str | None) -> dict:
    """The challenge as ``viewer`` (a player id, or None) may see it: who is in, never
    anyone's deck but the viewer's own (``your_deck``)."""
    mine = next((e for e in state["entries"] if e["player_id"] == viewer), None)
    return {
        "challenge_id": state["challenge_id"],
        "creator": state["creator"],
        "game": state["game"],
        "ruleset": state["ruleset"],
        "seats": state["seats"],
        "clock": state["clock"],
        "open": state["open"],
        "invited": list(state["invited"]),
        "declined": list(state["declined"]),
        "players": participants(state),
        "status": state["status"],
        "expires_at": state["expires_at"],
        "match_id": state["match_id"],
        "created": state["created"],
        "updated": state["updated"],
        "your_deck": mine["deck"] if mine is not None else None,
    }
