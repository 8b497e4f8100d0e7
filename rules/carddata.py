"""Loading a game's card pool from its package data: printed facts merged with the
project's hand-written mechanics. Each game keeps its own files and ids (OCTGN GUIDs,
collector's info, slugs); the rules for merging them are the same for all three, so they
live here once."""
from __future__ import annotations

import json
from typing import Any, Iterable


class CardDataError(ValueError):
    """A committed card data file is inconsistent (a bug in the project, not in input)."""


def read_json(path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def json_files(folder) -> list:
    """The ``*.json`` entries of a package-data folder, by name (none if it is missing)."""
    if not folder.is_dir():
        return []
    return sorted((e for e in folder.iterdir() if e.name.endswith(".json")), key=lambda e: e.name)


def mechanics_files(folder) -> dict[str, dict[str, dict[str, Any]]]:
    """File name -> ``{card id: {"title", "mechanics"}}`` for every mechanics file."""
    return {entry.name: read_json(entry) for entry in json_files(folder)}


def merge_mechanics(facts: dict[str, dict[str, Any]], files: dict[str, dict[str, dict[str, Any]]],
                    *, id_name: str = "card id", authored_in_facts: Iterable[str] = ()) -> tuple[dict, dict[str, str]]:
    """A copy of ``facts`` with each authored entry's mechanics, and which file authored
    each card. An entry must name a known card and repeat its title (a cheap guard against
    pasting mechanics onto the wrong card), and a card may be authored only once (also not
    both in its facts and in a mechanics file). Keys starting with ``_`` are comments."""
    db = {cid: dict(card) for cid, card in facts.items()}
    seen = {cid: "its facts file" for cid in authored_in_facts}
    for filename, entries in files.items():
        for cid, entry in entries.items():
            if cid.startswith("_"):
                continue
            if cid not in db:
                raise CardDataError(f"{filename}: unknown {id_name} {cid}")
            if cid in seen:
                raise CardDataError(f"{filename}: {cid} already authored in {seen[cid]}")
            if entry.get("title") != db[cid]["title"]:
                raise CardDataError(f"{filename}: {cid} is {db[cid]['title']!r}, not {entry.get('title')!r}")
            if not isinstance(entry.get("mechanics"), list):
                raise CardDataError(f"{filename}: {cid} mechanics must be a list")
            seen[cid] = filename
            db[cid]["mechanics"] = entry["mechanics"]
    return db, {cid: f for cid, f in seen.items() if f != "its facts file"}
