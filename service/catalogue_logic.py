"""``GET /v1/games/<game>/cards``: each game's card catalogue, serialised once per process.

Why: a view carries only each visible card's definition key, so a client looks the printed
face up here once and caches it. The catalogue is public definitions only (never match
state), identical for every match, so it is encoded once and answered with an ETag that
lets clients revalidate for free (``If-None-Match`` → 304).
"""
from __future__ import annotations

import hashlib
from functools import lru_cache

import orjson

import rules
from rules.errors import InvalidRequest, NotFound

MAX_KEYS = 500


def _game_with_catalogue(game_id: str):
    if game_id not in rules.available():  # an id in the path: unknown is 404, not 400
        raise NotFound(f"unknown game '{game_id}'; known games: {', '.join(rules.available())}", code="unknown_game")
    game = rules.get_game(game_id)
    if not game.card_catalogue():
        raise NotFound(f"the game '{game_id}' has no card catalogue", code="no_card_catalogue")
    return game


def _encode(game, cards: dict) -> tuple[bytes, str]:
    body = orjson.dumps({"game": game.id, "card_key": game.card_key, "cards": cards})
    return body, hashlib.sha256(body).hexdigest()[:32]


@lru_cache(maxsize=8)
def whole_catalogue(game_id: str) -> tuple[bytes, str]:
    """The encoded catalogue and its ETag (computed once per game per process)."""
    game = _game_with_catalogue(game_id)
    return _encode(game, game.card_catalogue())


def some_cards(game_id: str, keys: list[str]) -> tuple[bytes, str]:
    """The entries of ``keys``; every unknown key is named (keys are public, not match data)."""
    game = _game_with_catalogue(game_id)
    if len(keys) > MAX_KEYS:
        raise InvalidRequest(f"at most {MAX_KEYS} keys per request, not {len(keys)}", code="too_many_keys")
    cat = game.card_catalogue()
    unknown = [k for k in keys if k not in cat]
    if unknown:
        raise NotFound(f"no card with the key(s) {', '.join(repr(k) for k in unknown[:10])} in {game.id}'s catalogue",
                       code="card_not_found", details={"unknown": unknown[:MAX_KEYS]})
    return _encode(game, {k: cat[k] for k in dict.fromkeys(keys)})


def one_card(game_id: str, key: str) -> tuple[bytes, str]:
    game = _game_with_catalogue(game_id)
    entry = game.card_catalogue().get(key)
    if entry is None:
        raise NotFound(f"no card with the key {key!r} in {game.id}'s catalogue", code="card_not_found",
                       details={"unknown": [key]})
    body = orjson.dumps(entry)
    return body, hashlib.sha256(body).hexdigest()[:32]


def split_keys(raw: str | None) -> list[str] | None:
    if raw is None:
        return None
    return [k.strip() for k in raw.split(",") if k.strip()]
