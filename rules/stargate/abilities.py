"""Activated Abilities: text with "—"; the part before is the cost, after it the effects.

Usable as an action by the card's controller when it is his chance to act, repeatedly while
the cost can be paid; glyphs in a cost are held, not spent (``requires_glyphs``); stopping
the card as a cost needs it ready or assigned (Transport Rings: a stopped card can't be
stopped again). Withdraw X = "Destroy this obstacle — Gain X power".
"""
from __future__ import annotations

from . import state as S
from . import stats
from .effects import filters as F
from .effects import interpreter as I


def _abilities(state: dict, iid: str):
    for idx, ab in enumerate(S.card_def(state, iid).get("mechanics") or []):
        if ab.get("kind") == "activated":
            yield idx, ab


def legal(state: dict, seat: int) -> list[dict]:
    out = []
    for iid in S.in_play(state, seat):
        if not stats.is_active(state, iid):
            continue
        for idx, ab in _abilities(state, iid):
            if can_use(state, seat, iid, idx, ab):
                out.append({"type": "activate", "card": iid, "ability": idx})
    return out


def can_use(state: dict, seat: int, iid: str, idx: int, ab: dict) -> bool:
    if not F.glyphs_satisfied(state, ab, iid):
        return False
    ctx = stats.ctx_for(state, iid)
    if "while" in ab and not F.condition(state, ab["while"], ctx):
        return False
    if ab.get("limit") == "once_per_turn" and f"{iid}/{idx}" in state["turn"].get("used_once", []):
        return False
    return I.can_pay(state, ctx, ab.get("cost", []))


def activate(state: dict, seat: int, iid: str, idx: int) -> None:
    ab = (S.card_def(state, iid).get("mechanics") or [])[idx]
    if ab.get("limit") == "once_per_turn":
        state["turn"].setdefault("used_once", []).append(f"{iid}/{idx}")
    S.log(state, "activated", seat=seat, card=iid, ability=idx)
    I.push(state, list(ab.get("cost", [])) + list(ab.get("effects", [])), iid, seat, label="activated")
