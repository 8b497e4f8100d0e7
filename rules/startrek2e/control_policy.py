"""Match control for Star Trek CCG Second Edition (``rules.control``; decisions in RULES.md
"Correspondence clocks and match control").

Response window: the ``respond`` decision (an interrupt window "Respond to … (or pass)").
Whether it is asked never depends on the hand (RULES.md "Response windows and hidden
hands"), so its short deadline reveals nothing; when the deadline passes the server
answers ``pass``. Draws may be agreed (ties already share a victory). With 3 or more
players the engine cannot take one player's cards out mid-game, so a player who leaves
(resigns, or is claimed against after a timeout) ends the game as the rulebook ends it when
every draw deck is empty: the highest score among the players still present wins
(``victory.decks_empty``'s order: planet and space mission completed, then any mission,
then score).
"""
from __future__ import annotations

from ..control import ControlPolicy

PASS = {"type": "pass"}


class StarTrekPolicy(ControlPolicy):
    def response_pass(self, state: dict, seat: int) -> dict | None:
        pending = state.get("pending") or {}
        if pending.get("kind") == "respond" and pending.get("seat") == seat:
            return dict(PASS)
        return None

    def winners_without(self, state: dict, seat: int, others: list[int]) -> list[int]:
        if len(others) <= 1:
            return others
        from .victory import has_both
        seats = state["seats"]
        for test in (has_both, lambda s: bool(s["completed"]), lambda s: True):
            eligible = [i for i in others if test(seats[i])]
            if eligible:
                best = max(seats[i]["score"] for i in eligible)
                return [i for i in eligible if seats[i]["score"] == best]
        return others  # pragma: no cover - the last test holds for everyone


POLICY = StarTrekPolicy()
