"""The Babylon 5 CCG card pool: the project's own card facts merged with authored mechanics.

Why this shape: no trustworthy public card list exists, so every card here is the
project's own (``official: false``): an invented sample pool large enough for four starter
decks, plus the few cards the rulebook chapters name and describe. Facts live in
``facts/*.json`` (generated from the spreadsheets in ``sources/`` by ``importer.py``);
mechanics in the engine's effect language live in ``mechanics/*.json`` keyed by card id.
:func:`card_db` merges them once (package data via ``importlib.resources``) and caches it;
callers must treat it as immutable. A community's extra cards are read with
:func:`load_pool` and validated the same way. ``FORMAT.md`` documents every field.
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Mapping

from rules.carddata import CardDataError, json_files, merge_mechanics, read_json as _read_json
from rules.carddata import mechanics_files as _mechanics_files
from rules.errors import NotFound

from .facts import check_card
from .csv_format import CardImportError, mechanics_problems, parse_csv

__all__ = ["CardDataError", "CardImportError", "card_db", "by_id", "card_label", "starters",
           "load_pool", "merge_pools", "check_pool", "mechanics_files", "facts_files"]


def _package_files():
    return resources.files(__name__)


def facts_files() -> dict[str, list[dict[str, Any]]]:
    """File name -> its cards, for every committed ``facts/*.json``."""
    return {entry.name: _read_json(entry)["cards"] for entry in json_files(_package_files().joinpath("facts"))}


def mechanics_files() -> dict[str, dict[str, dict[str, Any]]]:
    """File name -> ``{id: {"title", "mechanics"}}`` for every ``mechanics/*.json``."""
    return _mechanics_files(_package_files().joinpath("mechanics"))


def check_pool(cards: Iterable[dict[str, Any]], name: str,
               base: Mapping[str, dict[str, Any]] | None = None) -> None:
    """Cross-card checks a single row cannot make; raises :class:`CardImportError`.

    Ids must not clash with ``base`` (default: the project's pool, minus cards that came
    from a file of the same name, so re-importing a project spreadsheet is no clash), and an
    aide's ``aide_of`` must name an ambassador in ``cards`` or ``base``.
    """
    cards = list(cards)
    if base is None:
        facts, origin = _facts_with_origin()
        base = {i: c for i, c in facts.items() if origin[i] != name}
    errors: list[str] = []
    known = dict(base)
    for card in cards:
        if card["id"] in base:
            errors.append(f"{name}: id {card['id']!r} ({card['title']}) is already a card of the pool"
                          f" ({base[card['id']]['title']}); choose another id")
        known[card["id"]] = card
    for card in cards:
        if card["aide_of"] is not None:
            boss = known.get(card["aide_of"])
            if boss is None or boss["subtype"] != "ambassador":
                errors.append(f"{name}: {card['title']} ({card['id']}) is the aide of {card['aide_of']!r},"
                              " which is not an ambassador in this file or the pool")
    if errors:
        raise CardImportError(errors)


@lru_cache(maxsize=1)
def _facts_with_origin() -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
    cards: dict[str, dict[str, Any]] = {}
    origin: dict[str, str] = {}
    for filename, entries in facts_files().items():
        for card in entries:
            problems = check_card(card)
            if problems:
                raise CardDataError(f"{filename}: {card.get('id')}: " + "; ".join(problems))
            if card["id"] in cards:
                raise CardDataError(f"{filename}: duplicate card id {card['id']} (also in {origin[card['id']]})")
            cards[card["id"]] = card
            origin[card["id"]] = filename.removesuffix(".json") + ".csv"
    return cards, origin


def _origin() -> dict[str, str]:
    return _facts_with_origin()[1]


@lru_cache(maxsize=1)
def card_db() -> dict[str, dict[str, Any]]:
    """Card id -> card definition (facts + mechanics). Loaded once; do not mutate.

    A mechanics entry must name a known id and repeat the card's title (a guard against
    pasting mechanics onto the wrong card); a card authored twice, or authored both in its
    facts file and in a mechanics file, is an error.
    """
    facts, _ = _facts_with_origin()
    authored = [cid for cid, card in facts.items() if card["mechanics"] is not None]
    return merge_mechanics(facts, mechanics_files(), authored_in_facts=authored)[0]


def by_id(card_id: str, pool: Mapping[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """The card with this id (in ``pool``, default the project's). Raises ``NotFound``."""
    pool = card_db() if pool is None else pool
    if not isinstance(card_id, str) or card_id.strip().casefold() not in pool:
        raise NotFound(f"unknown Babylon 5 card {card_id!r} (cards are named by id, e.g. 'commander-ruth-okafor')")
    return pool[card_id.strip().casefold()]


def card_label(card: Mapping[str, Any]) -> str:
    """How a person finds the card: ``Commander Ruth Okafor (human character, unofficial)``."""
    kind = card["subtype"] if card["type"] == "character" and card["subtype"] != "character" else card["type"]
    race = "" if card["race"] == "neutral" else card["race"] + " "
    return f"{card['title']} ({race}{kind}, unofficial)"


def _load_one(path: Path) -> list[dict[str, Any]]:
    if path.suffix.casefold() == ".csv":
        return parse_csv(path.read_text(encoding="utf-8-sig"), path.name)
    if path.suffix.casefold() == ".json":
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise CardImportError([f"{path.name}:{exc.lineno}: not valid JSON ({exc.msg})"]) from exc
        cards = data.get("cards") if isinstance(data, dict) else None
        if not isinstance(cards, list):
            raise CardImportError([f"{path.name}: expected an object with a 'cards' list"])
        errors: list[str] = []
        for n, card in enumerate(cards, 1):
            label = f"{path.name}: card {n} ({card.get('id') if isinstance(card, dict) else repr(card)})"
            if not isinstance(card, dict):
                errors.append(f"{label}: not an object")
                continue
            problems = check_card(card)
            if not problems and card["mechanics"] is not None:
                problems = [f"mechanics: {p}" for p in mechanics_problems(card["mechanics"])]
            errors.extend(f"{label}: {p}" for p in problems)
        if errors:
            raise CardImportError(errors)
        return cards
    raise CardImportError([f"{path.name}: a card file must end in .csv or .json"])


def load_pool(path: str | Path, base: Mapping[str, dict[str, Any]] | None = None) -> dict[str, dict[str, Any]]:
    """A community's extra cards: one ``.csv``/``.json`` file or a directory of them.

    Every file is validated (line-numbered errors for CSV), ids must be unique across the
    files and must not clash with ``base`` (default: the project's pool), aides must name
    an ambassador. Returns ``{id: card}`` for the new cards only; combine with
    :func:`merge_pools` to build decks from both. Raises :class:`CardImportError` listing
    every problem of every file.
    """
    path = Path(path)
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.suffix.casefold() in (".csv", ".json"))
    elif path.is_file():
        files = [path]
    else:
        raise CardImportError([f"{path}: no such file or directory"])
    base = card_db() if base is None else base
    errors: list[str] = []
    found: dict[str, dict[str, Any]] = {}
    where: dict[str, str] = {}
    for file in files:
        try:
            cards = _load_one(file)
        except CardImportError as exc:
            errors.extend(exc.errors)
            continue
        for card in cards:
            if card["id"] in found:
                errors.append(f"{file.name}: id {card['id']!r} is already used in {where[card['id']]}")
                continue
            found[card["id"]] = card
            where[card["id"]] = file.name
    if not errors:
        try:
            check_pool(found.values(), str(path.name), base)
        except CardImportError as exc:
            errors.extend(exc.errors)
    if errors:
        raise CardImportError(errors)
    return found


def merge_pools(*pools: Mapping[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """One pool from several (e.g. ``merge_pools(card_db(), load_pool(path))``); ids must not clash."""
    merged: dict[str, dict[str, Any]] = {}
    for pool in pools:
        clash = sorted(set(pool) & set(merged))
        if clash:
            raise CardImportError([f"card id(s) in more than one pool: {', '.join(clash)}"])
        merged.update(pool)
    return merged


@lru_cache(maxsize=1)
def starters() -> tuple[dict[str, Any], ...]:
    """The four starter decks ``{"id", "name", "race", "ambassador", "deck": [id per copy]}``."""
    return tuple(_read_json(_package_files().joinpath("starters.json")))
