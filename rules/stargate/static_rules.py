"""Continuous rules on cards that are not numbers (static abilities with a ``rule``):
assignment costs ("To assign a character, pay …"), blocks ("Support characters are
blocked"), boost bonuses and "the villain player acts first".

Why a module: the performing-actions modules ask these questions without knowing which
cards change the rules.
"""
from __future__ import annotations

from . import state as S
from . import stats
from .effects import filters as F
from .effects.choices import can_pay
from .rulesets import feature

# What the engine runs (tests/rules/stargate/test_effect_coverage.py): static ``rule``s read
# here; replaced events (replacements.happen: destroyed, incapacitated, stopped — mandatory,
# optional, with a cost; replacements._revive_step: revive_mill; resolve: revive cost);
# keywords (resolve: dominion; state: becomes_adversary); ability kinds; players' numbers a
# static modifies (``who: {"player": …}``, stats).
RULES = {"assign_cost", "blocked", "boost_bonus", "first_action", "grant_ability", "text_again",
         "boost_by_team_title", "no_cost_play", "revive_mill_to"}
RULES |= {"failure_text_optional", "text_cost"}  # Iris: text_terms, read by resolve.use_text
REPLACE_EVENTS = {"destroyed", "destroyed_by_opponent", "revive_cost", "revive_cost+optional",
                  "revive_cost+cost"}
REPLACE_EVENTS |= {f"{e}{k}" for e in ("destroyed", "destroyed_by_opponent", "incapacitated", "stopped", "revive_mill")
                   for k in ("", "+optional", "+cost")}
KEYWORDS = {"dominion", "becomes_adversary"}
KEYWORDS |= {"counts_as"}  # "counts as two Replicator cards" (Approaching Swarm): filters._counts_as
ABILITY_KINDS = {"static", "trigger", "activated", "success", "failure", "victory", "play_cost",
                 "cant", "replace", "keyword"}
PLAYER_STATS = {"experience", "firepower+ship_battle_total"}  # stats.player_bonus


def _rules(state: dict, name: str):
    for src, ab in stats.statics_ruling(state, name):
        rule = ab["rule"]
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


def boost_bonus(state: dict, stat: str) -> int:
    """"Each time you boost a character, he gets an additional skills +1" (Defend the
    Byrsa): the extra a boost of ``stat`` (skills for a character, firepower for a ship,
    difficulty for an adversary) gives, from the rules naming that stat."""
    stats.note_read(state, (stat,), None, "boost", "")
    return sum(rule.get("amount", 0) for _, rule, _ in _rules(state, "boost_bonus")
               if isinstance(rule, dict) and rule.get("stat") == stat)


def villain_acts_first(state: dict) -> bool:
    return any(rule == "villain" for _, rule, _ in _rules(state, "first_action"))


def granted_abilities(state: dict, iid: str, kind: str | None = None) -> list[tuple[str, dict, str]]:
    """Abilities other cards give ``iid`` ("each of your obstacles gets: 'Withdraw X'", "the
    current mission gets: 'Success: …'"): ``[(key, ability, granter)]``. The ability belongs
    to ``iid`` (``{"self": true}`` is ``iid``, its controller is ``iid``'s owner); the card
    that grants it is the built-in ref ``granter``. ``key`` identifies it in an action."""
    out = []
    for n, (src, rule, ctx) in enumerate(_rules(state, "grant_ability")):
        ab = rule.get("ability") or {}
        if kind is not None and ab.get("kind") != kind:
            continue
        if _hits(state, iid, rule.get("to", {}), ctx):
            idx = (S.card_def(state, src).get("mechanics") or []).index(_ability_of(state, src, rule))
            out.append((f"granted:{src}:{idx}", ab, src))
    for n, rec in enumerate(state["cards"][iid].get("abilities_granted", [])):
        # given by an effect for a duration (Sha're: "the current mission gets: …")
        if kind is None or rec["ability"].get("kind") == kind:
            out.append((f"granted_effect:{iid}:{n}", rec["ability"], rec["granter"]))
    return out


def _ability_of(state: dict, src: str, rule: dict) -> dict:
    for ab in S.card_def(state, src).get("mechanics") or []:
        if ab.get("rule", {}).get("grant_ability") is rule:
            return ab
    return {}


def text_repeats(state: dict, iid: str, kind: str) -> int:
    """How many times the ``kind`` text ("success"/"failure") of ``iid`` occurs: once, plus
    one for each active "… text of each <card> occurs an additional time" (Heru'ur,
    Jennifer Hailey)."""
    extra = 0
    for _, rule, ctx in _rules(state, "text_again"):
        if rule.get("kind") == kind and _hits(state, iid, rule.get("who", {}), ctx):
            extra += 1
    return 1 + extra


def boost_by_team_title(state: dict, seat: int) -> bool:
    """Mimic device: a team character may be boosted with a character card that has the
    title of any of that player's other team characters."""
    return any(ctx["controller"] == seat for _, rule, ctx in _rules(state, "boost_by_team_title") if rule)


def plays_at_no_cost(state: dict, seat: int, iid: str) -> bool:
    """Replicator Carter: "you may play … at no cost if …" (a card in hand matching the rule)."""
    for _, rule, ctx in _rules(state, "no_cost_play"):
        if ctx["controller"] == seat and _hits(state, iid, rule.get("who", {}), ctx):
            return True
    return False


def revive_mill_to(state: dict, iid: str) -> str:
    """Netan: the cards paid for his revive cost go to this zone instead of the discard pile."""
    for _, rule, ctx in _rules(state, "revive_mill_to"):
        if _hits(state, iid, rule.get("who", {}), ctx):
            return rule.get("to", "discard")
    return "discard"


def text_terms(state: dict, iid: str, kind: str) -> dict | None:
    """How the ``kind`` text ("success"/"failure"/"victory") of ``iid`` is used when active
    cards change it (Iris: "Failure text on villain cards is optional. To use the failure
    text of an obstacle, your opponent pays 1 power."); ``None`` = as printed (mandatory
    unless it says "may", free).

    ``{"optional": True, "costs": [{"source", "cost", "payer"}]}``: the player using the
    text decides for each occurrence, and uses it only by paying every cost. A text with a
    cost is always optional (RULES.md "Iris": a cost is never forced on a player).
    Why here: resolve asks while the texts are used, without knowing which cards do this."""
    optional = kind == "failure" and any(
        _hits(state, iid, rule.get("who", {}), ctx) for _, rule, ctx in _rules(state, "failure_text_optional"))
    costs = []
    for src, rule, ctx in _rules(state, "text_cost"):
        if rule.get("keyword") != kind or not _hits(state, iid, rule.get("who", {}), ctx):
            continue
        payer = ctx["controller"] if rule.get("payer", "you") == "you" else S.opponent(state, ctx["controller"])
        if payer != S.controller(state, iid):
            raise ValueError("text_cost is implemented for a cost paid by the player who uses the text")
        costs.append({"source": src, "cost": list(rule.get("cost", [])), "payer": payer})
    if not optional and not costs:
        return None
    return {"optional": True, "costs": costs}


def can_pay_assign_costs(state: dict, seat: int, iid: str) -> bool:
    """Assignment costs from other cards ("To assign a character, pay 1 power")."""
    costs = assign_costs(state, iid)
    power = sum(F.amount(state, c["pay_power"], ctx) for _, cs, ctx in costs for c in cs if "pay_power" in c)
    if power > state["seats"][seat]["power"]:
        return False
    return all(can_pay(state, {**ctx, "controller": seat}, [c for c in cs if "pay_power" not in c]) for _, cs, ctx in costs)


def can_assign_character(state: dict, iid: str) -> bool:
    c = state["cards"][iid]
    if c["zone"] != "play" or c["state"] != "ready" or c.get("blocked") or blocked_by_rule(state, iid):
        return False
    if not can_pay_assign_costs(state, S.controller(state, iid), iid):
        return False
    d = S.card_def(state, iid)
    if d["type"] == "ship":
        return feature(state, "ships") and d.get("allegiance") == "hero"
    if d["type"] != "character":
        return False
    if d.get("subtype") == "team":
        return True
    sk = F.mission_skill(state)
    return sk is not None and stats.skill(state, iid, sk) is not None
