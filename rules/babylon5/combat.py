"""Damage, neutralization, healing, repair, leaving play, conquering, attacks and contingency
triggers: the primitive changes that effects and phases are built from (the layer below
``effects/interpreter.py``, so it never runs an effect itself).

Why together: an attack deals damage both ways, damage neutralizes, a neutralized card may
trigger contingencies, and a card leaving play takes its enhancements, aftermaths and
contingencies with it (Enhancement Cards; Contingency Cards).
"""
from __future__ import annotations

from . import state as S
from . import values as V


def apply_damage(state: dict, iid: str, n: int, severe: int = 0) -> None:
    """Damage accumulates; a card whose damage reaches its highest ability is neutralized
    and the excess becomes severe damage (RULES.md: Damage)."""
    c = state["cards"][iid]
    if not S.in_play(state, iid) or (n <= 0 and severe <= 0):
        return
    top = V.highest(state, iid)
    before = c["damage"] + c["severe"]
    n = max(0, n)
    over = min(n, max(0, before + n - max(before, top)))  # the part of this damage beyond the highest ability
    c["damage"] += n - over
    c["severe"] += over + max(0, severe)
    if c["damage"] + c["severe"] >= top and not c["neutralized"]:
        neutralize(state, iid)


def neutralize(state: dict, iid: str) -> None:
    c = state["cards"][iid]
    if c["neutralized"] or not S.in_play(state, iid):
        return
    c["neutralized"] = True
    S.log(state, "neutralized", c["seat"], card=iid, title=S.title(state, iid))
    fire(state, iid, "neutralized", {})


def heal(state: dict, iid: str) -> None:
    """Remove ordinary damage; severe damage stays (RULES.md: Heal)."""
    c = state["cards"][iid]
    c["damage"] = 0
    if c["neutralized"] and c["severe"] < V.highest(state, iid):
        c["neutralized"] = False


def repair_one(state: dict, iid: str) -> None:
    c = state["cards"][iid]
    if c["damage"] > 0:
        c["damage"] -= 1
    else:
        c["severe"] -= 1
    if c["neutralized"] and c["damage"] + c["severe"] < V.highest(state, iid):
        c["neutralized"] = False


def attachments(state: dict, iid: str) -> list[str]:
    return [i for i in S.play_cards(state) if state["cards"][i]["on"] == iid]


def discard_from_play(state: dict, iid: str, why: str, force: bool = False) -> bool:
    """Discard a card in play with everything attached to it. The starting ambassador is
    never discarded (only replaced); a major agenda only by a card allowing it."""
    c = state["cards"][iid]
    if c["zone"] != "play":
        return False
    seat = state["seats"][c["seat"]]
    if seat["ambassador"] == iid and not force:
        return False  # Your Starting Ambassador: never discarded, only replaced
    if seat["agenda"] == iid and S.d(state, iid).get("subtype") == "major" and not force:
        return False  # Agenda Cards: Major Agendas cannot be discarded
    for a in attachments(state, iid):
        discard_from_play(state, a, f"its target {S.title(state, iid)} left play", force=True)
    for other in S.play_cards(state):
        oc = state["cards"][other]
        if oc["leads"] == iid:
            oc["leads"] = None
    if seat["agenda"] == iid:
        seat["agenda"] = None
    state["mods"] = [m for m in state["mods"] if m["card"] != iid and not (
        m["until"] == "while_rotated" and m["source"] == iid)]
    S.log(state, "discarded", c["seat"], card=iid, title=S.title(state, iid), why=why)
    S.move(state, iid, "discard")
    return True


# ---------------------------------------------------------------- contingencies

def conquer(state: dict, loc: str, seat: int) -> None:
    """A won war conflict against a location (or a ``conquer`` effect): its enhancements are
    discarded and the initiator takes control (RULES.md, Gap 10)."""
    for a in attachments(state, loc):
        if S.ctype(state, a) == "enhancement":
            discard_from_play(state, a, "its location was conquered", force=True)
    S.move(state, loc, "play", seat)
    state["cards"][loc]["level"] = "supporting"
    S.log(state, "conquered", seat, card=loc, title=S.title(state, loc))


def contingency_trigger(state: dict, iid: str) -> str | None:
    for ab in S.mech(state, iid, "contingency"):
        return ab["trigger"]
    return None


def fire(state: dict, card: str, trigger: str, ctx: dict) -> None:
    """A trigger event happened to ``card``: every face-down contingency under it is offered to
    its player (Contingency Cards: revealing is voluntary). Those whose trigger matches may be
    revealed; the others can only stay hidden — asking about every face-down contingency keeps
    its trigger (and so its identity) secret from the other players."""
    for a in attachments(state, card):
        ac = state["cards"][a]
        if not (ac["face_down"] and S.ctype(state, a) == "contingency"):
            continue
        m = contingency_trigger(state, a) == trigger
        queued = next((q for q in state["triggers"] if q["card"] == a), None)
        if queued:
            if m and not queued["matches"]:
                queued.update(matches=True, ctx={**ctx, "attached": card})
            continue
        state["triggers"].append({"seat": ac["seat"], "card": a, "ctx": {**ctx, "attached": card}, "matches": m})


# ---------------------------------------------------------------- attacks

def participants(state: dict, conflict: dict) -> dict[str, list[str]]:
    """card -> roles (supported / opposed / attacked / led_fleet); voters are not participants."""
    roles: dict[str, list[str]] = {}
    for con in conflict["contributions"]:
        if con.get("vote"):
            continue
        role = "opposed" if con["side"] == "oppose" else "supported"
        roles.setdefault(con["card"], []).append(role)
        for lid in _leaders(state, con["card"], con.get("leaders", [])):
            roles.setdefault(lid, []).extend(["led_fleet", "led_" + role])
    for att in conflict["attacks"]:
        roles.setdefault(att["attacker"], []).append("attacked")
        for lid in _leaders(state, att["attacker"], att.get("leaders", [])):
            roles.setdefault(lid, []).extend(["led_fleet", "led_attacked"])
    return roles


def _leaders(state: dict, card: str, recorded: list[str]) -> list[str]:
    """Characters that commanded the fleet when it took part, or command it now."""
    now = leaders_of(state, card) if S.in_play(state, card) and S.ctype(state, card) == "fleet" else []
    return list(dict.fromkeys(recorded + now))


def used_stat(state: dict, iid: str) -> tuple[dict, str] | None:
    """The conflict a participant takes part in and the ability it used (attack targets)."""
    for k in state["conflicts"]:
        for con in k["contributions"]:
            if con["card"] == iid and not con.get("vote"):
                return k, con["stat"]
        for att in k["attacks"]:
            if att["attacker"] == iid:
                return k, att["stat"]
    return None


def leaders_of(state: dict, fleet: str) -> list[str]:
    return [i for i in S.play_cards(state, S.controller(state, fleet)) if state["cards"][i]["leads"] == fleet]


def begin_attack(state: dict, attacker: str, target: str) -> None:
    used = used_stat(state, target)
    assert used is not None, "attack_options offers only targets with a stat to attack"
    k, stat = used
    state["cards"][attacker]["rotated"] = True
    k["attacks"].append({"attacker": attacker, "target": target, "stat": stat,
                         "leaders": leaders_of(state, attacker) if S.ctype(state, attacker) == "fleet" else []})
    S.log(state, "attack", S.controller(state, attacker), card=attacker, target=target, stat=stat,
          title=S.title(state, attacker), target_title=S.title(state, target))
    state["attack"] = {"attacker": attacker, "target": target, "stat": stat}
    fire(state, target, "attacked", {"opponent": attacker})
    fire(state, attacker, "attacks", {"opponent": target})


def finish_attack(state: dict) -> None:
    """Both deal damage equal to their current ability in the stat the target used."""
    a = state.pop("attack")
    att, tgt, stat = a["attacker"], a["target"], a["stat"]
    if a.get("prevented"):
        S.log(state, "attack_prevented", None, attacker=att, target=tgt)
        return
    live_a = S.in_play(state, att) and not state["cards"][att]["neutralized"]
    live_t = S.in_play(state, tgt) and not state["cards"][tgt]["neutralized"]
    dmg_to_t = V.ability(state, att, stat) if live_a else 0
    dmg_to_a = V.ability(state, tgt, stat) if live_t else 0
    if live_t:
        apply_damage(state, tgt, dmg_to_t)
    if live_a:
        apply_damage(state, att, dmg_to_a)
    S.log(state, "attack_damage", None, attacker=att, target=tgt, dealt=dmg_to_t, taken=dmg_to_a)
    if live_t and state["cards"][tgt]["neutralized"]:
        fire(state, att, "neutralized_opponent", {"opponent": tgt})
    if live_a and state["cards"][att]["neutralized"]:
        fire(state, tgt, "neutralized_opponent", {"opponent": att})


def replace_ambassador(state: dict, new: str) -> None:
    """A card that says it replaces the ambassador: ``new`` (a character of the same faction in
    play) becomes the ambassador, always Inner Circle; the old one goes to its owner's discard
    pile with its attachments (RULES.md, Gap 12)."""
    seat = state["seats"][S.controller(state, new)]
    old = seat["ambassador"]
    if new == old or S.ctype(state, new) != "character":
        return
    seat["ambassador"] = new
    state["cards"][new]["level"] = "inner"
    discard_from_play(state, old, "replaced as ambassador", force=True)
