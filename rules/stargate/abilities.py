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
    """The card's own activated abilities (index = position in its mechanics) and those other
    cards grant it (index = the ``granted:…`` key; Osiris' "Withdraw X")."""
    from .static_rules import granted_abilities
    for idx, ab in enumerate(S.card_def(state, iid).get("mechanics") or []):
        if ab.get("kind") == "activated":
            yield idx, ab
    for key, ab, _ in granted_abilities(state, iid, "activated"):
        yield key, ab


def _ability(state: dict, iid: str, idx) -> dict:
    return next((ab for k, ab in _abilities(state, iid) if k == idx), {})


def _may_perform(state: dict, seat: int, iid: str, ab: dict) -> bool:
    """Who performs the action: the card's owner, or ``"by": "any"`` ("any player may
    perform this action") or ``"by": "host_owner"`` (the owner of the card it is on)."""
    owner = S.controller(state, iid)
    by = ab.get("by")
    if by == "any":
        return seat in (state["turn"]["hero"], state["turn"]["villain"])
    if by == "host_owner":
        host = state["cards"][iid].get("on")
        return host is not None and state["cards"][host]["owner"] == seat
    return seat == owner


def legal(state: dict, seat: int) -> list[dict]:
    out = []
    for iid in S.in_play(state):
        if not stats.is_active(state, iid):
            continue
        for idx, ab in _abilities(state, iid):
            if _may_perform(state, seat, iid, ab) and can_use(state, seat, iid, idx, ab):
                out.append({"type": "activate", "card": iid, "ability": idx})
    return out


def is_legal(state: dict, seat: int, iid: str, idx) -> bool:
    """Whether ``{"type": "activate", "card": iid, "ability": idx}`` is one ``legal`` lists,
    judged for that card alone (``idx`` equal in type too: ``true`` is not ability 1)."""
    if iid not in S.in_play(state) or not stats.is_active(state, iid):
        return False
    return any(type(k) is type(idx) and k == idx and _may_perform(state, seat, iid, ab)
               and can_use(state, seat, iid, k, ab) for k, ab in _abilities(state, iid))


def can_use(state: dict, seat: int, iid: str, idx, ab: dict) -> bool:
    if not F.glyphs_satisfied(state, ab, iid):
        return False
    ctx = {**stats.ctx_for(state, iid), "controller": seat}
    if "while" in ab and not F.condition(state, ab["while"], ctx):
        return False
    if ab.get("limit") == "once_per_turn" and f"{iid}/{idx}" in state["turn"].get("used_once", []):
        return False
    # power a text pays inside its effects is a cost too (RULES.md "Power paid inside a text")
    return I.can_pay(state, ctx, ab.get("cost", [])) and I.text_payable(state, ctx, ab.get("effects", []))


def activate(state: dict, seat: int, iid: str, idx) -> None:
    ab = _ability(state, iid, idx)
    if ab.get("limit") == "once_per_turn":
        state["turn"].setdefault("used_once", []).append(f"{iid}/{idx}")
    S.log(state, "activated", seat=seat, card=iid, ability=idx)
    I.push(state, list(ab.get("cost", [])) + list(ab.get("effects", [])), iid, seat, label="activated")
