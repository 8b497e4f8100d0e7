"""Constructs the Energize cards (issue 17) added: comparing and counting remembered cards,
skills a player names, and what happened earlier in a mission attempt (EFFECTS.md §4).

Why a module of its own: like ``extra``, these hook into ``filters.matches`` /
``filters.condition`` / ``filters.amount`` by key, so each stays a small function.

- CONDITION ``total``: ``{"amount": AMOUNT, "max"?: n, "min"?: n}`` — "If the total cost of
  those personnel is 4 or less" (Casualties of War, Training Accident).
- CONDITION ``alike``: ``{"ref": name, "fact": "species"}`` — "Unless they are the same
  species" (Racial Tension): every remembered card shares one value of the printed fact.
- CONDITION ``killed_this_attempt`` — "If a personnel has been killed during this mission
  attempt" (Sorting Things Out).
- CONDITION ``trigger_in``: ``"combat"`` / ``"engagement"`` — a ``personnel_killed`` event
  happened in one ("killed by a dilemma, in combat, or in an engagement": Harana).
- CONDITION ``completed_using_skill`` — "When this personnel uses a skill to complete a
  mission" (Kira Nerys, Ro Laren, Toreth): this card is one of the personnel the
  ``mission_completed`` event says used skills to meet the requirements (its ``used``).
- AMOUNT ``skill_dots``: ``{"ref": name}`` — the [SD] icons (printed skill lines) of the
  remembered cards (Dedication to Duty).
- verb ``name_skill``: ``{"chooser"?: SIDE}`` + ``as`` — "Your opponent names a skill" (Face to
  Face, Head to Head); FILTER ``named_skill``: name — has the skill named so.
- Necessary Evil: CONDITION ``commands_more`` (``{"filter": FILTER, "who"?: "you"|"an_opponent"}``:
  "you command more events than each of your opponents" / "an opponent commands more
  headquarters missions than you": Rusot, Seskal, Koval), AMOUNT ``beyond`` (``{"beyond": FILTER,
  "times"?, "limit"?}``: "for each event you command beyond the number an opponent of your
  choice commands": Crosis), FILTER ``shares_skill_with``: ``{"ref": name}`` (Toran).
- FILTER ``damaged`` (Bregath), ``same_title_as``: FILTER (Aid Clone Colony, Mental Discipline);
  verb ``lose_skills`` (Stricken Dumb; in effects/skills.py, a verb being a layer above these keys); ``total`` bounds may be AMOUNTs, ``below`` = fewer than.
"""
from __future__ import annotations

from .. import state as S
from .. import stats as ST

#: The 23 skills of Second Edition (rulebook "Skills"), the names a player may name.
SKILLS = ("Acquisition", "Anthropology", "Archaeology", "Astrometrics", "Biology", "Diplomacy", "Engineer",
          "Exobiology", "Geology", "Honor", "Intelligence", "Law", "Leadership", "Medical", "Navigation",
          "Officer", "Physics", "Programming", "Science", "Security", "Telepathy", "Transporters", "Treachery")

FILTER_KEYS = {"named_number", "other_quadrant_than", "named_skill", "named_type", "damaged", "same_title_as", "damage_card", "is_trigger_card", "completed",
               "shares_skill_with", "requirement_skill", "shares_with", "named_title", "playable_at"}
CONDITION_KEYS = {"total", "alike", "killed_this_attempt", "trigger_in", "completed_using_skill", "selected",
                  "your_turn", "card_owner", "this_turn", "commands_more",
                  "has_skills_of", "has_mission_skills", "has_named_skills", "trigger_killed", "each_mission",
                  "dilemma_unmet", "ship_damaged"}
AMOUNT_KEYS = {"skill_dots", "completed_missions", "round", "beyond", "dilemmas_faced", "cost_paid"}


def _commanded(state: dict, f: dict, ctx: dict) -> list[int]:
    """How many cards matching FILTER ``f`` each player commands, by seat (Necessary Evil:
    "more events in your core than each of your opponents", "beyond the number of events an
    opponent commands"): ``f`` read with ``owner: you`` as each player in turn."""
    from . import filters as F
    out = []
    for seat in range(len(state["seats"])):
        sub = F.ctx_for(state, ctx["source"], you=seat) if ctx.get("source") in state["cards"] else dict(ctx, you=seat)
        out.append(len(F.candidates(state, {**f, "owner": "you"}, sub)))
    return out


def match_key(state: dict, iid: str, k: str, v, ctx: dict) -> bool:
    """One filter key of :data:`FILTER_KEYS` for card ``iid``."""
    if k == "named_number":  # {"stats": [...], "name": n}: one of those numbers of the card is the number named
        # ("each of those personnel that has an attribute matching that number": Eye to Eye)
        n = (ctx.get("named") or {}).get(v["name"])
        return n is not None and any(ST.value(state, iid, st) == n for st in v["stats"])
    if k == "named_skill":  # has the skill a player named ("each of those personnel that has that skill")
        name = (ctx.get("named") or {}).get(v)
        return name is not None and ST.value(state, iid, name) >= 1
    if k == "named_type":  # "if it is that type" (Jack, Patrick): the card type a player named
        name = (ctx.get("named") or {}).get(v)
        return name is not None and S.ctype(state, iid) == name
    if k == "named_title":  # "a personnel who has that card title" (Quite a Coincidence, Sensing a Trap)
        name = (ctx.get("named") or {}).get(v)
        return name is not None and S.title(state, iid) == name
    if k == "is_trigger_card":  # the card the triggering event is about ("a card other than that personnel")
        return (iid == (ctx.get("event") or {}).get("card")) == bool(v)
    if k == "damage_card":  # "a Damage card" (William Patrick Samuels): its text has "Damage -"
        return bool(S.abilities(state, iid, "damage")) == bool(v)
    if k == "completed":  # a completed mission ("if you have not completed this mission": Cargo Haul)
        return bool(state["cards"][iid].get("completed")) == bool(v)
    if k == "requirement_skill":  # "has a skill listed in this mission's requirements (or any alternate
        return bool(attempt_skills(state) & {s for s in SKILLS if ST.value(state, iid, s) >= 1}) == bool(v)
    if k == "damaged":  # "a ship that has a Damage card on it" (Bregath)
        return bool(state["cards"][iid].get("damage")) == bool(v)
    if k == "shares_skill_with":  # "who has a skill that discarded personnel has" (Toran): a skill in common,
        # compared as FILTER shares_with compares skills, with remembered cards
        cards = [i for i in (ctx.get("refs") or {}).get(v["ref"], []) if i in state["cards"]]
        mine = _shared_facts(state, iid, "skills")
        return any(mine & _shared_facts(state, o, "skills") for o in cards)
    if k == "playable_at":  # "a [Fut] card that could be played at your headquarters mission" (The Edge of
        from . import filters as F  # Forever): a personnel, ship or equipment a matching headquarters allows
        return S.ctype(state, iid) in ("personnel", "ship", "equipment") and any(
            S.mission_type(state, m) == "headquarters" and ST.hq_allows(state, m, iid)
            for m in F.candidates(state, {"type": "mission", **v}, ctx))
    if k == "other_quadrant_than":  # "a mission that has a different quadrant icon than this mission" (Distant
        from . import filters as F  # Exploration): a mission whose quadrant no matching card's mission has
        from .extra import mission_fact
        mine, ok = mission_fact(state, iid, "quadrant")
        return ok and all(mission_fact(state, o, "quadrant")[0] != mine for o in F.candidates(state, v, ctx))
    if k == "same_title_as":  # "a copy of a personnel you command", "with the same card title" (Aid Clone
        from . import filters as F  # Colony, Mental Discipline): another card matching FILTER has its title
        title = S.title(state, iid)
        return any(o != iid and S.title(state, o) == title for o in F.candidates(state, v, ctx))
    if k == "shares_with":  # {"fact": "skills"|"affiliations", "of": FILTER}: "with at least one of the same
        from . import filters as F  # skills" (Steeled By Loss), "of the same affiliation" (Secret Identity)
        mine = _shared_facts(state, iid, v["fact"])
        return any(o != iid and mine & _shared_facts(state, o, v["fact"]) for o in F.candidates(state, v["of"], ctx))
    raise ValueError(f"unknown FILTER key {k!r}")


def attempt_skills(state: dict) -> set:
    """The skills named by the requirements of the mission being attempted — every printed alternative,
    and those of the text the attempt uses (``attempt_with``: "any alternate requirements listed in the
    game text you are using to attempt it", In the Way). None outside an attempt."""
    a = state.get("attempt")
    if not a:
        return set()
    reqs = list(S.card_def(state, a["mission"]).get("requirements") or [])
    if a.get("using"):
        reqs.append(S.mechanics(state, a["using"][0])[a["using"][1]]["requirement"])
    out: set = set()
    while reqs:
        r = reqs.pop()
        reqs.extend(r.get("any_of") or [])
        out |= set(r.get("skills") or {})
    return out


def _group_has(state: dict, ctx: dict, levels: list) -> bool:
    """The group meeting a requirement (the personnel facing a dilemma) has these skill levels, added up
    (``[(skill, n), …]``; none: true — there is nothing to have)."""
    from . import filters as F
    need: dict = {}
    for skill, n in levels:
        need[skill] = need.get(skill, 0) + n
    return ST.meets(state, F.requirement_group(state, ctx), {"skills": need} if need else {})


def _shared_facts(state: dict, iid: str, fact: str) -> set:
    """The skills a card has (in play: as it has them now; elsewhere: printed), or its
    affiliations (printed) — what FILTER ``shares_with`` compares."""
    if fact == "skills":
        if S.in_play(state, iid):
            return {n for n, lvl in ST.skills(state, iid).items() if lvl > 0}
        return {n for n, lvl in (S.card_def(state, iid).get("skills") or {}).items() if lvl}
    if fact == "species":  # "of a different species" (Explicit Orders): a "Human/Romulan" is both
        return _fact_values(state, iid, "species")
    return set(S.card_def(state, iid).get("affiliations") or [])


def _fact_values(state: dict, iid: str, fact: str) -> set:
    value = S.ctype(state, iid) if fact == "type" else S.card_def(state, iid).get(fact)
    if isinstance(value, list):
        return {str(x).lower() for x in value}
    return {x.strip().lower() for x in str(value or "").split("/") if x.strip()}


def condition_key(state: dict, k: str, v, ctx: dict) -> bool:
    """One condition key of :data:`CONDITION_KEYS`."""
    from . import filters as F
    data = ctx.get("event") or {}
    if k == "ship_damaged":  # "Unless there are no damage markers on this ship" (Shipboard Fire): the ship of the
        # attempt under way has a damage card
        ship = (state.get("attempt") or {}).get("ship")
        return bool(ship and ship in state["cards"] and state["cards"][ship].get("damage")) == bool(v)
    if k == "each_mission":  # "if each of your non-headquarters missions is an [AQ] mission" (Reflections 2.0):
        # every non-headquarters mission you command matches (none: nothing fails)
        mine = F.candidates(state, {"type": "mission", "owner": "you", "not": {"mission_type": "headquarters"}}, ctx)
        return all(F.matches(state, m, v, ctx) for m in mine)
    if k == "trigger_killed":  # "an engagement in which an opponent's personnel was killed" (Cavalry Raid)
        return any(c in state["cards"] and F.matches(state, c, v, ctx) for c in data.get("killed") or [])
    if k == "total":  # the bounds may be AMOUNTs ("fewer cards in your discard pile than in your hand")
        n = F.amount(state, v["amount"], ctx)
        lo = F.amount(state, v["min"], ctx) if "min" in v else n
        hi = F.amount(state, v["max"], ctx) if "max" in v else n
        return lo <= n <= hi and ("below" not in v or n < F.amount(state, v["below"], ctx))
    if k == "alike":  # "the same species": one value every remembered card has (a "Human/Romulan" has both)
        # several names: all their cards together ("if they are the same card type": Borath)
        names = v["ref"] if isinstance(v["ref"], list) else [v["ref"]]
        cards = [i for n in names for i in (ctx.get("refs") or {}).get(n, []) if i in state["cards"]]
        if not cards:
            return False
        common = _fact_values(state, cards[0], v["fact"])
        for i in cards[1:]:
            common &= _fact_values(state, i, v["fact"])
        return bool(common)
    if k == "selected":  # "when this personnel is randomly selected" (Leeta): among a random_selection's cards
        return (ctx["source"] in (data.get("cards") or [])) == bool(v)
    if k == "card_owner":  # "(Yours must be …)" in a text each player uses (Common Ground): you own this card
        return (state["cards"][ctx["source"]]["owner"] == ctx["you"]) == bool(v)
    if k == "your_turn":  # "during your turn" (Kotra)
        return (state["turn"]["player"] == ctx["you"]) == bool(v)
    if k == "this_turn":
        return _this_turn(state, v, ctx)
    if k == "commands_more":  # {"filter": F, "who": "you"|"an_opponent"} (Rusot, Seskal; Koval)
        counts = _commanded(state, v["filter"], ctx)
        others = [n for s, n in enumerate(counts) if s != ctx["you"]]
        if v.get("who", "you") == "you":  # "you command more … than each of your opponents"
            return bool(others) and all(counts[ctx["you"]] > n for n in others)
        return any(n > counts[ctx["you"]] for n in others)  # "an opponent commands more … than you"
    if k == "has_skills_of":  # "unless you have the skills on that captive" (Broken Captive): every skill level
        # printed on the remembered cards, added up (none remembered: nothing to have)
        return _group_has(state, ctx, [(skill, n) for i in (ctx.get("refs") or {}).get(v["ref"], [])
                                       for skill, n in (S.card_def(state, i).get("skills") or {}).items()])
    if k == "has_named_skills":  # "unless you have those skills" (Counterinsurgency Program): a skill named
        named = (ctx.get("named") or {}).get(v) or []  # twice needs two levels; none named: nothing to have
        return _group_has(state, ctx, [(skill, 1) for skill in ([named] if isinstance(named, str) else named)])
    if k == "dilemma_unmet":  # "facing a dilemma that has requirements you cannot meet" (James T. Kirk): the
        # dilemma being faced (revealed, not yet resolving) has an "unless" requirement its facing personnel
        # do not meet as they are now; a dilemma without one has no requirements to meet
        a = state.get("attempt") or {}
        d = a.get("current")
        reqs = [e["unless"] for ab in (S.abilities(state, d, "dilemma") if d and not a.get("resolving") else ())
                for e in ab.get("effects") or [] if "unless" in e]
        with ST.frozen(state):
            unmet = any(not ST.meets(state, F.facing(state), r, check="dilemma") for r in reqs)
        return unmet == bool(v)
    if k == "has_mission_skills":  # "unless you have the skills needed to complete this mission" (Lack of
        # Preparation): the skills of one printed alternative of the attempted mission, without its attributes
        a = state.get("attempt")
        reqs = S.card_def(state, a["mission"]).get("requirements") or [] if a else []
        group = F.requirement_group(state, ctx)
        ok = not reqs or any(ST.meets(state, group, {"skills": r.get("skills") or {}}) for r in reqs)
        return ok == bool(v)
    if k == "killed_this_attempt":
        return bool((state.get("attempt") or {}).get("killed")) == bool(v)
    if k == "trigger_in":
        return data.get("during") == v
    if k == "completed_using_skill":
        # the event names who used which skills (dilemmas._mission_skill_users, RULES.md "Using
        # skills to meet requirements"): one of the personnel whose skills counted
        # a skill name: he used that skill ("uses her Intelligence to complete a mission": Dejar)
        used = data.get("used") or {}
        if isinstance(v, str):
            return v in (used.get(ctx["source"]) or [])
        return (ctx["source"] in used) == bool(v)
    raise ValueError(f"unknown CONDITION key {k!r}")


def note_drawn(state: dict, seat: int, count: int) -> None:
    """Tally ``count`` cards ``seat`` drew this turn (CONDITION ``this_turn`` ``drew``). Kept in
    ``state["turn"]`` (reset at each turn's start, never shown: ``view`` copies only the turn's
    public keys) rather than read back from the log, which keeps only its last 200 entries — a
    long turn would lose the entry that says where the turn began."""
    tally = state["turn"].setdefault("drew", [0] * len(state["seats"]))
    tally[seat] += count


def note_played(state: dict, seat: int, card: str) -> None:
    """Tally a card ``seat`` played this turn (from hand, paid for: not one put into play by
    text), for CONDITION ``this_turn`` ``played``; see :func:`note_drawn`."""
    state["turn"].setdefault("played", [[] for _ in state["seats"]])[seat].append(card)


def new_turn(state: dict) -> None:
    """Start this turn's tallies: nobody has drawn or played anything yet."""
    state["turn"]["drew"] = [0] * len(state["seats"])
    state["turn"]["played"] = [[] for _ in state["seats"]]
    state["turn"].pop("faced", None)


_READS_FACED: dict[str, bool] = {}


def note_faced(state: dict) -> None:
    """A dilemma was revealed to the personnel facing it: tally one more dilemma faced this turn for
    each of them whose text reads it (AMOUNT ``dilemmas_faced``: Parem) — only those, so a game
    without such a card keeps no tally at all (``state["turn"]["faced"]``, reset each turn)."""
    from . import filters as F
    for iid in F.facing(state):
        guid = state["cards"][iid]["guid"]
        reads = _READS_FACED.get(guid)
        if reads is None or guid in state["extra_cards"]:
            import json
            reads = "dilemmas_faced" in json.dumps(S.card_def(state, iid).get("mechanics") or [])
            if guid not in state["extra_cards"]:
                _READS_FACED[guid] = reads
        if reads:
            faced = state["turn"].setdefault("faced", {})
            faced[iid] = faced.get(iid, 0) + 1


def _this_turn(state: dict, v: dict, ctx: dict) -> bool:
    """CONDITION ``this_turn``: ``{"who"?: "you"|"opponent"|"player", "drew"?: n, "played"?: FILTER,
    "min"?: n, "max"?: n}`` — what that player did this turn. ``drew``: he drew at least n cards
    ("if that opponent has not drawn two cards …": Unseen Manipulations). ``played``: how many
    cards matching FILTER he played this turn — at least one, or between ``min`` and ``max``
    ("has played exactly one other personnel who costs 1": Crowd Control; "no other personnel":
    Shadow Operation), the card of the triggering event (the one being played) never counted.
    ``who: player`` is the player of the triggering event (the one playing the card), else you.
    Read from the turn's tallies (:func:`note_drawn`, :func:`note_played`), exact however long
    the turn's log grew."""
    from . import filters as F
    data = ctx.get("event") or {}
    who = v.get("who", "you")
    seat = data.get("seat", ctx["you"]) if who == "player" else ctx["you"] if who == "you" else ctx["opp"]
    turn = state["turn"]
    if "drew" in v and (turn.get("drew") or [0] * len(state["seats"]))[seat] < v["drew"]:
        return False
    if "played" not in v:
        return True
    n = sum(1 for c in (turn.get("played") or [[] for _ in state["seats"]])[seat]
            if c != data.get("card") and c in state["cards"] and F.matches(state, c, v["played"], ctx))
    if "min" not in v and "max" not in v:
        return n >= 1
    return v.get("min", 0) <= n <= v.get("max", n)


def amount_key(state: dict, amt: dict, ctx: dict) -> int:
    """An AMOUNT of :data:`AMOUNT_KEYS`."""
    from . import filters as F
    if "skill_dots" in amt:  # the [SD] icons: one per printed skill line ("2 Medical" is one)
        cards = (ctx.get("refs") or {}).get(amt["skill_dots"]["ref"], [])
        return sum(len(S.card_def(state, i).get("skills") or {}) for i in cards if i in state["cards"])
    if "cost_paid" in amt:  # "Consume: X. Randomly select X personnel …" (Temporal Misalignment): what its owner
        # spent on this dilemma as he chose it (dilemmas.choose_dilemma), else its cost as it would be now
        c = state["cards"][ctx["source"]]
        return c["cost_paid"] if "cost_paid" in c else ST.value(state, ctx["source"], "cost")
    if "completed_missions" in amt:  # "for each mission you have completed" (Norah Satie): that player's count
        seat = ctx["you"] if amt["completed_missions"].get("who", "you") == "you" else ctx["opp"]
        return len(state["seats"][seat]["completed"])
    if "round" in amt:  # "Round the total … to the nearest multiple of 5" (Prison Compound); halves round up
        from . import filters as F
        n, to = F.amount(state, amt["round"], ctx), amt["to"]
        return ((n + to // 2) // to) * to
    if "dilemmas_faced" in amt:  # "for each other dilemma he has faced this turn" (Parem)
        n = (state["turn"].get("faced") or {}).get(ctx["source"], 0)
        a = state.get("attempt") or {}
        if amt["dilemmas_faced"].get("other") and a.get("current") and ctx["source"] in F.facing(state):
            n -= 1  # the dilemma he is facing now is not another one
        return max(0, n)
    if "beyond" in amt:  # "for each event you command beyond the number of events an opponent of your choice
        # commands (limit +6)" (Crosis): your count less the fewest an opponent has — you choose him
        counts = _commanded(state, amt["beyond"], ctx)
        mine = counts[ctx["you"]]
        fewest = min((n for s, n in enumerate(counts) if s != ctx["you"]), default=0)
        n = max(0, mine - fewest) * amt.get("times", 1)
        return min(n, amt["limit"]) if "limit" in amt else n
    raise ValueError(f"unknown AMOUNT {amt!r}")


def name_skill(state: dict, frame: dict, eff: dict, arg: dict):
    """``{"name_skill": {"chooser"?: SIDE}, "as": name}``: the chooser names one of the 23 skills
    (a decision ``{"type": "choose", "skill": name}``); FILTER ``named_skill`` reads it. ``except``: skills
    he may not name; ``count`` (an AMOUNT, read once): he names that many, one at a time, kept as a list
    under ``as`` — "names a skill (except …) for each one" — which CONDITION ``has_named_skills`` reads
    (Counterinsurgency Program)."""
    names = [s for s in SKILLS if s not in (arg.get("except") or ())]
    if "count" not in arg:
        return _name(state, frame, eff, arg, "skill", "Name a skill", names)
    from . import filters as F
    ctx, work = frame["ctx"], frame["work"]
    named = ctx.setdefault("named", {})
    if "left" not in work:
        work["left"] = F.amount(state, arg["count"], ctx)
        named[eff.get("as", "named")] = []
    if "answer" in work:
        skill = work.pop("answer")
        named[eff.get("as", "named")].append(skill)
        S.log(state, "named_skill", seat=_chooser(ctx, arg), skill=skill)
        work["left"] -= 1
    if work["left"] <= 0:
        return True
    S.set_pending(state, _chooser(ctx, arg), "choose", "Name a skill", [{"type": "choose", "skill": n} for n in names])
    return False


#: The card types a player may name ("name a card type"): those a draw deck holds.
DRAW_TYPES = ("personnel", "ship", "equipment", "event", "interrupt")


def name_card_type(state: dict, frame: dict, eff: dict, arg: dict):
    """``{"name_card_type": {"chooser"?: SIDE, "except"?: [types]}, "as": name}``: the chooser names
    one card type of a draw deck (a decision ``{"type": "choose", "card_type": t}``; "name a card
    type (except ship)": Patrick), in the open; FILTER ``named_type`` reads it (Jack, Patrick)."""
    named = [t for t in DRAW_TYPES if t not in (arg.get("except") or ())]
    return _name(state, frame, eff, arg, "card_type", "Name a card type", named)


#: The numbers a player may name ("Your opponent names a number": Eye to Eye, Final Adventure): every
#: value a personnel's cost or attribute reaches in play (RULES.md "Reflections 2.0").
NUMBERS = tuple(range(21))


def name_number(state: dict, frame: dict, eff: dict, arg: dict):
    """``{"name_number": {"chooser"?: SIDE}, "as": name}``: the chooser names a number from 0 to 20 (a
    decision ``{"type": "choose", "number": n}``, in the open); FILTER ``named_number`` reads it."""
    return _name(state, frame, eff, arg, "number", "Name a number", NUMBERS)


def _name(state: dict, frame: dict, eff: dict, arg: dict, what: str, prompt: str, names) -> bool:
    """The chooser names one of ``names`` (a decision ``{"type": "choose", what: name}``), kept
    in the text's ``named`` under ``as`` and logged in the open as ``named_<what>``."""
    ctx, work = frame["ctx"], frame["work"]
    if "answer" in work:
        named = ctx.setdefault("named", {})[eff.get("as", "named")] = work.pop("answer")
        S.log(state, f"named_{what}", seat=_chooser(ctx, arg), **{what: named})
        return True
    S.set_pending(state, _chooser(ctx, arg), "choose", prompt, [{"type": "choose", what: n} for n in names])
    return False


def name_title(state: dict, frame: dict, eff: dict, arg: dict):
    """``{"name_title": {"type"?: card type(s), "until"?: "start_of_your_next_turn"}, "as": name}``:
    "name a personnel" (a card title — Quite a Coincidence), "name a card" (Sensing a Trap). The
    user names one title of the card database (every official title of those types, so the list
    reveals nothing of any deck; a decision ``{"type": "choose", "title": t}``), in the open. The
    name is kept on this card — every text of it reads it (FILTER ``named_title``) while it is in
    play; with ``until``, only until its user's next turn begins (``turn.turn_start``)."""
    ctx, work = frame["ctx"], frame["work"]
    if "answer" in work:
        title = work.pop("answer")
        name = eff.get("as", "named")
        ctx.setdefault("named", {})[name] = title
        kept = {"title": title, "seat": ctx["you"], **({"until": arg["until"]} if "until" in arg else {})}
        state["cards"][ctx["source"]].setdefault("named_titles", {})[name] = kept
        S.log(state, "named_title", seat=ctx["you"], title=title, by=ctx["source"])
        return True
    types = arg.get("type", list(DRAW_TYPES))
    types = set(types if isinstance(types, list) else [types])
    S.set_pending(state, ctx["you"], "choose", "Name a card", [{"type": "choose", "title": t}
                                                               for t in _titles(state, frozenset(types))])
    return False


def _titles(state: dict, types: frozenset) -> list:
    """Every title a player may name: the official cards of those types (and a test's own cards)."""
    db = S.card_db_for(state)
    key = (id(db), types)
    if key not in _TITLES:
        _TITLES[key] = sorted({d["title"] for d in db.values() if d.get("type") in types and d.get("official", True)})
    extra = {d["title"] for d in (state.get("extra_cards") or {}).values() if d.get("type") in types}
    return sorted(set(_TITLES[key]) | extra) if extra - set(_TITLES[key]) else _TITLES[key]


_TITLES: dict = {}


def expire_titles(state: dict, seat: int) -> None:
    """"This effect lasts until the start of your next turn" (Sensing a Trap): the titles ``seat``
    named so are forgotten as his turn begins."""
    for c in state["cards"].values():
        kept = c.get("named_titles")
        if kept:
            for name in [n for n, v in kept.items() if v.get("until") == "start_of_your_next_turn" and v["seat"] == seat]:
                del kept[name]
            if not kept:
                del c["named_titles"]


def _chooser(ctx: dict, arg: dict) -> int:
    return ctx["you"] if arg.get("chooser", "you") == "you" else ctx["opp"]
