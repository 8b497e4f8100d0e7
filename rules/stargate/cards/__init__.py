"""The Stargate TCG card pool: printed facts merged with hand-written mechanics.

Why: the engine must never read the community's OCTGN files (they are reference data
outside the project). ``facts/set-NN.json`` hold the printed facts the importer produced;
``mechanics/*.json`` hold the hand-written mechanics keyed by GUID. :func:`card_db` merges
them once (package data via ``importlib.resources``) and caches the result; callers must
treat it as immutable. The format is documented in ``FORMAT.md`` beside this file.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any

from rules.carddata import CardDataError, load_facts, merge_mechanics, read_json as _read_json
from rules.carddata import mechanics_files as _mechanics_files
from rules.errors import InvalidRequest, NotFound

__all__ = ["CardDataError", "card_db", "by_ref", "cards_by_title", "card_by_title",
           "starters", "card_label", "mechanics_files"]


def _package_files():
    return resources.files(__name__)


@lru_cache(maxsize=1)
def _facts() -> dict[str, dict[str, Any]]:
    return load_facts(_package_files().joinpath("facts"), "guid", "card GUID")


def mechanics_files() -> dict[str, dict[str, dict[str, Any]]]:
    """File name -> ``{guid: {"title", "mechanics"}}`` for every hand-written mechanics file."""
    return _mechanics_files(_package_files().joinpath("mechanics"))


@lru_cache(maxsize=1)
def card_db() -> dict[str, dict[str, Any]]:
    """GUID -> card definition (facts + mechanics). Loaded once; do not mutate.

    A mechanics entry must name a known GUID and repeat the card's title (a cheap guard
    against pasting mechanics onto the wrong GUID); a GUID authored twice is an error.
    """
    return merge_mechanics(_facts(), mechanics_files(), id_name="card GUID")[0]


@lru_cache(maxsize=1)
def _by_set_number() -> dict[str, str]:
    return {f"{c['set']}/{c['number']}": guid for guid, c in card_db().items()}


def by_ref(ref: str) -> dict[str, Any]:
    """The card a deck names: a GUID or ``"set/number"`` (``"1/95"``). Raises ``NotFound``."""
    if not isinstance(ref, str):
        raise InvalidRequest(f"a card reference must be a GUID or 'set/number', not {ref!r}")
    db = card_db()
    guid = _by_set_number().get(ref.strip(), ref.strip().lower())
    if guid not in db:
        raise NotFound(f"unknown card {ref!r} (expected a GUID or 'set/number' such as '1/95')")
    return db[guid]


@lru_cache(maxsize=1)
def _by_title() -> dict[str, list[str]]:
    index: dict[str, list[str]] = {}
    for guid, card in sorted(card_db().items(), key=lambda kv: (kv[1]["set"], int(kv[1]["number"]))):
        index.setdefault(card["title"].casefold(), []).append(guid)
    return index


def cards_by_title(title: str) -> list[dict[str, Any]]:
    """Every printing/version with this title (case-insensitive), official sets first."""
    return [card_db()[g] for g in _by_title().get(title.casefold(), [])]


def card_by_title(title: str, subtitle: str | None = None, *, official_only: bool = True) -> dict[str, Any]:
    """The one card with this title (and subtitle). Raises ``NotFound`` if none or ambiguous."""
    found = [c for c in cards_by_title(title)
             if (subtitle is None or (c["subtitle"] or "").casefold() == subtitle.casefold())
             and (c["official"] or not official_only)]
    if len(found) != 1:
        what = f"{title!r}" + (f" / {subtitle!r}" if subtitle else "")
        raise NotFound(f"{len(found)} cards match {what}" + (
            ": " + ", ".join(card_label(c) for c in found) if found else ""))
    return found[0]


def card_label(card: dict[str, Any]) -> str:
    """How a person finds the card: ``Jack O'Neill, SG-1 Commander (1/95)``."""
    name = card["title"] + (f", {card['subtitle']}" if card.get("subtitle") else "")
    tag = "" if card["official"] else ", unofficial fan-made"
    return f"{name} ({card['set']}/{card['number']}{tag})"


@lru_cache(maxsize=1)
def starters() -> tuple[dict[str, Any], ...]:
    """The 12 preconstructed starter decks, as generated from the OCTGN ``.o8d`` files."""
    return tuple(_read_json(_package_files().joinpath("starters.json")))
