"""A dilemma's life after it is faced (Call to Arms, issue 17; EFFECTS.md §4 "Call to Arms,
dilemma lifecycle"): about to be returned to its owner's pile, about to be overcome, overcome
dilemmas taken back from under a completed mission.

- ``return_to_pile`` ``{}`` — this dilemma goes to the bottom of its owner's dilemma pile. While
  it is being faced, ``dilemma_about_to_return`` fires first (data: ``card``, ``seat`` = the
  player facing it, ``owner``, ``mission``, ``verb``), and a ``prevent`` answering it keeps it out
  of the pile — "When an opponent's dilemma that your [Bor] personnel is facing is about to be
  returned to its owner's dilemma pile, overcome that dilemma instead" (Analyze).
- ``overcome`` ``{}`` (this dilemma) or TARGET (those dilemmas: "overcome that dilemma instead") —
  each goes face up under the mission being attempted (``dilemma_overcome`` fires).
- ``exchange_with_pile_top`` ``{}`` — (a response to ``dilemma_about_to_be_overcome``) "exchange
  that dilemma with the top card of its owner's dilemma pile. (The new dilemma is overcome.)" (The
  Trial Never Ended): the dilemma goes face down on top of its owner's pile, the card that was on
  top is overcome under the mission instead.
- ``place_on_pile_top`` TARGET — each dilemma goes face down on top of its owner's dilemma pile
  ("take an overcome dilemma you own from an opponent's completed mission and place it on top of
  your dilemma pile": The Manheim Effect, with FILTER ``scope: overcome`` and ``under_mission``).

Why a module of its own: these verbs move dilemmas between a mission and a pile, the dilemma
rules' own places; what a face-down pile holds stays hidden (a card placed on top is one its
owner chose in the open; the card taken from the top is shown only as it is overcome, face up).
"""
from __future__ import annotations

from .. import state as S
from . import frames as FR
from . import targets as TG
from .attempts import reshuffle
from .prevention import consume_prevented


def _answered(state: dict, event: str, **data) -> bool:
    """Fire ``event`` and put its response windows first in line (as the ``about_to_be_…``
    events do: answered before the verb goes on); ``True`` when something answers it."""
    from ..triggers import fire_urgent
    return fire_urgent(state, event, **data)


def return_to_pile(state: dict, frame: dict, eff: dict, arg: dict):
    """The dilemma's "return this dilemma to its owner's dilemma pile", answerable while it is
    being faced (Analyze); a cost ("return this dilemma to …") is paid without the event."""
    from .. import glossary as G
    src = frame["ctx"]["source"]
    a = state.get("attempt")
    work = frame["work"]
    faced = bool(frame["ctx"].get("dilemma") and a and a.get("current") == src)
    if a is not None and faced and not FR.paying(frame) and not work.get("asked"):
        work["asked"] = True
        if _answered(state, "dilemma_about_to_return", card=src, seat=frame["ctx"]["you"],
                     owner=state["cards"][src]["owner"], mission=a["mission"], verb="return_to_pile"):
            return False
    if consume_prevented(state, f"return_to_pile:{src}"):
        return True
    if state["cards"][src]["zone"] != "revealed" and faced:
        return True  # something already moved it (overcome instead)
    G.to_owner_pile(state, src)
    S.log(state, "returned_to_pile", card=src, title=S.name(state, src))
    return True


def _overcome_one(state: dict, d: str) -> None:
    from ..dilemmas import overcome
    from ..triggers import fire
    a = state.get("attempt")
    if a is None or S.ctype(state, d) != "dilemma" or state["cards"][d]["zone"] == "under":
        return
    overcome(state, d, a["mission"])
    fire(state, "dilemma_overcome", seat=a["seat"], card=d)
    fire(state, "opponent_dilemma_overcome", seat=a["seat"], card=d)


def overcome(state: dict, frame: dict, eff: dict, arg: dict):
    """``{}``: this dilemma is overcome now; a TARGET: those dilemmas ("overcome that dilemma
    instead": Analyze, with TARGET ``trigger_card``)."""
    if not arg:
        from ..dilemmas import overcome as rules_overcome
        a = state.get("attempt")
        if a:
            rules_overcome(state, frame["ctx"]["source"], a["mission"])
        return True
    cards = TG.targets(state, frame, arg)
    if cards is None:
        return False
    for d in cards:
        _overcome_one(state, d)
    return True


def exchange_with_pile_top(state: dict, frame: dict, eff: dict, arg: dict):
    """``{}``: the dilemma the event names goes face down on top of its owner's pile; the card
    that was on top of that pile is overcome in its place (nothing happens when the pile is empty
    or the dilemma is no longer waiting to be overcome). A TARGET: each dilemma overcome beneath a
    mission is exchanged so — the pile's top card goes face up beneath that mission ("exchange a
    dilemma beneath your mission with the top card of its owner's dilemma pile": Worf)."""
    from ..dilemmas import overcome
    from ..triggers import fire
    if arg:
        cards = TG.targets(state, frame, arg)
        if cards is None:
            return False
        for d in cards:
            if state["cards"][d]["zone"] == "under":
                m = state["cards"][d]["in"]
                new = _swap_with_pile_top(state, d)
                if new is not None:
                    overcome(state, new, m)
        return True
    d = (frame["ctx"].get("event") or {}).get("card")
    a = state.get("attempt")
    if d is None or a is None or state["cards"][d]["zone"] != "revealed":
        return True
    new = _swap_with_pile_top(state, d)
    if new is not None:
        overcome(state, new, a["mission"])
        fire(state, "dilemma_overcome", seat=a["seat"], card=new)
        fire(state, "opponent_dilemma_overcome", seat=a["seat"], card=new)
    return True


def _swap_with_pile_top(state: dict, d: str):
    """``d`` goes face down on top of its owner's dilemma pile; returns the card that was on top
    (a face-up card there first reshuffles the pile, as drawing does), or ``None`` for an empty
    pile (then ``d`` stays)."""
    owner = state["cards"][d]["owner"]
    pile = state["seats"][owner]["dilemmas"]
    if not pile:
        return None
    if state["cards"][pile[0]].get("face_up"):
        reshuffle(state, owner)
    new = pile[0]
    S.move(state, d, "dilemmas", owner, top=True)
    state["cards"][d]["face_up"] = False
    S.log(state, "exchanged_with_pile_top", card=d, title=S.name(state, d), seat=owner)
    return new


def place_on_pile_top(state: dict, frame: dict, eff: dict, arg: dict):
    """Each targeted dilemma goes face down on top of its owner's dilemma pile."""
    cards = TG.targets(state, frame, arg)
    if cards is None:
        return False
    FR._remember(frame, eff, cards)
    for d in cards:
        if S.ctype(state, d) != "dilemma":
            continue
        owner = state["cards"][d]["owner"]
        S.move(state, d, "dilemmas", owner, top=True)
        state["cards"][d]["face_up"] = False
        S.log(state, "placed_on_pile_top", card=d, title=S.name(state, d), seat=owner)
    return True
