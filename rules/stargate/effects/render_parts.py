"""Card mechanics rendered as English in the style of the printed Stargate cards.

Why a separate module: ``render.py`` is the stable entry point (``render(mechanics)``)
that other engineers extend; the grammar lives here. Every construct of ``../EFFECTS.md``
has a phrase (filters follow ``filters.py``, the authority on what a key means). A
construct this module does not know is shown as ``[key_name]`` — visible, never silent —
and the test suite fails for any authored card that renders one.

The text is generated only from the mechanics (never copied from a printed card), so what
a player reads is what the engine does. "You" is the controller of the card; "this card"
is the card carrying the text.
"""
from __future__ import annotations

from .render_phrases import (  # noqa: F401 - the grammar's shared words
    ACTIONS, Ctx, DELAY_POINTS, DURATIONS, GLYPHS, KEYWORDS, NOUNS, NUMBERS, PILES, SKILLS, STATS,
    TRIGGER_PHRASES, _article, _as_list, _cap, _card_noun, _chooser, _determined, _join, _num, _per,
    _pile_owner, _ref, _ref_phrase, _sentences, _type_words, amount_parts, condition, describe,
    noun, remember_ref, target, unknown,
)


# --------------------------------------------------------------------- effects
PLAYERS = {"you": "you", "opponent": "your opponent", "that_player": "that player", "each": "each player",
           "any": "a player"}


def _subject(who) -> str:
    return PLAYERS.get(who if isinstance(who, str) else "you", unknown(f"player {who}"))


def _conj(verb: str, who) -> str:
    """Third person for anybody but "you": lose → loses, draw → draws."""
    if who in (None, "you"):
        return verb
    if verb.endswith(("s", "sh", "ch")):
        return verb + "es"
    if verb == "have":
        return "has"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def _act(who, actor, verb_phrase: str) -> str:
    """A clause whose performer is ``who`` inside a sentence performed by ``actor``:
    imperative when they are the same, with a subject otherwise."""
    if who is None and actor == "they":
        return "they " + verb_phrase
    if who is None:  # nobody named: whoever performs the sentence (interpreter: the controller)
        who = actor if actor in ("you", "opponent", "they") else "you"
    if who == actor:
        return verb_phrase
    if actor == "they" and who == "opponent":  # "If they do, they score that adversary"
        return "they " + verb_phrase
    first, _, rest = verb_phrase.partition(" ")
    return f"{_subject(who)} {_conj(first, who)}" + (f" {rest}" if rest else "")


def _their(who, actor) -> str:
    """Possessive for a player's own pile ("your deck", "their deck")."""
    who = who or "you"
    if who == "you":
        return "your"
    if who == actor:
        return "their"
    return _pile_owner(who)


TARGET_VERBS = {
    "stop": "stop", "ready": "ready", "destroy": "destroy", "incapacitate": "incapacitate",
    "unblock": "unblock", "score": "score", "discard_card": "discard",
}


def effects_text(effs, ctx: Ctx, actor="you") -> list[str]:
    if isinstance(effs, dict):
        effs = [effs]
    out = []
    prev = None
    for e in effs or []:
        text = clause(e, ctx, actor)
        merged = _merge_modify(prev, e, out[-1] if out else "", text)
        if merged:
            out[-1] = merged
        else:
            out.append(text)
        prev = e
    return out


def _merge_modify(prev, e, before: str, text: str) -> str | None:
    """"X gets Culture +1 until …" + "X gets Science +1 until …" → one clause."""
    if not (isinstance(prev, dict) and isinstance(e, dict) and "modify" in prev and "modify" in e):
        return None
    a, b = prev["modify"], e["modify"]
    if not (isinstance(a, dict) and isinstance(b, dict)) or a.get("who") != b.get("who") \
            or prev.get("until") != e.get("until") or not isinstance(a.get("amount"), int) \
            or not isinstance(b.get("amount"), int) or a.get("stat") == "cost" or b.get("stat") == "cost":
        return None
    for verb in (" gets ", " get "):
        if verb in before and verb in text:
            head1, _, rest1 = before.partition(verb)
            head2, _, rest2 = text.partition(verb)
            until = _until(e)
            if head1 == head2 and rest1.endswith(until) and rest2.endswith(until):
                r1 = rest1[:len(rest1) - len(until)] if until else rest1
                r2 = rest2[:len(rest2) - len(until)] if until else rest2
                r1 = r1.replace(" and ", ", ") if " and " in r1 else r1
                return f"{head1}{verb}{r1} and {r2}{until}"
    return None


def _is_self(t) -> bool:
    return isinstance(t, dict) and t.get("self") is True


def _target_verb(verb: str, t, ctx: Ctx, actor, until: str = "", tail: str = "") -> str:
    who, plural = target(t, ctx)
    chooser = _chooser(t)
    words = TARGET_VERBS.get(verb, verb)
    per = ""
    for sep in (" for each ", " (or "):
        if sep in who and (tail or until):
            who, _, rest = who.partition(sep)
            per = sep + rest
            break
    return _act(chooser, actor, f"{words} {who}{tail}{until}{per}")


def _until(e) -> str:
    u = e.get("until") if isinstance(e, dict) else None
    return " " + DURATIONS.get(u, unknown(f"until {u}")) if u else ""


def _stat_change(stat, amt, ctx: Ctx, set_: bool = False) -> str:
    name = STATS.get(stat, unknown(f"stat {stat}"))
    if set_:
        if isinstance(amt, int):
            return name, str(amt)
        return name, "equal to " + describe(amt, ctx)
    n, tail = amount_parts(amt, ctx)
    if isinstance(amt, dict) and "if" in amt and isinstance(n, int) and tail.startswith(" (or "):
        t = amt.get("then", 0)
        return name, f"{'+' if n >= 0 else ''}{n} (or {name} {'+' if t >= 0 else ''}{t} if {condition(amt['if'], ctx)})"
    if isinstance(n, int):
        return name, f"{'+' if n >= 0 else ''}{n}{tail}"
    return name, (n if n.startswith("-") else "+" + n) + tail


def _modify(m: dict, ctx: Ctx, actor, until: str, static: bool = False) -> str:
    if not isinstance(m, dict):
        return unknown("modify")
    who_t = m.get("who", {"self": True})
    set_ = "set" in m
    name, change = _stat_change(m.get("stat"), m.get("set") if set_ else m.get("amount"), ctx, set_)
    # "gets Combat +1 until the end of the turn for each …": the quantity's explanation last
    for sep in (", where X is", " for each ", " for "):
        if sep in change:
            change, _, tail = change.partition(sep)
            until = until + sep + tail
            break
    to_play = " to play" if m.get("stat") == "cost" else ""
    if isinstance(who_t, dict) and "player" in who_t:
        subj = _subject(who_t["player"])
        verb = "get" if who_t["player"] == "you" else "gets"
        if who_t.get("ship_battle_total"):
            return f"{subj} {verb} total {name} {change} in each ship battle{until}"
        return f"{subj} {verb} {name} {change}{until}"
    if isinstance(who_t, dict) and "choose" in who_t:
        who, plural = target(who_t, ctx)
        if set_:
            return _act(_chooser(who_t), actor, f"choose {who}; {'their' if plural else 'its'} {name} becomes {change}{until}")
        return _act(_chooser(who_t), actor, f"give {who} {name} {change}{until}")
    if isinstance(who_t, dict) and not (set(who_t) & {"self", "ref", "current_mission", "all"}):
        who_t = {"all": who_t}
    if isinstance(who_t, dict) and "all" in who_t and ('"each"' in repr(m.get("amount")).replace("'", '"')
                                                   or (isinstance(m.get("amount"), dict) and "shared_traits_with" in m["amount"])):
        # the amount is counted for each card in turn ("for each glyph it has")
        who = _determined(who_t["all"], ctx, "each")
        if m.get("stat") == "cost":
            return f"{who} costs power {change}{to_play}{until}"
        return f"{who} gets {name} {change}{until}"
    if not static and not set_ and isinstance(who_t, dict) and "all" in who_t and isinstance(who_t["all"], dict):
        who = _determined(who_t["all"], ctx, "each")
        if m.get("stat") == "cost":
            return f"{who} costs power {change}{to_play}{until}"
        return f"{who} gets {name} {change}{until}"
    who, plural = target(who_t, ctx)
    if static and who.startswith("all "):
        who = who[4:]
    if set_:
        return f"the {name} of {who} {'are' if plural else 'is'} {change}{until}"
    zoned = isinstance(who_t, dict) and isinstance(who_t.get("all"), dict) and who_t["all"].get("zone") in ("score_pile", "discard")
    if m.get("stat") == "cost" and not zoned:
        return f"{who} {'cost' if plural else 'costs'} power {change}{to_play}{until}"
    return f"{who} {'get' if plural else 'gets'} {name} {change}{until}"


def _power(a, ctx: Ctx) -> str:
    """"2 power", "1 power for each …", "power equal to …"."""
    n, tail = amount_parts(a, ctx)
    if tail.startswith(", where X is "):
        return "power equal to " + tail[len(", where X is "):]
    return f"{n} power{tail}"


def _count_phrase(count, ctx: Ctx, sing: str, plural: str, up_to=False) -> str:
    if count == "any":
        return f"any number of {plural}"
    n, tail = amount_parts(count, ctx)
    pre = "up to " if up_to else ""
    if isinstance(n, int) and not tail:
        if up_to and n == 1:
            return f"up to one {sing}"
        return pre + _num(n, sing, plural)
    if n == 1:
        return pre + (f"one {sing}{tail}" if up_to else f"{_article(sing)} {sing}{tail}")
    if tail.startswith(", where X is "):
        return pre + f"a number of {plural} equal to " + tail[len(", where X is "):]
    return pre + f"{n} {plural}{tail}"


def clause(e, ctx: Ctx, actor="you") -> str:
    """One effect as a clause without the final period."""
    if not isinstance(e, dict) or not e:
        return unknown("effect")
    until = _until(e)
    if "remember" in e and isinstance(e.get("remember"), str):
        name = e["remember"]
        tgt = e.get("target")
        if isinstance(tgt, dict) and "top_of" in tgt:
            many = tgt.get("count", 1) != 1
            ctx.refs[name] = ("those cards" if many else "that card", many)
            return ""
        if isinstance(tgt, dict) and not (set(tgt) & {"choose", "all", "self", "ref", "current_mission"}):
            inner_verb = next(iter(tgt), None)
            text = clause(tgt, ctx, actor)
            arg = tgt.get(inner_verb)
            if isinstance(arg, dict) and (set(arg) & {"choose", "all", "self", "ref", "current_mission"}):
                remember_ref(name, arg, ctx)
            elif inner_verb in ("reveal_random_from_hand", "reveal_top_of_deck", "discard_top_of_deck", "discard"):
                many = inner_verb != "reveal_random_from_hand" and (arg.get("count", 1) if isinstance(arg, dict) else arg) != 1
                ctx.refs[name] = ("the " + ("revealed" if inner_verb.startswith("reveal") else "discarded") + " card"
                                  + ("s" if many else ""), many)
            elif inner_verb == "pay_power":
                ctx.amounts[name] = "the amount of power paid"
            elif inner_verb in ("play_free", "play_from_hand"):
                ctx.refs[name] = ("the card played", False)
            elif inner_verb == "place_beneath":
                ctx.refs[name] = ("the cards placed", True)
            elif inner_verb == "move_glyph":
                ctx.refs[name] = ("both of those characters", True)
            else:
                ctx.refs[name] = (unknown(f"remembered {inner_verb}"), False)
            return text
        who, plural = target(tgt, ctx)
        if isinstance(tgt, dict) and "ref" in tgt and "choose" not in tgt and name.endswith("ed"):
            # naming a card the text already knows: "note that that character has been assigned"
            ctx.refs[name] = (who, plural)
            return f"note that {who} {'have' if plural else 'has'} been {name}"
        text = _act(_chooser(tgt), actor, f"choose {who}")
        flt = tgt.get("choose") if isinstance(tgt, dict) else None
        tail = " in your opponent's hand"
        if isinstance(flt, dict) and flt.get("zone") == "hand" and flt.get("side") == "opponent" \
                and _chooser(tgt) == "you" and actor == "you" and who.endswith(tail):
            # the chooser is shown the hand he chooses from (interpreter._targets): Reconnaissance
            text = f"look at your opponent's hand and choose {who[:-len(tail)]} from it"
        remember_ref(name, tgt, ctx)
        return text
    verb = next(iter(e))
    if verb in ("until", "from", "even_on_success", "chooser", "position", "who", "filter", "then", "else", "effects",
                "any_order", "cost", "target"):
        verb = next((k for k in e if k not in ("until", "from", "even_on_success", "chooser", "position", "who",
                                               "filter", "then", "else", "effects", "any_order", "cost", "target")),
                    verb)
    arg = e.get(verb)
    if verb == "pay_revive_cost":
        who_, plural = target(arg, ctx)
        return f"pay the revive cost of {who_}" if plural else f"pay {who_}'s revive cost"
    if verb == "take_off":
        who_, _ = target(arg, ctx)
        return f"if {who_} is on a card, take it off (it stays in play)"
    if verb == "mark":
        who_, _ = target(arg, ctx)
        return _act(_chooser(arg), actor, f"choose {who_}")
    if verb in TARGET_VERBS:
        tail = " (even if the mission was a success)" if verb == "score" and e.get("even_on_success") else ""
        if verb == "discard_card":
            tail = ""
            if isinstance(arg, dict) and arg.get("except"):
                tail = " other than " + _ref_phrase(arg["except"], ctx)
        return _target_verb(verb, arg, ctx, actor, until, tail)
    if verb == "block":
        frm = " from the current mission" if e.get("from") == "current_mission" else ""
        return _target_verb("block", arg, ctx, actor, until, frm)
    if verb == "return_to_hand":
        who, plural = target(arg, ctx)
        whose = "your" if _is_self(arg) else "their owners'" if plural else "its owner's"
        return _act(_chooser(arg), actor, f"return {who} to {whose} hand{until}")
    if verb == "turn_face_down":
        who, plural = target(arg, ctx)
        return _act(_chooser(arg), actor, f"turn {who} face down ({'they become complications' if plural else 'it becomes a complication'})")
    if verb == "to_deck_bottom":
        who, plural = target(arg, ctx)
        return _act(_chooser(arg), actor, f"put {who} on the bottom of {'their owners' + chr(39) if plural else 'its owner' + chr(39) + 's'} deck")
    if verb == "shuffle_into_deck":
        who, plural = target(arg, ctx)
        f = arg.get("choose") or arg.get("all") if isinstance(arg, dict) else None
        if isinstance(f, dict) and f.get("side") == "you" and f.get("zone"):
            return _act(_chooser(arg), actor, f"shuffle {who} into your deck")
        return _act(_chooser(arg), actor, f"shuffle {who} into {'their owners' if plural else 'its owner'}{chr(39) if plural else chr(39) + 's'} deck")
    if verb == "discard_from_score_pile":
        who, plural = target(arg, ctx)
        return _act(_chooser(arg), actor, f"discard {who}")
    if verb == "put_on_mission_pile":
        who, plural = target(arg, ctx)
        pos = e.get("position") or (arg.get("position") if isinstance(arg, dict) else None) or "bottom"
        whose = "your" if _is_self(arg) else "their owners'" if plural else "its owner's"
        return _act(_chooser(arg), actor, f"put {who} on the {pos} of {whose} mission pile")
    if verb in ("gain_power", "lose_power"):
        if not isinstance(arg, dict):
            return unknown(verb)
        return _act(arg.get("who"), actor, f"{'gain' if verb == 'gain_power' else 'lose'} {_power(arg.get('amount', 0), ctx)}")
    if verb == "pay_power":
        who = e.get("who") or (arg.get("who") if isinstance(arg, dict) and "who" in arg and len(arg) == 1 else None)
        if arg == "any":
            return _act(who, actor, "pay any amount of power")
        return _act(who, actor, f"pay {_power(arg, ctx)}")
    if verb == "draw":
        arg = arg if isinstance(arg, dict) else {"count": arg}
        return _act(arg.get("who"), actor, "draw " + _count_phrase(arg.get("count", 1), ctx, "card", "cards"))
    if verb == "discard":
        if not isinstance(arg, dict):
            arg = {"count": arg, "filter": e.get("filter"), "who": e.get("who", "you")}
        who = arg.get("who", "you")
        if isinstance(arg.get("count"), dict) and "up_to" in arg["count"]:
            arg = {**arg, "count": arg["count"].get("count", 1), "up_to": arg["count"]["up_to"]}
        sing = _card_noun(arg.get("filter"), ctx, False)
        plur = _card_noun(arg.get("filter"), ctx, True)
        text = "discard " + _count_phrase(arg.get("count", 1), ctx, sing, plur, bool(arg.get("up_to")))
        tail = ""
        for sep in (" equal to ", " for each ", " for "):
            if sep in text:
                text, _, rest = text.partition(sep)
                tail = sep + rest
                break
        if arg.get("random"):
            text += " at random"
        text += " from " + ("your" if (who or "you") == "you" else "their") + " hand" + tail
        if arg.get("chooser") and arg.get("chooser") != who:
            text += f" ({_subject(arg['chooser'])} {'choose' if arg['chooser'] == 'you' else 'chooses'})"
        return _act(who, actor, text)
    if verb == "refill_hand":
        who = arg.get("who") if isinstance(arg, dict) else None
        return _act(who, actor, f"draw until {'you have' if (who or 'you') == 'you' else 'they have'} 8 cards in hand")
    if verb == "skip_next_turn":
        who = arg.get("who") if isinstance(arg, dict) else arg
        return _act(who, actor, f"skip {'your' if (who or actor) == 'you' else 'their'} next turn")
    if verb == "modify":
        return _modify(arg, ctx, actor, until)
    if verb == "modify_next_mission":
        if not isinstance(arg, dict):
            return unknown(verb)
        name, change = _stat_change(arg.get("stat", "difficulty"), arg.get("amount", 0), ctx)
        return f"the next mission played this turn gets {name} {change}"
    if verb == "forbid":
        return _forbid(arg, ctx, until)
    if verb == "change_mission_skill":
        to = arg.get("to") if isinstance(arg, dict) else arg
        return f"the current mission becomes {_article(SKILLS.get(to, to))} {SKILLS.get(to, to)} mission{until}"
    if verb == "may":
        return _may(arg, ctx, actor)
    if verb == "unless":
        return _unless(e, ctx, actor)
    if verb == "if":
        then = _sentences(effects_text(e.get("then", []), ctx, actor))
        text = f"if {condition(arg, ctx)}, " + _lower_first(then).rstrip(".")
        if e.get("else"):
            text += ". Otherwise, " + _lower_first(_sentences(effects_text(e["else"], ctx, actor))).rstrip(".")
        return text
    if verb == "choose_one":
        if not isinstance(arg, list):
            return unknown(verb)
        opts = [_lower_first(_join([c for c in effects_text(o, ctx, e.get("chooser", actor) or actor)], "and")) for o in arg]
        return _act(e.get("chooser", "you"), actor, "choose one: " + "; or ".join(opts))
    if verb == "repeat":
        return _repeat(arg, e.get("effects", []), ctx, actor)
    if verb == "delayed":
        if not isinstance(arg, dict):
            return unknown(verb)
        at = DELAY_POINTS.get(arg.get("at"), unknown(f"at {arg.get('at')}"))
        body = _sentences(effects_text(arg.get("effects", []), ctx, actor))
        return f"{_lower_first(at)}, {_lower_first(body).rstrip('.')}"
    return _pile_verb(verb, arg, e, ctx, actor, until)


def _legacy_effect(verb: str, e: dict) -> str:
    """A verb only ``render.effect`` knows (added there first): use its sentence, or the
    visible unknown marker when it has none either."""
    try:
        from . import render as legacy
        text = legacy.effect(e).strip()
    except Exception:
        text = ""
    generic = f"{verb.replace('_', ' ').capitalize()}."
    if not text or text == generic:
        return unknown(verb)
    return _lower_first(text).rstrip(".")


def _proper_names() -> set[str]:
    """Words that keep their capital at the start of a clause: skills, glyphs, traits."""
    global _PROPER
    if _PROPER is None:
        names = set(SKILLS.values()) | set(GLYPHS.values()) | {"Dominion", "Withdraw", "Failure", "Success", "Victory"}
        try:
            from ..cards import card_db
            for card in card_db().values():
                names.update(card.get("traits") or [])
        except Exception:  # pragma: no cover - card data unavailable: only the fixed names
            pass
        _PROPER = names
    return _PROPER


_PROPER: set[str] | None = None


def _lower_first(s: str) -> str:
    """Lower-case the first letter of a clause unless it starts with a name."""
    if not s:
        return s
    first = s.split(" ", 1)[0].rstrip(",.;:")
    if first in _proper_names() or (len(first) > 1 and first[1:2].isupper()) or first.startswith(('"', "'")):
        return s
    return s[:1].lower() + s[1:]


def _may(m, ctx: Ctx, actor) -> str:
    if not isinstance(m, dict):
        return unknown("may")
    who = m.get("who", "you")
    look = ""
    if isinstance(m.get("look"), dict):
        seen, _ = target(m["look"], ctx)
        look = _act(who, actor, f"look at {seen}") + ". Then "
    cost = [cost_clause(c, ctx, who) for c in m.get("cost", [])]
    body = effects_text(m.get("effects", []), ctx, who)
    subj = "you" if who == "you" else _subject(who)
    if look:
        subj = look + subj
    if who != "you" and (cost or len(body) > 1):
        cost = [cost_clause(c, ctx, who) for c in m.get("cost", [])]
        first = effects_text(m.get("effects", [])[:1], ctx, who)
        body = (first + effects_text(m.get("effects", [])[1:], ctx, "they")) if not cost else \
            effects_text(m.get("effects", []), ctx, "they")
    if cost:
        rest = _sentences(body)
        pron = "you" if who == "you" else "they"
        if not rest:
            return f"{subj} may {_join(cost)}"
        return f"{subj} may {_join(cost)}. If {pron} do, {_lower_first(rest).rstrip('.')}"
    first = body[0] if body else ""
    rest = _sentences(body[1:])
    pron = "you" if who == "you" else "they"
    return f"{subj} may {first}" + (f". If {pron} do, {_lower_first(rest).rstrip('.')}" if rest else "")


def _unless(e, ctx: Ctx, actor) -> str:
    inner = e.get("unless")
    m = inner.get("may", inner) if isinstance(inner, dict) else {}
    who = m.get("who", "opponent") if isinstance(m, dict) else "opponent"
    first = _may(m, ctx, actor) if isinstance(inner, dict) and "may" in inner else clause(inner, ctx, actor)
    then = e.get("then")
    if then is None:
        return first
    pron = "you" if who == "you" else "they"
    rest = _sentences(effects_text(then, ctx, actor))
    return f"{first}. If {pron} don't, {_lower_first(rest).rstrip('.')}"


def _repeat(n, effs, ctx: Ctx, actor) -> str:
    body = _lower_first(_sentences(effects_text(effs, ctx, actor))).rstrip(".")
    if isinstance(n, int):
        times = {1: "once", 2: "twice"}.get(n, f"{NUMBERS.get(n, n)} times")
        return f"do the following {times}: {body}" if n != 1 else body
    per = _per(n, ctx) if isinstance(n, dict) else None
    if per and isinstance(n, dict) and n.get("times", 1) == 1 and len(set(n) - {"times", "glyph"}) == 1:
        return f"{per}, {body}"
    return f"do the following X times, where X is {describe(n, ctx)}: {body}"


def _forbid(arg, ctx: Ctx, until: str) -> str:
    if not isinstance(arg, dict):
        return unknown("forbid")
    action = arg.get("action")
    if isinstance(arg.get("who"), str):
        subj = _subject(arg["who"])
        verb = {"play_mission": "play missions", "play": "play cards", "pass": "pass", "boost": "boost",
                "assign": "assign cards"}.get(action, unknown(f"action {action}"))
        return f"{subj} can't {verb}{until}"
    who, plural = target(arg.get("who", {}), ctx) if isinstance(arg.get("who"), dict) else (_subject(arg.get("who")), False)
    can = "can't"
    passive = {"assign": "be assigned", "boost": "be boosted", "ready": "be readied", "stop": "be stopped",
               "revive": "be revived", "score": "be scored", "play": "be played", "use_text": "use their text"}
    act = passive.get(action, unknown(f"action {action}"))
    if who.startswith("all "):
        who = who[4:]
    if isinstance(arg.get("who"), dict) and "choose" in arg["who"]:
        return _act(_chooser(arg["who"]), "you", f"choose {who}; {'they' if plural else 'it'} {can} {act}{until}")
    return f"{who} {can} {act}{until}"


def _glyph_target(t, ctx: Ctx) -> str:
    who, plural = target(t, ctx)
    return who


def _pile_verb(verb, arg, e, ctx: Ctx, actor, until) -> str:
    a = arg if isinstance(arg, dict) else {}
    who = a.get("who", "you") if isinstance(a.get("who", "you"), str) else "you"
    if verb == "search_deck":
        noun_ = _card_noun(a.get("filter"), ctx, False)
        text = f"search {_their(who, actor)} deck for {_article(noun_)} {noun_}"
        text += ", reveal it," if a.get("reveal") else ","
        text += f" and take it into {'your' if who == 'you' else 'their'} hand. Then shuffle {'your' if who == 'you' else 'their'} deck"
        if a.get("then") == "shuffle_rest_and_place_on_top":
            text = f"search {_their(who, actor)} deck for {_article(noun_)} {noun_}" + (", reveal it," if a.get("reveal") else ",")
            text += f" shuffle the rest of {'your' if who == 'you' else 'their'} deck, then put that card on top of it"
        elif a.get("then") not in (None, "shuffle"):
            text += " " + unknown(f"then {a['then']}")
        return _act(who, actor, text)
    if verb == "search_mission_pile":
        text = f"search {_their(who, actor)} mission pile for a mission"
        then = a.get("then")
        if then == "shuffle_rest_and_place_on_top":
            text += ", shuffle the rest of that pile, then put the mission on top of it"
        elif then is not None:
            text += " " + unknown(f"then {then}")
        return _act(who, actor, text)
    if verb in ("take_from_discard", "take_from_score_pile"):
        pile = "discard pile" if verb == "take_from_discard" else "score pile"
        count = a.get("count", 1)
        sing, plur = _card_noun(a.get("filter"), ctx, False), _card_noun(a.get("filter"), ctx, True)
        what = _count_phrase(count, ctx, sing, plur, bool(a.get("up_to")))
        mine = "your" if who == "you" else "their"
        to = a.get("to", "hand")
        if to == "hand":
            text = f"take {what} from {mine} {pile} into {mine} hand"
        elif to == "deck_shuffled":
            text = f"shuffle {what} from {mine} {pile} into {mine} deck"
        elif to == "deck_top":
            text = f"put {what} from {mine} {pile} on top of {mine} deck"
        elif to == "deck_bottom":
            text = f"put {what} from {mine} {pile} on the bottom of {mine} deck"
        elif to == "play":
            text = f"play {what} from {mine} {pile}"
        else:
            text = f"take {what} from {mine} {pile} " + unknown(f"to {to}")
        return _act(who, actor, text)
    if verb in ("arrange_top", "arrange_bottom"):
        pile = PILES.get(a.get("pile", "deck"), a.get("pile"))
        owner = a.get("owner", "you")
        whose = {"you": "your", "opponent": "your opponent's", "any": "a player's"}.get(owner, "your")
        if owner == who and who != "you":
            whose = "their"
        n = a.get("count", 1)
        end = "top" if verb == "arrange_top" else "bottom"
        cards = _count_phrase(n, ctx, "card", "cards")
        tail = ""
        if n == 1:
            cards = f"the {end} card"
        elif isinstance(n, int):
            cards = f"the {end} {cards.split(' ', 1)[0]} cards"
        else:
            cards, tail = f"the {end} X cards", f", where X is {describe(n, ctx)}"
        text = f"look at {cards} of {whose} {pile}"
        explained = bool(tail)
        if tail:
            text, tail = text + tail, ""
        if a.get("split") == "one_top_one_bottom":
            text += ", then put one of them on the top of that pile and the other on the bottom"
        elif a.get("split") == "one_top_rest_bottom":
            text += ", then put one of them on the top of that pile and the rest on the bottom in any order"
        elif a.get("split"):
            text += " " + unknown(f"split {a['split']}")
        elif n == 1:
            text += (", then put it back on the top or on the bottom of that pile"
                     if a.get("bottom_allowed") or a.get("top_allowed") else "")
        else:
            text += f"{',' if explained else ''} and put them back in any order"
            if a.get("bottom_allowed"):
                text += " (any of them may go on the bottom instead)"
            if a.get("top_allowed"):
                text += " (any of them may go on the top instead)"
        return _act(who, actor, text + tail)
    if verb == "arrange_failed_missions":
        return _act(who, actor, "put any number of missions from your failed mission pile on top of your mission pile in any order")
    if verb == "shuffle_deck":
        return _act(who, actor, f"shuffle {_their(who, actor)} deck")
    if verb == "shuffle_mission_pile":
        owner = a.get("owner", "you")
        return f"shuffle {_pile_owner(owner)} mission pile" if actor == "you" else _act("you", actor, f"shuffle {_pile_owner(owner)} mission pile")
    if verb in ("discard_top_of_deck", "reveal_top_of_deck"):
        n = a.get("count", 1)
        tail = ""
        if n == 1:
            cards = "the top card"
        elif isinstance(n, int):
            cards = f"the top {NUMBERS.get(n, n)} cards"
        else:
            cards, tail = "the top X cards", f", where X is {describe(n, ctx)}"
        word = "discard" if verb == "discard_top_of_deck" else "reveal"
        return _act(who, actor, f"{word} {cards} of {_their(who, actor)} deck{tail}")
    if verb == "reveal_random_from_hand":
        owner = a.get("owner", "opponent")
        return f"reveal a card at random from {_pile_owner(owner)} hand"
    if verb == "reveal_hand":
        w = a.get("who", "opponent")
        return _act(w, actor, f"reveal {'your' if w == 'you' else 'their'} hand")
    if verb == "move_glyph":
        frm = a.get("from", {})
        frm_text = _glyph_target(frm, ctx)
        sub = Ctx.__new__(Ctx)
        sub.__dict__.update({k: (dict(v) if isinstance(v, dict) else v) for k, v in ctx.__dict__.items()})
        sub.builtin["from"] = ("that character", False)
        to = a.get("to", {})
        if isinstance(to, dict) and isinstance(to.get("choose"), dict) and to["choose"].get("other_than") == "from":
            f = {k: v for k, v in to["choose"].items() if k != "other_than"}
            to_text = "another " + noun(f, ctx) if f.get("side") not in ("you", "opponent") else "another of " + (
                "your " if f["side"] == "you" else "your opponent's ") + noun(f, ctx, plural=True, owner=False)
        else:
            to_text = _glyph_target(to, sub)
        return _act(_chooser(frm), actor, f"move a glyph from {frm_text} to {to_text}")
    if verb == "glyph_to_mission_pile":
        g = a.get("glyph", {})
        pos = a.get("position", "bottom")
        return _act(_chooser(g), actor, f"put {_glyph_target(g, ctx)} on the {pos} of its owner's mission pile")
    if verb == "swap_glyphs":
        t = a.get("ref") or a
        return f"swap {_ref_phrase(t, ctx) if isinstance(t, str) else _glyph_target(t, ctx)} between their characters"
    if verb == "exchange_glyph_with_mission_pile_top":
        who_ = _glyph_target(a.get("character", {}), ctx)
        return f"exchange a glyph of {who_} with the top card of its owner's mission pile"
    if verb == "play_free":
        noun_ = _card_noun(a.get("filter"), ctx, False)
        w = a.get("who", "you")
        if a.get("target") or "choose" in a or "ref" in a:
            what, _ = target(a.get("target") or a, ctx)
            return _act(w, actor, f"play {what} at no cost")
        where = "" if isinstance(a.get("filter"), dict) and "in_ref" in a["filter"] else \
            f" from {'your' if w == 'you' else 'their'} hand"
        return _act(w, actor, f"play {_article(noun_)} {noun_}{where} at no cost")
    if verb == "play_from_hand":
        noun_ = _card_noun(a.get("filter"), ctx, False)
        w = a.get("who", "you")
        text = f"play {_article(noun_)} {noun_} from {'your' if w == 'you' else 'their'} hand, paying its cost"
        if a.get("ignore_uniqueness"):
            text += f" (even if {'you' if w == 'you' else 'they'} already have a card with the same title in play)"
        return _act(w, actor, text)
    if verb == "remove_text":
        t = a.get("target", {})
        who_, plural = target(t, ctx)
        kw = a.get("keyword")
        what = KEYWORDS.get(kw, f"{kw} text") if kw else "game text"
        return _act(_chooser(t), actor, f"remove the {what} of {who_}{until}") if kw else \
            _act(_chooser(t), actor, f"{'choose ' + who_ + '; it loses' if 'choose' in t else who_ + ' loses'} all game text{until}")
    if verb == "grant_keyword":
        who_, plural = target(a.get("to", {}), ctx)
        if isinstance(a.get("to"), dict) and "choose" in a["to"]:
            return _act(_chooser(a["to"]), actor, f"give {who_} {KEYWORDS.get(a.get('keyword'), a.get('keyword'))}{until}")
        return f"{who_} {'gain' if plural else 'gains'} {KEYWORDS.get(a.get('keyword'), a.get('keyword'))}{until}"
    if verb == "grant_ability":
        to = a.get("to", {})
        who_, plural = target(to, ctx)
        ab = a.get("ability", {})
        inner = ability(ab) if isinstance(ab, dict) else unknown("ability")
        return f"{who_} {'gain' if plural else 'gains'} “{inner}”{until}".replace("“", '"').replace("”", '"')
    if verb == "grant_trigger":
        inner = ability({"kind": "trigger", "on": a.get("on"), "who": a.get("who"), "effects": a.get("effects", []),
                         "optional": a.get("optional", False)})
        return f'until the end of the turn, you have "{inner}"' if not until else f'you have "{inner}"{until}'
    if verb == "blockade":
        owner = a.get("owner", "opponent")
        return (f"blockade a mission (place the top card of {_pile_owner(owner)} mission pile face up beneath this card; "
                "return any mission it already blockades)")
    if verb == "place_promotion_token":
        who_, _ = target(arg, ctx)
        return _act(_chooser(arg), actor, f"place a promotion token on {who_}")
    if verb == "place_beneath":
        host, _ = target(a.get("host", {"self": True}), ctx)
        card = a.get("card", {})
        if isinstance(card, dict) and card.get("top_of_deck"):
            what = "the top card of your deck"
        elif isinstance(card, dict) and card.get("random_from_hand"):
            what = "a card at random from " + _pile_owner(card.get("random_from_hand")) + " hand"
        else:
            what = target(card, ctx)[0]
        return f"place {what} {'face down ' if a.get('face_down') else ''}beneath {host}"
    if verb == "place_on":
        what, _ = target(a.get("card", {"self": True}), ctx)
        host = a.get("host", {})
        who_, _ = target(host, ctx)
        return _act(_chooser(host), actor, f"place {what} on {who_}")
    if verb == "place_glyph":
        what, _ = target(a.get("card", {}), ctx)
        who_, _ = target(a.get("host", {}), ctx)
        return f"place {what} as a glyph beneath {who_}"
    if verb == "take_control":
        who_, plural = target(a.get("who", {}), ctx)
        parts = []
        if a.get("no_text"):
            parts.append("no game text")
        if a.get("trait"):
            parts.append(f"the {a['trait']} trait")
        if a.get("revive") == "cost":
            parts.append("a revive cost equal to " + ("their" if plural else "its") + " cost")
        elif isinstance(a.get("revive"), int):
            parts.append(f"revive cost {a['revive']}")
        text = f"{who_} {'become adversaries' if plural else 'becomes an adversary'} under your control" + \
            (", with " + _join(parts) if parts else "")
        cant = [ACTIONS.get(x, x) for x in a.get("cant") or []]
        if cant:
            text += f". {'They' if plural else 'It'} can't be " + _join([c + ("d" if c.endswith("e") else "ed") for c in cant], "or")
        return text
    if verb == "gain_traits":
        who_, plural = target(a.get("who", {"self": True}), ctx)
        frm, _ = target(a.get("from", {}), ctx)
        return f"{who_} {'get' if plural else 'gets'} all the traits of {frm}{until}"
    if verb == "opponent_plays_as_complication":
        frm = a.get("from")
        what, plural = _ref(frm, ctx) if isinstance(frm, (str, dict)) and frm else ("that card", False)
        cost = a.get("cost")
        paid = " at no cost" if cost == 0 else f", paying {cost} power" if isinstance(cost, int) else ""
        if plural:
            what = "one of " + what
        return f"your opponent plays {what} as a complication at the current mission{paid}"
    if verb == "after_next_pass":
        w = a.get("who", "you")
        return f"the next time {_subject(w)} {'pass' if w == 'you' else 'passes'}, {_subject(w)} may take another action" \
            if not a.get("only_pass") else f"after {_subject(w)} next {'pass' if w == 'you' else 'passes'}, {_subject(w)} can only pass"
    if verb == "force_continue":
        return "force the hero player to continue to another mission this turn" + \
            (" without paying power to continue" if a.get("free") else "")
    return _legacy_effect(verb, e)


# --------------------------------------------------------------------- costs
def cost_clause(c, ctx: Ctx, actor="you") -> str:
    if not isinstance(c, dict):
        return unknown("cost")
    if "unless" in c and "cost" in c:
        inner = _join([cost_clause(x, ctx, actor) for x in c["cost"]])
        return f"{inner} (unless {condition(c['unless'], ctx)})"
    if "requires" in c:
        return f"only if {condition(c['requires'], ctx)}"
    if "choose_one" in c:
        opts = c["choose_one"]
        return " or ".join(_join([cost_clause(x, ctx, actor) for x in _as_list(o)]) for o in opts)
    if "discard" in c and not isinstance(c["discard"], dict):
        n = c["discard"]
        sing = _card_noun(c.get("filter"), ctx, False)
        plur = _card_noun(c.get("filter"), ctx, True)
        return "discard " + _count_phrase(n, ctx, sing, plur)
    return clause(c, ctx, actor)


# --------------------------------------------------------------------- abilities
def _glyph_prefix(ab: dict) -> str:
    need = ab.get("requires_glyphs") or []
    anyof = ab.get("requires_any_glyph") or []
    if need:
        return " and ".join(GLYPHS.get(g, unknown(g)) for g in need) + ": "
    if anyof:
        return " or ".join(GLYPHS.get(g, unknown(g)) for g in anyof) + ": "
    return ""


def _trigger_head(ab: dict, ctx: Ctx) -> str:
    on = ab.get("on")
    who = ab.get("who")
    side = who.get("side") if isinstance(who, dict) else None
    only_side = isinstance(who, dict) and set(who) == {"side"}
    # without ``who`` a trigger listens on every turn, but a hero card's text works only
    # while its owner is the hero player and a villain card's only while he is the villain
    # (stats.is_active), so such a trigger happens on the owner's turn (hero) or on the
    # opponent's turn (villain)
    if who is None and on in ("power_phase_start", "power_phase_end", "mission_played", "debrief_start",
                              "before_mission_played", "turn_end"):
        implied = {"hero": "you", "villain": "opponent"}.get(ctx.allegiance)
        if implied:
            who, side, only_side = {"side": implied}, implied, True
    if on in ("power_phase_start", "power_phase_end"):
        whose = {"you": "your", "opponent": "your opponent's"}.get(side, "each")
        return f"At the {'start' if on.endswith('start') else 'end'} of {whose} power phase"
    if on == "player_passes":
        return {"you": "Each time you pass", "opponent": "Each time your opponent passes"}.get(side, "Each time a player passes")
    if on in ("glyph_earned", "glyph_earned_from_self"):
        if on == "glyph_earned_from_self":
            return "Each time a character earns this mission's glyph"
        w = _determined(who, ctx, "a") if isinstance(who, dict) and not only_side else (
            {"you": "one of your characters", "opponent": "one of your opponent's characters"}.get(side, "a character"))
        return f"Each time {w} earns a glyph"
    if on in ("card_played", "obstacle_played", "character_assigned", "adversary_assigned"):
        default = {"card_played": "card", "obstacle_played": "obstacle", "character_assigned": "character",
                   "adversary_assigned": "adversary"}[on]
        f = dict(who) if isinstance(who, dict) else {}
        f.pop("side", None)
        if "type" not in f:
            f["type"] = default if default != "card" else f.get("type", "card")
        n = noun(f, ctx)
        ctx.builtin["trigger_card"] = ("that " + NOUNS.get(_as_list(f.get("type", "card"))[0], ("card",))[0]
                                      if len(_as_list(f.get("type", "card"))) == 1 else "that card", False)
        if on in ("card_played", "obstacle_played"):
            if side == "you":
                return f"Each time you play {_article(n)} {n}"
            if side == "opponent":
                return f"Each time your opponent plays {_article(n)} {n}"
            return f"Each time {_article(n)} {n} is played"
        verb = "assign"
        if set(f) <= {"ref", "type"} and "ref" in f:
            return f"Each time {_ref_phrase(f['ref'], ctx)} is assigned"
        if side == "you":
            return f"Each time you {verb} {_article(n)} {n}"
        if side == "opponent":
            return f"Each time your opponent {verb}s {_article(n)} {n}"
        return f"Each time {_article(n)} {n} is assigned"
    if on == "card_discarded":
        f = dict(who) if isinstance(who, dict) else {}
        f.pop("side", None)
        n = _card_noun(f, ctx, False) if f else "card"
        types = _as_list(f.get("type", "card"))
        ctx.builtin["trigger_card"] = ("that " + (NOUNS.get(types[0], ("card",))[0] if len(types) == 1 else "card"), False)
        if side == "opponent":
            return f"Each time your opponent places {_article(n)} {n} in their discard pile"
        if side == "you":
            return f"Each time you place {_article(n)} {n} in your discard pile"
        return f"Each time {_article(n)} {n} is placed in a discard pile"
    # the trigger fires for the hero player of any turn unless ``who`` names a side
    if only_side and side in ("you", "opponent"):
        whose = "your" if side == "you" else "your opponent's"
        player = "you" if side == "you" else "your opponent"
        by_side = {
            "mission_played": f"Each time {player} {'play' if side == 'you' else 'plays'} a mission",
            "before_mission_played": f"Each time {player} {'are' if side == 'you' else 'is'} about to play a mission",
            "debrief_start": f"At the start of {whose} debrief phase",
            "turn_end": f"At the end of {whose} turn",
            "mission_succeeded": f"Each time {player} {'succeed' if side == 'you' else 'succeeds'} at a mission",
            "mission_failed": f"Each time {player} {'fail' if side == 'you' else 'fails'} a mission",
            "mission_end": f"At the end of each of {whose} missions",
        }
        if on in by_side:
            return by_side[on]
    head = TRIGGER_PHRASES.get(on)
    if head is None:
        from . import render as legacy
        head = legacy.TRIGGERS.get(on) or _cap(unknown(f"trigger {on}"))
    if isinstance(who, dict) and (not only_side or side not in ("you", "opponent", "any")):
        head += " " + unknown("trigger who")
    return head


def ability(ab, shared: Ctx | None = None) -> str:
    """One ability as one paragraph. ``shared`` carries the card's remembered cards (a
    ref remembered by one ability can be used by another, e.g. a Failure text)."""
    if not isinstance(ab, dict):
        return unknown("ability")
    ctx = Ctx()
    if shared is not None:
        ctx.refs = shared.refs
        ctx.amounts = shared.amounts
        ctx.allegiance = shared.allegiance
    kind = ab.get("kind")
    prefix = _glyph_prefix(ab)
    if kind == "trigger":
        head = _trigger_head(ab, ctx)
        cost = [cost_clause(c, ctx) for c in ab.get("cost", [])]
        effects = effects_text(ab.get("effects", []), ctx)
        cond = f", if {condition(ab['if'], ctx)}" if "if" in ab else ""
        if ab.get("optional"):
            if cost:
                body = f"you may {_join(cost)}. If you do, " + _lower_first(_sentences(effects))
            else:
                body = "you may " + _lower_first(_sentences([effects[0]] if effects else []))
                if effects[1:]:
                    body = body.rstrip(".") + ". If you do, " + _lower_first(_sentences(effects[1:]))
        else:
            if cost:
                effects = cost + effects
            body = _lower_first(_sentences(effects))
        return prefix + f"{head}{cond}, {body}".rstrip()
    if kind == "activated":
        needs = [c["requires"] for c in ab.get("cost", []) if isinstance(c, dict) and "requires" in c]
        ctx_cost = [cost_clause(c, ctx) for c in ab.get("cost", []) if not (isinstance(c, dict) and "requires" in c)]
        effects = _sentences(effects_text(ab.get("effects", []), ctx))
        cost = _cap(", ".join(_merge_costs(ctx_cost)))
        text = f"{cost} — {effects}"
        if ab.get("keyword") == "withdraw":
            # the rulebook keyword with its reminder: "Withdraw 2. (Destroy this card — gain 2 power.)"
            gain = ab.get("effects", [{}])
            n = gain[0].get("gain_power", {}).get("amount") if len(gain) == 1 and isinstance(gain[0], dict) \
                and isinstance(gain[0].get("gain_power"), dict) else None
            standard = ab.get("cost") == [{"destroy": {"self": True}}] and n is not None \
                and gain[0]["gain_power"].get("who", "you") == "you"
            if standard and isinstance(n, int):
                text = f"Withdraw {n}. (Destroy this card — gain {n} power.)"
            elif standard and isinstance(n, dict):
                text = f"Withdraw X, where X is {describe(n, ctx)}. (Destroy this card — gain X power.)"
            else:
                text = f"Withdraw: {cost} — {effects}"
        if "while" in ab:
            text += f" Use this only while {condition(ab['while'], ctx)}."
        if needs:
            text += " Use this only if " + _join([condition(n, ctx) for n in needs]) + "."
        if ab.get("by") == "any":
            text += " Any player may use this."
        elif ab.get("by") == "host_owner":
            text += " The owner of the card this card is on may use this."
        elif ab.get("by"):
            text += " " + unknown(f"by {ab['by']}")
        if ab.get("limit") == "once_per_turn":
            text += " You can do this only once each turn."
        elif ab.get("limit"):
            text += " " + unknown(f"limit {ab['limit']}")
        return prefix + text
    if kind in ("success", "failure", "victory"):
        return prefix + f"{kind.capitalize()}: " + _sentences(effects_text(ab.get("effects", []), ctx))
    if kind == "static":
        if "modify" in ab:
            body = _modify(ab["modify"], ctx, "you", "", static=True)
        elif "rule" in ab:
            body = _rule(ab["rule"], ctx)
        else:
            body = unknown("static")
        if "while" in ab:
            body = f"while {condition(ab['while'], ctx)}, {_lower_first(body)}"
        return prefix + _sentences([body])
    if kind == "play_cost":
        costs = [c for c in ab.get("cost", []) if not (isinstance(c, dict) and "requires" in c)]
        needs = [c["requires"] for c in ab.get("cost", []) if isinstance(c, dict) and "requires" in c]
        parts = []
        if needs:
            parts.append("You can play this card only if " + _join([condition(n, ctx) for n in needs]) + ".")
        if costs or not needs:
            parts.append("To play this card, " + _join([cost_clause(c, ctx) for c in costs]) + ".")
        return prefix + " ".join(parts)
    if kind == "cant":
        return prefix + _cant(ab, ctx)
    if kind == "replace":
        return prefix + _replace(ab, ctx)
    if kind == "keyword":
        return prefix + _keyword(ab, ctx)
    return prefix + unknown(f"kind {kind}")


def _merge_costs(costs: list[str]) -> list[str]:
    """"stop this card", "incapacitate this card" → "stop and incapacitate this card"."""
    out: list[str] = []
    for c in costs:
        verb, _, obj = c.partition(" ")
        if out and obj and " " not in verb:
            pverb, _, pobj = out[-1].partition(" ")
            if pobj == obj and pverb.isalpha():
                out[-1] = f"{pverb} and {verb} {obj}"
                continue
        out.append(c)
    return out


def _rule(rule, ctx: Ctx) -> str:
    if not isinstance(rule, dict) or len(rule) != 1:
        return unknown("rule")
    name, arg = next(iter(rule.items()))
    if name == "assign_cost":
        who_f = arg.get("who", {})
        costs = arg.get("cost", [])
        if isinstance(who_f, dict) and who_f.get("self"):
            return "to assign this card, " + _join([cost_clause(c, ctx) for c in costs])
        ctx.builtin["assigning"] = ("that " + _type_words({"type": who_f.get("type", "card")}, False), False) \
            if isinstance(who_f, dict) and isinstance(who_f.get("type", "card"), str) else ("that card", False)
        w = noun(who_f, ctx) if isinstance(who_f, dict) else unknown("who")
        # the assigning player pays: "you" in these costs is the assigning player
        inner = [cost_clause(c, ctx) for c in costs]
        own = [x for x in inner if not x.startswith("your opponent ")]
        other = [x.replace("your opponent ", "the assigning player's opponent ", 1) for x in inner if x.startswith("your opponent ")]
        parts = (["the assigning player must " + _join(own)] if own else []) + other
        return f"to assign {_article(w)} {w}, " + _join(parts)
    if name == "blocked" and isinstance(arg, dict) and arg.get("host") is True and set(arg) <= {"host", "type"}:
        return f"the {_type_words({'type': arg.get('type', 'character')}, False)} this card is on is blocked"
    if name == "blocked":
        who, plural = target(arg, ctx) if isinstance(arg, dict) and set(arg) & {"self", "ref", "all", "choose"} \
            else (_determined(arg, ctx, "all")[4:], True) if isinstance(arg, dict) else (unknown("blocked"), False)
        return f"{who} {'are' if plural else 'is'} blocked"
    if name == "boost_bonus":
        nm, change = _stat_change(arg.get("stat", "skills"), arg.get("amount", 0), ctx)
        return f"each time you boost a character, that character gets an additional {nm} {change}"
    if name == "grant_ability":
        to = arg.get("to", {}) if isinstance(arg, dict) else {}
        inner = ability(arg.get("ability"), None) if isinstance(arg, dict) else unknown("ability")
        if isinstance(to, dict) and (set(to) & {"self", "ref", "current_mission", "all", "choose"}):
            who, plural = target(to, ctx)
            return f'{who} {"get" if plural else "gets"}: "{inner}"'
        who = _determined(to, ctx, "each") if isinstance(to, dict) else unknown("to")
        return f'{who} gets: "{inner}"'
    if name == "text_again":
        kind = str(arg.get("kind", "")).capitalize() if isinstance(arg, dict) else ""
        who = arg.get("who", {}) if isinstance(arg, dict) else {}
        return f"the {kind} text of {_determined(who, ctx, 'each')} occurs an additional time"
    if name == "boost_by_team_title":
        return "you may boost a team character using a character card with the same title as another of your team characters"
    if name == "no_cost_play":
        who = arg.get("who", {}) if isinstance(arg, dict) else {}
        return f"you may play {_determined(who, ctx, 'a')} at no cost"
    if name == "revive_mill_to":
        to = arg.get("to") if isinstance(arg, dict) else None
        who, _ = target(arg.get("who", {"self": True}), ctx) if isinstance(arg, dict) else ("this card", False)
        where = {"hand": "into your hand", "deck_bottom": "on the bottom of your deck"}.get(to, unknown(f"to {to}"))
        return f"each time you pay the revive cost of {who}, take each card you would discard {where} instead"
    if name == "first_action":
        return f"the {arg} player performs the first action at this mission" if isinstance(arg, str) else unknown("first_action")
    if name == "failure_text_optional":
        w = noun(arg.get("who", {}), ctx, plural=True) if isinstance(arg, dict) else "cards"
        return f"the Failure text of {w} is optional"
    if name == "text_cost":
        w = noun(arg.get("who", {}), ctx) if isinstance(arg, dict) else "card"
        kw = KEYWORDS.get(arg.get("keyword"), "text")
        payer = {"opponent": "your opponent", "you": "you"}.get(arg.get("payer", "you"), "its controller")
        costs = _join([cost_clause(c, ctx) for c in arg.get("cost", [])])
        if payer != "you":
            costs = _act(arg.get("payer"), "you", costs)
        return f"to use the {kw} of {_article(w)} {w}, {costs}"
    return unknown(f"rule {name}")


def _cant(ab, ctx: Ctx) -> str:
    action = ab.get("action")
    who = ab.get("who", {})
    player = ab.get("player")
    subj = {"you": "you", "opponent": "your opponent", None: "players"}.get(player, unknown(f"player {player}"))
    self_ = isinstance(who, dict) and who.get("self")
    if action == "play" and self_ and isinstance(ab.get("while"), dict) and set(ab["while"]) == {"not"}:
        return _sentences([f"you can play this card only if {condition(ab['while']['not'], ctx)}"])
    if action == "play" and self_:
        body = f"this card can't be played"
    elif action == "play_mission":
        body = f"{subj} can't play missions"
    else:
        verb = ACTIONS.get(action, unknown(f"action {action}"))
        what = "this card" if self_ else (noun(who, ctx, plural=True) if isinstance(who, dict) else unknown("who"))
        body = f"{subj} can't {verb} {what}"
    if "while" in ab:
        return _sentences([f"{body} while {condition(ab['while'], ctx)}"])
    return _sentences([body])


REPLACED = {"destroyed": "destroyed", "destroyed_by_opponent": "destroyed by one of your opponent's cards",
            "incapacitated": "incapacitated", "stopped": "stopped"}


def _replace(ab, ctx: Ctx) -> str:
    who = ab.get("who", {})
    event = ab.get("event")
    if isinstance(who, dict) and who.get("self"):
        w, it = "this card", "this card"
        ctx.builtin["affected"] = ("this card", False)
    else:
        n = noun(who, ctx) if isinstance(who, dict) else unknown("who")
        if isinstance(who, dict) and who.get("side") in ("you", "opponent") and set(who) - {"side"}:
            w = ("one of your " if who["side"] == "you" else "one of your opponent's ") + noun(who, ctx, plural=True, owner=False)
        elif isinstance(who, dict) and who.get("other") and not who.get("side"):
            w = "another " + noun({k: v for k, v in who.items() if k != "other"}, ctx)
        else:
            w = f"{_article(n)} {n}"
        types = _as_list(who.get("type", "card")) if isinstance(who, dict) else ["card"]
        it = "that " + (NOUNS.get(types[0], ("card",))[0] if len(types) == 1 else "card")
        ctx.builtin["affected"] = (it, False)
    cost = [cost_clause(c, ctx) for c in ab.get("cost", [])]
    instead = _lower_first(_sentences(effects_text(ab.get("instead", []), ctx))).rstrip(".")
    if event == "revive_cost":
        head = f"Each time you would pay the revive cost of {w}"
        if cost:
            return f"{head}, {'you may ' if ab.get('optional') else ''}{_join(cost)} instead. If you do, {instead}."
        return f"{head}, {instead} instead."
    if event == "revive_mill":
        head = f"Each time you would take a card from the top of your deck to revive {w}"
    elif event in REPLACED:
        head = f"Each time {w} would be {REPLACED[event]}"
    else:
        head = f"Each time {w} would be " + unknown(f"event {event}")
    if ab.get("optional"):
        if cost and not instead:  # nothing else happens: the cost is paid to prevent it (Xe'ls, Kull Warrior)
            return f"{head}, you may {_join(cost)} instead."
        if cost:
            return f"{head}, you may {_join(cost)}. If you do, {instead} instead."
        return f"{head}, you may {instead} instead."
    if cost:
        return f"{head}, {_join(cost)} and {instead} instead."
    return f"{head}, {instead} instead."


def _keyword(ab, ctx: Ctx) -> str:
    kw = ab.get("keyword")
    if kw == "dominion":
        reminder = " (When you score an adversary, you may also score one obstacle with dominion.)"
        if "grants_to" in ab:
            f = ab["grants_to"]
            side = f.get("side") if isinstance(f, dict) else None
            g = {k: v for k, v in f.items() if k != "side"} if isinstance(f, dict) else {}
            who = ("each of your " if side == "you" else "each of your opponent's " if side == "opponent" else "each ") + \
                noun(g, ctx, plural=side in ("you", "opponent"))
            body = f"{who} has dominion"
        else:
            body = "this card has dominion" if "while" in ab else "Dominion"
        if "while" in ab:
            body = f"while {condition(ab['while'], ctx)}, {body}"
        return _sentences([body]) + reminder
    if kw == "becomes_adversary":
        during = {"opponent_turn": "during your opponent's turn", "your_turn": "during your turn"}.get(
            ab.get("during"), unknown(f"during {ab.get('during')}"))
        cant = [{"assign": "assigned", "revive": "revived", "score": "scored"}.get(x, unknown(x)) for x in _as_list(ab.get("cant") or [])]
        text = f"{during}, this card becomes an adversary"
        if cant:
            text += " that can't be " + _join(cant, "or")
        return _sentences([text])
    if kw == "counts_as":
        n = ab.get("times", 1)
        trait = ab.get("trait")
        what = f"{NUMBERS.get(n, n)} {trait} cards" if n != 1 else f"a {trait} card"
        return _sentences([f"this card counts as {what}"])
    if kw == "withdraw":
        return "Withdraw."
    if kw == "failure":
        return "Failure."
    return unknown(f"keyword {kw}")


def _polish(text: str) -> str:
    return text.replace(" an other ", " another ").replace("An other ", "Another ").replace(" a other ", " another ")


_BY_MECHANICS: dict[int, dict] | None = None


def _card_of(mechanics) -> dict | None:
    """The card whose (cached, never mutated) mechanics list this is, so ``render(card["mechanics"])``
    can name the card like the printed text does."""
    global _BY_MECHANICS
    if _BY_MECHANICS is None:
        try:
            from ..cards import card_db
            _BY_MECHANICS = {id(c["mechanics"]): c for c in card_db().values() if c.get("mechanics")}
        except Exception:  # pragma: no cover - card data unavailable
            _BY_MECHANICS = {}
    card = _BY_MECHANICS.get(id(mechanics))
    return card if card is not None and card.get("mechanics") is mechanics else None


def self_name(card: dict | None) -> str | None:
    """How the printed text names its own card: the title of a named character, adversary
    or ship ("Anubis"), otherwise "this event", "this obstacle", "this mission" …"""
    if not isinstance(card, dict):
        return None
    kind = card.get("type")
    if kind in ("character", "adversary", "ship") and card.get("subtitle") and card.get("title"):
        return card["title"]
    return f"this {kind}" if kind in NOUNS else None


def _name_self(text: str, name: str | None) -> str:
    """Replace "this card" (outside quoted granted text, where it means the other card) by
    the card's own name."""
    if not name:
        return text
    parts = text.split('"')
    for i in range(0, len(parts), 2):
        p = parts[i]
        for phrase in ("this card", "this character"):
            p = p.replace(_cap(phrase), _cap(name)).replace(phrase, name)
        parts[i] = p
    out = '"'.join(parts)
    return out.replace("the card giving this text", name)


def render_mechanics(mechanics, card: dict | None = None) -> list[str]:
    """One paragraph per ability; ``None`` (not authored) renders as a warning. Never raises:
    a construct that breaks the grammar renders as a visible ``[…]`` marker. ``card`` (found
    automatically for the card pool's own mechanics) lets the text name its card and tell
    whose turn an untargeted trigger belongs to."""
    if mechanics is None:
        return ["(game text not available yet)"]
    if card is None:
        card = _card_of(mechanics)
    name = self_name(card)
    out = []
    abilities = mechanics if isinstance(mechanics, list) else [mechanics]
    shared = Ctx()
    shared.allegiance = card.get("allegiance") if isinstance(card, dict) else None
    for ab in abilities:  # first pass: learn what every remembered name refers to
        try:
            ability(ab, shared)
        except Exception:
            pass
    for ab in abilities:
        try:
            text = _name_self(_polish(ability(ab, shared)), name)
        except Exception as exc:  # never raise on data: show it
            text = unknown(f"unrenderable {type(exc).__name__}")
        out.append(text)
    return out
