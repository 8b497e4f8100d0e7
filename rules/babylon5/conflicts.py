"""Conflicts: the Conflict round (declare face down / by agenda, reveal, name targets) and
the Resolution round (totals, success and failure, aftermath cards, discard).

Why in one module: a conflict record (``state["conflicts"]``) is created in the Conflict
round, collects support, opposition and attacks in the Action round, and is resolved and
discarded here. Records: ``id, card, agenda, initiator, type, face_down, target,
target_kind, any_side, vote, war, contributions, attacks, ability``.
"""
from __future__ import annotations

from . import combat
from . import state as S
from . import values as V
from .effects.interpreter import run


def conflict_ability(state: dict, iid: str) -> dict:
    """The conflict's rules: mechanics refine the card facts."""
    dd = S.d(state, iid)
    ab = next(iter(S.mech(state, iid, "conflict")), {})
    tk = ab.get("target", dd.get("conflict_target"))
    return {"type": ab.get("type", dd.get("subtype")), "target": "player" if tk == "faction" else tk,
            "any_side": bool(ab.get("any_side", dd.get("any_player_may_be_supported"))),
            "vote": bool(ab.get("vote")), "war": bool(ab.get("war")), "success": ab.get("success") or [],
            "failure": ab.get("failure") or [], "side_effects": ab.get("side_effects") or [],
            "cost": ab.get("cost", dd.get("cost")) or 0, "multiplier": ab.get("multiplier", 1),
            "multiplier_who": ab.get("multiplier_who") or {}}


def agenda_conflict(state: dict, seat: int) -> dict | None:
    ag = state["seats"][seat]["agenda"]
    if not ag or state["cards"][ag]["face_down"]:
        return None
    for ab in S.mech(state, ag, "agenda"):
        if ab.get("conflict"):
            c = ab["conflict"]
            tk = c.get("target")
            return {"type": c["type"], "target": "player" if tk == "faction" else tk, "any_side": bool(c.get("any_side")),
                    "vote": bool(c.get("vote")), "war": bool(c.get("war")), "success": c.get("success") or [],
                    "failure": c.get("failure") or [], "side_effects": c.get("side_effects") or [],
                    "cost": c.get("cost") or 0, "multiplier": c.get("multiplier", 1),
                    "multiplier_who": c.get("multiplier_who") or {}}
    return None


def at_war(state: dict, a: int, b: int) -> bool:
    ra, rb = S.race_of_seat(state, a), S.race_of_seat(state, b)
    return ra != rb and state["tension"].get(S.pair(ra, rb), 2) >= S.WAR


def target_options(state: dict, seat: int, ab: dict) -> list:
    tk = ab["target"]
    foes = [s for s in S.alive(state) if s != seat and (not ab["war"] or at_war(state, seat, s))]
    if not tk:
        return [None] if not ab["war"] or foes else []
    if tk == "player":
        return foes
    f = tk if isinstance(tk, dict) else {"type": tk}
    return [i for s in foes for i in state["seats"][s]["play"]
            if not state["cards"][i]["face_down"] and not state["cards"][i].get("conflict")
            and S.matches(state, i, f, seat)]


def declarable(state: dict, seat: int, h: str, avail: int) -> bool:
    """``seat`` may declare a conflict with hand card ``h``: a conflict card of his race (or
    neutral) whose influence cost he has and that has a target now."""
    if S.ctype(state, h) != "conflict" or not S.restricted_ok(state, seat, h):
        return False
    ab = conflict_ability(state, h)
    return ab["type"] in S.CONFLICT_STAT and ab["cost"] <= avail and bool(target_options(state, seat, ab))


def declare_options(state: dict, seat: int, *, conflict_cards: bool = True) -> list[dict]:
    """What ``seat`` may do in the conflict round (``conflict_cards=False``: leave out the
    conflict cards of the hand, which ``rules.babylon5.validate`` judges one by one)."""
    acts = []
    avail = V.available(state, seat)
    if conflict_cards:
        acts += [{"type": "declare_conflict", "card": h} for h in state["seats"][seat]["hand"]
                 if declarable(state, seat, h, avail)]
    ab = agenda_conflict(state, seat)
    used = any(k["initiator"] == seat and k["agenda"] for k in state["conflicts"])
    if ab and not used and ab["cost"] <= avail and target_options(state, seat, ab):
        acts.append({"type": "agenda_conflict"})
    acts.append({"type": "no_conflict"})
    return acts


def declare(state: dict, seat: int, a: dict) -> None:
    kid = state["next_conflict"]
    state["next_conflict"] += 1
    if a["type"] == "declare_conflict":
        card = a["card"]
        ab = conflict_ability(state, card)
        state["seats"][seat]["spent"] += ab["cost"]
        S.move(state, card, "play", seat)
        state["cards"][card]["face_down"] = True
        state["cards"][card]["conflict"] = True
        rec = {"card": card, "agenda": None, "face_down": True}
        S.log(state, "conflict_declared", seat, conflict=kid, face_down=True)
    else:
        found = agenda_conflict(state, seat)
        assert found is not None, "declare_options offers agenda_conflict only with an agenda conflict"
        ab = found
        state["seats"][seat]["spent"] += ab["cost"]
        rec = {"card": None, "agenda": state["seats"][seat]["agenda"], "face_down": False}
        S.log(state, "conflict_declared", seat, conflict=kid, agenda=rec["agenda"],
              title=S.title(state, rec["agenda"]), influence=ab["cost"])
    state["conflicts"].append({"id": kid, "initiator": seat, "type": ab["type"], "target": None,
                               "target_kind": ab["target"] if isinstance(ab["target"], str) else "card",
                               "any_side": ab["any_side"], "vote": ab["vote"], "war": ab["war"],
                               "contributions": [], "attacks": [], "ability": ab, "named": False, **rec})


def reveal_step(state: dict) -> None:
    """Step 2: reveal all, then each initiator names the target, in declaration order."""
    for k in state["conflicts"]:
        if k["face_down"]:
            k["face_down"] = False
            state["cards"][k["card"]]["face_down"] = False
            S.log(state, "conflict_revealed", k["initiator"], conflict=k["id"], card=k["card"],
                  title=S.title(state, k["card"]), kind=k["type"])
    for k in list(state["conflicts"]):
        if k["named"]:
            continue
        opts = target_options(state, k["initiator"], k["ability"])
        if not k["ability"]["target"]:
            k["named"] = True
            continue
        if not opts:
            S.log(state, "conflict_fizzles", k["initiator"], conflict=k["id"], why="no valid target")
            drop_conflict(state, k)
            continue
        state["pending"] = {"seat": k["initiator"], "kind": "name_target",
                            "prompt": f"Name the target of your {k['type']} conflict"}
        return
    state["step"] = "action_round.start"


def name_target(state: dict, seat: int, target) -> None:
    k = next(x for x in state["conflicts"] if not x["named"])
    k["target"], k["named"] = target, True
    S.log(state, "conflict_target", seat, conflict=k["id"], target=target,
          title=S.title(state, target) if isinstance(target, str) else None)


def drop_conflict(state: dict, k: dict) -> None:
    if k["card"] and S.in_play(state, k["card"]):
        state["cards"][k["card"]].pop("conflict", None)
        S.move(state, k["card"], "discard")
    state["conflicts"].remove(k)


# ---------------------------------------------------------------- resolution

def totals(state: dict, k: dict) -> dict:
    """Totals with every current modifier; neutralized or departed cards count nothing."""
    out: dict = {}
    for con in k["contributions"]:
        iid = con["card"]
        if not S.in_play(state, iid) or state["cards"][iid]["neutralized"]:
            v = 0
        else:
            v = V.ability(state, iid, con["stat"])
            ab = k["ability"]
            if ab.get("multiplier", 1) != 1 and S.matches(state, iid, ab.get("multiplier_who") or {}, k["initiator"]):
                v *= ab["multiplier"]  # a conflict's bonus to participants applies at resolution only
        key = str(con["side"])
        out[key] = out.get(key, 0) + v
    return out


def result(state: dict, k: dict) -> tuple[bool, dict, list[int]]:
    t = totals(state, k)
    if k["any_side"]:
        sides = {s: t.get(str(s), 0) for s in S.alive(state)}
        mine = sides.get(k["initiator"], 0)
        won = all(mine > v for s, v in sides.items() if s != k["initiator"])
        top = max(sides.values()) if sides else 0
        highest = [s for s, v in sides.items() if v == top and v > 0]
        return won, t, highest
    return t.get("support", 0) > t.get("oppose", 0), t, []


def allowed_conflicts(state: dict, seat: int) -> int:
    """One conflict per turn, plus any a card grants (faction stat ``conflicts``)."""
    return 1 + max(0, V.faction_mod(state, seat, "conflicts"))


def declared(state: dict, seat: int) -> int:
    return sum(1 for k in state["conflicts"] if k["initiator"] == seat)


def ordered_conflicts(state: dict) -> list[dict]:
    pos = {s: i for i, s in enumerate(state["turn"]["order"])}
    return sorted(state["conflicts"], key=lambda k: (pos.get(k["initiator"], 99), k["id"]))


def resolve_current(state: dict, k: dict) -> None:
    won, t, highest = result(state, k)
    k["won"] = won
    k["totals"] = t
    k["roles"] = combat.participants(state, k)
    S.log(state, "conflict_resolved", k["initiator"], conflict=k["id"], won=won, totals=t, kind=k["type"])
    ctx = {"you": k["initiator"], "initiator": k["initiator"], "source": k["card"] or k["agenda"],
           "conflict_target": k["target"], "highest_side": highest, "chosen": k["target"], "roles": k["roles"]}
    ab = k["ability"]
    if won and k["war"] and k["type"] == "military" and isinstance(k["target"], str) \
            and S.in_play(state, k["target"]) and S.ctype(state, k["target"]) == "location":
        combat.conquer(state, k["target"], k["initiator"])
    run(state, ab["success"] if won else ab["failure"], ctx)
    if k["any_side"]:
        run(state, ab["side_effects"], ctx)
    for iid in k["roles"]:
        if S.in_play(state, iid):
            combat.fire(state, iid, "conflict_won" if won else "conflict_lost", {"conflict": k["id"]})
    triggered_abilities(state, k, won, ctx)


def triggered_abilities(state: dict, k: dict, won: bool, ctx: dict) -> None:
    """``trigger`` abilities of cards in play (homeworlds and the like) right after the
    resolution: ``on`` conflict_resolved / conflict_won / conflict_lost, ``if`` initiator
    (you / opponent), conflict type, participant (this card took part)."""
    for iid in list(S.play_cards(state)):
        if not S.is_active_card(state, iid):
            continue
        for ab in S.mech(state, iid, "trigger"):
            on = ab["on"]
            if on == "conflict_won" and not won or on == "conflict_lost" and won:
                continue
            cond = ab.get("if") or {}
            you = S.controller(state, iid)
            if "initiator" in cond and (cond["initiator"] == "you") != (k["initiator"] == you):
                continue
            if cond.get("conflict", "any") not in ("any", k["type"]):
                continue
            if cond.get("participant") and iid not in k["roles"]:
                continue
            run(state, ab["effects"], {**ctx, "you": you, "source": iid})


def finish_conflict(state: dict, k: dict) -> None:
    """Step 3: discard the conflict card and the discard-after-play aftermaths."""
    for iid in k.get("aftermaths", []):
        if S.in_play(state, iid) and not aftermath_lasting(state, iid):
            combat.discard_from_play(state, iid, "aftermath discarded after play", force=True)
    drop_conflict(state, k)


# ---------------------------------------------------------------- aftermath cards

def aftermath_conditions(state: dict, iid: str) -> dict:
    dd = S.d(state, iid)
    w = dict(dd.get("play_conditions") or {})
    for ab in S.mech(state, iid, "aftermath"):
        w.update(ab.get("when") or {})
    p = w.get("participant")
    if p is True:
        p = "any"
    return {"result": w.get("result", "any"), "conflict": w.get("conflict", "any"), "participant": p or None}


def aftermath_lasting(state: dict, iid: str) -> bool:
    return any(ab.get("lasting") for ab in S.mech(state, iid, "aftermath"))


def aftermath_targets(state: dict, seat: int, iid: str, k: dict) -> list:
    """Valid targets of an aftermath after conflict ``k`` (Aftermath Cards: Play Conditions)."""
    w = aftermath_conditions(state, iid)
    if w["result"] == "won" and not k["won"] or w["result"] == "lost" and k["won"]:
        return []
    if w["conflict"] != "any" and w["conflict"] != k["type"]:
        return []
    roles = k["roles"]
    race = S.card_race(state, iid)
    ab = next(iter(S.mech(state, iid, "aftermath")), {})
    tgt = ab.get("target")
    if w["participant"]:
        factions = sorted({S.controller(state, c) for c in roles if S.in_play(state, c)} | {k["initiator"]})
    else:
        factions = [k["initiator"]]
    factions = [s for s in factions if not state["seats"][s]["lost"]]
    if race != "neutral":
        factions = [s for s in factions if S.race_of_seat(state, s) == race]
    if tgt == "faction":
        return factions
    if tgt == "all":
        return ["all"] if factions else []  # no named target: its effects name what they affect
    f = dict(tgt or {})
    if w["participant"] in ("fleet", "character"):
        f["type"] = w["participant"]
        f.setdefault("role", "any")
    ctx = {"roles": roles, "initiator": k["initiator"]}
    out = []
    for s in factions:
        for c in state["seats"][s]["play"]:
            cc = state["cards"][c]
            if cc["face_down"] or cc.get("conflict") or S.ctype(state, c) in ("aftermath", "enhancement", "contingency", "agenda"):
                continue
            if f and not S.matches(state, c, f, seat, ctx):
                continue
            if not f and S.ctype(state, c) not in ("character", "fleet", "location", "group"):
                continue
            if any(S.d(state, a)["id"] == S.d(state, iid)["id"] for a in combat.attachments(state, c)):
                continue  # one copy of an aftermath per target
            out.append(c)
    return out


def aftermath_options(state: dict, seat: int, k: dict) -> list[dict]:
    avail = V.available(state, seat)
    acts = [{"type": "play_aftermath", "card": h} for h in state["seats"][seat]["hand"]
            if S.ctype(state, h) == "aftermath" and (S.d(state, h).get("cost") or 0) <= avail
            and aftermath_targets(state, seat, h, k)]
    return acts + [{"type": "pass"}]


def finish_aftermath(state: dict, seat: int, card: str, target) -> None:
    k = current_conflict(state)
    S.move(state, card, "play", seat)
    c = state["cards"][card]
    if isinstance(target, int):
        c["on_faction"] = target
    elif target != "all":
        c["on"] = target
    k.setdefault("aftermaths", []).append(card)
    S.log(state, "aftermath", seat, card=card, target=target, title=S.title(state, card))
    ctx = {"you": seat, "source": card, "chosen": target, "attached": target, "initiator": k["initiator"],
           "conflict_target": k["target"], "roles": k["roles"]}
    for ab in S.mech(state, card, "aftermath"):
        run(state, ab.get("effects"), ctx)


def current_conflict(state: dict) -> dict:
    return next(x for x in state["conflicts"] if x["id"] == state["turn"]["resolving"])
