"""Card mechanics as English phrases, the nouns of the grammar: filters, targets, amounts
and conditions in the style of the printed Stargate cards (``render_parts`` builds effects
and abilities from them).

Every construct of ``../EFFECTS.md`` has a phrase (filters follow ``filters.py``, the
authority on what a key means). A construct this module does not know is shown as
``[key_name]`` — visible, never silent — and the test suite fails for any authored card
that renders one. The text is generated only from the mechanics, never copied from a
printed card. "You" is the controller of the card; "this card" is the card carrying it.
"""
from __future__ import annotations

from .render_words import (  # noqa: F401 - the vocabulary; every name stays importable from here
    ACTIONS, BUILTIN_REFS, DELAY_POINTS, DURATIONS, GLYPHS, KEYWORDS, NOUNS, NUMBERS, OPS, PILES, SKILLS, STATS,
    TRIGGER_PHRASES, Ctx, _article, _as_list, _cap, _chooser, _join, _num, _pile_owner, _ref, _ref_phrase,
    _sentences, _type_words, unknown,
)


def _other_of(value, ctx: Ctx, subject_type=None) -> str:
    """What ``shares_glyph_with`` / ``shares_trait_with`` compare with (filters.py: a filter =
    any other matching card, ``"self"`` = this card, a string = a ref)."""
    if value == "self" or value is True:
        return "this card"
    if isinstance(value, dict):
        same = subject_type is not None and value.get("type") == subject_type
        return ("another " + noun(value, ctx)) if same else _determined(value, ctx, "a")
    return _ref_phrase(value, ctx)


def _cost_clause(key: str, value, ctx: Ctx, plural: bool) -> str:
    n, tail = amount_parts(value, ctx)
    verb = "cost" if plural else "costs"
    if isinstance(n, int) and not tail:
        word = {"cost_at_most": f"{n} or less", "cost_less_than": f"less than {n}", "cost_equal": f"exactly {n}"}[key]
        return f"that {verb} {word}"
    desc = describe(value, ctx)
    rel = {"cost_at_most": "at most", "cost_less_than": "less than", "cost_equal": "equal to"}[key]
    return f"whose cost is {rel} {desc}"


def noun(f, ctx: Ctx, plural: bool = False, owner: bool = True) -> str:
    """A filter as a noun phrase without determiner: "stopped Goa'uld adversary at the
    current mission". ``owner`` adds "your"/"your opponent's" for ``side``."""
    if not isinstance(f, dict):
        return unknown("filter")
    if f.get("self"):
        return "this card"
    if f.get("current_mission"):
        return "current mission"
    if set(f) - {"side"} == {"any"} and isinstance(f["any"], list):
        return " or ".join(noun({**x, **({"side": f["side"]} if "side" in f else {})}, ctx, plural, owner)
                           for x in f["any"] if isinstance(x, dict))
    pre, post = [], []
    handled = {"type", "subtype", "subtype_any", "side", "zone", "self", "current_mission"}
    order = ("other", "played", "state", "blocked", "face_down", "trait_not", "trait", "allegiance", "skill", "type_not")
    items = sorted(f.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order))
    for key, want in items:
        if key in handled:
            continue
        if key == "other":
            if want:
                pre.insert(0, "other")
        elif key == "state":
            pre.append(" or ".join(_as_list(want)))
        elif key == "blocked":
            pre.append("blocked" if want else "unblocked")
        elif key == "face_down":
            pre.append("face-down" if want else "face-up")
        elif key == "allegiance":
            pre.append(" or ".join(_as_list(want)))
        elif key == "trait_not":
            pre.append(" ".join("non-" + t for t in _as_list(want)))
        elif key == "trait":
            pre.append(" or ".join(_as_list(want)))
        elif key == "skill":
            names = " or ".join(SKILLS.get(s, s) for s in _as_list(want))
            if set(_as_list(f.get("type"))) & {"mission", "obstacle"}:
                pre.append(names)
            else:
                post.append(f"with {_article(names)} {names} rating")
        elif key == "type_not":
            pre.append(" ".join("non-" + NOUNS.get(t, (t,))[0] for t in _as_list(want)))
        elif key == "at_mission":
            post.append("at the current mission" if want else "not at the current mission")
        elif key == "other_than":
            phrase = _ref_phrase(want, ctx)
            head = NOUNS.get(f.get("type") if isinstance(f.get("type"), str) else "", ("",))[0]
            if head and phrase.endswith(" " + head) and "other" not in pre and not f.get("other"):
                pre.insert(0, "other")  # "another character" (than the one just named)
            else:
                post.append("other than " + phrase)
        elif key == "title":
            post.append(f"named {want}")
        elif key == "has_glyph":
            if want is True:
                post.append("with a glyph")
            elif want is False:
                post.append("with no glyphs")
            elif want == "current_mission":
                post.append("with a glyph matching the current mission's glyph")
            elif isinstance(want, dict):
                post.append("with a glyph matching " + _ref_phrase(want, ctx))
            elif want in GLYPHS:
                post.append(f"with {_article(GLYPHS[want])} {GLYPHS[want]} glyph")
            else:  # a ref name: the character who has that glyph (filters.py)
                post.append("who has " + _ref_phrase(want, ctx))
        elif key == "min_glyphs":
            post.append(f"with {want} or more glyphs")
        elif key in ("shares_glyph_with", "shares_trait_with"):
            what = "glyph" if key == "shares_glyph_with" else "trait"
            post.append(f"that share{'' if plural else 's'} a {what} with {_other_of(want, ctx, f.get('type', 'card'))}")
        elif key in ("min_skill", "max_skill"):
            for sk, bound in (want or {}).items():
                post.append(f"with {bound} {SKILLS.get(sk, sk)} or {'more' if key == 'min_skill' else 'less'}")
        elif key in ("cost_at_most", "cost_less_than", "cost_equal"):
            post.append(_cost_clause(key, want, ctx, plural))
        elif key == "total_cost_at_most":
            post.append(f"with a total cost of {_value(want, ctx)} or less")
        elif key in ("has_keyword", "keyword"):
            post.append("with " + KEYWORDS.get(want, str(want)))
        elif key == "contributing_at_most":
            amount_text = str(want) if isinstance(want, int) else describe(want, ctx)
            post.append(f"whose skill contributed to the current mission is at most {amount_text}")
        elif key == "min_promotion_tokens":
            post.append(f"with {want} or more promotion tokens" if want != 1 else "with a promotion token")
        elif key == "played":
            pre.insert(0, "played this turn" if want == "this_turn" else f"played {want}")
            pre[0], post = "", post + [pre[0]]
        elif key == "earned_current_glyph":
            post.append("who earned a glyph at this mission")
        elif key == "glyph_not_held_by":
            side = want.get("side") if isinstance(want, dict) else None
            whom = ("none of your " if side == "you" else "none of your opponent's " if side == "opponent" else "no ") + \
                noun(want, ctx, plural=side in ("you", "opponent"), owner=False)
            post.append(f"with a glyph that {whom} has")
        elif key == "on":
            post.append("beneath " + _determined(want, ctx, "a"))
        elif key == "same_owner":
            post.append("with the same owner")
        elif key == "on_different_characters":
            post.append("beneath different characters")
        elif key == "any":
            post.append("that " + ("are" if plural else "is") + " " + " or ".join(
                _determined(x, ctx, "a") for x in _as_list(want)))
        elif key == "same_title_as":
            post.append("with the same title as " + (_determined(want, ctx, "a") if isinstance(want, dict) and "ref" not in want
                                                     else _ref_phrase(want, ctx)))
        elif key == "lacks_keyword":
            post.append("without " + KEYWORDS.get(want, str(want)))
        elif key == "in_ref":
            post.append("among " + _ref_phrase(want, ctx))
        elif key == "lacks_traits_of":
            post.append(f"that {'lack' if plural else 'lacks'} at least one trait of " + _ref_phrase(want, ctx))
        elif key == "ref":
            post.append("among " + _ref_phrase(want, ctx))
        elif key == "ship_battle_total":
            post.append(f"in a ship battle with a total of {want} or more")
        elif key == "host":
            post.append("this card is on" if want else "this card is not on")
        elif key == "beneath":
            post.append("beneath " + ("this card" if want in ("self", True) else target(want, ctx)[0]))
        elif key == "marked":
            post.append("chosen with this card" if want else "not chosen with this card")
        elif key == "could_be_assigned":
            post.append("who could be assigned to the current mission" if want else "who could not be assigned")
        elif key == "glyph":
            pre.append(" or ".join(GLYPHS.get(g, g) for g in _as_list(want)))
        elif key in ("card", "character", "player"):
            post.append(unknown(f"filter {key}"))
        else:
            post.append(unknown(f"filter {key}"))
    head = _type_words(f, plural)
    text = " ".join(w for w in pre + [head] if w)
    zone = f.get("zone")
    side = f.get("side", "any")
    if zone:
        whose = {"you": "your", "opponent": "your opponent's"}.get(side, "your" if zone == "hand" else "a")
        post.append(f"in {whose} {PILES.get(zone, zone)}")
    elif owner and side == "you":
        text = "your " + text
    elif owner and side == "opponent":
        text = "your opponent's " + text
    if post:
        text += " " + " ".join(_order_post(post))
    return text


def _order_post(post: list[str]) -> list[str]:
    """"named …" first, then "with …" phrases joined by "and", then the rest (clauses
    that end a noun phrase: "that …", "whose …")."""
    named = [p for p in post if p.startswith("named ")]
    withs = [p for p in post if p.startswith("with ")]
    clauses = [p for p in post if p.startswith(("that ", "whose ", "who "))]
    rest = [p for p in post if p not in named and p not in withs and p not in clauses]
    if len(withs) > 1:
        withs = ["with " + _join([w[len("with "):] for w in withs])]
    return named + rest + withs + clauses


def _determined(f, ctx: Ctx, det="a", n=1) -> str:
    """A filter with a determiner: "a Goa'uld adversary", "one of your characters", "all
    stopped characters", "two support characters"."""
    if isinstance(f, dict) and (f.get("self") or f.get("current_mission") or ("ref" in f and len(f) == 1)):
        return target(f, ctx)[0]
    side = f.get("side") if isinstance(f, dict) else None
    zoned = isinstance(f, dict) and f.get("zone")
    possessive = side in ("you", "opponent") and not zoned
    whose = "your" if side == "you" else "your opponent's"
    if det == "all":
        return "all " + noun(f, ctx, plural=True)
    if det == "each":
        return (f"each of {whose} " + noun(f, ctx, plural=True, owner=False)) if possessive else "each " + noun(f, ctx)
    if det == "any":
        return (f"any number of {whose} " + noun(f, ctx, plural=True, owner=False)) if possessive \
            else "any number of " + noun(f, ctx, plural=True)
    prefix = "up to " if det == "up_to" else ""
    if n == 1:
        if possessive:
            return prefix + f"one of {whose} " + noun(f, ctx, plural=True, owner=False)
        w = noun(f, ctx)
        return prefix + ("one " + w if det == "up_to" else f"{_article(w)} {w}")
    if possessive:
        return prefix + f"{NUMBERS.get(n, str(n))} of {whose} " + noun(f, ctx, plural=True, owner=False)
    return prefix + f"{NUMBERS.get(n, str(n))} " + noun(f, ctx, plural=True)


def _ref_noun(t, ctx: Ctx) -> tuple[str, bool]:
    """The noun a remembered target is called by later ("character", plural?)."""
    if not isinstance(t, dict):
        return "card", False
    if t.get("self"):
        return "this card", False
    if "ref" in t and "choose" not in t:
        return _ref(t["ref"], ctx)
    if "top_of" in t:
        return ("that card", False) if t.get("count", 1) == 1 else ("those cards", True)
    f = t.get("choose") or t.get("all") or {}
    types = _as_list(f.get("type", "card")) if isinstance(f, dict) else ["card"]
    n = NOUNS.get(types[0], ("card", "cards")) if len(types) == 1 else ("card", "cards")
    plural = "all" in t or (t.get("count", 1) != 1)
    return (n[1] if plural else n[0]), plural


def remember_ref(name: str, t, ctx: Ctx) -> None:
    base, plural = _ref_noun(t, ctx)
    if base in ("this card",) or base.startswith(("the ", "that ", "those ", "[")) or (isinstance(t, dict) and "top_of" in t):
        ctx.refs[name] = (base, plural)
        return
    if isinstance(name, str) and name.endswith(("ed", "en")) and name.isalpha():
        ctx.refs[name] = (f"the {name} {base}", plural)
    else:
        ctx.refs[name] = (("those " if plural else "that ") + base, plural)


# --------------------------------------------------------------------- targets
def target(t, ctx: Ctx) -> tuple[str, bool]:
    """(noun phrase, plural) of a target; the chooser is handled by the verb."""
    if not isinstance(t, dict):
        return unknown("target"), False
    if t.get("self"):
        return "this card", False
    if t.get("current_mission"):
        return "the current mission", False
    if "ref" in t and "choose" not in t:
        return _ref(t["ref"], ctx)
    if "top_of" in t:
        n = t.get("count", 1)
        whose = _pile_owner(t.get("owner", "you"))
        pile = PILES.get(t["top_of"], t["top_of"])
        if n == 1:
            return f"the top card of {whose} {pile}", False
        return f"the top {NUMBERS.get(n, n) if isinstance(n, int) else 'X'} cards of {whose} {pile}", True
    if "all" in t:
        return _determined(t["all"], ctx, "all"), True
    if "choose" in t:
        f = t["choose"]
        count = t.get("count", 1)
        extra = ""
        if t.get("total_cost_at_most") is not None:
            extra = f" with a total cost of {_value(t['total_cost_at_most'], ctx)} or less"
        if count == "any" or t.get("any_number"):
            return _determined(f, ctx, "any") + extra, True
        if isinstance(count, int):
            det = "up_to" if t.get("up_to") else "a"
            return _determined(f, ctx, det, count) + extra, count != 1
        n, tail = amount_parts(count, ctx)
        if isinstance(count, dict) and "if" in count and tail.startswith(" (or "):
            det = "up_to" if t.get("up_to") else "a"
            return (_determined(f, ctx, det, count.get("else", 0)) + " (or " + _determined(f, ctx, det, count["then"])
                    + f" if {condition(count['if'], ctx)})" + extra), True
        if n == 1 and tail:
            return _determined(f, ctx, "up_to" if t.get("up_to") else "a", 1) + tail + extra, True
        if tail.startswith(", where X is "):
            return ("up to " if t.get("up_to") else "") + "a number of " + noun(f, ctx, plural=True) + \
                " equal to " + tail[len(", where X is "):] + extra, True
        return ("up to " if t.get("up_to") else "") + f"{n} " + noun(f, ctx, plural=True) + tail + extra, True
    # a bare filter names every matching card (filters.resolve_target)
    return _determined(t, ctx, "all"), True


# --------------------------------------------------------------------- amounts
def _value(a, ctx: Ctx) -> str:
    n, tail = amount_parts(a, ctx)
    return f"{n}{tail}" if not tail.startswith(", where") else describe(a, ctx)


def _per(a, ctx: Ctx) -> str | None:
    """"for each …" for amounts that count something (None when not a count)."""
    if not isinstance(a, dict):
        return None
    if "count" in a:
        what = a["count"]
        if isinstance(what, dict) and "ref" in what and len(what) == 1:
            phrase, plural = _ref(what["ref"], ctx)
            return f"for each of {phrase}" if plural else f"for {phrase}"
        if isinstance(what, dict) and "amount_of" in what:
            return None
        if isinstance(what, dict):
            return "for each " + noun(what, ctx)
        return None
    if "glyphs" in a:
        g = a.get("glyph")
        kind = f"{GLYPHS.get(g, g)} glyph" if g else "glyph"
        t = a["glyphs"]
        if isinstance(t, dict) and isinstance(t.get("all"), dict):
            return f"for each {kind} on each " + _determined(t["all"], ctx, "each")[len("each "):]
        who, plural = target(t, ctx)
        if plural:
            return f"for each {kind} {who} have"
        return f"for each {kind} {who} has"
    if "different_glyphs" in a:
        who, plural = target(a["different_glyphs"], ctx)
        return f"for each different glyph {who} {'have' if plural else 'has'}"
    if "failed_missions" in a:
        return "for each failed mission this turn"
    if "successful_missions" in a:
        return "for each successful mission this turn"
    if "cards_beneath" in a:
        who, _ = target(a["cards_beneath"], ctx)
        f = {k: v for k, v in a.items() if k not in ("cards_beneath", "times")}
        return f"for each {_card_noun(f, ctx, False)} beneath {who}"
    if "blockaded_missions" in a:
        return "for each " + _blockaded(a["blockaded_missions"], ctx)
    if "shared_traits_with" in a:
        return "for each trait it shares with " + _determined(a["shared_traits_with"], ctx, "a")
    return None


def amount_parts(a, ctx: Ctx) -> tuple:
    """(quantity, tail): 2 → (2, ""); count × k → (k, " for each …"); otherwise
    ("X", ", where X is …")."""
    if isinstance(a, bool):
        return int(a), ""
    if isinstance(a, int):
        return a, ""
    if a == "any":
        return "any amount of", ""
    if isinstance(a, dict) and "if" in a and isinstance(a.get("then"), int) and isinstance(a.get("else", 0), int) \
            and a.get("times", 1) == 1:
        return a.get("else", 0), f" (or {a['then']} if {condition(a['if'], ctx)})"
    if isinstance(a, dict):
        per = _per(a, ctx)
        keys = set(a) - {"times", "glyph", *(("allegiance", "trait", "type") if "cards_beneath" in a else ())}
        if per and len(keys) == 1 and "divide" not in a:
            return a.get("times", 1), " " + per
    sign = "-" if isinstance(a, dict) and isinstance(a.get("times"), int) and a["times"] < 0 else ""
    desc = describe({**a, "times": abs(a["times"])} if sign else a, ctx)
    return sign + "X", f", where X is {desc}"


def describe(a, ctx: Ctx) -> str:
    """An amount as a noun phrase ("the number of glyphs this card has")."""
    if isinstance(a, bool):
        return str(int(a))
    if isinstance(a, int):
        return str(a)
    if not isinstance(a, dict):
        return unknown(f"amount {a}")
    times = a.get("times", 1)
    base = _describe(a, ctx)
    if times == 1:
        return base
    if times == -1:
        return f"minus {base}"
    if times == 2:
        return f"twice {base}"
    return f"{times} times {base}"


def _describe(a: dict, ctx: Ctx) -> str:
    if "if" in a:
        return f"{describe(a.get('then', 0), ctx)} if {condition(a['if'], ctx)}, otherwise {describe(a.get('else', 0), ctx)}"
    if "sum" in a:
        return _join([describe(x, ctx) for x in a["sum"]], "plus")
    if "divide" in a and isinstance(a["divide"], int):
        rest = {k: v for k, v in a.items() if k not in ("divide", "times")}
        return f"{describe(rest, ctx)} divided by {a['divide']} (rounded down)"
    if "mission_experience" in a:
        return "the current mission's experience"
    if "failed_missions" in a:
        sk = a.get("skill")
        return f"the number of failed {SKILLS.get(sk, sk) + ' ' if sk else ''}missions this turn"
    if "successful_missions" in a:
        sk = a.get("skill")
        return f"the number of successful {SKILLS.get(sk, sk) + ' ' if sk else ''}missions this turn"
    if "power" in a:
        return "your power" if a["power"] in ("you", True) else "your opponent's power"
    if "glyphs" in a:
        g = a.get("glyph")
        kind = f"{GLYPHS.get(g, g)} glyphs" if g else "glyphs"
        t = a["glyphs"]
        if isinstance(t, dict) and isinstance(t.get("all"), dict):
            return f"the number of {kind} on " + noun(t["all"], ctx, plural=True)
        who, plural = target(t, ctx)
        return f"the number of {kind} {who} {'have' if plural else 'has'}"
    if "different_glyphs" in a:
        who, plural = target(a["different_glyphs"], ctx)
        if isinstance(a.get("shared_with"), dict):
            return f"the number of different glyphs {who} {'have' if plural else 'has'} that " + \
                _determined(a["shared_with"], ctx, "a") + " also has"
        return f"the number of different glyphs {who} {'have' if plural else 'has'}"
    if "max_glyphs" in a:
        t = a["max_glyphs"]
        f = t.get("all") if isinstance(t, dict) and "all" in t else t
        return "the most glyphs any " + noun(f, ctx) + " has"
    if "cost_of" in a:
        who, plural = target(a["cost_of"], ctx)
        return f"the total cost of {who}" if plural else f"the cost of {who}"
    if "stat_of" in a:
        who, _ = target(a["stat_of"], ctx)
        return f"the {'printed ' if a.get('printed') else ''}{STATS.get(a.get('stat', 'cost'), a.get('stat'))} of {who}"
    if "highest_skill_of" in a:
        who, _ = target(a["highest_skill_of"], ctx)
        return f"the highest skill of {who}"
    if "revive_of" in a:
        who, _ = target(a["revive_of"], ctx)
        return f"the revive cost of {who}"
    if "experience_of" in a:
        who, _ = target(a["experience_of"], ctx)
        return f"the experience of {who}"
    if "contributing_of" in a:
        who, _ = target(a["contributing_of"], ctx)
        return f"the total skill {who} contributes to the mission"
    if "different_traits" in a:
        who, _ = target(a["different_traits"], ctx)
        return f"the number of different traits among {who}"
    if "shared_traits_with" in a:
        return "the number of traits it shares with " + _determined(a["shared_traits_with"], ctx, "a")
    if "shared_with" in a:
        return "the number of glyphs this card shares with " + _determined(a["shared_with"], ctx, "all")
    if "blockaded_missions" in a:
        return "the number of " + _blockaded(a["blockaded_missions"], ctx, plural=True)
    if "cards_beneath" in a:
        who, _ = target(a["cards_beneath"], ctx)
        f = {k: v for k, v in a.items() if k not in ("cards_beneath", "times")}
        return f"the number of {_card_noun(f, ctx, True)} beneath {who}"
    if "amount_of" in a:
        name = a["amount_of"] if isinstance(a["amount_of"], str) else a["amount_of"].get("ref")
        return ctx.amounts.get(name, f"the amount {name}" if name == "paid" else unknown(f"amount_of {name}"))
    if "count" in a:
        what = a["count"]
        if isinstance(what, dict) and "ref" in what and len(what) == 1:
            return "the number of " + _ref_phrase(what["ref"], ctx).replace("the ", "", 1).replace("that ", "", 1)
        if isinstance(what, dict) and what.get("amount_of"):
            return describe({"amount_of": what["amount_of"]}, ctx)
        return "the number of " + noun(what, ctx, plural=True)
    if "skill" in a:
        who, _ = target(a.get("ref") and {"ref": a["ref"]} or {"self": True}, ctx)
        return f"the {SKILLS.get(a['skill'], a['skill'])} of {who}"
    return unknown("amount " + "/".join(sorted(a)))


def _predicate(f, ctx: Ctx, plural=False, neg=False) -> str:
    """``is`` condition: "is stopped", "is a Jaffa", "has no glyphs"."""
    if not isinstance(f, dict):
        return unknown("predicate")
    be = ("are" if plural else "is") + (" not" if neg else "")
    adjectives = {"state", "blocked"}
    if set(f) <= adjectives:
        words = []
        if "state" in f:
            words.append(" or ".join(_as_list(f["state"])))
        if "blocked" in f:
            words.append("blocked" if f["blocked"] else "unblocked")
        return f"{be} " + " and ".join(words)
    if set(f) == {"has_glyph"}:
        g = f["has_glyph"]
        have = ("have" if plural else "has")
        if g is False:
            return f"{have} {'a glyph' if neg else 'no glyphs'}" if not neg else f"{have} a glyph"
        if neg:
            return f"{'do' if plural else 'does'} not have " + noun(f, ctx)[len("card with "):]
        return f"{have} " + noun(f, ctx)[len("card with "):]
    if set(f) == {"current_mission"} or set(f) == {"self"}:
        return f"{be} " + target(f, ctx)[0]
    if set(f) == {"shares_glyph_with"}:
        return ("do not share" if plural else "does not share") + f" a glyph with {_other_of(f['shares_glyph_with'], ctx)}" \
            if neg else f"share{'' if plural else 's'} a glyph with {_other_of(f['shares_glyph_with'], ctx)}"
    if set(f) == {"glyph_not_held_by"}:
        g = f["glyph_not_held_by"]
        side = g.get("side") if isinstance(g, dict) else None
        whom = ("none of your " if side == "you" else "none of your opponent's " if side == "opponent" else "no ") + \
            noun(g, ctx, plural=side in ("you", "opponent"), owner=False)
        return ("does not have" if neg else "has") + f" a glyph that {whom} has"
    if set(f) == {"earned_current_glyph"}:
        return ("did not earn" if neg else "earned") + " a glyph at this mission"
    if "type" not in f and not ({"trait", "allegiance", "subtype"} & set(f)):
        # only qualifiers: "is at the current mission"
        words = noun({**f, "type": "card"}, ctx)
        return f"{be} " + (words[len("card "):] if words.startswith("card ") else f"{_article(words)} {words}")
    if "type" not in f:
        words = noun({**f, "type": "card"}, ctx)
        words = words[:-len(" card")] if words.endswith(" card") else words.replace(" card ", " ")
        return f"{be} {_article(words)} {words}" if not words.endswith(" card") else f"{be} {words}"
    words = noun(f, ctx)
    return f"{be} {_article(words)} {words}"


def _exists(f, ctx: Ctx, neg=False) -> str:
    if not isinstance(f, dict):
        return unknown("exists")
    if f.get("host") is True and set(f) <= {"host", "type"}:
        # "while this card is on a character"
        w = _type_words({"type": f.get("type", "card")}, False)
        return f"this card is not on {_article(w)} {w}" if neg else f"this card is on {_article(w)} {w}"
    side = f.get("side")
    g = {k: v for k, v in f.items() if k != "side"}
    st = g.get("state")
    # "a Goa'uld adversary is assigned" reads better than "there is an assigned …"
    if isinstance(st, str) and set(g) - {"state"} and not g.get("zone"):
        rest = {k: v for k, v in g.items() if k != "state"}
        w = noun(rest, ctx)
        if side == "you":
            return f"you have {'no' if neg else _article(w)} {w} {st}" if not neg else f"you have no {noun(rest, ctx, plural=True)} {st}"
        if side == "opponent":
            return f"your opponent has {'no ' + noun(rest, ctx, plural=True) if neg else _article(w) + ' ' + w} {st}"
        if neg:
            return f"no {noun(rest, ctx, plural=True)} are {st}"
        return f"{_article(w)} {w} is {st}"
    if g.get("played") == "this_turn" and not side:
        h = {k: v for k, v in g.items() if k not in ("played", "other")}
        w = noun(h, ctx)
        if neg:
            return f"no {'other ' if g.get('other') else ''}{w} has been played this turn"
        return f"{'another' if g.get('other') else _article(w)} {w} has been played this turn"
    w = noun(g, ctx)
    if side == "you":
        return f"you have no {noun(g, ctx, plural=True)}" if neg else f"you have {_article(w)} {w}"
    if side == "opponent":
        return f"your opponent has no {noun(g, ctx, plural=True)}" if neg else f"your opponent has {_article(w)} {w}"
    if neg:
        return f"there are no {noun(g, ctx, plural=True)}"
    return f"there is {_article(w)} {w}"


def _named_yet(cmp_, ctx: Ctx, neg: bool) -> str | None:
    """``[{"count": {"ref": "chosen"}}, ">", 0]``: "a character has been chosen" (the ref's
    name read as a past participle: Babysitting Job's "until they are [assigned]")."""
    if not (isinstance(cmp_, list) and len(cmp_) == 3 and cmp_[2] == 0 and cmp_[1] in (">", "==")
            and isinstance(cmp_[0], dict) and set(cmp_[0]) == {"count"} and isinstance(cmp_[0]["count"], dict)
            and set(cmp_[0]["count"]) == {"ref"}):
        return None
    name = cmp_[0]["count"]["ref"]
    if not (isinstance(name, str) and name.endswith(("ed", "en")) and name in ctx.refs):
        return None
    phrase, _ = ctx.refs[name]
    if phrase.startswith(f"the {name} "):
        phrase = _article(phrase[len(f"the {name} "):]) + " " + phrase[len(f"the {name} "):]
    yes = (cmp_[1] == ">") != neg
    return f"{phrase} has {'' if yes else 'not '}been {name}"


def condition(c, ctx: Ctx, neg: bool = False) -> str:
    """A condition as a clause ("a Goa'uld adversary is assigned")."""
    if isinstance(c, list):
        return _join([condition(x, ctx, neg) for x in c], "or" if neg else "and")
    if not isinstance(c, dict) or not c:
        return unknown("condition")
    parts = []
    for key, want in c.items():
        if key == "exists":
            parts.append(_exists(want, ctx, neg))
        elif key == "self_state":
            parts.append(f"this card is {'not ' if neg else ''}" + " or ".join(_as_list(want)))
        elif key == "self_zone":
            parts.append(f"this card is {'not ' if neg else ''}in your {PILES.get(want, want)}")
        elif key == "is":
            who, plural = target(want[0], ctx)
            f = want[1]
            last = who.rsplit(" ", 1)[-1].rstrip("s")
            if isinstance(f, dict) and "type" not in f and last in NOUNS and ({"trait", "allegiance", "subtype"} & set(f)):
                f = {**f, "type": last}
            parts.append(f"{who} {_predicate(f, ctx, plural, neg)}")
        elif key == "compare" and _named_yet(want, ctx, neg) is not None:
            parts.append(_named_yet(want, ctx, neg))
        elif key == "compare":
            parts.append(_compare(want, ctx, neg))
        elif key == "current_mission_skill":
            parts.append(f"the current mission is {'not ' if neg else ''}{_article(SKILLS.get(want, want))} "
                         f"{SKILLS.get(want, want)} mission")
        elif key == "current_mission_is_first_this_turn":
            first = bool(want) != neg
            parts.append("the current mission is " + ("" if first else "not ") + "the first mission played this turn")
        elif key == "all":
            parts.append(condition(want, ctx, neg) if not neg else _join([condition(x, ctx, True) for x in _as_list(want)], "or"))
        elif key == "any":
            parts.append(_join([condition(x, ctx, neg) for x in _as_list(want)], "and" if neg else "or"))
        elif key == "not":
            parts.append(condition(want, ctx, not neg))
        elif key == "earned_glyph":
            names = " or ".join(GLYPHS.get(g, g) for g in _as_list(want))
            parts.append(f"the earned glyph is {'not ' if neg else ''}{_article(names)} {names} glyph")
        elif key == "earned_glyph_already_held":
            held = bool(want) != neg
            parts.append("the character " + ("already had" if held else "did not already have") + " a glyph of that kind")
        elif key == "mission_failed":
            failed = bool(want) != neg
            parts.append("the mission " + ("failed" if failed else "did not fail"))
        elif key == "all_assigned_are":
            w = noun(want, ctx, plural=True)
            parts.append(f"{'not ' if neg else ''}all characters at the current mission are {w}")
        else:
            parts.append(unknown(f"condition {key}"))
    return _join(parts, "or" if neg else "and")


def _compare(cmp_, ctx: Ctx, neg: bool) -> str:
    if not (isinstance(cmp_, list) and len(cmp_) == 3):
        return unknown("compare")
    left, op, right = cmp_
    if neg:
        op = {">=": "<", ">": "<=", "<": ">=", "<=": ">", "==": "!=", "!=": "=="}.get(op, op)
    # "there are three or more assigned characters"
    if isinstance(left, dict) and set(left) - {"times"} == {"count"} and left.get("times", 1) == 1 \
            and isinstance(right, int) and isinstance(left["count"], dict) and "ref" not in left["count"]:
        f = left["count"]
        r = NUMBERS.get(right, right) if right > 1 else right
        words = {">=": f"{r} or more", ">": f"more than {r}", "<": f"fewer than {r}",
                 "<=": f"{r} or fewer", "==": f"exactly {r}", "!=": f"not exactly {r}"}[op]
        side = f.get("side")
        if side in ("you", "opponent") and not f.get("zone"):
            g = {k: v for k, v in f.items() if k != "side"}
            subj = "you have" if side == "you" else "your opponent has"
            if op == "==" and right == 0:
                return f"{subj} no {noun(g, ctx, plural=True)}"
            return f"{subj} {words} {noun(g, ctx, plural=True)}"
        if op == "==" and right == 0:
            return f"there are no {noun(f, ctx, plural=True)}"
        if op in (">=",) and right == 1:
            return _exists(f, ctx)
        if op == "<" and right == 1:
            return _exists(f, ctx, neg=True)
        return f"there are {words} {noun(f, ctx, plural=True)}"
    if isinstance(left, dict) and set(left) - {"skill"} in ({"successful_missions"}, {"failed_missions"}) \
            and isinstance(right, int):
        sk = left.get("skill")
        kind = f"{SKILLS.get(sk, sk)} mission" if sk else "mission"
        word = "successful" if "successful_missions" in left else "failed"
        if (op == "==" and right == 0) or (op == "<" and right == 1):
            return f"there has been no {word} {kind} this turn"
        if (op == ">=" and right == 1) or (op == ">" and right == 0) or (op == "!=" and right == 0):
            return f"there has been {_article(word)} {word} {kind} this turn"
    a = describe(left, ctx)
    b = describe(right, ctx)
    rel = {">=": f"{b} or more", ">": f"more than {b}", "<": f"less than {b}", "<=": f"{b} or less",
           "==": f"{b}", "!=": f"not {b}"}.get(op)
    if rel is None:
        return unknown(f"compare {op}")
    return f"{a} is {rel}"


def _blockaded(who, ctx, plural: bool = False) -> str:
    """"blockaded mission(s)": all of them, those held by your cards, or by a card."""
    noun = "blockaded missions" if plural else "blockaded mission"
    if who == "all":
        return noun
    if who == "all_yours":
        return "missions blockaded by your cards" if plural else "mission blockaded by your cards"
    holder, _ = target(who, ctx)
    return f"{noun} held by {holder}"


def _card_noun(f, ctx: Ctx, plural: bool) -> str:
    """A hand/pile filter as a noun, defaulting to "card" ("Goa'uld obstacle card")."""
    if not f:
        return "cards" if plural else "card"
    f = dict(f)
    f.pop("zone", None)
    f.pop("side", None)
    if "type" in f and not isinstance(f["type"], list) and f["type"] in ("character", "adversary", "ship", "obstacle", "event", "mission", "gear"):
        w = noun(f, ctx, plural=False)
        head = NOUNS[f["type"]][0]
        if f.get("subtype"):
            head = f"{f['subtype']} {head}"
        i = w.find(head)
        if i >= 0:
            return w[:i + len(head)] + (" cards" if plural else " card") + w[i + len(head):]
        return w + (" cards" if plural else " card")
    return noun(f, ctx, plural=plural)
