"""Star Trek CCG Second Edition: ``rules/startrek2e/view.py``'s ``view`` as it was at f3f3690 (the oracle; see the package)."""
from __future__ import annotations

from rules.protocol import JUDGE, is_seat
from rules.startrek2e import state as S
from rules.startrek2e import stats as ST


def _card(state: dict, iid: str) -> dict:
    c = state["cards"][iid]
    d = S.card_def(state, iid)
    # the printed face (text, cost, numbers, requirements, points) is the catalogue's entry
    # for ``guid`` (rules/catalogue.py); the view carries the numbers as they are now
    out = {"id": iid, "guid": c["guid"], "title": d["title"], "subtitle": d.get("subtitle"), "type": d["type"],
           "owner": c["owner"], "official": d.get("official", True)}
    if c["zone"] in ("hand", "drawn", "stack"):
        out["cost"] = ST.value(state, iid, "cost")  # after modifiers (Movar: ships in your hand cost -1)
    if S.in_play(state, iid):
        out["commander"] = c.get("commander")
        out["stopped"] = c.get("stopped", False)
    t = d["type"]
    if t == "personnel" and S.in_play(state, iid):
        out.update({a: ST.value(state, iid, a) for a in ("integrity", "cunning", "strength")})
        out["skills"] = ST.skills(state, iid)
    if t == "ship" and S.in_play(state, iid):
        out.update({a: ST.value(state, iid, a) for a in ("range", "weapons", "shields")})
        out["range_left"] = ST.range_left(state, iid)
        out["staffed"] = ST.staffed(state, iid)
        out["aboard"] = [_card(state, i) for i in c["aboard"]]
        out["damage"] = [_card(state, i) for i in c["damage"]]
    if t == "mission":
        out["completed"] = bool(c.get("completed"))
        out["points"] = ST.value(state, iid, "points")  # now, after modifiers
        for z in ("pile", "ships", "under", "on"):
            out[z] = [_card(state, i) for i in c.get(z, [])]
        if c.get("added_requirements"):  # "add … to the mission's requirements" (Secret Conspiracy)
            out["added_requirements"] = [x["req"] for x in c["added_requirements"]]
    if c.get("attached"):
        out["attached"] = [_card(state, i) for i in c["attached"]]
    if t == "event" and c.get("ships"):  # ships placed on an event (Engage Cloak)
        out["ships"] = [_card(state, i) for i in c["ships"]]
    return out


def view(state: dict, viewer) -> dict:
    with ST.frozen(state):
        return _view(state, viewer)


def _view(state: dict, viewer) -> dict:
    judge = viewer == JUDGE
    seats = []
    for s, seat in enumerate(state["seats"]):
        mine = judge or (is_seat(viewer) and viewer == s)
        seats.append({
            "name": seat["name"], "score": seat["score"], "completed": list(seat["completed"]),
            "counters": seat["counters"],
            "missions": [_card(state, i) for i in seat["missions"]],
            "unplaced_missions": [_card(state, i) for i in seat["unplaced"]],
            "core": [_card(state, i) for i in seat["core"]],
            "brig": [_card(state, i) for i in seat["brig"]],
            "discard": [_card(state, i) for i in seat["discard"]],
            "out_of_play": [_card(state, i) if mine or not state["cards"][i].get("face_down")
                            else {"id": None, "face_down": True, "owner": s} for i in seat["out"]],
            "revealed": [_card(state, i) for i in seat["revealed"]],
            "hand": [_card(state, i) for i in seat["hand"]] if mine else None,
            "hand_size": len(seat["hand"]), "deck_size": len(seat["deck"]),
            "dilemma_pile_size": len(seat["dilemmas"]),
            "dilemmas_drawn": [_card(state, i) for i in seat["drawn"]] if mine else None,
            "dilemmas_drawn_count": len(seat["drawn"]),
            "dilemmas_chosen": [_card(state, i) for i in seat["stack"]] if mine else None,
            "dilemmas_chosen_count": len(seat["stack"]),
            "deck": list(seat["deck"]) if judge else None,
            "dilemma_pile": list(seat["dilemmas"]) if judge else None,
        })
    p = state["pending"]
    pending = None
    if p is not None:
        pending = {"seat": p["seat"], "kind": p["kind"], "prompt": p["prompt"]}
        if judge or viewer == p["seat"]:
            pending["options"] = p["options"]
            pending["revealed"] = [_card(state, i) for i in p.get("reveal", [])]
            if "detail" in p:
                pending["detail"] = p["detail"]
    a = state["attempt"]
    attempt = None
    if a:
        attempt = {k: a[k] for k in ("seat", "mission", "ship", "dilemma_owner", "budget", "current")}
        if judge or viewer == a["dilemma_owner"]:
            attempt["cost_chosen"] = a["spent"]
        # the team as it began, less any who left play since (a personnel returned to hand
        # is a hidden card again: its id must not point into the hand)
        attempt["personnel"] = [i for i in a["personnel"] if S.in_play(state, i)]
    out = {"game": "startrek2e", "ruleset": state["ruleset"], "step": state["step"],
           "turn": {k: state["turn"].get(k) for k in ("number", "player", "first", "orders")},
           "seats": seats, "attempt": attempt, "pending": pending, "outcome": state["outcome"],
           "log": [e for e in state["log"] if judge or _visible(e, viewer)]}
    if judge:
        out["rng"] = dict(state["rng"])
    return out


def _visible(entry: dict, viewer) -> bool:
    return "private" not in entry or entry["private"] == viewer


# ---- the number readers as they were (``stats.value``, ``stats.skills``, ``stats.modifier_total``,
# ``stats.staffed`` at f3f3690): the reference view reads every number through them (``old_readers``)
from rules.startrek2e.effects import filters as F  # noqa: E402


def modifier_total(state: dict, iid: str, stat: str) -> int:
    total = 0
    for src, ab, ctx in ST._static_sources(state).get(stat, ()):
        if src in ST._TL.evaluating:
            continue
        m = ab["modify"]
        ST._TL.evaluating.add(src)
        try:
            who = m.get("who", {"self": True})
            if F.matches(state, iid, who, ctx) and ("while" not in ab or F.condition(state, ab["while"], ctx)):
                total += F.amount(state, m["amount"], ctx)
        finally:
            ST._TL.evaluating.discard(src)
    c = state["cards"][iid]
    for dmg in c.get("damage", ()):
        for ab in S.abilities(state, dmg, "damage"):
            m = ab.get("modify") or {}
            if m.get("stat") == stat and isinstance(m["amount"], int):
                total += m["amount"]
    for mod in state["mods"]:
        if mod["card"] == iid and mod["stat"] == stat:
            total += mod["amount"]
    return total


def value(state: dict, iid: str, stat: str) -> int:
    if ST._TL.trace is not None:
        ST._note_read(state, iid, stat)
    frozen = ST._TL.frozen
    if frozen and frozen[0] is state and not ST._TL.evaluating:
        memo = frozen[2]
        key = (iid, stat)
        if key not in memo:
            memo[key] = ST._priced(state, iid, stat, max(0, ST.printed(state, iid, stat) + modifier_total(state, iid, stat)))
        return memo[key]
    return ST._priced(state, iid, stat, max(0, ST.printed(state, iid, stat) + modifier_total(state, iid, stat)))


def skills(state: dict, iid: str) -> dict:
    names = set((S.card_def(state, iid).get("skills") or {}))
    for st in ST._static_sources(state):
        if st and st not in ST.NUMERIC and st[:1].isupper():
            names.add(st)
    for dmg in state["cards"][iid].get("damage", ()):
        for ab in S.abilities(state, dmg, "damage"):
            names.add((ab.get("modify") or {}).get("stat"))
    names.discard(None)
    names |= {m["stat"] for m in state["mods"] if m["card"] == iid and m["stat"] not in ST.NUMERIC}
    out = {}
    for n in sorted(names):
        v = value(state, iid, n)
        if v > 0:
            out[n] = v
    return out


def staffed(state: dict, ship: str) -> bool:
    crew = [i for i in state["cards"][ship]["aboard"]
            if S.ctype(state, i) == "personnel" and not state["cards"][i]["stopped"]
            and S.commander(state, i) == S.commander(state, ship)
            and not F.has_keyword_ability(state, i, "cant_staff")]
    need = list(S.card_def(state, ship).get("staffing") or [])
    need_cmd = need.count("command")
    need_staff = len(need) - need_cmd
    n_cmd = sum(1 for i in crew if "command" in ST.icons(state, i))
    n_staff = sum(1 for i in crew if "staff" in ST.icons(state, i) and "command" not in ST.icons(state, i))
    if need_cmd > n_cmd or need_cmd + need_staff > n_cmd + n_staff:
        return False
    ship_aff = set(ST.affiliations(state, ship))
    return not ship_aff or any(ship_aff & set(ST.affiliations(state, i)) for i in crew)


OLD_READERS = [(ST, "value", value), (ST, "skills", skills), (ST, "modifier_total", modifier_total),
               (ST, "staffed", staffed)]
