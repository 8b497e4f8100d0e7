"""What ``GET /v1/games`` reports: every game this server can run."""
from __future__ import annotations

import logging

import rules
from replays.pinning import engine_versions
from rules.protocol import Game

log = logging.getLogger(__name__)


def describe_game(game: Game) -> dict:
    return {
        "id": game.id,
        "title": game.title,
        **engine_versions(game),  # hashes of the rules source and card files (replays.pinning)
        "default_ruleset": game.default_ruleset,
        "rulesets": [{"id": rid, "description": text} for rid, text in game.rulesets.items()],
        "starter_decks": list(game.starter_decks()),
        "card_key": getattr(game, "card_key", None),
    }


def list_games() -> list[dict]:
    """Registered and built-in games. A built-in whose engine fails to import is left out
    (and logged) rather than breaking the list of every other game."""
    games = []
    for game_id in rules.available():
        try:
            game = rules.get_game(game_id)
        except ImportError as exc:
            log.warning("game %r is listed but its engine does not import (%s); leaving it out", game_id, exc)
            continue
        games.append(describe_game(game))
    return games
