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
from .. import legality as LEG


def place_at(state: dict, frame: dict, eff: dict, arg: dict):
    from .frames import _remember
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


def _place(state: dict, card: str, dest: str) -> bool:
    """One card in play to ``dest``; ``False`` when it cannot go there."""
    zone = LEG._zone_at(state, card, dest)
    if zone is None:
        return False
    if zone == "ships" and S.ctype(state, dest) == "event":
        state["cards"][dest].setdefault("ships", [])
    S.move(state, card, zone, dest)
    return True


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
            if S.ctype(state, ship) == "ship" and S.in_play(state, ship) and LEG.can_follow(state, ship, dest):
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
    from .targets import targets
    from ..orders import beam as do_beam
    from ..legality import beam_destinations
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
