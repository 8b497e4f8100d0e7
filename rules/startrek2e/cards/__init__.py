"""The Star Trek CCG Second Edition card pool: printed facts merged with hand-written mechanics.

Why: the engine must never read the community's Lackey card list (reference data outside
the project, full of card text the project may not ship). ``facts/<set>.json`` hold the
printed facts the importer produced; ``mechanics/*.json`` hold our own mechanics keyed by
collector's info. :func:`card_db` merges them once (package data via
``importlib.resources``) and caches the result; callers must treat it as immutable. The
format is documented in ``FORMAT.md`` beside this file; the starter decks (our own) in
``STARTERS.md``.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any

from rules.carddata import CardDataError, load_facts, merge_mechanics, read_json as _read_json
from rules.carddata import mechanics_files as _mechanics_files
from rules.errors import InvalidRequest, NotFound

__all__ = ["CardDataError", "card_db", "by_ref", "cards_by_title", "card_label", "starters",
           "mechanics_files"]


def _package_files():
    return resources.files(__name__)


@lru_cache(maxsize=1)
def _facts() -> dict[str, dict[str, Any]]:
    return load_facts(_package_files().joinpath("facts"), "id", "card id")


def mechanics_files() -> dict[str, dict[str, dict[str, Any]]]:
    """File name -> ``{id: {"title", "mechanics"}}`` for every hand-written mechanics file."""
    return _mechanics_files(_package_files().joinpath("mechanics"))


@lru_cache(maxsize=1)
def card_db() -> dict[str, dict[str, Any]]:
    """Collector's info (``"1R208"``) -> card (facts + mechanics). Loaded once; do not mutate.

    A mechanics entry must name a known id and repeat the card's title (a cheap guard
    against pasting mechanics onto the wrong card); an id authored twice is an error. An
    alternate printing (``"1R208~2"``, ``alternate_of`` set) shares its primary's
    mechanics unless it is authored itself: the printed text is the same card's.
    """
    db, seen = merge_mechanics(_facts(), mechanics_files(), id_name="card id")
    for cid, card in db.items():
        primary = card.get("alternate_of")
        if primary and cid not in seen and primary in seen and card["title"] == db[primary]["title"]:
            card["mechanics"] = db[primary]["mechanics"]
    return db


def by_ref(ref: str) -> dict[str, Any]:
    """The card a deck names by collector's info (``"1R208"``, case-insensitive). Raises ``NotFound``."""
    if not isinstance(ref, str):
        raise InvalidRequest(f"a card reference must be a collector's info such as '1R208', not {ref!r}")
    db = card_db()
    key = ref.strip()
    card = db.get(key) or db.get(key.upper())
    if card is None:
        raise NotFound(f"unknown card {ref!r} (expected a collector's info such as '1R208')")
    return card


@lru_cache(maxsize=1)
def _by_title() -> dict[str, list[str]]:
    index: dict[str, list[str]] = {}
    for cid, card in sorted(card_db().items(), key=lambda kv: (not kv[1]["official"], kv[0])):
        index.setdefault(card["title"].casefold(), []).append(cid)
    return index


def cards_by_title(title: str) -> list[dict[str, Any]]:
    """Every card and printing with this title (case-insensitive), official printings first."""
    return [card_db()[c] for c in _by_title().get(title.casefold(), [])]


def card_label(card: dict[str, Any]) -> str:
    """How a person finds the card: ``Jean-Luc Picard, Explorer (1S268)``;
    missions show their location: ``Earth, Cradle of the Federation (1S161)``."""
    if card.get("location"):
        name = f"{card['location']}, {card['title']}"
    else:
        name = card["title"] + (f", {card['subtitle']}" if card.get("subtitle") else "")
    tag = "" if card["official"] else ", virtual"
    return f"{name} ({card['id']}{tag})"


@lru_cache(maxsize=1)
def _starters() -> tuple[dict[str, Any], ...]:
    return tuple(_read_json(_package_files().joinpath("starters.json")))


def starters() -> list[dict[str, Any]]:
    """The project's own preconstructed starter decks (Premiere cards only; see STARTERS.md).

    Each: ``{"id", "name", "missions": [id×5], "dilemmas": [ids], "deck": [ids]}``, one id
    per copy. A fresh list each call (the decks inside are shared: do not mutate).
    """
    return list(_starters())
