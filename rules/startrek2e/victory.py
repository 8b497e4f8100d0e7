"""Rulebook "Winning the Game".

100 points with at least one planet and one space mission completed wins at once (the
winner does not finish his turn). When every draw deck is empty (checked at the end of
each turn: RULES.md, Gap 15) the game ends: the highest score among players with a planet
and a space mission completed; else among players with any mission completed; else the
highest score. Ties share the victory.
"""
from __future__ import annotations

from . import state as S


def has_both(seat: dict) -> bool:
    return "planet" in seat["completed"] and "space" in seat["completed"]


def check(state: dict) -> bool:
    if state["outcome"] is not None:
        return False
    winners = [i for i, s in enumerate(state["seats"]) if s["score"] >= S.WIN_POINTS and has_both(s)]
    if winners:
        state["outcome"] = {"winners": winners, "reason": "100 points with a planet and a space mission completed"}
        state["pending"] = None
        S.log(state, "won", seats=winners)
        return True
    return False


def decks_empty(state: dict) -> bool:
    """The game also ends when all players have run out of draw-deck cards."""
    if not all(not s["deck"] for s in state["seats"]):
        return False
    seats = state["seats"]
    for test, reason in ((has_both, "highest score with a planet and a space mission completed"),
                         (lambda s: bool(s["completed"]), "highest score with a mission completed"),
                         (lambda s: True, "highest score")):
        eligible = [i for i, s in enumerate(seats) if test(s)]
        if eligible:
            best = max(seats[i]["score"] for i in eligible)
            winners = [i for i in eligible if seats[i]["score"] == best]
            state["outcome"] = {"winners": winners, "reason": "all draw decks are empty: " + reason}
            state["pending"] = None
            S.log(state, "won", seats=winners)
            return True
    return False  # pragma: no cover
