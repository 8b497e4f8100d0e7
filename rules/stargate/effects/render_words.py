"""The fixed words of the card-text grammar: the vocabulary tables (skills, glyphs, nouns,
stats, piles, trigger and duration phrases), the rendering context ``Ctx`` and the small
helpers every phrase uses (articles, numbers, joining, references to remembered cards).

Why apart from ``render_phrases``: these need no grammar (no noun, target, amount or
condition), so both the phrase builders and the effect/ability renderers import them
without any cycle. Moved out of ``render_phrases``, which re-exports every name.
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


def _chooser(t) -> str | None:
    """Who makes the choice (``None`` for a fixed target: the performer of the sentence)."""
    return t.get("chooser", "you") if isinstance(t, dict) and "choose" in t else None


# --------------------------------------------------------------------- conditions
OPS = {">=": "at least", ">": "more than", "<": "less than", "<=": "at most", "==": "exactly", "!=": "not"}


def _pile_owner(who) -> str:
    return {"you": "your", "opponent": "your opponent's", "that_player": "that player's"}.get(who or "you", "their")
