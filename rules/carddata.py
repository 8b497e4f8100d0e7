"""Loading a game's card pool from its package data: printed facts merged with the
project's hand-written mechanics. Each game keeps its own files and ids (OCTGN GUIDs,
collector's info, slugs); the rules for merging them are the same for all three, so they
live here once."""
from __future__ import annotations

import json
from typing import Any, Callable, Iterable


class CardDataError(ValueError):
    """A committed card data file is inconsistent (a bug in the project, not in input)."""


def read_json(path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def json_files(folder) -> list:
    """The ``*.json`` entries of a package-data folder, by name (none if it is missing)."""
    if not folder.is_dir():
        return []
    return sorted((e for e in folder.iterdir() if e.name.endswith(".json")), key=lambda e: e.name)


def load_facts(folder, key: str, id_name: str = "card id") -> dict[str, dict[str, Any]]:
    """Every card of the ``facts/*.json`` files (``{"cards": [...]}``), by its ``key``; an id
    in two places is an error in the project's data."""
    cards: dict[str, dict[str, Any]] = {}
    for entry in json_files(folder):
        for card in read_json(entry)["cards"]:
            if card[key] in cards:
                raise CardDataError(f"duplicate {id_name} {card[key]} in {entry.name}")
            cards[card[key]] = card
    return cards


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


# ---- coverage reports: which cards have mechanics --------------------------------------
def tally(cards: Iterable[dict[str, Any]], label: Callable[[dict], str], order: Callable[[dict], Any]) -> dict[str, Any]:
    """Counts for a coverage line: cards, with mechanics (authored or no game text), and
    the labels of those still without mechanics (refused in decks), in ``order``."""
    cards = list(cards)
    authored = [c for c in cards if c["mechanics"]]
    blank = [c for c in cards if c["mechanics"] == []]
    missing = sorted((c for c in cards if c["mechanics"] is None), key=order)
    return {"cards": len(cards), "with_mechanics": len(authored) + len(blank), "authored": len(authored),
            "no_game_text": len(blank), "missing": [label(c) for c in missing]}


def render_coverage(title: str, report: dict[str, Any], *, not_official: str, width: int = 40,
                    list_missing: bool = False) -> str:
    """A coverage report as plain text: one line per set or deck, the total, and (with
    ``list_missing``) every card without mechanics."""
    def line(name: str, t: dict[str, Any]) -> str:
        share = 100.0 * t["with_mechanics"] / t["cards"] if t["cards"] else 100.0
        return (f"{name:<{width}} {t['with_mechanics']:>4}/{t['cards']:<4} {share:5.1f}%  "
                f"authored {t['authored']:>4}  no text {t['no_game_text']:>4}  missing {len(t['missing']):>4}")

    lines = [f"{title} ({report['scope']})"]
    for group in report["groups"]:
        lines.append(line(group["name"] + ("" if group["official"] else f" ({not_official})"), group))
    lines.append(line("TOTAL", report["total"]))
    if list_missing:
        lines.append("")
        lines.append(f"Cards without mechanics ({len(report['total']['missing'])}):")
        lines.extend(f"  {label}" for label in report["total"]["missing"])
    return "\n".join(lines) + "\n"
