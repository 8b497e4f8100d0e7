"""The Action round's actions (Game Flow: Action Round; RULES.md: Action Details).

Each action is one legal action body; a second choice (a target) becomes a ``choose``
decision of the same seat, so action lists stay small. ``legal(state, seat)`` lists them,
``perform(state, seat, action)`` carries one out.
"""
from __future__ import annotations

from typing import Any

from . import combat, conflicts
from . import state as S
from . import values as V
from .effects.interpreter import run

SPONSORABLE = ("character", "group", "fleet", "location", "agenda", "enhancement")


# ---------------------------------------------------------------- costs and restrictions

def base_cost(state: dict, seat: int, iid: str) -> int:
    """Printed influence cost; a character loyal to another race costs double (RULES.md, Gap 13)."""
    dd = S.d(state, iid)
    cost = dd.get("cost") or 0
    if dd["type"] == "character" and dd.get("loyal") and S.card_race(state, iid) != S.race_of_seat(state, seat):
        cost *= 2
    return cost


def sponsor_cost(state: dict, seat: int, iid: str) -> int:
    cost = base_cost(state, seat, iid) - V.sponsor_discount(state, seat, iid) - state["seats"][seat]["aide_discount"]
    return max(0, cost)


def promote_cost(state: dict, seat: int, iid: str) -> int:
    """Sponsor cost (no sponsor discounts) plus one per Inner Circle member, ambassador included."""
    cost = base_cost(state, seat, iid) + len(S.inner_circle(state, seat))
    return max(0, cost - V.sponsor_discount(state, seat, iid, "promote_discount"))


def is_limited(state: dict, iid: str) -> bool:
    dd = S.d(state, iid)
    default = dd["type"] in ("character", "group", "fleet", "location")
    return dd.get("limited", default) if dd.get("limited") is not None else default


def limited_ok(state: dict, iid: str) -> bool:
    """Limited: one copy in play in the whole game (fleets: per race)."""
    if not is_limited(state, iid):
        return True
    dd = S.d(state, iid)
    for other in S.play_cards(state):
        od = S.d(state, other)
        if other != iid and od["title"] == dd["title"] and od["type"] == dd["type"]:
            if dd["type"] != "fleet" or S.card_race(state, other) == S.card_race(state, iid):
                return False
    return True


def sponsors(state: dict, seat: int) -> list[str]:
    return [i for i in S.inner_circle(state, seat) if S.can_act(state, i)]


def agenda_kind(state: dict, iid: str) -> str | None:
    return S.d(state, iid).get("subtype")


# ---------------------------------------------------------------- targets

def enhancement_targets(state: dict, seat: int, iid: str) -> list:
    kind = S.enh_target_kind(state, iid)
    race = S.card_race(state, iid)
    dd = S.d(state, iid)
    extra: dict = next((t for ab in S.mech(state, iid, "enhancement") if isinstance(t := ab.get("target"), dict)), {})
    if kind == "global":
        if any(i != iid and S.ctype(state, i) == "enhancement" and S.enh_target_kind(state, i) == "global"
               for i in S.play_cards(state)):
            return []  # one global enhancement in play (RULES.md, Gap 19)
        return ["global"]
    if kind == "faction":
        if race != "neutral" and race != S.race_of_seat(state, seat):
            return []
        if any(i != iid and state["cards"][i]["on_faction"] == seat and S.d(state, i)["id"] == dd["id"]
               for i in S.play_cards(state)):
            return []
        return [seat]
    out = []
    for t in S.play_cards(state):
        tc = state["cards"][t]
        if tc["face_down"] or tc.get("conflict") or S.ctype(state, t) != kind:
            continue
        if race != "neutral" and S.card_race(state, t) != race:
            continue
        if extra and not S.matches(state, t, {k: v for k, v in extra.items() if k != "type"}, seat):
            continue
        if any(a != iid and S.d(state, a)["id"] == dd["id"] for a in combat.attachments(state, t)):
            continue  # one copy per target
        out.append(t)
    return out


def card_choices(state: dict, seat: int, f: dict) -> list[str]:
    return [i for i in S.play_cards(state) if not state["cards"][i]["face_down"] and not state["cards"][i].get("conflict")
            and S.matches(state, i, f, seat)]


def contingency_targets(state: dict, seat: int, iid: str) -> list[str]:
    abl = next(iter(S.mech(state, iid, "contingency")), {})
    f = dict(abl.get("target") or {})
    if "type" not in f:
        f["type"] = S.d(state, iid).get("attaches_to") or "character"
    race = S.card_race(state, iid)
    if race != "neutral":
        f["race"] = race
    out = card_choices(state, seat, f)
    if not abl.get("any_owner"):
        out = [t for t in out if S.controller(state, t) == seat]
    return out


def attack_targets(state: dict, seat: int, attacker: str) -> list[str]:
    out = []
    for k in state["conflicts"]:
        for iid in combat.participants(state, k):
            if iid in out or not S.in_play(state, iid) or S.controller(state, iid) == seat:
                continue
            if state["cards"][iid]["neutralized"] or iid == attacker:
                continue
            used = combat.used_stat(state, iid)
            if used is None:
                continue
            stat = used[1]
            if V.ability(state, attacker, stat) <= 0 or stat not in V.base_stats(state, attacker):
                continue
            out.append(iid)
    return out


def contributes(state: dict, seat: int, k: dict, iid: str) -> bool:
    """``seat``'s card ``iid`` in play can support or oppose conflict ``k``: ready, no
    conflict card itself, of the kind the conflict's stat uses (military: a fleet, or the
    location targeted) and with some of that stat."""
    stat = S.CONFLICT_STAT[k["type"]]
    if not S.can_act(state, iid) or state["cards"][iid].get("conflict"):
        return False
    t = S.ctype(state, iid)
    if stat == "military":
        if not (t == "fleet" or (t == "location" and k["target"] == iid)):
            return False
    elif t != "character":
        return False
    return V.ability(state, iid, stat) > 0


# ---------------------------------------------------------------- legal actions
# Each kind of action is listed by a function of the one card (or conflict) it is about, so
# ``legal`` lists them all and ``rules.babylon5.validate`` judges a posted action by listing
# only the actions of its own card.

def hand_actions(state: dict, seat: int, h: str, avail: int, spons: list[str]) -> list[dict]:
    """Sponsor, play an event or a contingency: the actions of hand card ``h``."""
    sd = state["seats"][seat]
    t = S.ctype(state, h)
    dd = S.d(state, h)
    acts: list[dict] = []
    if t in SPONSORABLE and spons and S.restricted_ok(state, seat, h) and not dd.get("starting_ambassador"):
        if sponsor_cost(state, seat, h) > avail or not limited_ok(state, h):
            return acts
        if t == "agenda":
            cur = sd["agenda"]
            if cur and agenda_kind(state, cur) == "major" and agenda_kind(state, h) != "major" \
                    and not any(ab.get("replaces_major") for ab in S.mech(state, h, "agenda")):
                return acts
        bys = spons
        if t == "enhancement":
            if not enhancement_targets(state, seat, h):
                return acts
            if S.card_race(state, h) != "neutral":
                bys = [b for b in spons if S.card_race(state, b) == S.card_race(state, h)]
        for b in bys:
            acts.append({"type": "sponsor", "card": h, "by": b})
            if t == "agenda":
                acts.append({"type": "sponsor", "card": h, "by": b, "hidden": True})
    elif t == "event" and (dd.get("cost") or 0) <= avail:
        ab = next(iter(S.mech(state, h, "play")), None)
        if ab and ab.get("target") and not card_choices(state, seat, ab["target"]):
            return acts
        acts.append({"type": "play_event", "card": h})
    elif t == "contingency" and (dd.get("cost") or 0) <= avail and contingency_targets(state, seat, h):
        acts.append({"type": "play_contingency", "card": h})
    return acts


def play_actions(state: dict, seat: int, iid: str, avail: int, spons: list[str], kind: str | None = None) -> list[dict]:
    """Promote, activate, lead a fleet, attack, heal, repair: the actions of ``seat``'s card
    ``iid`` in play (only those of type ``kind`` when given)."""
    sd = state["seats"][seat]
    c = state["cards"][iid]
    t = S.ctype(state, iid)
    acts: list[dict] = []
    if c.get("conflict") or c["face_down"] and t != "agenda":
        return acts
    if kind in (None, "promote") and t == "character" and c["level"] == "supporting" and spons \
            and limited_ok(state, iid) and promote_cost(state, seat, iid) <= avail:
        acts += [{"type": "promote", "card": iid, "by": b} for b in spons]
    if S.can_act(state, iid):
        if kind in (None, "activate"):
            for i, ab in enumerate(S.mech(state, iid, "activated")):
                cost = ab.get("cost") or {"rotate": True}
                if (cost.get("influence") or 0) <= avail and (not ab.get("target") or card_choices(state, seat, ab["target"])):
                    acts.append({"type": "activate", "card": iid, "ability": i})
        if kind in (None, "lead_fleet") and t == "character" and V.ability(state, iid, "leadership") > 0:
            for f in sd["play"]:
                if S.ctype(state, f) == "fleet" and S.in_play(state, f) and not combat.leaders_of(state, f):
                    acts.append({"type": "lead_fleet", "card": iid, "fleet": f})
        if kind in (None, "attack") and t in ("character", "fleet") and attack_targets(state, seat, iid):
            acts.append({"type": "attack", "card": iid})
    if kind in (None, "heal") and t == "character" and c["damage"] > 0 and not c["rotated"]:
        acts.append({"type": "heal", "card": iid})
    if kind in (None, "repair") and t in ("fleet", "location") and c["damage"] + c["severe"] > 0 and avail >= 1:
        acts.append({"type": "repair", "card": iid})
    return acts


def build_actions(state: dict, seat: int, avail: int, spons: list[str]) -> list[dict]:
    if avail >= 3 and V.rating(state, seat) <= S.BUILD_LIMIT:
        return [{"type": "build_influence", "by": b} for b in spons]
    return []


def aide_actions(state: dict, seat: int, iid: str) -> list[dict]:
    """An ambassador's aide: the ambassador's player rotates it wherever it is."""
    amb_def = state["cards"][state["seats"][seat]["ambassador"]]["def"]
    if S.aide_of(state, iid) == amb_def and S.can_act(state, iid):
        return [{"type": "aide", "card": iid, "bonus": b} for b in ("diplomacy", "intrigue", "leadership", "discount")]
    return []


def conflict_actions(state: dict, seat: int, k: dict, iid: str) -> list[dict]:
    """Support or oppose the revealed conflict ``k`` with ``seat``'s card ``iid``."""
    if k["face_down"] or not contributes(state, seat, k, iid):
        return []
    if k["any_side"]:
        return [{"type": "support", "card": iid, "conflict": k["id"], "side": s} for s in S.order(state)]
    acts = []
    if S.ctype(state, iid) != "location":
        acts.append({"type": "support", "card": iid, "conflict": k["id"]})
    acts.append({"type": "oppose", "card": iid, "conflict": k["id"]})
    return acts


def agenda_actions(state: dict, seat: int) -> list[dict]:
    ag = state["seats"][seat]["agenda"]
    acts = []
    if ag:
        if state["cards"][ag]["face_down"]:
            acts.append({"type": "reveal_agenda"})
        if agenda_kind(state, ag) != "major":
            acts.append({"type": "discard_agenda"})
    return acts


def mercenary_actions(state: dict, iid: str, avail: int) -> list[dict]:
    if avail >= 1 and is_mercenary(state, iid) and not state["cards"][iid]["face_down"]:
        return [{"type": "offer_mercenaries", "card": iid}]
    return []


def legal(state: dict, seat: int) -> list[dict]:
    acts: list[dict] = []
    sd = state["seats"][seat]
    avail = V.available(state, seat)
    spons = sponsors(state, seat)
    for h in sd["hand"]:
        acts += hand_actions(state, seat, h, avail, spons)
    for iid in sd["play"]:
        acts += play_actions(state, seat, iid, avail, spons)
    acts += build_actions(state, seat, avail, spons)
    for iid in S.play_cards(state):
        acts += aide_actions(state, seat, iid)
    for k in state["conflicts"]:
        for iid in sd["play"]:
            acts += conflict_actions(state, seat, k, iid)
    acts += agenda_actions(state, seat)
    for iid in S.play_cards(state):
        acts += mercenary_actions(state, iid, avail)
    acts.append({"type": "pass"})
    return acts


def is_mercenary(state: dict, iid: str) -> bool:
    return bool(S.mech(state, iid, "mercenary")) or "Mercenary" in (S.d(state, iid).get("traits") or []) \
        or "mercenary" in (S.d(state, iid).get("traits") or [])


# ---------------------------------------------------------------- performing

def spend(state: dict, seat: int, n: int) -> None:
    state["seats"][seat]["spent"] += n


def ask(state: dict, seat: int, op: str, options: list, prompt: str, **kw) -> None:
    state["choice"] = {"seat": seat, "op": op, "options": options, "prompt": prompt, **kw}


def perform(state: dict, seat: int, a: dict) -> None:
    kind = a["type"]
    sd = state["seats"][seat]
    if kind == "sponsor":
        card, by = a["card"], a["by"]
        cost = sponsor_cost(state, seat, card)
        spend(state, seat, cost)
        sd["aide_discount"] = 0  # an aide's discount is used by the next sponsor
        state["cards"][by]["rotated"] = True
        t = S.ctype(state, card)
        S.move(state, card, "play", seat)
        c = state["cards"][card]
        hidden = bool(a.get("hidden"))
        if t == "character":
            c["level"] = "supporting"
        elif t in ("group", "fleet", "location"):
            c["level"] = "supporting"
        if t == "agenda":
            old = sd["agenda"]
            if old:
                combat.discard_from_play(state, old, "replaced by a new agenda", force=True)
            sd["agenda"] = card
            c["face_down"] = hidden
        shown: dict[str, Any] = {} if hidden else {"title": S.title(state, card)}
        S.log(state, "sponsored", seat, card=card, by=by, cost=cost, hidden=hidden, **shown)
        if t == "enhancement":
            ask(state, seat, "enhancement_target", enhancement_targets(state, seat, card),
                f"Choose the target of {S.title(state, card)}", card=card)
    elif kind == "promote":
        card, by = a["card"], a["by"]
        cost = promote_cost(state, seat, card)
        spend(state, seat, cost)
        state["cards"][by]["rotated"] = True
        state["cards"][card]["level"] = "inner"
        S.log(state, "promoted", seat, card=card, by=by, cost=cost, title=S.title(state, card))
    elif kind == "build_influence":
        state["cards"][a["by"]]["rotated"] = True
        spend(state, seat, 3)
        sd["rating"] += 1
        S.log(state, "built_influence", seat, by=a["by"], rating=V.rating(state, seat))
    elif kind == "activate":
        card = a["card"]
        ab = S.mech(state, card, "activated")[a["ability"]]
        pay = ab.get("cost") or {"rotate": True}
        if pay.get("rotate", True):
            state["cards"][card]["rotated"] = True
        spend(state, seat, pay.get("influence") or 0)
        S.log(state, "activated", seat, card=card, title=S.title(state, card))
        if ab.get("target"):
            ask(state, seat, "activate_target", card_choices(state, seat, ab["target"]),
                f"Choose the target of {S.title(state, card)}'s ability", card=card, ability=a["ability"])
        else:
            run(state, ab["effects"], {"you": seat, "source": card})
    elif kind == "lead_fleet":
        state["cards"][a["card"]]["rotated"] = True
        state["cards"][a["card"]]["leads"] = a["fleet"]
        S.log(state, "leads_fleet", seat, card=a["card"], fleet=a["fleet"], title=S.title(state, a["card"]))
    elif kind == "aide":
        c = state["cards"][a["card"]]
        c["rotated"] = True
        if a["bonus"] == "discount":
            sd["aide_discount"] = 1
        else:
            c["aide_bonus"] = a["bonus"]
        S.log(state, "aide", seat, card=a["card"], bonus=a["bonus"], title=S.title(state, a["card"]))
    elif kind in ("support", "oppose"):
        k = next(x for x in state["conflicts"] if x["id"] == a["conflict"])
        card = a["card"]
        state["cards"][card]["rotated"] = True
        side = a.get("side", "support") if kind == "support" else "oppose"
        k["contributions"].append({"card": card, "side": side, "stat": S.CONFLICT_STAT[k["type"]],
                                   "vote": bool(k["vote"]),
                                   "leaders": combat.leaders_of(state, card) if S.ctype(state, card) == "fleet" else []})
        S.log(state, kind, seat, card=card, conflict=k["id"], side=side, title=S.title(state, card))
    elif kind == "attack":
        ask(state, seat, "attack_target", attack_targets(state, seat, a["card"]),
            f"Choose the participant {S.title(state, a['card'])} attacks", card=a["card"])
    elif kind == "play_event":
        card = a["card"]
        spend(state, seat, S.d(state, card).get("cost") or 0)
        S.log(state, "event", seat, card=card, title=S.title(state, card))
        ab = next(iter(S.mech(state, card, "play")), None)
        S.move(state, card, "play", seat)
        if ab and ab.get("target"):
            ask(state, seat, "event_target", card_choices(state, seat, ab["target"]),
                f"Choose the target of {S.title(state, card)}", card=card)
        else:
            finish_event(state, seat, card, None)
    elif kind == "play_contingency":
        card = a["card"]
        spend(state, seat, S.d(state, card).get("cost") or 0)
        ask(state, seat, "contingency_target", contingency_targets(state, seat, card),
            "Choose the card to put the contingency under", card=card)
    elif kind == "reveal_agenda":
        state["cards"][sd["agenda"]]["face_down"] = False
        S.log(state, "agenda_revealed", seat, card=sd["agenda"], title=S.title(state, sd["agenda"]))
    elif kind == "discard_agenda":
        combat.discard_from_play(state, sd["agenda"], "discarded by its faction", force=True)
    elif kind == "heal":
        state["cards"][a["card"]]["rotated"] = True
        combat.heal(state, a["card"])
        S.log(state, "healed", seat, card=a["card"], title=S.title(state, a["card"]))
    elif kind == "repair":
        spend(state, seat, 1)
        combat.repair_one(state, a["card"])
        S.log(state, "repaired", seat, card=a["card"], title=S.title(state, a["card"]))
    elif kind == "offer_mercenaries":
        card = a["card"]
        spend(state, seat, 1)
        c = state["cards"][card]
        key = str(seat)
        c["bids"][key] = c["bids"].get(key, 0) + 1
        holder = S.controller(state, card)
        S.log(state, "mercenary_bid", seat, card=card, total=c["bids"][key], title=S.title(state, card))
        if c["bids"][key] > c["bids"].get(str(holder), 0):
            for lid in combat.leaders_of(state, card) if S.ctype(state, card) == "fleet" else []:
                state["cards"][lid]["leads"] = None
            S.move(state, card, "play", seat)
            c["level"] = "supporting"
            S.log(state, "mercenaries_hired", seat, card=card, title=S.title(state, card))


def finish_event(state: dict, seat: int, card: str, chosen) -> None:
    ab = next(iter(S.mech(state, card, "play")), None)
    if ab:
        run(state, ab.get("effects"), {"you": seat, "source": card, "chosen": chosen})
    if S.in_play(state, card):
        S.move(state, card, "discard")


def answer_choice(state: dict, seat: int, target) -> None:
    ch = state.pop("choice")
    op, card = ch["op"], ch.get("card")
    if op == "enhancement_target":
        c = state["cards"][card]
        if target == "global":
            pass
        elif isinstance(target, int):
            c["on_faction"] = target
        else:
            c["on"] = target
        S.log(state, "enhanced", seat, card=card, target=target, title=S.title(state, card))
        for ab in S.mech(state, card, "enhancement"):
            run(state, ab.get("effects"), {"you": seat, "source": card, "chosen": target, "attached": target})
    elif op == "activate_target":
        ab = S.mech(state, card, "activated")[ch["ability"]]
        run(state, ab["effects"], {"you": seat, "source": card, "chosen": target})
    elif op == "event_target":
        finish_event(state, seat, card, target)
    elif op == "contingency_target":
        S.move(state, card, "play", seat)
        c = state["cards"][card]
        c["face_down"] = True
        c["on"] = target
        S.log(state, "contingency_played", seat, card=card, on=target)
    elif op == "attack_target":
        combat.begin_attack(state, card, target)
    elif op == "aftermath_target":
        conflicts.finish_aftermath(state, seat, card, target)
