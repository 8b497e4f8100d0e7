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

SKILLS = {"culture": "Culture", "science": "Science", "combat": "Combat", "ingenuity": "Ingenuity"}
GLYPHS = {g: g.capitalize() for g in ("gemini", "libra", "orion", "pisces", "scorpius", "triangulum", "origin")}
NUMBERS = {0: "no", 1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
           9: "nine", 10: "ten"}
NOUNS = {
    "character": ("character", "characters"), "adversary": ("adversary", "adversaries"),
    "gear": ("gear", "gear"), "ship": ("ship", "ships"), "event": ("event", "events"),
    "mission": ("mission", "missions"), "obstacle": ("obstacle", "obstacles"),
    "complication": ("complication", "complications"), "glyph": ("glyph", "glyphs"),
    "glyph_name": ("glyph", "glyphs"), "card": ("card", "cards"),
}
STATS = {"skills": "skills", **SKILLS, "difficulty": "difficulty", "cost": "cost", "firepower": "firepower",
         "revive": "revive cost", "experience": "experience", "point_value": "point value"}
KEYWORDS = {"dominion": "dominion", "withdraw": "withdraw", "failure": "Failure text", "success": "Success text",
            "victory": "Victory text", "becomes_adversary": "the ability to become an adversary"}
PILES = {"deck": "deck", "mission_pile": "mission pile", "discard": "discard pile", "score_pile": "score pile",
         "hand": "hand", "failed": "failed mission pile"}
ACTIONS = {"play": "play", "revive": "revive", "play_mission": "play missions", "assign": "assign",
           "score": "score", "boost": "boost", "use_text": "use the text of", "pass": "pass",
           "use_withdraw": "use the withdraw ability of", "stop": "stop", "destroy": "destroy"}
BUILTIN_REFS = {
    "trigger_card": ("that card", False), "assigning": ("the card being assigned", False),
    "affected": ("that card", False), "earner": ("the character who earned it", False),
    "earned_glyph": ("the earned glyph", False), "each": ("it", False),
    "from": ("the first character", False), "granter": ("the card giving this text", False),
    "top": ("that card", False),
}
TRIGGER_PHRASES = {
    "play_self": "When you play this card", "assign_self": "Each time you assign this card",
    "revive_self": "Each time you revive this card", "score_self": "When you score this card",
    "destroyed_self": "When this card is destroyed", "earn_glyph_self": "Each time this character earns a glyph",
    "earn_different_glyph_self": "Each time this character earns a glyph of a kind it does not already have",
    "mission_played": "Each time a mission is played",
    "before_mission_played": "Each time a mission is about to be played",
    "opponent_plays_complication": "Each time your opponent plays a complication",
    "debrief_start": "At the start of each debrief phase", "mission_end": "At the end of each mission",
    "stopped_self": "Each time this card is stopped", "mission_succeeded": "Each time a mission succeeds",
    "mission_failed": "Each time a mission fails", "turn_end": "At the end of each turn",
}
DELAY_POINTS = {"end_of_mission": "At the end of the current mission", "end_of_turn": "At the end of the turn",
                "debrief_start": "At the start of the debrief phase",
                "opponent_next_power_phase_end": "At the end of your opponent's next power phase",
                "glyph_earned": "When the current mission's glyph is earned"}
DURATIONS = {"end_of_mission": "until the end of the current mission", "end_of_turn": "until the end of the turn"}


class Ctx:
    """What the text has named so far (refs) and who "you" is in the sentence being built."""

    def __init__(self, trigger_card: str = "that card", affected: str = "that card") -> None:
        self.refs: dict[str, tuple[str, bool]] = {}
        self.builtin = dict(BUILTIN_REFS)
        self.builtin["trigger_card"] = (trigger_card, False)
        self.builtin["affected"] = (affected, False)
        self.amounts: dict[str, str] = {}
        self.allegiance: str | None = None  # of the card carrying the text, when known


def unknown(key) -> str:
    """A construct this renderer does not know: visible, and rejected by the tests."""
    return f"[{key}]"


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def _sentences(clauses: list[str]) -> str:
    out = []
    for c in clauses:
        c = c.strip()
        if not c:
            continue
        c = _cap(c)
        out.append(c if c.endswith((".", "!", "?", ".)", '."')) else c + ".")
    return " ".join(out)


def _as_list(v):
    return v if isinstance(v, list) else [v]


def _join(items: list[str], word: str = "and") -> str:
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    if len(items) == 2:
        return f"{items[0]} {word} {items[1]}"
    return ", ".join(items[:-1]) + f", {word} " + items[-1]


def _article(word: str) -> str:
    first = word.split(" ", 1)[0].strip("'\"")
    if len(first) > 1 and first.isupper():  # an NID agent, a SGC officer is read "an S-G-C"
        return "an" if first[0] in "AEFHILMNORSX" else "a"
    return "an" if word[:1].lower() in "aeiou" and not word.lower().startswith(("one", "uni", "use")) else "a"


def _num(n, noun_sing: str, noun_plural: str) -> str:
    if n == 1:
        return f"{_article(noun_sing)} {noun_sing}"
    return f"{NUMBERS.get(n, str(n))} {noun_plural}"


# --------------------------------------------------------------------- filters
def _ref(name, ctx: Ctx) -> tuple[str, bool]:
    if isinstance(name, dict):
        name = name.get("ref")
    if name in ctx.refs:
        return ctx.refs[name]
    if name in ctx.builtin:
        return ctx.builtin[name]
    return unknown(f"ref {name}"), False


def _ref_phrase(name, ctx: Ctx) -> str:
    return _ref(name, ctx)[0]


def _other_of(value, ctx: Ctx, subject_type=None) -> str:
    """What ``shares_glyph_with`` / ``shares_trait_with`` compare with (filters.py: a filter =
    any other matching card, ``"self"`` = this card, a string = a ref)."""
    if value == "self" or value is True:
        return "this card"
    if isinstance(value, dict):
        same = subject_type is not None and value.get("type") == subject_type
        return ("another " + noun(value, ctx)) if same else _determined(value, ctx, "a")
    return _ref_phrase(value, ctx)


def _type_words(f: dict, plural: bool) -> str:
    types = _as_list(f.get("type", "card"))
    sub = f.get("subtype")
    sub_any = [s for s in _as_list(f.get("subtype_any") or []) if s]
    words = []
    for t in types:
        n = NOUNS.get(t)
        w = (n[1] if plural else n[0]) if n else unknown(f"type {t}")
        if t == "character" and sub_any and not sub:
            w = " or ".join(sub_any) + " " + w
        words.append(w)
    text = " or ".join(words)
    if sub and isinstance(sub, str):
        text = f"{sub} {text}"
    return text


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


def _chooser(t) -> str | None:
    """Who makes the choice (``None`` for a fixed target: the performer of the sentence)."""
    return t.get("chooser", "you") if isinstance(t, dict) and "choose" in t else None


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


# --------------------------------------------------------------------- conditions
OPS = {">=": "at least", ">": "more than", "<": "less than", "<=": "at most", "==": "exactly", "!=": "not"}


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


def _blockaded(who, ctx, plural: bool = False) -> str:
    """"blockaded mission(s)": all of them, those held by your cards, or by a card."""
    noun = "blockaded missions" if plural else "blockaded mission"
    if who == "all":
        return noun
    if who == "all_yours":
        return "missions blockaded by your cards" if plural else "mission blockaded by your cards"
    holder, _ = target(who, ctx)
    return f"{noun} held by {holder}"


def _pile_owner(who) -> str:
    return {"you": "your", "opponent": "your opponent's", "that_player": "that player's"}.get(who or "you", "their")


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
        remember_ref(name, tgt, ctx)
        return text
    verb = next(iter(e))
    if verb in ("until", "from", "even_on_success", "chooser", "position", "who", "filter", "then", "else", "effects",
                "any_order", "cost", "target"):
        verb = next((k for k in e if k not in ("until", "from", "even_on_success", "chooser", "position", "who",
                                               "filter", "then", "else", "effects", "any_order", "cost", "target")),
                    verb)
    arg = e.get(verb)
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
