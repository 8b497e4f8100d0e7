"""The text a player reads on a Babylon 5 card, rendered from its ``mechanics``.

Why: the project ships no printed card text (the sample pool is invented, and a real pool
would be the community's), so what a player reads must come from the same mechanics the
engine runs (``../EFFECTS.md``). ``render_card(card)`` -> list of lines: the printed
numbers a card shows besides its abilities (bonuses, conflict facts) and one line per
ability. Pure and deterministic; computed once per definition by the card catalogue.
"""
from __future__ import annotations

from typing import Any

_STAT_WORDS = {
    "diplomacy": "Diplomacy", "intrigue": "Intrigue", "leadership": "Leadership", "psi": "Psi",
    "military": "Military", "influence": "influence rating", "power": "power",
    "sponsor_discount": "influence off each card sponsored", "promote_discount": "influence off each promotion",
    "conflicts": "conflicts initiated each turn",
}
_WHO = {"you": "you", "initiator": "the initiator", "conflict_target": "the targeted player",
        "highest_side": "each side with the highest total", "each": "each player", "attached": "its faction"}
_CARD = {"self": "this card", "attached": "the card it is on", "chosen": "the chosen card",
         "opponent": "the opposing card", "conflict_target": "the targeted card"}
_CONTROLLER = {"you": "your", "opponent": "an opponent's", "initiator": "the initiator's"}
_TRIGGER = {"attacked": "When the card it is on is attacked", "attacks": "When the card it is on attacks",
            "neutralized_opponent": "When the card it is on neutralizes the card it attacked",
            "neutralized": "When the card it is on is neutralized",
            "conflict_won": "When a conflict the card it is on took part in is won",
            "conflict_lost": "When a conflict the card it is on took part in is lost"}
_ROLE = {"supported": "that supported", "opposed": "that opposed", "attacked": "that attacked",
         "led_fleet": "that led a fleet", "led_supported": "that led a supporting fleet",
         "led_opposed": "that led an opposing fleet", "led_attacked": "that led an attacking fleet",
         "any": "that took part"}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _race(r: Any) -> str:
    if isinstance(r, list):
        return " or ".join(x.capitalize() for x in r)
    return str(r).capitalize()


def _article(text: str) -> str:
    return ("an " if text[:1].lower() in "aeiou" else "a ") + text


def _noun(f: dict) -> str:
    """The filter's words without an article or a controller: "rotated Narn fleet"."""
    words = []
    if f.get("rotated") is not None:
        words.append("rotated" if f["rotated"] else "ready")
    if f.get("neutralized") is not None:
        words.append("neutralized" if f["neutralized"] else "unneutralized")
    if f.get("level"):
        words.append({"inner": "Inner Circle", "supporting": "supporting"}.get(f["level"], f["level"]))
    if f.get("race"):
        words.append(_race(f["race"]))
    if f.get("trait"):
        words.append(str(f["trait"]))
    if f.get("subtype"):
        words.append(str(f["subtype"]))
    kind = f.get("type") or "card"
    words.append(" or ".join(kind) if isinstance(kind, list) else kind)
    if f.get("ambassador"):
        words.append("ambassador")
    return " ".join(words)


def _tail(f: dict) -> str:
    tail = ""
    if f.get("title"):
        tail += f" titled {f['title']}"
    if f.get("controller"):
        tail += {"you": " you control", "opponent": " an opponent controls",
                 "initiator": " the initiator controls"}.get(f["controller"], "")
    if f.get("role"):
        tail += " " + _ROLE.get(f["role"], f["role"])
    return tail


def filter_text(f: Any) -> str:
    """``{"type": "fleet", "race": "narn", "controller": "you"}`` -> "a Narn fleet you control"."""
    if isinstance(f, str):
        return {"player": "a player", "faction": "a faction", "all": "every matching card",
                "global": "every card"}.get(f, _article(f))
    if not isinstance(f, dict):
        return "a card"
    return _article(_noun(f)) + _tail(f)


def each_text(f: Any) -> str:
    """"each Narn fleet you control"."""
    if not isinstance(f, dict):
        return "each card"
    return "each " + _noun(f) + _tail(f)


def _agrees(who: str, verb: str) -> str:
    """"you gain" but "the initiator gains"."""
    return f"{who} {verb}" if who == "you" else f"{who} {verb}s"


def _card_ref(t: Any) -> str:
    if isinstance(t, dict) and "each" in t:
        return each_text(t["each"])
    return _CARD.get(t, filter_text(t)) if isinstance(t, str) else filter_text(t)


def _modify(mods: dict) -> str:
    return ", ".join(f"{_signed(n)} {_STAT_WORDS.get(s, s)}" for s, n in mods.items())


def effect_text(e: dict) -> str:
    """One effect (one verb) as words."""
    who = _WHO.get(e.get("who", "you"), e.get("who", "you"))
    if "modify" in e:
        until = {"while_rotated": " while this card stays rotated", "permanent": " permanently"}.get(
            e.get("until", ""), " until the end of the turn")
        return f"{_card_ref(e.get('target', 'self'))} gets {_modify(e['modify'])}{until}"
    for stat, words in (("influence", "influence rating"), ("power", "power")):
        if stat in e:
            return f"{_agrees(who, 'gain' if e[stat] >= 0 else 'lose')} {abs(e[stat])} {words}"
    if "tracker" in e:
        name = {"b5": "Babylon 5", "shadow": "Shadow", "vorlon": "Vorlon"}.get(e["tracker"], e["tracker"])
        return f"{_signed(e.get('delta', 1))} {name} influence"
    if "tension" in e:
        a, b = (_WHO.get(x, _race(x)) for x in e.get("between", ["?", "?"]))
        return f"tension between {a} and {b} {_signed(e['tension'])}"
    if "unrest" in e:
        return f"{_signed(e['unrest'])} unrest for {who}"
    for verb, tail in (("draw", ""), ("discard", " of their choice")):
        if verb in e:
            return f"{_agrees(who, verb)} {e[verb]} card{'s' if e[verb] != 1 else ''}{tail}"
    if "gain_influence" in e:
        return f"{_agrees(who, 'gain')} {e['gain_influence']} influence to spend this turn"
    if "damage" in e or "severe" in e:
        verb = "damage" if "damage" in e else "severe"
        n = e[verb]
        return f"{_card_ref(e.get('target', 'chosen'))} takes {n} {'severe ' if verb == 'severe' else ''}damage"
    if "repair" in e:
        return f"repair {e['repair']} damage on {_card_ref(e.get('target', 'chosen'))}"
    if e.get("prevent"):
        return "the attack deals no damage"
    verb_words = {"neutralize": "neutralize", "rotate": "rotate", "ready": "ready", "heal": "heal",
             "discard_card": "discard", "demote": "demote", "promote": "promote to the Inner Circle",
             "conquer": "take control of", "replace_ambassador": "make the new ambassador"}
    for verb, word in verb_words.items():
        if verb in e:
            return f"{word} {_card_ref(e[verb])}"
    return "(an effect the renderer does not know)"


def _effects(es: list) -> str:
    return "; ".join(effect_text(e) for e in es or [])


def _condition(c: dict) -> str:
    if "all" in c:
        return " and ".join(_condition(x) for x in c["all"])
    if "power_at_least" in c:
        return f"you have {c['power_at_least']} or more power"
    if "influence_at_least" in c:
        return f"your influence rating is {c['influence_at_least']} or more"
    if "tracker_at_least" in c:
        track, n = c["tracker_at_least"]
        return f"{track} influence is {n} or more"
    return "(a condition)"


def _conflict(ab: dict, card: dict) -> str:
    parts = []
    if ab.get("cost"):
        parts.append(f"Pay {ab['cost']} influence:")
    kind = ab.get("type")
    target = ab.get("target", card.get("conflict_target"))
    head = "initiate " + _article(f"{kind} conflict") if kind else "Conflict"
    if target:
        head += f" targeting {filter_text(target)}"
    parts.append(head + ".")
    if ab.get("war"):
        parts.append("Only against a race yours is at war with.")
    if ab.get("any_side") or card.get("any_player_may_be_supported"):
        parts.append("Any player may be supported.")
    if ab.get("vote"):
        parts.append("Supporters vote.")
    if ab.get("multiplier"):
        who = filter_text(ab["multiplier_who"]) if ab.get("multiplier_who") else "each contributor"
        parts.append(f"The abilities of {who} count ×{ab['multiplier']}.")
    if ab.get("success"):
        parts.append(f"Success: {_effects(ab['success'])}.")
    if ab.get("failure"):
        parts.append(f"Failure: {_effects(ab['failure'])}.")
    if ab.get("side_effects"):
        parts.append(f"Result: {_effects(ab['side_effects'])}.")
    return " ".join(parts)


def ability_text(ab: dict, card: dict) -> str:
    """One ability as a line of card text."""
    kind = ab.get("kind")
    if kind == "static":
        who = ab.get("who", "self")
        subject = "This card gets" if who == "self" else ("You get" if who == "you" else _cap(each_text(who)) + " gets")
        cond = {"rotated": " while this card is rotated", "ready": " while this card is ready"}.get(ab.get("while", ""), "")
        return f"{subject} {_modify(ab['modify'])}{cond}."
    if kind == "activated":
        cost = ab.get("cost") or {"rotate": True}
        pay = ["Rotate"] if cost.get("rotate", True) else []
        if cost.get("influence"):
            pay.append(f"pay {cost['influence']} influence")
        target = f" Choose {filter_text(ab['target'])}:" if ab.get("target") else ""
        sustain = " (May be sustained.)" if ab.get("sustain") else ""
        return f"{', '.join(pay) or 'Action'}:{target} {_effects(ab['effects'])}.{sustain}"
    if kind == "aide":
        return ("Aide of " + ab["ambassador"].replace("-", " ").title() + ": rotate to give that ambassador +1 "
                "Diplomacy, Intrigue or Leadership, or 1 influence off one sponsor this turn.")
    if kind == "play":
        target = f"Choose {filter_text(ab['target'])}: " if ab.get("target") else ""
        return f"{target}{_effects(ab['effects'])}." if target else f"{_cap(_effects(ab['effects']))}."
    if kind == "enhancement":
        attach = ab.get("target", card.get("attaches_to"))
        parts = [f"Attach to {filter_text(attach)}." if attach not in ("global", None) else "Global."]
        if ab.get("modify"):
            subject = each_text(ab["who"]) if ab.get("who") \
                else ("that faction" if attach == "faction" else "it")
            parts.append(f"{_cap(subject)} gets {_modify(ab['modify'])}.")
        if ab.get("effects"):
            parts.append(f"When it enters play: {_effects(ab['effects'])}.")
        return " ".join(parts)
    if kind == "agenda":
        parts = []
        if ab.get("modify"):
            who = ab.get("who", "you")
            subject = "You get" if who == "you" else _cap(each_text(who)) + " gets"
            parts.append(f"{subject} {_modify(ab['modify'])}.")
        if ab.get("conflict"):
            parts.append(_cap(_conflict(ab["conflict"], card)) + " (Once per turn.)")
        if ab.get("victory"):
            parts.append(f"Victory: {_condition(ab['victory'])}.")
        if ab.get("replaces_major"):
            parts.append("May replace a Major Agenda.")
        return " ".join(parts)
    if kind == "conflict":
        return _conflict(ab, card)
    if kind == "aftermath":
        when = ab.get("when") or card.get("play_conditions") or {}
        parts = []
        chosen = ab.get("target")
        if chosen and chosen != "all":
            parts.append(f"Choose {filter_text(chosen)}.")
        if ab.get("modify"):
            parts.append(f"It gets {_modify(ab['modify'])}" + (" while attached." if ab.get("lasting") else "."))
        if ab.get("effects"):
            parts.append(f"{_cap(_effects(ab['effects']))}.")
        if when.get("participant"):
            parts.append("Targets any participating faction's cards.")
        return " ".join(parts)
    if kind == "contingency":
        under = ab.get("target", card.get("attaches_to"))
        owner = " (any player's)" if ab.get("any_owner") else ""
        return (f"Place under {filter_text(under)}{owner}. {_TRIGGER.get(ab['trigger'], ab['trigger'])}, you may "
                f"reveal it: {_effects(ab['effects'])}.")
    if kind == "mercenary":
        return "Mercenary: may be hired by any player with influence bids."
    if kind == "trigger":
        on = {"conflict_resolved": "When a conflict is resolved", "conflict_won": "When a conflict is won",
              "conflict_lost": "When a conflict is lost"}.get(ab["on"], ab["on"])
        only_if = ab.get("if") or {}
        bits = []
        if only_if.get("initiator"):
            bits.append("you initiated it" if only_if["initiator"] == "you" else "an opponent initiated it")
        if only_if.get("conflict") and only_if["conflict"] != "any":
            bits.append(f"it is a {only_if['conflict']} conflict")
        if only_if.get("participant"):
            bits.append("this card took part")
        return f"{on}{', if ' + ' and '.join(bits) if bits else ''}: {_effects(ab['effects'])}."
    return "(an ability the renderer does not know)"


def _facts_lines(card: dict) -> list[str]:
    """The printed numbers that act without an ability (bonuses, play conditions)."""
    lines = []
    if card.get("influence_bonus"):
        lines.append(f"{_signed(card['influence_bonus'])} influence rating while in play.")
    if card.get("power_bonus"):
        lines.append(f"{_signed(card['power_bonus'])} power while in play.")
    if card.get("loyal"):
        lines.append("Loyal.")
    if card.get("limited"):
        lines.append("Limited.")
    pc = card.get("play_conditions")
    if pc:
        part = {None: "", "any": ", by a participant", "fleet": ", by a participating fleet",
                "character": ", by a participating character"}.get(pc.get("participant"), "")
        conflict = pc.get("conflict", "any")
        result = {"any": "won or lost"}.get(pc.get("result", "won"), pc.get("result", "won"))
        what = "any conflict" if conflict == "any" else _article(f"{conflict} conflict")
        lines.append(f"Play after {what} the initiator {result}{part}.")
    return lines


def render_card(card: dict) -> list[str]:
    """Every line of the card's text: its printed facts that act, then its abilities."""
    mech = card.get("mechanics")
    lines = _facts_lines(card)
    if mech is None:
        return lines + ["(game text not authored: the card plays with its printed numbers only)"]
    lines += [ability_text(ab, card) for ab in mech]
    return lines
