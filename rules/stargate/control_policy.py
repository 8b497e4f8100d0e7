"""Match control for Stargate TCG (``rules.control``; decisions in RULES.md "Correspondence
clocks and match control").

Response window: the *villain's* chance to act during the hero's mission ("Perform an
action or pass" asked of the seat that is not the hero). It answers what the hero does, so
it gets the clock's short response deadline, and when that passes the server answers it
with ``pass`` — always legal there. Whose turn it is and what is pending are public, so the
deadline never depends on a hand. A draw may be agreed (the engine already ends games in a
draw at the turn limit). Stargate is a two-player game: a claim against an absent opponent
is a win (or a draw if the claimant prefers). The mulligan of Starting a Game is the
opening-hand decision a standing order may keep.
"""
from __future__ import annotations

from ..control import ControlPolicy

PASS = {"type": "pass"}


class StargatePolicy(ControlPolicy):
    has_opening_hand_choice = True

    def keep_hand(self, state: dict, seat: int) -> dict | None:
        """Starting a Game: "shuffle your opening hand back and draw a new one?" — no."""
        pending = state.get("pending") or {}
        if pending.get("kind") == "mulligan" and pending.get("seat") == seat:
            return {"type": "mulligan", "yes": False}
        return None

    def response_pass(self, state: dict, seat: int) -> dict | None:
        pending = state.get("pending") or {}
        if pending.get("kind") == "act" and pending.get("seat") == seat and seat != state["turn"]["hero"]:
            return dict(PASS)
        return None


POLICY = StargatePolicy()
