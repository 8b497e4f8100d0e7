"""How a Babylon 5 card's printed face reads in the card catalogue (``rules.catalogue``):
race, cost, abilities, military, bonuses and the text rendered from its mechanics."""
from __future__ import annotations

from functools import lru_cache

from .. import catalogue as C
from .effects.render import render_card

NUMBERS = ("military", "influence_bonus", "power_bonus")
FACTS = ("race", "subtype", "traits", "starting_ambassador", "loyal", "limited", "aide_of", "attaches_to",
         "conflict_target", "any_player_may_be_supported", "play_conditions", "unstated")


def entry(card: dict) -> C.Entry:
    return {"title": card["title"], "subtitle": None, "type": card["type"], "cost": card.get("cost"),
            "abilities": dict(card.get("abilities") or {}), "numbers": C.numbers(card, NUMBERS),
            **{f: card.get(f) for f in FACTS}, "official": card.get("official", False),
            "text": render_card(card)}


@lru_cache(maxsize=1)
def catalogue() -> dict[str, C.Entry]:
    from .cards import card_db
    return C.build(card_db(), entry)
