"""Filters, conditions and target candidates of the effect language (EFFECTS.md §3).

A *context* names who is using a text: ``{"source": iid, "you": seat, "opp": seat,
"dilemma": bool, "refs": {}}``. For a dilemma, ``you`` is the player facing it.
"""
from __future__ import annotations

from .. import state as S
from .. import stats as ST
from . import extra as X
from . import ship_filters as SF
from . import tallies as TL
from . import gathering as GA


def ctx_for(state: dict, src: str, you: int | None = None, **extra) -> dict:
    c = state["cards"][src]
    if you is None:
        you = c.get("commander") if c.get("commander") is not None else c["owner"]
    opp = S.left_of(state, you)
    # the cards this card named ("name a personnel": Under Scrutiny) are its texts' names
    refs = dict(c["named"]) if "named" in c else {}
    if "named_titles" in c:  # the card titles it named ("name a personnel": Quite a Coincidence)
        extra = {"named": {k: v["title"] for k, v in c["named_titles"].items()}, **extra}
    return {"source": src, "you": you, "opp": opp, "dilemma": False, "refs": refs, **extra}


def opponents(state: dict, ctx: dict) -> list[int]:
    """The players "an opponent" may be: every other player — unless the text has named one
    (``that_opp``: "that opponent" of an event, or the one opponent at a time of "each of your
    opponents …"), when it is that player only (RULES.md "Each of your opponents")."""
    if ctx.get("that_opp"):
        return [ctx["opp"]]
    return [s for s in range(len(state["seats"])) if s != ctx["you"]]


def side_has(state: dict, seat, side: str, ctx: dict) -> bool:
    """``seat`` is on the SIDE named (``you``, or ``opponent`` as :func:`opponents` reads it)."""
    if side == "you":
        return seat == ctx["you"]
    return seat is not None and seat != ctx["you"] and (not ctx.get("that_opp") or seat == ctx["opp"])


def has_keyword_ability(state: dict, iid: str, kw: str) -> bool:
    """Whether the card has a ``keyword`` ability naming ``kw`` (from the definition's index
    by keyword: staffing and attempt teams ask it of every personnel)."""
    return bool(S.keyword_abilities(state, iid, kw))


def attempting(state: dict) -> list:
    """The unstopped personnel still attempting the current mission (Facing Dilemmas:
    stopped personnel leave the team)."""
    a = state.get("attempt")
    if not a:
        return []
    out = []
    for i in a["personnel"]:
        c = state["cards"][i]
        if c["stopped"] or c["zone"] not in ("pile", "aboard"):
            continue
        if S.mission_of(state, i) != a["mission"] or S.commander(state, i) != a["seat"]:
            continue
        if a.get("ship") and (c["zone"] != "aboard" or c["in"] != a["ship"]):
            continue
        out.append(i)
    return out


def facing(state: dict) -> list:
    """The unstopped personnel facing the dilemma being resolved: the attempting personnel,
    or — when a text made another ship's crew face it instead ("that ship and your personnel
    aboard it face that dilemma instead", The Tides of Fortune) — that crew."""
    a = state.get("attempt")
    inst = a.get("instead") if a else None
    if not inst:
        return attempting(state)
    ship = inst["ship"]
    if not S.in_play(state, ship):
        return []
    return [i for i in state["cards"][ship]["aboard"] if S.ctype(state, i) == "personnel"
            and not state["cards"][i]["stopped"] and S.commander(state, i) == inst["seat"]]


def facing_ship(state: dict):
    """The ship facing the dilemma (the attempting ship, or the one facing it instead)."""
    a = state.get("attempt")
    if not a:
        return None
    return (a.get("instead") or {}).get("ship") or a.get("ship")


def _side_ok(state: dict, iid: str, side: str, ctx: dict) -> bool:
    c = state["cards"][iid]
    who = c.get("commander") if c["zone"] in S.IN_PLAY else c["owner"]
    if c["zone"] == "brig":
        who = c["in"]  # a captive is held by its captor but commanded by nobody
        return False
    return side_has(state, who, side, ctx)


def matches(state: dict, iid: str, f: dict, ctx: dict) -> bool:
    d = S.card_def(state, iid)
    c = state["cards"][iid]
    src = ctx.get("source")
    for k, v in f.items():
        if k == "self":
            if (iid == src) != bool(v):
                return False
        elif k == "not_self":
            if v and iid == src:
                return False
        elif k == "type":
            if d["type"] != v:
                return False
        elif k == "skill":
            if ST.value(state, iid, v) < 1:
                return False
        elif k == "skill_level":
            if any(ST.value(state, iid, sk) < n for sk, n in v.items()):
                return False
        elif k == "skills_any":
            if not any(ST.value(state, iid, sk) >= 1 for sk in v):
                return False
        elif k == "affiliation":  # a mission's affiliation icons are the ones that may attempt it
            if v not in (d.get("affiliations") or []) + (d.get("attempt_affiliations") or []):
                return False
        elif k == "species":
            sp = d.get("species") or []
            sp = [sp] if isinstance(sp, str) else sp
            if v.lower() not in [x.lower() for x in sp]:
                return False
        elif k == "icon":
            if v not in (d.get("icons") or []):
                return False
        elif k == "keyword":  # a list = any of them ("a Kai, Prylar, or Vedek"); "Consume" = "Consume: 2"
            kws = [x.lower() for x in X.keywords(state, iid)]
            if not any(w.lower() in kws or any(x.startswith(w.lower() + ":") for x in kws)
                       for w in (v if isinstance(v, list) else [v])):
                return False
        elif k == "title":  # a list = any of them ("{Jadzia Dax}, {Kang}, or {Koloth}")
            if d.get("title") not in (v if isinstance(v, list) else [v]):
                return False
        elif k == "unique":
            if bool(d.get("unique")) != bool(v):
                return False
        elif k == "owner":
            if not _side_ok(state, iid, v, ctx):
                return False
        elif k == "present":
            if bool(v) != (iid != src and S.present(state, iid, src)):
                return False
        elif k == "aboard":  # aboard this ship: the source, the ship it is aboard or played on
            ship = SF.this_ship(state, src)
            if bool(v) != (ship is not None and c["zone"] == "aboard" and c["in"] == ship):
                return False
        elif k == "attempting":
            if bool(v) != (iid in attempting(state)):
                return False
        elif k == "stopped":
            if bool(c.get("stopped")) != bool(v):
                return False
        elif k == "attribute":
            for stat, rng in v.items():
                x = ST.value(state, iid, stat)
                if ("min" in rng and x < rng["min"]) or ("max" in rng and x > rng["max"]):
                    return False
        elif k == "cost_at_most":
            if ST.value(state, iid, "cost") > v:
                return False
        elif k == "not":  # a list = none of them ("except an Android or a Shape-shifter")
            if any(matches(state, iid, g, ctx) for g in (v if isinstance(v, list) else [v])):
                return False
        elif k == "at_this_mission":  # a dilemma's "this mission" is the one being attempted
            here = (S.mission_of(state, src) if src else None) or ctx.get("at_mission")  # a card being played: there
            if here is None and ctx.get("dilemma") and state.get("attempt"):
                here = state["attempt"]["mission"]
            if bool(v) != (here is not None and iid != src and S.mission_of(state, iid) == here):
                return False
        elif k in X.FILTER_KEYS:
            if not X.match_key(state, iid, k, v, ctx):
                return False
        elif k in SF.FILTER_KEYS:
            if not SF.match_key(state, iid, k, v, ctx):
                return False
        elif k in TL.FILTER_KEYS:
            if not TL.match_key(state, iid, k, v, ctx):
                return False
        elif k in GA.FILTER_KEYS:
            if not GA.match_key(state, iid, k, v, ctx, f):
                return False
        elif k == "scope":  # a static's "ships in your hand": the card must be where the scope looks
            if iid not in base_candidates(state, {"scope": v, "owner": f.get("owner", "you")}, ctx):
                return False
        elif k not in ("highest", "lowest"):
            raise ValueError(f"unknown FILTER key {k!r}")
    return True


def amount(state: dict, amt, ctx: dict) -> int:
    """An integer, or ``{"per": FILTER, "times": n, "limit": m}``."""
    if isinstance(amt, int):
        return amt
    if TL.AMOUNT_KEYS & set(amt):  # {"skill_dots": {"ref": name}}
        return TL.amount_key(state, amt, ctx)
    if "number" in amt:  # {"number": {"ref": name}}: "an equal number" — how many cards were remembered
        return len((ctx.get("refs") or {}).get(amt["number"]["ref"], []))
    if "stat" in amt:  # {"stat": "cost", "of": {"ref": name}}: "a number equal to his or her cost"
        cards = candidates(state, amt["of"]["all"], ctx) if "all" in amt["of"] else \
            [i for i in ctx["refs"].get(amt["of"]["ref"], []) if i in state["cards"]]  # "all": Morik
        values = [ST.value(state, i, amt["stat"]) for i in cards]
        if amt.get("highest"):  # "the highest Cunning among those personnel"
            return max(values, default=0)
        return sum(values)
    if amt.get("chosen_opponent"):  # "choose an opponent. For each headquarters mission he or she commands, …"
        # where no one can stop to be asked (a cost, a static): the player's choice is the opponent counting most
        # (Aaron Conor, Party Atmosphere); ``player: trigger`` — the player of the triggering event chooses
        player = (ctx.get("event") or {}).get("seat", ctx["you"]) if amt.get("player") == "trigger" else ctx["you"]
        n = max((len(candidates(state, amt["per"], dict(ctx, you=player, opp=o, that_opp=True)))
                 for o in range(len(state["seats"])) if o != player), default=0) * amt.get("times", 1)
    else:
        n = len(candidates(state, amt["per"], ctx)) * amt.get("times", 1)
    if "limit" in amt:
        n = max(-abs(amt["limit"]), min(abs(amt["limit"]), n))
    return n


def base_candidates(state: dict, f: dict, ctx: dict) -> list:
    scope = f.get("scope")
    if scope is None:
        scope = "attempting" if ctx.get("dilemma") else ("in_play" if "present" not in f else "present")
    if scope == "attempting":  # a dilemma's: the personnel facing it
        return facing(state) if ctx.get("dilemma") else attempting(state)
    if scope in ("hand", "deck", "discard", "drawn", "out"):  # drawn: the dilemmas you drew (Machinations); out:
        # the cards removed from the game ("download a copy of that card": Kira Nerys, The Intendant)
        seat = ctx["you"] if f.get("owner", "you") == "you" else ctx["opp"]
        return list(state["seats"][seat][scope])
    if scope == "all_discards":  # every player's discard pile, yours first ("Each player removes all interrupts
        # in his or her discard pile": Cultist Attack); discard piles are public
        n = len(state["seats"])
        return [i for k in range(n) for i in state["seats"][(ctx["you"] + k) % n]["discard"]]
    if scope == "overcome":  # the overcome dilemmas beneath every mission, yours first (face up: public)
        n = len(state["seats"])
        return [d for k in range(n) for m in state["seats"][(ctx["you"] + k) % n]["missions"]
                for d in state["cards"][m]["under"]]
    if scope == "damage":  # the Damage cards lying on ships in play ("your Damage cards on an opponent's ship": No Escape)
        return [d for ship in S.ships_in_play(state) for d in state["cards"][ship].get("damage", ())]
    if scope == "on_this_event":  # the cards placed on this card (effects/on_event.py; out of play, no commander)
        return list(state["cards"][ctx["source"]].get("placed", ()))
    if scope == "brig":  # the captives in your brig (nobody commands a captive)
        return list(state["seats"][ctx["you"]]["brig"])
    if scope == "opponent_brig":  # the captives in your opponents' brigs
        return [i for s in opponents(state, ctx) for i in state["seats"][s]["brig"]]
    if scope == "present":
        loc = S.location(state, ctx["source"])
        return [i for i in S.cards_at(state, loc) if i != ctx["source"]] if loc else []
    # cards on an event (a cloaked ship and what is aboard) are reached only by a filter naming it
    reach = "on_event" in f
    if f.get("type") == "ship":
        return S.ships_in_play(state) + (S.ships_on_events(state) if reach else [])
    if f.get("type") in (None, "personnel"):
        people = S.personnel_in_play(state)
        if reach:  # aboard a ship on an event, or placed on an event itself (Anything or Anyone)
            people += [i for i in S.cards_in_play(state) if S.ctype(state, i) == "personnel" and S.on_event(state, i)]
        return people + ([] if f.get("type") else
                                             [i for i in S.cards_in_play(state) if S.ctype(state, i) != "personnel"
                                              and (reach or not S.on_event(state, i))])
    return [i for i in S.cards_in_play(state) if reach or not S.on_event(state, i)]


def candidates(state: dict, f: dict, ctx: dict) -> list:
    """Cards matching a filter, with ``highest``/``lowest`` narrowed to the tied best."""
    core = {k: v for k, v in f.items() if k not in ("highest", "lowest", "scope")}
    if ctx.get("dilemma") and "type" not in core and f.get("scope") in (None, "attempting"):
        core["type"] = "personnel"
    out = [i for i in base_candidates(state, f, ctx) if matches(state, i, core, ctx)]
    for key, pick in (("highest", max), ("lowest", min)):
        if key in f and out:
            best = pick(ST.value(state, i, f[key]) for i in out)
            out = [i for i in out if ST.value(state, i, f[key]) == best]
    return out


def requirement_group(state: dict, ctx: dict) -> list:
    """Who must meet an "unless"/"meets" requirement: the attempting personnel during an
    attempt, else your unstopped personnel present with the source."""
    if state.get("attempt") and ctx.get("dilemma"):
        return facing(state)
    if state.get("attempt") and (ctx["source"] in attempting(state) or state["attempt"]["seat"] == ctx["you"]):
        return attempting(state)
    loc = S.location(state, ctx["source"])
    if not loc:
        return [i for i in S.personnel_in_play(state, ctx["you"]) if not state["cards"][i]["stopped"]]
    return [i for i in S.cards_at(state, loc) if S.ctype(state, i) == "personnel"
            and S.commander(state, i) == ctx["you"] and not state["cards"][i]["stopped"]]



def searched_filter(arg: dict) -> dict:
    """The FILTER of a card searched for in one's own pile (``download``,
    ``take_from_discard``): ``filter`` plus ``title``; the pile itself says where and whose."""
    f = dict(arg.get("filter") or {})
    if "title" in arg:
        f["title"] = arg["title"]
    f.pop("scope", None)
    f.pop("owner", None)
    return f


def pile_options(state: dict, pile: list, arg: dict, ctx: dict) -> list:
    """The "choose" options for a card searched for in a pile (a download from the deck, a
    card taken from the discard pile), one option per title (copies are the same choice, so
    the first copy stands for them)."""
    f = searched_filter(arg)
    seen, opts = set(), []
    for i in pile:
        g = state["cards"][i]["guid"]
        if g not in seen and matches(state, i, f, ctx):
            seen.add(g)
            opts.append({"type": "choose", "card": i})
    return opts


def condition(state: dict, cond: dict, ctx: dict) -> bool:
    for k, v in cond.items():
        if k == "facing_dilemma":
            a = state.get("attempt")
            is_facing = bool(a and a.get("current") and ctx["source"] in facing(state))
            if is_facing != bool(v):
                return False
        elif k == "attempting":
            if (ctx["source"] in attempting(state)) != bool(v):
                return False
        elif k == "in_combat":
            cb = state.get("combat")
            if bool(cb and ctx["source"] in cb.get("cards", [])) != bool(v):
                return False
        elif k == "present_with":
            loc = S.location(state, ctx["source"])
            if not loc or not any(i != ctx["source"] and matches(state, i, v, ctx) for i in S.cards_at(state, loc)):
                return False
        elif k == "command":
            # "you must command (three) X": unstopped cards you command (rulebook, Stopped:
            # "texts that require you to command a personnel … only if you command an
            # unstopped personnel"); `min` is how many
            n = sum(1 for i in S.cards_in_play(state) if S.commander(state, i) == ctx["you"]
                    and not state["cards"][i]["stopped"] and matches(state, i, v, ctx))
            if n < cond.get("min", 1):
                return False
        elif k == "count":
            found = candidates(state, v, ctx)
            if cond.get("distinct") == "title":  # "two different cards" (Accepting the Past): different titles
                found = {S.title(state, i) for i in found}
            if len(found) < cond.get("min", 1):
                return False
        elif k in ("min", "matches", "distinct"):
            continue
        elif k == "ref":
            cards = ctx["refs"].get(v, [])
            if not cards or not all(matches(state, i, cond["matches"], ctx) for i in cards):
                return False
        elif k == "meets":
            group = X.meets_group(state, cond, ctx)
            # a dilemma's "unless they have …" (a `meets` under a `not`) is a requirement the
            # players want met; its "if you have …" is not (RULES.md "Meeting requirements with
            # another attribute")
            check = "dilemma" if ctx.get("dilemma") and ctx.get("negated") else None
            if not ST.meets(state, requirement_group(state, ctx) if group is None else group, v, ctx, check):
                return False
        elif k == "mission_type":
            a = state.get("attempt")
            m = a["mission"] if a else S.mission_of(state, ctx["source"])
            if m is None or S.mission_type(state, m) != v:
                return False
        elif k == "not":
            if condition(state, v, {**ctx, "negated": not ctx.get("negated")}):
                return False
        elif k == "all":
            if not all(condition(state, c, ctx) for c in v):
                return False
        elif k == "any":
            if not any(condition(state, c, ctx) for c in v):
                return False
        elif k in X.CONDITION_KEYS:
            if not X.condition_key(state, k, v, ctx):
                return False
        elif k in TL.CONDITION_KEYS:
            if not TL.condition_key(state, k, v, ctx):
                return False
        elif k in GA.CONDITION_KEYS:
            if not GA.condition_key(state, k, v, ctx):
                return False
        elif k != "group":  # read by ``meets``
            raise ValueError(f"unknown CONDITION key {k!r}")
    return True
