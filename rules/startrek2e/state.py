"""Card instances, zones and the small helpers every rule module shares.

Why one module: "each card in exactly one zone" is the central invariant. A card instance
``state["cards"][iid]`` records its ``guid``, ``owner``, ``zone`` and ``in`` (the seat whose
list holds it, or the card it lies on/under/aboard). Seat zones are lists in
``state["seats"][s]``: ``deck`` (top = index 0), ``hand``, ``discard``, ``dilemmas`` (the
dilemma pile, top = index 0), ``unplaced`` (missions not yet laid out), ``missions`` (the row,
left to right), ``core``, ``brig`` (captives held by that seat), ``out`` (removed from the
game), ``drawn`` (dilemmas drawn for an attempt, seen only by their owner), ``stack`` (the
chosen dilemmas, face down, top = index 0) and ``revealed`` (the dilemma being resolved).
Card-hosted zones are lists on the host instance: a mission's ``pile`` (personnel and
equipment on the planet/headquarters), ``ships``, ``under`` (overcome dilemmas) and ``on``
(dilemmas placed on it); a ship's ``aboard`` and ``damage``; any card's ``attached`` (events
played on it); an event's ``ships`` (ships placed on it, created when the first one is); a card's ``placed``
(cards placed on an event, out of play, ``effects/on_event.py``; created when the first one is). :func:`move` is the only function that moves a card.
"""
from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Iterator

from rules.read_scope import ApplyingScope

SEAT_ZONES = ("deck", "hand", "discard", "dilemmas", "unplaced", "missions", "core", "brig", "out",
              "drawn", "stack", "revealed")
HOST_ZONES = ("pile", "ships", "under", "on", "aboard", "damage", "attached", "placed")
IN_PLAY = ("missions", "pile", "ships", "aboard", "core", "attached")
HAND_LIMIT = 7
COUNTERS = 7
WIN_POINTS = 100
ORDERS_PER_TURN = 60  # RULES.md "Orders per turn"


_DB: list = []


def card_db_for(state: dict) -> dict:
    if not _DB:
        try:
            from .cards import card_db
            _DB.append(card_db())
        except ImportError:  # the cards package is built in parallel; fixtures carry their own cards
            return {}
    return _DB[0]


def card_def(state: dict, iid: str) -> dict:
    """The printed card (facts + mechanics) of instance ``iid``."""
    guid = state["cards"][iid]["guid"]
    local = state["extra_cards"]
    if local and guid in local:
        return local[guid]
    return (_DB[0] if _DB else card_db_for(state))[guid]


def guid_def(state: dict, guid: str) -> dict:
    local = state.get("extra_cards") or {}
    return local[guid] if guid in local else card_db_for(state)[guid]


def ctype(state: dict, iid: str) -> str:
    return card_def(state, iid)["type"]


def title(state: dict, iid: str) -> str:
    return card_def(state, iid)["title"]


def name(state: dict, iid: str) -> str:
    """A card's title for messages (with subtitle)."""
    d = card_def(state, iid)
    return f"{d['title']}, {d['subtitle']}" if d.get("subtitle") else d["title"]


def mechanics(state: dict, iid: str) -> list:
    return card_def(state, iid).get("mechanics") or []


def abilities(state: dict, iid: str, kind: str) -> tuple:
    """The card's abilities of one ``kind``, in printed order (see :func:`numbered_abilities`)."""
    return _grouped(state, iid).get((kind,), ())


def numbered_abilities(state: dict, iid: str, kind: str | tuple) -> tuple:
    """``(k, ability)`` for the card's abilities of one ``kind``, or of another key of the
    index (:func:`_by_kind`: the triggers hearing an event, …) (``k`` its index in
    ``mechanics``, how orders and triggers name a text). Why an index: every step asks
    each card in play for its statics, triggers and keywords — rescanning every card's
    whole text for them was half of a fold's time. Card definitions never change, so a
    database card's grouping is made once per GUID; a card the state carries itself
    (``extra_cards``, fixtures) is grouped at each call."""
    return _grouped(state, iid).get(kind, ())


_BY_KIND: dict[str, dict] = {}


def _grouped(state: dict, iid: str) -> dict:
    guid = state["cards"][iid]["guid"]
    local = state["extra_cards"]
    if local and guid in local:
        return _local_by_kind(state, guid, local)
    grouped = _BY_KIND.get(guid)
    if grouped is None:
        grouped = _BY_KIND[guid] = _by_kind(card_db_for(state)[guid])
    return grouped


def _by_kind(d: dict) -> dict:
    """``kind`` -> ``(k, ability)`` pairs and ``(kind,)`` -> the abilities alone;
    ``("keyword", name)`` -> the ``keyword`` abilities of that name; the triggers and
    interrupts by the event they hear (below)."""
    grouped: dict = {}
    for k, ab in enumerate(d.get("mechanics") or []):
        kind = ab.get("kind")
        grouped.setdefault(kind, []).append((k, ab))
        grouped.setdefault((kind,), []).append(ab)
        if kind == "keyword":
            grouped.setdefault(("keyword", ab.get("keyword")), []).append(ab)
        # triggers by the event they hear (an index by trigger: a text hears one event, and
        # each event asks only the cards with a text for it): ``("on", event, optional)``
        # and ``("damage_on", event, optional)`` -> ``(k, ability)``; interrupts in a hand
        # by their "when": ``("when", event)``
        if kind in ("trigger", "damage") and isinstance(ab.get("on"), str):
            key = ("on" if kind == "trigger" else "damage_on", ab["on"], bool(ab.get("optional")))
            grouped.setdefault(key, []).append((k, ab))
        if kind == "interrupt" and isinstance(ab.get("when"), str):
            grouped.setdefault(("when", ab["when"]), []).append((k, ab))
    return {key: tuple(found) for key, found in grouped.items()}


def _local_by_kind(state: dict, guid: str, local: dict) -> dict:
    """The grouping of a card the state carries itself (``extra_cards``): made at each call,
    except inside :func:`only_read`, where it is made once per GUID for the scope (the
    state's own definitions cannot change while it is only read)."""
    if _READING.state is not state:
        return _by_kind(local[guid])
    kept = _READING.local_kinds
    if kept is None:
        kept = _READING.local_kinds = {}
    grouped = kept.get(guid)
    if grouped is None:
        grouped = kept[guid] = _by_kind(local[guid])
    return grouped


def keyword_abilities(state: dict, iid: str, keyword: str) -> tuple:
    """The card's ``keyword`` abilities naming ``keyword`` (``blank_abilities``, …), in printed order."""
    return _grouped(state, iid).get(("keyword", keyword), ())


def in_play_having(state: dict, key, cards: list | None = None) -> list:
    """The cards in play (or of ``cards``), in that order, whose text has ``key``: a kind
    (``"static"``) or ``("keyword", name)``. Why: the statics, triggers and keywords in play
    are listed several times per event, and most cards have none of the text asked for;
    one pass asks only whether each card's GUID is among those having ``key``
    (:func:`guids_having`, made once per key over the card database)."""
    if cards is None and _READING.state is state:  # only read: listed once per key
        listed = _READING.having.get(key)
        if listed is None:
            listed = _READING.having[key] = _in_play_having(state, key, None)
        return list(listed)
    return _in_play_having(state, key, cards)


def _in_play_having(state: dict, key, cards: list | None) -> list:
    if state["extra_cards"]:  # each card's own grouping asked: cheaper than the GUID set with the state's cards
        return [iid for iid in (cards_in_play(state) if cards is None else cards) if key in _grouped(state, iid)]
    instances = state["cards"]
    having = guids_having(state, key)
    if not having or absent(state, having):
        return []
    return [iid for iid in (cards_in_play(state) if cards is None else cards) if instances[iid]["guid"] in having]


def guids_having(state: dict, key) -> frozenset | set:
    """The GUIDs whose text has ``key`` (a kind or ``("keyword", name)``; see :func:`_by_kind`):
    of the card database, indexed for every key in one pass (card data is immutable), with the cards a state
    carries itself (``extra_cards``, fixtures) judged at each call."""
    if not _HAVING:  # every key of every definition, in one pass over the database
        db = card_db_for(state)
        index: dict = {}
        for g in db:
            for k in _grouped_guid(db, g):
                index.setdefault(k, set()).add(g)
        _HAVING.update((k, frozenset(found)) for k, found in index.items())
    having = _HAVING.get(key, _NONE)
    local = state["extra_cards"]
    if local:
        return (having - set(local)) | {g for g in local if key in _local_by_kind(state, g, local)}
    return having


_HAVING: dict = {}  # key -> the GUIDs of the database having it (an empty database: nothing kept)
_NONE: frozenset = frozenset()


def _grouped_guid(db: dict, guid: str) -> dict:
    grouped = _BY_KIND.get(guid)
    if grouped is None:
        grouped = _BY_KIND[guid] = _by_kind(db[guid])
    return grouped


def zone_list(state: dict, iid: str) -> list:
    c = state["cards"][iid]
    if c["zone"] in SEAT_ZONES:
        return state["seats"][c["in"]][c["zone"]]
    return state["cards"][c["in"]][c["zone"]]


def all_zone_lists(state: dict):
    for seat in state["seats"]:
        for z in SEAT_ZONES:
            yield seat[z]
    for c in state["cards"].values():
        for z in HOST_ZONES:
            if z in c:
                yield c[z]


def move(state: dict, iid: str, zone: str, holder, *, top: bool = False) -> None:
    """Move ``iid`` into ``zone`` of ``holder`` (a seat for seat zones, else a host card).

    A card that leaves play loses its in-play record (stopped, commander, temporary
    modifiers) and everything played on it goes with the rules of leaving play
    (see ``glossary.leave_play``), so a card that comes back is a fresh card.
    """
    c = state["cards"][iid]
    was_in_play = c["zone"] in IN_PLAY
    if c["zone"] == "placed":  # off an event: face up again wherever it goes (effects/on_event.py)
        c.pop("face_down", None)
    zone_list(state, iid).remove(iid)
    c["zone"], c["in"] = zone, holder
    dest = state["seats"][holder][zone] if zone in SEAT_ZONES else state["cards"][holder][zone]
    if top:
        dest.insert(0, iid)
    else:
        dest.append(iid)
    if was_in_play and zone not in IN_PLAY:
        c["stopped"] = False
        c["commander"] = None
        c.pop("range_used", None)
        c.pop("range_next", None)
        c.pop("completed", None)
        state["mods"] = [m for m in state["mods"] if m["card"] != iid]


def in_play(state: dict, iid: str) -> bool:
    return state["cards"][iid]["zone"] in IN_PLAY


def commander(state: dict, iid: str):
    """The seat that commands a card in play (None: not in play, or a captive)."""
    c = state["cards"][iid]
    return c.get("commander") if c["zone"] in IN_PLAY else None


def mission_of(state: dict, iid: str):
    """The mission a card in play is at (personnel/equipment on a planet or aboard, ships;
    a dilemma placed on a mission)."""
    c = state["cards"][iid]
    z = c["zone"]
    if z == "missions":
        return iid
    if z in ("pile", "on"):
        return c["in"]
    if z == "ships":  # a ship placed on an event (Engage Cloak) is at no mission
        host = c["in"]
        return host if state["cards"][host]["zone"] == "missions" else None
    if z == "aboard":
        return mission_of(state, c["in"])
    if z == "attached":
        return mission_of(state, c["in"])
    return None


def location(state: dict, iid: str):
    """Where a personnel/equipment is for "present": ``["pile", mission]`` or ``["aboard", ship]``."""
    c = state["cards"][iid]
    if c["zone"] in ("pile", "aboard"):
        return [c["zone"], c["in"]]
    if c["zone"] == "ships":
        return ["aboard", iid]
    return None


def present(state: dict, a: str, b: str) -> bool:
    """Rulebook "Present": on the same planet/headquarters, or aboard the same ship."""
    la = location(state, a)
    return la is not None and la == location(state, b)


def cards_at(state: dict, loc) -> list:
    return list(state["cards"][loc[1]][loc[0]])


def mission_type(state: dict, m: str) -> str:
    return card_def(state, m).get("mission_type") or "planet"


def personnel_in_play(state: dict, seat=None) -> list:
    out = []
    for m in all_missions(state):
        for i in state["cards"][m]["pile"]:
            if ctype(state, i) == "personnel" and (seat is None or commander(state, i) == seat):
                out.append(i)
        for s in state["cards"][m]["ships"]:
            for i in state["cards"][s]["aboard"]:
                if ctype(state, i) == "personnel" and (seat is None or commander(state, i) == seat):
                    out.append(i)
    return out


def ships_in_play(state: dict, seat=None) -> list:
    return [s for m in all_missions(state) for s in state["cards"][m]["ships"]
            if seat is None or commander(state, s) == seat]


def ships_on_events(state: dict, seat=None) -> list:
    """Ships placed on events in a core (RULES.md "Ships on an event"): in play, at no mission."""
    return [s for st in state["seats"] for e in st["core"] for s in state["cards"][e].get("ships", ())
            if seat is None or commander(state, s) == seat]


def on_event(state: dict, iid: str) -> bool:
    """A ship placed on an event, or a card aboard one or played on one, or a personnel placed on
    an event (Anything or Anyone) — in play, at no mission."""
    c = state["cards"][iid]
    while c["zone"] in ("aboard", "attached", "damage"):
        host = state["cards"][c["in"]]
        if c["zone"] == "aboard" and host["zone"] == "core":  # on an event in a core
            return True
        c = host
    return c["zone"] == "ships" and state["cards"][c["in"]]["zone"] != "missions"


def all_missions(state: dict) -> list:
    return [m for seat in state["seats"] for m in seat["missions"]]


class _Reading(threading.local):
    """Per thread (the service folds matches on several threads): the state being only read
    inside :func:`only_read`, its cards in play once listed and its own cards' groupings
    (:func:`_local_by_kind`)."""

    def __init__(self) -> None:
        self.state: dict | None = None
        self.in_play: list | None = None
        self.local_kinds: dict | None = None
        self.having: dict = {}  # in_play_having(state, key) once listed, by key


_READING = _Reading()


_APPLYING = ApplyingScope()


@contextmanager
def applying(state: dict) -> Iterator[None]:
    """Within this block one event is applied to ``state`` (``flow.answer``): its cards are
    the same and none changes its GUID (the engine never does; only setup makes cards), so
    the GUIDs of the match's cards are gathered once and a listing of cards with some text
    no card of the match has is answered at once (:func:`absent`). Why: the keyword
    listings (blankers, skill prices, attempt prices) and the triggers of most events walk
    every card in play for a text that a match's decks seldom hold."""
    with _APPLYING.applying(state):
        yield


def absent(state: dict, guids) -> bool:
    """While :func:`applying` ``state``: no card of the match has one of ``guids``.
    ``False`` (not known) outside that block."""
    return _APPLYING.absent(state, guids)


@contextmanager
def only_read(state: dict) -> Iterator[None]:
    """Within this block ``state`` is only read, so :func:`cards_in_play` is listed once
    (a copy is returned each time), and so is each :func:`in_play_having` of the cards in play. ``stats.frozen`` and ``extra.keywords_listed_once`` hold
    it: listing the orders a seat may execute walked the cards in play six times."""
    if _READING.state is state:
        yield
        return
    outer = _READING.state, _READING.in_play, _READING.local_kinds, _READING.having
    _READING.state, _READING.in_play, _READING.local_kinds, _READING.having = state, None, None, {}
    try:
        yield
    finally:
        _READING.state, _READING.in_play, _READING.local_kinds, _READING.having = outer


def cards_in_play(state: dict) -> list:
    """Every card in play (missions, cards on them, ships and what is aboard, core, attached
    events); listed once inside :func:`only_read`."""
    if _READING.state is state:
        if _READING.in_play is None:
            _READING.in_play = _cards_in_play(state)
        return list(_READING.in_play)
    return _cards_in_play(state)


def _cards_in_play(state: dict) -> list:
    cards = state["cards"]
    out: list = []
    for seat in state["seats"]:
        core = seat["core"]
        out += core
        for e in core:  # ships on an event (Engage Cloak) and what is aboard them
            for s in cards[e].get("ships", ()):
                out.append(s)
                out += cards[s]["aboard"]
            out += cards[e].get("aboard", ())  # personnel placed on an event (Anything or Anyone)
        for m in seat["missions"]:
            out.append(m)
            mc = cards[m]
            out += mc["pile"]
            for s in mc["ships"]:
                out.append(s)
                out += cards[s]["aboard"]
    # what is attached to each of those (not to what is attached: the list is read as it was)
    attached = [a for i in out if "attached" in cards[i] for a in cards[i]["attached"]]
    return out + attached if attached else out


def left_of(state: dict, seat: int) -> int:
    return (seat + 1) % len(state["seats"])


def log(state: dict, event: str, **data) -> None:
    state["log"].append({"event": event, **data})
    if len(state["log"]) > 200:
        del state["log"][:-200]


def set_pending(state: dict, seat: int, kind: str, prompt: str, options: list | None, **extra) -> None:
    state["pending"] = {"seat": seat, "kind": kind, "prompt": prompt, "options": options, **extra}
