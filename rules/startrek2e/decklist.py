"""Star Trek CCG 2E deck lists as players keep them: the trekcc / Lackey text and ``.dek``.

Why: players hold their decks as the community deck builders export them (``Missions``,
``Dilemmas``, ``Draw Deck`` with ``Personnel``, ``Ships``… under it; ``3x Jean-Luc Picard,
Explorer``; Lackey's ``Jean-Luc Picard Explorer``; collector's info ``1R208``), not as the
API's JSON. The grammar is the shared one (:mod:`rules.decklist`); this module names the
sections and the cards. A card answers to its title, ``Title, Subtitle``, a mission also to
``Location, Title``, and to its collector's info; a set code in brackets picks a printing
(``Jean-Luc Picard, Explorer (Promo)``). An alternate image (``1R007~2``) is the same card
as its primary: its name means the primary; so is a reprint (the same printed facts and
mechanics in another set or as a virtual promo): its name means the official printing the
engine plays, first printed (Decipher's set order). A card listed before any header goes where its
type belongs (missions, dilemmas, else the draw deck), so a headerless list works too.
"""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from rules import decklist as core
from rules.errors import InvalidRequest, NotFound

from .cards import by_ref, card_db, card_label
from .formats import DECIPHER_SETS

#: what only the printing changes (two printings otherwise alike are one card reprinted)
_PRINTING = frozenset({"id", "collector", "set", "rarity", "number", "official", "hof_retired", "alternate_of",
                       "mechanics"})

#: the deck dict's parts (``deckbuilding.PARTS``; a sibling layer, so not imported)
PARTS = ("missions", "dilemmas", "deck")
DRAW_TYPES = frozenset({"personnel", "ship", "equipment", "event", "interrupt"})

SECTIONS = (
    core.Section("missions", ("missions", "mission", "mission pile", "missions pile"), frozenset({"mission"})),
    core.Section("dilemmas", ("dilemmas", "dilemma", "dilemma pile", "dilemmas pile"), frozenset({"dilemma"})),
    core.Section("deck", ("draw deck", "deck", "draw", "main", "main deck", "play deck", "personnel", "ships", "ship",
                          "equipment", "events", "event", "interrupts", "interrupt"), DRAW_TYPES),
)


def _find_key(ref: str) -> str | None:
    try:
        return str(by_ref(ref)["id"])
    except (NotFound, InvalidRequest):
        return None


def _printing(card: dict[str, Any]) -> core.Printing:
    names = [card["title"]]
    if card.get("subtitle"):
        names.append(f"{card['title']}, {card['subtitle']}")
    if card.get("location"):
        names += [f"{card['location']}, {card['title']}", f"{card['title']}, {card['location']}"]
    tags = (str(card["set"]), "official" if card["official"] else "virtual")
    face = repr(sorted((k, repr(v)) for k, v in card.items() if k not in _PRINTING))
    rules = "" if card.get("mechanics") is None else json.dumps(card["mechanics"], sort_keys=True)
    first_printed = DECIPHER_SETS.index(card["set"]) if card["set"] in DECIPHER_SETS else len(DECIPHER_SETS)
    return core.Printing(key=card["id"], label=card_label(card), names=tuple(names), kind=card["type"],
                         tags=tags, primary=card.get("alternate_of"), face=face, rules=rules,
                         rank=(not card["official"], first_printed, card["id"]))


def _default_part(printing: core.Printing) -> str:
    return {"mission": "missions", "dilemma": "dilemmas"}.get(printing.kind, "deck")


@lru_cache(maxsize=1)
def deck_list_format() -> core.DeckListFormat:
    """The Star Trek deck list: its sections and its card pool's names (built once)."""
    catalogue = core.Catalogue.of((_printing(c) for c in card_db().values()), _find_key)
    return core.DeckListFormat("Star Trek 2E", SECTIONS, catalogue, _default_part, "1R208")


def parse(text: str) -> dict[str, Any]:
    """The deck dict (``{"missions", "dilemmas", "deck"}``, one collector's info per copy,
    as a starter deck is) a deck list names; raises ``DeckListUnreadable`` listing every
    line that names no card. Whether the deck is legal is ``deckbuilding``'s question."""
    listed = core.read(text, deck_list_format())
    return {part: core.copies(listed.entries, part) for part in PARTS}


def render(deck: dict[str, Any]) -> str:
    """A deck dict as a deck list that :func:`parse` reads back."""
    fmt = deck_list_format()

    def counted(items: Any) -> list[tuple[str, int]]:
        if isinstance(items, dict):
            items = [{"card": k, "qty": v} for k, v in items.items()]
        out: dict[str, int] = {}
        for item in items:
            ref, qty = (item.get("card", item.get("id")), item.get("qty", 1)) if isinstance(item, dict) else (item, 1)
            key = str(by_ref(str(ref))["id"])
            out[key] = out.get(key, 0) + qty
        return list(out.items())

    def name(key: str) -> str:
        card = card_db()[key]
        if card.get("location"):
            return f"{card['location']}, {card['title']}"
        return card["title"] + (f", {card['subtitle']}" if card.get("subtitle") else "")

    return core.render(fmt, [(part, counted(deck.get(part, []))) for part in PARTS], name, title=deck.get("name"))
