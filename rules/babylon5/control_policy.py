"""Match control for the Babylon 5 CCG (``rules.control``; decisions in RULES.md
"Correspondence clocks and match control").

Response windows: ``aftermath`` (play an aftermath card or pass) and ``contingency``
(reveal a face-down contingency or keep it hidden). Both are asked whatever the hand holds,
so their short deadline shows nothing; when it passes the server answers ``pass`` /
``keep_hidden``. Draws may be agreed (a shared victory exists). The game is for 2–5 players
and already knows a player who has lost and leaves (``victory.lose``: his cards leave play,
the others play on), so with three or more players a player who resigns or is claimed
against after a timeout loses that way and the match *continues without him*.
"""
from __future__ import annotations

import json

from ..control import ControlPolicy

ANSWERS = {"aftermath": {"type": "pass"}, "contingency": {"type": "keep_hidden"}}


class Babylon5Policy(ControlPolicy):
    def response_pass(self, state: dict, seat: int) -> dict | None:
        pending = state.get("pending") or {}
        answer = ANSWERS.get(pending.get("kind") or "")
        return dict(answer) if answer is not None and pending.get("seat") == seat else None

    def claims(self, seats_in_play: int) -> tuple[str, ...]:
        return ("win", "draw") if seats_in_play <= 2 else ("continue", "draw")

    def default_claim(self, seats_in_play: int) -> str:
        return "win" if seats_in_play <= 2 else "continue"

    def remove_seat(self, state: dict, seat: int, reason: str) -> bool:
        """The seat loses by the game's own rule and play goes on. Tried on a copy first:
        if the flow cannot hand the decision to a player still in the game, the match ends
        instead (never a decision left to a seat that is gone)."""
        from . import flow, victory
        trial = json.loads(json.dumps(state))
        victory.lose(trial, seat, reason)
        pending = trial.get("pending")
        if trial["outcome"] is None and pending is not None and pending.get("seat") == seat:
            trial["pending"] = None
            if (trial.get("choice") or {}).get("seat") == seat:
                flow._cancel_choice(trial)
            flow.advance(trial)
        pending = trial.get("pending")
        if trial["outcome"] is None and (pending is None or trial["seats"][pending["seat"]]["lost"]):
            return False
        state.clear()
        state.update(trial)
        return True


POLICY = Babylon5Policy()
