"""Which Star Trek CCG 2E cards have mechanics, and which cannot be played yet.

Why: a card without mechanics is refused in decks (never played as a vanilla card), so the
team needs one command that says how far the card pool is playable::

    python -m rules.startrek2e.coverage [--set SE | --all | --starters] [--missing]

``--set SE`` (the default) counts Premiere; ``--all`` every set of the card list (4,408
cards; virtual sets labelled), one line per set; ``--starters`` the project's starter
decks; ``--missing`` lists every card still without mechanics. A card "has mechanics" when
its mechanics are a list: ``[]`` for a card without game text, or authored abilities.
Alternate printings count as cards of their own set (they share the primary's mechanics).
"""
from __future__ import annotations

import argparse
import re
import sys
from typing import Any, Iterable

from rules.carddata import render_coverage, tally

from .cards import card_db, card_label, starters


def _tally(cards: Iterable[dict[str, Any]]) -> dict[str, Any]:
    return tally(cards, card_label, lambda c: (c["set"], c["number"], c["id"]))


def starter_ids(deck: dict[str, Any]) -> set[str]:
    """Every distinct id of one starter deck (missions, dilemmas and draw deck)."""
    return set(deck["missions"]) | set(deck["dilemmas"]) | set(deck["deck"])


def coverage(scope: str = "SE") -> dict[str, Any]:
    """``{"scope", "total": tally, "groups": [{"name", "official", **tally}]}``.

    ``scope`` is a set code (``"SE"``), ``"all"`` or ``"starters"``. Groups are sets (in
    the order of their first collector number) or starter decks; a tally has ``cards``,
    ``with_mechanics``, ``authored``, ``no_game_text`` and the ``missing`` card labels.
    """
    db = card_db()
    groups = []
    if scope == "starters":
        everything: set[str] = set()
        for deck in starters():
            ids = starter_ids(deck)
            everything |= ids
            groups.append({"name": deck["name"], "official": True, **_tally(db[i] for i in ids)})
        total = _tally(db[i] for i in everything)
    else:
        chosen = [c for c in db.values() if scope == "all" or c["set"] == scope]
        if not chosen:
            known = sorted({c["set"] for c in db.values()})
            raise ValueError(f"unknown set {scope!r}; the sets are {', '.join(known)}")
        by_set: dict[str, list[dict[str, Any]]] = {}
        for card in chosen:
            by_set.setdefault(card["set"], []).append(card)

        def order(code: str) -> tuple[int, str]:
            return (min(int(m.group()) if (m := re.match(r"\d+", c["collector"])) else 0 for c in by_set[code]), code)

        for code in sorted(by_set, key=order):
            cards = by_set[code]
            groups.append({"name": code, "official": all(c["official"] for c in cards), **_tally(cards)})
        total = _tally(chosen)
    return {"scope": scope, "total": total, "groups": groups}


def render(report: dict[str, Any], *, list_missing: bool = False) -> str:
    """The report as plain text (one line per set or deck, then the total)."""
    return render_coverage("Star Trek CCG 2E card coverage", report, not_official="virtual", width=40,
                           list_missing=list_missing)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; prints the report."""
    parser = argparse.ArgumentParser(prog="python -m rules.startrek2e.coverage", description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--set", dest="scope", metavar="CODE", help="one set by its code (default SE, Premiere)")
    group.add_argument("--all", dest="scope", action="store_const", const="all", help="every set, one line each")
    group.add_argument("--starters", dest="scope", action="store_const", const="starters", help="the starter decks")
    parser.add_argument("--missing", action="store_true", help="list the cards without mechanics")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        report = coverage(args.scope or "SE")
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    sys.stdout.write(render(report, list_missing=args.missing))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
