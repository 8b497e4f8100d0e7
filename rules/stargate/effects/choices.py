"""Decisions and costs: "you may (pay X). If you do, …" (``may``) and whether a list of costs
can be paid now (``can_pay``: offered choices, optional triggers, replacement effects,
activated abilities and play costs all ask it first).

Moved out of ``interpreter`` (which dispatches to them) to keep each module to one job.
"""
from __future__ import annotations

from .. import state as S
from .. import stats
from . import filters as F
from .frames import _advance_and_keep, _player, push, set_pending


def _may(state: dict, frame: dict, ctx: dict, arg: dict) -> bool:
    """"You may (pay X). If you do, …": a yes/no decision, offered only when the cost can be
    paid. With ``look`` (a target) the chooser first looks at those cards (Bauer: "look at
    the top card of your mission pile. Then you may …"): the decision is then always shown
    (with only "no" when the cost can't be paid), so the look happens either way."""
    seat = _player(ctx, state, arg.get("who"))
    cost = arg.get("cost", [])
    if "answer" not in frame:
        payable = _can_pay(state, {**ctx, "controller": seat}, cost)
        looked = F.resolve_target(state, arg["look"], ctx) or [] if "look" in arg else []
        if not payable and not looked:
            return True
        set_pending(state, seat, "yes_no", "You may: " + ", ".join(sorted(k for e in arg.get("effects", []) for k in e)),
                    ([{"type": "choose", "yes": True}] if payable else []) + [{"type": "choose", "yes": False}])
        if looked:
            state["pending"]["reveal"] = list(looked)
        return False
    yes = frame["answer"]
    _advance_and_keep(state, frame)
    if yes:
        # "Your opponent may <do X>": he decides and pays the may's cost, but the words of X
        # keep the card's point of view ("you" = the card's controller, "opponent" = the
        # player who said yes), as everywhere else in a card's text and in ``unless``
        # (RULES.md "Your opponent may …")
        push(state, list(arg.get("effects", [])), ctx["source"], ctx["controller"], frame["ctx"].get("builtin"))
        if cost:
            push(state, list(cost), ctx["source"], seat, frame["ctx"].get("builtin"))
    return False


# ---------------------------------------------------------------------- costs
def _can_pay(state: dict, ctx: dict, costs: list) -> bool:
    """Whether every cost in ``costs`` can be paid now (glyphs are held, checked elsewhere)."""
    me = ctx["controller"]
    power_needed = 0
    other_payers: dict[int, int] = {}
    for cost in costs or []:
        if not isinstance(cost, dict):
            continue
        if "remember" in cost and isinstance(cost.get("target"), dict):
            inner = cost["target"]
            if "choose" in inner:  # a choice made as part of the cost needs a card to choose
                if not F.candidates(state, inner["choose"], ctx):
                    return False
                continue
            cost = inner  # a cost that names what it touched: check the cost itself
        if "pay_power" in cost:
            a = cost["pay_power"]
            n = 0 if a == "any" else F.amount(state, a, ctx)
            payer = _player(ctx, state, cost.get("who"))  # "… may pay 1 power" by the opponent (Payoff)
            if payer == me:
                power_needed += n
            else:
                other_payers[payer] = other_payers.get(payer, 0) + n
        elif "glyph_to_mission_pile" in cost:
            tgt = cost["glyph_to_mission_pile"].get("glyph", {})
            cards = F.resolve_target(state, tgt, ctx)
            if not (cards if cards is not None else F.candidates(state, tgt["choose"], ctx)):
                return False
        elif "requires" in cost:
            if not F.condition(state, cost["requires"], ctx):
                return False
        elif "pay_revive_cost" in cost:
            if not can_pay_revive_cost(state, ctx, cost["pay_revive_cost"]):
                return False
        elif "discard" in cost:
            arg = cost["discard"]
            n = arg if isinstance(arg, int) else F.amount(state, arg.get("count", 1), ctx)
            flt = cost.get("filter") or (arg.get("filter") if isinstance(arg, dict) else None)
            pool = [i for i in state["seats"][me]["hand"] if not flt or F.matches(state, i, flt, ctx)]
            if len(pool) < n:
                return False
        else:
            verb = next((k for k in ("stop", "destroy", "incapacitate", "block", "discard_card") if k in cost), None)
            if verb is None:
                continue
            tgt = cost[verb]
            cards = F.resolve_target(state, tgt, ctx)
            if cards is None:
                cards = F.candidates(state, tgt["choose"], ctx)
            ok = [i for i in cards if _payable(state, verb, i)]
            need = 1 if F.resolve_target(state, tgt, ctx) is not None else F.amount(state, tgt.get("count", 1), ctx)
            if len(ok) < max(1, need):
                return False
    if any(state["seats"][s]["power"] < n for s, n in other_payers.items()):
        return False
    return state["seats"][me]["power"] >= power_needed


def _payable(state: dict, verb: str, iid: str) -> bool:
    c = state["cards"][iid]
    if verb == "discard_card":
        return c["zone"] not in ("discard", "glyph", "current_mission")
    if c["zone"] not in ("play", "mission"):
        return False
    if verb == "stop":
        return c["state"] in ("ready", "assigned")
    if verb == "incapacitate":
        return c["state"] != "incapacitated"
    if verb == "block":
        return c["state"] == "ready" and not c.get("blocked")
    return True


def can_pay(state: dict, ctx: dict, costs: list) -> bool:
    return _can_pay(state, ctx, costs)


# ------------------------------------------------- power paid in the middle of a text
def power_affordable(state: dict, ctx: dict, effects: list) -> bool:
    """Can the ``pay_power`` steps that open ``effects`` be paid in full? "Pay 2 power: …"
    (Zat Gun's options) is a cost, even where a card's text pays it in the middle of an
    effect: a payment that can't be made in full is not offered (a player never gets the
    payoff for less; the rulebook has no partial payment)."""
    need: dict[int, int] = {}
    for eff in effects:
        if not isinstance(eff, dict) or "pay_power" not in eff:
            break
        if eff["pay_power"] == "any":
            continue
        payer = _player(ctx, state, eff.get("who"))
        need[payer] = need.get(payer, 0) + max(0, F.amount(state, eff["pay_power"], ctx))
    return all(state["seats"][s]["power"] >= n for s, n in need.items())


def text_payable(state: dict, ctx: dict, effects: list) -> bool:
    """An activated text whose payoff needs power it can't pay is not offered either: each
    "pay X power" of its own (a top-level ``pay_power``) must be payable, and of a "choose
    one" whose options each pay power (Zat Gun), at least one option."""
    for eff in effects:
        if isinstance(eff, dict) and "pay_power" in eff and not power_affordable(state, ctx, [eff]):
            return False
        if isinstance(eff, dict) and "choose_one" in eff \
                and not any(power_affordable(state, ctx, opt) for opt in eff["choose_one"]):
            return False
    return True


def affordable_choice(state: dict, frame: dict, ctx: dict, name: str):
    """For "choose a card and pay power equal to <its number>" (Olokun, Peter Tanner,
    Al'kesh Bomber): when the effect after the choice remembered as ``name`` pays power that
    depends on the card chosen, a predicate keeping the cards whose payment can be made in
    full; ``None`` otherwise."""
    import json
    nxt = frame["effects"][frame["i"] + 1] if frame["i"] + 1 < len(frame["effects"]) else None
    if not (isinstance(nxt, dict) and "pay_power" in nxt and nxt["pay_power"] != "any"
            and f'{{"ref": "{name}"}}' in json.dumps(nxt["pay_power"])):
        return None
    return lambda iid: power_affordable(state, {**ctx, "refs": {**ctx["refs"], name: [iid]}}, [nxt])


# ------------------------------------------------------- "pay its revive cost" (Kull)
def _revive_targets(state: dict, ctx: dict, target) -> list[str]:
    return [i for i in (F.resolve_target(state, target, ctx) or []) if i in state["cards"]]


def can_pay_revive_cost(state: dict, ctx: dict, target) -> bool:
    """"Pay its revive cost" needs that many cards in the payer's deck (Revive: "if you
    don't have enough cards remaining in your deck … you can't")."""
    cards = _revive_targets(state, ctx, target)
    need = sum(stats.number(state, i, "revive") for i in cards)
    return bool(cards) and all(S.card_def(state, i).get("revive") is not None for i in cards) \
        and len(state["seats"][ctx["controller"]]["deck"]) >= need


def pay_revive_cost(state: dict, frame: dict, ctx: dict, target) -> bool:
    """"Pay its revive cost" (Kull Warrior, to prevent his destruction): the top cards of the
    payer's deck, as many as the card's revive cost, go to his discard pile. It is not a
    revive, so "to revive" texts (Shak'l, Netan's "each time you pay Netan's revive cost")
    do not apply to it (RULES.md)."""
    seat = ctx["controller"]
    for iid in _revive_targets(state, ctx, target):
        n = stats.number(state, iid, "revive")
        milled = state["seats"][seat]["deck"][:n]
        for c in milled:
            S.move(state, c, "discard")
        S.log(state, "paid_revive_cost", card=iid, seat=seat, cards=list(milled))
    return True
