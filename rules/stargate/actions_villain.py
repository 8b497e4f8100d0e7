"""Villain Player Actions: play an obstacle, play an adversary or villain ship, assign an
adversary or ship, boost an adversary or ship, play a complication.

Obstacle: only with a difficulty rating (0 counts) in the current mission's skill.
Adversary: assigned only with a rating in the mission's skill, and only one adversary per
mission. Complication: any card from hand, face down, costing 1 + one per complication
already at the current mission, as cards change it (stats.complication_cost).
"""
from __future__ import annotations

from . import state as S
from . import stats
from .actions_hero import can_play
from .effects import filters as F
from .rulesets import feature
from .triggers import fire


def legal(state: dict, seat: int) -> list[dict]:
    out = []
    sk = F.mission_skill(state)
    hand = state["seats"][seat]["hand"]
    for iid in hand:
        d = S.card_def(state, iid)
        if d["type"] == "obstacle" and sk in (d.get("skills") or {}) and can_play(state, seat, iid):
            out.append({"type": "play", "card": iid})
        elif (d["type"] == "adversary" or (d["type"] == "ship" and d.get("allegiance") == "villain")) \
                and can_play(state, seat, iid):
            out.append({"type": "play", "card": iid})
    adversary_assigned = any(S.ctype(state, i) == "adversary" and S.controller(state, i) == seat
                             for i in S.at_mission(state))
    from .actions_hero import can_pay_assign_costs
    from .static_rules import blocked_by_rule
    for iid in state["seats"][seat]["play"]:
        c = state["cards"][iid]
        if c["state"] != "ready" or c.get("blocked") or blocked_by_rule(state, iid) \
                or not can_pay_assign_costs(state, seat, iid):
            continue
        d = S.card_def(state, iid)
        if d["type"] == "adversary" and not adversary_assigned and stats.skill(state, iid, sk) is not None \
                and not S.became_adversary_cant(state, iid, "assign"):
            out.append({"type": "assign", "card": iid})
        elif d["type"] == "ship" and d.get("allegiance") == "villain" and feature(state, "ships"):
            out.append({"type": "assign", "card": iid})
    for target in S.at_mission(state):
        tc = state["cards"][target]
        if S.controller(state, target) != seat or tc["state"] != "assigned":
            continue
        td = S.card_def(state, target)
        for iid in hand:
            d = S.card_def(state, iid)
            if d["type"] == td["type"] and d["title"] == td["title"]:
                # each same-title card is its own boost: the player chooses which to discard
                out.append({"type": "boost", "card": iid, "target": target})
    if stats.complication_cost(state, seat) <= state["seats"][seat]["power"]:
        out += [{"type": "complication", "card": iid} for iid in hand]
    return out


def play_complication(state: dict, seat: int, iid: str, *, free: bool = False) -> None:
    """Place ``iid`` from the hand face down at the current mission. ``free``: "play it at no
    cost as a complication" (Reconnaissance): nothing is paid, but it is a complication like
    any other (it raises the cost of the next one, and "each time your opponent plays a
    complication" triggers)."""
    cost = 0 if free else stats.complication_cost(state, seat)
    state["seats"][seat]["power"] -= cost
    S.move(state, iid, "mission")
    state["cards"][iid]["face_down"] = True
    S.log(state, "complication", seat=seat, card=iid, cost=cost)
    fire(state, "opponent_plays_complication", seat=seat)
