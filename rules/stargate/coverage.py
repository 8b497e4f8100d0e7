"""Which Stargate cards have mechanics, and which cannot be played yet.

Why: a card without mechanics is refused in decks (never played as a vanilla card), so the
team needs one command that says how far the card pool is playable::

    python -m rules.stargate.coverage [--all|--official|--starters] [--missing]

``--official`` (the default) counts sets 1-3, ``--all`` adds the fan-made sets 4-16 (labelled
unofficial), ``--starters`` counts the 12 starter decks; ``--missing`` lists every card
still without mechanics. A card "has mechanics" when its mechanics are a list: ``[]`` for a
card without game text, or authored abilities.
"""
from __future__ import annotations

import argparse
import sys
from typing import Any, Iterable

from rules.carddata import render_coverage, tally

from .cards import card_db, card_label, starters

SCOPES = ("official", "all", "starters")


def _tally(cards: Iterable[dict[str, Any]]) -> dict[str, Any]:
    return tally(cards, card_label, lambda c: (c["set"], int(c["number"])))


def starter_guids(deck: dict[str, Any]) -> set[str]:
    """Every distinct GUID of one starter deck (team, missions and deck)."""
    return set(deck["team"]) | set(deck["missions"]) | {e["guid"] for e in deck["deck"]}


def coverage(scope: str = "official") -> dict[str, Any]:
    """``{"scope", "total": tally, "groups": [{"name", "official", **tally}]}``.

    Groups are sets (official/all) or starter decks (starters); a tally has ``cards``,
    ``with_mechanics``, ``authored``, ``no_game_text`` and the ``missing`` card labels.
    """
    if scope not in SCOPES:
        raise ValueError(f"scope must be one of {SCOPES}, not {scope!r}")
    db = card_db()
    groups = []
    if scope == "starters":
        everything: set[str] = set()
        for deck in starters():
            guids = starter_guids(deck)
            everything |= guids
            groups.append({"name": deck["name"], "official": True, **_tally(db[g] for g in guids)})
        total = _tally(db[g] for g in everything)
    else:
        chosen = [c for c in db.values() if c["official"] or scope == "all"]
        by_set: dict[int, list[dict[str, Any]]] = {}
        for card in chosen:
            by_set.setdefault(card["set"], []).append(card)
        for number in sorted(by_set):
            first = by_set[number][0]
            groups.append({"name": f"{number} {first['set_name']}", "official": first["official"],
                           **_tally(by_set[number])})
        total = _tally(chosen)
    return {"scope": scope, "total": total, "groups": groups}


def render(report: dict[str, Any], *, list_missing: bool = False) -> str:
    """The report as plain text (one line per set or deck, then the total)."""
    return render_coverage("Stargate TCG card coverage", report, not_official="unofficial, fan-made", width=48,
                           list_missing=list_missing)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; prints the report."""
    parser = argparse.ArgumentParser(prog="python -m rules.stargate.coverage", description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--all", dest="scope", action="store_const", const="all", help="sets 1-16 (fan sets too)")
    group.add_argument("--official", dest="scope", action="store_const", const="official", help="sets 1-3 (default)")
    group.add_argument("--starters", dest="scope", action="store_const", const="starters", help="the 12 starter decks")
    parser.add_argument("--missing", action="store_true", help="list the cards without mechanics")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    sys.stdout.write(render(coverage(args.scope or "official"), list_missing=args.missing))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
