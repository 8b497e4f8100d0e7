"""Card mechanics rendered as English in the style of the printed Stargate cards.

Why a separate module: ``render.py`` is the stable entry point (``render(mechanics)``)
that other engineers extend; the grammar lives here and beside it — abilities in this
module, effects as clauses in ``render_effects`` (the verbs on piles and glyphs in
``render_piles``), nouns, targets, amounts and conditions in ``render_phrases``, the fixed
words in ``render_words``. Every construct of ``../EFFECTS.md``
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
from .render_effects import (  # noqa: F401 - effects as clauses; every name stays importable from here
    PLAYERS, TARGET_VERBS, _PROPER, _act, _conj, _count_phrase, _forbid, _is_self, _legacy_effect, _lower_first,
    _may, _merge_modify, _modify, _power, _proper_names, _repeat, _stat_change, _subject, _target_verb, _their,
    _unless, _until, clause, cost_clause, effects_text,
)


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
        body = "this card can't be played"
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
