"""Render a card's mechanics as the English text players read (one paragraph per ability).

Why: the project's rule is that what a player reads is what the engine does, so the text
is generated from the same mechanics the interpreter runs — never copied from the printed
card. ``render(mechanics, card_type)`` → ``list[str]``; ``None`` (not authored) says so.
The nouns (filters, targets, conditions, amounts) are in ``render_phrases``. A construct
neither module knows shows as ``<?key>``: the tests reject that marker for every authored
card, so each new construct must bring its phrase.
"""
from __future__ import annotations

import json

from . import render_phrases as P

NOT_AUTHORED = "(game text not available yet)"

TRIGGERS = {
    "play_self": "When you play {this}", "start_of_turn": "At the start of each of your turns",
    "end_of_turn": "At the end of each of your turns", "attempt_begins": "When you begin a mission attempt",
    "dilemma_revealed": "When a dilemma is revealed to your attempting personnel",
    "dilemma_overcome": "When your personnel overcome a dilemma", "mission_completed": "When you complete a mission",
    "mission_failed": "When your mission attempt fails", "personnel_killed": "When a personnel is killed",
    "personnel_stopped": "When a personnel is stopped",
    "opponent_reveals_or_discards": "When an opponent discards, examines or reveals cards from your hand or deck",
    "combat_begins": "When a combat begins", "engagement_begins": "When an engagement begins",
    "card_played": "When a card is played", "about_to_be_killed": "When a personnel is about to be killed",
    "about_to_be_stopped": "When a card is about to be stopped",
    "about_to_be_placed_in_brig": "When a personnel is about to be placed in a brig",
    "combat_won": "When you win a combat", "engagement_won": "When you win an engagement",
    "opponent_mission_completed": "When an opponent completes a mission",
    "about_to_play": "When an event or interrupt is played",
    "placed_in_brig": "When you place an opponent's personnel in your brig",
    "about_to_download": "When a card is about to be downloaded",
    "about_to_place_on_deck_top": "When a card is about to be placed on top of its owner's deck",
    "random_selection": "When a random selection is made",
    "own_dilemma_revealed": "When one of your dilemmas is revealed to an opponent's attempting personnel",
    "opponent_about_to_complete": "When an opponent's personnel is about to complete a mission",
    "ship_moved": "When a ship moves",
}
# "When <that card> is about to be …": the trigger card's filter becomes the subject
SUBJECT_TRIGGERS = {"about_to_be_killed": "is about to be killed", "about_to_be_stopped": "is about to be stopped",
                    "about_to_be_placed_in_brig": "is about to be placed in a brig",
                    "personnel_killed": "is killed", "personnel_stopped": "is stopped",
                    "about_to_play": "is played", "about_to_download": "is about to be downloaded",
                    "about_to_place_on_deck_top": "is about to be placed on top of its owner's deck", "ship_moved": "moves"}
DURATIONS = {"end_of_dilemma": " until the end of this dilemma", "end_of_attempt": " until the end of this mission attempt",
             "end_of_turn": " until the end of this turn", "permanent": "",
             "end_of_engagement": " until the end of that engagement",
             "start_of_your_next_turn": " until the start of your next turn"}
_CACHE: dict[str, list[str]] = {}


def render_card(card: dict) -> list[str]:
    """The text of a card definition (facts + mechanics), cached by its mechanics."""
    mech = card.get("mechanics")
    if mech is None:
        return [NOT_AUTHORED]
    key = f"{card.get('type')}|{json.dumps(mech, sort_keys=True)}"
    if key not in _CACHE:
        _CACHE[key] = render(mech, card.get("type"))
    return list(_CACHE[key])


def render(mechanics, card_type: str | None = None) -> list[str]:
    """One paragraph per ability; ``None`` = not authored yet."""
    if mechanics is None:
        return [NOT_AUTHORED]
    ctx = P.Ctx(card_type)
    return [ability(ab, ctx) for ab in mechanics]


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


# -- abilities ----------------------------------------------------------------------------
def ability(ab: dict, ctx: P.Ctx) -> str:
    kind = ab.get("kind")
    fn = ABILITIES.get(kind)
    return fn(ab, ctx) if fn else f"<?{kind}>"


def _headquarters(ab: dict, ctx: P.Ctx) -> str:
    """"You may play [Baj] cards, [NA] cards, and equipment at this mission": the cards the
    text names, then equipment, which the engine lets you play at every headquarters
    (rulebook "Playing Specific Kinds of Cards"; ``stats.hq_allows``)."""
    kinds = [f"{P.AFF.get(a, a)} cards" for a in ab.get("affiliations") or []]
    kinds += [P.noun(f, ctx, plural=True) for f in ab.get("allow") or []]
    kinds += [f"{{{x}}}" for x in ab.get("also") or []]
    return f"You may play {P._and(kinds + ['equipment'])} at this mission."


def _modify_sentence(m: dict, ctx: P.Ctx, default_who: str) -> str:
    who = m.get("who")
    subject = default_who if who is None or who.get("self") and len(who) == 1 else None
    if subject is None:
        subject = P.each(who, ctx)
    return f"{subject} {_change(m['stat'], m['amount'], ctx)}"


def _change(stat: str, amt, ctx: P.Ctx) -> str:
    """"is Cunning +2", "gains Physics", "loses 2 Diplomacy", "is Weapons +1 for each …"."""
    text = P.amount(amt, ctx)
    if stat[:1].isupper():  # a skill
        if isinstance(amt, int):
            if amt >= 0:
                return f"gains {stat}" if amt == 1 else f"gains {amt} {stat}"
            return f"loses {stat}" if amt == -1 else f"loses {-amt} {stat}"
        return f"gains {stat} ({text})"
    sign = "+" if not isinstance(amt, int) or amt >= 0 else ""
    return f"is {P.stat_name(stat)} {sign}{text}"


def _while(ab: dict, ctx: P.Ctx, text: str) -> str:
    return f"While {P.condition(ab['while'], ctx)}, {text}" if "while" in ab else _cap(text)


def _static(ab: dict, ctx: P.Ctx) -> str:
    if "keywords" in ab:  # "he gains Geology and loses Thief": keywords given or taken
        k = ab["keywords"]
        who = k.get("who")
        subject = ctx.this if who is None or who.get("self") and len(who) == 1 else P.each(who, ctx)
        parts = ([f"gains the keyword {P._and(k['gain'])}"] if k.get("gain") else []) + \
            ([f"loses the keyword {P._and(k['lose'])}"] if k.get("lose") else [])
        return _while(ab, ctx, f"{subject} {' and '.join(parts)}") + "."
    text = _while(ab, ctx, _modify_sentence(ab["modify"], ctx, ctx.this)) + "."
    if ctx.dilemma:  # a dilemma's static works while it lies on a mission (stats._compute_sources)
        text = "While this dilemma is on a mission, " + text[:1].lower() + text[1:]
    return text


def _cost(costs: list, ctx: P.Ctx) -> str:
    return " and ".join(effect(c, ctx).rstrip(".") for c in costs)


def _trigger_head(ab: dict, ctx: P.Ctx, key: str) -> tuple[str, dict | None]:
    """The "When …" phrase; a ``trigger_card`` test on an about-to-be event becomes its
    subject ("When your [Fed] personnel is about to be stopped")."""
    on = ab.get(key)
    cond = ab.get("if")
    ctx.trigger = on
    if on == "ship_moved" and cond:
        return _moved_head(cond, ctx)
    if on in SUBJECT_TRIGGERS and cond:
        parts = cond["all"] if set(cond) == {"all"} else [cond]
        subj = next((p for p in parts if set(p) == {"trigger_card"}), None)
        if subj is not None:
            rest = [p for p in parts if p is not subj]
            f = subj["trigger_card"]
            who = ctx.this if f.get("self") else P.noun(f, ctx, article=True)
            if any(set(p) == {"trigger_by_dilemma"} and p["trigger_by_dilemma"] for p in rest):
                rest = [p for p in rest if set(p) != {"trigger_by_dilemma"}]
                return f"When {who} {SUBJECT_TRIGGERS[on]} by a dilemma", ({"all": rest} if rest else None)
            return f"When {who} {SUBJECT_TRIGGERS[on]}", ({"all": rest} if rest else None)
    if on == "random_selection" and cond == {"trigger_mission": {"at_this_mission": True}}:
        return "When a random selection is made at this mission", None
    head = TRIGGERS.get(on, f"<?{on}>").replace("{this}", ctx.this)
    return head, cond


def _moved_head(cond: dict, ctx: P.Ctx) -> tuple[str, dict | None]:
    """"When an opponent's ship moves to this mission / away from this mission": the tests of
    the moving ship, where it went and the mission it left become the head."""
    parts = cond["all"] if set(cond) == {"all"} else [cond]
    rest, who, where = [], "a ship", ""
    for p in parts:
        if set(p) == {"trigger_card"}:
            who = P.noun({"type": "ship", **p["trigger_card"]}, ctx, article=True)
        elif set(p) == {"trigger_mission"} and p["trigger_mission"] == {"at_this_mission": True}:
            where += " to this mission"
        elif set(p) == {"count"} and p["count"] == {"self": True, "at_trigger_from": True}:
            where += " away from this mission"
        else:
            rest.append(p)
    return f"When {who} moves{where}", ({"all": rest} if len(rest) > 1 else rest[0] if rest else None)


def _response(ab: dict, ctx: P.Ctx, key: str) -> str:
    ctx.trigger = ab.get(key)
    head, cond = _trigger_head(ab, ctx, key)
    text = head
    if cond:
        text += f", if {P.condition(cond, ctx)}"
    body = clauses(ab.get("effects") or [], ctx)
    cost = ab.get("cost")
    if cost:
        body = f"{_cost(cost, ctx)} to {body}" if body else _cost(cost, ctx)
    may = ab.get("optional") if key == "on" else False
    if may and body.startswith(("if ", "unless ")):
        body = "do the following: " + body
    text += f", {'you may ' if may else ''}{body}."
    if ab.get("limit") == "once_per_turn":
        text += " You may do this only once each turn."
    return text


def _trigger(ab: dict, ctx: P.Ctx) -> str:
    return _response(ab, ctx, "on")


def _order(ab: dict, ctx: P.Ctx) -> str:
    body = clauses(ab.get("effects") or [], ctx)
    if ab.get("cost"):
        body = f"{_cost(ab['cost'], ctx)} to {body}"
    text = f"Order - {_cap(body)}."
    if "while" in ab:
        text = f"Order - While {P.condition(ab['while'], ctx)}, {body}."
    if ab.get("limit") == "once_per_turn":
        text += " You may do this only once each turn."
    return text


def _action(ab: dict, ctx: P.Ctx) -> str:
    """"While this personnel is attempting a mission, you may [cost] to [effect]." (the cost
    first: it may name cards for the effects)."""
    cost = _cost(ab["cost"], ctx) if ab.get("cost") else ""
    body = clauses(ab.get("effects") or [], ctx)
    text = f"While {P.condition(ab['while'], ctx)}, you may {f'{cost} to {body}' if cost else body}."
    if ab.get("limit") == "once_per_turn":
        text += " You may do this only once each turn."
    return text


def _meet_with(ab: dict, ctx: P.Ctx) -> str:
    """"You may meet Integrity and Cunning requirements of … using Strength instead."""
    whats = {"mission": "of the mission", "dilemma": "of each dilemma you face"}
    of = " and ".join(whats[c] for c in ab["checks"])
    text = (f"you may meet {P._and([P.stat_name(a) for a in ab['instead_of']])} requirements {of} "
            f"using {P.stat_name(ab['use'])} instead")
    return _while(ab, ctx, text) + "."


def _play_cost(ab: dict, ctx: P.Ctx) -> str:
    """"When you play this personnel, if …, this personnel's cost -1."""
    cond = f", if {P.condition(ab['if'], ctx)}" if "if" in ab else ""
    n = ab["amount"]
    return f"When you play {ctx.this}{cond}, {ctx.this} is Cost {'+' if n >= 0 else ''}{n}."


def _dilemma(ab: dict, ctx: P.Ctx) -> str:
    return sentences(ab.get("effects") or [], ctx)


def _event(ab: dict, ctx: P.Ctx) -> str:
    where = f"Plays on {P.noun(ab['play_on'], ctx, article=True)}." if "play_on" in ab else "Plays in your core."
    text = " ".join(x for x in (where, sentences(ab.get("effects") or [], ctx)) if x)
    if ab.get("destroy_after"):
        text += " Destroy this event."
    return text


def _interrupt(ab: dict, ctx: P.Ctx) -> str:
    if "when" in ab:
        ctx.trigger = ab.get("when")
        head, cond = _trigger_head(ab, ctx, "when")
        text = f"Play {head[0].lower() + head[1:]}" if not head.startswith("At") else f"Play {head.lower()}"
        if cond:
            text += f", if {P.condition(cond, ctx)}"
        cost = _cost(ab["cost"], ctx) if ab.get("cost") else ""
        body = clauses(ab.get("effects") or [], ctx)
        text += f": {f'{cost} to {body}' if cost else body}."
    else:
        cost = _cost(ab["cost"], ctx) if ab.get("cost") else ""
        body = clauses(ab.get("effects") or [], ctx)
        body = f"{cost} to {body}" if cost else body
        text = f"Order - {_cap(body)}." if ab.get("order") else (
            f"If {P.condition(ab['if'], ctx)}, {body}." if "if" in ab else f"{_cap(body)}.")
        if ab.get("order") and "if" in ab:
            text = f"Order - If {P.condition(ab['if'], ctx)}, {body}."
    if ab.get("limit") == "once_per_turn":
        text += " You may play only one copy of this interrupt each turn."
    return text


def _play_requirement(ab: dict, ctx: P.Ctx) -> str:
    parts = []
    if "requires" in ab:
        parts.append(f"To play {ctx.this}, it must be true that {P.condition(ab['requires'], ctx)}.")
    if ab.get("cost"):
        parts.append(f"To play {ctx.this}, {_cost(ab['cost'], ctx)}.")
    return " ".join(parts)


def _damage(ab: dict, ctx: P.Ctx) -> str:
    inner = P.Ctx("damage")
    inner.refs = ctx.refs
    if "modify" in ab:
        return f"Damage - {_cap(_modify_sentence(ab['modify'], inner, 'this ship'))}."
    head = TRIGGERS.get(ab["on"], f"<?{ab['on']}>").replace("{this}", "this card")
    cond = f", if {P.condition(ab['if'], inner)}" if "if" in ab else ""
    return f"Damage - {head}{cond}, {clauses(ab['effects'], inner)}."


KEYWORDS = {
    "cant_be_stopped": "{this} cannot be stopped", "cant_attempt": "{this} cannot attempt a mission",
    "cant_staff": "{this} cannot staff a ship", "hidden_agenda": "Hidden Agenda",
    "random_excluded": "exclude {this} from any random selection",
    "cant_leave_play": "{this} cannot leave play",
    "one_order_per_turn": "you may execute only one order using {this} each turn",
}


def _keyword(ab: dict, ctx: P.Ctx) -> str:
    kw = ab.get("keyword")
    cond = ab.get("if")
    if kw == "cant_complete":
        return f"You cannot complete this mission if {P.condition(cond, ctx)}." if cond else \
            "You cannot complete this mission."
    if kw == "blank_abilities":
        text = f"{P.each(ab.get('who') or {}, ctx)} cannot use his or her abilities"
    elif kw == "skills_cost":
        skills = f"{P._or(ab['skills'])} skill" if ab.get("skills") else "skills"
        text = (f"the commander of {P.each(ab.get('who') or {}, ctx)} must discard a card "
                f"from hand (during his or her orders, for the rest of that turn) to use that personnel's {skills}")
    elif kw == "no_quadrant_penalty":
        other = P.noun({"type": "mission", **(ab.get("who") or {})}, ctx, article=True)
        text = f"when any player moves a ship between this mission and {other}, do not add 2 to the span total"
    elif kw in KEYWORDS:
        text = KEYWORDS[kw].replace("{this}", ctx.this)
    else:
        return f"<?{kw}>"
    return (f"While {P.condition(cond, ctx)}, {text}." if cond else _cap(text) + ".")


def _combat_strength(ab: dict, ctx: P.Ctx) -> str:
    body = f"{'you may ' if ab.get('optional') else ''}add {ctx.this}'s {P.stat_name(ab['stat'])} to your total Strength in a combat"
    return _while(ab, ctx, body) + "."


def _play_aboard(ab: dict, ctx: P.Ctx) -> str:
    return f"You may play {ctx.this} aboard {P.noun({'type': 'ship', **ab['ship']}, ctx, article=True)}."


ABILITIES = {"headquarters": _headquarters, "static": _static, "trigger": _trigger, "order": _order,
             "dilemma": _dilemma, "event": _event, "interrupt": _interrupt,
             "play_requirement": _play_requirement, "damage": _damage, "keyword": _keyword, "action": _action,
             "meet_with": _meet_with,
             "combat_strength": _combat_strength, "play_aboard": _play_aboard,
             "play_cost": _play_cost}


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
    if "as" in eff and isinstance(arg, dict) and verb not in ("examine", "prevent", "discard", "replace", "place_at", "beam"):
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
    if "requirement" in arg:
        return ("place this dilemma on this mission; completing the mission also requires "
                f"{P.requirement(arg['requirement'], ctx)}, and meeting it later overcomes this dilemma")
    if arg.get("redraw"):
        return ("place this dilemma on this mission; when this mission is attempted again, after the dilemmas "
                "are drawn its owner may add it to those drawn")
    return "place this dilemma on this mission; at the end of this turn it is overcome"


def _modify(eff, arg, ctx):
    """Imperative, so it reads after a cost ("discard a card from hand to give …")."""
    t = P.target(arg["target"], ctx)
    stat, amt = arg["stat"], arg["amount"]
    until = DURATIONS.get(eff.get("until", "end_of_turn"), "")
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
    return f"draw {what}" if arg.get("who", "you") == "you" else f"your opponent draws {what}"


def _discard(eff, arg, ctx):
    n = arg.get("count", 1)
    opp = arg.get("who", "you") != "you"
    word = P.noun(arg["filter"], ctx, owner=False) if "filter" in arg else "card"
    if "as" in eff:  # "the discarded personnel"
        ctx.refs[eff["as"]] = (f"discarded {P.plural_of(word) if n != 1 else word}", n != 1)
    if arg.get("from") == "deck_top" and isinstance(n, dict):  # "for each personnel beamed this way"
        per = P.noun(n["per"], ctx)
        each = f"for each {'of ' if per.startswith(('your ', 'those ', 'that ')) else ''}{per}"
        return f"{'your opponent discards' if opp else 'discard'} a card from the top of {'his or her' if opp else 'your'} deck {each}"
    if arg.get("from") == "deck_top":
        what = "the top card" if n == 1 else f"the top {P.num(n)} cards"
        return f"{'your opponent discards' if opp else 'discard'} {what} of {'his or her' if opp else 'your'} deck"
    if not isinstance(n, int):  # an AMOUNT
        what = f"{'any number of' if arg.get('up_to') else 'a number of'} {P.plural_of(word)} (at most " \
               f"{P.amount(n, ctx, count=True)})" if arg.get("up_to") else \
               f"a number of {P.plural_of(word)} equal to {P.amount(n, ctx, count=True)}"
    elif arg.get("up_to"):
        what = f"up to {P.num(n)} {word if n == 1 else P.plural_of(word)}"
    else:
        what = (f"a random {word}" if arg.get("random") else P.a_an(word)) if n == 1 else (
            f"{P.num(n)} random {P.plural_of(word)}" if arg.get("random") else f"{P.num(n)} {P.plural_of(word)}")
    return f"{'your opponent discards' if opp else 'discard'} {what} from hand"


def _download(eff, arg, ctx):
    if "title" in arg and "filter" not in arg:
        return "download {" + arg["title"] + "}"
    f = dict(arg.get("filter") or {})
    if "title" in arg:
        f["title"] = arg["title"]
    f.pop("scope", None)
    f.pop("owner", None)
    return f"download {P.noun(f, ctx, article=True, owner=False)}"


def _take_from_discard(eff, arg, ctx):
    f = dict(arg.get("filter") or {})
    if "title" in arg:
        f["title"] = arg["title"]
    f.pop("scope", None)
    f.pop("owner", None)
    return f"take {P.noun(f, ctx, article=True, owner=False)} from your discard pile into your hand"


def _score(eff, arg, ctx):
    amt = arg["amount"]
    text = f"{amt} points" if isinstance(amt, int) else (
        f"{amt.get('times', 1)} points for each {P.noun(amt['per'], ctx)}" if "per" in amt else P.amount(amt, ctx) + " points")
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
    return f"begin an engagement involving your {ship}{crew}{bonus}{_outcomes(eff, ctx)}"


def _unless(eff, arg, ctx):
    who = "you have" if ctx.dilemma else "your personnel present have"
    return f"unless {who} {P.requirement(arg, ctx)}, {clauses(eff.get('then') or [], ctx)}"


def _if(eff, arg, ctx):
    if set(arg) == {"not"} and not eff.get("else"):  # "Unless …" reads better than "if it is not true that …"
        return f"unless {P.condition(arg['not'], ctx)}, {clauses(eff.get('then') or [], ctx)}"
    text = f"if {P.condition(arg, ctx)}, {clauses(eff.get('then') or [], ctx) or 'nothing happens'}"
    if eff.get("else"):
        text += f"; otherwise, {clauses(eff['else'], ctx)}"
    return text


def _may(eff, arg, ctx):
    who = (arg or {}).get("who", "you")
    body = clauses(eff.get("then") or [], ctx)
    if body.startswith(("if ", "unless ")):
        body = "do the following: " + body
    return {"you": "you may ", "opponent": "your opponent may ", "each": "each player may "}[who] + body


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
    if src == "hand":
        text = f"{verb} {whose} hand"
    else:
        pile = "deck" if src == "deck" else "dilemma pile"
        many = not isinstance(n, int) or n != 1
        count = f"the top {P.num(n)} cards" if isinstance(n, int) and n != 1 else (
            "the top card" if n == 1 else "the top X cards")
        text = f"{verb} {count} of {whose} {pile}" + (f" (X is {P.amount(n, ctx, count=True)})" if many and not isinstance(n, int) else "")
    picks = []
    for key, phrase in (("discard", "discard {n} of them"), ("take", "take {n} of them into hand"),
                        ("bottom", "place {n} of them on the bottom")):
        if key in arg:
            p = arg[key] if isinstance(arg[key], dict) else {"count": arg[key]}
            k = p.get("count", 1)
            words = phrase.format(n=("up to " if p.get("up_to") else "") + P.num(k))
            if p.get("chooser") == "opponent":
                words = "your opponent chooses " + ("up to " if p.get("up_to") else "") + P.num(k) + \
                    {"discard": " of them to be discarded", "take": " of them for you to take into hand",
                     "bottom": " of them to go on the bottom"}[key]
            picks.append(words)
    if "swap" in arg:
        p = arg["swap"] if isinstance(arg["swap"], dict) else {"count": arg["swap"]}
        k = ("up to " if p.get("up_to") else "") + P.num(p.get("count", 1))
        who = "your opponent may" if p.get("chooser") == "opponent" else "you may"
        picks.append(f"{who} replace {k} of them, each with a card from {whose} discard pile "
                     f"(the replaced card goes to that discard pile)")
    rest = arg.get("rest", "top")
    rest_text = {"top": "", "top_any_order": "place the rest on top in any order",
                 "bottom": "place the rest on the bottom", "discard": "discard the rest",
                 "hand": "take the rest into hand"}.get(rest, f"<?rest {rest}>")
    if picks and rest == "top" and src != "hand":
        rest_text = "place the rest back on top" if set(arg) & {"discard", "take", "bottom"} else ""
    parts = [text] + picks + ([rest_text] if rest_text else [])
    if "as" in eff:
        ctx.refs[eff["as"]] = ("cards" if (not isinstance(n, int) or n != 1 or src == "hand") else "card",
                               not isinstance(n, int) or n != 1 or src == "hand")
    return ", then ".join(parts)


def _gain_skills(eff, arg, ctx):
    src = P.target(arg["from"], ctx)
    to = P.target(arg["to"], ctx)
    if arg.get("one"):
        what = f"one skill of your choice from {src}"
    else:
        what = f"all skills{' and attributes' if arg.get('attributes') else ''} that {src} has"
    return f"give {to} {what}{DURATIONS.get(eff.get('until', 'end_of_turn'), '')}"


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


def _put_into_play(eff, arg, ctx):
    return f"put {P.target(arg['target'], ctx)} into play at {P.target(arg['at'], ctx)} under your command"


VERBS = {
    "stop": _t("stop {t}"), "kill": _t("kill {t}"), "destroy": _t("destroy {t}"), "unstop": _t("unstop {t}"),
    "place_in_brig": _brig, "return_to_hand": _t("return {t} to its owner's hand"),
    "place_on_deck_top": _t("place {t} on top of its owner's deck"),
    "place_on_deck_bottom": _t("place {t} on the bottom of its owner's deck"),
    "place_in_discard": _t("place {t} in its owner's discard pile"),
    "remove_from_game": _t("remove {t} from the game"),
    "place_as_damage": _t("place {this} on {t} as a damage card"),
    "remember": _remember, "take_command": _t("take command of {t}"),
    "remove_damage": _t("remove a damage card from {t}"),
    "shuffle_into_deck": _t("shuffle {t} into its owner's deck"),
    "reselect": lambda e, a, c: "ignore its result and select again",
    "return_to_pile": lambda e, a, c: "place this dilemma on the bottom of its owner's dilemma pile",
    "place_on_ship": lambda e, a, c: "place this dilemma on the attempting ship as a damage card",
    "overcome": lambda e, a, c: "this dilemma is overcome",
    "prevent_overcome": lambda e, a, c: "this dilemma is not overcome (it returns to its owner's dilemma pile)",
    "may": _may, "place_on_mission": _place_on_mission, "modify": _modify, "draw": _draw,
    "discard": _discard, "download": _download, "take_from_discard": _take_from_discard,
    "shuffle_deck": lambda e, a, c: "shuffle your deck" if a.get("who", "you") == "you" else "your opponent shuffles his or her deck",
    "score": _score, "lose_points": _lose, "begin_combat": _combat, "begin_engagement": _engagement,
    "unless": _unless, "if": _if, "join_engagement": _join, "prevent": _prevent, "examine": _examine,
    "gain_skills": _gain_skills, "choose_one": _choose_one, "put_into_play": _put_into_play,
    "replace": _replace, "add_requirements": _add_requirements, "face_dilemma_instead": _face_instead,
    "place_at": _place_at, "move_ship": _move_ship, "beam": _beam,
}
