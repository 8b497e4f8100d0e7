"""Texts that outlive the effect that said them, for the rest of this turn (EFFECTS.md §4
"Energize, turn-scoped"): a delayed effect "At the end of this turn, kill that personnel"
(verb ``at_end_of_turn``: Brief Reunion, Life Support, Timescape) and a turn-scoped trigger
"For the rest of this turn, when he or she is about to be killed by a dilemma, prevent that"
(verb ``for_rest_of_turn``: Personal Forcefield).

Why a module of its own: the card that says them is usually gone (an event destroyed after
its play, a dilemma back in its pile) by the time they act, so neither the trigger sources
in play nor the effect stack can hold them. Each is kept in ``state["turn"]`` with a copy of
the saying frame's context — its ``you``, its source and its remembered cards ("that
personnel") — and is forgotten when the turn ends. ``state["turn"]`` is not shown by any
view beyond its number, player, first player and orders, and the kept contexts name only
cards the text named in the open, so nothing hidden is revealed.
"""
from __future__ import annotations

import copy

from .. import state as S
from . import filters as F
from . import frames as FR

AT_END = "at_end"  # state["turn"] key: [{"effects", "ctx"}] run at the end of this turn
TRIGGERS = "triggers"  # state["turn"] key: [{"on", "if"?, "effects", "ctx"}] heard until it ends


def _kept(frame: dict) -> dict:
    """The frame's context as it is now (refs included), detached from the frame."""
    ctx = copy.deepcopy(frame["ctx"])
    ctx.pop("event", None)  # the event that was answered is over; a turn trigger gets its own
    return ctx


def at_end_of_turn(state: dict, frame: dict, eff: dict, arg: dict) -> bool:
    """``{"at_end_of_turn": {}, "then": [effects]}``: ``then`` runs at the end of this turn
    (rulebook turn sequence: after discarding excess cards, with the end-of-turn actions),
    as the same player, with the cards the text had named by then. A named card that was in
    play then and has left play since is no longer "that personnel" (RULES.md "Energize (set
    2) readings": Life Support does not remove from the game a personnel killed meanwhile)."""
    ctx = _kept(frame)
    named = {i for cards in ctx["refs"].values() for i in cards if i in state["cards"] and S.in_play(state, i)}
    state["turn"].setdefault(AT_END, []).append(
        {"effects": list(eff.get("then") or []), "ctx": ctx, "in_play": sorted(named)})
    return True


def for_rest_of_turn(state: dict, frame: dict, eff: dict, arg: dict) -> bool:
    """``{"for_rest_of_turn": {"on": EVENT, "if"?: CONDITION}, "then": [effects]}``: a
    mandatory "when …" text that works until this turn ends, heard by :func:`fire` like the
    non-optional triggers of cards in play (the ``if`` read with the kept context and the
    event: ``trigger_card`` ``{"ref": "named"}`` = "when he or she …")."""
    entry = {"on": arg["on"], "effects": list(eff.get("then") or []), "ctx": _kept(frame)}
    if "if" in arg:
        entry["if"] = arg["if"]
    state["turn"].setdefault(TRIGGERS, []).append(entry)
    return True


def fire(state: dict, event: str, data: dict) -> None:
    """Push the effects of each turn-scoped trigger listening for ``event`` whose ``if`` holds."""
    for t in state["turn"].get(TRIGGERS) or ():
        if t["on"] != event:
            continue
        ctx = dict(copy.deepcopy(t["ctx"]), event=data)
        if "if" in t and not F.condition(state, t["if"], ctx):
            continue
        FR.push(state, t["effects"], ctx)


def end_of_turn(state: dict) -> None:
    """The delayed effects said this turn go on the stack (the first said runs first)."""
    delayed = state["turn"].pop(AT_END, None) or []
    for d in reversed(delayed):
        gone = {i for i in d.get("in_play") or () if not S.in_play(state, i)}
        refs = d["ctx"]["refs"]
        for name in refs:
            refs[name] = [i for i in refs[name] if i not in gone]
        FR.push(state, d["effects"], d["ctx"])


def turn_over(state: dict) -> None:
    """"For the rest of this turn" ends with the turn; a delayed effect said after the end
    of turn step (none is: they are said by texts used during the turn) is dropped."""
    state["turn"].pop(TRIGGERS, None)
    state["turn"].pop(AT_END, None)
