"""Cards placed on an event (issue 17; EFFECTS.md §4 "Cards on an event"; RULES.md "Cards placed
on an event").

"Place a personnel you command but do not own on this event" (Biological Distinctiveness), "place
them on this event" (You've Always Been My Favorite), "place one unused … dilemma on this event"
(Storage Compartment): the card goes **out of play** onto the card whose text places it (its host,
normally an event in a core; a dilemma kept in a core — Bleeding to Death — hosts cards the same
way). The host's list ``placed`` holds them (``state`` host zone ``placed``); each card there has
``zone == "placed"`` and ``in`` = the host. Nobody commands a card there, its text does not work
there, and nothing reaches it but the texts of its host (FILTER ``scope: "on_this_event"``: "each
personnel on this event", "a card on this event") — taken back with the ordinary verbs:
``return_to_hand`` ("take a card on this event into your hand"), ``place_in_discard``,
``put_into_play``, ``place_on_deck_top``/``bottom``, ``shuffle_into_deck``, ``remove_from_game``.

``place_on_event``: TARGET (+ ``face_down``: true) — each card (from play, a hand, a deck, a
discard pile, the dilemmas drawn) is placed on this card. A card in play leaves play first (what
was played on it is scattered, glossary "Discarding"); it is not killed, destroyed nor discarded.
``face_down``: only the card's owner (and the judge) sees which card it is — views show it with
id ``null`` (view.py) and the log says only that a card was placed. Cards placed face up are
public. When the host leaves play, the cards on it go where cards on a card leaving play go:
their owners' discard piles, dilemmas to the bottom of their owners' dilemma piles
(``glossary._scatter``; RULES.md "Cards placed on an event").

Why a zone of its own rather than ``aboard`` (Anything or Anyone's Infiltrators stay in play on
their event, under command): every text of this issue says the placed card is no longer commanded
("(You no longer command him or her.)": Forever Linked) or is a card that was never in play.
"""
from __future__ import annotations

import re

from .. import state as S
from .. import legality as LEG


def host_of(state: dict, iid: str):
    """The card ``iid`` lies on (placed on an event), or ``None``."""
    c = state["cards"][iid]
    return c["in"] if c["zone"] == "placed" else None


def placed_on(state: dict, host: str) -> list:
    """The cards placed on ``host``, in the order they were placed."""
    return list(state["cards"][host].get("placed", ()))


_DECAY = re.compile(r"decay:\s*(\d+)\.?", re.I)


def decay_of(keywords) -> int:
    """N of a printed "Decay: N" among ``keywords`` (0 without one)."""
    for w in keywords or ():
        mt = _DECAY.fullmatch(w.strip())
        if mt:
            return int(mt.group(1))
    return 0


def decay_number(state: dict, iid: str) -> int:
    """N of an event's printed "Decay: N" keyword (0 without one)."""
    return decay_of(S.card_def(state, iid).get("keywords"))


def decaying(state: dict):
    """The first event in a core whose "Decay: N" has been reached — N or more cards lie on it — and
    whose cards have changed since the rule last destroyed (or tried to destroy) it; ``None`` when there
    is none. "Decay: N" (RULES.md "Decay"): when N or more cards are on the event, it is destroyed.
    Remembering the cards it was tried with (``decay_seen``) lets a prevented destruction rest until
    the cards on the event change, instead of asking again at every step."""
    for seat in state["seats"]:
        for iid in seat["core"]:
            c = state["cards"][iid]
            on = c.get("placed")
            if on and on != c.get("decay_seen") and len(on) >= decay_number(state, iid) > 0:
                return iid
    return None



def decay(state: dict) -> bool:
    """"Decay: N" (RULES.md "Decay"): an event with N or more cards on it is destroyed — by the rule, as
    its commander's text would destroy it, so "when this event is destroyed" (Medical Teams, Out of
    Options) and "about to be destroyed" preventions answer it. Checked, as the ``state_rule`` texts
    are, whenever the game has settled (flow ``advance``). ``True`` = the destruction was pushed."""
    from . import filters as F
    from . import frames as FR
    host = decaying(state)
    if host is None:
        return False
    c = state["cards"][host]
    c["decay_seen"] = list(c["placed"])
    S.log(state, "decayed", card=host, title=S.name(state, host), cards=len(c["placed"]))
    FR.push(state, [{"destroy": {"self": True}}], F.ctx_for(state, host))
    return True

def place(state: dict, card: str, host: str, *, face_down: bool = False, seat=None) -> bool:
    """Place ``card`` on ``host``; ``False`` when it cannot go (it cannot leave play, or it is the
    host itself)."""
    if card == host or state["cards"][card]["zone"] == "placed" and state["cards"][card]["in"] == host:
        return False
    if S.in_play(state, card):
        if LEG.stays_in_play(state, card):
            return False
        from ..glossary import _scatter
        _scatter(state, card)
    hidden = state["cards"][card]["zone"] in ("hand", "deck", "dilemmas", "drawn", "stack")
    state["cards"][host].setdefault("placed", [])
    S.move(state, card, "placed", host)
    c = state["cards"][card]
    if face_down:
        c["face_down"] = True
    if face_down and hidden:  # still unseen: the others learn only that a card was placed
        S.log(state, "placed_on_event", card=None, title=None, host=host, owner=c["owner"])
        S.log(state, "placed_on_event", card=card, title=S.name(state, card), host=host, private=c["owner"])
    else:
        S.log(state, "placed_on_event", card=card, title=S.name(state, card), host=host, seat=seat)
    return True


def place_in_core(state: dict, frame: dict, eff: dict, arg: dict):
    """The verb ``place_in_core`` ``{}``: this dilemma goes face up into the core of the player facing it,
    who commands it there ("… then place this dilemma in your core": Bleeding to Death); its texts work
    from there as an event's do, and it hosts cards placed on it (``place_on_event``). It leaves play as
    any card does; then it goes to the bottom of its owner's dilemma pile (glossary ``to_owner_pile``)."""
    src, you = frame["ctx"]["source"], frame["ctx"]["you"]
    if state["cards"][src]["zone"] == "core":
        return True
    S.move(state, src, "core", you)
    c = state["cards"][src]
    c["face_up"], c["commander"], c["stopped"] = True, you, False
    S.log(state, "placed_in_core", seat=you, card=src, title=S.name(state, src))
    return True


def add_to_drawn(state: dict, frame: dict, eff: dict, arg: dict):
    """The verb ``add_to_drawn``: TARGET — each dilemma is added to the dilemmas its owner has drawn
    ("you may take any dilemmas from this event and add them to those drawn": Storage Compartment);
    only while he is the one drawing for an attempt. Face down still: only he sees which."""
    from . import frames as FR
    from . import targets as TG
    cards = TG.targets(state, frame, arg)
    if cards is None:
        return False
    a = state.get("attempt")
    added = []
    for c in cards:
        owner = state["cards"][c]["owner"]
        if S.ctype(state, c) != "dilemma" or a is None or a["dilemma_owner"] != owner:
            continue
        S.move(state, c, "drawn", owner)
        added.append(c)
        S.log(state, "added_to_drawn", seat=owner, card=None, title=None)
        S.log(state, "added_to_drawn", seat=owner, card=c, title=S.name(state, c), private=owner)
    FR._remember(frame, eff, added)
    return True


def place_on_event(state: dict, frame: dict, eff: dict, arg: dict):
    """The verb ``place_on_event``: TARGET (+ ``face_down``) onto this card (the text's source)."""
    from . import frames as FR
    from . import targets as TG
    from .useful import keeper
    cards = TG.targets(state, frame, arg, keep=keeper(state, frame, "place_on_event"))
    if cards is None:
        return False
    host = frame["ctx"]["source"]
    placed = [c for c in cards if place(state, c, host, face_down=bool(arg.get("face_down")), seat=frame["ctx"]["you"])]
    FR._remember(frame, eff, placed)
    return True
