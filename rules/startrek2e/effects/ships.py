"""Ships and crews moved by card text (EFFECTS.md §2–3; RULES.md "Ships on an event",
"Placing is not moving", "Following with next turn's Range", "Beaming by card text").

Why a module of its own: these verbs move cards in play outside the orders the rules give
(moving, beaming), and they share one reading of where a ship is — at a mission, or placed
on an event (Engage Cloak), where it is in play but at no mission.

- ``place_at`` ``{"target": TARGET, "at": TARGET, "use_range"?: true}``: each card in play
  goes to the ``at`` card without moving or beaming: a ship onto an event or to a mission, a
  personnel or equipment aboard a ship or onto a planet/headquarters. Stopped cards stay
  stopped; ``use_range``: "that ship's Range for this turn is used".
- ``move_ship`` ``{"target": TARGET, "to": TARGET, "range": "next_turn"}``: a real move (the
  ship must be staffed and unstopped; "moves" responses answer it), its span total paid from
  the Range of its commander's next turn ("follow using its Range from your next turn").
- ``beam`` ``TARGET``: each card is beamed by the rules of beaming (your unstopped ship at
  that mission; planet/headquarters ↔ your ship, ship ↔ your other ship), stopped or not;
  ``as`` names the cards really beamed ("for each personnel beamed this way").
"""
from __future__ import annotations

from .. import state as S
from .. import stats as ST

FILTER_KEYS = {"on_event", "host", "at_trigger_from", "ship_commander", "with_attached", "aboard_ref"}


def this_ship(state: dict, src: str):
    """"This ship" for a card's text: the card itself (a ship), the ship it is aboard, or the
    ship it is played or placed on (an event on a ship, a damage card)."""
    c = state["cards"][src]
    if c["zone"] == "ships":
        return src
    if c["zone"] in ("aboard", "attached", "damage"):
        host = c["in"]
        return host if S.ctype(state, host) == "ship" else None
    return None


def commander_keywords(state: dict, iid: str) -> list:
    """The ship titles a personnel's "Commander: <ship>" keywords name (Glossary "Commander")."""
    return [k.split(":", 1)[1].strip() for k in S.card_def(state, iid).get("keywords") or []
            if k.lower().startswith("commander:")]


def match_key(state: dict, iid: str, k: str, v, ctx: dict) -> bool:
    """One filter key of :data:`FILTER_KEYS` for card ``iid``."""
    from . import filters as F
    c = state["cards"][iid]
    src = ctx.get("source")
    if k == "on_event":  # a ship placed on an event (matching FILTER v; true = any event)
        host = c["in"] if c["zone"] == "ships" else None
        ok = host is not None and state["cards"][host]["zone"] != "missions" and (
            v is True or (isinstance(v, dict) and F.matches(state, host, v, ctx)))
        return ok == bool(v)
    if k == "host":  # the card this card is played or placed on ("this ship" of an event on a ship)
        sc = state["cards"].get(src) if src else None
        return (sc is not None and sc["zone"] in ("attached", "damage") and sc["in"] == iid) == bool(v)
    if k == "at_trigger_from":  # at the mission the ship of a "moves" event moved away from
        frm = (ctx.get("event") or {}).get("from")
        here = iid if S.ctype(state, iid) == "mission" else S.mission_of(state, iid)
        return (frm is not None and here == frm) == bool(v)
    if k == "ship_commander":  # "this ship's Commander": Commander: <this ship's title>
        ship = this_ship(state, src) if src else None
        ok = ship is not None and S.title(state, ship) in commander_keywords(state, iid)
        return ok == bool(v)
    if k == "with_attached":  # a card with a matching event played on it ("limit one per ship")
        return any(F.matches(state, a, v, ctx) for a in c.get("attached", ()))
    if k == "aboard_ref":  # aboard one of the remembered ships
        return c["zone"] == "aboard" and c["in"] in (ctx.get("refs") or {}).get(v, [])
    return True


# -- placing (not moving) ------------------------------------------------------------
def place_at(state: dict, frame: dict, eff: dict, arg: dict):
    from .interpreter import _remember
    from .skills import _resolve
    at = _resolve(state, frame, "at_w", arg["at"])
    if at is None:
        return False
    if not at:  # nowhere to place them: nothing to choose
        _remember(frame, eff, [])
        return True
    from .useful import keeper
    cards = _resolve(state, frame, "target_w", arg["target"], keep=keeper(state, frame, "place_at", dest=at[0]))
    if cards is None:
        return False
    placed = []
    for dest in at[:1]:
        for card in cards:
            if _place(state, card, dest):
                placed.append(card)
                if arg.get("use_range") and S.ctype(state, card) == "ship":
                    state["cards"][card]["range_used"] = ST.value(state, card, "range")
                S.log(state, "placed", seat=frame["ctx"]["you"], card=card, at=dest, title=S.name(state, card))
    _remember(frame, eff, placed)
    return True


def _zone_at(state: dict, card: str, dest: str):
    """The zone of ``dest`` that card ``card`` (in play) would be placed into, or ``None``
    when it cannot go there (or is there already)."""
    if not S.in_play(state, card) or card == dest:
        return None
    kind, dkind = S.ctype(state, card), S.ctype(state, dest)
    zone = None
    if kind == "ship":
        if (dkind == "event" and S.in_play(state, dest)) or dkind == "mission":
            zone = "ships"
    elif kind in ("personnel", "equipment"):
        if dkind == "ship" and S.mission_of(state, dest) is not None:
            zone = "aboard"
        elif dkind == "mission" and S.mission_type(state, dest) in ("planet", "headquarters"):
            zone = "pile"
    c = state["cards"][card]
    return None if zone is None or (c["zone"] == zone and c["in"] == dest) else zone


def can_place(state: dict, card: str, dest: str) -> bool:
    """Whether ``place_at`` would take ``card`` to ``dest`` (effects/useful.py)."""
    return _zone_at(state, card, dest) is not None


def _place(state: dict, card: str, dest: str) -> bool:
    """One card in play to ``dest``; ``False`` when it cannot go there."""
    zone = _zone_at(state, card, dest)
    if zone is None:
        return False
    if zone == "ships" and S.ctype(state, dest) == "event":
        state["cards"][dest].setdefault("ships", [])
    S.move(state, card, zone, dest)
    return True


# -- moving by card text ---------------------------------------------------------------
def can_follow(state: dict, ship: str, to: str) -> bool:
    """A move paid from next turn's Range: staffed, unstopped, at another mission, and the
    span total within its Range less what next turn already owes."""
    here = S.mission_of(state, ship)
    c = state["cards"][ship]
    if here is None or to == here or c["stopped"] or not ST.staffed(state, ship):
        return False
    return ST.range_needed(state, here, to) <= ST.value(state, ship, "range") - c.get("range_next", 0)


def move_ship(state: dict, frame: dict, eff: dict, arg: dict):
    from .skills import _resolve
    from ..orders import move_ship as move
    to = _resolve(state, frame, "to_w", arg["to"])
    if to is None:
        return False
    from .useful import keeper
    ships = _resolve(state, frame, "target_w", arg["target"], keep=keeper(state, frame, "move_ship", dest=to[0]) if to else None)
    if ships is None:
        return False
    for dest in [m for m in to[:1] if S.ctype(state, m) == "mission"]:
        for ship in ships:
            if S.ctype(state, ship) == "ship" and S.in_play(state, ship) and can_follow(state, ship, dest):
                move(state, S.commander(state, ship), ship, dest, next_turn=True)
    return True


def owed_range(state: dict, seat: int) -> None:
    """At the start of a player's turn his ships begin with the Range they already used for
    this turn ("follow using its Range from your next turn")."""
    for ship in S.ships_in_play(state, seat) + S.ships_on_events(state, seat):
        c = state["cards"][ship]
        if c.get("range_next"):
            c["range_used"] = c.pop("range_next")


# -- beaming by card text -----------------------------------------------------------------
def beam(state: dict, frame: dict, eff: dict, arg: dict):
    """Each target card in turn is beamed to a place its commander chooses (one choice a
    card; a single place needs no choice). A card with no place to go stays."""
    from .interpreter import targets
    from ..orders import beam as do_beam, beam_destinations
    work = frame["work"]
    sub = work.setdefault("target_w", {})
    if "answer" in work and work.get("resolving") == "target":
        sub["answer"] = work.pop("answer")
    from .useful import keeper  # only cards with a place to go are offered
    cards = targets(state, {"ctx": frame["ctx"], "work": sub}, arg, keep=keeper(state, frame, "beam"))
    if cards is None:
        work["resolving"] = "target"
        return False
    work["resolving"] = "place"
    queue = work.setdefault("queue", list(cards))
    done = work.setdefault("beamed", [])
    seat = frame["ctx"]["you"]
    while queue:
        card = queue[0]
        dests = beam_destinations(state, seat, card, stopped_ok=True) if S.in_play(state, card) else []
        if "answer" in work:
            dest = work.pop("answer")
        elif len(dests) == 1:
            dest = dests[0]
        elif not dests:
            queue.pop(0)
            continue
        else:
            S.set_pending(state, seat, "choose", f"Beam {S.name(state, card)} where?",
                          [{"type": "choose", "card": d} for d in dests])
            return False
        queue.pop(0)
        if dest in dests:
            do_beam(state, seat, card, dest)
            done.append(card)
    if "as" in eff:
        frame["ctx"]["refs"][eff["as"]] = list(done)
    return True
