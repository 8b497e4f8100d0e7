"""Stargate's derived values computed from scratch: the oracle the engine's maintained and
indexed values are checked against (tests/rules/stargate/test_maintained_values.py).

Each function here is the computation as it was before an optimisation: it reads every
number card by card through ``stats``, walking every active static (no index of statics by
what they modify, no sum read in one pass), and lists active abilities by scanning every
card's whole text. Slow on purpose; never used by the engine.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from rules.stargate import state as S
from rules.stargate import stats
from rules.stargate.effects import filters as F


@contextmanager
def full_walk() -> Iterator[None]:
    """Every number read walks every active static, as before the index; every sum is read
    card by card."""
    saved = stats._unmodified_by_text, stats.modified_stats, stats.modified_numbers
    stats._unmodified_by_text = lambda *args: False
    stats.modified_stats = stats.modified_numbers = lambda state: None
    try:
        yield
    finally:
        stats._unmodified_by_text, stats.modified_stats, stats.modified_numbers = saved


def winner(state: dict) -> tuple[int, str] | None:
    """The victory check (rulebook, Winning the Game) with every number read through
    ``stats`` by the full walk: the first seat with seven glyphs, or experience at least its
    victory total, or a villain score pile costing at least its victory total."""
    with full_walk(), stats.reading(state):
        for s in range(len(state["seats"])):
            src = state["seats"][s]["victory_from"]
            vt = sum(stats.number(state, i, "point_value") for i in state["seats"][src]["team"])
            cards = state["cards"]
            glyphs = sum(len(cards[i]["glyphs"]) for i in S.in_play(state, s)
                         if cards[i]["glyphs"] and S.is_character(state, i))
            mine = [i for i in S.in_play(state, s) if not cards[i].get("became")]
            held = sum(S.card_def(state, g).get("experience") or 0 for i in mine for g in cards[i]["glyphs"])
            xp = max(0, held + sum(stats.number(state, i, "experience") for i in mine)
                     + stats.player_bonus(state, s, "experience"))
            cost = sum(stats.number(state, i, "cost") for i in state["seats"][s]["score_pile"])
            if glyphs >= 7:
                return s, "seven glyphs"
            if xp >= vt:
                return s, f"experience {xp} reached the victory total {vt}"
            if cost >= vt:
                return s, f"villain score pile cost {cost} reached the victory total {vt}"
    return None


def scanned_abilities(state: dict, kind: str) -> list:
    """``stats._active_abilities`` as it was: every card's whole current text scanned."""
    sources = [i for i in S.in_play(state) if stats.is_active(state, i)]
    cur = S.current_mission(state)
    if cur:
        sources.append(cur)
    out = [(i, ab) for i in sources for ab in S.card_def(state, i).get("mechanics") or []
           if ab.get("kind") == kind and F.glyphs_satisfied(state, ab, i)]
    t = state["turn"]
    for seat in {t.get("hero"), t.get("villain")} - {None}:
        out += [(i, ab) for i in state["seats"][seat]["score_pile"] for ab in S.card_def(state, i).get("mechanics") or []
                if ab.get("kind") == kind and stats.works_from_score_pile(ab)]
    return out
