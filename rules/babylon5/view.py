"""What a viewer may see: a seat, "spectator" or "judge".

Never shown to anyone but the judge: another seat's hand, any deck order (sizes only), a
face-down conflict before it is revealed, a hidden agenda, a face-down contingency (their
controller sees them), another seat's options and private log entries, the RNG.
Instance ids are dealt from a shuffled list at setup, so an id alone reveals nothing.
A card the viewer may not identify is shown, in a view, a log entry or an event, with
id ``null`` (docs/contracts.md "Hidden cards"), so the id it had face up cannot follow it.
"""
from __future__ import annotations

from ..protocol import JUDGE, is_seat
from . import state as S
from . import values as V


def _hidden(state: dict, iid: str, viewer) -> bool:
    """A face-down card in play is identified only by its controller and the judge."""
    c = state["cards"][iid]
    return bool(c["face_down"]) and c["zone"] == "play" and viewer != JUDGE and viewer != c["seat"]


def _card(state: dict, iid: str, viewer) -> dict:
    c = state["cards"][iid]
    if _hidden(state, iid, viewer):
        # no id: the id it had face up (a discard, a reveal) must not link to it now
        # (docs/contracts.md, "Hidden cards")
        out = {"id": None, "controller": c["seat"], "owner": c["owner"], "face_down": True}
        if c["on"]:
            out["on"] = c["on"]
        return out
    out = {"id": iid, "controller": c["seat"], "owner": c["owner"], "face_down": bool(c["face_down"])}
    dd = S.d(state, iid)
    # ``card`` is the definition key: the printed face (text, cost, numbers) is its entry in
    # the card catalogue (rules/catalogue.py); the view carries the numbers as they are now
    out.update({"card": dd["id"], "title": dd["title"], "type": dd["type"], "race": dd.get("race"),
                "official": dd.get("official", False)})
    if c["zone"] == "hand":
        from .actions import sponsor_cost
        out["cost"] = sponsor_cost(state, c["owner"], iid)  # after discounts
    if c["zone"] == "play":
        out.update({"rotated": c["rotated"], "neutralized": c["neutralized"], "level": c["level"],
                    "damage": c["damage"], "severe": c["severe"], "on": c["on"], "on_faction": c["on_faction"]})
        if c["leads"]:
            out["leads"] = c["leads"]
        if c["aide_bonus"]:
            out["aide_bonus"] = c["aide_bonus"]
        stats = V.base_stats(state, iid)
        if stats:
            out["abilities"] = {s: V.ability(state, iid, s) for s in stats}
    return out


def _conflict(state: dict, k: dict, viewer) -> dict:
    hidden = k["face_down"] and viewer != JUDGE and viewer != k["initiator"]
    out = {"id": k["id"], "initiator": k["initiator"], "face_down": k["face_down"]}
    if hidden:
        return out
    src = k["card"] or k["agenda"]
    out.update({"card": _card(state, src, JUDGE) if src else None, "type": k["type"], "target": k["target"],
                "any_side": k["any_side"], "vote": k["vote"], "contributions": k["contributions"],
                "attacks": k["attacks"]})
    if not k["face_down"]:
        from .conflicts import totals
        out["totals"] = totals(state, k)
    return out


def view(state: dict, viewer) -> dict:
    """What ``viewer`` may see; a view only reads the state, so the modifiers in play are
    listed once (``values.reading``)."""
    with V.reading(state):
        return _view(state, viewer)


def _view(state: dict, viewer) -> dict:
    judge = viewer == JUDGE
    seats = []
    for s, sd in enumerate(state["seats"]):
        mine = judge or (is_seat(viewer) and viewer == s)
        seats.append({
            "name": sd["name"], "race": sd["race"], "lost": sd["lost"], "ambassador": sd["ambassador"],
            "influence_rating": V.rating(state, s), "influence_available": V.available(state, s),
            "power": V.power(state, s),
            "agenda": None if sd["agenda"] is None or _hidden(state, sd["agenda"], viewer) else sd["agenda"],
            "play": [_card(state, i, viewer) for i in sd["play"]],
            "hand": [_card(state, i, viewer) for i in sd["hand"]] if mine else None,
            "hand_size": len(sd["hand"]), "deck_size": len(sd["deck"]),
            "deck": list(sd["deck"]) if judge else None,
            "discard": [_card(state, i, viewer) for i in sd["discard"]],
        })
    p = state["pending"]
    pending = None
    if p is not None:
        pending = {"seat": p["seat"], "kind": p["kind"], "prompt": p["prompt"]}
        if judge or viewer == p["seat"]:
            from .flow import legal_actions
            pending["options"] = legal_actions(state, p["seat"])
    t = state["turn"]
    out = {"game": "babylon5", "ruleset": state["ruleset"], "step": state["step"],
           "turn": {k: t.get(k) for k in ("number", "round", "order", "passes")},
           "tracker": dict(state["tracker"]), "tension": dict(state["tension"]), "unrest": dict(state["unrest"]),
           "seats": seats, "conflicts": [_conflict(state, k, viewer) for k in state["conflicts"]],
           "pending": pending, "outcome": state["outcome"],
           "log": list(state["log"]) if judge else _visible_log(state["log"], viewer)}
    if judge:
        out["rng"] = dict(state["rng"])
    return out


# Log entries that name a card as it goes face down: only its controller (and the judge)
# read which card it was.
FACE_DOWN_LOG = ("contingency_played",)


def _visible_log(log: list, viewer) -> list:
    """The log as a viewer who is not the judge reads it: another seat's private entries
    left out, :func:`_log_entry` inline (a long game's log has hundreds of entries)."""
    out = []
    for e in log:
        seat = e.get("seat")
        if seat != viewer:
            if e.get("private"):
                continue
            if e["event"] in FACE_DOWN_LOG or (e["event"] == "sponsored" and e.get("hidden")):
                e = {**e, "card": None}
        out.append(e)
    return out


def _log_entry(entry: dict, viewer) -> dict:
    if viewer == JUDGE or viewer == entry.get("seat"):
        return entry
    if entry["event"] in FACE_DOWN_LOG or (entry["event"] == "sponsored" and entry.get("hidden")):
        return {**entry, "card": None}
    return entry


HIDDEN_CARD_ACTIONS = ("declare_conflict", "choose_opening", "play_contingency")


def redact_event(event: dict, viewer, state_before: dict) -> dict:
    """Hide which card was declared face down, chosen for the opening hand, or played as a
    contingency; and a hidden agenda's identity (the actor and the judge see them)."""
    payload = event.get("payload") or {}
    if viewer == JUDGE or viewer == event.get("seat"):
        return event
    kind = payload.get("type")
    if kind in HIDDEN_CARD_ACTIONS or (kind == "sponsor" and payload.get("hidden")):
        return {**event, "payload": {**payload, "card": None}}
    p = state_before.get("pending") or {}
    if kind == "choose" and (state_before.get("choice") or {}).get("op") == "contingency_target":
        return event
    if p.get("kind") == "forced_discard":
        return event
    return event
