"""Babylon 5 CCG deck lists as players keep them: ``Ambassador:`` and the deck, by title.

Why: players write their decks as text (``Ambassador: Londo Mollari`` … ``3 Homeworld
Fleet``), not as the API's JSON. The grammar is the shared one (:mod:`rules.decklist`);
this module names the sections and the cards. A card answers to its title and its id
(``commander-ruth-okafor``); a race in brackets picks one of two cards with one title
(``Homeworld Fleet (narn)``). ``Race: narn`` is kept as the deck's race. A starting
ambassador listed before any header is the ambassador (the first one; the deck check
refuses any other), every other card goes to the deck.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from rules import decklist as core

from .cards import card_db, card_label

SECTIONS = (
    core.Section("ambassador", ("ambassador", "starting ambassador"), frozenset({"character"}), single=True),
    core.Section("deck", ("deck", "draw deck", "main", "main deck", "characters", "fleets", "fleet",
                          "events", "enhancements", "agendas", "conflicts", "contingencies", "groups",
                          "locations", "aftermaths", "aides")),
)


def _find_key(ref: str) -> str | None:
    key = ref.strip().casefold()
    return key if key in card_db() else None


def _printing(card: dict[str, Any]) -> core.Printing:
    return core.Printing(key=card["id"], label=f"{card_label(card)} [{card['id']}]", names=(card["title"],),
                         kind=card["type"], tags=(card["race"], card.get("subtype") or card["type"]))


def _default_part(printing: core.Printing) -> str:
    return "ambassador" if card_db()[printing.key].get("starting_ambassador") else "deck"


@lru_cache(maxsize=1)
def deck_list_format() -> core.DeckListFormat:
    """The Babylon 5 deck list: its sections and its card pool's names (built once)."""
    catalogue = core.Catalogue.of((_printing(c) for c in card_db().values()), _find_key)
    return core.DeckListFormat("Babylon 5", SECTIONS, catalogue, _default_part, "commander-ruth-okafor")


def parse(text: str) -> dict[str, Any]:
    """The deck dict (``{"ambassador": id, "deck": [id per copy]}``, with ``race`` when the
    list says it) a deck list names; raises ``DeckListUnreadable`` listing every line that
    names no card. A list without an ambassador has none (the deck check says so)."""
    listed = core.read(text, deck_list_format())
    deck: dict[str, Any] = {"deck": core.copies(listed.entries, "deck")}
    ambassador = core.copies(listed.entries, "ambassador")
    if ambassador:
        deck["ambassador"] = ambassador[0]
    if "race" in listed.metadata:
        deck["race"] = listed.metadata["race"].casefold()
    return deck


def render(deck: dict[str, Any]) -> str:
    """A deck dict as a deck list that :func:`parse` reads back."""
    fmt = deck_list_format()

    def counted(items: list[Any]) -> list[tuple[str, int]]:
        out: dict[str, int] = {}
        for item in items:
            ref, qty = (item.get("card"), item.get("qty", 1)) if isinstance(item, dict) else (item, 1)
            key = str(ref).strip().casefold()
            out[key] = out.get(key, 0) + qty
        return list(out.items())

    parts = [("ambassador", counted([deck["ambassador"]] if deck.get("ambassador") else [])),
             ("deck", counted(deck.get("deck", [])))]
    extra = [f"Race: {deck['race']}"] if deck.get("race") else []
    return core.render(fmt, parts, lambda key: card_db()[key]["title"], title=deck.get("name"), extra=extra)
