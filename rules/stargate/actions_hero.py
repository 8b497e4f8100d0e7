"""Hero Player Actions: play a card, assign a character or ship, boost a character or ship.

Play: an event, support character, gear or hero ship from hand, paying its power cost
(events resolve and go to the discard pile; the others enter play ready). Uniqueness: no
second character with the same title; no second subtitled ship with the same title.
Assign: a ready, unblocked character or hero ship to the current mission; a team character
even with 0 in the required skill, a support character only with some rating in it.
Boost: discard a character (ship) with the title of an assigned character (ship): skills
(firepower) +1 until the end of the current mission.
"""
from __future__ import annotations

from . import state as S
from . import static_rules, stats
from .effects import filters as F
from .effects.choices import can_pay
from .effects.frames import push
from .glossary import unique_conflict
from .rulesets import feature
from .triggers import fire


def _cant_play(state: dict, seat: int, iid: str) -> bool:
    """"Can't" beats "can": an active ``cant`` ability forbidding this play."""
    for src, ab in stats.active_abilities(state, "cant"):
        if ab.get("action") != "play":
            continue
        ctx = stats.ctx_for(state, src)
        if "while" in ab and not F.condition(state, ab["while"], ctx):
            continue
        if ab.get("player") == "you" and seat != ctx["controller"]:
            continue
        if ab.get("player") == "opponent" and seat == ctx["controller"]:
            continue  # "Your opponent can't play …" (Quarantine Container)
        if F.matches(state, iid, ab.get("who", {}), ctx):
            return True
    return False


def play_costs(state: dict, iid: str) -> list:
    out = []
    for ab in S.card_def(state, iid).get("mechanics") or []:
        if ab.get("kind") == "play_cost":
            out += ab.get("cost", [])
    return out


def can_play(state: dict, seat: int, iid: str) -> bool:
    d = S.card_def(state, iid)
    if d["type"] == "ship" and not feature(state, "ships"):
        return False
    power_cost = power_cost_to_play(state, seat, iid)
    if power_cost > state["seats"][seat]["power"]:
        return False
    if unique_conflict(state, seat, iid) or _cant_play(state, seat, iid):
        return False
    ctx = {"source": iid, "controller": seat, "refs": {}}
    costs = [c for c in play_costs(state, iid) if not ("unless" in c and "cost" in c)]
    return can_pay(state, {**ctx, "controller": seat}, costs + [{"pay_power": power_cost}])


def power_cost_to_play(state: dict, seat: int, iid: str) -> int:
    """The card's cost, or nothing when a rule lets it be played at no cost (Replicator
    Carter; the player always takes "may play at no cost")."""
    return 0 if static_rules.plays_at_no_cost(state, seat, iid) else stats.play_cost(state, iid)


def playable_by_hero(state: dict, seat: int, iid: str) -> bool:
    d = S.card_def(state, iid)
    ok_type = d["type"] in ("event", "gear") or (d["type"] == "character" and d.get("subtype") == "support") \
        or (d["type"] == "ship" and d.get("allegiance") == "hero")
    return ok_type and can_play(state, seat, iid)


def boostable(state: dict, seat: int, target: str) -> bool:
    """A card of ``seat``'s assigned to the current mission (what a boost may target)."""
    return target in state["mission"]["cards"] and S.controller(state, target) == seat \
        and state["cards"][target]["state"] == "assigned"


def boost_titles(state: dict, seat: int, target: str, mimic: bool) -> set[str]:
    """The titles a hero's discarded card may have to boost ``target`` (none: it can't be)."""
    td = S.card_def(state, target)
    if td["type"] == "ship" and not feature(state, "ships"):
        return set()
    titles = {td["title"]}
    if mimic and S.is_team(state, target):
        # Mimic device: the title of any of your other team characters also boosts
        titles |= {S.title(state, i) for i in state["seats"][seat]["team"] if i != target}
    return titles


def boosts(state: dict, iid: str, target: str, titles: set[str]) -> bool:
    """Discarding ``iid`` boosts ``target``: the same card type and one of ``titles``."""
    d = S.card_def(state, iid)
    return d["type"] == S.card_def(state, target)["type"] and d["title"] in titles


def legal(state: dict, seat: int) -> list[dict]:
    out = []
    for iid in state["seats"][seat]["hand"]:
        if playable_by_hero(state, seat, iid):
            out.append({"type": "play", "card": iid})
    for iid in state["seats"][seat]["play"]:
        if static_rules.can_assign_character(state, iid):
            out.append({"type": "assign", "card": iid})
    mimic = static_rules.boost_by_team_title(state, seat)
    for target in S.at_mission(state):
        if not boostable(state, seat, target):
            continue
        titles = boost_titles(state, seat, target, mimic)
        for iid in state["seats"][seat]["hand"]:
            if boosts(state, iid, target, titles):
                # each same-title card is its own boost: the player chooses which to discard
                out.append({"type": "boost", "card": iid, "target": target})
    return out


def is_legal(state: dict, seat: int, kind: str, card: str, target: str | None) -> bool:
    """Whether the hero's action ``kind`` with ``card`` (and ``target``) is one ``legal``
    lists, judged for that card alone."""
    if kind == "play":
        return card in state["seats"][seat]["hand"] and playable_by_hero(state, seat, card)
    if kind == "assign":
        return card in state["seats"][seat]["play"] and static_rules.can_assign_character(state, card)
    if kind == "boost" and target is not None:
        if card not in state["seats"][seat]["hand"] or not boostable(state, seat, target):
            return False
        return boosts(state, card, target, boost_titles(state, seat, target, static_rules.boost_by_team_title(state, seat)))
    return False


def play_card(state: dict, seat: int, iid: str) -> None:
    """Pay the cost and play; the card's own play costs and "when you play" text follow."""
    d = S.card_def(state, iid)
    cost = power_cost_to_play(state, seat, iid)
    state["seats"][seat]["power"] -= cost
    state["cards"][iid].pop("refs", None)  # a card played again is a new card: nothing remembered
    S.log(state, "played", seat=seat, card=iid, guid=state["cards"][iid]["guid"], cost=cost)
    state["turn"].setdefault("played", []).append(iid)  # "has been played this turn" (Yat'Yir)
    if d["type"] == "event":
        # rulebook: the event's text is carried out, then it goes to the discard pile
        # (flow.discard_resolved_events) — so its own text never finds it there (Perks)
        S.move(state, iid, "resolving")
    elif d["type"] in ("obstacle",):
        S.move(state, iid, "mission")
    else:
        S.move(state, iid, "play")
        state["cards"][iid]["state"] = "ready"
    costs = [c for c in play_costs(state, iid) if not ("unless" in c and "cost" in c)]
    if costs:
        push(state, costs, iid, seat, label="play_cost")
    fire(state, "play_self", card=iid)
    fire(state, "card_played", card=iid, seat=seat)
    if d["type"] == "obstacle":
        fire(state, "obstacle_played", card=iid, seat=seat)


def assign(state: dict, seat: int, iid: str) -> None:
    """Assign, then pay the assignment costs other cards impose (RULES.md: paid right after)."""
    for src, costs, ctx in static_rules.assign_costs(state, iid):
        # the assigning player pays (or chooses, for "you" in the card's text of his own)
        push(state, costs, src, seat, builtin={"assigning": [iid]}, label="assign_cost")
    S.move_keep(state, iid, "mission")
    state["cards"][iid]["state"] = "assigned"
    S.log(state, "assigned", seat=seat, card=iid)
    fire(state, "assign_self", card=iid)
    kind = S.ctype(state, iid)
    fire(state, "character_assigned" if kind == "character" else "adversary_assigned" if kind == "adversary" else "ship_assigned",
         card=iid, seat=seat)


def boost(state: dict, seat: int, card: str, target: str) -> None:
    S.move(state, card, "discard")
    kind = S.ctype(state, target)
    stat = "firepower" if kind == "ship" else "difficulty" if kind == "adversary" else "skills"
    state["cards"][target]["mods"].append({"stat": stat, "amount": 1 + static_rules.boost_bonus(state, stat), "until": "end_of_mission"})
    S.sums_changed()
    S.log(state, "boosted", seat=seat, card=target, discarded=card)
