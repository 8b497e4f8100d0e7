"""Seat tokens: who is calling.

Each seat gets a random bearer token (``secrets.token_urlsafe(32)``, 256 bits) when the
match is created; the client sees it once, the match meta keeps only its SHA-256
(``store.hash_token``), so reading Redis does not let anyone act for a seat. A request
carries it as ``Authorization: Bearer <token>``. Reads without a token are a spectator's;
a token that names no seat of this match is refused (401) rather than silently demoted to
spectator, so a client with a typo learns at once.

A bearer token may also be a **player token** (``POST /v1/players``). It names the seat
whose ``seat_players`` entry (match meta) is that player; a registered player who holds
no seat of the match reads as a spectator and may not act (403 ``not_a_seat``). Seat
tokens are checked first, so anonymous matches work exactly as before. The player lookup
goes through a ``PlayerLookup`` (``store.players.PlayerStore`` has the method); without
one given, the current app's is used, so every endpoint gets player tokens for free.
"""
from __future__ import annotations

import secrets
from typing import Mapping, Protocol

from rules.errors import Forbidden, Unauthorized
from rules.protocol import SPECTATOR, Viewer
from store import hash_token, new_seat_token


def issue_seat_tokens(count: int) -> tuple[list[str], list[str]]:
    """``(tokens, hashes)`` for ``count`` seats: tokens go to the client, hashes to meta."""
    tokens = [new_seat_token() for _ in range(count)]
    return tokens, [hash_token(t) for t in tokens]


def bearer_token(headers: Mapping[str, str]) -> str | None:
    """The bearer token of a request, ``None`` without an Authorization header.

    A header that is present but not ``Bearer <token>`` is an error, not "no token": the
    client meant to authenticate and would otherwise silently read as a spectator.
    """
    raw = headers.get("Authorization")
    if raw is None:
        return None
    scheme, _, token = raw.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise Unauthorized("the Authorization header must be 'Bearer <seat token>'")
    return token


def seat_for_token(meta: dict, token: str) -> int | None:
    """The seat whose stored hash matches ``token``. Compares against every seat with
    ``secrets.compare_digest`` (no early exit), so timing reveals nothing about the hashes."""
    digest = hash_token(token)
    found = None
    for seat, stored in enumerate(meta.get("seat_token_hashes") or []):
        if secrets.compare_digest(digest, str(stored)):
            found = seat
    return found


class PlayerLookup(Protocol):
    def player_for_token(self, token: str) -> str | None:
        """The id of the registered player whose token this is, else None."""


def _app_players() -> PlayerLookup | None:
    """The current app's player store (None outside an app context)."""
    from flask import current_app, has_app_context

    if not has_app_context() or "subspace" not in current_app.extensions:
        return None
    return current_app.extensions["subspace"].players


def player_for_token(token: str | None, players: PlayerLookup | None = None) -> str | None:
    """The registered player a bearer token names (None: no token, or not a player token)."""
    if token is None:
        return None
    players = players if players is not None else _app_players()
    return players.player_for_token(token) if players is not None else None


def seat_of_player(meta: dict, player_id: str) -> int | None:
    """The seat ``player_id`` holds in this match (``seat_players``), else None."""
    for seat, holder in enumerate(meta.get("seat_players") or []):
        if holder is not None and holder == player_id:
            return seat
    return None


def viewer_for(meta: dict, token: str | None, players: PlayerLookup | None = None) -> Viewer:
    """The caller of a read: their seat (by seat token, or by player token through
    ``seat_players``), ``"spectator"`` without a token or for a player holding no seat."""
    if token is None:
        return SPECTATOR
    seat = seat_for_token(meta, token)
    if seat is not None:
        return seat
    player_id = player_for_token(token, players)
    if player_id is None:
        raise Unauthorized("this token belongs to no seat of this match and to no player")
    seat = seat_of_player(meta, player_id)
    return SPECTATOR if seat is None else seat


def require_seat(meta: dict, token: str | None, players: PlayerLookup | None = None) -> int:
    """The caller's seat for a write; acting needs a seat token or the token of the
    player holding the seat."""
    if token is None:
        raise Unauthorized("posting an action needs the seat's token: 'Authorization: Bearer <token>'")
    viewer = viewer_for(meta, token, players)
    if viewer == SPECTATOR:
        raise Forbidden("you hold no seat in this match", code="not_a_seat")
    return viewer  # type: ignore[return-value]


def require_player(token: str | None, players: PlayerLookup | None = None) -> str:
    """The registered player calling (401 without a player token)."""
    if token is None:
        raise Unauthorized("this needs your player token: 'Authorization: Bearer <player token>'")
    player_id = player_for_token(token, players)
    if player_id is None:
        raise Unauthorized("this token belongs to no registered player")
    return player_id


def judge_for(meta: dict, token: str | None, server_judges: tuple[str, ...] = (),
              players: PlayerLookup | None = None) -> str | None:
    """The player id of the caller if they judge this match, else None.

    A judge is a registered player named by the operator for the whole server
    (``SUBSPACE_JUDGES``) or for this match (meta ``judges``, set by whoever created it, such
    as a tournament). Judging never comes from a seat token: it is a person's role, and a
    seat token is only a seat.
    """
    player = player_for_token(token, players) if token is not None else None
    if player is None:
        return None
    return player if player in server_judges or player in (meta.get("judges") or []) else None

