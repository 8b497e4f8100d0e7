"""The conditions and requirements of the rendered card text: "if you command …", "unless you
have 2 Anthropology and Cunning>30", "while this personnel is facing a dilemma".

Why a module of its own: the CONDITION keys grow with every set (each new "if …" a card says),
apart from the nouns, targets and amounts of ``render_phrases`` they are built from; a new
CONDITION key lands here with its phrase, and ``<?key>`` shows a key without one (a test rejects
that marker for every authored card).
"""
from __future__ import annotations

from .render_phrases import Ctx, _and, _or, amount, noun, num, predicate, ref_phrase, stat_name


def requirement(r: dict, ctx: Ctx) -> str:
    """A REQ: "2 Anthropology and Cunning>30", alternatives joined by "or"."""
    if "any_of" in r:
        return " or ".join(requirement(x, ctx) for x in r["any_of"])
    parts = []
    for s, n in (r.get("skills") or {}).items():
        parts.append(f"{n} {s}" if n > 1 else s)
    for s, n in (r.get("attributes") or {}).items():
        parts.append(f"{stat_name(s)}>{n}")
    if "attribute_sum" in r:  # "Shields + unused Range this turn>13" (min 14)
        a = r["attribute_sum"]
        parts.append(" + ".join(stat_name(x) for x in a["stats"]) + f">{a['min'] - 1}")
    if "cards" in r:
        c = r["cards"]
        n = c.get("min", 1)
        parts.append(noun(c["filter"], ctx, article=True) if n == 1 else f"{num(n)} {noun(c['filter'], ctx, plural=True)}")
    return _and(parts) or "nothing"


def _count_clause(f: dict, n: int, ctx: Ctx, negative: bool = False) -> str:
    """"you command 3 or more [Baj] personnel", "you have an Engineer personnel" (a dilemma:
    among the attempting personnel), "the ship used has a [Maq] personnel aboard"."""
    if f.get("self"):
        rest = {k: v for k, v in f.items() if k != "self"}
        if rest == {"completed": True} and ctx.this == "this mission":  # Deliver Prisoners
            return "you have not completed this mission" if negative else "you have completed this mission"
        return f"{ctx.this} {predicate(rest, ctx) or 'is in play'}"
    if "ref" in f:
        rest = {k: v for k, v in f.items() if k not in ("ref", "type")}
        name = f["ref"]
        many = ctx.refs.get(name, ("", True))[1]
        subject = ref_phrase(name, ctx, plural=many)
        if many:
            subject = f"{'none' if negative else 'at least one' if n <= 1 else f'{n} or more'} of {subject}"
        return f"{subject} {predicate(rest, ctx)}"
    side = f.get("owner")
    scoped = f.get("scope") in ("hand", "deck", "discard")
    if ctx.dilemma and f.get("scope") in (None, "attempting"):
        who = "you have"
    elif side and not scoped:
        who = ("you command" if side == "you" else "an opponent commands") if f.get("scope") in (None, "in_play") \
            and not f.get("present") else ("you have" if side == "you" else "an opponent has")
    else:
        who = None
    if who:
        body = noun(f, ctx, owner=False, plural=n > 1, article=n <= 1 and not negative)
        if negative:
            neg = {"you have": "you have no", "you command": "you command no",
                   "an opponent has": "an opponent has no", "an opponent commands": "an opponent commands no"}[who]
            return f"{neg} {body}"
        return f"{who} {body}" if n <= 1 else f"{who} {n} or more {body}"
    if negative:
        return f"there is no {noun(f, ctx)}"
    if n <= 1:
        return f"there is {noun(f, ctx, article=True)}"
    return f"there are {n} or more {noun(f, ctx, plural=True)}"


def _not(c: dict, ctx: Ctx) -> str:
    if set(c) <= {"count", "min"} and c.get("min", 1) <= 1:
        return _count_clause(c["count"], 1, ctx, negative=True)
    if set(c) == {"completed"}:
        v = c["completed"]
        who = "you have" if v.get("who", "you") == "you" else "an opponent has"
        return f"{who} not completed " + _completed_what(v)
    if set(c) == {"command"}:
        return f"you do not command {noun(c['command'], ctx, article=True, owner=False)}"
    if set(c) == {"any"}:
        return "neither " + " nor ".join(condition(x, ctx) for x in c["any"])
    return f"it is not true that {condition(c, ctx)}"


def _completed_what(v: dict) -> str:
    parts = []
    for t in ("planet", "space", "any"):
        if t in v:
            word = "mission" if t == "any" else f"{t} mission"
            parts.append(f"a {word}" if v[t] == 1 else f"{num(v[t])} {word}s")
    return _and(parts)


def _this_turn(v: dict, ctx: Ctx) -> str:
    """"that opponent has drawn two cards this turn", "that player has played exactly one other
    personnel with Cost 1 this turn" (a count: the card being played is never among them)."""
    side = v.get("who", "you")
    who = ("that player has" if ctx.trigger == "about_to_play_personnel" else "you have") if side == "player" \
        else "you have" if side == "you" else "that opponent has"
    if "drew" in v:
        return f"{who} drawn {num(v['drew'])} card{'s' if v['drew'] != 1 else ''} this turn"
    lo, hi = v.get("min"), v.get("max")
    if lo is None and hi is None:
        return f"{who} played {noun(v['played'], ctx, article=True)} this turn"
    many = "no" if hi == 0 else (f"exactly {num(lo)}" if lo == hi else
                                 f"at least {num(lo)}" if hi is None else f"at most {num(hi)}")
    return f"{who} played {many} other {noun(v['played'], ctx, plural=lo != 1 or hi != 1)} this turn"


def condition(c: dict, ctx: Ctx) -> str:
    """A CONDITION as a clause: "you command a [Baj] Diplomacy personnel", "this personnel is
    facing a dilemma and there is no Intelligence personnel at this mission"."""
    parts = []
    for k, v in c.items():
        if k in ("min", "matches", "group", "distinct"):
            continue
        if k == "facing_dilemma":
            parts.append(f"{ctx.this} is {'facing' if v else 'not facing'} a dilemma")
        elif k == "attempting":
            parts.append(f"{ctx.this} is {'attempting' if v else 'not attempting'} a mission")
        elif k == "in_combat":
            parts.append(f"{ctx.this} is {'in' if v else 'not in'} a combat")
        elif k == "present_with":
            w = {x: y for x, y in v.items() if x != "present"}
            parts.append(f"{ctx.this} is present with {noun(w, ctx, article=True)}")
        elif k == "command":
            n = c.get("min", 1)
            v = {**v, "owner": "you"} if "in_core" in v else v  # "an event in your core": what you command is yours
            parts.append(f"you command {noun(v, ctx, article=True, owner=False)}" if n <= 1
                         else f"you command {num(n)} {noun(v, ctx, plural=True, owner=False)}")
        elif k == "count":
            parts.append(_count_clause(v, c.get("min", 1), ctx)
                         + (" with different card titles" if c.get("distinct") == "title" else ""))
        elif k == "meets":
            who = f"{ref_phrase(c['group']['ref'], ctx, plural=True)} have" if "group" in c else (
                "your attempting personnel have" if ctx.dilemma else "your personnel there have")
            parts.append(f"{who} {requirement(v, ctx)}")
        elif k == "mission_type":
            parts.append(f"{ctx.this} is at a {v} mission")
        elif k == "not":
            parts.append(_not(v, ctx))
        elif k == "all":
            parts.append(_and([condition(x, ctx) for x in v]))
        elif k == "any":
            parts.append(" or ".join(condition(x, ctx) for x in v))
        elif k == "ref":  # "if it is not a personnel": there is such a card, and it is not one
            m = c["matches"]
            parts.append(f"{ref_phrase(v, ctx)} is not {noun(m['not'], ctx, article=True)}"
                         if set(m) == {"not"} and isinstance(m["not"], dict) else
                         f"{ref_phrase(v, ctx)} is {noun(m, ctx, article=True)}")
        elif k == "score":
            if "min" in v:
                parts.append(f"you have {v['min']} or more points")
            if v.get("higher_than_each_opponent"):
                parts.append("you have a higher score than each of your opponents")
            if v.get("lower_than_each_opponent"):  # Kira Taban
                parts.append("you have a lower score than each of your opponents")
        elif k == "captives":
            who = "you have" if v.get("who", "you") == "you" else "an opponent has"
            n = v.get("min", 1)
            parts.append(f"{who} {'a captive' if n <= 1 else f'{n} or more captives'}")
        elif k == "completed":
            who = "you have" if v.get("who", "you") == "you" else "an opponent has"
            parts.append(f"{who} completed {_completed_what(v)}")
        elif k == "mission":
            parts.append(f"{ctx.this} is at {noun({'type': 'mission', **v}, ctx, article=True)}")
        elif k == "trigger_card":  # whose card it is is part of what it must be ("your Bajoran Resistance personnel")
            parts.append(f"that card is {ctx.this}" if v.get("self") else
                         f"that card is {noun(v, ctx, article=True)}" if "owner" in v else f"that card {predicate(v, ctx)}")
        elif k == "trigger_mission":
            parts.append(f"that mission is {noun({'type': 'mission', **v}, ctx, article=True)}")
        elif k == "trigger_by_dilemma":
            parts.append("it is by a dilemma" if v else "it is not by a dilemma")
        elif k == "copy_overcome":
            parts.append("a copy of that dilemma is overcome at a mission you command" if v
                         else "no copy of that dilemma is overcome at a mission you command")
        elif k == "trigger_by":
            parts.append("you are doing it" if v == "you" else "an opponent is doing it")
        elif k == "trigger_random":
            parts.append("it was selected at random" if v else "it was not selected at random")
        elif k == "in_engagement":
            ship = "this ship" if ctx.card_type == "ship" else "the ship this card is aboard"
            if isinstance(v, dict) and "began_by" in v:
                by = "you" if v["began_by"] == "you" else "an opponent"
                parts.append(f"{ship} is in an engagement {by} began")
            else:
                parts.append(f"{ship} is in an engagement")
        elif k == "attempt_at_this_mission":
            parts.append(f"you are {'attempting' if v else 'not attempting'} the mission where {ctx.this} is")
        elif k == "at_least_half":
            pred = predicate(v["are"], ctx, plural=True)
            if set(v["are"]) == {"not"} and isinstance(v["are"]["not"], dict):
                pred = "are not " + noun(v["are"]["not"], ctx, plural=True, owner=False)
            parts.append(f"at least half of {noun(v['of'], ctx, plural=True)} {pred}")
        elif k == "engagement_began_by":
            parts.append("you began that engagement" if v == "you" else "an opponent began that engagement")
        elif k == "even":
            parts.append(f"{amount(v, ctx, count=True)} is even")
        elif k == "prevented":
            parts.append(f"{ctx.this} was prevented" if v else f"{ctx.this} was not prevented")
        elif k == "commands_more":
            mine = "in_core" in v["filter"] and v.get("who", "you") == "you"  # "more events in your core"
            what = noun({**v["filter"], "owner": "you"} if mine else v["filter"], ctx, plural=True, owner=False)
            parts.append(f"you command more {what} than each of your opponents" if v.get("who", "you") == "you"
                         else f"an opponent commands more {what} than you")
        elif k == "total":
            bounds = [f"{amount(v[b], ctx, count=True)} or {'more' if b == 'min' else 'less'}" for b in ("min", "max") if b in v]
            bounds += [f"less than {amount(v['below'], ctx, count=True)}"] if "below" in v else []
            what = amount(v["amount"], ctx, count=True)
            parts.append(f"the total {what[4:] if what.startswith('the ') else what} is {' and '.join(bounds)}")
        elif k == "alike":
            fact = {"species": "species", "type": "card type"}.get(v["fact"], "affiliation")
            parts.append(f"{ref_phrase(v['ref'], ctx, plural=True)} are the same {fact}")
        elif k == "selected":
            parts.append(f"{ctx.this} is {'one of the cards' if v else 'not one of the cards'} selected")
        elif k == "has_skills_of":  # Broken Captive
            parts.append(f"you have the skills on {ref_phrase(v['ref'], ctx)}")
        elif k == "has_named_skills":  # Counterinsurgency Program
            parts.append("you have the skills named")
        elif k == "dilemma_unmet":  # James T. Kirk
            parts.append("the dilemma being faced has requirements you cannot meet" if v
                         else "the dilemma being faced has no requirements you cannot meet")
        elif k == "has_mission_skills":  # Lack of Preparation
            parts.append("you have the skills needed to complete this mission" if v
                         else "you do not have the skills needed to complete this mission")
        elif k == "killed_this_attempt":
            parts.append("a personnel has been killed during this mission attempt" if v
                         else "no personnel has been killed during this mission attempt")
        elif k == "card_owner":
            parts.append(f"you own {ctx.this}" if v else f"you do not own {ctx.this}")
        elif k == "your_turn":
            parts.append("it is your turn" if v else "it is not your turn")
        elif k == "drawing_dilemmas":
            parts.append("you draw the dilemmas for that attempt" if v else "you do not draw the dilemmas for that attempt")
        elif k == "this_turn":
            parts.append(_this_turn(v, ctx))
        elif k == "ship_damaged":  # Shipboard Fire ("this ship": the attempting ship)
            parts.append("there are damage markers on this ship" if v else "there are no damage markers on this ship")
        elif k == "each_mission":  # Reflections 2.0: Yarka, Annexation Drone, U.S.S. Defiant
            parts.append(f"each of your non-headquarters missions is {noun({'type': 'mission', **v}, ctx, article=True, owner=False)}")
        elif k == "trigger_killed":  # Cavalry Raid
            parts.append(f"{noun(v, ctx, article=True)} was killed in it")
        elif k == "trigger_in":
            parts.append(f"it is in {'a combat' if v == 'combat' else 'an engagement'}")
        elif k == "trigger_used_skill":
            parts.append(f"that personnel used {_or(v)} to meet them")
        elif k == "completed_using_skill":
            if isinstance(v, str):
                parts.append(f"{ctx.this} used {v} to complete it")
            else:
                parts.append(f"{ctx.this} used a skill to complete it" if v else f"{ctx.this} did not use a skill to complete it")
        else:
            parts.append(f"<?{k}>")
    return _and(parts)
