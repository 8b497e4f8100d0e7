"""Stargate TCG deck lists as players keep them: plain text or OCTGN ``.o8d`` files.

Why: players hold their decks as OCTGN files and forum text (``Team:`` four characters,
``Missions:`` twelve, then the rest), not as the API's JSON. The grammar is the shared one
(:mod:`rules.decklist`); this module names the sections and the cards. A card answers to
its title, to ``Title, Subtitle`` (``Jack O'Neill, SG-1 Commander``), and to its keys: the
GUID and ``set/number`` (``1/95``); a set name or number in brackets picks a printing
(``Anubis (Base Set)``); a reprint (the same printed facts and mechanics in another set)
is one card, and its name means the official printing the engine plays, first printed. A
card listed before any header goes to the mission pile if it is
a mission, else to the deck (the team needs its ``Team:`` header).
"""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from rules import decklist as core
from rules.errors import InvalidRequest, NotFound

from .cards import by_ref, card_db, card_label

#: what only the printing changes (two printings otherwise alike are one card reprinted)
_PRINTING = frozenset({"guid", "set", "set_name", "number", "rarity", "official", "mechanics"})

SECTIONS = (
    core.Section("team", ("team", "starting team", "team characters", "starting team characters"),
                 frozenset({"character"})),
    core.Section("missions", ("missions", "mission pile", "mission", "mission deck"), frozenset({"mission"})),
    core.Section("deck", ("deck", "main", "main deck", "draw deck", "the rest", "rest of the deck",
                          "characters", "support characters", "adversaries", "obstacles", "events", "gear",
                          "ships", "hero", "heroes", "villain", "villains")),
)


def _find_key(ref: str) -> str | None:
    try:
        return str(by_ref(ref)["guid"])
    except (NotFound, InvalidRequest):
        return None


def _printing(card: dict[str, Any]) -> core.Printing:
    names = (card["title"],) + ((f"{card['title']}, {card['subtitle']}",) if card.get("subtitle") else ())
    tags = (str(card["set"]), card.get("set_name") or "", f"set {card['set']}",
            "official" if card["official"] else "unofficial")
    face = repr(sorted((k, repr(v)) for k, v in card.items() if k not in _PRINTING))
    rules = "" if card.get("mechanics") is None else json.dumps(card["mechanics"], sort_keys=True)
    number = int(card["number"]) if str(card["number"]).isdigit() else 0
    return core.Printing(key=card["guid"], label=card_label(card), names=names, kind=card["type"],
                         tags=tuple(t for t in tags if t), handle=f"{card['set']}/{card['number']}",
                         face=face, rules=rules, rank=(not card["official"], card["set"], number))


def _default_part(printing: core.Printing) -> str:
    return "missions" if printing.kind == "mission" else "deck"


@lru_cache(maxsize=1)
def deck_list_format() -> core.DeckListFormat:
    """The Stargate deck list: its sections and its card pool's names (built once)."""
    catalogue = core.Catalogue.of((_printing(c) for c in card_db().values()), _find_key)
    return core.DeckListFormat("Stargate", SECTIONS, catalogue, _default_part, "1/95")


def parse(text: str) -> dict[str, Any]:
    """The deck dict (``{"team": [guid], "missions": [guid], "deck": [{"card", "qty"}]}``,
    as a starter deck is) a deck list names; raises ``DeckListUnreadable`` listing every
    line that names no card. Whether the deck is legal is ``deckbuilding``'s question."""
    listed = core.read(text, deck_list_format())
    return {"team": core.copies(listed.entries, "team"), "missions": core.copies(listed.entries, "missions"),
            "deck": [{"card": key, "qty": qty} for key, qty in core.grouped(listed.entries, "deck")]}


def render(deck: dict[str, Any]) -> str:
    """A deck dict (GUID or ``set/number`` refs) as a deck list that :func:`parse` reads back."""
    fmt = deck_list_format()

    def counted(items: list[Any]) -> list[tuple[str, int]]:
        out: dict[str, int] = {}
        for item in items:
            ref, qty = (item.get("card", item.get("guid")), item.get("qty", 1)) if isinstance(item, dict) else (item, 1)
            key = str(by_ref(str(ref))["guid"])
            out[key] = out.get(key, 0) + qty
        return list(out.items())

    def name(key: str) -> str:
        return fmt.catalogue.printings[key].names[-1]

    return core.render(fmt, [(part, counted(deck.get(part, []))) for part in ("team", "missions", "deck")],
                       name, title=deck.get("name"))
