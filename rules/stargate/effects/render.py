"""Render card mechanics as the English text players read.

Why: the issue requires that what a player reads is what the engine does, so the text is
generated from the same mechanics the interpreter runs (never copied from the printed
card). Unknown constructs fall back to their key names, never to silence.

``render`` uses the full grammar in ``render_parts`` (a construct it does not know shows
as ``[key_name]``, and the tests reject that for every authored card); the small
``effect``/``TRIGGERS`` renderer below is its fallback for a verb or trigger added here.
"""
from __future__ import annotations

SKILL_NAMES = {"culture": "Culture", "science": "Science", "combat": "Combat", "ingenuity": "Ingenuity"}
GLYPH_NAMES = {g: g.capitalize() for g in ("gemini", "libra", "orion", "pisces", "scorpius", "triangulum", "origin")}
TRIGGERS = {
    "play_self": "When you play this card", "assign_self": "When you assign this card",
    "revive_self": "When you revive this card", "score_self": "When you score this card",
    "destroyed_self": "When this card is destroyed", "earn_glyph_self": "Each time this character earns a glyph",
    "earn_different_glyph_self": "Each time this character earns a different glyph",
    "glyph_earned": "Each time a character earns a glyph", "glyph_earned_from_self": "When a character earns this glyph",
    "mission_played": "Each time you play a mission", "before_mission_played": "Each time your opponent is about to play a mission",
    "player_passes": "Each time a player passes", "opponent_plays_complication": "Each time your opponent plays a complication",
    "obstacle_played": "Each time an obstacle is played", "card_played": "Each time a card is played",
    "character_assigned": "Each time a character is assigned", "adversary_assigned": "Each time an adversary is assigned",
    "power_phase_start": "At the start of the power phase", "power_phase_end": "At the end of the power phase",
    "debrief_start": "At the start of your debrief phase", "mission_end": "At the end of the mission",
}


def _filter(f) -> str:
    if not isinstance(f, dict):
        return "card"
    words = []
    if f.get("state"):
        st = f["state"]
        words.append(" or ".join(st) if isinstance(st, list) else st)
    if f.get("side") == "opponent":
        words.append("opponent's")
    if f.get("trait"):
        t = f["trait"]
        words.append(" or ".join(t) if isinstance(t, list) else t)
    if f.get("skill"):
        words.append(SKILL_NAMES.get(f["skill"], f["skill"]))
    if f.get("subtype"):
        words.append(f["subtype"])
    t = f.get("type", "card")
    words.append(" or ".join(t) if isinstance(t, list) else t)
    text = " ".join(words)
    if f.get("at_mission"):
        text += " at the current mission"
    if f.get("other"):
        text = "other " + text
    if f.get("zone"):
        text += f" in a {f['zone'].replace('_', ' ')}"
    return text


def _target(t) -> str:
    if not isinstance(t, dict):
        return "it"
    if t.get("self"):
        return "this card"
    if t.get("current_mission"):
        return "the current mission"
    if "ref" in t and "choose" not in t:
        return f"the {t['ref'].replace('_', ' ')} card"
    if "all" in t:
        return f"all {_filter(t['all'])}s"
    if "choose" in t:
        n = t.get("count", 1)
        n = n if isinstance(n, (int, str)) else "X"
        who = "your opponent chooses " if t.get("chooser") == "opponent" else ""
        noun = _filter(t["choose"])
        article = ("an" if noun[:1] in "aeiou" else "a") if n == 1 else ("any number of" if n == "any" else str(n))
        plural = "" if n == 1 else "s"
        return f"{who}{article} {noun}{plural}"
    return _filter(t)


def _amount(a) -> str:
    if isinstance(a, int):
        return str(a)
    if isinstance(a, dict):
        for key in ("count", "glyphs", "different_glyphs", "failed_missions", "successful_missions", "mission_experience"):
            if key in a:
                return f"X (X = {key.replace('_', ' ')})"
    return "X"


def _who(w) -> str:
    return {"you": "You", "opponent": "Your opponent", "that_player": "That player"}.get(w, "You")


def effect(e: dict) -> str:
    if not isinstance(e, dict) or not e:
        return ""
    until = f" until the end of the {'current mission' if e.get('until') == 'end_of_mission' else 'turn'}" if e.get("until") else ""
    for verb in ("stop", "ready", "destroy", "incapacitate", "block", "unblock", "return_to_hand", "turn_face_down", "score"):
        if verb in e:
            words = {"return_to_hand": "Return", "turn_face_down": "Turn face down", "score": "Score"}.get(verb, verb.capitalize())
            tail = " to its owner's hand" if verb == "return_to_hand" else ""
            frm = " from the current mission" if e.get("from") == "current_mission" else ""
            return f"{words} {_target(e[verb])}{tail}{frm}{until}."
    if "gain_power" in e or "lose_power" in e:
        verb = "gain_power" if "gain_power" in e else "lose_power"
        arg = e[verb]
        return f"{_who(arg.get('who'))} {'gain' if verb == 'gain_power' else 'lose'}{'s' if arg.get('who') not in (None, 'you') else ''} {_amount(arg.get('amount'))} power."
    if "pay_power" in e:
        return f"Pay {_amount(e['pay_power'])} power."
    if "draw" in e:
        return f"{_who(e['draw'].get('who'))} draw{'s' if e['draw'].get('who') not in (None, 'you') else ''} {_amount(e['draw'].get('count', 1))} card(s)."
    if "discard" in e:
        arg = e["discard"] if isinstance(e["discard"], dict) else {"count": e["discard"]}
        rand = " at random" if arg.get("random") else ""
        return f"{_who(arg.get('who'))} discard{'s' if arg.get('who') not in (None, 'you') else ''} {_amount(arg.get('count', 1))} card(s){rand}."
    if "modify" in e:
        m = e["modify"]
        stat = "skills" if m.get("stat") == "skills" else SKILL_NAMES.get(m.get("stat"), str(m.get("stat")))
        amt = m.get("amount", m.get("set"))
        sign = "+" if isinstance(amt, int) and amt >= 0 else ""
        whom = _target(m.get("who", {"self": True}))
        verb = "get" if whom.startswith("all ") else "gets"
        return f"{whom.capitalize()} {verb} {stat} {sign}{_amount(amt)}{until}."
    if "may" in e:
        m = e["may"]
        cost = " ".join(effect(c) for c in m.get("cost", []))
        body = " ".join(effect(x) for x in m.get("effects", []))
        who = "You may" if m.get("who", "you") == "you" else "Your opponent may"
        return f"{who}{' ' + cost.rstrip('.') + '. If you do,' if cost else ''} {body[0].lower() + body[1:] if body else ''}".strip()
    if "unless" in e:
        return f"{effect(e['unless'])} If not: {effect(e.get('then') or {}) if isinstance(e.get('then'), dict) else ' '.join(effect(x) for x in e.get('then') or [])}"
    if "if" in e:
        then = " ".join(effect(x) for x in e.get("then", []))
        return f"If the condition holds: {then}"
    if "choose_one" in e:
        return "Choose one: " + "; or ".join(" ".join(effect(x) for x in opt).rstrip(".") for opt in e["choose_one"]) + "."
    if "remember" in e:
        tgt = e.get("target")
        return effect(tgt) if isinstance(tgt, dict) and any(k not in ("choose", "chooser", "count", "all", "self", "ref") for k in tgt) else f"Choose {_target(tgt)}."
    if "delayed" in e:
        at = e["delayed"].get("at", "").replace("_", " ")
        return f"At {at}: " + " ".join(effect(x) for x in e["delayed"].get("effects", []))
    if "repeat" in e:
        return "For each: " + " ".join(effect(x) for x in e.get("effects", []))
    verb = next(iter(e))
    return f"{verb.replace('_', ' ').capitalize()}."


def ability(ab: dict) -> str:
    kind = ab.get("kind")
    glyphs = ab.get("requires_glyphs") or []
    anyg = ab.get("requires_any_glyph") or []
    prefix = ""
    if glyphs:
        prefix = " and ".join(GLYPH_NAMES.get(g, g) for g in glyphs) + ": "
    elif anyg:
        prefix = " or ".join(GLYPH_NAMES.get(g, g) for g in anyg) + ": "
    effects = " ".join(effect(e) for e in ab.get("effects", []))
    if kind == "trigger":
        body = f"{TRIGGERS.get(ab.get('on') or '', ab.get('on'))}, {'you may ' if ab.get('optional') else ''}{effects[:1].lower() + effects[1:]}"
    elif kind == "activated":
        cost = ", ".join(effect(c).rstrip(".") for c in ab.get("cost", []))
        body = f"{cost} — {effects}" if ab.get("keyword") != "withdraw" else f"Withdraw ({cost} — {effects})"
    elif kind in ("success", "failure", "victory"):
        body = f"{kind.capitalize()}: {effects}"
    elif kind == "static":
        if "modify" in ab:
            body = effect({"modify": ab["modify"]})
        else:
            body = "Rule: " + ", ".join(k.replace("_", " ") for k in ab.get("rule", {}))
        if "while" in ab:
            body = body.rstrip(".") + " while the condition holds."
    elif kind == "play_cost":
        body = "To play this card: " + ", ".join(effect(c).rstrip(".") for c in ab.get("cost", [])) + "."
    elif kind == "cant":
        body = f"Players can't {ab.get('action', 'do that').replace('_', ' ')} {_filter(ab.get('who', {}))}s."
    elif kind == "replace":
        body = f"If {_filter(ab.get('who', {}))} would be {ab.get('event', '').replace('_', ' ')}: " + " ".join(effect(x) for x in ab.get("instead", [])) + " instead."
    elif kind == "keyword":
        body = str(ab.get("keyword", "")).replace("_", " ").capitalize()
    else:
        body = str(kind)
    return prefix + body


def render(mechanics, card: dict | None = None) -> list[str]:
    """One paragraph per ability; ``None`` (not authored) renders as a warning.

    The grammar lives in ``render_parts`` (every construct of EFFECTS.md); ``effect`` and
    ``TRIGGERS`` above remain as its fallback for constructs added here first. ``card`` (found
    automatically for ``card_db()`` mechanics) lets the text name its card ("When you play
    Anubis") and say whose turn an untargeted trigger belongs to."""
    from .render_parts import render_mechanics
    return render_mechanics(mechanics, card)


def cost_text(costs: list) -> str:
    """A list of costs as the clause a decision's prompt shows ("pay 1 power"), in the
    words the card's rendered text uses."""
    from .render_parts import _join, _merge_costs, cost_clause
    from .render_phrases import Ctx
    return _join(_merge_costs([cost_clause(c, Ctx()) for c in costs]))
