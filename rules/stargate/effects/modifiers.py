"""Effect verbs that change numbers and traits for a while: ``modify`` (a card's number until
the end of the mission / turn, or a cost rule for the cards played while it lasts) and
``gain_traits``, and the end of cost rules.

Moved out of ``interpreter`` (which dispatches to them) to keep each module to one job.
"""
from __future__ import annotations

from .. import state as S
from . import filters as F
from .frames import _targets


def _modify(state: dict, frame: dict, ctx: dict, mod: dict, until: str | None) -> bool:
    who = mod.get("who", {"self": True})
    if mod.get("stat") in RULE_STATS and isinstance(who, dict) and "all" in who:
        return _cost_rule(state, ctx, mod, until)
    cards = _targets(state, frame, ctx, who)
    if cards is None:
        return False
    if "set" in mod:
        raise ValueError("modify.set is implemented for static abilities only (stats.set_difficulty)")
    for iid in cards:
        # the amount is read for each card: ``{"ref": "each"}`` is that card (Proceeding with
        # Caution: "skills +1 for each glyph it has")
        n = F.amount(state, mod.get("amount", 0), {**ctx, "refs": {**ctx["refs"], "each": [iid]}})
        if mod.get("stat") == "difficulty" and iid == S.current_mission(state):
            state["mission"]["difficulty_mods"].append(n)
        else:
            state["cards"][iid]["mods"].append({"stat": mod.get("stat"), "amount": n, "until": until or "leaves_play"})
            S.sums_changed()
    return True


# "<cards> cost power +1 to play until …" is a rule about playing cards, not a change to the
# cards in play: a ``modify`` of these stats naming ``all`` of a kind of card
RULE_STATS = {"cost"}


def _cost_rule(state: dict, ctx: dict, mod: dict, until: str | None) -> bool:
    """"Obstacles cost power +1 to play until the end of the current mission" (P90, Gairwyn,
    M9 Pistol: complications; Discredit Leak, Invasion Reconnaissance; Restore Symbiotic
    Balance: "playing a mission costs power +1"): every matching card played while it lasts
    costs that much more, whether it is in a hand now or not (``state["turn"]["cost_rules"]``,
    read by stats like a static; ended by deciding_to_continue.end_of_mission and the debrief).
    The amount is read once, now."""
    if until not in ("end_of_mission", "end_of_turn"):
        raise ValueError("a cost rule from an effect is implemented until the end of the mission or turn only")
    state["turn"].setdefault("cost_rules", []).append({
        "stat": mod["stat"], "who": mod["who"]["all"], "amount": F.amount(state, mod.get("amount", 0), ctx),
        "until": until, "source": ctx["source"], "controller": ctx["controller"],
        "refs": {k: list(v) for k, v in ctx["refs"].items() if isinstance(v, list)}})
    S.log(state, "cost_rule", card=ctx["source"], stat=mod["stat"], until=until)
    return True


def end_cost_rules(state: dict, until: str) -> None:
    """Cost rules set up by effects "until the end of the current mission / turn" end."""
    rules = state["turn"].get("cost_rules")
    if rules:
        state["turn"]["cost_rules"] = [r for r in rules if r["until"] != until]


def _gain_traits(state: dict, frame: dict, ctx: dict, arg: dict, until: str | None) -> bool:
    """"<card> gets all that character's traits until …" ("Tyler")."""
    cards = _targets(state, frame, ctx, arg.get("who", {"self": True}))
    if cards is None:
        return False
    donors = F.resolve_target(state, arg.get("from", {}), ctx) or []
    traits = []
    for d in donors:
        traits += [t for t in S.traits(state, d) if t not in traits]
    for iid in cards:
        if state["cards"][iid]["zone"] in ("play", "mission"):
            state["cards"][iid].setdefault("traits_gained", []).append(
                {"traits": traits, "until": until or "leaves_play"})
    return True
