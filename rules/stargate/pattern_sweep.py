"""Which cards each rules-fidelity pattern of issue 12 touches (the README's coverage figures).

Why a sweep: each pattern was fixed once, at its root (the engine or the effect language),
so its reach is every card whose mechanics use the construct — counted here from the card
data rather than by hand::

    python -m rules.stargate.pattern_sweep [--all] [--list]

``--all`` adds the fan-made sets 4–16 (default: the 824 official cards of sets 1–3);
``--list`` names the cards. The patterns:

1. ``event_then_discard`` — every event (its text is carried out, then it is discarded);
   ``event_reads_discard`` — the events whose own text reads the discard pile (the ones that
   used to find themselves there: Perks, Leave Behind No Trace, Conservation).
2. ``opponent_may`` — a "your opponent may …" (``may`` with ``who: opponent``).
3. ``ignored_cost_choice`` / ``ignored_count`` / ``ignored_choice`` — a cost that chooses
   cards in play, a count or an "if there is" over cards in play, an effect that chooses or
   names all cards in play: each now skips ignored cards (``stats.is_ignored``).
4. ``power_in_effect`` — power paid inside an effect (not in a cost list).
5. ``boostable`` — the cards that can be boosted (characters, adversaries, ships).
"""
from __future__ import annotations

import argparse
import sys
from typing import Any, Iterator

from .cards import card_db

HIDDEN_ZONES = ("discard", "hand", "score_pile")
PATTERNS = ("event_then_discard", "event_reads_discard", "opponent_may", "ignored_cost_choice",
            "ignored_count", "ignored_choice", "power_in_effect", "boostable")


def _walk(node: Any, in_cost: bool = False) -> Iterator[tuple[str, Any, bool]]:
    """Every (key, value, inside-a-cost) pair of a card's mechanics."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield k, v, in_cost
            yield from _walk(v, in_cost or k in ("cost", "play_cost") or k == "assign_cost")
    elif isinstance(node, list):
        for v in node:
            yield from _walk(v, in_cost)


def _in_play_filter(flt: Any) -> bool:
    """A filter over cards in play (not a pile, not the hand, not cards beneath a card)."""
    return isinstance(flt, dict) and flt.get("zone") not in HIDDEN_ZONES and "beneath" not in flt \
        and "played" not in flt


def patterns_of(card: dict) -> set[str]:
    """The patterns a card's mechanics touch."""
    mech = card.get("mechanics") or []
    out: set[str] = set()
    if card["type"] == "event":
        out.add("event_then_discard")
    if card["type"] in ("character", "adversary", "ship"):
        out.add("boostable")
    for key, val, in_cost in _walk(mech):
        if card["type"] == "event" and (key == "take_from_discard" or (key == "zone" and val == "discard")
                                        or (key == "on" and val == "card_discarded")):
            out.add("event_reads_discard")
        if key == "may" and isinstance(val, dict) and val.get("who") == "opponent":
            out.add("opponent_may")
        if key in ("choose", "all") and _in_play_filter(val):
            out.add("ignored_cost_choice" if in_cost else "ignored_choice")
        if key in ("count", "exists") and _in_play_filter(val):
            out.add("ignored_count")
        if key == "pay_power" and not in_cost:
            out.add("power_in_effect")
    return out


def sweep(include_fan_sets: bool = False) -> dict[str, list[str]]:
    """``{pattern: [card labels]}`` over the official pool (or every imported card)."""
    found: dict[str, list[str]] = {p: [] for p in PATTERNS}
    for card in card_db().values():
        if not (card.get("official") or include_fan_sets) or card.get("mechanics") is None:
            continue
        label = card["title"] + (f", {card['subtitle']}" if card.get("subtitle") else "")
        for p in patterns_of(card):
            found[p].append(label)
    return {p: sorted(v) for p, v in found.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rules.stargate.pattern_sweep", description=__doc__.split("\n")[0])
    ap.add_argument("--all", action="store_true", help="include the fan-made sets 4-16")
    ap.add_argument("--list", action="store_true", help="name the cards")
    args = ap.parse_args(argv)
    for pattern, cards in sweep(args.all).items():
        print(f"{pattern}: {len(cards)}")
        if args.list:
            for c in cards:
                print(f"  {c}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
