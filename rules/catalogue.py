"""A game's card catalogue: what each card's printed face shows, once per definition.

Why: a player must be able to play from the view alone, yet rendering every card's text on
every ``view`` call was most of its cost. So a view carries only each visible card's
definition key (and the numbers the game tracks *now*: skills in play, a cost after
modifiers), and the catalogue — public data, the same for every match — carries the
printed face: title, type, cost, numbers, requirements, rendered text. Each game's
``catalogue`` module says how one of its definitions reads; this module builds the whole
catalogue once per process.
"""
from __future__ import annotations

from typing import Any, Callable

Entry = dict[str, Any]


def build(db: dict[str, dict], entry: Callable[[dict], Entry]) -> dict[str, Entry]:
    """``{key: entry(card)}`` for every definition of a game's pool, in key order."""
    return {key: {"key": key, **entry(card)} for key, card in sorted(db.items())}


def numbers(card: dict, fields: tuple[str, ...]) -> dict[str, Any]:
    """The printed numbers a card has (``None`` = not printed, left out)."""
    return {f: card[f] for f in fields if card.get(f) is not None}
