"""Continuous rules on cards that are not numbers (static abilities with a ``rule``):
assignment costs ("To assign a character, pay …"), blocks ("Support characters are
blocked"), boost bonuses and "the villain player acts first".

Why a module: the performing-actions modules ask these questions without knowing which
cards change the rules.
"""
from __future__ import annotations

from . import stats
from .effects import filters as F


def _rules(state: dict, name: str):
    for src, ab in stats.active_abilities(state, "static"):
        rule = ab.get("rule") or {}
        if name not in rule:
            continue
        ctx = stats.ctx_for(state, src)
        if "while" in ab and not F.condition(state, ab["while"], ctx):
            continue
        yield src, rule[name], ctx


def _hits(state: dict, iid: str, who, ctx: dict) -> bool:
    if not isinstance(who, dict):
        return False
    fixed = F.resolve_target(state, who, ctx) if set(who) & {"self", "all", "ref", "current_mission"} else None
    return iid in fixed if fixed is not None else F.matches(state, iid, who, ctx)


def blocked_by_rule(state: dict, iid: str) -> bool:
    return any(_hits(state, iid, who, ctx) for _, who, ctx in _rules(state, "blocked"))


def assign_costs(state: dict, iid: str) -> list[tuple[str, list, dict]]:
    """``[(source, costs, ctx)]`` to pay to assign ``iid``; ``{"ref": "assigning"}`` is ``iid``."""
    out = []
    for src, rule, ctx in _rules(state, "assign_cost"):
        ctx = {**ctx, "refs": {**ctx["refs"], "assigning": [iid]}}
        if _hits(state, iid, rule.get("who", {}), ctx):
            out.append((src, rule.get("cost", []), ctx))
    return out


def boost_bonus(state: dict) -> int:
    return sum(rule.get("amount", 0) for _, rule, _ in _rules(state, "boost_bonus") if isinstance(rule, dict))


def villain_acts_first(state: dict) -> bool:
    return any(rule == "villain" for _, rule, _ in _rules(state, "first_action"))
