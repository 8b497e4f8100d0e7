"""Debrief Phase: both players ready their stopped cards (incapacitated cards stay down
until the start of their owner's next turn); the hero puts this turn's failed missions face
down on the bottom of his mission pile in the order he chooses (one at a time); each
player refills to eight or discards down to eight (chosen one at a time). Drawing the last
card does not end the game."""
from __future__ import annotations

from . import state as S
from .effects import interpreter as I
from .triggers import fire


def debrief(state: dict) -> None:
    t = state["turn"]
    fire(state, "debrief_start", seat=t["hero"])
    due = [d for d in state["delayed"] if d["at"] == "debrief_start"]
    state["delayed"] = [d for d in state["delayed"] if d["at"] != "debrief_start"]
    for d in due:
        I.push(state, d["effects"], d["source"], d["controller"], builtin=d.get("refs"), label="delayed")
    state["step"] = "debrief_ready"


def debrief_ready(state: dict) -> None:
    t = state["turn"]
    for s in (t["hero"], t["villain"]):
        for iid in state["seats"][s]["play"]:
            c = state["cards"][iid]
            if c["state"] == "stopped":
                c["state"] = "ready"
    for c in state["cards"].values():
        if c.get("mods"):
            c["mods"] = [m for m in c["mods"] if m["until"] != "end_of_turn"]
            S.sums_changed()
        if c.get("forbid"):
            c["forbid"] = [f for f in c["forbid"] if f["until"] != "end_of_turn"]
        if c.get("traits_gained"):
            c["traits_gained"] = [g for g in c["traits_gained"] if g["until"] != "end_of_turn"]
        if c.get("blocked") and c.get("blocked_until") == "end_of_turn":
            c["blocked"] = False
    I.end_cost_rules(state, "end_of_turn")
    state["step"] = "failed_missions"


def failed_missions(state: dict) -> None:
    failed = state["seats"][S.hero(state)]["failed"]
    if len(failed) > 1:
        I.set_pending(state, S.hero(state), "order_failed", "Choose the next failed mission to put on the bottom of your mission pile",
                      [{"type": "order_failed", "card": i} for i in failed])
        return
    if failed:
        S.move(state, failed[0], "mission_pile")
    state["step"] = "refill"
    state["refill"] = [state["turn"]["hero"], state["turn"]["villain"]]


def bottom(state: dict, iid: str) -> None:
    S.move(state, iid, "mission_pile")


def refill(state: dict) -> None:
    while state["refill"]:
        s = state["refill"][0]
        hand = state["seats"][s]["hand"]
        if len(hand) > S.HAND_SIZE:
            I.set_pending(state, s, "discard_down", f"Discard down to {S.HAND_SIZE} cards",
                          [{"type": "discard_down", "card": i} for i in hand])
            return
        while len(hand) < S.HAND_SIZE and I.draw(state, s):
            pass
        state["refill"].pop(0)
    state["step"] = "turn_end"


def turn_end(state: dict) -> None:
    """The end of the turn (after the debrief): "at the end of your turn" triggers and
    effects delayed "until the end of this turn" (Harlan, Atoniek Armband) happen while the
    roles are still this turn's; then play passes to the next player."""
    t = state["turn"]
    if not t.get("ending"):
        t["ending"] = True
        fire(state, "turn_end", seat=t["hero"])
        due = [d for d in state["delayed"] if d["at"] == "end_of_turn"]
        state["delayed"] = [d for d in state["delayed"] if d["at"] != "end_of_turn"]
        for d in due:
            I.push(state, d["effects"], d["source"], d["controller"], builtin=d.get("refs"), label="delayed")
        return
    t.pop("ending")
    t["hero"] = (t["hero"] + 1) % len(state["seats"])
    skips = state.get("skip_turns")
    while skips and t["hero"] in skips:
        # "your opponent skips their next turn" (Time Dilation): play passes on again
        skips.remove(t["hero"])
        S.log(state, "turn_skipped", seat=t["hero"])
        t["hero"] = (t["hero"] + 1) % len(state["seats"])
    if skips == []:
        state.pop("skip_turns")
    state["step"] = "turn_start"
