"""What a viewer may see: a seat, "spectator" or "judge".

Never shown to anyone but the judge: another seat's hand, any deck or mission-pile order
(sizes only), the identity of a face-down complication (its owner knows it), the RNG.
Instance ids are dealt from a shuffled list at setup, so an id alone reveals nothing.
A card the viewer may not identify is shown, in a view, a log entry or an event, with
id ``null`` (docs/contracts.md "Hidden cards"), so the id it had face up cannot follow it.
"""
from __future__ import annotations

from ..protocol import JUDGE, is_seat, redact_private_pick
from . import state as S
from . import stats
from .effects import filters as F


def _card(state: dict, iid: str, viewer) -> dict:
    c = state["cards"][iid]
    face_down = c.get("face_down")
    if face_down and viewer != JUDGE and viewer != c["owner"]:
        # a face-down card (a complication at the mission, a card beneath another) is
        # identified only by its owner and the judge; no id: the id it had face up (a discard, a reveal) must not link to it now
        # (docs/contracts.md, "Hidden cards")
        return {"id": None, "owner": c["owner"], "face_down": True}
    d = S.card_def(state, iid)
    # the printed face (text, cost, numbers) is the catalogue's entry for ``guid`` (rules/catalogue.py)
    out = {"id": iid, "owner": c["owner"], "face_down": bool(face_down), "guid": c["guid"], "title": d["title"],
           "subtitle": d.get("subtitle"), "type": d["type"], "state": c.get("state"), "blocked": bool(c.get("blocked")),
           "official": d.get("official", True)}
    zone = c["zone"]
    if zone == "hand":
        out["cost"] = stats.play_cost(state, iid)  # the cost now, after modifiers
    became = c.get("became")
    if became and became.get("no_text"):
        out["blank"] = True  # taken as an adversary "with no game text" (The Enemy Within)
    if (zone == "play" or zone == "mission") and d["type"] in ("character", "adversary"):
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
           "log": list(state["log"]) if judge else _visible_log(state["log"], viewer)}
    if judge:
        out["rng"] = dict(state["rng"])
    return out


def _log_visible(state: dict, entry: dict, viewer) -> bool:
    if entry["event"] in ("took", "discarded_hidden"):
        return viewer == entry.get("seat")
    return True


def _visible_log(log: list, viewer) -> list:
    """The log as a viewer who is not the judge reads it: :func:`_log_visible` and
    :func:`_log_entry` inline (a long game's log has hundreds of entries, and two calls per
    entry were a tenth of its view)."""
    out = []
    for e in log:
        event = e["event"]
        if event == "took" or event == "discarded_hidden":
            if viewer != e.get("seat"):
                continue
        elif event == "complication" and viewer != e.get("seat"):
            e = {**e, "card": None}
        out.append(e)
    return out


def _log_entry(entry: dict, viewer) -> dict:
    """A complication's log entry names its card only to its player (and the judge)."""
    if entry["event"] == "complication" and viewer != JUDGE and viewer != entry.get("seat"):
        return {**entry, "card": None}
    return entry


def redact_event(event: dict, viewer, state_before: dict) -> dict:
    """Hide which card became a complication (only its owner and the judge see it), and
    which card of a hand another seat chose, and which card of those only its chooser was shown
    (``protocol.redact_private_pick``): a card chosen from a hand may be played face
    down (Reconnaissance: the hero picks two, the villain plays one of them as a
    complication, and the hero must not learn which); where it goes face up, the view
    shows it there."""
    payload = event.get("payload") or {}
    if viewer == JUDGE or viewer == event.get("seat"):
        return event
    if payload.get("type") == "complication":
        return {**event, "payload": {"type": "complication", "card": None}}
    if payload.get("type") == "choose" and _in_hidden_hand(state_before, payload.get("card"), viewer):
        return {**event, "payload": {**payload, "card": None}}
    return redact_private_pick(event, viewer, state_before, view)


def _in_hidden_hand(state: dict, iid, viewer) -> bool:
    return any(iid in seat["hand"] for s, seat in enumerate(state["seats"]) if s != viewer)
