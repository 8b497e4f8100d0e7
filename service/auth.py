"""Seat tokens: who is calling.

Each seat gets a random bearer token (``secrets.token_urlsafe(32)``, 256 bits) when the
match is created; the client sees it once, the match meta keeps only its SHA-256
(``store.hash_token``), so reading Redis does not let anyone act for a seat. A request
carries it as ``Authorization: Bearer <token>``. Reads without a token are a spectator's;
a token that names no seat of this match is refused (401) rather than silently demoted to
spectator, so a client with a typo learns at once.
"""
from __future__ import annotations

import secrets
from typing import Mapping

from rules.errors import Unauthorized
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


def viewer_for(meta: dict, token: str | None) -> Viewer:
    """The caller of a read: their seat, or ``"spectator"`` without a token."""
    if token is None:
        return SPECTATOR
    seat = seat_for_token(meta, token)
    if seat is None:
        raise Unauthorized("this token belongs to no seat of this match")
    return seat


def require_seat(meta: dict, token: str | None) -> int:
    """The caller's seat for a write; acting needs a seat token."""
    if token is None:
        raise Unauthorized("posting an action needs the seat's token: 'Authorization: Bearer <token>'")
    return viewer_for(meta, token)  # type: ignore[return-value]
