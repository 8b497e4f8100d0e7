"""What ``/v1/players`` and ``/v1/me`` do, as plain functions of the stores.

The player token and the webhook secret leave the server once, in the answer to
``register``; afterwards only the token's hash (the index) and the secret (to sign
webhooks) are kept, and no other answer contains either.
"""
from __future__ import annotations

from rules.aggregates import players as player_rules
from rules.errors import InvalidRequest, NotFound
from store import MatchStore
from store.players import PlayerStore

from . import auth
from .matches_logic import summary


def register(players: PlayerStore, body: dict) -> dict:
    created = players.register(
        display_name=body["display_name"], email=body.get("email"), webhook_url=body.get("webhook_url"),
        time_zone=body.get("time_zone") or "UTC",
    )
    state = created["player"]
    return {**player_rules.own_profile(state), "token": created["token"], "webhook_secret": state["webhook_secret"]}


def public_player(players: PlayerStore, player_id: str) -> dict:
    """What anyone may know of a player: name and time zone (never contacts or secrets)."""
    return player_rules.public_profile(players.require(player_id))


def me(players: PlayerStore, token: str | None) -> dict:
    player_id = auth.require_player(token, players)
    return player_rules.own_profile(players.get(player_id))


def update_me(players: PlayerStore, token: str | None, changes: dict) -> dict:
    player_id = auth.require_player(token, players)
    return player_rules.own_profile(players.update_profile(player_id, changes))


def rotate_webhook_secret(players: PlayerStore, token: str | None) -> dict:
    player_id = auth.require_player(token, players)
    return {"webhook_secret": players.rotate_webhook_secret(player_id)}


def rotate_token(players: PlayerStore, token: str | None) -> dict:
    player_id = auth.require_player(token, players)
    return {"token": players.rotate_token(player_id)}


def deadline_of(match_summary: dict, seat: int) -> str | None:
    """The seat's current deadline from the summary's ``clock`` (added by the clocks
    feature): ``clock.deadlines`` (per seat: a list, or an object keyed by seat number) or
    ``clock.deadline`` (the deciding seat's). None without a clock or a decision."""
    clock = match_summary.get("clock")
    if not isinstance(clock, dict) or seat not in (match_summary.get("deciding_seats") or []):
        return None
    per_seat = clock.get("deadlines")
    if isinstance(per_seat, list) and seat < len(per_seat):
        return per_seat[seat]
    if isinstance(per_seat, dict):
        return per_seat.get(str(seat))
    deadline = clock.get("deadline")
    return deadline if isinstance(deadline, str) else None


def _waiting_first(entries: list[dict]) -> list[dict]:
    """Waiting on you first, earliest deadline first (none last); the rest, and ties,
    latest activity first (two stable sorts)."""
    entries = sorted(entries, key=lambda e: e.get("updated") or "", reverse=True)
    return sorted(entries, key=lambda e: (not e["your_decision"], (e["deadline"] or "~") if e["your_decision"] else ""))


def my_matches(store: MatchStore, players: PlayerStore, token: str | None, status: str | None = None) -> dict:
    """The caller's matches, the ones waiting on them first."""
    player_id = auth.require_player(token, players)
    entries = []
    for match_id in players.match_ids(player_id):
        try:
            meta = store.get_meta(match_id)
            seat = auth.seat_of_player(meta, player_id)
            if seat is None:
                continue
            info = summary(store, match_id)
        except (NotFound, InvalidRequest):
            continue  # a match this server can no longer load is left out, not fatal
        if status is not None and info["status"] != status:
            continue
        entries.append({
            "match_id": match_id,
            "game": info["game"],
            "ruleset": info["ruleset"],
            "status": info["status"],
            "version": info["version"],
            "seat": seat,
            "your_decision": seat in info["deciding_seats"],
            "deciding_seats": info["deciding_seats"],
            "deadline": deadline_of(info, seat),
            "seats": info["seats"],
            "outcome": info["outcome"],
            "updated": info.get("updated"),
        })
    return {"matches": _waiting_first(entries)}
