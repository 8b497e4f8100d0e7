"""A purposeful Stargate TCG player: state + seat + seed -> one of the legal actions.

Why: a person practising against the server, and the tests, need games won the way people
win them — by completing missions for experience (and glyphs), or scoring adversaries as
the villain. This player assigns its characters with the most of the mission's skill,
plays characters and gear before passing, sets complications and adversaries against the
hero, keeps going while it can pay, and scores defeated adversaries.

Fair play: it reads only what its seat's view shows (the board, the current mission, its
own hand). Pure: a ``random.Random`` seeded from the passed ``seed`` breaks ties; no
global random.
"""
from __future__ import annotations

import random

from . import state as S
from . import stats
from .effects import filters as F


def choose(state: dict, seat: int, actions: list[dict], seed: str) -> dict:
    """The action this player takes now (one of ``actions``)."""
    rnd = random.Random(seed)
    kind = (state.get("pending") or {}).get("kind")
    with stats.reading(state):
        if kind == "act":
            return max(actions, key=lambda a: (_act(state, seat, a), rnd.random()))
    if kind == "mulligan":
        return next((a for a in actions if a.get("yes") is False), actions[0])
    if kind == "revive_or_score":
        return next((a for a in actions if a.get("choice") == "score"), rnd.choice(actions))
    if kind == "continue":
        yes = [a for a in actions if a.get("yes")]
        return yes[0] if yes and state["seats"][seat]["power"] >= 2 else rnd.choice(actions)
    return rnd.choice(actions)


def _skill(state: dict, iid: str) -> int:
    skill = F.mission_skill(state)
    return (stats.skill(state, iid, skill) or 0) if skill else 0


def _act(state: dict, seat: int, a: dict) -> float:
    t = a["type"]
    if t == "assign":
        return 10 + _skill(state, a["card"])
    if t == "play":
        kind = S.card_def(state, a["card"])["type"]
        return {"character": 8, "adversary": 8, "gear": 6, "ship": 6}.get(kind, 3)
    if t in ("complication", "boost"):
        return 5
    if t == "activate":
        return 2
    if t == "pass":
        return 1
    return 0
