"""Numbers the rules compute: attributes, skills, mission requirements, staffing, range.

Printed value + static modifiers of unstopped cards in play (``static`` abilities, and the
``damage`` abilities of damage cards on a ship) + temporary modifiers (``state["mods"]``).
Glossary "Modifiers": a modified value below zero counts as zero.
"""
from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Iterator

from . import state as S
from .effects import extra as X
from .effects import filters as F
from .effects import gathering as GA

NUMERIC = ("integrity", "cunning", "strength", "range", "weapons", "shields", "cost", "points", "span")
_NUMERIC_SET = frozenset(NUMERIC)


class _PerThread(threading.local):
    """Per-thread scratch (the service may fold matches on several threads): statics whose
    own conditions are being evaluated (no self-reference loops), the cache of a state
    being read without changes ([state, sources, memo, index]: ``_scope_index``), and the
    reads being traced."""

    def __init__(self) -> None:
        self.evaluating: set = set()
        self.frozen: list = []
        self.trace: set | None = None


_TL = _PerThread()


@contextmanager
def tracing_reads() -> Iterator[set]:
    """Within this block, record what each number read consults: ``(stat, kind, zone)`` —
    ``stat`` a NUMERIC name or ``"skill"`` for any skill, ``kind`` the card's type, ``zone``
    where it is. The reader guard (tests/rules/startrek2e/test_stat_readers.py) plays the
    rules under it and fails when an authored card changes a number in a context no rule
    reads: the list of readers comes from the code that reads (every number goes through
    :func:`value`), not from a hand-kept table."""
    outer = _TL.trace
    _TL.trace = found = set()
    try:
        yield found
    finally:
        _TL.trace = outer


def _note_read(state: dict, iid: str, stat: str) -> None:
    _TL.trace.add((stat if stat in NUMERIC else "skill", S.ctype(state, iid), state["cards"][iid]["zone"]))


class frozen:
    """``with frozen(state):`` caches the static abilities in play while nothing changes."""

    def __init__(self, state: dict) -> None:
        self.state = state

    def __enter__(self):
        if not _TL.frozen:
            self.reading = S.only_read(self.state)  # the cards in play, listed once
            self.reading.__enter__()
            X._LISTED.scope = [self.state, None, None]  # blankers and skill costs, listed once
            _TL.frozen[:] = [self.state, _compute_sources(self.state), {}, None]
            self.owner = True
        else:
            self.owner = False
        return self

    def __exit__(self, *exc):
        if self.owner:
            _TL.frozen.clear()
            X._LISTED.scope = None
            self.reading.__exit__(None, None, None)


def _scope_for(state: dict) -> list | None:
    """The ``frozen`` scope's cache for ``state``, or ``None`` to read the plain way: also
    while a blanking or a skill price is being decided (``extra._BLANKING``): the plain reads
    then list the statics afresh with no card blanked and no price due, which the scope's
    lists and memo (made with them) do not answer — a skill read inside such a check was
    memoised unpriced and later shown unpriced (test_maintained_values.py, doctored states)."""
    frozen = _TL.frozen
    if frozen and frozen[0] is state and not getattr(X._BLANKING, "on", False):
        return frozen
    return None


def _static_sources(state: dict) -> list:
    frozen = _scope_for(state)
    if frozen is not None:
        return frozen[1]
    return _compute_sources(state)


def _compute_sources(state: dict) -> dict:
    """Static abilities of unstopped cards in play, grouped by the stat they modify
    (``__keywords__``: those that give or take keywords), and of dilemmas placed on a
    mission ("Place this dilemma on this mission. Each personnel on this planet … is
    attributes -1": its text works while it lies there)."""
    out: dict = {}
    blk = X.blankers(state)
    on_missions = [d for m in S.all_missions(state) for d in state["cards"][m].get("on", ())]
    for iid in S.in_play_having(state, "static", S.cards_in_play(state) + on_missions):
        if state["cards"][iid].get("stopped"):  # Stopped: no text of a stopped card works
            continue
        if blk and X.blanked(state, iid, blk):  # "cannot use his or her abilities"
            continue
        for ab in S.abilities(state, iid, "static"):
            key = "__keywords__" if "keywords" in ab else ab["modify"].get("stat")
            out.setdefault(key, []).append((iid, ab, F.ctx_for(state, iid)))
    costs = X.skills_costs(state)
    if costs:  # skills at a price (item 26); the key is no stat name
        out["__skills_cost__"] = costs
    return out


def _priced(state: dict, iid: str, stat: str, v: int) -> int:
    """A skill whose use has an unpaid price counts as zero."""
    if v and stat not in NUMERIC:
        costs = _static_sources(state).get("__skills_cost__")
        if costs and X.skill_blocked(state, iid, stat, costs):
            return 0
    return v


_SELF = {"self": True}


def _static_change(state: dict, iid: str, src: str, ab: dict, ctx: dict, evaluating: set) -> int:
    """What one static ``modify`` of ``src`` adds to a number of ``iid``: 0 unless it names the
    card and its ``while`` holds. ``src`` is marked as being evaluated meanwhile, so a static
    whose condition reads numbers does not count itself. Shared by the plain reads
    (:func:`modifier_total`) and the read-only scope's (:func:`_frozen_value`)."""
    m = ab["modify"]
    who = m.get("who", _SELF)
    # the two keys that name the card by where it is, decided first: ``matches`` would
    # answer False at that key whatever the others say (they only read), and most
    # statics are "this card" or "each personnel present" (one read per card in play)
    if "self" in who and (iid == src) != bool(who["self"]):
        return 0
    if who.get("present") is True and (iid == src or not S.present(state, iid, src)):
        return 0
    evaluating.add(src)
    try:
        if F.matches(state, iid, who, ctx) and ("while" not in ab or F.condition(state, ab["while"], ctx)):
            return F.amount(state, m["amount"], ctx)
        return 0
    finally:
        evaluating.discard(src)


def modifier_total(state: dict, iid: str, stat: str) -> int:
    total = 0
    frozen = _scope_for(state)
    if frozen is not None:
        entries = _statics_for(state, frozen, iid, stat)
    else:
        entries = _static_sources(state).get(stat, ())
    evaluating = _TL.evaluating
    for src, ab, ctx in entries:
        if src not in evaluating:
            total += _static_change(state, iid, src, ab, ctx, evaluating)
    c = state["cards"][iid]
    for dmg in c.get("damage", ()):
        for ab in S.abilities(state, dmg, "damage"):
            m = ab.get("modify") or {}  # a damage text may act instead (a trigger: MISSING.md item 31)
            if m.get("stat") == stat and isinstance(m["amount"], int):
                total += m["amount"]
    own = _scope_index(frozen)["mods"].get(iid, ()) if frozen is not None else state["mods"]
    for mod in own:
        if mod["card"] == iid and mod["stat"] == stat:
            total += mod["amount"]
    return total


def printed(state: dict, iid: str, stat: str) -> int:
    d = S.card_def(state, iid)
    if stat in NUMERIC:
        return int(d.get(stat) or 0)
    return int((d.get("skills") or {}).get(stat, 0))


def value(state: dict, iid: str, stat: str) -> int:
    """An attribute, ship stat, cost, points or skill level of a card, never below zero.

    Inside ``frozen(state)`` each number is read once (the memo); a number no static in play
    modifies — most skills, and every number while no skill has a price — is the same
    whichever statics are being evaluated meanwhile (they are skipped only from the loop
    over the statics of ``stat``, which is empty), so it is memoised there too: a filter
    like "your personnel with Treachery" read it again for every static and every card."""
    if _TL.trace is not None:
        _note_read(state, iid, stat)
    frozen = _scope_for(state)
    if frozen is not None:
        memo = frozen[2]
        key = (iid, stat)
        v = memo.get(key)
        if v is not None and (not _TL.evaluating or _unmodified(frozen, stat)):
            return v
        if not _TL.evaluating:
            v = memo[key] = _frozen_value(state, frozen, iid, stat)
            return v
        if _unmodified(frozen, stat):
            v = memo[key] = _frozen_value(state, frozen, iid, stat)
            return v
    return _priced(state, iid, stat, max(0, printed(state, iid, stat) + modifier_total(state, iid, stat)))


def _unmodified(frozen: list, stat: str) -> bool:
    """No static in play modifies ``stat`` and no skill has a price (``_priced`` is then
    the number itself, whatever ``extra._BLANKING`` says)."""
    sources = frozen[1]
    return stat not in sources and "__skills_cost__" not in sources


def _scope_index(frozen: list) -> dict:
    """What ``frozen``'s reads ask of every card, made once per scope: the temporary
    modifiers by card (``state["mods"]`` was scanned whole for each number read) and the
    skills statics in play modify (every personnel's skills list names them)."""
    index = frozen[3]
    if index is None:
        state, sources = frozen[0], frozen[1]
        mods: dict = {}
        for m in state["mods"]:
            mods.setdefault(m["card"], []).append(m)
        index = frozen[3] = {"mods": mods, "by_stat": {}, "cards": {}, "reach": None, "reach_of": {},
                             "skills": {st for st in sources if st and st not in NUMERIC and st[:1].isupper()}}
    return index


def _statics_for(state: dict, frozen: list, iid: str, stat: str) -> list:
    """The statics of ``stat`` that may modify ``iid``, in a read-only scope: of those whose
    ``who`` is "this card" only the card's own, of those "present" only the ones at the
    card's location (``modifier_total`` skips every other at those keys, so the sum is the
    same); the statics of each stat are sorted so once per scope."""
    own, here, rest = _split_statics(state, frozen, stat)
    if not own and not here:
        return rest
    loc = S.location(state, iid) if here else None
    return [*own.get(iid, ()), *(here.get(tuple(loc), ()) if loc is not None else ()), *rest]


def _split_statics(state: dict, frozen: list, stat: str) -> tuple[dict, dict, list]:
    """The statics of ``stat`` in a read-only scope as ``(by their own card, by the location
    of the cards present with them, the rest)``, made once per stat (``_statics_for``)."""
    by_stat = _scope_index(frozen)["by_stat"]
    split = by_stat.get(stat)
    if split is None:
        own: dict = {}
        here: dict = {}
        rest: list = []
        for entry in frozen[1].get(stat, ()):
            src, ab = entry[0], entry[1]
            who = ab["modify"].get("who", _SELF)
            if who.get("self") is True:
                own.setdefault(src, []).append(entry)
            elif who.get("present") is True:
                loc = S.location(state, src)
                if loc is not None:  # present with nothing
                    here.setdefault(tuple(loc), []).append(entry)
            else:
                rest.append(entry)
        split = by_stat[stat] = (own, here, rest)
    return split


def _card_facts(state: dict, frozen: list, iid: str) -> tuple:
    """What every number of ``iid`` read in a read-only scope needs, gathered once per card:
    its definition, where it is (for "present" statics) and the sum, by stat, of its damage
    texts and temporary modifiers (``modifier_total``'s last two loops)."""
    index = _scope_index(frozen)
    facts = index["cards"].get(iid)
    if facts is None:
        c = state["cards"][iid]
        extra: dict = {}
        for dmg in c.get("damage", ()):
            for ab in S.abilities(state, dmg, "damage"):
                m = ab.get("modify") or {}
                if m.get("stat") is not None and isinstance(m.get("amount"), int):
                    extra[m["stat"]] = extra.get(m["stat"], 0) + m["amount"]
        for mod in index["mods"].get(iid, ()):
            extra[mod["stat"]] = extra.get(mod["stat"], 0) + mod["amount"]
        loc = S.location(state, iid)
        facts = index["cards"][iid] = (S.card_def(state, iid), tuple(loc) if loc is not None else None, extra)
    return facts


def _card_reach(state: dict, frozen: list, iid: str) -> tuple:
    """:func:`_card_facts` and the stats some static in play may change on the card
    (:func:`_touching`), once per card per scope: a view asks both for its numbers and
    for its skills (a fold's reads, of a mission's span, need no reach)."""
    index = _scope_index(frozen)
    found = index["reach_of"].get(iid)
    if found is None:
        d, loc, extra = _card_facts(state, frozen, iid)
        found = index["reach_of"][iid] = (d, loc, extra, _touching(state, frozen, iid, loc))
    return found


def _frozen_value(state: dict, frozen: list, iid: str, stat: str) -> int:
    """:func:`value` computed in a read-only scope: printed + the statics that may reach the
    card (``_statics_for``'s split) + its damage and temporary modifiers (``_card_facts``),
    never below zero, a priced skill zero — ``value``'s very sum, with what does not change
    in the scope looked up instead of re-derived."""
    d, loc, extra = _card_facts(state, frozen, iid)
    numeric = stat in NUMERIC
    total = int(d.get(stat) or 0) if numeric else int((d.get("skills") or {}).get(stat, 0))
    if extra:
        total += extra.get(stat, 0)
    own, here, rest = _split_statics(state, frozen, stat)
    if own or here or rest:
        evaluating = _TL.evaluating
        for group in (own.get(iid, ()) if own else (), here.get(loc, ()) if here and loc is not None else (), rest):
            for src, ab, ctx in group:
                if src not in evaluating:
                    total += _static_change(state, iid, src, ab, ctx, evaluating)
    v = total if total > 0 else 0
    if v and not numeric:
        costs = frozen[1].get("__skills_cost__")
        if costs and X.skill_blocked(state, iid, stat, costs):
            return 0
    return v


def skills(state: dict, iid: str) -> dict:
    """Skill levels of a personnel (printed, gained and lost), zero levels dropped."""
    frozen = _scope_for(state)
    if frozen is not None and _TL.trace is None:
        return _frozen_skills(state, frozen, iid)
    names = set((S.card_def(state, iid).get("skills") or {}))
    for st in _static_sources(state):
        if st and st not in NUMERIC and st[:1].isupper():
            names.add(st)
    for dmg in state["cards"][iid].get("damage", ()):
        for ab in S.abilities(state, dmg, "damage"):
            names.add((ab.get("modify") or {}).get("stat"))
    names.discard(None)
    names |= {m["stat"] for m in state["mods"] if m["card"] == iid and m["stat"] not in NUMERIC}
    out = {}
    for n in sorted(names):
        v = value(state, iid, n)
        if v > 0:
            out[n] = v
    return out


def _frozen_skills(state: dict, frozen: list, iid: str) -> dict:
    """:func:`skills` inside ``frozen(state)``: the same names, in the same order, each what
    :func:`value` gives; a skill no static in play may reach on this card (``_touching``)
    is its printed level plus its damage and temporary modifiers, which is what ``value``
    would sum (its static loops are empty), without the call."""
    index = _scope_index(frozen)
    d, loc, extra, touched = _card_reach(state, frozen, iid)
    printed_skills = d.get("skills") or {}
    damaged = state["cards"][iid].get("damage", ())
    priced = "__skills_cost__" in frozen[1]
    if not priced and not extra and not damaged and iid not in index["mods"] and _NUMERIC_SET.isdisjoint(printed_skills) \
            and (not touched or (touched.isdisjoint(printed_skills) and touched.isdisjoint(index["skills"]))):
        # the common case: nothing changes any of its skills, each is its printed level (the
        # names statics in play give are zero here, and a temporary modifier would be in
        # ``extra``): the definition's own positive skills, sorted, made once per definition
        return dict(_printed_skills(state, iid, d))
    names = set(printed_skills) | index["skills"]
    for dmg in damaged:
        for ab in S.abilities(state, dmg, "damage"):
            names.add((ab.get("modify") or {}).get("stat"))
    names.discard(None)
    names |= {m["stat"] for m in index["mods"].get(iid, ()) if m["stat"] not in NUMERIC}
    if priced:  # a skill may count as zero: read each the full way
        touched = None
    elif not extra and touched.isdisjoint(names) and _NUMERIC_SET.isdisjoint(printed_skills):
        return {n: v for n in sorted(names) if (v := int(printed_skills.get(n, 0))) > 0}
    out = {}
    for n in sorted(names):
        if touched is None or n in touched or n in NUMERIC:
            v = value(state, iid, n)
        else:
            v = int(printed_skills.get(n, 0)) + (extra.get(n, 0) if extra else 0)
        if v > 0:
            out[n] = v
    return out


_PRINTED_SKILLS: dict = {}  # GUID of the card database -> its positive printed skills, sorted


def _printed_skills(state: dict, iid: str, d: dict) -> dict:
    """``{skill: level}`` of definition ``d`` (card ``iid``'s), levels above zero, sorted by
    name (what :func:`skills` answers when nothing changes them): made once per database
    GUID (card data is immutable), each time for a card the state carries itself."""
    guid = state["cards"][iid]["guid"]
    local = state["extra_cards"]
    if local and guid in local:
        found = None
    else:
        found = _PRINTED_SKILLS.get(guid)
    if found is None:
        skills_ = d.get("skills") or {}
        found = {n: v for n in sorted(skills_) if (v := int(skills_.get(n, 0))) > 0}
        if not (local and guid in local):
            _PRINTED_SKILLS[guid] = found
    return found


def numbers(state: dict, iid: str, stats: tuple[str, ...]) -> dict[str, int]:
    """``{stat: value(state, iid, stat)}`` for ``stats`` (attributes, ship numbers: what a
    view shows of a card in play); inside ``frozen(state)`` a number no static in play may
    reach on this card is its printed value plus its damage and temporary modifiers, read
    without the walk."""
    frozen = _scope_for(state)
    if frozen is None or _TL.trace is not None or _TL.evaluating:
        return {a: value(state, iid, a) for a in stats}
    d, loc, extra, touched = _card_reach(state, frozen, iid)
    out = {}
    for a in stats:
        if a in touched or a not in NUMERIC:
            out[a] = value(state, iid, a)
        else:
            v = int(d.get(a) or 0) + (extra.get(a, 0) if extra else 0)
            out[a] = v if v > 0 else 0
    return out


def _touching(state: dict, frozen: list, iid: str, loc: tuple | None) -> set:
    """The stats some static in play may change on ``iid`` (at ``loc``): those of statics
    that are neither "this card" nor "present" (any card), of "present" statics at its
    location, and of its own "this card" statics — ``_frozen_value`` loops over no other."""
    index = _scope_index(frozen)
    reach = index["reach"]
    if reach is None:
        anywhere: set = set()
        at: dict = {}
        own: dict = {}
        for stat in frozen[1]:
            if stat is None or stat.startswith("__"):
                continue
            by_card, by_loc, rest = _split_statics(state, frozen, stat)
            if rest:
                anywhere.add(stat)
            for where in by_loc:
                at.setdefault(where, set()).add(stat)
            for src in by_card:
                own.setdefault(src, set()).add(stat)
        reach = index["reach"] = (anywhere, at, own)
    anywhere, at, own = reach
    if iid in own:
        return anywhere | at.get(loc, set()) | own[iid]
    if loc is None or loc not in at:
        return anywhere
    return anywhere | at[loc]


def meets(state: dict, group: list, req: dict, ctx: dict | None = None, check: str | None = None) -> bool:
    """Rulebook "Checking Mission Requirements": skill levels add across the group; each
    attribute total must be *higher than* the number. ``any_of`` = alternatives; ``cards``
    counts cards (e.g. a Hand Weapon) with the group. ``check`` (``"mission"`` or
    ``"dilemma"``) says the group is meeting a requirement it wants to meet, so "you may meet
    Cunning requirements using Strength instead" texts apply (``meet_with``)."""
    if not req:
        return True
    if "any_of" in req:
        return any(meets(state, group, alt, ctx, check) for alt in req["any_of"])
    if "cards" in req:
        if not group:
            return False
        locs = {tuple(S.location(state, i) or ()) for i in group}
        pool = {c for loc in locs if loc for c in S.cards_at(state, list(loc))}
        fctx = ctx or F.ctx_for(state, group[0])
        if sum(1 for c in pool if F.matches(state, c, req["cards"]["filter"], fctx)) < req["cards"].get("min", 1):
            return False
    totals: dict = {}
    unusable = cant_use_skills(state, group, check)
    muted = muted_skills(state)
    for iid in group:
        if iid in unusable:  # "cannot use his or her skills to meet …" (Sluggo, Psychic Receptacle)
            continue
        for sk, lvl in skills(state, iid).items():
            if sk in muted and state["cards"][iid].get("commander") == state["attempt"]["seat"]:
                continue  # "he or she cannot use those skills" (Harsh Conditions)
            totals[sk] = totals.get(sk, 0) + lvl
    for sk, need in (req.get("skills") or {}).items():
        if totals.get(sk, 0) < need:
            return False
    instead = {}
    if check and req.get("attributes"):
        instead = substitutes(state, group, check)
    for attr, minimum in (req.get("attributes") or {}).items():
        total = max(_group_total(state, group, a) for a in [attr] + instead.get(attr, []))
        if total <= minimum:
            return False
    sums = req.get("attribute_sum")  # "Shields + unused Range this turn>13" (Graviton Ellipse)
    if sums and sum(_group_total(state, group, a) for a in sums["stats"]) < sums.get("min", 0):
        return False
    return True


def muted_skills(state: dict) -> set:
    """The skills the attempting player's personnel cannot use now: while a dilemma is faced, those named on a
    dilemma lying on the mission being attempted (``mute_skills``: Harsh Conditions)."""
    a = state.get("attempt")
    if not a or a.get("current") is None:
        return set()
    out: set = set()
    for d in state["cards"][a["mission"]]["on"]:
        out.update(state["cards"][d].get("muted_skills") or ())
    return out


def cant_use_skills(state: dict, group: list, check: str | None) -> set:
    """The personnel of ``group`` whose skills do not count toward a requirement: while a
    dilemma is faced, those a dilemma made unable to use their skills until the attempt ends
    (``blank_skills``: Psychic Receptacle, kept in the attempt); at a mission's requirements
    (``check == "mission"``), those a ``cant_use_skills`` keyword names (Sluggo: "That personnel
    cannot use his or her skills to meet mission requirements"). Attributes still count."""
    out: set = set()
    a = state.get("attempt")
    if a and a.get("skills_blanked") and a.get("current") is not None:
        out.update(i for i in group if S.title(state, i) in a["skills_blanked"])
    if check == "mission":
        out.update(i for i in group if X.skills_unusable(state, i, "mission"))
    return out


def skill_users(state: dict, group: list, req: dict, ctx: dict | None = None, check: str | None = None) -> dict:
    """Who used which skills to meet ``req`` (RULES.md "Using skills to meet requirements"):
    ``{personnel: [skills]}``, in the group's order — every personnel of the group whose skill
    counts toward a skill the requirement names (his levels are part of the total the rulebook
    adds across the group). Of alternatives (``any_of``) the first the group meets is the one met.
    An attribute-only requirement uses no skill. ``{}`` when the group does not meet it."""
    if not req or not meets(state, group, req, ctx, check):
        return {}
    if "any_of" in req:
        alt = next(r for r in req["any_of"] if meets(state, group, r, ctx, check))
        return skill_users(state, group, alt, ctx, check)
    names = set(req.get("skills") or {})
    if not names:
        return {}
    unusable = cant_use_skills(state, group, check)
    muted = muted_skills(state)
    out: dict = {}
    for iid in group:
        used = sorted(n for n, lvl in skills(state, iid).items() if n in names and lvl > 0 and not (
            n in muted and state["cards"][iid].get("commander") == state["attempt"]["seat"])) if iid not in unusable else []
        if used:
            out[iid] = used
    return out


def _group_total(state: dict, group: list, attr: str) -> int:
    """An attribute total of the group; a ship's number (Range, Weapons, Shields, Range
    left this turn) is that of the ship(s) the group is aboard."""
    if attr in ("range", "weapons", "shields", "range_left"):
        ships = sorted({state["cards"][i]["in"] for i in group if state["cards"][i]["zone"] == "aboard"})
        if attr == "range_left":
            return sum(range_left(state, s) for s in ships)
        return sum(value(state, s, attr) for s in ships)
    return sum(value(state, i, attr) for i in group)


def mission_requirements(state: dict, m: str) -> dict:
    """The printed requirements of a mission as one REQ (alternatives in ``any_of``)."""
    reqs = S.card_def(state, m).get("requirements") or []
    if not reqs:
        return {}
    return reqs[0] if len(reqs) == 1 else {"any_of": list(reqs)}


def icons(state: dict, iid: str) -> list:
    return list(S.card_def(state, iid).get("icons") or [])


def affiliations(state: dict, iid: str) -> list:
    return list(S.card_def(state, iid).get("affiliations") or [])


def staffed(state: dict, ship: str) -> bool:
    """Rulebook "Staffing a Ship": each staffing icon from a different unstopped personnel
    aboard (Command may stand in for Staff, not vice versa), and one unstopped personnel of
    the ship's affiliation aboard. (One pass over the crew, each card's definition read once:
    every view asks it of every ship in play.)"""
    cards = state["cards"]
    boss = S.commander(state, ship)
    crew = []  # the definitions of the personnel who staff it: only its commander's
    n_cmd = n_staff = 0
    for i in cards[ship]["aboard"]:
        d = S.card_def(state, i)
        if d["type"] != "personnel" or cards[i]["stopped"] or S.commander(state, i) != boss \
                or F.has_keyword_ability(state, i, "cant_staff"):
            continue
        crew.append(d)
        marks = d.get("icons") or ()
        if "command" in marks:
            n_cmd += 1
        elif "staff" in marks:
            n_staff += 1
    ship_def = S.card_def(state, ship)
    need = list(ship_def.get("staffing") or [])
    need_cmd = need.count("command")
    need_staff = len(need) - need_cmd
    if need_cmd > n_cmd or need_cmd + need_staff > n_cmd + n_staff:
        return False
    ship_aff = set(ship_def.get("affiliations") or [])
    return not ship_aff or any(ship_aff & set(d.get("affiliations") or []) for d in crew)


def range_needed(state: dict, a: str, b: str, ship: str | None = None) -> int:
    """Rulebook "Using Range" and glossary "Moving a ship": span + span, +2 across
    quadrants, −2 within one region; then the moving ``ship``'s own keyword
    ``move_range_change`` ("When this ship is about to move between a Region: Badlands mission
    and a non-Region: Badlands mission, subtract 1 from the Range required": Xhosa)."""
    da, db = S.card_def(state, a), S.card_def(state, b)
    total = value(state, a, "span") + value(state, b, "span")
    if (da.get("quadrant") or "alpha") != (db.get("quadrant") or "alpha") and not _no_quadrant_penalty(state, a, b, ship):
        total += 2
    if da.get("region") and da.get("region") == db.get("region"):
        total -= 2
    if ship is not None:
        for ab in S.keyword_abilities(state, ship, "move_range_change"):
            ctx = F.ctx_for(state, ship)
            who = ab.get("who") or {}
            if F.matches(state, a, who, ctx) != F.matches(state, b, who, ctx):
                total += ab.get("count", -1)
    return max(0, total)


def _no_quadrant_penalty(state: dict, a: str, b: str, ship: str | None = None) -> bool:
    """Keyword ``no_quadrant_penalty`` of either mission, its ``who`` matching the other:
    "When any player is about to move a ship between this mission and a [GQ] mission, do not
    add 2 to the span total" (Deep Space 9 — RULES.md "Span between quadrants"); or of the
    moving ``ship``, its ``between`` two FILTERs matching the two missions, either way round:
    "When this ship is about to move between an [AQ] mission and a [DQ] mission, do not add 2
    to the span total of those missions" (Sphere 634)."""
    if ship is not None:
        for ab in S.keyword_abilities(state, ship, "no_quadrant_penalty"):
            if "between" not in ab:
                continue
            fa, fb = ab["between"]
            ctx = F.ctx_for(state, ship)
            if any(F.matches(state, x, fa, ctx) and F.matches(state, y, fb, ctx) for x, y in ((a, b), (b, a))):
                return True
    for here, there in ((a, b), (b, a)):
        for ab in S.keyword_abilities(state, here, "no_quadrant_penalty"):
            if F.matches(state, there, ab.get("who") or {}, F.ctx_for(state, here)):
                return True
    return False


def range_left(state: dict, ship: str) -> int:
    return max(0, value(state, ship, "range") - state["cards"][ship].get("range_used", 0))


def hq_allows(state: dict, hq: str, iid: str) -> bool:
    """Playing Specific Kinds of Cards: a headquarters lets you play personnel and ships of
    the affiliations its text names (``headquarters`` ability; without one, the mission's
    printed affiliation icons — RULES.md), and every headquarters allows equipment."""
    d = S.card_def(state, iid)
    if d["type"] == "equipment":
        return True
    for ab in S.abilities(state, iid, "play_at"):  # the card's own permission: "at your [HQ] {Mouth of the Wormhole}"
        if F.matches(state, hq, ab["mission"], F.ctx_for(state, iid)):
            return True
    allows = [f for ab in S.abilities(state, hq, "headquarters") for f in ab.get("allow") or []]
    if allows:
        ctx = F.ctx_for(state, hq)
        if any(F.matches(state, iid, f, ctx) for f in allows):
            return True
    allowed = set(hq_affiliations(state, hq))
    also = set()
    for ab in S.abilities(state, hq, "headquarters"):
        also |= set(ab.get("also") or [])
    if d.get("title") in also or set(d.get("keywords") or []) & also:
        return True
    return bool(allowed & set(d.get("affiliations") or []))


def hq_affiliations(state: dict, hq: str) -> list:
    out = []
    abs_ = S.abilities(state, hq, "headquarters")
    for ab in abs_:
        out += ab.get("affiliations") or []
    if abs_:
        return out
    d = S.card_def(state, hq)
    return list(d.get("affiliations") or d.get("attempt_affiliations") or [])


def keyword_sources(state: dict) -> list:
    """The ``static`` abilities that give or take keywords (``extra.keywords`` reads them)."""
    return _static_sources(state).get("__keywords__", [])


def substitutes(state: dict, group: list, check: str) -> dict:
    """``{attribute: [attributes that may stand in for it]}`` for ``group`` meeting a
    ``check`` ("mission" or "dilemma") requirement: the ``meet_with`` abilities of the
    unstopped, unblanked cards the group's commander commands whose ``checks`` name it and
    whose ``while`` holds (moved here from effects/requirements.py: :func:`meets` reads it)."""
    if not group:
        return {}
    seat = S.commander(state, group[0])
    # "meet … requirements of that dilemma using Integrity instead" (Team of Ambassadors)
    out: dict = GA.substitutes(state, seat) if check == "dilemma" else {}
    blk = X.blankers(state)
    for iid in S.cards_in_play(state):
        if S.commander(state, iid) != seat or state["cards"][iid].get("stopped"):
            continue
        abs_ = [ab for ab in S.abilities(state, iid, "meet_with") if check in ab["checks"]]
        if not abs_ or (blk and X.blanked(state, iid, blk)):
            continue
        ctx = F.ctx_for(state, iid)
        for ab in abs_:
            if "while" not in ab or F.condition(state, ab["while"], ctx):
                for a in ab["instead_of"]:
                    out.setdefault(a, []).append(ab["use"])
    return out
