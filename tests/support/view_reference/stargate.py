"""Stargate: ``rules/stargate/view.py``'s ``view`` as it was at f3f3690 (the oracle; see the package)."""
from __future__ import annotations

from rules.protocol import JUDGE, is_seat
from rules.stargate import state as S
from rules.stargate import stats
from rules.stargate.effects import filters as F


def _hidden(state: dict, iid: str, viewer) -> bool:
    """A face-down card (a complication at the mission, a card beneath another) is
    identified only by its owner and the judge."""
    c = state["cards"][iid]
    return bool(c.get("face_down")) and viewer != JUDGE and viewer != c["owner"]


def _card(state: dict, iid: str, viewer) -> dict:
    c = state["cards"][iid]
    if _hidden(state, iid, viewer):
        # no id: the id it had face up (a discard, a reveal) must not link to it now
        # (docs/contracts.md, "Hidden cards")
        return {"id": None, "owner": c["owner"], "face_down": True}
    out = {"id": iid, "owner": c["owner"], "face_down": bool(c.get("face_down"))}
    d = S.card_def(state, iid)
    # the printed face (text, cost, numbers) is the catalogue's entry for ``guid`` (rules/catalogue.py)
    out.update({"guid": c["guid"], "title": d["title"], "subtitle": d.get("subtitle"), "type": d["type"],
                "state": c.get("state"), "blocked": bool(c.get("blocked")), "official": d.get("official", True)})
    if c["zone"] == "hand":
        out["cost"] = stats.play_cost(state, iid)  # the cost now, after modifiers
    if (c.get("became") or {}).get("no_text"):
        out["blank"] = True  # taken as an adversary "with no game text" (The Enemy Within)
    if d["type"] in ("character", "adversary") and c["zone"] in ("play", "mission"):
        out["skills"] = stats.skills(state, iid)
    if c.get("glyphs"):
        out["glyphs"] = [_card(state, g, viewer) for g in c["glyphs"]]
    if c.get("tokens"):
        out["promotion_tokens"] = c["tokens"]
    if c.get("controller") is not None and c["controller"] != c["owner"]:
        out["controller"] = c["controller"]  # taken by another player's card (The Enemy Within)
    if c.get("on"):
        out["on"] = c["on"]  # placed on that card (Forced Labor Camp, Canopic Jar)
    if c.get("beneath"):
        # face-down cards beneath a card: only the judge and the owner of the card see them
        out["beneath"] = [_card(state, i, viewer) for i in c["beneath"]]
    return out


def view(state: dict, viewer) -> dict:
    """What ``viewer`` may see; a view only reads the state, so abilities are listed once."""
    with stats.reading(state):
        return _view(state, viewer)


def _view(state: dict, viewer) -> dict:
    judge = viewer == JUDGE
    seats = []
    for s, seat in enumerate(state["seats"]):
        mine = judge or (is_seat(viewer) and viewer == s)
        seats.append({
            "name": seat["name"], "power": seat["power"], "victory_total": stats.victory_total(state, s),
            "glyphs": stats.glyph_count(state, s), "experience": stats.experience(state, s),
            "score_pile_cost": stats.score_pile_cost(state, s),
            "play": [_card(state, i, viewer) for i in seat["play"]],
            "hand": [_card(state, i, viewer) for i in seat["hand"]] if mine else None,
            "hand_size": len(seat["hand"]), "deck_size": len(seat["deck"]),
            "mission_pile_size": len(seat["mission_pile"]),
            "discard": [_card(state, i, viewer) for i in seat["discard"]],
            "score_pile": [_card(state, i, viewer) for i in seat["score_pile"]],
            "failed_missions": [_card(state, i, viewer) for i in seat["failed"]],
            "deck": list(seat["deck"]) if judge else None,
            "mission_pile": list(seat["mission_pile"]) if judge else None,
        })
    cur = S.current_mission(state)
    mission = None
    if cur:
        mission = {"card": _card(state, cur, viewer), "skill": F.mission_skill(state),
                   "difficulty": stats.difficulty(state), "skills_assigned": stats.total_skills(state),
                   "cards": [_card(state, i, viewer) for i in S.at_mission(state)]}
    p = state["pending"]
    pending = None
    if p is not None:
        pending = {"seat": p["seat"], "kind": p["kind"], "prompt": p["prompt"]}
        if judge or viewer == p["seat"]:
            pending["options"] = p["options"]
            # cards a card lets the chooser look at (top of a deck, a search)
            pending["revealed"] = [_card(state, i, JUDGE) for i in p.get("reveal", [])]
    out = {"game": "stargate", "ruleset": state["ruleset"], "step": state["step"],
           "turn": {k: state["turn"].get(k) for k in ("number", "hero", "villain", "to_act", "passes")},
           "seats": seats, "mission": mission, "pending": pending, "outcome": state["outcome"],
           # events played face up whose text is being carried out (rulebook: text first, then
           # the discard pile): public cards, shown as cards so everyone can identify them
           "resolving": [_card(state, i, viewer) for i in state.get("resolving", [])],
           "log": [_log_entry(e, viewer) for e in state["log"] if judge or _log_visible(state, e, viewer)]}
    if judge:
        out["rng"] = dict(state["rng"])
    return out


def _log_visible(state: dict, entry: dict, viewer) -> bool:
    if entry["event"] in ("took", "discarded_hidden"):
        return viewer == entry.get("seat")
    return True


def _log_entry(entry: dict, viewer) -> dict:
    """A complication's log entry names its card only to its player (and the judge)."""
    if entry["event"] == "complication" and viewer != JUDGE and viewer != entry.get("seat"):
        return {**entry, "card": None}
    return entry


# ---- the number readers as they were (``stats._modifiers``, ``stats._own_cost_text`` at
# f3f3690): the reference view reads every number through them (``old_readers``)
def _modifiers(state: dict, stats_: tuple[str, ...], hit, each: list[str], target=None) -> list[tuple[str, int]]:
    # ``target`` (the card read, passed since the view work) is not used: every static is asked
    out = []
    for src, ab in stats.active_abilities(state, "static"):
        mod = ab.get("modify")
        if not mod or mod.get("stat") not in stats_:
            continue
        ctx = stats.ctx_for(state, src)
        if "while" in ab and not F.condition(state, ab["while"], ctx):
            continue
        who = mod.get("who", {"self": True})
        if isinstance(who, dict) and "player" in who:
            continue
        if not isinstance(who, dict) or "choose" in who or not hit(who, ctx):
            continue
        out.append((mod["stat"], F.amount(state, mod.get("amount", 0), {**ctx, "refs": {**ctx["refs"], "each": each}})))
    for rule in state["turn"].get("cost_rules", []):
        ctx = {"source": rule["source"], "controller": rule["controller"], "refs": rule["refs"]}
        if rule["stat"] in stats_ and hit(rule["who"], ctx):
            out.append((rule["stat"], rule["amount"]))
    return out


def _own_cost_text(state: dict, target: str) -> list[tuple[str, int]]:
    ctx = stats.ctx_for(state, target)
    out = []
    for ab in S.card_def(state, target).get("mechanics") or []:
        mod = ab.get("modify") or {}
        if ab.get("kind") != "static" or mod.get("stat") != "cost" or mod.get("who", {"self": True}) != {"self": True}:
            continue
        if not F.glyphs_satisfied(state, ab, target):
            continue
        if "while" in ab and not F.condition(state, ab["while"], ctx):
            continue
        out.append(("cost", F.amount(state, mod.get("amount", 0), ctx)))
    return out


OLD_READERS = [(stats, "_modifiers", _modifiers), (stats, "_own_cost_text", _own_cost_text)]
