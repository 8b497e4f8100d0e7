"""Winning the Game, checked the instant it happens: seven glyphs beneath your characters;
your experience ≥ your victory total; the cost of your villain score pile ≥ your victory
total."""
from __future__ import annotations

from . import stats


def check(state: dict) -> dict | None:
    if state["outcome"] is not None:
        return state["outcome"]
    with stats.reading(state):
        winner = _winner(state)
    if winner is not None:
        s, reason = winner
        state["outcome"] = {"winners": [s], "reason": reason}
        state["pending"] = None
        return state["outcome"]
    return None


def _winner(state: dict) -> tuple[int, str] | None:
    """The first seat that meets a victory condition, with the reason (reads only)."""
    for s in range(len(state["seats"])):
        vt = stats.victory_total(state, s)
        reason = None
        if stats.glyph_count(state, s) >= 7:
            reason = "seven glyphs"
        elif stats.experience(state, s) >= vt:
            reason = f"experience {stats.experience(state, s)} reached the victory total {vt}"
        elif stats.score_pile_cost(state, s) >= vt:
            reason = f"villain score pile cost {stats.score_pile_cost(state, s)} reached the victory total {vt}"
        if reason:
            return s, reason
    return None
