"""Render the effects of a card's mechanics: each verb as a lower-case imperative clause
("stop a random personnel"), and effect lists as clauses or sentences.

Why a module of its own: ``render`` turns the abilities (their kinds, triggers, costs and
keywords) into paragraphs; this module renders what those abilities *do* — one phrase per
verb of the effect language (``VERBS``), which grows with every new verb. The nouns
(targets, filters, amounts, conditions) are in ``render_phrases``.
"""
from __future__ import annotations

import re

from . import render_conditions as C
from . import render_phrases as P
from .filters import searched_filter

DURATIONS = {"end_of_dilemma": " until the end of this dilemma", "end_of_attempt": " until the end of this mission attempt",
             "end_of_turn": " until the end of this turn", "permanent": "",
             "end_of_engagement": " until the end of that engagement",
             "start_of_your_next_turn": " until the start of your next turn"}


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def sentences(effs: list, ctx: P.Ctx) -> str:
    """Effects as sentences, each capitalised and closed."""
    out = []
    for e in effs:
        text = effect(e, ctx)
        if text:
            out.append(_cap(text) + ("" if text.endswith(".") else "."))
    return " ".join(out)


def clauses(effs: list, ctx: P.Ctx) -> str:
    """Effects as one lower-case clause list ("draw a card, then shuffle your deck")."""
    parts = [effect(e, ctx).rstrip(".") for e in _merged(effs)]
    return ", then ".join(p for p in parts if p)


def _merged(effs: list) -> list:
    """Consecutive ``modify`` effects of one target, amount and duration read as one
    ("give this personnel attributes +3"); the engine runs them one by one all the same."""
    out: list = []
    for e in effs:
        m = e.get("modify") if isinstance(e, dict) and set(e) <= {"modify", "until"} else None
        prev = out[-1] if out else None
        pm = prev.get("modify") if isinstance(prev, dict) and set(prev) <= {"modify", "until", "_stats"} else None
        if m and pm and (pm["target"], pm["amount"], prev.get("until")) == (m["target"], m["amount"], e.get("until")) \
                and not m["stat"][:1].isupper() and not pm["stat"][:1].isupper():
            prev["_stats"] = prev.get("_stats", [pm["stat"]]) + [m["stat"]]
            continue
        out.append(dict(e) if m else e)
    return out


# -- effects ------------------------------------------------------------------------------
def _verb_of(eff: dict) -> str | None:
    from .schema import EFFECT_VERBS
    return next((k for k in eff if k in EFFECT_VERBS), None)


def effect(eff: dict, ctx: P.Ctx) -> str:
    """One effect as a lower-case imperative clause ("stop a random personnel")."""
    verb = _verb_of(eff)
    if verb is None:
        return "<?" + ",".join(sorted(eff)) + ">"
    arg = eff[verb]
    fn = VERBS.get(verb)
    if fn is None:
        return f"<?{verb}>"
    text = fn(eff, arg, ctx)
    if eff.get("order") == "chosen":
        text += " in any order (the first chosen ends on top)" if verb == "place_on_deck_top" else " in any order"
    elif eff.get("order") == "random":
        text += " in a random order"
    if "as" in eff and verb == "put_into_play":  # the cards put into play ("that personnel")
        P.remember_ref(ctx, eff["as"], arg["target"])
    elif "as" in eff and verb == "download" and isinstance(arg.get("filter"), dict):  # the card downloaded
        P.remember_ref(ctx, eff["as"], {"choose": arg["filter"], "count": arg.get("count", 1)})
    elif "as" in eff and isinstance(arg, dict) and verb not in ("examine", "prevent", "discard", "replace", "place_at", "beam"):
        P.remember_ref(ctx, eff["as"], arg)
    return text


def _t(fmt: str):
    def fn(eff, arg, ctx):
        return fmt.format(t=P.target(arg, ctx), this=ctx.this)
    return fn


def _brig(eff, arg, ctx):
    side = arg.get("brig", "opponent" if ctx.dilemma else "you")
    brig = f"in {'your' if side == 'you' else 'your opponent' + chr(39) + 's'} brig"
    t = P.target(arg, ctx)
    return f"place {brig} {t}" if t.endswith("selected at random") else f"place {t} {brig}"


def _remember(eff, arg, ctx):
    t = P.target(arg, ctx)
    return f"select {t}"


def _place_on_mission(eff, arg, ctx):
    if arg.get("requirement") == {}:  # nothing more to meet: overcome when the mission is completed (Skeleton Crew)
        return "place this dilemma on this mission; when you complete this mission, this dilemma is overcome"
    if "requirement" in arg:
        return ("place this dilemma on this mission; completing the mission also requires "
                f"{C.requirement(arg['requirement'], ctx)}, and meeting it later overcomes this dilemma")
    if arg.get("redraw"):
        return ("place this dilemma on this mission; when this mission is attempted again, after the dilemmas "
                "are drawn its owner may add it to those drawn")
    if arg.get("stay"):  # Timescape: its own text says what ends its stay
        return "place this dilemma on this mission"
    if arg.get("until") == "end_of_attempt":  # Harsh Conditions
        return "place this dilemma on this mission; at the end of this mission attempt it is overcome"
    return "place this dilemma on this mission; at the end of this turn it is overcome"


def _modify(eff, arg, ctx):
    """Imperative, so it reads after a cost ("discard a card from hand to give …")."""
    t = P.target(arg["target"], ctx)
    stat, amt = arg["stat"], arg["amount"]
    until = DURATIONS.get(eff.get("until", "end_of_turn"), "")
    if arg.get("set"):  # Razka Karn
        return f"replace {t}'s {P.stat_name(stat)} with {P.amount(amt, ctx)}{until}"
    if eff.get("_stats"):  # merged by `_merged`: several attributes by one amount
        sign = "+" if not isinstance(amt, int) or amt >= 0 else ""
        names = eff["_stats"]
        what = "attributes" if sorted(names) == ["cunning", "integrity", "strength"] else P._and(
            [P.stat_name(n) for n in names])
        return f"give {t} {what} {sign}{P.amount(amt, ctx)}{until}"
    if stat[:1].isupper() and isinstance(amt, int) and amt < 0:
        lost = stat if amt == -1 else f"{-amt} {stat}"
        return f"make {t} lose {lost}{until}"
    if stat[:1].isupper():
        return f"give {t} {stat if amt == 1 else f'{P.amount(amt, ctx)} {stat}'}{until}"
    sign = "+" if not isinstance(amt, int) or amt >= 0 else ""
    return f"give {t} {P.stat_name(stat)} {sign}{P.amount(amt, ctx)}{until}"


def _whose(arg, you="you", they="your opponent"):
    return you if arg.get("who", "you") == "you" else they


def _count_words(n, ctx, one: str, many: str) -> str:
    if isinstance(n, dict) and "number" in n:
        return f"an equal number of {many}"
    if isinstance(n, dict):
        return f"{many} equal to {P.amount(n, ctx, count=True)}"
    return one if n == 1 else f"{P.num(n)} {many}"


def _draw(eff, arg, ctx):
    what = _count_words(arg.get("count", 1), ctx, "a card", "cards")
    if arg.get("up_to"):  # Enabran Tain
        return f"draw up to {what}"
    if arg.get("who") == "each":
        return f"have each player draw {what}"  # "you may have each player draw a card" (Keevan)
    return f"draw {what}" if arg.get("who", "you") == "you" else f"your opponent draws {what}"


def _discard(eff, arg, ctx):
    n = arg.get("count", 1)
    opp = arg.get("who", "you") != "you"
    if arg.get("hand") == "all":  # "discard your hand"
        return "your opponent discards his or her hand" if opp else "discard your hand"
    word = P.noun(arg["filter"], ctx, owner=False) if "filter" in arg else "card"
    if "as" in eff:  # "the discarded personnel" (the noun only: the filter was said where they were discarded)
        head = (P._noun_word(arg["filter"], ctx) if "filter" in arg else "") or "card"
        ctx.refs[eff["as"]] = (f"discarded {P.plural_of(head) if n != 1 else head}", n != 1)
    if arg.get("from") == "deck_top" and isinstance(n, dict) and "per" not in n:  # "equal to that personnel's cost"
        return (f"{'your opponent discards' if opp else 'discard'} a number of cards from the top of "
                f"{'his or her' if opp else 'your'} deck equal to {P.amount(n, ctx, count=True)}")
    if arg.get("from") == "deck_top" and isinstance(n, dict):  # "for each personnel beamed this way"
        per = P.noun(n["per"], ctx)
        each = f"for each {'of ' if per.startswith(('your ', 'those ', 'that ')) else ''}{per}"
        return f"{'your opponent discards' if opp else 'discard'} a card from the top of {'his or her' if opp else 'your'} deck {each}"
    if arg.get("from") == "deck_top":
        what = "the top card" if n == 1 else f"the top {P.num(n)} cards"
        if arg.get("who") == "each_opponent":  # Dukat
            return f"each of your opponents discards {what} of his or her deck"
        return f"{'your opponent discards' if opp else 'discard'} {what} of {'his or her' if opp else 'your'} deck"
    if n == 1 and set(arg.get("filter") or {}) == {"ref"}:  # "discard that card" (Memory Invasion)
        return f"{'your opponent discards' if opp else 'discard'} {P.ref_phrase(arg['filter']['ref'], ctx)}"
    if not isinstance(n, int):  # an AMOUNT
        what = f"{'any number of' if arg.get('up_to') else 'a number of'} {P.plural_of(word)} (at most " \
               f"{P.amount(n, ctx, count=True)})" if arg.get("up_to") else \
               f"a number of {P.plural_of(word)} equal to {P.amount(n, ctx, count=True)}"
    elif arg.get("up_to"):
        what = f"up to {P.num(n)} {word if n == 1 else P.plural_of(word)}"
    else:
        what = (f"a random {word}" if arg.get("random") else P.a_an(word)) if n == 1 else (
            f"{P.num(n)} random {P.plural_of(word)}" if arg.get("random") else f"{P.num(n)} {P.plural_of(word)}")
    if arg.get("who") == "each_opponent":  # "each opponent discards a card from hand" (Building a Bridge)
        return f"each of your opponents discards {what} from hand"
    return f"{'your opponent discards' if opp else 'discard'} {what} from hand"


def _download(eff, arg, ctx):
    if "title" in arg and "filter" not in arg:
        return "download {" + arg["title"] + "}"
    if arg.get("count", 1) > 1:  # "download up to three [Car] Dissident personnel" (Kira Nerys)
        return f"download up to {P.num(arg['count'])} {P.noun(searched_filter(arg), ctx, plural=True, owner=False)}"
    return f"download {P.noun(searched_filter(arg), ctx, article=True, owner=False)}"


def _take_from_discard(eff, arg, ctx):
    return f"take {P.noun(searched_filter(arg), ctx, article=True, owner=False)} from your discard pile into your hand"


def _score(eff, arg, ctx):
    amt = arg["amount"]
    per = P.noun(amt["per"], ctx) if isinstance(amt, dict) and "per" in amt else ""
    if per.startswith("an opponent's "):  # "for each opponent's headquarters mission" (Your Fear Will Destroy You)
        per = per[len("an "):]
    text = f"{amt} points" if isinstance(amt, int) else (
        f"{amt.get('times', 1)} points for each {per}" if "per" in amt else P.amount(amt, ctx) + " points")
    return f"score {text}" if arg.get("who", "you") == "you" else f"your opponent scores {text}"


def _lose(eff, arg, ctx):
    amt = arg["amount"]
    text = f"{amt} points" if isinstance(amt, int) else P.amount(amt, ctx) + " points"
    return f"lose {text}" if arg.get("who", "you") == "you" else f"your opponent loses {text}"


def _outcomes(eff, ctx) -> str:
    out = ""
    if eff.get("win"):
        out += f"; if you win, {clauses(eff['win'], ctx)}"
    if eff.get("lose"):
        out += f"; otherwise, {clauses(eff['lose'], ctx)}"
    return out


def _combat(eff, arg, ctx):
    who = f"your {P.noun(arg['filter'], ctx, owner=False)}" if arg.get("filter") else "your personnel"
    if arg.get("filter") == {"self": True}:  # "begin combat involving this personnel" (Limara'Son)
        who = ctx.this
    return f"begin a combat involving {who} against an opponent's personnel present{_outcomes(eff, ctx)}"


def _engagement(eff, arg, ctx):
    if "involving" in arg:  # "begin an engagement involving them"
        return f"begin an engagement involving {P.target(arg['involving'], ctx)}{_outcomes(eff, ctx)}"
    ship = P.noun({"type": "ship", **arg["ship"]}, ctx, owner=False) if arg.get("ship") else "ship"
    crew = f" with your {P.noun(arg['filter'], ctx, owner=False)} aboard" if arg.get("filter") else ""
    bonus = ""
    if arg.get("bonus"):
        bonus = " (that ship is " + P._and([f"{P.stat_name(b['stat'])} {'+' if b['amount'] >= 0 else ''}{b['amount']}"
                                            for b in arg["bonus"]]) + " in it)"
    join = ""
    if "joiners" in arg:  # The Enterprise Incident
        join = (f". Each of your {P.noun(arg['joiners'], ctx, owner=False, plural=True)} at the same mission may "
                "join the engagement")
    return f"begin an engagement involving your {ship}{crew}{bonus}{join}{_outcomes(eff, ctx)}"


def _unless(eff, arg, ctx):
    who = "you have" if ctx.dilemma else "your personnel present have"
    return f"unless {who} {C.requirement(arg, ctx)}, {clauses(eff.get('then') or [], ctx)}"


def _repeat(eff, arg, ctx):
    """"for each Vorta that used any of his or her skills …, each opponent discards a card from hand
    and you may draw a card" (Building a Bridge); another AMOUNT: "N times, …"."""
    body = clauses(eff.get("then") or [], ctx)
    if isinstance(arg, dict) and "per" in arg and arg.get("times", 1) == 1 and "limit" not in arg:
        return f"for each {P.noun(arg['per'], ctx)}, {body}"
    return f"{P.amount(arg, ctx, count=True)} times, {body}"


def _if(eff, arg, ctx):
    if set(arg) == {"not"} and not eff.get("else"):  # "Unless …" reads better than "if it is not true that …"
        return f"unless {C.condition(arg['not'], ctx)}, {clauses(eff.get('then') or [], ctx)}"
    text = f"if {C.condition(arg, ctx)}, {clauses(eff.get('then') or [], ctx) or 'nothing happens'}"
    if eff.get("else"):
        text += f"; otherwise, {clauses(eff['else'], ctx)}"
    return text


def _search_dilemmas(eff, arg, ctx):
    """Machinations: "… costs no more than …; … on the top of your dilemma stack"; Thought Maker: "… for a
    copy of one of your overcome dilemmas and add it to those drawn"."""
    what = P.noun({"type": "dilemma", **(arg.get("filter") or {})}, ctx, article=True, owner=False)
    if "cost_at_most" in arg:
        what += f" that costs no more than {P.amount(arg['cost_at_most'], ctx, count=True)}"
    end = ("add the chosen dilemma to those you drew" if arg.get("to") == "drawn"
           else "place the chosen dilemma on the top of your dilemma stack")
    return f"search your dilemma pile and choose {what}; shuffle and replace your dilemma pile face down, and {end}"


def _repeat_while(eff, arg, ctx):
    """Battle Lust: "…; repeat this while that personnel costs 1"."""
    return f"{clauses(eff.get('then') or [], ctx)}; repeat this while {C.condition(arg['while'], ctx)}"


def _may(eff, arg, ctx):
    who = (arg or {}).get("who", "you")
    body = clauses(eff.get("then") or [], ctx)
    if body.startswith(("if ", "unless ")):
        body = "do the following: " + body
    if who in ("opponent", "each_opponent"):  # he does it as "you": his pile, his hand ("from his or her discard pile into hand")
        body = re.sub(r"\byour (?!opponent)", "his or her ", body)
    start = "starting with the player to your left, " if (arg or {}).get("start") == "left" else ""
    return start + {"you": "you may ", "opponent": "your opponent may ", "each": "each player may ",
                    "each_opponent": "each of your opponents may "}[who] + body


def _each_opponent(eff, arg, ctx):
    """"make each of your opponents destroy an event he or she commands": the text's "your
    opponent" / "an opponent" is, in turn, each of them ("that opponent")."""
    body = clauses(eff.get("then") or [], ctx).rstrip(".")
    body = re.sub(r"\b(?:[Yy]our|an) opponent\b", "that opponent", body)
    chosen = re.fullmatch(r"(\w+) that opponent's (.+?) \(that opponent chooses\)", body)
    if chosen:  # Powerful Example
        return f"make each of your opponents {chosen[1]} {P.a_an(chosen[2])} he or she commands"
    if body.startswith("that opponent "):
        return "each of your opponents " + body[len("that opponent "):]
    return "for each of your opponents, " + body


def _choose_opponent(eff, arg, ctx):
    """"choose an opponent. You may draw a card for each headquarters mission he or she commands": the
    text's "your opponent" / "an opponent" is the chosen one ("that opponent")."""
    body = clauses(eff.get("then") or [], ctx).rstrip(".")
    body = re.sub(r"\b(?:[Yy]our|an) opponent\b", "that opponent", body)
    if body.startswith("that opponent "):  # "choose an opponent to draw a card" (Holographic Hoax)
        first, _, rest = body[len("that opponent "):].partition(" ")
        first = first[:-2] if first.endswith(("shes", "ches", "xes")) else first[:-1] if first.endswith("s") else first
        return f"choose an opponent to {first} {rest}".rstrip()
    return "choose an opponent, then " + body


def _as_player(eff, arg, ctx):
    """"this mission's owner places a card from hand on top of his or her deck" (U.S.S. Defiant)."""
    body = clauses(eff.get("then") or [], ctx)
    body = re.sub(r"\byour (?!opponent)", "his or her ", body)
    body = re.sub(r"\bits owner's\b", "his or her", body)
    first, _, rest = body.partition(" ")
    verb = first + ("es" if first.endswith(("s", "sh", "ch", "x")) else "s")
    return f"the owner of the mission where {ctx.this} is {verb} {rest}".rstrip()


def _choose_one(eff, arg, ctx):
    a, b = (clauses(o, ctx) for o in arg["options"])
    who = "your opponent chooses" if arg.get("chooser") == "opponent" else "choose"
    return f"{who} one: {a}; or {b}"


def _join(eff, arg, ctx):
    if not arg:
        ship = "this ship" if ctx.card_type == "ship" else "the ship this personnel is aboard"
        return f"have {ship} join that engagement"
    return f"have {P.target(arg, ctx)} join that engagement"


def _prevent(eff, arg, ctx):
    if arg.get("all"):
        text = "prevent that for every card the same effect is about to affect"
        if arg.get("filter"):
            text = f"prevent that for {P.each(arg['filter'], ctx)} the same effect is about to affect"
    else:
        text = {"combat_begins": "prevent that combat", "engagement_begins": "prevent that engagement",
                "about_to_download": "prevent that download"}.get(ctx.trigger, "prevent that")
    if "as" in eff:
        ctx.refs[eff["as"]] = ("personnel", True)
    return text


def _examine(eff, arg, ctx):
    opp = arg.get("who", "you") != "you"
    whose = "an opponent's" if opp else "your"
    src = arg.get("from", "deck")
    verb = "reveal" if arg.get("reveal") else "examine"
    n = arg.get("count", 1)
    if src == "hand" and arg.get("random"):  # "reveal a random card from … hand"
        text = f"{verb} {'a random card' if n == 1 else P.num(n) + ' random cards'} from {whose} hand"
    elif src == "hand":
        text = f"{verb} {whose} hand"
    else:
        pile = "deck" if src == "deck" else "dilemma pile"
        many = not isinstance(n, int) or n != 1
        count = f"the top {P.num(n)} cards" if isinstance(n, int) and n != 1 else (
            "the top card" if n == 1 else "the top X cards")
        if arg.get("end") == "bottom":  # Tampering With Time
            count = count.replace("the top", "the bottom")
        text = f"{verb} {count} of {whose} {pile}" + (f" (X is {P.amount(n, ctx, count=True)})" if many and not isinstance(n, int) else "")
    picks = []
    if arg.get("by") == "opponent":  # "Your opponent examines your hand"
        text = f"your opponent {verb}s " + ("your hand" if src == "hand" else text.split(" ", 1)[1])
    if "choose" in arg:  # "… and chooses a card"
        p = arg["choose"]
        chooser = "your opponent" if p.get("chooser", arg.get("by", "you")) == "opponent" else "you"
        k = p.get("count", 1)
        what = 'a card' if k == 1 else P.num(k) + ' cards'
        if "filter" in p:  # "choose two non-ship cards" (Far-Seeing Eyes)
            what = ("up to " if p.get("up_to") else "") + P.num(k) + " " + P.noun(p["filter"], ctx, owner=False, plural=k != 1)
        picks.append(f"{chooser} {'chooses' if chooser != 'you' else 'choose'} {what} there")
        ctx.refs[p["as"]] = ("card" if k == 1 else "cards", k != 1)
    for key, phrase in (("discard", "discard {n} of them"), ("take", "take {n} of them into hand"),
                        ("bottom", "place {n} of them on the bottom"),
                        ("under", "place {n} of them face up beneath " + (
                            P.ref_phrase(arg["under"]["at"], ctx) if isinstance(arg.get("under"), dict) else "") + " (overcome)")):
        if key in arg:
            p = arg[key] if isinstance(arg[key], dict) else {"count": arg[key]}
            k = p.get("count", 1)
            words = phrase.format(n=("up to " if p.get("up_to") else "") + P.num(k))
            if k == "any":  # "you may place those dilemmas on the top and bottom" (Tempted By Flesh)
                words = phrase.format(n="any number")
            if k == "all":  # "Take each Treachery personnel revealed into your hand" (B'Etor)
                words = phrase.format(n="each").replace(" of them", f" {P.noun(p['filter'], ctx, owner=False)} among them")
            elif "filter" in p:  # "you may place a personnel revealed in his or her owner's discard pile" (Pardek)
                words = phrase.format(n=("up to " if p.get("up_to") else "") + P.num(k)).replace(
                    " of them", f" {P.noun(p['filter'], ctx, owner=False, plural=k != 1)} among them")
            if p.get("chooser") == "opponent":
                words = "your opponent chooses " + ("up to " if p.get("up_to") else "") + P.num(k) + \
                    {"discard": " of them to be discarded", "take": " of them for you to take into hand",
                     "bottom": " of them to go on the bottom"}[key]
            picks.append(words)
    if "exchange" in arg:  # Khazara
        p = arg["exchange"] if isinstance(arg["exchange"], dict) else {"count": arg["exchange"]}
        picks.append(f"choose {P.num(p.get('count', 1))} of those cards; its owner exchanges it with the top card "
                     "of his or her deck")
    if "swap" in arg:
        p = arg["swap"] if isinstance(arg["swap"], dict) else {"count": arg["swap"]}
        k = ("up to " if p.get("up_to") else "") + P.num(p.get("count", 1))
        who = "your opponent may" if p.get("chooser") == "opponent" else "you may"
        picks.append(f"{who} replace {k} of them, each with a card from {whose} discard pile "
                     f"(the replaced card goes to that discard pile)")
    rest = arg.get("rest", "top")
    rest_text = {"top": "", "top_any_order": "place the rest on top in any order",
                 "bottom": "place the rest on the bottom",
                 "bottom_any_order": "place the rest on the bottom in any order", "discard": "discard the rest",
                 "hand": "take the rest into hand"}.get(rest, f"<?rest {rest}>")
    if picks and rest == "top" and src != "hand":
        rest_text = "place the rest back on top" if set(arg) & {"discard", "take", "bottom"} else ""
    parts = [text] + picks + ([rest_text] if rest_text else [])
    if "as" in eff:
        many = not isinstance(n, int) or n != 1 or (src == "hand" and not arg.get("random"))
        ctx.refs[eff["as"]] = ("cards" if many else "card", many)
    return ", then ".join(parts)


def _gain_skills(eff, arg, ctx):
    to = P.target(arg["to"], ctx)
    if arg.get("any_skill") and arg.get("among"):  # "make her gain Engineer, Law, or Science"
        return f"make {to} gain {P._or(arg['among'])}{DURATIONS.get(eff.get('until', 'end_of_turn'), '')}"
    if arg.get("any_skill") and arg.get("none_has"):  # Natural Instincts
        none = P.noun(arg["none_has"], ctx, plural=True)
        return f"name a skill that none of {none} has; {to} gains it{DURATIONS.get(eff.get('until', 'end_of_turn'), '')}"
    if arg.get("any_skill"):
        new = " that he or she does not already have" if arg.get("new") else ""  # Aamin Marritza
        return f"make {to} gain a skill of your choice{new}{DURATIONS.get(eff.get('until', 'end_of_turn'), '')}"
    src = P.target(arg["from"], ctx)
    if arg.get("one") and arg.get("each"):  # Bank Heist
        what = f"one skill of your choice from each of {src}".replace("each of each of", "each of")
    elif arg.get("one"):
        what = f"one skill of your choice from {src}"
    elif arg.get("levels") and arg["from"] == arg["to"]:  # We're Mutants
        n = "one" if arg["levels"] == 1 else P.num(arg["levels"])
        return f"make {to} gain {n} of every skill he or she already has{DURATIONS.get(eff.get('until', 'end_of_turn'), '')}"
    elif arg.get("levels"):
        what = f"{P.num(arg['levels'])} of every skill that {src} has"
    else:
        what = f"all skills{' and attributes' if arg.get('attributes') else ''} that {src} has"
    return f"give {to} {what}{DURATIONS.get(eff.get('until', 'end_of_turn'), '')}"


def _blank_skills(eff, arg, ctx):
    """"While a personnel who has that same card title is facing a dilemma, he or she cannot use his
    or her skills. This effect lasts until the end of this mission attempt" (Psychic Receptacle)."""
    return (f"until the end of this mission attempt, while a personnel with the same card title as "
            f"{P.target(arg, ctx)} is facing a dilemma, he or she cannot use his or her skills")


def _replace(eff, arg, ctx):
    t, w = P.target(arg["target"], ctx), P.target(arg["with"], ctx)
    if "as" in eff:
        ctx.refs[eff["as"]] = ("replaced personnel" if "personnel" in t else "replaced card", False)
    return f"replace {t} with {w} (it takes that card's place, stopped if that card was, without being played)"


def _add_requirements(eff, arg, ctx):
    but = f" (except {P._or(arg['except'])})" if arg.get("except") else ""
    to = f"{P.target(arg['to'], ctx)}'s" if "to" in arg else "the mission's"
    until = DURATIONS.get(eff.get("until", "end_of_turn"), "")
    return f"add the skills{but} of {P.target(arg['skills_of'], ctx)} to {to} requirements{until}"


def _extra_dilemmas(eff, arg, ctx):
    """"draw three extra dilemmas and spend three extra in total cost on dilemmas"."""
    parts = []
    if arg.get("up_to") and arg.get("draw", 0) < 0 and arg.get("cost"):  # I Don't Like to Lose
        return (f"subtract up to {P.num(-arg['draw'])} dilemmas from the number of dilemmas you may draw and add "
                "that same number to the total cost you may spend on dilemmas")
    if arg.get("draw", 0) < 0:  # Damar
        who = "he or she" if arg.get("drawer") == "opponent" else "you"
        parts.append(f"subtract {P.num(-arg['draw'])} from the number of dilemmas {who} can draw")
    elif arg.get("draw"):
        parts.append(f"draw {P.num(arg['draw'])} extra dilemmas")
    if arg.get("cost", 0) < 0:  # Running a Tight Ship
        who = "he or she" if arg.get("drawer") == "opponent" else "you"
        parts.append(f"subtract {P.num(-arg['cost'])} from the total cost {who} can spend on dilemmas")
    elif arg.get("cost"):
        parts.append(f"spend {P.num(arg['cost'])} extra in total cost on dilemmas")
    if "per" in arg:  # Under Suspicion
        one = " and ".join(parts).replace("one extra dilemmas", "one extra dilemma")
        return f"for each of {P.noun(arg['per'], ctx, plural=True)}, {one}"
    return " and ".join(parts)


def _face_instead(eff, arg, ctx):
    return f"{P.target(arg['ship'], ctx)} and your personnel aboard it face that dilemma instead"


def _place_at(eff, arg, ctx):
    """"place this ship at that mission", "take each … and place them on this event"."""
    t, at = arg["target"], arg["at"]
    dest = P.target(at, ctx)
    word = P.ref_phrase(at["ref"], ctx) if "ref" in at else dest
    prep = "on" if "self" in at else ("aboard" if word.endswith("ship") else "at")
    many = "all" in t or t.get("count", 1) != 1
    text = (f"place {ctx.this} {prep} {dest}" if "self" in t else
            f"take {P.target(t, ctx)} and place {'them' if many else 'it'} {prep} {dest}")
    if arg.get("use_range"):
        text += f"; {'their' if many else 'its'} Range for this turn is used"
    if "as" in eff:
        P.remember_ref(ctx, eff["as"], t)
    return text


def _move_ship(eff, arg, ctx):
    return (f"have {P.target(arg['target'], ctx)} move to {P.target(arg['to'], ctx)}, "
            "using the Range of your next turn")


def _beam(eff, arg, ctx):
    if "as" in eff:
        ctx.refs[eff["as"]] = ("personnel beamed this way", True)
    return f"beam {P.target(arg, ctx)}"


def _add_combat_strength(eff, arg, ctx):
    return f"add the Strength of {P.target(arg['of'], ctx)} to your total Strength in that combat"


def _place_damage(eff, arg, ctx):
    return f"place {P.target(arg['card'], ctx)} on {P.target(arg['on'], ctx)} as a damage card"


def _put_into_play(eff, arg, ctx):
    where = " where it could be played" if arg.get("as_played") else ""
    return f"put {P.target(arg['target'], ctx)} into play at {P.target(arg['at'], ctx)}{where} under your command"


def _pass_right(eff, arg, ctx):
    return f"give command of {ctx.this} to the player on your right (move it to his or her core)"


VERBS = {
    "stop": _t("stop {t}"), "kill": _t("kill {t}"), "destroy": _t("destroy {t}"), "unstop": _t("unstop {t}"),
    "join_attempt": _t("have {t} join this mission attempt"),
    "reveal": _t("reveal {t}"),
    "place_in_brig": _brig, "return_to_hand": _t("return {t} to its owner's hand"),
    "place_on_deck_top": _t("place {t} on top of its owner's deck"),
    "place_on_stack": _t("place {t} face down on top of its owner's stack of chosen dilemmas"),
    "place_on_deck_bottom": _t("place {t} on the bottom of its owner's deck"),
    "place_in_discard": _t("place {t} in its owner's discard pile"),
    "add_to_drawn": _t("add {t} to the dilemmas you drew"),
    "place_in_core": lambda e, a, c: f"place {c.this} in your core",
    "place_on_event": lambda e, a, c: f"place {P.target(a, c)}{' face down' if a.get('face_down') else ''} on {c.this}",
    "remove_from_game": _t("remove {t} from the game"),
    "place_as_damage": _t("place {this} on {t} as a damage card"),
    "remember": _remember, "take_command": _t("take command of {t}"),
    "remove_damage": _t("remove a damage card from {t}"),
    "shuffle_into_deck": _t("shuffle {t} into its owner's deck"),
    "exchange_hands_with_deck_bottom": lambda e, a, c: ("make each player shuffle his or her hand and exchange it for "
                                                        "an equal number of cards from the bottom of his or her deck"),
    "reselect": lambda e, a, c: "ignore its result and select again",
    "discard_randomly": lambda e, a, c: "randomly select that opponent's card from all eligible cards",
    "select_instead": _t("instead choose {t} to be selected"),
    "exclude_from_selection": _t("exclude {t} from that selection"),
    "return_to_pile": lambda e, a, c: "place this dilemma on the bottom of its owner's dilemma pile",
    "place_on_ship": lambda e, a, c: "place this dilemma on the attempting ship as a damage card",
    "overcome": lambda e, a, c: f"overcome {P.target(a, c)}" if a else "this dilemma is overcome",
    "exchange_with_pile_top": lambda e, a, c: (f"exchange {P.target(a, c)} with the top card of its owner's dilemma pile"
                                               if a else "exchange that dilemma with the top card of its owner's dilemma "
                                               "pile (the new dilemma is overcome)"),
    "place_on_pile_top": lambda e, a, c: f"place {P.target(a, c)} on top of its owner's dilemma pile",
    "prevent_dilemma": lambda e, a, c: "prevent and overcome that dilemma",
    "subtract_requirement": lambda e, a, c: "subtract a skill from those requirements",
    "no_attempt_again": lambda e, a, c: "you cannot attempt that same mission again this turn",
    "select_by_exclusion": lambda e, a, c: ("make the selection as follows instead: the player who commands the eligible "
                                            "personnel excludes one from that selection, then the dilemma's owner chooses "
                                            "from the remaining eligible personnel"),
    "return_unfaced": lambda e, a, c: "return the dilemmas you have not yet faced to their owner's dilemma pile",
    "prevent_overcome": lambda e, a, c: "this dilemma is not overcome (it returns to its owner's dilemma pile)",
    "restore_range": lambda e, a, c: f"restore all Range {P.target(a, c)} have used this turn",
    "protect_from_dilemmas": lambda e, a, c: f"prevent {P.target(a, c)} from being stopped by dilemmas until the end of this turn",
    "forbid_engagements": lambda e, a, c: "you cannot begin any other engagements this turn",
    "may": _may, "as_player": _as_player, "each_opponent": _each_opponent, "choose_opponent": _choose_opponent, "place_on_mission": _place_on_mission, "modify": _modify, "draw": _draw,
    "discard": _discard, "download": _download, "take_from_discard": _take_from_discard,
    "add_counters": lambda e, a, c: f"spend {P.amount(a['amount'], c, count=True)} additional counters this turn",
    "shuffle_deck": lambda e, a, c: "shuffle your deck" if a.get("who", "you") == "you" else "your opponent shuffles his or her deck",
    "score": _score, "lose_points": _lose, "begin_combat": _combat, "begin_engagement": _engagement,
    "unless": _unless, "if": _if, "repeat": _repeat, "repeat_while": _repeat_while, "blank_skills": _blank_skills, "join_engagement": _join, "prevent": _prevent, "examine": _examine,
    "gain_skills": _gain_skills, "choose_one": _choose_one, "put_into_play": _put_into_play, "place_damage": _place_damage, "add_combat_strength": _add_combat_strength, "pass_right": _pass_right,
    "replace": _replace, "add_requirements": _add_requirements, "face_dilemma_instead": _face_instead,
    "place_at": _place_at, "move_ship": _move_ship, "beam": _beam,
    "lose_skills": lambda e, a, c: f"make {P.target(a, c)} lose all skills{DURATIONS.get(e.get('until', 'end_of_turn'), '')}",
    "name_card": _t("name {t}"),
    "name_title": lambda e, a, c: (f"name {P.a_an(a['type']) if isinstance(a.get('type'), str) else 'a card'}"
                                   + (". This effect lasts until the start of your next turn"
                                      if a.get("until") else "")),
    "name_number": lambda e, a, c: ("name a number" if a.get("chooser", "you") == "you"
                                    else "your opponent names a number"),  # Eye to Eye, Final Adventure
    "name_card_type": lambda e, a, c: ("name a card type" if a.get("chooser", "you") == "you"
                                       else "your opponent names a card type")
    + (f" (except {P._or(a['except'])})" if a.get("except") else ""),
    "name_skill": lambda e, a, c: ("name a skill" if a.get("chooser", "you") == "you" else "your opponent names a skill")
    + (f" (except {P._or(a['except'])})" if a.get("except") else "")
    + (f" for each of {P.amount(a['count'], c, count=True)[len('the number of '):]}"
       if isinstance(a.get("count"), dict) and P.amount(a["count"], c, count=True).startswith("the number of ")
       else (f", {P.amount(a['count'], c, count=True)} times" if "count" in a else "")),
    "extra_dilemmas": _extra_dilemmas,
    "redraw_dilemmas": lambda e, a, c: "return the dilemmas you drew to your dilemma pile and draw an equal number of dilemmas",
    "search_dilemmas": _search_dilemmas,
    "mute_skills": lambda e, a, c: "while your personnel is facing a dilemma, he or she cannot use those skills",
    "pile_copies_beneath": lambda e, a, c: (
        # said under choose_opponent ("Choose an opponent to take …, place them …, then shuffle …")
        f"your opponent takes each copy of the named dilemma from his or her dilemma pile, place them beneath "
        f"{P.target(a['at'], c)}, then shuffle and replace his or her dilemma pile face down"),
    "overcome_from_pile": lambda e, a, c: (
        f"the player to your left places the top card of his or her dilemma pile face up beneath {P.target(a['at'], c)} "
        "(that dilemma is overcome)"),
    "meet_with": lambda e, a, c: (
        f"meet {P._and([P.stat_name(x) for x in a['instead_of']])} requirements of that dilemma using "
        f"{P.stat_name(a['use'])} instead"),
}
