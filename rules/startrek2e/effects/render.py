"""Render a card's mechanics as the English text players read (one paragraph per ability).

Why: the project's rule is that what a player reads is what the engine does, so the text is
generated from the same mechanics the interpreter runs — never copied from the printed card.
``render(mechanics, card_type)`` → ``list[str]``; ``None`` (not authored) says so. This
module renders the abilities (kinds, triggers, costs, keywords); what they do — each verb's
phrase — is in ``render_verbs``, the nouns (filters, targets, conditions, amounts) in
``render_phrases``. A construct no module knows shows as ``<?key>``: the tests reject that
marker for every authored card, so each new construct must bring its phrase.
"""
from __future__ import annotations

import json

from . import render_conditions as C
from . import render_phrases as P
from .render_verbs import VERBS, _cap, clauses, effect, sentences  # noqa: F401 (VERBS: the verbs' phrases)

NOT_AUTHORED = "(game text not available yet)"

TRIGGERS = {
    "play_self": "When you play {this}", "start_of_turn": "At the start of each of your turns",
    "end_of_turn": "At the end of each of your turns", "attempt_begins": "When you begin a mission attempt",
    "dilemma_revealed": "When a dilemma is revealed to your attempting personnel",
    "dilemma_overcome": "When your personnel overcome a dilemma",
    "opponent_dilemma_overcome": "When an opponent overcomes a dilemma", "mission_completed": "When you complete a mission",
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
    "about_to_select": "When a random selection is about to be made",
    "opponent_about_to_discard": "When an opponent is about to discard a card from hand",
    "opponent_attempt_begins": "When an opponent begins a mission attempt",
    "opponent_mission_failed": "When an opponent's mission attempt fails",
    "attempt_ended": "When your mission attempt ends",
    "opponent_about_to_draw_dilemmas": "When an opponent is about to draw dilemmas",
    "engagement_ended": "When an engagement ends",
    "placed_in_discard_pile": "When you place a card in your discard pile",
    "about_to_place_in_discard_pile": "When you are about to place a card in your discard pile",
    "played_from_this_event": "When an opponent plays a card from this event",
    "dilemmas_chosen": "When you have chosen dilemmas",
    "own_dilemma_revealed": "When one of your dilemmas is revealed to an opponent's attempting personnel",
    "opponent_about_to_complete": "When an opponent's personnel is about to complete a mission",
    "checking_requirements": "When you are checking if your personnel can meet a mission's requirements",
    "ship_moved": "When a ship moves",
    "opponent_discards_deck_top": "When an opponent discards a card from the top of his or her deck",
    "card_drawn": "When you draw a card",
    "opponent_beamed": "When an opponent beams a card to or from a mission",
    "dilemmas_drawn": "When you have drawn dilemmas",
    "you_moved_ship": "When you move your ship",
    "opponent_orders_begin": "When an opponent begins the Execute Orders segment of his or her turn",
    "skills_used": "When a personnel facing a dilemma uses his or her skills to meet its requirements",
    "about_to_draw_dilemmas": "When you are about to draw dilemmas",
    "about_to_face_dilemma": "When your personnel are about to face a dilemma",
    "dilemma_about_to_be_overcome": "When a dilemma is about to be overcome",
    "dilemma_about_to_return": "When a dilemma being faced is about to be returned to its owner's dilemma pile",
    "right_turn_ends": "At the end of the turn of the opponent on your right",
    "about_to_be_destroyed": "When a card is about to be destroyed",
}
# "When <that card> is about to be …": the trigger card's filter becomes the subject
SUBJECT_TRIGGERS = {"about_to_be_killed": "is about to be killed", "about_to_be_stopped": "is about to be stopped",
                    "about_to_be_placed_in_brig": "is about to be placed in a brig",
                    "personnel_killed": "is killed", "personnel_stopped": "is stopped",
                    "about_to_play": "is played", "about_to_download": "is about to be downloaded",
                    "about_to_place_on_deck_top": "is about to be placed on top of its owner's deck", "ship_moved": "moves",
                    "skills_used": "uses his or her skills to meet the requirements of a dilemma he or she is facing",
                    "dilemma_about_to_return": "is about to be returned to its owner's dilemma pile",
                    "dilemma_about_to_be_overcome": "is about to be overcome",
                    "about_to_be_destroyed": "is about to be destroyed",
                    "about_to_place_in_discard_pile": ""}  # "When you are about to place a Vorta in your discard pile"
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
    negative = amt < 0 if isinstance(amt, int) else amt.get("times", 1) < 0  # "Integrity -1 for each …"
    return f"is {P.stat_name(stat)} {'' if negative else '+'}{text}"


def _while(ab: dict, ctx: P.Ctx, text: str) -> str:
    return f"While {C.condition(ab['while'], ctx)}, {text}" if "while" in ab else _cap(text)


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
    """What is paid; a choice made while paying (``remember``) is not said here: it names a card
    whose first mention (in the cost or the effects) says what it is — "return this personnel to
    his owner's hand to kill an opponent's personnel present with cost 2 or less", not "… to kill
    that card" (the costs are rendered before the effects, as they are paid first)."""
    for c in costs:
        if "remember" in c and "as" in c:
            phrase = P.target(c["remember"], ctx)
            P.remember_ref(ctx, c["as"], c["remember"])
            ctx.first[c["as"]] = phrase
    return " and ".join(effect(c, ctx).rstrip(".") for c in costs if "remember" not in c)


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
            by = next((p for p in rest if set(p) == {"trigger_by"}), None)
            if by is not None and on == "about_to_place_on_deck_top":  # Morka
                rest = [p for p in rest if p is not by]
                doer = "you are" if by["trigger_by"] == "you" else "an opponent is"
                return (f"When {doer} about to place {who} on top of its owner's deck",
                        ({"all": rest} if rest else None))
            if by is not None and on == "personnel_killed":  # "When you kill an opponent's personnel" (Kahless)
                rest = [p for p in rest if p is not by]
                doer = "you kill" if by["trigger_by"] == "you" else "an opponent kills"
                return f"When {doer} {who}", ({"all": rest} if rest else None)
            if by is not None and on == "about_to_be_destroyed":  # "… about to be destroyed by an opponent" (Miles O'Brien)
                rest = [p for p in rest if p is not by]
                doer = "you" if by["trigger_by"] == "you" else "an opponent"
                return f"When {who} is about to be destroyed by {doer}", ({"all": rest} if rest else None)
            if on == "about_to_place_in_discard_pile":  # Vorta Cloning, Jadzia Dax, Odo
                return f"When you are about to place {who} in your discard pile", ({"all": rest} if rest else None)
            if any(set(p) == {"trigger_by_dilemma"} and p["trigger_by_dilemma"] for p in rest):
                rest = [p for p in rest if set(p) != {"trigger_by_dilemma"}]
                return f"When {who} {SUBJECT_TRIGGERS[on]} by a dilemma", ({"all": rest} if rest else None)
            return f"When {who} {SUBJECT_TRIGGERS[on]}", ({"all": rest} if rest else None)
    if on == "opponent_beamed" and cond:  # "When an opponent beams to or from this mission" (Kitara)
        parts = cond["all"] if set(cond) == {"all"} else [cond]
        here = [p for p in parts if p == {"trigger_mission": {"at_this_mission": True}}]
        if here:
            rest = [p for p in parts if p not in here]
            return ("When an opponent beams a card to or from this mission",
                    ({"all": rest} if len(rest) > 1 else rest[0] if rest else None))
    if on == "card_played" and cond:  # "When you play another non-Treachery Bajoran at this mission"
        parts = cond["all"] if set(cond) == {"all"} else [cond]
        mine = next((p for p in parts if set(p) == {"trigger_card"} and p["trigger_card"].get("owner") == "you"), None)
        if mine is not None:
            rest = [p for p in parts if p is not mine]
            what = P.noun(mine["trigger_card"], ctx, article=True, owner=False)
            return f"When you play {what}", ({"all": rest} if len(rest) > 1 else rest[0] if rest else None)
    if on == "skills_used" and cond == {"trigger_mission": {"at_this_mission": True}}:  # Overwhelmed
        return "When a personnel facing a dilemma at this mission uses his or her skills to meet its requirements", None
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
        text += f", if {C.condition(cond, ctx)}"
    cost = _cost(ab["cost"], ctx) if ab.get("cost") else ""  # first: it may name cards for the effects
    body = clauses(ab.get("effects") or [], ctx)
    if cost:
        body = f"{cost} to {body}" if body else cost
    may = ab.get("optional") if key == "on" else False
    if may and body.startswith(("if ", "unless ")):
        body = "do the following: " + body
    if may and body.startswith("your opponent chooses one"):  # "you may choose an opponent to choose one" (Gunboat Diplomacy)
        body = "choose an opponent to choose one" + body[len("your opponent chooses one"):]
    text += f", {'you may ' if may else ''}{body}."
    return text + _limit(ab)


def _trigger(ab: dict, ctx: P.Ctx) -> str:
    return _response(ab, ctx, "on")


def _order(ab: dict, ctx: P.Ctx) -> str:
    cost = _cost(ab["cost"], ctx) if ab.get("cost") else ""  # first: it may name cards for the effects
    body = clauses(ab.get("effects") or [], ctx)
    if cost:
        body = f"{cost} to {body}"
    text = f"Order - {_cap(body)}."
    if "while" in ab:
        text = f"Order - While {C.condition(ab['while'], ctx)}, {body}."
    if ab.get("limit") == "once_per_turn":
        text += " You may do this only once each turn."
    return text


def _action(ab: dict, ctx: P.Ctx) -> str:
    """"While this personnel is attempting a mission, you may [cost] to [effect]." (the cost
    first: it may name cards for the effects)."""
    cost = _cost(ab["cost"], ctx) if ab.get("cost") else ""
    body = clauses(ab.get("effects") or [], ctx)
    text = f"While {C.condition(ab['while'], ctx)}, you may {f'{cost} to {body}' if cost else body}."
    return text + _limit(ab)


def _limit(ab: dict) -> str:
    """"You may do this only once each turn / each dilemma", "(at most n times each turn)"."""
    limit = ab.get("limit")
    if limit == "once_per_turn":
        return " You may do this only once each turn."
    if limit == "once_per_dilemma":
        return " You may do this only once each dilemma."
    if isinstance(limit, int):
        return f" This happens at most {P.num(limit)} times each turn." if limit > 1 else " This happens only once each turn."
    return ""


def _meet_with(ab: dict, ctx: P.Ctx) -> str:
    """"You may meet Integrity and Cunning requirements of … using Strength instead."""
    whats = {"mission": "of the mission", "dilemma": "of each dilemma you face"}
    of = " and ".join(whats[c] for c in ab["checks"])
    text = (f"you may meet {P._and([P.stat_name(a) for a in ab['instead_of']])} requirements {of} "
            f"using {P.stat_name(ab['use'])} instead")
    return _while(ab, ctx, text) + "."


def _cost_change(ab: dict, ctx: P.Ctx) -> str:
    """"When a player is about to play a personnel who costs 1, if …, that personnel is cost +2";
    "When you are about to play a [Baj] personnel at this mission, you may discard a card from hand
    to make that personnel cost -1"."""
    who = dict(ab.get("who") or {})
    whose = who.pop("owner", None)
    mine = whose == "you"
    ctx.trigger = "about_to_play_own" if mine else "about_to_play_personnel"  # "you have" / "that player has"
    head = f"When {'you are' if mine else 'an opponent is' if whose == 'opponent' else 'a player is'} about to play {P.noun(who, ctx, article=True, owner=False)}"
    cond = ab.get("if")
    if cond == {"trigger_mission": {"at_this_mission": True}}:
        head, cond = head + " at this mission", None
    if cond:
        head += f", if {C.condition(cond, ctx)}"
    amt = ab["amount"]
    change = f"cost {P.amount(amt, ctx)}" if isinstance(amt, dict) else f"cost {'+' if amt >= 0 else ''}{amt}"
    that = f"that {who['type']}" if isinstance(who.get("type"), str) else "that personnel"  # Party Atmosphere, Leyton
    if ab.get("optional") and "aboard" in ab:  # Regeneration Alcoves
        ship = P.noun({"type": "ship", **ab["aboard"]}, ctx, article=True)
        cost = ab.get("cost")
        body = f"you may {_cost(cost, ctx) + ' to ' if cost else ''}play {that} aboard {ship} instead"
        if amt:
            body += f" ({change})"
    elif ab.get("optional"):
        cost = ab.get("cost")
        body = f"you may {_cost(cost, ctx)} to make {that} {change}" if cost else f"you may make {that} {change}"
    else:
        body = f"{that} is {change}"
    return f"{head}, {body}."


def _play_cost(ab: dict, ctx: P.Ctx) -> str:
    """"When you play this personnel, if …, this personnel's cost -1."""
    cond = f", if {C.condition(ab['if'], ctx)}" if "if" in ab else ""
    n = ab["amount"]
    if ctx.dilemma:  # a dilemma is chosen, not played: "For each event …, this dilemma is cost -1" (Formal Hearing)
        return _cap(f"{ctx.this}{cond} {_change('cost', n, ctx)}.")
    if not isinstance(n, int):  # "for each Assault event you command, he is cost -1" (Call to Arms)
        return f"When you play {ctx.this}{cond}, {ctx.this} is Cost {_change('cost', n, ctx)[len('is Cost '):]}."
    return f"When you play {ctx.this}{cond}, {ctx.this} is Cost {'+' if n >= 0 else ''}{n}."


def _dilemma(ab: dict, ctx: P.Ctx) -> str:
    return sentences(ab.get("effects") or [], ctx)


def _event(ab: dict, ctx: P.Ctx) -> str:
    where = f"Plays on {P.noun(ab['play_on'], ctx, article=True)}." if "play_on" in ab else "Plays in your core."
    cost = _cost(ab["cost"], ctx) if ab.get("cost") else ""  # first: it may name cards for the effects
    body = sentences(ab.get("effects") or [], ctx)
    if cost:  # "Discard any number of cards from hand to …"
        body = f"{_cap(cost)} to {body[:1].lower() + body[1:]}"
    text = " ".join(x for x in (where, body) if x)
    if ab.get("destroy_after"):
        text += " Destroy this event."
    return text


def _interrupt(ab: dict, ctx: P.Ctx) -> str:
    if "when" in ab:
        ctx.trigger = ab.get("when")
        head, cond = _trigger_head(ab, ctx, "when")
        text = f"Play {head[0].lower() + head[1:]}" if not head.startswith("At") else f"Play {head.lower()}"
        if cond:
            text += f", if {C.condition(cond, ctx)}"
        cost = _cost(ab["cost"], ctx) if ab.get("cost") else ""
        body = clauses(ab.get("effects") or [], ctx)
        text += f": {f'{cost} to {body}' if cost else body}."
    else:
        cost = _cost(ab["cost"], ctx) if ab.get("cost") else ""
        body = clauses(ab.get("effects") or [], ctx)
        body = f"{cost} to {body}" if cost else body
        text = f"Order - {_cap(body)}." if ab.get("order") else (
            f"If {C.condition(ab['if'], ctx)}, {body}." if "if" in ab else f"{_cap(body)}.")
        if ab.get("order") and "if" in ab:
            text = f"Order - If {C.condition(ab['if'], ctx)}, {body}."
    if ab.get("limit") == "once_per_turn":
        text += " You may play only one copy of this interrupt each turn."
    return text


def _play_requirement(ab: dict, ctx: P.Ctx) -> str:
    parts = []
    if "requires" in ab:
        parts.append(f"To play {ctx.this}, it must be true that {C.condition(ab['requires'], ctx)}.")
    if ab.get("cost"):
        parts.append(f"To play {ctx.this}, {_cost(ab['cost'], ctx)}.")
    return " ".join(parts)


def _damage(ab: dict, ctx: P.Ctx) -> str:
    inner = P.Ctx("damage")
    inner.refs = ctx.refs
    if "modify" in ab:
        return f"Damage - {_cap(_modify_sentence(ab['modify'], inner, 'this ship'))}."
    if ab.get("keyword") == "cant_attempt":
        return "Damage - Personnel aboard this ship cannot attempt missions."
    if ab.get("keyword") == "skills_cost":
        return f"Damage - {_cap(_keyword(ab, inner).rstrip('.'))}."
    head = TRIGGERS.get(ab["on"], f"<?{ab['on']}>").replace("{this}", "this card")
    cond = f", if {C.condition(ab['if'], inner)}" if "if" in ab else ""
    return f"Damage - {head}{cond}, {clauses(ab['effects'], inner)}."


KEYWORDS = {
    "cant_be_stopped": "{this} cannot be stopped", "cant_attempt": "{this} cannot attempt a mission",
    "cant_staff": "{this} cannot staff a ship", "hidden_agenda": "Hidden Agenda",
    "random_excluded": "exclude {this} from any random selection",
    "cant_leave_play": "{this} cannot leave play",
    "not_stopped_on_failure": "when you fail a mission attempt involving {this}, {this} is not stopped",
    "one_order_per_turn": "you may execute only one order using {this} each turn",
    "cant_attempt_here": "no mission attempt may begin at the mission where {this} is",
    "only_headquarters": "you cannot command another Headquarters mission",
    "owner_may_play_placed": "an opponent may play a card he or she owns that is on {this} as if that card were in his or her hand",
}


def _keyword(ab: dict, ctx: P.Ctx) -> str:
    kw = ab.get("keyword")
    cond = ab.get("if")
    if kw == "attempt_cost":
        price = f"discard {P.num(ab.get('count', 1))} card{'s' if ab.get('count', 1) != 1 else ''} from hand"
        return (f"While {C.condition(cond, ctx)}, " if cond else "") + \
            f"an opponent must {price} to attempt the mission where {ctx.this} is."
    if kw == "may_attempt":  # Kell, Selok
        return (f"While {C.condition(cond, ctx)}, " if cond else "") + \
            f"you may attempt the mission where {ctx.this} is."
    if kw == "attempt_min":  # Skeleton Crew
        return (f"To begin a mission attempt at the mission where {ctx.this} is, you must have at least "
                f"{P.num(ab.get('count', 1))} personnel involved.")
    if kw == "beam_cost":  # Tama
        price = f"discard {P.num(ab.get('count', 1))} card{'s' if ab.get('count', 1) != 1 else ''} from hand"
        return (f"While {C.condition(cond, ctx)}, " if cond else "") + \
            f"an opponent must {price} to beam a card to or from the mission where {ctx.this} is."
    if kw == "cant_move_to":  # Cargo Haul
        dest = P.noun({"type": "mission", **(ab.get("who") or {})}, ctx, article=True)
        return f"You cannot move your ship from this mission to {dest}."
    if kw == "commanders_play_aboard":  # Captain on the Bridge
        n = ab.get("count", 0)
        when = f" When you do, he or she is cost {'+' if n > 0 else ''}{n}." if n else ""
        return "You may play a Commander that corresponds with your ship aboard that ship." + when
    if kw == "no_draws":  # At an Impasse
        return ("No player may draw cards from his or her deck. (Players do not need to spend all their "
                "counters on their turns.)")
    if kw == "extra_counters":  # The Perfect Tool
        n = ab.get("count", 1)
        many = P.amount(n, ctx).replace(" for each", " additional counter for each", 1) if isinstance(n, dict) and "per" in n \
            else f"{P.amount(n, ctx, count=True)} additional counter{'' if n == 1 else 's'}"
        if cond:  # read as the turn begins (Bochra: "if this personnel is at an opponent's … mission")
            return (f"At the start of each of your turns, if {C.condition(cond, ctx)}, you may spend {many} "
                    "during your Play and Draw Cards segment.")
        return f"During each of your Play and Draw Cards segments, you may spend {many}."
    if kw == "no_interrupts":  # Michael Eddington
        return (f"While {C.condition(cond, ctx)}, that opponent cannot play interrupts." if cond
                else "Your opponents cannot play interrupts.")
    if kw == "cant_be_destroyed":  # Talnot
        return (f"While {C.condition(cond, ctx)}, " if cond else "") + \
            ("y" if cond else "Y") + f"our opponents cannot destroy {P.noun(ab.get('who') or {}, ctx, plural=True)}."
    if kw == "cant_complete":
        return f"You cannot complete this mission if {C.condition(cond, ctx)}." if cond else \
            "You cannot complete this mission."
    if kw == "blank_abilities":
        text = f"{P.each(ab.get('who') or {}, ctx)} cannot use his or her abilities"
    elif kw == "cant_use_skills":  # Sluggo
        text = f"{P.each(ab.get('who') or {}, ctx)} cannot use his or her skills to meet mission requirements"
    elif kw == "skills_cost":
        skills = f"{P._or(ab['skills'])} skill" if ab.get("skills") else "skills"
        if "skills_of" in ab:  # Psychological Pressure
            skills = f"skills that {P.noun(ab['skills_of'], ctx, article=True)} also has"
        when = ("while that personnel is attempting a mission" if (ab.get("who") or {}).get("attempting")
                else "during his or her orders")  # a price while attempting is paid at the attempt's action points
        text = (f"the commander of {P.each(ab.get('who') or {}, ctx)} must discard a card "
                f"from hand ({when}, for the rest of that turn) to use that personnel's {skills}")
    elif kw == "move_range_change":  # Xhosa
        n = ab.get("count", -1)
        end = P.noun({"type": "mission", **(ab.get("who") or {})}, ctx, article=True)
        text = (f"when {ctx.this} is about to move between {end} and a mission that is not, "
                + (f"subtract {-n} from" if n < 0 else f"add {n} to") + " the Range required")
    elif kw == "no_quadrant_penalty" and "between" in ab:  # Sphere 634
        a, b = (P.noun({"type": "mission", **f}, ctx, article=True) for f in ab["between"])
        text = f"when {ctx.this} is about to move between {a} and {b}, do not add 2 to the span total of those missions"
    elif kw == "no_quadrant_penalty":
        other = P.noun({"type": "mission", **(ab.get("who") or {})}, ctx, article=True)
        text = f"when any player moves a ship between this mission and {other}, do not add 2 to the span total"
    elif kw == "cant_be_stopped" and ab.get("by_dilemma"):  # Seskal, Koval
        text = f"{ctx.this} cannot be stopped by dilemmas"
    elif kw in KEYWORDS:
        text = KEYWORDS[kw].replace("{this}", ctx.this)
    else:
        return f"<?{kw}>"
    return (f"While {C.condition(cond, ctx)}, {text}." if cond else _cap(text) + ".")


def _combat_strength(ab: dict, ctx: P.Ctx) -> str:
    body = f"{'you may ' if ab.get('optional') else ''}add {ctx.this}'s {P.stat_name(ab['stat'])} to your total Strength in a combat"
    return _while(ab, ctx, body) + "."


def _requirement(ab: dict, ctx: P.Ctx) -> str:
    return f"Add {C.requirement(ab['requirement'], ctx)} to this mission's requirements."


def _attempt_with(ab: dict, ctx: P.Ctx) -> str:
    """For the Cause: "You may attempt and complete … missions using your [Maq] personnel …"."""
    missions = P.noun({"type": "mission", **ab["missions"]}, ctx, plural=True, owner=False)
    who = P.noun({"type": "personnel", **ab["personnel"]}, ctx, plural=True, owner=False)
    if not ab.get("regardless", True):  # a Call to Arms mission's own text
        points = f" for {ab['points']} points" if "points" in ab else ""
        return (f"You may attempt and complete this mission{points} using your {who} with these requirements: "
                f"{C.requirement(ab['requirement'], ctx)}.")
    return (f"You may attempt and complete {missions} using your {who} (and a ship they are aboard at a space "
            f"mission), regardless of effects preventing them (or ships they are aboard) from doing so, with "
            f"these requirements: {C.requirement(ab['requirement'], ctx)}.")


def _play_at(ab: dict, ctx: P.Ctx) -> str:
    """"You may play this personnel at your [HQ] {Mouth of the Wormhole}" (Yelsar)."""
    where = P.noun({"type": "mission", "mission_type": "headquarters", "owner": "you", **ab["mission"]}, ctx)
    return f"You may play {ctx.this} at {where}."


def _play_aboard(ab: dict, ctx: P.Ctx) -> str:
    return f"You may play {ctx.this} aboard {P.noun({'type': 'ship', **ab['ship']}, ctx, article=True)}."


def _at_end_of_turn(eff: dict, arg: dict, ctx: P.Ctx) -> str:
    """"At the end of this turn, kill that personnel" (a delayed effect: effects/turn_scoped.py)."""
    return f"at the end of this turn, {clauses(eff.get('then') or [], ctx)}"


def _for_rest_of_turn(eff: dict, arg: dict, ctx: P.Ctx) -> str:
    """"For the rest of this turn, when he or she is about to be killed by a dilemma, prevent
    that": the head of a trigger (its ``on`` and ``if``), kept until the turn ends."""
    saved = ctx.trigger
    head, cond = _trigger_head({"on": arg["on"], **({"if": arg["if"]} if "if" in arg else {})}, ctx, "on")
    text = f"for the rest of this turn, {head[:1].lower()}{head[1:]}"
    if cond:
        text += f", if {C.condition(cond, ctx)}"
    text += f", {clauses(eff.get('then') or [], ctx)}"
    ctx.trigger = saved
    return text


# the turn-scoped verbs read as an ability's head does, so their phrases live here
VERBS.update({"at_end_of_turn": _at_end_of_turn, "for_rest_of_turn": _for_rest_of_turn})

def _counter_action(ab: dict, ctx: P.Ctx) -> str:
    """"You may spend 1 counter to take a card on this event into your hand." """
    n = ab["counters"]
    return f"You may spend {n} counter{'s' if n != 1 else ''} to {clauses(ab.get('effects') or [], ctx)}."


def _state_rule(ab: dict, ctx: P.Ctx) -> str:
    """"If you command {Jadzia Dax}, place this personnel in her owner's discard pile."""
    return f"If {C.condition(ab['if'], ctx)}, {clauses(ab.get('effects') or [], ctx)}."


ABILITIES = {"requirement": _requirement, "state_rule": _state_rule, "counter_action": _counter_action, "headquarters": _headquarters, "static": _static, "trigger": _trigger, "order": _order,
             "dilemma": _dilemma, "event": _event, "interrupt": _interrupt,
             "play_requirement": _play_requirement, "damage": _damage, "keyword": _keyword, "action": _action,
             "meet_with": _meet_with,
             "combat_strength": _combat_strength, "play_aboard": _play_aboard, "play_at": _play_at,
             "play_cost": _play_cost, "attempt_with": _attempt_with, "cost_change": _cost_change}
