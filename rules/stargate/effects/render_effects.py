"""Card mechanics as English: one effect (or cost) as a clause — "stop a character", "you
may pay 1 power. If you do, …", "each obstacle costs power +1 to play until …".

Why apart from ``render_parts`` (abilities: triggers, activated costs, static rules): an
effect is the grammar's sentence and an ability is built from them. The verbs on piles,
glyphs and cards beneath a card are in ``render_piles``, which ``clause`` reaches last (an
import inside it: those verbs render granted abilities, so they need ``render_parts``,
which needs this module). Moved out of ``render_parts``, which re-exports every name.
"""
from __future__ import annotations

from .render_phrases import (
    DELAY_POINTS, DURATIONS, GLYPHS, NUMBERS, SKILLS, STATS, Ctx, _article, _as_list, _card_noun, _chooser,
    _determined, _join, _num, _per, _pile_owner, _ref_phrase, _sentences, amount_parts, condition, describe,
    remember_ref, target, unknown,
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
    from .render_piles import _pile_verb  # the last verbs; they render abilities (see the module doc)
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
