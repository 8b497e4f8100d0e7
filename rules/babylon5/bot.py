"""A purposeful Babylon 5 player: state + seat + seed -> one of the legal actions.

Why: random legal play rarely reaches a power victory, so the tests never saw how the game
is really won. This player plays to the standard victory (20 power and more than everyone):
it sponsors what brings power and influence first, builds its influence while it is low,
declares the conflicts that pay power on success, supports its own conflicts and opposes
those aimed at it, and plays its aftermaths and contingencies when they fire.

Fair play: it reads only what its seat's view shows (the board, its own hand, face-up
conflicts — never an opponent's hand, deck or face-down conflict). Pure: a
``random.Random`` seeded from the passed ``seed`` breaks ties; no global random.
"""
from __future__ import annotations

import random

from . import state as S
from . import values as V

ABILITIES = ("diplomacy", "intrigue", "leadership", "psi")


def choose(state: dict, seat: int, actions: list[dict], seed: str) -> dict:
    """The action this player takes now (one of ``actions``)."""
    rnd = random.Random(seed)
    kind = (state.get("pending") or {}).get("kind") or ""
    rate = _RATERS.get(kind)
    if rate is None:
        return rnd.choice(actions)
    return max(actions, key=lambda a: (rate(state, seat, a), rnd.random()))


def _card_value(state: dict, iid: str) -> float:
    """What a card in hand is worth to have in play: power and influence first."""
    dd = S.d(state, iid)
    value = 5 * (dd.get("power_bonus") or 0) + 4 * (dd.get("influence_bonus") or 0)
    value += sum((dd.get("abilities") or {}).values()) + (dd.get("military") or 0)
    for ab in dd.get("mechanics") or []:
        if ab.get("kind") == "agenda" and ab.get("victory"):
            value += 15  # a major agenda's own victory condition is nearer than 20 and more than all
        mod = ab.get("modify") or {}
        value += 4 * mod.get("power", 0) + 3 * mod.get("influence", 0) + sum(
            mod.get(s, 0) for s in ABILITIES + ("military",))
    return value


def _success_value(effects: list | None) -> float:
    value = 0.0
    for e in effects or []:
        if e.get("who") in ("initiator", "you", "highest_side", None):
            value += 5 * e.get("power", 0) + 3 * e.get("influence", 0)
    return value


def _conflict_value(state: dict, iid: str | None, seat: int) -> float:
    from .conflicts import agenda_conflict, conflict_ability
    ab = conflict_ability(state, iid) if iid else agenda_conflict(state, seat)
    if not ab:
        return 0.0
    return 1 + _success_value(ab.get("success")) + _success_value(ab.get("side_effects"))


def _strength(state: dict, s: int) -> int:
    """A faction's visible strength: the abilities of its ready cards in play."""
    return sum(V.ability(state, i, a) for i in state["seats"][s]["play"] if S.can_act(state, i)
               for a in ABILITIES if a in V.base_stats(state, i))


def _conflict(state: dict, cid) -> dict | None:
    return next((k for k in state["conflicts"] if k["id"] == cid), None)


def _aimed_at(state: dict, k: dict, seat: int) -> bool:
    t = k.get("target")
    return t == seat or (isinstance(t, str) and t in state["cards"] and S.controller(state, t) == seat)


def _act(state: dict, seat: int, a: dict) -> float:
    t = a["type"]
    if t == "sponsor":
        if a.get("hidden") or S.ctype(state, a["card"]) == "agenda" and not S.mech(state, a["card"], "agenda"):
            return -1
        return 10 + _card_value(state, a["card"])
    if t == "build_influence":
        return 12
    if t in ("support", "oppose"):
        k = _conflict(state, a["conflict"])
        if k is None:
            return -1
        mine = k["initiator"] == seat if t == "support" and not k["any_side"] else a.get("side") == seat
        if t == "oppose":
            mine = k["initiator"] != seat and _aimed_at(state, k, seat)
        return 8 + V.ability(state, a["card"], k["type"] if k["type"] in ABILITIES else "military") if mine else -1
    if t == "lead_fleet":
        return 6
    if t == "attack":
        return 3
    if t == "promote":
        return 9  # another Inner Circle member: another sponsor each turn
    if t in ("play_event", "activate"):
        return _effects_value(state, seat, a)
    if t in ("play_contingency", "heal", "repair"):
        return 2
    if t == "aide":
        return 1
    if t == "pass":
        return 0.5
    return -1  # discarding an agenda, offering mercenaries


def _effects_value(state: dict, seat: int, a: dict) -> float:
    """An event or a rotated ability: influence and power first; drawing only with a deck to spare
    (an empty deck costs Inner Circle characters, then the game)."""
    kind = "play" if a["type"] == "play_event" else "activated"
    abilities = S.mech(state, a["card"], kind)
    if a["type"] == "activate":
        abilities = abilities[a["ability"]:a["ability"] + 1]
    value = 1.0
    for ab in abilities:
        for e in ab.get("effects") or []:
            value += 5 * e.get("power", 0) + 4 * e.get("influence", 0)
            if "draw" in e:
                value += 1 if len(state["seats"][seat]["deck"]) > 20 else -3
    return value


def _declare(state: dict, seat: int, a: dict) -> float:
    if a["type"] == "no_conflict":
        return 0
    return _conflict_value(state, a.get("card"), seat)


def _name_target(state: dict, seat: int, a: dict) -> float:
    """The weakest opponent (or a card of it): the conflict is likelier won."""
    t = a["target"]
    owner = t if isinstance(t, int) else S.controller(state, t) if isinstance(t, str) else None
    if owner is None:
        return 0
    return -_strength(state, owner) + 0.1 * V.power(state, owner)


def _opening(state: dict, seat: int, a: dict) -> float:
    dd = state["defs"].get(a["card"]) or {}
    return 5 * (dd.get("power_bonus") or 0) + 4 * (dd.get("influence_bonus") or 0) + (
        3 if dd.get("type") == "conflict" else 2 if dd.get("type") in ("character", "location") else 1)


def _aftermath(state: dict, seat: int, a: dict) -> float:
    return 0 if a["type"] == "pass" else 1


def _contingency(state: dict, seat: int, a: dict) -> float:
    return 1 if a["type"] == "reveal_contingency" else 0


def _sustain(state: dict, seat: int, a: dict) -> float:
    return 1 if a["type"] == "sustain" else 0


def _draw_discard(state: dict, seat: int, a: dict) -> float:
    if a["type"] == "done":
        return 0
    return 1 - _card_value(state, a["card"]) if len(state["seats"][seat]["hand"]) > 7 else -1


def _buy(state: dict, seat: int, a: dict) -> float:
    small = len(state["seats"][seat]["hand"]) <= 1 and len(state["seats"][seat]["deck"]) > 20
    return (1 if small else -1) if a["type"] == "buy" else 0


def _discard(state: dict, seat: int, a: dict) -> float:
    return -_card_value(state, a["card"])


def _empty_deck(state: dict, seat: int, a: dict) -> float:
    return -_card_value(state, a["card"])


_RATERS = {"act": _act, "declare": _declare, "name_target": _name_target, "opening_hand": _opening,
           "aftermath": _aftermath, "contingency": _contingency, "sustain": _sustain,
           "draw_discard": _draw_discard, "buy": _buy, "forced_discard": _discard, "empty_deck": _empty_deck}
