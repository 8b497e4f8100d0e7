"""Villain Player Actions: play an obstacle, play an adversary or villain ship, assign an
adversary or ship, boost an adversary or ship, play a complication.

Obstacle: only with a difficulty rating (0 counts) in the current mission's skill.
Adversary: assigned only with a rating in the mission's skill, and only one adversary per
mission. Complication: any card from hand, face down, costing 1 + one per complication
already at the current mission, as cards change it (stats.complication_cost).
"""
from __future__ import annotations

from . import state as S
from . import static_rules, stats
from .actions_hero import can_play
from .effects import filters as F
from .rulesets import feature
from .triggers import fire


def can_play_villain(state: dict, seat: int, iid: str, sk: str | None) -> bool:
    """An obstacle with a difficulty rating in the mission's skill ``sk``, an adversary or
    a villain ship, that ``seat`` can play (``can_play``)."""
    d = S.card_def(state, iid)
    if d["type"] == "obstacle":
        return sk in (d.get("skills") or {}) and can_play(state, seat, iid)
    if d["type"] == "adversary" or (d["type"] == "ship" and d.get("allegiance") == "villain"):
        return can_play(state, seat, iid)
    return False


def adversary_assigned(state: dict, seat: int) -> bool:
    """One adversary per mission: ``seat`` has one at the current mission already."""
    return any(S.ctype(state, i) == "adversary" and S.controller(state, i) == seat for i in S.at_mission(state))


def can_assign_villain(state: dict, seat: int, iid: str, sk: str | None, adversary_there) -> bool:
    """A ready, unblocked adversary (with a rating in ``sk``, none assigned yet: the callable
    ``adversary_there`` answers that) or villain ship of ``seat``'s whose assignment costs
    can be paid."""
    c = state["cards"][iid]
    if c["state"] != "ready" or c.get("blocked") or static_rules.blocked_by_rule(state, iid) \
            or not static_rules.can_pay_assign_costs(state, seat, iid):
        return False
    d = S.card_def(state, iid)
    if d["type"] == "adversary":
        return not adversary_there() and sk is not None and stats.skill(state, iid, sk) is not None \
            and not S.became_adversary_cant(state, iid, "assign")
    return d["type"] == "ship" and d.get("allegiance") == "villain" and feature(state, "ships")


def same_title(state: dict, iid: str, target: str) -> bool:
    """Discarding ``iid`` boosts the villain's ``target``: the same card type and title."""
    d, td = S.card_def(state, iid), S.card_def(state, target)
    return d["type"] == td["type"] and d["title"] == td["title"]


def legal(state: dict, seat: int) -> list[dict]:
    from .actions_hero import boostable
    out = []
    sk = F.mission_skill(state)
    hand = state["seats"][seat]["hand"]
    for iid in hand:
        if can_play_villain(state, seat, iid, sk):
            out.append({"type": "play", "card": iid})
    there = adversary_assigned(state, seat)
    for iid in state["seats"][seat]["play"]:
        if can_assign_villain(state, seat, iid, sk, lambda: there):
            out.append({"type": "assign", "card": iid})
    for target in S.at_mission(state):
        if not boostable(state, seat, target):
            continue
        for iid in hand:
            if same_title(state, iid, target):
                # each same-title card is its own boost: the player chooses which to discard
                out.append({"type": "boost", "card": iid, "target": target})
    if stats.complication_cost(state, seat) <= state["seats"][seat]["power"]:
        out += [{"type": "complication", "card": iid} for iid in hand]
    return out


def is_legal(state: dict, seat: int, kind: str, card: str, target: str | None) -> bool:
    """Whether the villain's action ``kind`` with ``card`` (and ``target``) is one ``legal``
    lists, judged for that card alone."""
    seat_state = state["seats"][seat]
    if kind == "play":
        return card in seat_state["hand"] and can_play_villain(state, seat, card, F.mission_skill(state))
    if kind == "assign":
        return card in seat_state["play"] and can_assign_villain(state, seat, card, F.mission_skill(state),
                                                                 lambda: adversary_assigned(state, seat))
    if kind == "boost" and target is not None:
        from .actions_hero import boostable
        return card in seat_state["hand"] and boostable(state, seat, target) and same_title(state, card, target)
    if kind == "complication":
        return card in seat_state["hand"] and stats.complication_cost(state, seat) <= seat_state["power"]
    return False


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
