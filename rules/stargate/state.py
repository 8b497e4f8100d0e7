"""Card instances, zones and the small helpers every rule module shares.

Why one module: "each card in exactly one zone" is the central invariant. A card instance
(``state["cards"][iid]``) records its ``guid``, ``owner``, ``zone`` and, in play, its
``state`` (ready / assigned / stopped / incapacitated — the glossary's four states). The
ordered zones are lists: a seat's ``deck``, ``hand``, ``discard``, ``mission_pile``,
``score_pile``, ``play`` (cards in play in front of him), ``failed`` (missions failed this
turn); ``mission["cards"]`` (cards at the current mission); a character's ``glyphs``;
``state["resolving"]`` (events played whose text is being carried out).
:func:`move` is the only function that moves a card, so the invariant holds by construction.
"""
from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from rules.read_scope import ApplyingScope

from .cards import card_db

# Who hears a card entering a discard pile ("each time you place a <card> in your discard
# pile", Sina, whichever way it got there): triggers.fire, a layer above this one. The
# package wires it once (``rules/stargate/__init__.py``), so the bottom layer of the engine
# imports nothing of it.
DISCARD_LISTENERS: list[Callable[..., None]] = []

SKILLS = ("culture", "science", "combat", "ingenuity")
SEAT_ZONES = ("deck", "hand", "discard", "mission_pile", "score_pile", "play", "failed")
HAND_SIZE = 8
GLYPHS_TO_WIN = 7
MAX_POINT_VALUE = 6


def card_def(state: dict, iid: str) -> dict:
    """The card (facts + mechanics) of instance ``iid`` as it is now: the printed card, or —
    for a character with ``becomes_adversary`` during his owner's opponent's turn — the
    adversary he becomes (Daniel Jackson, Prior of the Ori; Mark Devlin)."""
    c = state["cards"][iid]
    guid = c["guid"]
    local = state.get("extra_cards")
    d = local[guid] if local and guid in local else card_db()[guid]
    if c["zone"] != "play" and c["zone"] != "mission":
        return d  # only a card in play is anything but its printed card
    if c.get("became"):
        return _taken_adversary(d, c["became"])
    # most cards never become an adversary: one lookup, no call (card_def is read ~100
    # times per event)
    become = _BECOMES.get(d["guid"], _UNKNOWN)
    if become is _UNKNOWN:
        become = _becomes_adversary(d)
    if become is not None and _opponents_turn(state, c["owner"]):
        return _as_adversary(d, become)
    return d


_UNKNOWN: Any = object()


_BECOMES: dict[str, dict | None] = {}
_AS_ADVERSARY: dict[str, dict] = {}


def _becomes_adversary(d: dict) -> dict | None:
    """The card's ``becomes_adversary`` keyword (cached per printed card: card data is immutable)."""
    key = d["guid"]
    if key not in _BECOMES:
        _BECOMES[key] = next((ab for ab in d.get("mechanics") or []
                              if ab.get("kind") == "keyword" and ab.get("keyword") == "becomes_adversary"), None)
    return _BECOMES[key]


def becomes_adversary(d: dict) -> dict | None:
    """The ``becomes_adversary`` keyword of the printed card ``d`` ("during your opponent's
    turn, this character is an adversary"), or ``None``: a card without it is, in play,
    what it is printed unless another card takes it as an adversary (``became``)."""
    return _becomes_adversary(d)


def _opponents_turn(state: dict, seat: int) -> bool:
    """"During your opponent's turn": the seat is not the hero player of this turn."""
    t = state.get("turn") or {}
    return t.get("number", 0) > 0 and t.get("hero") != seat


def _as_adversary(d: dict, kw: dict) -> dict:
    """The adversary a character becomes: villain allegiance, same skills, ``trait`` added,
    revive cost ``revive`` (none printed = none: it can't be revived), same text."""
    key = d["guid"]
    if key not in _AS_ADVERSARY:
        traits = list(d.get("traits") or []) + ([kw["trait"]] if kw.get("trait") else [])
        _AS_ADVERSARY[key] = {**d, "type": "adversary", "subtype": None, "allegiance": "villain",
                              "traits": traits, "revive": kw.get("revive"), "became_adversary": True}
    return _AS_ADVERSARY[key]


# the numbers every form of a card (:func:`card_def`) keeps from its printed card: becoming an
# adversary changes its type, allegiance, traits, text and revive cost, never these
PRINTED_NUMBERS = ("cost", "experience", "firepower")


def printed_def(state: dict, iid: str) -> dict:
    """The printed card of instance ``iid`` (a card the state carries itself, or the
    database's), whatever it has become: enough to read one of :data:`PRINTED_NUMBERS`."""
    guid = state["cards"][iid]["guid"]
    local = state.get("extra_cards")
    return local[guid] if local and guid in local else card_db()[guid]


def printed_kinds(state: dict, iid: str) -> frozenset:
    """The kinds of ability (``static``, ``trigger``, …) the card's printed text has. Whatever
    the card is now (:func:`card_def`: a character become an adversary keeps his text or has
    none), its abilities are among the printed ones, so a card whose printed text has no
    ``kind`` ability can be skipped without asking :func:`card_def` — most cards in play
    have no static text, and the victory check lists the statics at every step."""
    return _grouped(state, iid)[1]


def _overlaid(state: dict, having: frozenset, test) -> frozenset | set:
    """``having`` (an index made once over the card database) for ``state``: a state that carries
    cards of its own (``extra_cards``) has them judged by ``test(definition)`` at each call."""
    local = state.get("extra_cards")
    if local:
        return (having - set(local)) | {g for g, d in local.items() if test(d)}
    return having


def printed_having(state: dict, kind: str) -> frozenset | set:
    """The GUIDs whose printed text has a ``kind`` ability: ``kind in printed_kinds(state, i)``
    is ``state["cards"][i]["guid"] in printed_having(state, kind)``, asked without a call per
    card. Made once per kind over the card database (immutable)."""
    having = _HAVING.get(kind)
    if having is None:
        having = _HAVING[kind] = frozenset(g for g in card_db() if kind in _grouped_guid(g)[1])
    return _overlaid(state, having, lambda d: kind in _group(d)[1])


_HAVING: dict[str, frozenset] = {}


def printed_changing(state: dict, stats: frozenset) -> frozenset | set:
    """The GUIDs whose printed text has a static ability changing one of ``stats``
    (``modify.stat``): like :func:`printed_having`, a card outside it can have no active
    static changing them, whatever it has become."""
    having = _CHANGING.get(stats)
    if having is None:
        having = _CHANGING[stats] = frozenset(g for g in card_db() if _changes(_grouped_guid(g)[2].get("static", ()), stats))
    return _overlaid(state, having, lambda d: _changes(_group(d)[2].get("static", ()), stats))


def _keyed(state: dict, index: dict, kind: str, names, key: str) -> frozenset | set:
    """The GUIDs whose printed ``kind`` abilities name ``key`` (``names(ability)`` lists what one
    names): the index by name, made in one pass over the card database the first time."""
    if not index:
        found: dict[str, set] = {}
        for g in card_db():
            for ab in _grouped_guid(g)[2].get(kind, ()):
                for name in names(ab):
                    found.setdefault(name, set()).add(g)
        index.update((n, frozenset(gs)) for n, gs in found.items())
        index.setdefault("", frozenset())  # built, even for a database without such abilities
    return _overlaid(state, index.get(key, frozenset()),
                     lambda d: any(key in names(ab) for ab in _group(d)[2].get(kind, ())))


def _rules_of(ab: dict):
    return ab.get("rule") or ()


def _heard_by(ab: dict) -> tuple:
    return (ab["on"],) if isinstance(ab.get("on"), str) else ()


def printed_ruling(state: dict, name: str) -> frozenset | set:
    """The GUIDs whose printed text has a static ``rule`` named ``name`` ("to assign a
    character, pay …", "the villain player acts first"): like :func:`printed_having`, a card
    outside it can have no active static with that rule, whatever it has become."""
    return _keyed(state, _RULING, "static", _rules_of, name)


_RULING: dict[str, frozenset] = {}


def _changes(statics: tuple, stats: frozenset) -> bool:
    return any((ab.get("modify") or {}).get("stat") in stats for ab in statics)


_CHANGING: dict[frozenset, frozenset] = {}


def printed_hearing(state: dict, event: str) -> frozenset | set:
    """The GUIDs whose printed text has a trigger hearing ``event`` (``on``): like
    :func:`printed_having`, a card outside it has no active trigger for ``event``."""
    return _keyed(state, _HEARING, "trigger", _heard_by, event)


_HEARING: dict[str, frozenset] = {}


_APPLYING = ApplyingScope()


@contextmanager
def applying(state: dict) -> Iterator[None]:
    """Within this block one event is applied to ``state`` (``flow.answer``): its cards are
    the same and none changes its GUID (the engine never does; only setup makes cards), so
    the GUIDs of the match's cards are gathered once, and a listing of abilities no card
    of the match has is answered at once (:func:`absent`)."""
    if _APPLYING.state is state:
        yield
        return
    _KEPT.state = None  # totals kept live only while one event is applied (kept_totals)
    try:
        with _APPLYING.applying(state):
            yield
    finally:
        _KEPT.state = None


class _KeptTotals(threading.local):
    """Per thread, while one event is applied (:func:`applying`) to ``state``: each seat's
    totals the victory check compares (glyphs, experience, victory total, score pile cost;
    ``victory.printed_totals``), kept until a rule changes something they sum
    (:func:`sums_changed`). The driver checks for a winner ~3 times per event and most steps
    move no card in or out of play, a score pile or from under a character and change no
    card's modifiers, tokens or controller, so most checks compare the totals kept instead
    of walking every seat's cards again."""

    def __init__(self) -> None:
        self.state: dict | None = None
        self.totals: tuple | None = None


_KEPT = _KeptTotals()
# The zones whose cards the victory check's sums read (with the team, in any zone)
SUMMED_ZONES = frozenset(("play", "mission", "score_pile", "glyph"))


def sums_changed() -> None:
    """A rule changed what the victory check sums (which cards are in play, at the mission,
    in a score pile or beneath a character; a card's ``mods``, ``tokens``, ``controller`` or
    ``became``): the totals kept are dropped. Every writer of those calls it (``move``,
    ``move_keep`` and the few effects that write a card's record directly);
    tests/rules/stargate/test_maintained_values.py compares the totals kept with fresh ones
    at every check of random, purposeful, golden and hypothesis games."""
    _KEPT.state = None


def kept_totals(state: dict) -> tuple | None:
    """The victory check's totals kept for ``state`` (:class:`_KeptTotals`), or ``None``."""
    k = _KEPT
    return k.totals if k.state is state else None


def keep_totals(state: dict, totals: tuple) -> None:
    """Keep the totals for ``state`` while an event is applied to it (only then: outside
    that block a caller may change the state by hand between two checks)."""
    if _APPLYING.state is state:
        _KEPT.state, _KEPT.totals = state, totals


def absent(state: dict, guids) -> bool:
    """While :func:`applying` ``state``: no card of the match has one of ``guids``.
    ``False`` (not known) outside that block."""
    return _APPLYING.absent(state, guids)


class _MatchCards(threading.local):
    """Per thread, for the one ``state["cards"]`` dict last asked about (held, so its
    identity cannot be taken by another dict): the instance ids whose GUID is in each GUID
    set asked (:func:`holding`)."""

    def __init__(self) -> None:
        self.cards: dict | None = None
        self.size = 0
        self.holding: dict[frozenset, frozenset] = {}


_MATCH = _MatchCards()


def holding(state: dict, guids: frozenset | set) -> frozenset | None:
    """The instance ids of the match's cards whose GUID is in ``guids`` (one of the
    per-process sets: :func:`printed_having`, :func:`printed_changing`,
    :func:`printed_hearing`), or ``None`` when that is not kept (a state that carries cards
    of its own, ``extra_cards``: its GUID sets are made at each call).

    A match's instances and their GUIDs are fixed once it is set up — only setup makes cards,
    and the engine never changes a card's GUID (what a card *is now* is :func:`card_def`'s
    business, from its printed GUID) — so the answer is made once per ``cards`` dict and
    kept while that very dict (with as many cards) is the one asked about: a fold applies
    every event of a batch to one state in place, and each step lists abilities of some kind
    several times. A decoded or copied state is another dict and gets its own listing.
    Equal to the scan of every card by construction
    (tests/rules/stargate/test_maintained_values.py, after every event)."""
    if state.get("extra_cards") or not isinstance(guids, frozenset):
        return None
    cards: dict = state["cards"]
    m = _MATCH
    if m.cards is not cards or m.size != len(cards):
        m.cards, m.size, m.holding = cards, len(cards), {}
    found = m.holding.get(guids)
    if found is None:
        found = m.holding[guids] = frozenset(i for i, c in cards.items() if c["guid"] in guids)
    return found


def _grouped_guid(guid: str) -> tuple[list, frozenset, dict[str, tuple]]:
    grouped = _BY_KIND.get(guid)
    if grouped is None:
        grouped = _BY_KIND[guid] = _group(card_db()[guid])
    return grouped


def printed_abilities(guid: str, kind: str) -> tuple:
    """The ``kind`` abilities of the database card ``guid``'s printed text, in printed order."""
    return _grouped_guid(guid)[2].get(kind, ())


def abilities(state: dict, iid: str, kind: str) -> tuple:
    """The card's abilities of one ``kind`` as it is now (:func:`card_def`), in printed order."""
    mech = card_def(state, iid).get("mechanics") or ()
    if not mech:
        return ()
    printed, _kinds, by_kind = _grouped(state, iid)
    if mech is printed:
        return by_kind.get(kind, ())
    return tuple(ab for ab in mech if ab.get("kind") == kind)


# GUID -> (printed mechanics list, its kinds, kind -> abilities): made once per database card
# (card data is immutable); a card the state carries itself (``extra_cards``) at each call
_BY_KIND: dict[str, tuple[list, frozenset, dict[str, tuple]]] = {}


def _grouped(state: dict, iid: str) -> tuple[list, frozenset, dict[str, tuple]]:
    guid = state["cards"][iid]["guid"]
    local = state.get("extra_cards")
    if local and guid in local:
        return _group(local[guid])
    grouped = _BY_KIND.get(guid)
    if grouped is None:
        grouped = _BY_KIND[guid] = _group(card_db()[guid])
    return grouped


def _group(d: dict) -> tuple[list, frozenset, dict[str, tuple]]:
    mech = d.get("mechanics") or []
    by_kind: dict[str, list] = {}
    for ab in mech:
        by_kind.setdefault(ab.get("kind"), []).append(ab)
    return mech, frozenset(by_kind), {k: tuple(v) for k, v in by_kind.items()}


def controller(state: dict, iid: str) -> int:
    """Who controls a card: its owner, unless a card took control of it ("They become an
    adversary under your control": The Enemy Within) while it stays in play."""
    c = state["cards"][iid]
    return c.get("controller", c["owner"])


def _taken_adversary(d: dict, became: dict) -> dict:
    """A character another player's card turned into his adversary: villain allegiance, the
    trait added, no game text, revive cost = its cost (The Enemy Within)."""
    key = (d["guid"], became.get("trait"), bool(became.get("no_text")))
    if key not in _TAKEN:
        traits = list(d.get("traits") or []) + ([became["trait"]] if became.get("trait") and became["trait"] not in (d.get("traits") or []) else [])
        _TAKEN[key] = {**d, "type": "adversary", "subtype": None, "allegiance": "villain", "traits": traits,
                       "revive": d.get("cost") if became.get("revive") == "cost" else became.get("revive"),
                       "mechanics": [] if became.get("no_text") else d.get("mechanics"), "became_adversary": True}
    return _TAKEN[key]


_TAKEN: dict = {}


def became_adversary_cant(state: dict, iid: str, action: str) -> bool:
    """A character who has become an adversary and "can't be <action>" (``cant`` of the
    ``becomes_adversary`` keyword: ``assign``, ``revive``, ``score``)."""
    became = state["cards"][iid].get("became")
    if became is not None and state["cards"][iid]["zone"] in ("play", "mission"):
        return action in (became.get("cant") or [])
    d = card_def(state, iid)
    kw = _becomes_adversary(d) if d.get("became_adversary") else None
    return kw is not None and action in (kw.get("cant") or [])


def traits(state: dict, iid: str) -> list[str]:
    """Printed traits plus traits gained for a while ("Tyler" gets another character's traits)."""
    own = list(card_def(state, iid).get("traits") or [])
    for g in state["cards"][iid].get("traits_gained", []):
        own += [t for t in g["traits"] if t not in own]
    return own


def inst(state: dict, iid: str) -> dict:
    return state["cards"][iid]


def ctype(state: dict, iid: str) -> str:
    return card_def(state, iid)["type"]


def is_character(state: dict, iid: str) -> bool:
    return ctype(state, iid) == "character"


def is_team(state: dict, iid: str) -> bool:
    d = card_def(state, iid)
    return d["type"] == "character" and d.get("subtype") == "team"


def title(state: dict, iid: str) -> str:
    return card_def(state, iid)["title"]


def zone_list(state: dict, iid: str) -> list:
    """The list that holds ``iid`` (found from its ``zone`` record)."""
    c = state["cards"][iid]
    z = c["zone"]
    if z == "mission":
        return state["mission"]["cards"]
    if z == "current_mission":
        return state["mission"]["current"]
    if z == "resolving":
        return state["resolving"]
    if z == "glyph":
        return state["cards"][c["under"]]["glyphs"]
    if z == "beneath":
        return state["cards"][c["under"]]["beneath"]
    if z == "play":
        return state["seats"][c.get("controller", c["owner"])][z]
    return state["seats"][c["owner"]][z]


def move(state: dict, iid: str, zone: str, *, top: bool = False, under: str | None = None) -> None:
    """Move ``iid`` out of its zone into its owner's ``zone`` (or the mission, or under a character).

    Leaving play clears the in-play record (state, blocks, temporary modifiers, glyphs stay
    with the caller to handle), so a card that comes back is a fresh card, as in the rules.
    """
    c = state["cards"][iid]
    if _KEPT.state is not None and (zone in SUMMED_ZONES or c["zone"] in SUMMED_ZONES or c.get("mods") or c.get("tokens")
                                    or iid in state["seats"][c["owner"]]["team"]):
        _KEPT.state = None  # the victory check's sums read this move (sums_changed)
    zone_list(state, iid).remove(iid)
    c["zone"] = zone
    c.pop("under", None)
    if zone not in ("play", "mission"):
        c["state"] = None
        c["blocked"] = False
        c["face_down"] = False
        c["mods"] = []
        c["tokens"] = 0
        c.pop("text_removed", None)
        c.pop("on", None)
        c.pop("traits_gained", None)
        c.pop("marks", None)
        c.pop("controller", None)
        c.pop("became", None)
        c.pop("keywords_granted", None)  # "choose an obstacle to get dominion" (Zipacna)
        c.pop("blockaded", None)  # a blockaded mission that moves on is no longer blockaded
        c.pop("abilities_granted", None)  # "the current mission gets: …" (Sha're): while it stays
    if zone == "glyph":
        c["under"] = under
        dest = state["cards"][under]["glyphs"]
    elif zone == "beneath":
        # a card kept beneath another card (Mot, Orlin, a freighter's cargo): not in play
        c["under"] = under
        dest = state["cards"][under].setdefault("beneath", [])
    elif zone == "mission":
        dest = state["mission"]["cards"]
    elif zone == "current_mission":
        dest = state["mission"]["current"]
    elif zone == "resolving":
        # an event being played: out of the hand, not yet in the discard pile (its text is
        # carried out first; flow.discard_resolved_events puts it there)
        dest = state.setdefault("resolving", [])
    else:
        dest = state["seats"][c["owner"]][zone]
    if top:
        dest.insert(0, iid)
    else:
        dest.append(iid)
    if zone == "discard":
        # "each time you place a <card> in your discard pile" (Sina): every way into the pile
        for listener in DISCARD_LISTENERS:
            listener(state, "card_discarded", card=iid, seat=c["owner"])


def in_play(state: dict, seat: int | None = None) -> list[str]:
    """Cards in play: in front of players and at the current mission (not the mission card)."""
    out = []
    for s, seat_state in enumerate(state["seats"]):
        if seat is None or seat == s:
            out += seat_state["play"]
    out += [i for i in state["mission"]["cards"] if seat is None or controller(state, i) == seat]
    return out


def at_mission(state: dict) -> list[str]:
    return list(state["mission"]["cards"])


def current_mission(state: dict) -> str | None:
    cur = state["mission"]["current"]
    return cur[0] if cur else None


def hero(state: dict) -> int:
    return state["turn"]["hero"]


def villain(state: dict) -> int:
    return state["turn"]["villain"]


def opponent(state: dict, seat: int) -> int:
    """The other active player (two-player view of a turn)."""
    t = state["turn"]
    if seat == t["hero"]:
        return t["villain"]
    if seat == t["villain"]:
        return t["hero"]
    return (seat + 1) % len(state["seats"])


def log(state: dict, kind: str, **data: Any) -> None:
    """Record what happened (public facts only; ``view`` filters hidden ones)."""
    state["log"].append({"event": kind, **data})
    if len(state["log"]) > 60:
        del state["log"][:-60]


def all_zone_lists(state: dict) -> list[list[str]]:
    """Every list a card can be in (for the one-zone invariant)."""
    out = [state["mission"]["cards"], state["mission"]["current"], state.get("resolving", [])]
    for s in state["seats"]:
        out += [s[z] for z in SEAT_ZONES]
    for c in state["cards"].values():
        out.append(c["glyphs"])
        if "beneath" in c:
            out.append(c["beneath"])
    return out


def move_keep(state: dict, iid: str, zone: str) -> None:
    """Move a card between ``play`` and ``mission`` keeping its in-play record."""
    c = state["cards"][iid]
    _KEPT.state = None  # sums_changed
    zone_list(state, iid).remove(iid)
    c["zone"] = zone
    (state["mission"]["cards"] if zone == "mission" else state["seats"][c.get("controller", c["owner"])][zone]).append(iid)


def blockaded_by(state: dict, host: str) -> list[str]:
    """The mission ``host`` blockades (a list of at most one)."""
    return [i for i in state["cards"][host].get("beneath", []) if state["cards"][i].get("blockaded")]


def blockaded_missions(state: dict, seat: int | None = None) -> list[str]:
    """Every blockaded mission (held by cards in play), or only those held by ``seat``'s cards."""
    return [m for host in in_play(state, seat) for m in blockaded_by(state, host)]
