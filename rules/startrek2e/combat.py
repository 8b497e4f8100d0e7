"""Rulebook "Combat" and "Engagement" (started by card text, never at a headquarters).

Combat: your unstopped personnel against an opponent's unstopped personnel present with
them (RULES.md, Gap 13: "all" means all of those present at that place); the larger
Strength total wins, a tie has no winner; your personnel that took part are stopped.
Engagement: one of your staffed ships against an opponent's ship at the same mission;
your Weapons total against his Shields total; your ship and the personnel aboard are
stopped afterwards. Only the starting card's text ("win") does anything for the winner.
"""
from __future__ import annotations

from . import glossary as G
from . import state as S
from . import stats as ST
from .effects import filters as F
from .effects.frames import _child
from . import legality as LEG


def _unstopped(state: dict, cards: list, seat: int) -> list:
    return [i for i in cards if S.ctype(state, i) == "personnel" and S.commander(state, i) == seat
            and not state["cards"][i]["stopped"]]


def _choose(state: dict, frame: dict, key: str, seat: int, options: list, prompt: str):
    work = frame["work"]
    if key in work:
        return work[key]
    if len(options) == 1:
        work[key] = options[0]
        return options[0]
    if "answer" in work:
        work[key] = work.pop("answer")
        return work[key]
    S.set_pending(state, seat, "choose", prompt, [{"type": "choose", "card": o} for o in options])
    return None


def _opponents(state: dict, you: int) -> list:
    n = len(state["seats"])
    return [(you + k) % n for k in range(1, n)]


def begin_combat(state: dict, frame: dict, eff: dict, arg: dict):
    """Choose the place (and the opponent), fire ``combat_begins`` and let its response
    window be answered first (``state["combat"]`` is set from then on), then the optional
    bonuses to a total (``combat_strength``), the totals, the stops and the starting card's
    win/lose effects."""
    ctx, work = frame["ctx"], frame["work"]
    you = ctx["you"]
    if "begun" not in work:
        where = _combat_place(state, frame, arg)
        if where is None:
            return False
        if where is True:
            return True
        m, opp = where
        ctx["opp"] = opp  # "an opponent": the one the combat involves
        pile = state["cards"][m]["pile"]
        work["begun"] = {"mission": m, "opp": opp}
        state["combat"] = {"cards": _unstopped(state, pile, you) + _unstopped(state, pile, opp),
                           "mission": m, "seat": you}
        from .triggers import fire
        fire(state, "combat_begins", seat=you, mission=m, verb="combat")
        return False  # "when combat … begins": the responses come before the totals
    m, opp = work["begun"]["mission"], work["begun"]["opp"]
    ctx["opp"] = opp
    if (state.get("combat") or {}).get("prevented"):  # "prevent that combat" (Resistance Tactics)
        return _prevented(state, frame, eff, "combat", m)
    pile = state["cards"][m]["pile"]
    mine, theirs = _unstopped(state, pile, you), _unstopped(state, pile, opp)
    added = dict((state.get("combat") or {}).get("added") or {})  # responses' "add … to your total Strength"
    state["combat"] = {"cards": mine + theirs, "mission": m, "seat": you, "added": added}
    extra = _strength_bonuses(state, frame, (you, opp))
    if extra is None:
        return False
    ours = sum(ST.value(state, i, "strength") for i in mine) + extra[you] + added.get(str(you), 0)
    others = sum(ST.value(state, i, "strength") for i in theirs) + extra[opp] + added.get(str(opp), 0)
    state["combat"] = None
    S.log(state, "combat", seat=you, mission=m, strength=ours, against=others)
    ctx["involved"] = mine + theirs  # FILTER "involved" (MISSING.md item 12)
    winner = you if ours > others else (opp if others > ours else None)
    if winner is not None:  # "When you win a combat involving this personnel" (item 33), before the stops
        from .triggers import fire
        fire(state, "combat_won", seat=winner, involved=list(ctx["involved"]), loser=opp if winner == you else you)
    for i in mine:
        G.stop(state, i)
    ctx["refs"]["combat_opponents"] = theirs
    ctx["during"] = "combat"  # a personnel its win/lose effects kill is killed in combat (tallies.trigger_in)
    return _child(state, frame, eff.get("win", []) if ours > others else eff.get("lose", []))


def _prevented(state: dict, frame: dict, eff: dict, kind: str, m: str):
    """A combat or engagement prevented in its "begins" window (RULES.md "Preventing a combat
    or an engagement"): no totals, no winner, nobody stopped by the rules; the starting
    card's "if you win" does not happen, its "otherwise" does."""
    under_way = state.get(kind) or {}
    involved = list(under_way.get("cards") or []) if kind == "combat" else [
        x for sh in (under_way.get("attackers") or []) + (under_way.get("defenders") or []) if sh in state["cards"]
        for x in [sh, *state["cards"][sh]["aboard"]]]
    state[kind] = None
    frame["ctx"]["involved"] = involved
    S.log(state, f"{kind}_prevented", seat=frame["ctx"]["you"], mission=m)
    return _child(state, frame, eff.get("lose", []))


def _combat_place(state: dict, frame: dict, arg: dict):
    """Where the combat happens and which opponent it involves: ``(mission, seat)``,
    ``None`` while a choice is pending, ``True`` when no combat is possible."""
    ctx = frame["ctx"]
    you, opp = ctx["you"], ctx["opp"]
    f = dict(arg.get("filter") or {})
    f.pop("scope", None)
    places = []
    for m in S.all_missions(state):
        if S.mission_type(state, m) == "headquarters":  # no combat at a headquarters
            continue
        pile = state["cards"][m]["pile"]
        mine = [i for i in _unstopped(state, pile, you) if F.matches(state, i, f, ctx)]
        if mine and any(_unstopped(state, pile, o) for o in _opponents(state, you)):
            places.append(m)
    if not places:
        return True
    m = _choose(state, frame, "place", you, places, "Choose where the combat happens")
    if m is None:
        return None
    pile = state["cards"][m]["pile"]
    present = [o for o in _opponents(state, you) if _unstopped(state, pile, o)]
    if len(present) > 1:  # "If more than one opponent is present, choose which one"
        work = frame["work"]
        if "opponent" not in work:
            if "answer" not in work:
                S.set_pending(state, you, "choose", "Choose the opponent the combat involves",
                              [{"type": "choose", "seat": o} for o in present])
                return None
            work["opponent"] = work.pop("answer")
        opp = work["opponent"]
    elif present:
        opp = present[0]
    return m, opp


def _strength_bonuses(state: dict, frame: dict, sides: tuple):
    """Ability ``combat_strength`` ("While your [Kli] personnel at this mission is in combat,
    you may add this ship's Weapons to your total Strength" — I.K.S. Lukara): for each
    unstopped card of a side whose ``while`` holds now, its ``stat`` is added to its
    commander's total; an ``optional`` one is his yes/no choice first. ``None`` = waiting."""
    from .effects import extra as X
    work = frame["work"]
    said = work.setdefault("bonus", {})
    if "answer" in work and "asking" in work:
        said[work.pop("asking")] = bool(work.pop("answer"))
    extra = {seat: 0 for seat in sides}
    blk = X.blankers(state)
    for iid in S.cards_in_play(state):
        seat = S.commander(state, iid)
        if seat not in extra or state["cards"][iid]["stopped"] or (blk and X.blanked(state, iid, blk)):
            continue
        for k, ab in enumerate(S.mechanics(state, iid)):
            if ab.get("kind") != "combat_strength":
                continue
            if "while" in ab and not F.condition(state, ab["while"], F.ctx_for(state, iid)):
                continue
            key = f"{iid}:{k}"
            amount = ST.value(state, iid, ab["stat"])
            if ab.get("optional") and key not in said and amount:  # adding 0 would change nothing: not asked
                work["asking"] = key
                S.set_pending(state, seat, "yes_no",
                              f"Add the {ab['stat'].capitalize()} of {S.name(state, iid)} ({amount}) to your total Strength?",
                              [{"type": "yes_no", "yes": True}, {"type": "yes_no", "yes": False}])
                return None
            if said.get(key, True):
                extra[seat] += ST.value(state, iid, ab["stat"])
    return extra


def _foes(state: dict, you: int, m: str) -> list:
    """The ships at mission ``m`` that any opponent of ``you`` commands."""
    return [o for o in state["cards"][m]["ships"] if S.commander(state, o) not in (None, you)]


def begin_engagement(state: dict, frame: dict, eff: dict, arg: dict):
    """Begin an engagement (rulebook "Engagement"): one of your staffed, unstopped ships (all
    the ships of ``involving``) at a non-headquarters mission against one ship there of any
    opponent, chosen by you; that ship's commander is the opponent of the engagement and of
    the starting text. The ``engagement_begins`` window is answered before the totals."""
    ctx = frame["ctx"]
    you = ctx["you"]
    if "ended" in frame["work"]:  # its win/lose effects are done: the engagement ends
        _ended(state, frame["work"]["ended"])
        return True
    if f"no_engagements:{you}" in state["turn"]["used"]:  # "You cannot begin any other engagements this turn"
        return True
    begun = frame["work"].get("begun")
    if isinstance(begun, dict):  # after the "begins" window: the ships chosen then, whatever responses did
        return _resolve_engagement(state, frame, eff, arg, begun)
    f = dict(arg.get("filter") or {})
    f.pop("scope", None)
    f.setdefault("type", "personnel")
    mine = []
    group = None
    if "involving" in arg:  # "begin an engagement involving them": those ships, together
        from .effects.skills import _resolve
        group = _resolve(state, frame, "involving_w", arg["involving"])
        if group is None:
            return False
    for s in (S.ships_in_play(state, you) if group is None else [g for g in group if g in S.ships_in_play(state, you)]):
        m = S.mission_of(state, s)
        if S.mission_type(state, m) == "headquarters" or state["cards"][s]["stopped"] or not ST.staffed(state, s):
            continue
        if not _foes(state, you, m):  # "an opponent's ship": any opponent's (RULES.md "Multiplayer")
            continue
        if arg.get("filter") and not any(F.matches(state, i, f, ctx) and not state["cards"][i]["stopped"]
                                         for i in state["cards"][s]["aboard"]):
            continue
        if arg.get("ship") and not F.matches(state, s, arg["ship"], ctx):  # "your [Car] ship"
            continue
        mine.append(s)
    if not mine:
        return True
    ship = mine[0] if group is not None else _choose(state, frame, "ship", you, mine, "Choose your ship for the engagement")
    if ship is None:
        return False
    m = S.mission_of(state, ship)
    side = [s for s in mine if S.mission_of(state, s) == m] if group is not None else [ship]
    target = _choose(state, frame, "target", you, _foes(state, you, m), "Choose the opponent's ship")
    if target is None:
        return False
    if "joiners" in arg:  # "each of your ships at the same mission that has … aboard it may join"
        side = _joiners(state, frame, arg["joiners"], side, m)
        if side is None:
            return False
    opp = ctx["opp"] = S.commander(state, target)  # the engagement involves that ship's commander
    # "When an engagement … begins": responses (another ship joining) come first
    frame["work"]["begun"] = {"ship": ship, "target": target, "side": side, "mission": m, "opp": opp}
    state["engagement"] = {"seat": you, "opp": opp, "mission": m, "attackers": side, "defenders": [target]}
    from .triggers import fire
    fire(state, "engagement_begins", seat=you, mission=m, verb="engagement")
    return False


def _joiners(state: dict, frame: dict, f: dict, side: list, m: str):
    """``begin_engagement`` ``joiners``: FILTER ("Each of your ships at the same mission that has your
    [Rom] Intelligence personnel aboard it may join the engagement": The Enterprise Incident). Once
    the opponent's ship is chosen, the user names, one at a time, any of his other staffed, unstopped
    ships at that mission that match, or stops (``None``); they join the side that began it, before
    the ``engagement_begins`` window. ``None`` = waiting for his answer."""
    ctx, work = frame["ctx"], frame["work"]
    joined = work.setdefault("joined", [])
    if work.pop("joining", False):
        pick = work.pop("answer")
        if pick is None:
            work["joined_done"] = True
        else:
            joined.append(pick)
            S.log(state, "joined_engagement", seat=ctx["you"], ship=pick, title=S.name(state, pick))
    if work.get("joined_done"):
        return side + joined
    can = [s for s in state["cards"][m]["ships"] if S.commander(state, s) == ctx["you"] and s not in side + joined
           and not state["cards"][s]["stopped"] and ST.staffed(state, s) and F.matches(state, s, f, ctx)]
    if not can:
        return side + joined
    work["joining"] = True
    S.set_pending(state, ctx["you"], "choose", "Choose a ship to join the engagement (or none)",
                  [{"type": "choose", "card": s} for s in can] + [{"type": "choose", "card": None}])
    return None


def _resolve_engagement(state: dict, frame: dict, eff: dict, arg: dict, begun: dict):
    """The totals, the stops and the starting card's win/lose effects, once the
    ``engagement_begins`` window is closed (or the engagement was prevented in it)."""
    ctx = frame["ctx"]
    you, opp = ctx["you"], begun["opp"]
    ctx["opp"] = opp
    ship, target, side, m = begun["ship"], begun["target"], begun["side"], begun["mission"]
    if (state.get("engagement") or {}).get("prevented"):  # "prevent that … engagement"
        return _prevented(state, frame, eff, "engagement", m)
    eng = state.get("engagement") or {"seat": you, "opp": opp, "attackers": side, "defenders": [target]}
    attackers = [s for s in eng["attackers"] if S.in_play(state, s)]
    defenders = [s for s in eng["defenders"] if S.in_play(state, s)]
    state["engagement"] = {**eng, "attackers": attackers, "defenders": defenders}  # "while in an engagement"
    weapons, shields = _engagement_totals(state, ship, attackers, defenders, arg.get("bonus") or [])
    state["engagement"] = None
    S.log(state, "engagement", seat=you, ship=ship, target=target, weapons=weapons, shields=shields)
    if weapons > shields:  # "When you win an engagement involving this ship" (item 33), before the stops
        from .triggers import fire as fire_won
        fire_won(state, "engagement_won", seat=you, loser=opp, involved=attackers + defenders + [
            i for s in attackers + defenders for i in state["cards"][s]["aboard"]])
    for s in attackers:
        G.stop(state, s)
        for i in state["cards"][s]["aboard"]:
            G.stop(state, i)
    ctx["refs"]["your_ship"] = attackers
    ctx["refs"]["opponent_ship"] = [target] if target in defenders else defenders[:1]
    ctx["involved"] = attackers + defenders + [i for s in attackers + defenders for i in state["cards"][s]["aboard"]]
    ctx["during"] = "engagement"  # killed in an engagement (tallies.trigger_in)
    # the engagement ends once its win/lose effects are done (this frame is asked again then: ``ended``)
    personnel = [i for i in ctx["involved"] if S.ctype(state, i) == "personnel"]
    frame["work"] = {"ended": {"seat": you, "mission": m, "involved": list(ctx["involved"]), "personnel": personnel,
                               "in_discard": [i for i in personnel if state["cards"][i]["zone"] == "discard"]}}
    effects = eff.get("win", []) if weapons > shields else eff.get("lose", [])
    if effects:
        state["stack"].append({"effects": list(effects), "i": 0, "ctx": ctx, "work": {}})
        return "pushed"
    _ended(state, frame["work"]["ended"])
    return True


def _ended(state: dict, ended: dict) -> None:
    """Fire ``engagement_ended`` ("When an engagement in which an opponent's personnel was killed
    ends": Cavalry Raid) with the cards that were involved and the personnel involved killed in it
    (in their owner's discard pile now, not before its effects)."""
    killed = [i for i in ended["personnel"] if state["cards"][i]["zone"] == "discard" and i not in ended["in_discard"]]
    from .triggers import fire
    fire(state, "engagement_ended", seat=ended["seat"], mission=ended["mission"], involved=ended["involved"],
         killed=killed, ended=True)


def _engagement_totals(state: dict, ship: str, attackers: list, defenders: list, bonus: list) -> tuple[int, int]:
    """Weapons of your ships in the engagement (the ship that began it with the starting
    card's ``bonus``, "That ship is Weapons +2", for this engagement only — MISSING.md item
    13) against the Shields of the opponent's ships in it."""
    mods = [{"card": ship, "stat": b["stat"], "amount": b["amount"], "until": "end_of_engagement"} for b in bonus]
    state["mods"].extend(mods)
    try:
        return (sum(ST.value(state, s, "weapons") for s in attackers),
                sum(ST.value(state, s, "shields") for s in defenders))
    finally:
        state["mods"] = [m for m in state["mods"] if m.get("until") != "end_of_engagement"]


def join_engagement(state: dict, frame: dict) -> bool:
    """"This ship may join that engagement": a staffed, unstopped ship of yours at that
    mission (this ship, or the one this personnel is aboard) joins your side — attacking
    if you began it, else defending."""
    eng = state.get("engagement")
    ctx = frame["ctx"]
    ship = LEG.joining_ship(state, ctx["source"])
    if ship is None or not LEG.can_join(state, ship, ctx["you"]):
        return True
    (eng["attackers"] if ctx["you"] == eng["seat"] else eng["defenders"]).append(ship)
    S.log(state, "joined_engagement", seat=ctx["you"], ship=ship, title=S.name(state, ship))
    return True


def add_combat_strength(state: dict, frame: dict, eff: dict, arg: dict):
    """``{"add_combat_strength": {"of": TARGET}}``: "add the Strength of a [Baj] personnel in your
    discard pile to your total Strength" (Vision of Violence, a response in the ``combat_begins``
    window): the chosen card's Strength (printed, for a card out of play) is added to the total of
    the text's user in the combat under way, kept in ``state["combat"]["added"]`` (by seat, as a
    string key: the state is JSON) until the totals are made. Outside a combat it does nothing."""
    from .effects.skills import _resolve
    cards = _resolve(state, frame, "of_w", arg["of"])
    if cards is None:
        return False
    combat = state.get("combat")
    if not combat or not cards:
        return True
    c = cards[0]
    n = ST.value(state, c, "strength") if S.in_play(state, c) else int(S.card_def(state, c).get("strength") or 0)
    you = str(frame["ctx"]["you"])
    combat.setdefault("added", {})[you] = combat.get("added", {}).get(you, 0) + n
    S.log(state, "added_strength", seat=frame["ctx"]["you"], card=c, amount=n, title=S.name(state, c))
    return True
