"""Prevention and replacement: "When … is about to be killed/stopped/placed in a brig,
… to prevent that (… instead)" (MISSING.md item 16, EFFECTS.md §1 trigger events).

Why here: the glossary functions (``glossary.kill``/``stop``/``place_in_brig``) act at
once; only the effect verbs can wait for a decision. The ``kill``, ``stop`` and
``place_in_brig`` verbs therefore go card by card: before each card they fire
``about_to_be_killed`` / ``about_to_be_stopped`` / ``about_to_be_placed_in_brig`` (data:
``card``, ``seat`` = its owner, ``by_dilemma``, ``random``). Mandatory texts run first; the
response window that follows is answered before the verb goes on (flow ``advance`` serves
open windows before the effect stack; the window is put first in line). A ``prevent`` effect
records "verb:card" in ``state["prevented"]``; the verb then skips it and forgets it. The
"instead" part is simply the effects after ``prevent``. A *cost* ("stop that personnel to
…", "kill your captive to …") is paid without those events: it is not an effect a response
can prevent (RULES.md "Costs are paid, not prevented").
"""
from __future__ import annotations

from .. import state as S
from . import frames as FR
from . import targets as TG

EVENTS = {"kill": "about_to_be_killed", "stop": "about_to_be_stopped", "place_in_brig": "about_to_be_placed_in_brig",
          "place_on_deck_top": "about_to_place_on_deck_top",
          "destroy": "about_to_be_destroyed"}  # "When your event is about to be destroyed by an opponent" (Miles O'Brien)


def _applies(state: dict, verb: str, card: str, seat=None) -> bool:
    """Only a card that the verb would really affect is "about to be" affected."""
    if verb == "place_on_deck_top":  # any card may go on top of its owner's deck (effects/deck.py)
        return True
    if verb == "kill" and state["cards"][card]["zone"] == "brig":  # "kill your captive"
        return True
    if verb == "place_in_brig" and state["cards"][card]["zone"] == "deck":  # revealed from a deck (Caught in the Act)
        return S.ctype(state, card) == "personnel"
    if verb == "destroy":  # what the destroy verb would really destroy (effects/useful.py)
        from .useful import affects
        return affects(state, "destroy", card, {"you": seat})  # seat: whose text destroys (Talnot)
    if not S.in_play(state, card):
        return False
    if verb in ("kill", "place_in_brig"):
        return S.ctype(state, card) == "personnel"
    return not state["cards"][card]["stopped"] and S.ctype(state, card) != "equipment"


def consume_prevented(state: dict, key: str) -> bool:
    """``True`` when a ``prevent`` recorded ``key`` ("verb:card"): the verb skips that card, and
    the record is forgotten (one prevention spares one act)."""
    prevented = state.get("prevented") or []
    if key not in prevented:
        return False
    prevented.remove(key)
    if not prevented:
        state.pop("prevented", None)
    return True


def preventable(verb: str, act):
    """A target-verb handler that offers prevention before acting on each card."""
    def handler(state: dict, frame: dict, eff: dict, arg: dict):
        from ..triggers import fire_urgent
        from .useful import keeper
        cards = TG.targets(state, frame, arg, keep=keeper(state, frame, verb))
        if cards is None:
            return False
        work = frame["work"]
        if "queue" not in work:
            FR._remember(frame, eff, cards)
            work["queue"] = list(cards)
        while work["queue"]:
            c = work["queue"][0]
            key = f"{verb}:{c}"  # a prevention spares the card from this verb only
            if work.get("asked") != c and key in (state.get("prevented") or []):
                work["asked"] = c  # already spared by a group prevention ("any number of …")
            if FR.paying(frame):  # a cost is paid, never prevented (RULES.md "Costs are paid, not prevented")
                work["queue"].pop(0)
                opened = len(state["windows"])
                act(state, frame, c)
                if work["queue"] and len(state["windows"]) > opened:
                    return False
                continue
            if work.get("asked") != c:
                if not _applies(state, verb, c, frame["ctx"].get("you")):
                    work["queue"].pop(0)
                    continue
                work["asked"] = c
                # urgent: answered before this verb goes on, ahead of older windows
                if fire_urgent(state, EVENTS[verb], card=c, seat=state["cards"][c]["owner"], group=list(work["queue"]),
                               verb=verb, by_dilemma=bool(frame["ctx"].get("dilemma")), random="random" in arg,
                               mission=S.mission_of(state, c),  # "if you command a ship at the same mission" (Sickbay)
                               by=frame["ctx"]["you"]):  # whose text does it ("an opponent is about to place …": Morka)
                    return False
            work["queue"].pop(0)
            work.pop("asked", None)
            if consume_prevented(state, key):
                continue
            opened = len(state["windows"])
            act(state, frame, c)
            if work["queue"] and len(state["windows"]) > opened:
                return False  # its "when … killed" responses come before the next card's turn
        return True
    return handler


def prevent(state: dict, frame: dict, eff: dict, arg: dict) -> bool:
    """``prevent``: the card the triggering "about to be …" event names is spared; with
    ``all: true`` every card the same effect is still about to affect (``filter``?:
    those matching) — "when any number of your personnel … are about to be killed"
    (MISSING.md item 36)."""
    from . import filters as F
    data = frame["ctx"].get("event") or {}
    if data.get("verb") in ("combat", "engagement"):  # "prevent that combat or engagement" (combat.py)
        under_way = state.get(data["verb"])
        if under_way is not None:
            under_way["prevented"] = True
        return True
    cards = [data.get("card")] if not arg.get("all") else list(data.get("group") or [data.get("card")])
    if arg.get("filter"):
        cards = [c for c in cards if c is not None and c in state["cards"] and F.matches(state, c, arg["filter"], frame["ctx"])]
    if "as" in eff:  # "Those personnel are stopped instead" (item 43)
        frame["ctx"]["refs"][eff["as"]] = [c for c in cards if c is not None]
    for card in cards:
        if card is None:
            continue
        if data.get("verb") == "play":  # the played card's effects check it (CONDITION prevented)
            state["turn"]["used"].append(f"prevented:play:{card}")
            S.log(state, "prevented", card=card, title=S.name(state, card))
            continue
        state.setdefault("prevented", [])
        key = f"{data.get('verb', 'kill')}:{card}"
        if key not in state["prevented"]:
            state["prevented"].append(key)
        S.log(state, "prevented", card=card, title=S.name(state, card))
    return True
