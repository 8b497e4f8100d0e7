"""What a viewer may see: a seat, "spectator" or "judge".

Never shown to anyone but the judge: another seat's hand, the order of any draw deck or
dilemma pile (sizes only), the dilemmas drawn for an attempt (only their owner, who is
choosing, sees them), the chosen face-down dilemmas, the RNG. Cards in play are face up
(RULES.md "Showing your cards"). Instance ids are dealt shuffled, so an id reveals nothing.
A card the viewer may not identify is shown, in a view, a log entry or an event, with
id ``null`` (docs/contracts.md "Hidden cards"), so the id it had face up cannot follow it.
"""
from __future__ import annotations

from ..protocol import JUDGE, is_seat, redact_private_pick
from . import state as S
from . import stats as ST


def _card(state: dict, iid: str, viewer=None) -> dict:
    c = state["cards"][iid]
    d = S.card_def(state, iid)
    # the printed face (text, cost, numbers, requirements, points) is the catalogue's entry
    # for ``guid`` (rules/catalogue.py); the view carries the numbers as they are now
    out = {"id": iid, "guid": c["guid"], "title": d["title"], "subtitle": d.get("subtitle"), "type": d["type"],
           "owner": c["owner"], "official": d.get("official", True)}
    zone = c["zone"]
    if zone in ("hand", "drawn", "stack"):
        out["cost"] = ST.value(state, iid, "cost")  # after modifiers (Movar: ships in your hand cost -1)
    in_play = zone in S.IN_PLAY
    if in_play:
        out["commander"] = c.get("commander")
        out["stopped"] = c.get("stopped", False)
    t = d["type"]
    if t == "personnel" and in_play:
        out.update(ST.numbers(state, iid, ("integrity", "cunning", "strength")))
        out["skills"] = ST.skills(state, iid)
    elif t == "ship" and in_play:
        out.update(ST.numbers(state, iid, ("range", "weapons", "shields")))
        out["range_left"] = ST.range_left(state, iid)
        out["staffed"] = ST.staffed(state, iid)
        out["aboard"] = [_card(state, i) for i in c["aboard"]]
        out["damage"] = [_card(state, i) for i in c["damage"]]
    elif t == "mission":
        out["completed"] = bool(c.get("completed"))
        out["points"] = ST.value(state, iid, "points")  # now, after modifiers
        for z in ("pile", "ships", "under", "on"):
            held = c.get(z)
            out[z] = [_card(state, i) for i in held] if held else []
        if c.get("added_requirements"):  # "add … to the mission's requirements" (Secret Conspiracy)
            out["added_requirements"] = [x["req"] for x in c["added_requirements"]]
    if c.get("attached"):
        out["attached"] = [_card(state, i) for i in c["attached"]]
    if t == "event" and c.get("ships"):  # ships placed on an event (Engage Cloak)
        out["ships"] = [_card(state, i) for i in c["ships"]]
    if t == "event" and c.get("aboard"):  # personnel placed on an event (Anything or Anyone)
        out["aboard"] = [_card(state, i) for i in c["aboard"]]
    if c.get("placed"):  # cards placed on an event, out of play (effects/on_event.py): one placed
        # face down is seen only by its owner and the judge (RULES.md "Cards placed on an event")
        out["placed"] = [_placed(state, i, viewer) for i in c["placed"]]
    return out


def _placed(state: dict, iid: str, viewer) -> dict:
    c = state["cards"][iid]
    if not c.get("face_down") or viewer == JUDGE or (is_seat(viewer) and viewer == c["owner"]):
        return _card(state, iid, viewer)
    return {"id": None, "face_down": True, "owner": c["owner"]}


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
            "core": [_card(state, i, viewer) for i in seat["core"]],
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
           "log": list(state["log"]) if judge else _visible_log(state["log"], viewer)}
    if judge:
        out["rng"] = dict(state["rng"])
    return out


def _visible(entry: dict, viewer) -> bool:
    return "private" not in entry or entry["private"] == viewer


def _visible_log(log: list, viewer) -> list:
    """The entries of the log ``viewer`` may read (:func:`_visible`, inline: a long game's
    log has hundreds of entries, and a call per entry was a tenth of its view)."""
    return [e for e in log if "private" not in e or e["private"] == viewer]


def redact_event(event: dict, viewer, state_before: dict) -> dict:
    """Which dilemma was chosen (and so the face-down order) is seen only by its chooser."""
    payload = event.get("payload") or {}
    if viewer == JUDGE or viewer == event.get("seat"):
        return event
    if payload.get("type") == "choose_dilemma":
        return {**event, "payload": {"type": "choose_dilemma", "card": None}}
    return redact_private_pick(event, viewer, state_before, view)
