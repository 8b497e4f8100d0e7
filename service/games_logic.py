"""What ``GET /v1/games`` reports: every game this server can run; and a deck check by one
game's construction rules (``POST /v1/games/<game>/decks/check``)."""
from __future__ import annotations

import logging

import rules
from replays.pinning import engine_versions
from rules.errors import InvalidRequest
from rules.protocol import Game

from .challenges_logic import own_deck_violations
from .matches_logic import check_ruleset

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


def check_deck(game_id: str, ruleset: str | None, seats: int, deck: object, text: str | None = None) -> dict:
    """``{game, ruleset, valid, violations}`` for one player's deck (the same judgement a
    challenge makes: ``challenges_logic.own_deck_violations``), and the ``deck`` itself
    when it was posted as a plain-text list (``text``: read by the game's
    ``parse_deck_list`` against its public card pool only; a line it cannot read is 400
    ``deck_list_unreadable``). Nothing is stored."""
    game = rules.get_game(game_id)
    ruleset = check_ruleset(game, ruleset)
    if text is not None:
        parse = getattr(game, "parse_deck_list", None)
        if parse is None:
            raise InvalidRequest(f"{game.title} has no plain-text deck lists; post the deck itself",
                                 code="deck_list_unsupported")
        deck = parse(text)
    violations = own_deck_violations(game, ruleset, seats, "you", deck)
    checked = {"game": game.id, "ruleset": ruleset, "valid": not violations, "violations": violations}
    if text is not None:
        checked["deck"] = deck
    return checked
