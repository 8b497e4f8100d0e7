"""Numbers read from cards: skills, difficulty, cost, firepower, point value, experience.

Glossary rules implemented here: "negative numbers" (every number is recomputed from the
printed value each time it is read, modifiers applied in order, clamped at 0 at the end);
"skills" (unnamed "skills +N" affects only ratings the card already has — a 0 counts, no
rating does not; a named skill can be given to a card without it); "stopped" (stopped
cards keep their text); incapacitated cards' text is ignored; the hero player's villain
cards and the villain player's hero cards are ignored (Turn Sequence); inactive players
have nothing in play (Three or More Players).
"""
from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Callable, Iterator

from rules.read_scope import read_only

from . import state as S
from .effects import filters as F
from .state import SKILLS


# keys of a static ``modify`` this module reads (test_effect_coverage.py); ``set`` only for a
# card's own difficulty (set_difficulty); ``who: {"player": …}`` is a player's number
# (static_rules.PLAYER_STATS)
STATIC_MODIFY_KEYS = {"stat", "amount", "who", "set"}


def is_active(state: dict, iid: str) -> bool:
    """Is this card's game text used now?"""
    c = state["cards"][iid]
    cur = state["mission"]["current"]  # S.current_mission, inline: read ~30 times per event
    if cur and iid == cur[0]:
        return True
    if c["zone"] not in ("play", "mission") or c.get("state") == "incapacitated" or c.get("face_down"):
        return False
    alleg = S.card_def(state, iid).get("allegiance")
    t = state["turn"]
    if alleg == "hero":
        return S.controller(state, iid) == t["hero"]
    if alleg == "villain":
        return S.controller(state, iid) == t["villain"]
    return True


def is_ignored(state: dict, iid: str) -> bool:
    """Rulebook (Turn Sequence): "When it is your turn … all villain cards you have in play
    are ignored by both players. During your opponent's turn … all hero cards you have in
    play are ignored by both players." Ignored is more than text not used: such a card is
    not there for anybody's choices, costs or counts (``filters.candidates``). A face-down
    complication has no allegiance; a card's own text (``self``) and cards named by a
    ``ref`` are not chosen, so they are untouched."""
    c = state["cards"][iid]
    if c["zone"] not in ("play", "mission", "glyph") or c.get("face_down"):
        return False
    if c["zone"] == "glyph":  # a glyph is where its character is
        return is_ignored(state, c["under"])
    alleg = S.card_def(state, iid).get("allegiance")
    t = state.get("turn") or {}
    if not t.get("number"):
        return False  # Starting a Game: no turn yet, nobody is hero or villain
    if alleg == "hero":
        return S.controller(state, iid) != t["hero"]
    if alleg == "villain":
        return S.controller(state, iid) != t["villain"]
    return False


def ctx_for(state: dict, iid: str) -> dict:
    c = state["cards"][iid]
    return {"source": iid, "controller": S.controller(state, iid), "refs": c.get("refs", {})}


def works_from_score_pile(ab: dict) -> bool:
    """Text that says "while this card is in your score pile" (``self_zone: score_pile`` in
    its ``while`` or ``if``): the only text of a scored card that is used."""
    return any(isinstance(ab.get(k), dict) and ab[k].get("self_zone") == "score_pile" for k in ("while", "if"))


class _Reads(threading.local):
    """Per thread: the open reading scope (``(state, cache)``, :func:`reading`) and the
    reads being traced (:func:`tracing_reads`), ``None`` when there is none. Both start as
    ``None`` in every thread, so asking is an attribute read: a missing attribute read with
    a default raises and catches an ``AttributeError`` inside, and the trace is asked at
    every number read."""

    def __init__(self) -> None:
        self.scope: tuple[dict, dict] | None = None
        self.trace: set | None = None


_READ = _Reads()


def reading(state: dict) -> read_only:
    """Within this block ``state`` is only read (a victory check, a view), so each kind of
    active ability is listed once and reused: a victory check reads every team
    character's point value, and each read used to re-scan every card in play for statics
    (it was nine tenths of a fold's time). Per thread, because the service folds and
    renders matches in several threads at once; only conditions and amounts, which may
    depend on the number being computed, are still evaluated at each read."""
    return read_only(_READ, state)


def active_abilities(state: dict, kind: str):
    """``(source iid, ability)`` for every active ability of ``kind`` (glyph text held),
    plus the score-pile text of the active players' scored cards (Sindar, Anubis);
    listed once per kind inside ``reading(state)``."""
    scope = _READ.scope
    if scope is None or scope[0] is not state:
        return _active_abilities(state, kind)
    listed = scope[1].get(kind)
    if listed is None:
        listed = scope[1][kind] = list(_active_abilities(state, kind))
    return iter(listed)


# the numbers of a card that are summed (sum_numbers: the victory check, costs): the statics
# changing them are listed apart, from the few cards whose printed text changes them
NUMBERS = frozenset({"cost", "experience", "firepower", "point_value"})


def number_statics(state: dict) -> list | None:
    """Inside ``reading(state)``: the active statics changing one of :data:`NUMBERS`
    (``active_abilities(state, "static")`` whose ``modify.stat`` is one of them, in that
    order), listed once per scope from the cards whose printed text has such a static
    (``state.printed_changing``); ``None`` outside a scope. The victory check asks only
    this, at every step, and most statics in play change skills."""
    scope = _READ.scope
    if scope is None or scope[0] is not state:
        return None
    listed = scope[1].get("_number_statics")
    if listed is None:
        listed = scope[1]["_number_statics"] = [
            (i, ab) for i, ab in _active_abilities(state, "static", S.printed_changing(state, NUMBERS))
            if (ab.get("modify") or {}).get("stat") in NUMBERS]
    return listed


def modified_numbers(state: dict) -> set[str] | None:
    """:func:`modified_stats` for a stat of :data:`NUMBERS` (``stat in modified_numbers(state)``
    iff ``stat in modified_stats(state)``), from :func:`number_statics` only."""
    listed = number_statics(state)
    if listed is None:
        return None
    scope = _READ.scope
    found = scope[1].get("_modified_numbers")
    if found is None:
        found = scope[1]["_modified_numbers"] = (
            {ab["modify"]["stat"] for _, ab in listed} | {rule["stat"] for rule in state["turn"].get("cost_rules", [])})
    return found


def _active_abilities(state: dict, kind: str, having: frozenset | set | None = None):
    # a card whose printed text has no ``kind`` ability yields nothing: skipped before
    # asking whether it is active (S.printed_having; most cards in play have no statics);
    # ``having``: fewer GUIDs still, when the caller keeps only some of those abilities
    if having is None:
        having = S.printed_having(state, kind)
    cards = state["cards"]
    holders = S.holding(state, having)  # the match's cards with such printed text
    if holders is None:
        if S.absent(state, having):
            return  # no card of the match has such text (while an event is applied: S.applying)
        holders = {i for i in S.in_play(state) if cards[i]["guid"] in having}
    elif not holders:
        return  # no card of the match has such text
    sources = [i for i in S.in_play(state) if i in holders and is_active(state, i)]
    cur = S.current_mission(state)
    if cur:
        sources.append(cur)
    for iid in sources:
        for ab in S.abilities(state, iid, kind):
            if ("requires_glyphs" in ab or "requires_any_glyph" in ab) and not F.glyphs_satisfied(state, ab, iid):
                continue
            yield iid, ab
    t = state["turn"]
    for seat in {t.get("hero"), t.get("villain")} - {None}:
        for iid in state["seats"][seat]["score_pile"]:
            if cards[iid]["guid"] not in having:
                continue
            for ab in S.abilities(state, iid, kind):
                if works_from_score_pile(ab):
                    yield iid, ab


def triggers_hearing(state: dict, event: str) -> list:
    """``[(src, ab) for src, ab in active_abilities(state, "trigger") if ab.get("on") == event]``,
    listed from the cards whose printed text has a trigger for ``event`` only
    (``state.printed_hearing``: the index of triggers by what they hear) — an event is fired
    several times per action, and every trigger in play used to be listed for each."""
    scope = _READ.scope
    if scope is not None and scope[0] is state and "trigger" in scope[1]:
        return [(src, ab) for src, ab in scope[1]["trigger"] if ab.get("on") == event]
    return [(src, ab) for src, ab in _active_abilities(state, "trigger", S.printed_hearing(state, event))
            if ab.get("on") == event]


@contextmanager
def tracing_reads() -> Iterator[set]:
    """Within this block, record what each number read consults: ``(stat, kind, zone)`` —
    ``kind`` is the card's type (``"complication"`` for a face-down card at the mission,
    and for the complication being played), ``zone`` where it is. The guard
    (tests/rules/stargate/test_stat_readers.py) runs the engine's reading steps under it and
    fails when an authored card modifies a number in a context no step reads: the list of
    readers comes from the code that reads, not from a hand-kept table."""
    outer = _READ.trace
    _READ.trace = found = set()
    try:
        yield found
    finally:
        _READ.trace = outer


def note_read(state: dict, stats: tuple[str, ...], target: str | None, kind: str = "", zone: str = "") -> None:
    """Every reader of a changed number calls this with what it consults (a card
    ``target``, or ``kind``/``zone`` for a number that is no card's: the complication
    being played, a player's total, a boost); it does nothing outside ``tracing_reads``."""
    trace = _READ.trace
    if trace is None:
        return
    if target is not None:
        c = state["cards"][target]
        kind = "complication" if c.get("face_down") and c["zone"] == "mission" else S.ctype(state, target)
        zone = c["zone"]
    trace.update((stat, kind, zone) for stat in stats)


_IN_PROGRESS: set = set()


def _static_mods(state: dict, target: str, stats: tuple[str, ...]) -> list[tuple[str, int]]:
    """Modifiers of static abilities for ``target``. A static whose condition or amount
    reads the very number being computed is skipped while it is being computed
    (RULES.md: "self-referential statics"), instead of recursing forever."""
    note_read(state, stats, target)
    key = (id(state), target, stats)
    if key in _IN_PROGRESS:
        return []
    _IN_PROGRESS.add(key)
    try:
        return _static_mods_uncached(state, target, stats)
    finally:
        _IN_PROGRESS.discard(key)


def _static_mods_uncached(state: dict, target: str, stats: tuple[str, ...]) -> list[tuple[str, int]]:
    out = _modifiers(state, stats, lambda who, ctx: _names_card(state, target, who, ctx), each=[target],
                     target=target)
    if "cost" in stats and state["cards"][target]["zone"] in PLAYED_FROM:
        out += _own_cost_text(state, target)
    c = state["cards"][target]
    for m in c.get("mods", []):
        if m["stat"] in stats:
            out.append((m["stat"], m["amount"]))
    return out


_SELF = {"self": True}


def _modifiers(state: dict, stats: tuple[str, ...], hit: Callable[[dict, dict], bool],
               each: list[str], target: str | None = None) -> list[tuple[str, int]]:
    """Where every changed number is read: the active static ``modify`` abilities of one of
    ``stats`` and the cost rules effects set up for a while (``cost_rules``: "obstacles
    cost power +1 to play until the end of the mission") whose ``who`` ``hit(who, ctx)``
    accepts. A static's amount is read with the card being changed as ``{"ref": "each"}``
    (Aid Evacuation); a cost rule's amount was read when the effect happened. With the card
    ``target`` whose number is read (``hit`` is then ``_names_card``'s), a static that names
    "this card" of another card is passed over before its context is made (``_names_card``
    would answer no: ``resolve_target`` names its source only)."""
    out = []
    for src, ab in _statics_modifying(state, stats):
        mod = ab["modify"]
        who = mod.get("who", _SELF)
        if target is not None and src != target and isinstance(who, dict) and who.get("self"):
            continue
        ctx = ctx_for(state, src)
        if isinstance(who, dict) and "player" in who:
            continue  # a player's number (player_bonus), not a card's
        # whom it names first, then its condition (often a count of cards in play): both
        # only read, so the order changes no answer, and most statics name few cards
        if not isinstance(who, dict) or "choose" in who or not hit(who, ctx):
            continue
        if "while" in ab and not F.condition(state, ab["while"], ctx):
            continue
        out.append((mod["stat"], F.amount(state, mod.get("amount", 0), {**ctx, "refs": {**ctx["refs"], "each": each}})))
    for rule in state["turn"].get("cost_rules", []):
        ctx = {"source": rule["source"], "controller": rule["controller"], "refs": rule["refs"]}
        if rule["stat"] in stats and hit(rule["who"], ctx):
            out.append((rule["stat"], rule["amount"]))
    return out


def _statics_modifying(state: dict, stats: tuple[str, ...]) -> list:
    """The active statics (``active_abilities``, in their order) that ``modify`` one of
    ``stats``: inside ``reading(state)`` listed once per ``stats`` asked — a view reads the
    skills of every character in play, and each read walked every static in play."""
    scope = _READ.scope
    if scope is None or scope[0] is not state:
        return _statics_of(state, stats)
    key = ("_modifying", stats)
    listed = scope[1].get(key)
    if listed is None:
        listed = scope[1][key] = _statics_of(state, stats)
    return listed


def _statics_of(state: dict, stats: tuple[str, ...]) -> list:
    """``[(src, ab) for src, ab in active_abilities(state, "static") if ab.get("modify") and
    ab["modify"].get("stat") in stats]``: from the statics already listed in a reading scope,
    else only from the cards whose printed text changes one of ``stats``
    (``state.printed_changing``) — a mission's difficulty, a card's cost or skills are read
    several times per action, and most statics in play change something else."""
    scope = _READ.scope
    listed = scope[1].get("static") if scope is not None and scope[0] is state else None
    found = listed if listed is not None else _active_abilities(state, "static", S.printed_changing(state, frozenset(stats)))
    return [(src, ab) for src, ab in found if ab.get("modify") and ab["modify"].get("stat") in stats]


def statics_ruling(state: dict, name: str) -> list:
    """``[(src, ab) for src, ab in active_abilities(state, "static") if name in (ab.get("rule")
    or {})]``: the active statics with a ``rule`` named ``name`` (static_rules), from the
    statics already listed in a reading scope, else only from the cards whose printed text
    has such a rule (``state.printed_ruling``: the index of statics by rule) — the actions
    step asks several rules per action, and few cards have any."""
    scope = _READ.scope
    listed = scope[1].get("static") if scope is not None and scope[0] is state else None
    found = listed if listed is not None else _active_abilities(state, "static", S.printed_ruling(state, name))
    return [(src, ab) for src, ab in found if name in (ab.get("rule") or {})]


def _names_card(state: dict, target: str, who: dict, ctx: dict) -> bool:
    """Does a static's ``who`` (a filter or a fixed target) name the card ``target``?"""
    ok = F.resolve_target(state, who, ctx) if (set(who) & {"self", "all", "ref", "current_mission"}) else None
    return target in ok if ok is not None else F.matches(state, target, who, ctx)


# where a card is played from (the hand; the deck for a revealed card: Reese)
PLAYED_FROM = ("hand", "deck")


def _own_cost_text(state: dict, target: str) -> list[tuple[str, int]]:
    """A card's own "this card costs power -1 to play for each …" is about playing it, so it
    works while the card is still in the hand (or revealed from the deck to be played; its
    other text does not): Big Bug, Artok, Sekhmet. Once the card is in play its statics are
    read like everyone's; in a score pile or a discard pile it is not played, so its cost is
    the printed one (plus what other cards give it: Goa'uld Ha'tak). A card whose printed text
    has no static (most: ``state.printed_kinds``) has none now either and is answered at once:
    a view reads the cost of every card in a hand."""
    if "static" not in S.printed_kinds(state, target):
        return []
    ctx = ctx_for(state, target)
    out = []
    for ab in S.card_def(state, target).get("mechanics") or []:
        mod = ab.get("modify") or {}
        if ab.get("kind") != "static" or mod.get("stat") != "cost" or mod.get("who", {"self": True}) != {"self": True}:
            continue
        if not F.glyphs_satisfied(state, ab, target):
            continue
        if "while" in ab and not F.condition(state, ab["while"], ctx):
            continue
        out.append(("cost", F.amount(state, mod.get("amount", 0), ctx)))
    return out


def skills(state: dict, iid: str) -> dict[str, int]:
    """Current skill ratings of a character or adversary (only ratings it has)."""
    d = S.card_def(state, iid)
    rating = {k: v for k, v in (d.get("skills") or {}).items() if k in SKILLS}
    mods = _static_mods(state, iid, ("skills", *SKILLS))
    for stat, amt in mods:
        if stat in SKILLS:
            rating[stat] = rating.get(stat, 0) + amt
    for stat, amt in mods:
        if stat == "skills":
            for k in rating:
                rating[k] += amt
    return {k: max(0, v) for k, v in rating.items()}


def skill(state: dict, iid: str, name: str) -> int | None:
    """Rating in one skill; ``None`` = no rating (not the same as 0)."""
    return skills(state, iid).get(name)


def modified_stats(state: dict) -> set[str] | None:
    """Inside ``reading(state)``: every stat some active static ``modify`` or cost rule
    changes, listed once per scope (the index of statics by what they modify); ``None``
    outside a scope. A number no active text changes is its printed value plus the card's
    own ``mods`` — the victory check reads ~90 numbers, and each used to walk every static."""
    scope = _READ.scope
    if scope is None or scope[0] is not state:
        return None
    found = scope[1].get("_modified_stats")
    if found is None:
        found = scope[1]["_modified_stats"] = (
            {(ab.get("modify") or {}).get("stat") for _, ab in active_abilities(state, "static")}
            | {rule["stat"] for rule in state["turn"].get("cost_rules", [])})
    return found


def printed_numbers_scope(state: dict) -> set[str] | None:
    """Inside ``reading(state)``: those of :data:`NUMBERS` some active static (a player bonus
    included) or cost rule changes (:func:`modified_numbers`) — every other number of every card is its
    printed number plus its own ``mods`` (and tokens); ``None`` when that cannot be said:
    outside a scope, while a number is being computed (the self-referential guard), while
    reads are traced, or for a state that carries cards of its own."""
    indexed = modified_numbers(state)
    if indexed is None or _IN_PROGRESS or _READ.trace is not None or state.get("extra_cards"):
        return None
    return indexed


# a static on these GUIDs' printed text may change a number the victory check sums on a card
# it sums (made once: card data is immutable); see :func:`summed_as_printed`
_SUMMED_CHANGERS: list[frozenset] = []


def _summed_changers() -> frozenset:
    """The GUIDs whose printed text has a static that may change a number the victory check
    sums on a card it sums: those of ``state.printed_changing(NUMBERS)`` but the ones whose
    every such static changes a firepower (never summed) or only the card's own cost and is
    not score-pile text ("this card costs 1 less to play while …": Artok, Graham Simmons,
    Kali — most of them): a card's own cost is summed only while it is in a score pile (the
    villain score pile's cost), where only its score-pile text works, and a ``self`` static
    changes no other card (:func:`_modifiers`). What a card has become keeps a part of its
    printed text or all of it (``state.card_def``). Of the database's cards: a state carrying
    cards of its own is never summed as printed."""
    if not _SUMMED_CHANGERS:
        def unsummed(ab: dict) -> bool:
            stat = (ab.get("modify") or {}).get("stat")
            return (stat not in NUMBERS or stat == "firepower"
                    or (stat == "cost" and _is_self(ab["modify"].get("who", _SELF)) and not works_from_score_pile(ab)))
        changing = S.printed_changing({}, NUMBERS)  # the database's cards (a state of none of its own)
        _SUMMED_CHANGERS.append(frozenset(g for g in changing if not all(map(unsummed, S.printed_abilities(g, "static")))))
    return _SUMMED_CHANGERS[0]


def _is_self(who) -> bool:
    """``who`` names only the card the static is on (as :func:`self_modified` reads it)."""
    return isinstance(who, dict) and "player" not in who and "choose" not in who and bool(who.get("self"))


_USABLE_ZONES = ("play", "mission", "current_mission")


def summed_as_printed(state: dict) -> bool:
    """Is every number the victory check sums (team point values, experience of a player's
    cards, the cost of a villain score pile) its card's printed number plus its own ``mods``
    (and promotion tokens)? Yes when no card of the match whose text could change such a
    number on a summed card (:func:`_summed_changers`) is where its text can be used — in
    play, at the mission, the current mission, an active player's score pile — and no cost
    rule changes one of :data:`NUMBERS`; ``False`` also whenever :func:`printed_numbers_scope`
    could not say (a number being computed, reads traced, a state carrying cards of its
    own). Cheaper than listing the statics in play: it asks a few cards where they are, not
    whether each card in play is active. Equal to the full walk by construction
    (tests/rules/stargate/test_maintained_values.py)."""
    if _IN_PROGRESS or state.get("extra_cards") or _READ.trace is not None:
        return False
    for rule in state["turn"].get("cost_rules", ()):
        if rule["stat"] in NUMBERS:
            return False
    holders = S.holding(state, _summed_changers())
    if holders is None:
        return False
    if not holders:
        return True
    cards = state["cards"]
    for i in holders:
        if cards[i]["zone"] in _USABLE_ZONES:
            return False
    t = state["turn"]
    seats = state["seats"]
    for seat in {t.get("hero"), t.get("villain")} - {None}:
        for i in seats[seat]["score_pile"]:
            if i in holders:
                return False
    return True


def _unmodified_by_text(state: dict, iid: str, stat: str) -> bool:
    """Can ``_static_mods(state, iid, (stat,))`` be only the card's own ``mods``? Yes inside a
    reading scope when no active static or cost rule names ``stat``, the card's own cost
    text cannot apply and the number is not being computed already (the self-referential
    guard would return nothing at all). Equal to the full walk by construction
    (tests/rules/stargate/test_maintained_values.py)."""
    indexed = modified_numbers(state) if stat in NUMBERS else modified_stats(state)
    if indexed is None or stat in indexed:
        return False
    if stat == "cost" and state["cards"][iid]["zone"] in PLAYED_FROM:
        return False
    return (id(state), iid, (stat,)) not in _IN_PROGRESS


def number(state: dict, iid: str, stat: str) -> int:
    """cost / firepower / revive / experience / point_value, modified and clamped at 0."""
    if _unmodified_by_text(state, iid, stat):
        note_read(state, (stat,), iid)
        return _unmodified_number(state, iid, stat)
    d = S.card_def(state, iid)
    base = d.get("cost") if stat == "point_value" else d.get(stat)
    return clamped(state["cards"][iid], base, stat, sum(a for _, a in _static_mods(state, iid, (stat,))))


def _unmodified_number(state: dict, iid: str, stat: str) -> int:
    """:func:`number` when no text changes ``stat``: the printed value plus the card's own ``mods``."""
    d = S.card_def(state, iid)
    base = d.get("cost") if stat == "point_value" else d.get(stat)
    c = state["cards"][iid]
    mods = c.get("mods")
    return clamped(c, base, stat, sum(m["amount"] for m in mods if m["stat"] == stat) if mods else 0)


def clamped(c: dict, base: int | None, stat: str, change: int) -> int:
    """(The one place of this rule: the victory check and the summed reads call it too.) The printed ``base`` changed by ``change``, clamped at 0; a point value with promotion
    tokens is at most 6 (or its printed value if higher)."""
    v = (base or 0) + change
    if stat == "point_value" and c.get("tokens"):
        return max(0, min(v + c["tokens"], max(S.MAX_POINT_VALUE, base or 0)))
    return max(0, v)


def sum_numbers(state: dict, iids, stat: str) -> int:
    """``sum(number(state, i, stat) for i in iids)``: the victory check's sums (team point
    values, experience, score-pile cost) read at every step. Inside a reading scope a card no
    active text can change (the index of statics by what they modify; a static that changes
    only its own card, :func:`self_modified`, names no other) is its printed value plus its
    ``mods`` — read inline, not through :func:`number`; every other card, and every card
    outside a scope, card by card. Equal to the per-card sum
    (tests/rules/stargate/test_maintained_values.py)."""
    indexed = modified_numbers(state)
    key = "cost" if stat == "point_value" else stat
    if indexed is None or key not in S.PRINTED_NUMBERS or _READ.trace is not None:
        return sum(number(state, i, stat) for i in iids)
    special: frozenset | set = frozenset()
    if stat in indexed:
        found = self_modified(state, stat)
        if found is None:
            return sum(number(state, i, stat) for i in iids)
        special = found
    cards = state["cards"]
    out = 0
    for i in iids:  # _unmodified_number inline: it is read ~20 times per victory check
        c = cards[i]
        if (i in special or (stat == "cost" and c["zone"] in PLAYED_FROM)
                or (_IN_PROGRESS and (id(state), i, (stat,)) in _IN_PROGRESS)):
            out += number(state, i, stat)
            continue
        base = S.printed_def(state, i).get(key)  # what card_def gives, for these numbers
        mods = c.get("mods")
        out += clamped(c, base, stat, sum(m["amount"] for m in mods if m["stat"] == stat) if mods else 0)
    return out


def self_modified(state: dict, stat: str) -> set[str] | None:
    """Inside ``reading(state)``: when every active static that changes a card's ``stat``
    changes only its own card (``who`` names ``self``: "this card costs 1 less while …",
    Artok, Graham Simmons — nearly every cost static) and no cost rule changes ``stat``, the
    cards those statics are on: no other card's ``stat`` is changed by any text
    (:func:`_modifiers` hits a ``self`` target only at its source; a player's number, a
    ``choose`` target or a target that is no filter hits no card). ``None`` otherwise, or
    outside a scope. Listed once per scope and stat."""
    scope = _READ.scope
    if scope is None or scope[0] is not state:
        return None
    slot = ("_self_modified", stat)
    if slot in scope[1]:
        return scope[1][slot]
    found: set[str] | None = set()
    if any(rule["stat"] == stat for rule in state["turn"].get("cost_rules", [])):
        found = None
    else:
        for src, ab in number_statics(state) or () if stat in NUMBERS else active_abilities(state, "static"):
            mod = ab.get("modify")
            if not mod or mod.get("stat") != stat:
                continue
            who = mod.get("who", {"self": True})
            if not isinstance(who, dict) or "player" in who or "choose" in who:
                continue
            if not who.get("self"):
                found = None
                break
            found.add(src)
    scope[1][slot] = found
    return found


def play_cost(state: dict, iid: str) -> int:
    return number(state, iid, "cost")


def contribution(state: dict, iid: str) -> int:
    """Skills an assigned character contributes to the current mission."""
    sk = F.mission_skill(state)
    return skill(state, iid, sk) or 0 if sk else 0


def total_skills(state: dict) -> int:
    return sum(contribution(state, i) for i in S.at_mission(state)
               if S.is_character(state, i) and state["cards"][i]["state"] == "assigned")


def difficulty(state: dict) -> int:
    """Mission difficulty + obstacles' and the adversary's rating in the mission's skill +
    1 per complication (each with its modifiers); clamped at 0."""
    cur = S.current_mission(state)
    if cur is None:
        return 0
    sk = F.mission_skill(state)
    d = S.card_def(state, cur)
    total = (d.get("skills") or {}).get(sk, 0) if not state["mission"].get("skill_override") else next(iter((d.get("skills") or {}).values()), 0)
    fixed = set_difficulty(state, cur)
    if fixed is not None:  # "this mission's difficulty is equal to …"
        total = fixed
    total += sum(a for _, a in _static_mods(state, cur, ("difficulty",)))
    total += sum(state["mission"].get("difficulty_mods", []))
    for i in S.at_mission(state):
        c = state["cards"][i]
        if c.get("face_down"):
            # a complication adds 1, changed by "complications get difficulty +1" (Camulus,
            # Prevent Theft); its own number is never below 0
            total += max(0, 1 + sum(a for _, a in _static_mods(state, i, ("difficulty",))))
        elif S.ctype(state, i) == "obstacle" or (S.ctype(state, i) == "adversary" and c["state"] == "assigned"):
            r = skill(state, i, sk)
            fixed = set_difficulty(state, i)
            r = fixed if fixed is not None else r  # "this obstacle's difficulty is equal to …"
            # each card's own number is never below 0 (glossary "negative numbers"): an
            # obstacle taken below 0 adds nothing, it does not lower the mission
            total += max(0, (r or 0) + sum(a for _, a in _static_mods(state, i, ("difficulty",))))
    return max(0, total)


def set_difficulty(state: dict, iid: str) -> int | None:
    """"This obstacle's (adversary's, mission's) difficulty is equal to …": a static
    ``modify`` with ``set`` on the card itself replaces its printed rating (other modifiers
    still apply); ``None`` when no such text is active."""
    key = (id(state), iid, "set_difficulty")
    if key in _IN_PROGRESS:
        return None
    for src, ab in _statics_modifying(state, ("difficulty",)):
        mod = ab["modify"]
        if src != iid or "set" not in mod:
            continue
        if mod.get("who", {"self": True}) != {"self": True}:
            raise ValueError("modify.set is implemented for a card's own difficulty only")
        ctx = ctx_for(state, src)
        _IN_PROGRESS.add(key)
        try:
            if "while" in ab and not F.condition(state, ab["while"], ctx):
                continue
            return F.amount(state, mod["set"], ctx)
        finally:
            _IN_PROGRESS.discard(key)
    return None


def complication_cost(state: dict, seat: int | None = None) -> int:
    """What ``seat`` (default: the villain, the only player who plays complications) pays
    to play a complication: 1 + one per complication already at the current mission, changed
    by "complications cost (you) power ±N to play" — static text (Tanith, Brainwashed
    Teal'c, Grell, Garshaw, Pandemic Containment) and effects for a while (M9 Pistol);
    clamped at 0 (glossary "negative numbers"). Any card can be a complication and it is
    played face down, so the number is the same for every card in the hand."""
    seat = S.villain(state) if seat is None else seat
    note_read(state, ("cost",), None, "complication", "hand")
    base = 1 + sum(1 for i in S.at_mission(state) if state["cards"][i].get("face_down"))
    mods = _modifiers(state, ("cost",), lambda who, ctx: _names_complications_of(state, seat, who, ctx), each=[])
    return max(0, base + sum(a for _, a in mods))


# what a filter may ask of the complication being played (a face-down card: only that it is
# a complication and whose it is); any other key raises
COMPLICATION_FILTER_KEYS = {"type", "side"}


def _names_complications_of(state: dict, seat: int, who: dict, ctx: dict) -> bool:
    """Does ``who`` name the complications ``seat`` plays? "Complications cost you power -1
    to play" (Tanith: ``side: you``) are those her controller plays."""
    kinds = who.get("type") if isinstance(who.get("type"), list) else [who.get("type")]
    if "complication" not in kinds:
        return False
    if set(who) - COMPLICATION_FILTER_KEYS:
        raise ValueError(f"a complication's cost is read with {sorted(COMPLICATION_FILTER_KEYS)} only, not {sorted(who)}")
    side = who.get("side", "any")
    return side == "any" or (seat == ctx["controller"]) == (side == "you")


def mission_play_cost(state: dict) -> int:
    """What the hero pays to play another mission at Deciding to Continue: 1 per mission
    failed this turn, changed by "playing a mission costs power +1" (Restore Symbiotic
    Balance, a cost rule read against the mission he would play); clamped at 0."""
    seat = state["seats"][S.hero(state)]
    base = len(seat["failed"])
    if not seat["mission_pile"]:
        return base
    top = seat["mission_pile"][0]
    return max(0, base + sum(a for _, a in _static_mods(state, top, ("cost",))))


def glyph_count(state: dict, seat: int) -> int:
    """Glyphs beneath the player's characters, those assigned to the mission included."""
    cards = state["cards"]
    return sum(len(cards[i]["glyphs"]) for i in S.in_play(state, seat) if cards[i]["glyphs"] and S.is_character(state, i))


def experience(state: dict, seat: int) -> int:
    """Experience on the glyphs beneath your characters and on your other cards (rulebook,
    Winning the Game): a character's own experience counts with his glyphs' ("George Hammond
    gets experience +1 for each different glyph beneath him", Tolinev)."""
    # assigned characters too: they are at the mission; a character taken as another
    # player's adversary is nobody's character
    mine = [i for i in S.in_play(state, seat) if not state["cards"][i].get("became")]
    held = sum(S.card_def(state, g).get("experience") or 0 for i in mine for g in state["cards"][i]["glyphs"])
    return max(0, held + sum_numbers(state, mine, "experience") + player_bonus(state, seat, "experience"))


def player_bonus(state: dict, seat: int, stat: str, *, ship_battle_total: bool = False) -> int:
    """Static modifiers of a player's number (``who: {"player": "you"|"opponent"}``): "you get
    1 experience" (Sagan Institute Box, Alpha Site Facility), "your ship battle total gets
    firepower +1" (HUD Headset, ``ship_battle_total``)."""
    note_read(state, (stat,), None, "player", "ship_battle_total" if ship_battle_total else "")
    total = 0
    for src, ab in _statics_modifying(state, (stat,)):
        mod = ab["modify"]
        who = mod.get("who")
        if not isinstance(who, dict) or "player" not in who:
            continue
        if bool(who.get("ship_battle_total")) != ship_battle_total:
            continue
        ctx = ctx_for(state, src)
        target = ctx["controller"] if who["player"] == "you" else S.opponent(state, ctx["controller"])
        if target != seat or ("while" in ab and not F.condition(state, ab["while"], ctx)):
            continue
        total += F.amount(state, mod.get("amount", 0), ctx)
    return total


def victory_total(state: dict, seat: int) -> int:
    """The point values of the team characters of the player this seat's total comes from
    (promotion tokens move it during the game)."""
    src = state["seats"][seat]["victory_from"]
    return sum_numbers(state, state["seats"][src]["team"], "point_value")


def score_pile_cost(state: dict, seat: int) -> int:
    """The total cost of the cards in a villain score pile (a way to win), each card's cost
    as other cards change it ("Each Goa'uld card in your villain score pile gets cost +1",
    Goa'uld Ha'tak)."""
    return sum_numbers(state, state["seats"][seat]["score_pile"], "cost")
