"""What could be done now, read only: may this ship join the engagement, where may this
card be beamed, placed or put into play, may this card be played (requirements and
uniqueness), does this card stay in play.

Why a module of its own: the response windows and "could this text change anything"
(effects/useful.py) ask these questions from deep inside the triggers, and the modules
that carry the moves out (combat, orders, effects/ships, effects/placement, play) sit
above the triggers; the questions themselves need only the state and the card language,
so they live a layer below both (the package docstring lists the layers).
"""
from __future__ import annotations

from . import state as S
from . import stats as ST
from .effects import filters as F


def can_join(state: dict, ship: str, seat: int) -> bool:
    """Whether ``seat``'s ``ship`` may join the engagement under way: ``seat`` is one of its
    two players (RULES.md "Multiplayer combat and engagements"), the ship a staffed, unstopped
    ship of his at its mission, not in it already."""
    eng = state.get("engagement")
    if not eng or seat not in (eng["seat"], eng.get("opp")) or S.ctype(state, ship) != "ship" \
            or S.commander(state, ship) != seat or S.mission_of(state, ship) != eng["mission"]:
        return False
    return ship not in eng["attackers"] + eng["defenders"] and not state["cards"][ship]["stopped"] \
        and ST.staffed(state, ship)


def joining_ship(state: dict, src: str):
    """"This ship may join": the card itself (a ship) or the ship this personnel is aboard."""
    c = state["cards"][src]
    return src if c["zone"] == "ships" else (c["in"] if c["zone"] == "aboard" else None)


def _surface(state: dict, m: str) -> bool:
    return S.mission_type(state, m) in ("planet", "headquarters")


def beam_options(state: dict, seat: int, *, stopped_ok: bool = False, card: str | None = None) -> list[dict]:
    """Rulebook "Beaming": you must command an (unstopped) ship at the mission; planet or
    headquarters ↔ your ship, or ship ↔ your other ship; never mission to mission, never
    onto or off an opponent's ship. One card per order (several orders move a group).
    Only unstopped personnel beam, unless card text beams stopped ones (``stopped_ok``).
    ``card``: only that card's beams (the same options, in the same order, as filtering the
    full list: picking a destination asked for every card's beams after each beam order)."""
    out = []
    cards = state["cards"]

    def movable(i: str) -> bool:  # in a pile or aboard: in play, so its commander is its own
        if card is not None and i != card:
            return False
        c = cards[i]
        if c.get("commander") != seat:
            return False
        t = S.card_def(state, i)["type"]
        return t == "equipment" or (t == "personnel" and (stopped_ok or not c["stopped"]))

    for m in S.all_missions(state):
        ships = [s for s in cards[m]["ships"] if cards[s].get("commander") == seat and not cards[s]["stopped"]]
        if not ships:
            continue
        surface = _surface(state, m)
        if surface:
            for i in cards[m]["pile"]:
                if movable(i):
                    out += [{"type": "beam", "card": i, "to": s} for s in ships]
        for s in ships:
            for i in cards[s]["aboard"]:
                if not movable(i):
                    continue
                if surface:
                    out.append({"type": "beam", "card": i, "to": m})
                out += [{"type": "beam", "card": i, "to": o} for o in ships if o != s]
    if out and S.in_play_having(state, ("keyword", "beam_cost")):  # Tama: a price to beam to or from a planet
        from .effects.extra import beam_costs
        hand = len(state["seats"][seat]["hand"])
        out = [b for b in out if not surface_beam(state, b["card"], b["to"])
               or sum(n for _, n in beam_costs(state, seat, S.mission_of(state, b["to"]))) <= hand]
    return out


def surface_beam(state: dict, card: str, to: str) -> bool:
    """A beam between a mission's surface and a ship ("to or from this planet"), not ship to ship."""
    return S.ctype(state, to) == "mission" or state["cards"][card]["zone"] == "pile"


def beam_destinations(state: dict, seat: int, card: str, *, stopped_ok: bool = False) -> list[str]:
    """Where ``card`` may be beamed now (by the rules of beaming; see :func:`beam_options`)."""
    return [b["to"] for b in beam_options(state, seat, stopped_ok=stopped_ok, card=card)]


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


# -- moving by card text ---------------------------------------------------------------
def can_follow(state: dict, ship: str, to: str) -> bool:
    """A move paid from next turn's Range: staffed, unstopped, at another mission, and the
    span total within its Range less what next turn already owes."""
    here = S.mission_of(state, ship)
    c = state["cards"][ship]
    if here is None or to == here or c["stopped"] or not ST.staffed(state, ship) or move_forbidden(state, ship, here, to):
        return False
    return ST.range_needed(state, here, to, ship) <= ST.value(state, ship, "range") - c.get("range_next", 0)


def move_forbidden(state: dict, ship: str, here: str, to: str) -> bool:
    """Keyword ``cant_move_to`` (+ ``who``: FILTER of the destination) on a mission: "You cannot
    move your ship from this mission to a headquarters mission" (Cargo Haul) — "you" is the
    mission's commander, so only his ships are held; a move by card text is held too."""
    if S.commander(state, here) != S.commander(state, ship):
        return False
    for ab in S.keyword_abilities(state, here, "cant_move_to"):
        if F.matches(state, to, ab.get("who") or {}, F.ctx_for(state, here)):
            return True
    return False


def _copy_elsewhere(state: dict, seat: int, card: str, title: str) -> bool:
    """Uniqueness without the card itself (a rescued captive is his own copy in a brig)."""
    if any(i != card and S.commander(state, i) == seat and S.title(state, i) == title for i in S.cards_in_play(state)):
        return True
    return any(i != card and state["cards"][i]["owner"] == seat and S.title(state, i) == title
               for other in state["seats"] for i in other["brig"])


def can_put(state: dict, you: int, card: str, dest: str) -> bool:
    """Whether ``put_into_play`` would put ``card`` into play at ``dest`` for ``you``: a ship
    at a mission, a personnel or equipment on a mission or aboard a ship, never a unique
    card whose copy ``you`` already command (effects/useful.py)."""
    d = S.card_def(state, card)
    if d.get("unique") and _copy_elsewhere(state, you, card, d["title"]):
        return False
    if d["type"] == "ship":
        return S.ctype(state, dest) == "mission"
    if S.ctype(state, dest) == "event":  # a personnel placed on an event in play (Anything or Anyone)
        return d["type"] == "personnel" and S.in_play(state, dest)
    return d["type"] in ("personnel", "equipment")


def requirements_met(state: dict, seat: int, iid: str) -> bool:
    """Glossary "Requirements" (checked before costs) and "Uniqueness"."""
    d = S.card_def(state, iid)
    if d.get("unique") and commands_copy(state, seat, d["title"]):
        return False
    ctx = F.ctx_for(state, iid, you=seat)
    for ab in S.abilities(state, iid, "play_requirement"):
        if "requires" in ab and not F.condition(state, ab["requires"], ctx):
            return False
        for c in ab.get("cost") or []:
            if "discard" in c and not c["discard"].get("up_to") and len(state["seats"][seat]["hand"]) < 2:
                return False
    return True


def commands_copy(state: dict, seat: int, title: str) -> bool:
    """Uniqueness: you command a card with this title in play, or your own copy is a captive."""
    for i in S.cards_in_play(state):
        if S.commander(state, i) == seat and S.title(state, i) == title:
            return True
    for other in state["seats"]:
        for i in other["brig"]:
            if state["cards"][i]["owner"] == seat and S.title(state, i) == title:
                return True
    return False


def stays_in_play(state: dict, iid: str) -> bool:
    """Keyword ``cant_leave_play`` (with its ``if``): "While a ship is here, this event cannot
    leave play" (Engage Cloak). Every effect that would take the card out of play skips it."""
    abs_ = [ab for ab in S.abilities(state, iid, "keyword") if ab.get("keyword") == "cant_leave_play"]
    if not abs_ or not S.in_play(state, iid):
        return False
    ctx = F.ctx_for(state, iid)
    return any("if" not in ab or F.condition(state, ab["if"], ctx) for ab in abs_)
