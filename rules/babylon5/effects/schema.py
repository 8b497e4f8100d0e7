"""Validator for Babylon 5 card ``mechanics`` (the language of ``../EFFECTS.md``).

Why: mechanics are hand-written JSON and a misspelt key would silently do nothing at play
time. ``validate_mechanics`` returns every error found (``[]`` = valid). Standard library only.
"""
from __future__ import annotations

from typing import Any

ABILITIES = ("diplomacy", "intrigue", "leadership", "psi")
CARD_STATS = ABILITIES + ("military",)
FACTION_STATS = ("influence", "power", "sponsor_discount", "promote_discount", "conflicts")
STATS = CARD_STATS + FACTION_STATS
CONFLICT_TYPES = ("diplomatic", "intrigue", "military", "psi")
CARD_TYPES = ("character", "group", "fleet", "location", "enhancement", "agenda", "event",
              "contingency", "conflict", "aftermath")
ROLES = ("supported", "opposed", "attacked", "led_fleet", "led_supported", "led_opposed", "led_attacked", "any")
TRACKS = ("b5", "shadow", "vorlon")
UNTIL = ("end_of_turn", "while_rotated", "permanent")
CARD_REFS = ("self", "attached", "chosen", "opponent", "conflict_target")
WHO_REFS = ("you", "initiator", "conflict_target", "highest_side", "each", "attached")
TRIGGERS = ("attacked", "attacks", "neutralized_opponent", "neutralized", "conflict_won", "conflict_lost")
ENH_TARGETS = ("character", "fleet", "location", "faction", "global")
FILTER_KEYS = {"type", "subtype", "race", "controller", "level", "role", "title", "trait",
               "ambassador", "rotated", "neutralized"}

KINDS: dict[str, tuple[set, set]] = {  # kind -> (required keys, optional keys)
    "static": ({"modify"}, {"who", "while"}),
    "activated": ({"effects"}, {"cost", "target", "sustain"}),
    "aide": ({"ambassador"}, set()),
    "play": ({"effects"}, {"target"}),
    "enhancement": (set(), {"target", "modify", "effects", "who"}),
    "agenda": (set(), {"modify", "who", "conflict", "victory", "replaces_major"}),
    "conflict": (set(), {"target", "any_side", "vote", "war", "success", "failure", "side_effects",
                         "cost", "type", "multiplier", "multiplier_who"}),
    "aftermath": (set(), {"when", "target", "lasting", "modify", "effects"}),
    "contingency": ({"trigger", "effects"}, {"target", "any_owner"}),
    "mercenary": (set(), set()),
    "trigger": ({"on", "effects"}, {"if"}),
}
TRIGGER_ON = ("conflict_resolved", "conflict_won", "conflict_lost")
IF_KEYS = {"initiator", "conflict", "participant"}
VERBS = {
    "modify": {"target", "until"}, "influence": {"who"}, "power": {"who"}, "tracker": {"delta"},
    "tension": {"between"}, "unrest": {"who"}, "draw": {"who"}, "discard": {"who"},
    "neutralize": set(), "rotate": set(), "ready": set(), "heal": set(), "discard_card": set(),
    "replace_ambassador": set(), "demote": set(), "promote": set(), "conquer": set(),
    "repair": {"target"}, "gain_influence": {"who"}, "prevent": set(),
    "damage": {"target"}, "severe": {"target"},
}
CARD_VERBS = ("neutralize", "rotate", "ready", "heal", "discard_card", "replace_ambassador", "demote", "promote",
              "conquer")


def validate_mechanics(mechanics: Any) -> list[str]:
    """Every error in ``mechanics`` (``None`` = not authored and ``[]`` are valid)."""
    if mechanics is None:
        return []
    if not isinstance(mechanics, list):
        return ["mechanics: expected a list of abilities or null"]
    errors: list[str] = []
    for i, ab in enumerate(mechanics):
        _ability(ab, f"mechanics[{i}]", errors)
    return errors


def _ability(ab: Any, where: str, errors: list[str]) -> None:
    if not isinstance(ab, dict):
        errors.append(f"{where}: an ability must be an object")
        return
    kind = ab.get("kind")
    if kind not in KINDS:
        errors.append(f"{where}.kind: unknown ability kind {kind!r}; expected one of {', '.join(KINDS)}")
        return
    required, optional = KINDS[kind]
    for k in sorted(required - set(ab)):
        errors.append(f"{where}: '{kind}' needs '{k}'")
    for k in sorted(set(ab) - required - optional - {"kind"}):
        errors.append(f"{where}: unknown key '{k}' for '{kind}'")
    if "modify" in ab:
        _modify(ab["modify"], f"{where}.modify", errors)
    if "who" in ab and ab["who"] not in ("self", "you"):
        _filter(ab["who"], f"{where}.who", errors)
    if "while" in ab and ab["while"] not in ("rotated", "ready"):
        errors.append(f"{where}.while: expected 'rotated' or 'ready'")
    for k in ("effects", "success", "failure", "side_effects"):
        if k in ab:
            _effects(ab[k], f"{where}.{k}", errors)
    if kind == "activated":
        cost = ab.get("cost", {"rotate": True})
        if not isinstance(cost, dict) or set(cost) - {"rotate", "influence"}:
            errors.append(f"{where}.cost: expected {{'rotate': bool, 'influence': int}}")
        elif "influence" in cost and not _int(cost["influence"]):
            errors.append(f"{where}.cost.influence: expected an int")
        if ab.get("sustain"):
            sustainable = cost == {"rotate": True} and all(
                isinstance(e, dict) and "modify" in e and e.get("until") == "while_rotated"
                for e in ab.get("effects") or [])
            if not sustainable:
                errors.append(f"{where}.sustain: only an action whose one cost is rotating and whose "
                              "effects are 'modify' until 'while_rotated' may be sustained (Sustained Action)")
    if kind in ("activated", "play") and "target" in ab:
        _filter(ab["target"], f"{where}.target", errors)
    if kind == "aide" and not isinstance(ab.get("ambassador"), str):
        errors.append(f"{where}.ambassador: expected the ambassador's card id")
    if kind == "enhancement" and "target" in ab:
        t = ab.get("target")
        if not (t in ENH_TARGETS or (isinstance(t, dict) and t.get("type") in ("character", "fleet", "location"))):
            if isinstance(t, dict):
                _filter(t, f"{where}.target", errors)
            errors.append(f"{where}.target: expected one of {', '.join(ENH_TARGETS)} or a filter with a card type")
    if kind == "agenda":
        if "conflict" in ab:
            c = ab["conflict"]
            if not isinstance(c, dict):
                errors.append(f"{where}.conflict: expected an object")
            else:
                if c.get("type") not in CONFLICT_TYPES:
                    errors.append(f"{where}.conflict.type: expected one of {', '.join(CONFLICT_TYPES)}")
                if not _int(c.get("cost", 0)):
                    errors.append(f"{where}.conflict.cost: expected an int")
                _ability({"kind": "conflict", **c}, f"{where}.conflict", errors)
        if "victory" in ab:
            _condition(ab["victory"], f"{where}.victory", errors)
    if kind == "conflict":
        t = ab.get("target")
        if t is not None and t not in ("player", "character", "location", "fleet"):
            _filter(t, f"{where}.target", errors)
        if "type" in ab and ab["type"] not in CONFLICT_TYPES:
            errors.append(f"{where}.type: expected one of {', '.join(CONFLICT_TYPES)}")
        for k in ("any_side", "vote", "war"):
            if k in ab and not isinstance(ab[k], bool):
                errors.append(f"{where}.{k}: expected a bool")
        if "multiplier" in ab and not (_int(ab["multiplier"]) and ab["multiplier"] >= 0):
            errors.append(f"{where}.multiplier: expected a whole number >= 0")
        if "multiplier_who" in ab:
            _filter(ab["multiplier_who"], f"{where}.multiplier_who", errors)
    if kind == "aftermath":
        w = ab.get("when", {})
        if not isinstance(w, dict) or set(w) - {"result", "conflict", "participant"}:
            errors.append(f"{where}.when: expected {{result, conflict, participant}}")
        else:
            if w.get("result", "any") not in ("won", "lost", "any"):
                errors.append(f"{where}.when.result: expected won, lost or any")
            if w.get("conflict", "any") not in CONFLICT_TYPES + ("any",):
                errors.append(f"{where}.when.conflict: expected a conflict type or any")
            if w.get("participant") not in (None, False, True, "any", "fleet", "character"):
                errors.append(f"{where}.when.participant: expected a bool, null, any, fleet or character")
        if ab.get("target") not in ("faction", "all"):
            _filter(ab.get("target"), f"{where}.target", errors)
    if kind == "trigger":
        if ab.get("on") not in TRIGGER_ON:
            errors.append(f"{where}.on: expected one of {', '.join(TRIGGER_ON)}")
        cond = ab.get("if", {})
        if not isinstance(cond, dict) or set(cond) - IF_KEYS:
            errors.append(f"{where}.if: expected an object with keys among {', '.join(sorted(IF_KEYS))}")
        else:
            if cond.get("initiator", "you") not in ("you", "opponent"):
                errors.append(f"{where}.if.initiator: expected you or opponent")
            if cond.get("conflict", "any") not in CONFLICT_TYPES + ("any",):
                errors.append(f"{where}.if.conflict: expected a conflict type or any")
            if not isinstance(cond.get("participant", False), bool):
                errors.append(f"{where}.if.participant: expected a bool")
    if kind == "agenda" and "replaces_major" in ab and not isinstance(ab["replaces_major"], bool):
        errors.append(f"{where}.replaces_major: expected a bool")
    if kind == "contingency":
        _filter(ab.get("target"), f"{where}.target", errors)
        if ab.get("trigger") not in TRIGGERS:
            errors.append(f"{where}.trigger: expected one of {', '.join(TRIGGERS)}")


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _modify(m: Any, where: str, errors: list[str]) -> None:
    if not isinstance(m, dict) or not m:
        errors.append(f"{where}: expected an object of stat -> int")
        return
    for k, v in m.items():
        if k not in STATS:
            errors.append(f"{where}: unknown stat '{k}'; expected one of {', '.join(STATS)}")
        elif not _int(v):
            errors.append(f"{where}.{k}: expected an int")


def _filter(f: Any, where: str, errors: list[str]) -> None:
    if f is None:
        return
    if not isinstance(f, dict):
        errors.append(f"{where}: expected a filter object")
        return
    for k in sorted(set(f) - FILTER_KEYS):
        errors.append(f"{where}: unknown filter key '{k}'")
    types = f.get("type")
    for t in (types if isinstance(types, list) else [types] if types else []):
        if t not in CARD_TYPES:
            errors.append(f"{where}.type: unknown card type {t!r}")
    if "role" in f and f["role"] not in ROLES:
        errors.append(f"{where}.role: expected one of {', '.join(ROLES)}")
    if "level" in f and f["level"] not in ("inner", "supporting"):
        errors.append(f"{where}.level: expected inner or supporting")
    if "controller" in f and f["controller"] not in ("you", "opponent", "initiator"):
        errors.append(f"{where}.controller: expected you, opponent or initiator")


def _card_target(t: Any, where: str, errors: list[str]) -> None:
    if t in CARD_REFS:
        return
    if isinstance(t, dict) and set(t) == {"each"}:
        _filter(t["each"], f"{where}.each", errors)
        return
    errors.append(f"{where}: expected one of {', '.join(CARD_REFS)} or {{'each': filter}}")


def _effects(effects: Any, where: str, errors: list[str]) -> None:
    if not isinstance(effects, list):
        errors.append(f"{where}: expected a list of effects")
        return
    for i, e in enumerate(effects):
        w = f"{where}[{i}]"
        if not isinstance(e, dict):
            errors.append(f"{w}: an effect must be an object")
            continue
        verbs = [k for k in e if k in VERBS]
        if len(verbs) != 1:
            errors.append(f"{w}: exactly one verb expected, one of {', '.join(VERBS)}; got {verbs or list(e)}")
            continue
        verb = verbs[0]
        extra = set(e) - {verb} - VERBS[verb] - ({"target"} if verb in CARD_VERBS else set())
        for k in sorted(extra):
            errors.append(f"{w}: unknown key '{k}' for '{verb}'")
        v = e[verb]
        if verb == "modify":
            _modify(v, f"{w}.modify", errors)
            if e.get("until", "end_of_turn") not in UNTIL:
                errors.append(f"{w}.until: expected one of {', '.join(UNTIL)}")
            _card_target(e.get("target", "chosen"), f"{w}.target", errors)
        elif verb in CARD_VERBS:
            _card_target(e.get("target", v if isinstance(v, (str, dict)) and v is not True else "chosen"),
                         f"{w}.target", errors)
        elif verb in ("damage", "severe", "repair"):
            if not _int(v):
                errors.append(f"{w}.{verb}: expected an int")
            _card_target(e.get("target", "chosen"), f"{w}.target", errors)
        elif verb == "prevent":
            if v is not True:
                errors.append(f"{w}.prevent: expected true")
        elif verb == "tracker":
            if v not in TRACKS:
                errors.append(f"{w}.tracker: expected one of {', '.join(TRACKS)}")
            if not _int(e.get("delta")):
                errors.append(f"{w}.delta: expected an int")
        elif verb == "tension":
            if not _int(v):
                errors.append(f"{w}.tension: expected an int")
            b = e.get("between")
            if not (isinstance(b, list) and len(b) == 2 and all(isinstance(x, str) for x in b)):
                errors.append(f"{w}.between: expected two races or refs")
        else:
            if not _int(v):
                errors.append(f"{w}.{verb}: expected an int")
            if "who" in e and e["who"] not in WHO_REFS:
                errors.append(f"{w}.who: expected one of {', '.join(WHO_REFS)}")


def _condition(c: Any, where: str, errors: list[str]) -> None:
    if not isinstance(c, dict) or len(c) != 1:
        errors.append(f"{where}: a condition is an object with one key")
        return
    (k, v), = c.items()
    if k == "all" and isinstance(v, list):
        for i, x in enumerate(v):
            _condition(x, f"{where}.all[{i}]", errors)
    elif k in ("power_at_least", "influence_at_least") and _int(v):
        return
    elif k == "tracker_at_least" and isinstance(v, list) and len(v) == 2 and v[0] in TRACKS and _int(v[1]):
        return
    elif k != "all":
        errors.append(f"{where}: unknown condition {k!r}")
