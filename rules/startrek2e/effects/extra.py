"""Filter keys and conditions added for MISSING.md items 12–31 (EFFECTS.md §3, §4).

Why a module of its own: ``filters.matches`` and ``filters.condition`` are shared by every
rule module; the later constructs hook in through :func:`match_key` and
:func:`condition_key` so each stays a small, separately tested function.
"""
from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Iterator

from .. import state as S

_BLANKING = threading.local()  # per thread, like stats' scratch: a blanking check in progress

FILTER_KEYS = {"any_of", "class", "location", "region", "quadrant", "mission_type", "crew", "involved",
               "matching_mission", "with_trigger_card", "ref", "requires_skill", "aboard_trigger_ship", "aboard_attempting_ship",
               "mission_owner", "owned_by", "with_ref", "attribute_sum", "facing_dilemma",
               "with_card", "equipped_with", "present_with", "dilemma_type", "staffed", "at_trigger_mission",
               "on_planet", "matches_affiliation", "corresponds_with", "in_core", "plays_in_core", "with_count",
               "selection"}
CONDITION_KEYS = {"score", "captives", "completed", "mission", "trigger_card", "trigger_mission",
                  "trigger_by_dilemma", "trigger_random", "group", "in_engagement", "prevented",
                  "engagement_began_by", "attempt_at_this_mission", "at_least_half", "even", "trigger_by",
                  "copy_overcome"}


def _norm_class(s: str) -> str:
    """"D'deridex Class", "D'deridex-class ship" and "D'deridex" name one class."""
    s = (s or "").strip().lower()
    for tail in (" ship", "-class", " class"):
        if s.endswith(tail):
            s = s[: -len(tail)]
    return s.strip()


def mission_fact(state: dict, iid: str, fact: str):
    """A mission's own fact, or the fact of the mission a card in play is at."""
    m = iid if S.ctype(state, iid) == "mission" else S.mission_of(state, iid)
    if m is None:
        return None, False
    d = S.card_def(state, m)
    if fact == "quadrant":
        return (d.get("quadrant") or "alpha"), True
    return d.get(fact), True


def match_key(state: dict, iid: str, k: str, v, ctx: dict) -> bool:
    """One filter key of :data:`FILTER_KEYS` for card ``iid``."""
    from . import filters as F
    d = S.card_def(state, iid)
    if k == "any_of":  # "a Kai, Prylar, or Vedek", "{Engage Cloak} or a Pursuit card"
        return any(F.matches(state, iid, g, ctx) for g in v)
    if k == "class":
        return d.get("type") == "ship" and _norm_class(d.get("class")) == _norm_class(v)
    if k == "mission_type":  # "your planet mission"; a card at a mission: that mission's type
        m = iid if d.get("type") == "mission" else S.mission_of(state, iid)
        return m is not None and S.mission_type(state, m) == v
    if k in ("location", "region", "quadrant"):
        fact, ok = mission_fact(state, iid, k)
        return ok and fact is not None and str(fact).lower() == str(v).lower()
    if k == "crew":  # "your ship with your Engineer personnel aboard"
        return d.get("type") == "ship" and any(
            S.ctype(state, i) == "personnel" and F.matches(state, i, v, ctx) for i in state["cards"][iid]["aboard"])
    if k == "involved":  # in the combat/engagement the text began (ctx) or the one under way
        cb = state.get("combat") or {}
        inv = set(ctx.get("involved") or []) | set(cb.get("cards") or [])
        inv |= set((ctx.get("event") or {}).get("involved") or [])  # a "when you win …" trigger
        eng = state.get("engagement") or {}
        for s in (eng.get("attackers") or []) + (eng.get("defenders") or []):
            inv |= {s, *state["cards"][s]["aboard"]} if s in state["cards"] else set()
        return (iid in inv) == bool(v)
    if k == "ref":  # one of the remembered cards ("randomly select one of those personnel")
        return iid in (ctx.get("refs") or {}).get(v, [])
    if k == "requires_skill":  # a mission whose requirements name that skill
        return d.get("type") == "mission" and any(v in (r.get("skills") or {}) for r in d.get("requirements") or [])
    if k == "attribute_sum":  # {"stats": [...], "min"?, "max"?}: "Cunning+Strength<11" = max 10
        from .. import stats as ST
        total = sum(ST.value(state, iid, s) for s in v["stats"])
        return ("min" not in v or total >= v["min"]) and ("max" not in v or total <= v["max"])
    if k == "facing_dilemma":  # attempting while a dilemma is being faced ("is facing a dilemma")
        a = state.get("attempt")
        return bool(a and a.get("current") and iid in F.facing(state)) == bool(v)
    if k == "with_card":  # a mission (or a card at one) with a matching card at that mission:
        # "Plays on a mission, if your [Fed] Diplomacy personnel is at that mission"
        m = iid if d.get("type") == "mission" else S.mission_of(state, iid)
        return m is not None and any(i != iid and S.mission_of(state, i) == m and F.matches(state, i, v, ctx)
                                     for i in S.cards_in_play(state))
    if k == "with_count":  # a mission with at least ``min`` matching cards at it ("three [Fed] personnel at your
        # space mission": Field Studies)
        m = iid if d.get("type") == "mission" else S.mission_of(state, iid)
        return m is not None and sum(1 for i in S.cards_in_play(state) if i != iid and S.mission_of(state, i) == m
                                     and F.matches(state, i, v["filter"], ctx)) >= v.get("min", 1)
    if k == "equipped_with":  # glossary "Equipped with": present with a matching equipment it can be affected by
        loc = S.location(state, iid)
        return bool(loc) and any(S.ctype(state, e) == "equipment" and F.matches(state, e, v, ctx)
                                 and equipped_with(state, iid, e) for e in S.cards_at(state, loc))
    if k == "plays_in_core":  # an event that plays in a core, not on a card ("plays an event in his or her core")
        ok = d.get("type") == "event" and not any("play_on" in ab for ab in S.abilities(state, iid, "event"))
        return ok == bool(v)
    if k == "in_core":  # "an event in your core" (not one played on a card): The Key to Victory, We Are Back
        return (state["cards"][iid]["zone"] == "core") == bool(v)
    if k == "on_planet":  # on a planet or headquarters surface, not aboard a ship ("on this planet")
        return (state["cards"][iid]["zone"] == "pile") == bool(v)
    if k == "dilemma_type":  # "your space dilemma": the printed type (a dual dilemma is neither)
        return d.get("type") == "dilemma" and (d.get("dilemma_type") or "dual") == v
    if k == "staffed":  # "your staffed [Rom] ship"
        from .. import stats as ST
        return (d.get("type") == "ship" and S.in_play(state, iid) and ST.staffed(state, iid)) == bool(v)
    if k == "matches_affiliation":  # "a personnel or ship … that matches her ship's affiliation"
        return bool(set(d.get("affiliations") or []) & set(_ship_affiliations(state, ctx.get("source"))))
    if k == "corresponds_with":  # "a Commander that corresponds with your ship" (RULES.md "Commander")
        return any(corresponds(state, iid, j) for j in F.candidates(state, v, ctx) if j != iid)
    if k == "at_trigger_mission":  # at the mission the triggering event is about ("at that mission")
        m = (ctx.get("event") or {}).get("mission")
        return (m is not None and S.mission_of(state, iid) == m and iid != m) == bool(v)
    if k == "selection":  # eligible for the random selection about to be made (Set Up, Remata'Klan)
        ev = ctx.get("event") or {}
        return (iid in (ev.get("pool") or ())) == bool(v)
    if k == "present_with":  # present with a matching card ("an opponent's personnel present" with that one)
        loc = S.location(state, iid)
        if not loc:
            return False
        if any(j != iid and F.matches(state, j, v, ctx) for j in S.cards_at(state, loc)):
            return True
        # "… present with that Infiltrator" after he left play paying the cost (Pseudopod): where he was
        left = ctx.get("left_from") or {}
        return any(j != iid and w == loc and not S.in_play(state, j) and F.matches(state, j, v, ctx)
                   for j, w in left.items())
    if k == "with_ref":  # at the same mission as a remembered card ("at the same mission")
        refs = (ctx.get("refs") or {}).get(v, [])
        here = S.mission_of(state, iid)
        return here is not None and iid not in refs and any(S.mission_of(state, r) == here for r in refs
                                                              if r in state["cards"])
    if k == "owned_by":  # the card's owner, not its commander ("one of your personnel" in a brig)
        return F.side_has(state, state["cards"][iid]["owner"], v, ctx)
    if k == "mission_owner":  # "at an opponent's planet mission": whose row the mission is in
        m = iid if d.get("type") == "mission" else S.mission_of(state, iid)
        if m is None:
            return False
        return F.side_has(state, state["cards"][m]["owner"], v, ctx)
    if k == "aboard_attempting_ship":  # "your stopped personnel on this ship" (Don't Let It End This Way)
        ship = (state.get("attempt") or {}).get("ship")
        c = state["cards"][iid]
        return (ship is not None and c["zone"] == "aboard" and c["in"] == ship) == bool(v)
    if k == "aboard_trigger_ship":  # aboard the ship the event names ("the completing ship")
        ship = (ctx.get("event") or {}).get("ship")
        c = state["cards"][iid]
        return (ship is not None and c["zone"] == "aboard" and c["in"] == ship) == bool(v)
    if k == "with_trigger_card":  # present with the card the triggering event is about
        data = ctx.get("event") or {}
        card = data.get("card")
        ok = card is not None and card in state["cards"] and iid != card and S.present(state, iid, card)
        if not ok and card is not None and data.get("location") and not S.in_play(state, card):  # killed: where it was
            loc = S.location(state, iid)
            ok = iid != card and loc is not None and list(loc) == list(data["location"])
        return ok == bool(v)
    if k == "matching_mission":  # "at a mission that has a matching affiliation icon"
        m = S.mission_of(state, iid)
        if m is None or S.ctype(state, iid) == "mission":
            return not v
        md = S.card_def(state, m)
        icons = set(md.get("attempt_affiliations") or []) | set(md.get("affiliations") or [])
        return bool(icons & set(d.get("affiliations") or [])) == bool(v)
    return True


_KEYWORDS = threading.local()  # a keyword check in progress (its statics' filters may read keywords)


def keywords(state: dict, iid: str) -> list:
    """A card's keywords: printed, then those ``static`` texts in play give or take ("While
    a Gatherer is at this mission, he gains Geology and loses Thief" — Marouk). While these
    texts' own filters are read, printed keywords count (a keyword text cannot feed itself)."""
    kws = list(S.card_def(state, iid).get("keywords") or [])
    if getattr(_KEYWORDS, "on", False) or not S.in_play(state, iid):
        return kws
    from .. import stats as ST
    from . import filters as F
    _KEYWORDS.on = True
    try:
        for src, ab, ctx in ST.keyword_sources(state):
            k = ab["keywords"]
            if F.matches(state, iid, k.get("who") or {"self": True}, ctx) and (
                    "while" not in ab or F.condition(state, ab["while"], ctx)):
                lost = {w.lower() for w in k.get("lose") or ()}
                kws = [w for w in kws if w.lower() not in lost] + [w for w in k.get("gain") or () if w not in kws]
    finally:
        _KEYWORDS.on = False
    return kws


def _ship_affiliations(state: dict, src) -> list:
    """The affiliations of "her ship": the ship the card is aboard (or the card, if a ship)."""
    from .. import stats as ST
    if src is None or src not in state["cards"]:
        return []
    c = state["cards"][src]
    ship = src if c["zone"] == "ships" else (c["in"] if c["zone"] == "aboard" else None)
    return ST.affiliations(state, ship) if ship else []


def commander_of(state: dict, iid: str) -> list:
    """The ship names a personnel's "Commander: X" keywords give (glossary "Commander")."""
    out = []
    for kw in keywords(state, iid):
        head, _, name = kw.partition(":")
        if head.strip().lower() == "commander" and name.strip():
            out.append(name.strip().rstrip(".").lower())
    return out


def corresponds(state: dict, a: str, b: str) -> bool:
    """A personnel and a ship correspond when the personnel's Commander keyword names the
    ship's title (either way round)."""
    for p, s in ((a, b), (b, a)):
        if S.ctype(state, p) == "personnel" and S.ctype(state, s) == "ship" \
                and S.title(state, s).lower() in commander_of(state, p):
            return True
    return False


_LISTED = threading.local()  # ``stats.frozen``'s keyword lists: [state, blankers, skills costs]


def blankers(state: dict) -> list:
    """The ``blank_abilities`` keywords of unstopped cards in play (MISSING.md item 26):
    "that personnel cannot use his or her abilities" (Odo, Sela). Listed once while the
    state is only read (``stats.frozen``)."""
    return _listed_once(state, 1, _blankers)


@contextmanager
def keywords_listed_once(state: dict) -> Iterator[None]:
    """Within this block ``state`` is only read: :func:`blankers` and :func:`skills_costs`
    are listed once (``stats.frozen`` does this too, and also lists the statics — eagerly,
    which a caller that reads no number need not pay for). A response window is opened
    after every event a trigger can hear, and asking each seat whether it has a response
    listed the blankers in play four times per event."""
    outer = getattr(_LISTED, "scope", None)
    if outer is not None and outer[0] is state:
        yield
        return
    _LISTED.scope = [state, None, None]
    try:
        with S.only_read(state):  # and the cards in play
            yield
    finally:
        _LISTED.scope = outer


def _listed_once(state: dict, slot: int, compute) -> list:
    """``compute(state)``, kept in ``_LISTED.scope[slot]`` while ``stats.frozen(state)`` holds."""
    listed = getattr(_LISTED, "scope", None)
    if listed is None or listed[0] is not state:
        return compute(state)
    if listed[slot] is None:
        listed[slot] = compute(state)
    return listed[slot]


def _blankers(state: dict) -> list:
    return _unstopped_keywords(state, "blank_abilities")


def _unstopped_keywords(state: dict, keyword: str) -> list:
    """``(card, ability)`` for the ``keyword`` abilities of unstopped cards in play."""
    return [(iid, ab) for iid in S.in_play_having(state, ("keyword", keyword)) if not state["cards"][iid].get("stopped")
            for ab in S.keyword_abilities(state, iid, keyword)]


def blanked(state: dict, iid: str, blk: list | None = None) -> bool:
    """Whether a card's game text (statics, triggers, orders) is blanked by a card in play.
    While this is being decided no card is blanked (the conditions read skills and
    attributes, whose statics would ask again)."""
    if getattr(_BLANKING, "on", False):
        return False
    blk = blankers(state) if blk is None else blk
    if not blk:
        return False
    from . import filters as F
    _BLANKING.on = True
    try:
        for src, ab in blk:
            if src == iid:
                continue
            ctx = F.ctx_for(state, src)
            if F.matches(state, iid, ab.get("who") or {}, ctx) and ("if" not in ab or F.condition(state, ab["if"], ctx)):
                return True
    finally:
        _BLANKING.on = False
    return False


def skills_unusable(state: dict, iid: str, check: str) -> bool:
    """Keyword ``cant_use_skills`` (``who``: FILTER): "That personnel cannot use his or her
    skills to meet mission requirements"
    (Sluggo, with the personnel its event named). Read by ``stats.meets`` for the group."""
    found = _unstopped_keywords(state, "cant_use_skills")
    if not found:
        return False
    from . import filters as F
    return any(check == "mission" and F.matches(state, iid, ab.get("who") or {}, F.ctx_for(state, src))
               for src, ab in found)


def skills_costs(state: dict) -> list:
    """The ``skills_cost`` keywords of unstopped cards in play (MISSING.md item 26): "that
    opponent must discard a card from hand to use that personnel's skills". Listed once
    while the state is only read (``stats.frozen``)."""
    return _listed_once(state, 2, _skills_costs)


def _skills_costs(state: dict) -> list:
    return _unstopped_keywords(state, "skills_cost") + damage_keywords(state, "skills_cost")


def damage_keywords(state: dict, keyword: str, ship: str | None = None) -> list:
    """``(damage card, ability)`` for the ``damage`` abilities with ``keyword`` of the damage
    cards on ships in play (of ``ship`` only, if given): "Damage - Personnel aboard this ship
    cannot attempt missions" (Disable Sensors), "… must discard a card from hand to use that
    Programming" (Stolen Computer Core)."""
    ships = [ship] if ship else S.ships_in_play(state)
    return [(d, ab) for s in ships for d in state["cards"][s].get("damage") or ()
            for ab in S.abilities(state, d, "damage") if ab.get("keyword") == keyword]


def skill_blocked(state: dict, iid: str, skill: str, costs: list) -> bool:
    """A personnel's skill counts as zero while a ``skills_cost`` applies to it and its
    commander has not paid this turn (RULES.md "Skills at a price")."""
    if getattr(_BLANKING, "on", False) or f"skills_paid:{iid}" in state["turn"]["used"]:
        return False
    from . import filters as F
    from . import tallies as TL
    _BLANKING.on = True
    try:
        for src, ab in costs:
            if src == iid or (ab.get("skills") and skill not in ab["skills"]):
                continue
            ctx = F.ctx_for(state, src)
            if "skills_of" in ab and not any(skill in TL._shared_facts(state, o, "skills")  # "the same skills as
                                             for o in F.candidates(state, ab["skills_of"], ctx)):  # any of your captives"
                continue
            if F.matches(state, iid, ab.get("who") or {}, ctx) and ("if" not in ab or F.condition(state, ab["if"], ctx)):
                return True
    finally:
        _BLANKING.on = False
    return False


def pay_options(state: dict, seat: int, *, only_attempting: bool = False) -> list:
    """Orders: pay (discard a card from hand) to use the skills of your personnel whose
    skills have a price, for the rest of this turn. ``only_attempting``: only prices that hold
    while the personnel is attempting (their ``who`` says ``attempting``), offered at the
    attempt's action points."""
    costs = skills_costs(state)
    if only_attempting:
        costs = [(src, ab) for src, ab in costs if (ab.get("who") or {}).get("attempting")]
    if not costs or not state["seats"][seat]["hand"]:
        return []
    out = []
    for iid in S.personnel_in_play(state, seat):
        names = S.card_def(state, iid).get("skills") or {}
        if any(skill_blocked(state, iid, n, costs) for n in names):
            out.append({"type": "pay_skills", "card": iid})
    return out


def cant_be_stopped(state: dict, iid: str, *, by_dilemma: bool = False) -> bool:
    """Keyword ``cant_be_stopped``: "this personnel cannot be stopped" — with ``if`` (read for the
    card: "While this personnel is facing a dilemma, he cannot be stopped": Lore) and
    ``by_dilemma`` ("… cannot be stopped by dilemmas": Seskal, Koval — a dilemma's text only, never a
    cost, the rules or another card)."""
    from . import filters as F
    if by_dilemma and f"dilemma_proof:{iid}" in state["turn"].get("used", ()):  # verb protect_from_dilemmas (Tasha Yar)
        return True
    for ab in S.abilities(state, iid, "keyword"):
        if ab.get("keyword") != "cant_be_stopped" or (ab.get("by_dilemma") and not by_dilemma):
            continue
        if "if" not in ab or F.condition(state, ab["if"], F.ctx_for(state, iid)):
            return True
    return False


def destroy_forbidden(state: dict, card: str, seat) -> bool:
    """Keyword ``cant_be_destroyed`` (+ ``who``: FILTER, read for the keyword's card): "your opponent
    cannot destroy that event" (Talnot) — a destroy effect of any player but that card's commander
    leaves a matching card alone."""
    from . import filters as F
    if seat is None:
        return False
    for src in S.cards_in_play(state):
        for ab in S.abilities(state, src, "keyword"):
            if ab.get("keyword") == "cant_be_destroyed" and S.commander(state, src) != seat \
                    and F.matches(state, card, ab.get("who") or {}, F.ctx_for(state, src)):
                return True
    return False


def random_excluded(state: dict, iid: str) -> bool:
    """"While this personnel is facing a dilemma, exclude him from any random selection"
    (keyword ``random_excluded`` with ``if``, read for the card itself — Tosk)."""
    from . import filters as F
    for ab in S.abilities(state, iid, "keyword"):
        if ab.get("keyword") == "random_excluded" and S.in_play(state, iid):
            if "if" not in ab or F.condition(state, ab["if"], F.ctx_for(state, iid)):
                return True
    return False


def interrupt_allowed(state: dict, iid: str) -> bool:
    """"You may play only one copy of this interrupt each turn" (``limit: once_per_turn`` on
    an ``interrupt`` ability, MISSING.md item 42): not if a copy was played this turn; nor
    while an opponent's ``no_interrupts`` keyword holds for its holder (Michael Eddington)."""
    limited = any(ab.get("limit") == "once_per_turn" for ab in S.abilities(state, iid, "interrupt"))
    if limited and f"interrupt:{S.title(state, iid)}" in state["turn"]["used"]:
        return False
    return not interrupts_forbidden(state, state["cards"][iid]["owner"])


def interrupts_forbidden(state: dict, seat: int) -> bool:
    """Keyword ``no_interrupts`` (+ ``if``): "While an opponent's ship is in an engagement at this
    mission, that opponent cannot play interrupts" (Michael Eddington). Each unstopped card in
    play with it, commanded by another player, whose ``if`` holds read with ``seat`` as "that
    opponent" (``opponent`` in the condition), forbids ``seat`` every interrupt."""
    from . import filters as F
    for src, ab in _unstopped_keywords(state, "no_interrupts"):
        if S.commander(state, src) in (None, seat):
            continue
        ctx = F.ctx_for(state, src)
        ctx["opp"], ctx["that_opp"] = seat, True  # "that opponent": his ships only (RULES.md "Each of your opponents")
        if "if" not in ab or F.condition(state, ab["if"], ctx):
            return True
    return False


def interrupt_used(state: dict, iid: str) -> None:
    if any(ab.get("limit") == "once_per_turn" for ab in S.abilities(state, iid, "interrupt")):
        state["turn"]["used"].append(f"interrupt:{S.title(state, iid)}")


def cant_complete(state: dict, m: str, seat: int, ship) -> bool:
    """A mission's ``cant_complete`` keyword (MISSING.md item 23): "You cannot complete this
    mission if your [Maq] personnel is on this planet / using a ship that has a [Maq]
    personnel aboard". Its ``if`` is read for the attempting player, with the ship used
    remembered as ``completing_ship``; without ``if`` the mission can never be completed."""
    from . import filters as F
    for ab in S.abilities(state, m, "keyword"):
        if ab.get("keyword") != "cant_complete":
            continue
        ctx = F.ctx_for(state, m, you=seat)
        ctx["refs"]["completing_ship"] = [ship] if ship else []
        if "if" not in ab or F.condition(state, ab["if"], ctx):
            return True
    return False


def meets_group(state: dict, cond: dict, ctx: dict):
    """``{"meets": REQ, "group": {"ref": name}}``: the remembered cards meet it ("unless
    they have Cunning>22"); ``None`` = the usual group."""
    g = cond.get("group")
    return None if not g else list((ctx.get("refs") or {}).get(g["ref"], []))


def condition_key(state: dict, k: str, v, ctx: dict) -> bool:
    """One condition key of :data:`CONDITION_KEYS`."""
    from . import filters as F
    seats = state["seats"]
    opps = F.opponents(state, ctx)
    if k == "score":  # {"min": n} and/or {"higher_than_each_opponent": true}
        mine = seats[ctx["you"]]["score"]
        if "min" in v and mine < v["min"]:
            return False
        if v.get("higher_than_each_opponent") and not all(mine > seats[o]["score"] for o in range(len(seats))
                                                          if o != ctx["you"]):
            return False
        if v.get("lower_than_each_opponent") and not all(mine < seats[o]["score"] for o in range(len(seats))
                                                         if o != ctx["you"]):  # Kira Taban
            return False
        return True
    if k == "captives":  # {"min": n, "who"?: you|opponent} — captives held in that player's brig
        holders = [ctx["you"]] if v.get("who", "you") == "you" else opps
        return any(len(seats[h]["brig"]) >= v.get("min", 1) for h in holders)
    if k == "completed":  # {"planet"?: n, "space"?: n, "any"?: n, "who"?: you|opponent}
        holders = [ctx["you"]] if v.get("who", "you") == "you" else opps

        def ok(seat: int) -> bool:
            done = seats[seat]["completed"]
            return all(done.count(t) >= v[t] for t in ("planet", "space") if t in v) and len(done) >= v.get("any", 0)
        return any(ok(h) for h in holders)
    if k == "mission":  # the mission of the attempt, or where this card is, matches a FILTER
        a = state.get("attempt")
        m = a["mission"] if a and ctx["source"] in F.attempting(state) else S.mission_of(state, ctx["source"])
        return m is not None and F.matches(state, m, v, ctx)
    if k == "trigger_card":  # the card the trigger event is about ("when this personnel is killed")
        card = (ctx.get("event") or {}).get("card")
        return card is not None and card in state["cards"] and F.matches(state, card, v, ctx)
    if k == "copy_overcome":  # "if a copy of that dilemma is overcome at a mission you command" (Adapt)
        card = (ctx.get("event") or {}).get("card")
        if card is None or card not in state["cards"]:
            return not v
        name = S.card_def(state, card)["title"]
        found = any(S.card_def(state, d)["title"] == name for m in state["seats"][ctx["you"]]["missions"]
                    if S.commander(state, m) in (None, ctx["you"]) for d in state["cards"][m]["under"] if d != card)
        return found == bool(v)
    if k == "trigger_by":  # whose text is about to do it: "when an opponent is about to place a card …" (Morka)
        by = (ctx.get("event") or {}).get("by")
        return by is not None and (by == ctx["you"]) == (v == "you")
    if k in ("trigger_by_dilemma", "trigger_random"):  # "about to be killed by a dilemma", "randomly selected"
        data = ctx.get("event") or {}
        return bool(data.get("by_dilemma" if k == "trigger_by_dilemma" else "random")) == bool(v)
    if k == "in_engagement":  # {} or {"began_by": SIDE}: this ship (or the ship it is aboard) is in one
        eng = state.get("engagement") or {}
        c = state["cards"][ctx["source"]]
        ship = ctx["source"] if c["zone"] == "ships" else (c["in"] if c["zone"] == "aboard" else None)
        if ship is None or ship not in (eng.get("attackers") or []) + (eng.get("defenders") or []):
            return False
        by = (v or {}).get("began_by") if isinstance(v, dict) else None
        return by is None or (eng.get("seat") == ctx["you"]) == (by == "you")
    if k == "engagement_began_by":  # the engagement under way was begun by you / an opponent — or, answering
        # engagement_ended, the one that ended ("When an engagement you began ends": Lamat'Ukan)
        data = ctx.get("event") or {}
        eng = state.get("engagement") or (data if data.get("ended") else None)
        return bool(eng) and (eng.get("seat") == ctx["you"]) == (v == "you")
    if k == "even":  # "If the highest Cunning among those personnel is even" (an AMOUNT)
        return F.amount(state, v, ctx) % 2 == 0
    if k == "prevented":  # this played event/interrupt was prevented by a response (item 37)
        return (f"prevented:play:{ctx['source']}" in state["turn"]["used"]) == bool(v)
    if k == "attempt_at_this_mission":  # you are attempting the mission this card is at (or is)
        a = state.get("attempt")
        here = S.mission_of(state, ctx["source"])
        return bool(a and a["seat"] == ctx["you"] and here is not None and a["mission"] == here) == bool(v)
    if k == "at_least_half":  # {"of": FILTER, "are": FILTER}: "unless at least half your personnel are not [NA]"
        pool = F.candidates(state, v["of"], ctx)
        return 2 * sum(1 for i in pool if F.matches(state, i, v["are"], ctx)) >= len(pool)
    if k == "trigger_mission":  # the mission the trigger event is about
        m = (ctx.get("event") or {}).get("mission")
        return m is not None and F.matches(state, m, v, ctx)
    return True


def equipped_with(state: dict, personnel: str, equipment: str) -> bool:
    """Glossary "Equipped with": present with the equipment and affected by its game text
    (the O'Brien example: an Engineer Kit yes, a Medical Kit no)."""
    from . import filters as F
    if not S.present(state, personnel, equipment):
        return False
    ctx = F.ctx_for(state, equipment)
    for ab in S.abilities(state, equipment, "static"):
        who = (ab.get("modify") or ab.get("keywords") or {}).get("who", {"self": True})
        if F.matches(state, personnel, who, ctx):
            return True
    return False


def attempt_costs(state: dict, seat: int, m: str) -> list:
    """``(card, n)`` for each ``attempt_cost`` keyword of an opponent's unstopped card at
    mission ``m`` whose ``if`` holds: "While this ship is at an opponent's space mission, if
    this ship is staffed, that opponent must discard two cards from hand to attempt this
    mission" (Terix, Trolarak). Paid as the attempt begins; an attempt whose price the hand
    cannot pay is not offered."""
    from . import filters as F
    out = []
    for iid in S.in_play_having(state, ("keyword", "attempt_cost")):
        if state["cards"][iid].get("stopped") or S.commander(state, iid) in (None, seat) or S.mission_of(state, iid) != m:
            continue
        ctx = F.ctx_for(state, iid)
        for ab in S.keyword_abilities(state, iid, "attempt_cost"):
            if "if" not in ab or F.condition(state, ab["if"], ctx):
                out.append((iid, ab.get("count", 1)))
    return out


def beam_costs(state: dict, seat: int, m: str) -> list:
    """``(card, n)`` for each ``beam_cost`` keyword of an opponent's unstopped card at mission
    ``m`` whose ``if`` holds: "While this ship is at a planet mission, if this ship is staffed,
    an opponent must discard a card from hand to beam to or from this planet" (Tama). The price
    of each card ``seat`` beams between that mission's surface and a ship (never ship to ship);
    a beam the hand cannot pay is not offered (legality.beam_options)."""
    from . import filters as F
    out = []
    for iid in S.in_play_having(state, ("keyword", "beam_cost")):
        if state["cards"][iid].get("stopped") or S.commander(state, iid) in (None, seat) or S.mission_of(state, iid) != m:
            continue
        ctx = F.ctx_for(state, iid)
        for ab in S.keyword_abilities(state, iid, "beam_cost"):
            if "if" not in ab or F.condition(state, ab["if"], ctx):
                out.append((iid, ab.get("count", 1)))
    return out


# -- counters and draws (Necessary Evil) -------------------------------------------------
def draws_forbidden(state: dict) -> bool:
    """Keyword ``no_draws``: "No player may draw cards from his or her deck. (Players do not need
    to spend all their counters on their turns.)" (At an Impasse): while an unstopped card in play
    has it, no draw from a deck happens — by a counter or by card text — and the Play and Draw
    Cards segment may end with counters left."""
    return bool(_unstopped_keywords(state, "no_draws"))


def extra_counters(state: dict, seat: int) -> int:
    """Keyword ``extra_counters`` (``count``: an AMOUNT, read for the card): "During each of your
    Play and Draw Cards segments, you may spend 1 additional counter for each personnel you command
    but do not own" (The Perfect Tool): the counters ``seat``'s cards in play add as his turn's
    segment begins. They are optional ("you may spend"): the segment may end with that many left."""
    from . import filters as F
    n = 0
    for src, ab in _unstopped_keywords(state, "extra_counters"):
        if S.commander(state, src) != seat:
            continue
        ctx = F.ctx_for(state, src)
        if "if" not in ab or F.condition(state, ab["if"], ctx):
            n += max(0, F.amount(state, ab.get("count", 1), ctx))
    return n


def optional_counters(state: dict, seat: int) -> int:
    """How many of ``seat``'s counters this turn are additional ones he need not spend (The Perfect
    Tool, At What Cost?: kept in ``state["turn"]``, never shown; absent = none)."""
    t = state["turn"]
    return t.get("optional_counters", 0) if t.get("player") == seat else 0


def add_optional_counters(state: dict, seat: int, n: int) -> None:
    """Give ``seat`` ``n`` additional counters for this turn, which he may leave unspent."""
    if n <= 0 or state["turn"].get("player") != seat:
        return
    state["seats"][seat]["counters"] += n
    state["turn"]["optional_counters"] = state["turn"].get("optional_counters", 0) + n


# -- "You may play a Commander that corresponds with your ship aboard that ship" (Necessary Evil) --
def commander_ships(state: dict, seat: int, iid: str) -> list:
    """Keyword ``commanders_play_aboard`` (Captain on the Bridge): while ``seat`` commands an
    unstopped card with it, a personnel he plays may be played aboard each ship of his in play
    that it corresponds with (its "Commander: X" keyword names the ship)."""
    if S.ctype(state, iid) != "personnel" or not any(
            S.commander(state, src) == seat for src, _ in _unstopped_keywords(state, "commanders_play_aboard")):
        return []
    return [s for s in S.ships_in_play(state, seat) if not S.on_event(state, s) and corresponds(state, iid, s)]


def commander_aboard_change(state: dict, seat: int, iid: str, at) -> int:
    """"When you do, he or she is cost -1": the keyword's ``count`` for a play aboard such a ship."""
    if at is None or at not in commander_ships(state, seat, iid):
        return 0
    return sum(ab.get("count", 0) for src, ab in _unstopped_keywords(state, "commanders_play_aboard")
               if S.commander(state, src) == seat)


# -- "as if that card were in his or her hand" (cards on an event; effects/on_event.py) --
def playable_from_events(state: dict, seat: int) -> list:
    """The cards ``seat`` owns lying on an opponent's event that says "An opponent may play a card he
    or she owns that is on this event as if that card were in his or her hand" (keyword
    ``owner_may_play_placed``: Trial of Faith, Forcing Their Hand; effects/on_event.py) — played as
    from his hand, with everything a play from hand asks (RULES.md "Cards placed on an event")."""
    out: list = []
    for s, other in enumerate(state["seats"]):
        if s == seat:
            continue
        for e in other["core"]:
            placed = state["cards"][e].get("placed")
            if not placed or S.commander(state, e) in (None, seat) or not S.keyword_abilities(state, e, "owner_may_play_placed"):
                continue
            blk = blankers(state)
            if blk and blanked(state, e, blk):
                continue
            out += [c for c in placed if state["cards"][c]["owner"] == seat]
    return out
