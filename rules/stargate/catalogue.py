"""How a Stargate TCG card's printed face reads in the card catalogue (``rules.catalogue``)."""
from __future__ import annotations

from functools import lru_cache

from .. import catalogue as C
from .effects.render import render

NUMBERS = ("experience", "firepower", "revive")


def entry(card: dict) -> C.Entry:
    return {"title": card["title"], "subtitle": card.get("subtitle"), "type": card["type"],
            "subtype": card.get("subtype"), "allegiance": card.get("allegiance"), "cost": card.get("cost"),
            "skills": dict(card.get("skills") or {}), "numbers": C.numbers(card, NUMBERS),
            "glyph": card.get("glyph"), "traits": list(card.get("traits") or []),
            "set": card.get("set"), "number": card.get("number"), "official": card.get("official", True),
            "text": render(card.get("mechanics"))}


@lru_cache(maxsize=1)
def catalogue() -> dict[str, C.Entry]:
    from .cards import card_db
    return C.build(card_db(), entry)
