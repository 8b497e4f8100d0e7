"""Players in Redis: the event-sourced record (``store.aggregates``), the token index
and the per-player match index.

- ``{p:<id>}:events`` / ``{p:<id>}:state``: the player's stream and projection
  (reducer ``rules.aggregates.players``).
- ``subspace:player-tokens``: hash ``sha256(token) -> player id``. Written *before* the
  player's first event, so a crash in between leaves only an index entry that resolves to
  no player (the token is refused), never a player whose token cannot be found.
- ``{p:<id>}:matches``: sorted set of the player's match ids scored by when they joined,
  for ``GET /v1/me/matches`` (an index: the truth is each match's ``seat_players``).
"""
from __future__ import annotations

import secrets
import time

import redis

from rules.aggregates import players as reducer
from rules.errors import NotFound

from . import keys
from .aggregates import AggregateStore
from .match_store import hash_token, new_match_id, new_seat_token, utc_now_iso


class PlayerStore:
    def __init__(self, conn: redis.Redis):
        self.conn = conn
        self.records = AggregateStore(conn, "player", keys.player, reducer.apply)

    def register(self, *, display_name: str, email: str | None, webhook_url: str | None, time_zone: str) -> dict:
        """Create a player; returns ``{"player": state, "token": str}`` — the token and the
        state's ``webhook_secret`` are for the one response that shows them."""
        player_id = new_match_id()
        token = new_seat_token()
        token_hash = hash_token(token)
        self.conn.hset(keys.PLAYER_TOKENS, token_hash, player_id)
        event = reducer.registered(
            player_id=player_id, display_name=display_name, email=email, webhook_url=webhook_url,
            time_zone=time_zone, token_hash=token_hash, webhook_secret=secrets.token_urlsafe(32), at=utc_now_iso(),
        )
        _, state = self.records.append(player_id, 0, None, event)
        return {"player": state, "token": token}

    def update_profile(self, player_id: str, changes: dict) -> dict:
        """Append ``profile_updated``; returns the new state."""
        event = reducer.profile_updated(changes, utc_now_iso())
        return self.records.update(player_id, lambda _state: event)[1]

    def rotate_webhook_secret(self, player_id: str) -> str:
        """A new webhook secret (returned once); deliveries from now on are signed with it."""
        secret = secrets.token_urlsafe(32)
        self.records.update(player_id, lambda _state: reducer.webhook_secret_rotated(secret, utc_now_iso()))
        return secret

    def rotate_token(self, player_id: str) -> str:
        """A new player token (returned once); the old one stops working at once. The new
        hash is indexed before the event (as at registration) and the old one dropped after
        it, so a crash in between leaves at worst an extra index entry that resolves to
        nobody (``player_for_token`` checks the hash against the player's current one)."""
        token = new_seat_token()
        token_hash = hash_token(token)
        self.conn.hset(keys.PLAYER_TOKENS, token_hash, player_id)
        old = self.get(player_id)["token_hash"]
        self.records.update(player_id, lambda _state: reducer.token_rotated(token_hash, utc_now_iso()))
        self.conn.hdel(keys.PLAYER_TOKENS, old)
        return token

    def get(self, player_id: str) -> dict:
        return self.records.load(player_id)[1]

    def exists(self, player_id: str) -> bool:
        return self.records.exists(player_id)

    def player_for_token(self, token: str) -> str | None:
        """The id of the player whose token this is, or None. The lookup is by hash, so the
        stored index never holds a usable token."""
        token_hash = hash_token(token)
        raw = self.conn.hget(keys.PLAYER_TOKENS, token_hash)
        if raw is None:
            return None
        player_id = raw.decode()
        try:
            current = self.get(player_id)["token_hash"]
        except NotFound:
            return None
        return player_id if secrets.compare_digest(current, token_hash) else None

    def add_match(self, player_id: str, match_id: str) -> None:
        self.conn.zadd(keys.player(player_id, "matches"), {match_id: time.time()})

    def match_ids(self, player_id: str, limit: int = 500) -> list[str]:
        """The player's matches, newest first."""
        return [m.decode() for m in self.conn.zrevrange(keys.player(player_id, "matches"), 0, limit - 1)]

    def require(self, player_id: str) -> dict:
        try:
            return self.get(player_id)
        except NotFound:
            raise NotFound(f"no player with id {player_id!r}", code="unknown_player")
