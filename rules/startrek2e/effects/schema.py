"""Validator for card ``mechanics`` written in the effect language of ``../EFFECTS.md``.

Why: mechanics are hand-written JSON (the cards engineer authors the Premiere set against
this file); a misspelt key would silently do nothing at play time. ``validate_mechanics``
returns every error found (``[]`` = valid). Standard library only.
"""
from __future__ import annotations

from typing import Any

AFFILIATIONS = ("bajoran", "cardassian", "dominion", "federation", "ferengi", "klingon", "romulan",
                "borg", "non-aligned", "starfleet")
ATTRIBUTES = ("integrity", "cunning", "strength")
SHIP_STATS = ("range", "weapons", "shields")
OTHER_STATS = ("cost", "points")
SIDES = ("you", "opponent")

ABILITY_KEYS: dict[str, set[str]] = {
    "headquarters": {"affiliations", "also", "allow"},
    "static": {"modify", "keywords", "while"},
    "trigger": {"on", "optional", "effects", "if", "cost", "limit"},
    "order": {"effects", "cost", "limit", "while"},
    "dilemma": {"effects"},
    "event": {"play_on", "effects", "destroy_after"},
    "interrupt": {"effects", "when", "order", "if", "limit", "cost"},
    "play_requirement": {"requires", "cost"},
    "damage": {"modify", "on", "effects", "if"},
    "keyword": {"keyword", "if", "who", "skills"},
    "action": {"while", "cost", "effects", "limit"},
    "meet_with": {"use", "instead_of", "checks", "while"},
    "combat_strength": {"stat", "while", "optional"},
    "play_aboard": {"ship"},
    "play_cost": {"amount", "if"},
}
ABILITY_REQUIRED: dict[str, set[str]] = {
    "headquarters": set(), "static": set(), "trigger": {"on", "effects"},
    "order": {"effects"}, "dilemma": {"effects"}, "event": set(), "interrupt": {"effects"},
    "play_requirement": set(), "damage": set(), "keyword": {"keyword"}, "action": {"while", "effects"},
    "meet_with": {"use", "instead_of", "checks"}, "combat_strength": {"stat"}, "play_aboard": {"ship"},
    "play_cost": {"amount"},
}
TRIGGER_EVENTS = {
    "play_self", "start_of_turn", "end_of_turn", "attempt_begins", "dilemma_revealed",
    "dilemma_overcome", "mission_completed", "mission_failed", "personnel_killed",
    "personnel_stopped", "opponent_reveals_or_discards", "combat_begins", "engagement_begins",
    "card_played", "about_to_be_killed", "about_to_be_stopped", "about_to_be_placed_in_brig",
    "combat_won", "engagement_won", "opponent_mission_completed", "about_to_play",
    "placed_in_brig", "about_to_download", "about_to_place_on_deck_top", "random_selection", "own_dilemma_revealed",
    "opponent_about_to_complete", "ship_moved",
}
KEYWORDS = {"cant_be_stopped", "cant_attempt", "cant_staff", "hidden_agenda", "cant_complete",
            "random_excluded", "blank_abilities",
            "skills_cost", "cant_leave_play", "one_order_per_turn", "no_quadrant_penalty"}
TARGET_VERBS = {"stop", "kill", "destroy", "unstop", "place_in_brig", "return_to_hand", "place_in_discard",
                "place_on_deck_top", "place_on_deck_bottom", "remove_from_game", "place_as_damage",
                "remember", "take_command", "remove_damage", "shuffle_into_deck", "beam"}
EMPTY_VERBS = {"return_to_pile", "place_on_ship", "overcome", "prevent_overcome", "may", "join_engagement",
               "prevent", "reselect"}
EFFECT_VERBS = TARGET_VERBS | EMPTY_VERBS | {
    "place_on_mission", "modify", "draw", "discard", "download", "take_from_discard",
    "shuffle_deck", "score", "lose_points", "begin_combat", "begin_engagement", "unless", "if", "examine",
    "gain_skills", "choose_one", "put_into_play", "replace", "add_requirements", "face_dilemma_instead", "place_at", "move_ship",
}
EFFECT_MODIFIERS = {"then", "else", "until", "win", "lose", "as", "order"}
COST_VERBS = {"stop", "discard", "destroy", "lose_points", "return_to_pile", "kill"}
DURATIONS = {"end_of_dilemma", "end_of_attempt", "end_of_turn", "permanent", "end_of_engagement",
             "start_of_your_next_turn"}
FILTER_KEYS = {"type", "skill", "skill_level", "skills_any", "affiliation", "species", "icon",
               "keyword", "title", "unique", "owner", "present", "aboard", "attempting", "stopped",
               "not_self", "attribute", "highest", "lowest", "cost_at_most", "scope", "self", "not",
               "at_this_mission", "any_of", "class", "location", "region", "quadrant", "crew", "involved",
               "matching_mission", "mission_type", "with_trigger_card", "ref", "requires_skill",
               "aboard_trigger_ship", "mission_owner", "owned_by", "with_ref",
               "attribute_sum", "facing_dilemma", "with_card", "equipped_with", "present_with", "dilemma_type",
               "matches_affiliation", "corresponds_with",
               "staffed", "at_trigger_mission",
               "on_event", "host", "at_trigger_from", "ship_commander", "with_attached", "aboard_ref", "on_planet"}
SCOPES = {"attempting", "present", "in_play", "hand", "deck", "discard", "brig", "opponent_brig"}
CARD_TYPES = {"personnel", "ship", "equipment", "event", "interrupt", "mission", "dilemma"}
TARGET_FORMS = {"self", "ref", "all", "random", "choose", "attempting_ship", "this_mission", "trigger_card",
                "trigger_mission"}
TARGET_KEYS = TARGET_FORMS | {"chooser", "count", "up_to", "filter", "all_but", "brig"}
CONDITION_KEYS = {"facing_dilemma", "attempting", "in_combat", "present_with", "command", "count",
                  "min", "meets", "mission_type", "not", "all", "any", "ref", "matches",
                  "score", "captives", "completed", "mission", "trigger_card", "trigger_mission",
                  "trigger_by_dilemma", "trigger_random", "group", "in_engagement", "prevented",
                  "engagement_began_by", "attempt_at_this_mission", "at_least_half", "even"}


def is_stat(name: Any) -> bool:
    """An attribute, a ship stat, cost/points, or a skill name (capitalised, e.g. ``Physics``)."""
    return isinstance(name, str) and (name in ATTRIBUTES or name in SHIP_STATS or name in OTHER_STATS
                                      or (name[:1].isupper() and name.replace(" ", "").isalpha()))


class _Checker:
    def __init__(self) -> None:
        self.errors: list[str] = []

    def err(self, path: str, msg: str) -> None:
        self.errors.append(f"{path}: {msg}")

    def ability(self, ab: Any, path: str) -> None:
        if not isinstance(ab, dict):
            return self.err(path, "an ability must be an object")
        kind = ab.get("kind")
        if kind not in ABILITY_KEYS:
            return self.err(path, f"unknown ability kind {kind!r}; expected one of {sorted(ABILITY_KEYS)}")
        extra = set(ab) - ABILITY_KEYS[kind] - {"kind"}
        if extra:
            self.err(path, f"{kind} ability: unknown keys {sorted(extra)}")
        missing = ABILITY_REQUIRED[kind] - set(ab)
        if missing:
            self.err(path, f"{kind} ability: missing {sorted(missing)}")
        if kind == "headquarters":
            if not ({"affiliations", "allow"} & set(ab)):
                self.err(path, "headquarters needs 'affiliations' or 'allow'")
            affs = ab.get("affiliations", [])
            for i, f in enumerate(ab.get("allow", [])):
                self.filter(f, f"{path}.allow[{i}]")
            if not isinstance(ab.get("allow", []), list):
                self.err(f"{path}.allow", "a list of filters")
            if not isinstance(affs, list) or any(a not in AFFILIATIONS for a in affs):
                self.err(f"{path}.affiliations", f"a list of affiliations from {list(AFFILIATIONS)}")
            if "also" in ab and not (isinstance(ab["also"], list) and all(isinstance(x, str) for x in ab["also"])):
                self.err(f"{path}.also", "a list of titles or keywords")
        for key in ("on", "when"):
            if key in ab and ab[key] not in TRIGGER_EVENTS:
                self.err(f"{path}.{key}", f"unknown trigger event {ab[key]!r}")
        if "who" in ab and kind == "keyword":  # blank_abilities / skills_cost: whose text or skills
            self.filter(ab["who"], f"{path}.who")
        if "skills" in ab and not (isinstance(ab["skills"], list) and all(is_stat(x) for x in ab["skills"])):
            self.err(f"{path}.skills", "a list of skill names (the skills that have a price)")
        if kind == "damage" and not ("modify" in ab) ^ ({"on", "effects"} <= set(ab)):
            self.err(path, "a damage text has 'modify', or 'on' and 'effects' (a text that acts)")
        if kind == "static":  # "Each … is Cunning +2" (modify) or "he … loses Thief" (keywords)
            if ("modify" in ab) == ("keywords" in ab):
                self.err(path, "a static text has 'modify' or 'keywords'")
            k = ab.get("keywords")
            if k is not None:
                if not isinstance(k, dict) or set(k) - {"gain", "lose", "who"} or not ({"gain", "lose"} & set(k)):
                    self.err(f"{path}.keywords", '{"gain"?: [names], "lose"?: [names], "who"?: FILTER}')
                else:
                    for g in ("gain", "lose"):
                        if g in k and not (isinstance(k[g], list) and all(isinstance(x, str) for x in k[g])):
                            self.err(f"{path}.keywords.{g}", "a list of keywords")
                    if "who" in k:
                        self.filter(k["who"], f"{path}.keywords.who")
        if kind == "meet_with":  # "you may meet Integrity and Cunning requirements … using Strength instead"
            if ab.get("use") not in ATTRIBUTES:
                self.err(f"{path}.use", f"one of {list(ATTRIBUTES)}")
            if not (isinstance(ab.get("instead_of"), list) and ab["instead_of"]
                    and all(a in ATTRIBUTES for a in ab["instead_of"])):
                self.err(f"{path}.instead_of", f"a list of attributes from {list(ATTRIBUTES)}")
            if not (isinstance(ab.get("checks"), list) and ab["checks"]
                    and all(c in ("mission", "dilemma") for c in ab["checks"])):
                self.err(f"{path}.checks", "a list of 'mission' and/or 'dilemma'")
        if kind == "play_cost" and not (isinstance(ab.get("amount"), int) and not isinstance(ab.get("amount"), bool)):
            self.err(f"{path}.amount", "a number (−1 = the card costs one less)")
        if kind == "keyword" and ab.get("keyword") not in KEYWORDS:
            self.err(f"{path}.keyword", f"unknown keyword {ab.get('keyword')!r}")
        for key in ("optional", "order", "destroy_after"):
            if key in ab and not isinstance(ab[key], bool):
                self.err(f"{path}.{key}", "must be true or false")
        if "limit" in ab and ab["limit"] != "once_per_turn":
            self.err(f"{path}.limit", "only 'once_per_turn'")
        for key in ("if", "while", "requires"):
            if key in ab:
                self.condition(ab[key], f"{path}.{key}")
        if "effects" in ab:
            self.effects(ab["effects"], f"{path}.effects")
        if "cost" in ab:
            self.costs(ab["cost"], f"{path}.cost")
        if "modify" in ab:
            self.modify(ab["modify"], f"{path}.modify", static=True)
        if "play_on" in ab:
            self.filter(ab["play_on"], f"{path}.play_on")
        if kind == "play_aboard":  # "You may play this personnel aboard your [Rom] ship"
            self.filter(ab.get("ship"), f"{path}.ship")
        if kind == "combat_strength" and ab.get("stat") not in ATTRIBUTES + SHIP_STATS:
            self.err(f"{path}.stat", "an attribute or ship stat added to your total Strength in combat")

    def effects(self, effs: Any, path: str) -> None:
        if not isinstance(effs, list):
            return self.err(path, "effects must be a list")
        for i, eff in enumerate(effs):
            self.effect(eff, f"{path}[{i}]")

    def costs(self, costs: Any, path: str) -> None:
        if not isinstance(costs, list):
            return self.err(path, "a cost must be a list")
        for i, c in enumerate(costs):
            p = f"{path}[{i}]"  # `as` names the cards paid ("the discarded personnel")
            if not isinstance(c, dict) or len(set(c) - {"as"}) != 1 or next(k for k in c if k != "as") not in COST_VERBS:
                self.err(p, f"a cost is one of {sorted(COST_VERBS)} (+ 'as')")
            else:
                self.effect(c, p)

    def effect(self, eff: Any, path: str) -> None:
        if not isinstance(eff, dict):
            return self.err(path, "an effect must be an object")
        verbs = [k for k in eff if k in EFFECT_VERBS]
        if len(verbs) != 1:
            return self.err(path, f"an effect needs exactly one verb, found {verbs or sorted(eff)}")
        verb = verbs[0]
        extra = set(eff) - {verb} - EFFECT_MODIFIERS
        if extra:
            self.err(path, f"{verb}: unknown keys {sorted(extra)}")
        if "until" in eff and eff["until"] not in DURATIONS:
            self.err(f"{path}.until", f"unknown duration {eff['until']!r}; expected one of {sorted(DURATIONS)}")
        for key in ("then", "else", "win", "lose"):
            if key in eff:
                self.effects(eff[key], f"{path}.{key}")
        if verb in ("unless", "if", "may") and "then" not in eff:
            self.err(path, f"{verb} needs 'then'")
        if verb == "may" and isinstance(eff[verb], dict) and eff[verb]:  # item 27: whose choice
            if set(eff[verb]) != {"who"} or eff[verb]["who"] not in ("you", "opponent", "each"):
                self.err(f"{path}.may", '{} or {"who": "you"|"opponent"|"each"}')
        if "as" in eff and not isinstance(eff["as"], str):
            self.err(f"{path}.as", "a name")
        if "order" in eff and (verb not in ("place_on_deck_top", "place_on_deck_bottom")
                               or eff["order"] not in ("chosen", "random")):
            self.err(f"{path}.order", "'chosen' or 'random', on place_on_deck_top/place_on_deck_bottom")
        arg, p = eff[verb], f"{path}.{verb}"
        if verb in TARGET_VERBS:
            self.target(arg, p)
        elif verb == "join_engagement" and arg != {}:  # item 44: {} (this ship) or a TARGET
            self.target(arg, p)
        elif verb == "prevent" and arg != {}:  # item 36: {"all": true, "filter"?: FILTER}
            if not isinstance(arg, dict) or arg.get("all") is not True or set(arg) - {"all", "filter"}:
                self.err(p, 'prevent takes {} or {"all": true, "filter"?: FILTER}')
            elif "filter" in arg:
                self.filter(arg["filter"], f"{p}.filter")
        elif verb in EMPTY_VERBS:
            if arg != {} and verb != "may":
                self.err(p, f"{verb} takes {{}}")
        elif verb == "unless":
            self.requirement(arg, p)
        elif verb == "if":
            self.condition(arg, p)
        elif verb == "modify":
            self.modify(arg, p, static=False)
        elif verb == "place_on_mission":
            self.keys(arg, {"requirement", "until", "redraw"}, p)
            if isinstance(arg, dict):
                if "redraw" in arg and (arg["redraw"] is not True or set(arg) != {"redraw"}):
                    self.err(f"{p}.redraw", "true, alone")
                if "requirement" in arg:
                    self.requirement(arg["requirement"], f"{p}.requirement")
                if arg.get("until", "end_of_turn") != "end_of_turn":
                    self.err(f"{p}.until", "only 'end_of_turn'")
        elif verb in ("draw", "discard", "shuffle_deck", "score", "lose_points"):
            self.keys(arg, {"count", "who", "from", "random", "amount"} | ({"filter", "up_to"} if verb == "discard" else set()), p)
            if isinstance(arg, dict) and verb == "discard":  # "discard a personnel from hand", "any number of cards"
                if "filter" in arg:
                    self.filter(arg["filter"], f"{p}.filter")
                if "up_to" in arg and not isinstance(arg["up_to"], bool):
                    self.err(f"{p}.up_to", "true or false")
            if isinstance(arg, dict):
                if arg.get("who", "you") not in SIDES:
                    self.err(f"{p}.who", "'you' or 'opponent'")
                for k in ("count", "amount"):
                    if isinstance(arg.get(k), dict) and verb in ("draw", "score", "lose_points", "discard"):  # "5 points for each"
                        self.amount(arg[k], f"{p}.{k}")
                    elif k in arg and not (isinstance(arg[k], int) and arg[k] >= 0):
                        self.err(f"{p}.{k}", "a number ≥ 0")
                if verb in ("score", "lose_points") and "amount" not in arg:
                    self.err(p, f"{verb} needs 'amount'")
                if "from" in arg and arg["from"] not in ("hand", "deck_top"):
                    self.err(f"{p}.from", "'hand' or 'deck_top'")
        elif verb in ("download", "take_from_discard"):
            self.keys(arg, {"title", "filter"}, p)
            if isinstance(arg, dict):
                if not ({"title", "filter"} & set(arg)):
                    self.err(p, f"{verb} needs 'title' or 'filter'")
                if "filter" in arg:
                    self.filter(arg["filter"], f"{p}.filter")
        elif verb == "examine":
            self.examine(arg, p)
        elif verb in ("place_at", "move_ship"):  # ships and crews moved by card text
            self.keys(arg, {"target", "at", "use_range"} if verb == "place_at" else {"target", "to", "range"}, p)
            if isinstance(arg, dict):
                for k in ("target", "at") if verb == "place_at" else ("target", "to"):
                    if k not in arg:
                        self.err(p, f"{verb} needs '{k}'")
                    else:
                        self.target(arg[k], f"{p}.{k}")
                if "use_range" in arg and arg["use_range"] is not True:
                    self.err(f"{p}.use_range", "true (that ship's Range for this turn is used)")
                if verb == "move_ship" and arg.get("range") != "next_turn":
                    self.err(f"{p}.range", "'next_turn' (a move paid from the Range of your next turn)")
        elif verb == "put_into_play":
            self.keys(arg, {"target", "at"}, p)
            if isinstance(arg, dict):
                for k in ("target", "at"):
                    if k not in arg:
                        self.err(p, f"put_into_play needs '{k}'")
                    else:
                        self.target(arg[k], f"{p}.{k}")
        elif verb == "replace":  # "Replace a [Rom] personnel you command with a [Rom] personnel from your hand"
            self.keys(arg, {"target", "with"}, p)
            if isinstance(arg, dict):
                for k in ("target", "with"):
                    if k not in arg:
                        self.err(p, f"replace needs '{k}'")
                    else:
                        self.target(arg[k], f"{p}.{k}")
        elif verb == "add_requirements":  # "add the skills (except …) of … to the mission's requirements"
            self.keys(arg, {"skills_of", "except", "to"}, p)
            if isinstance(arg, dict):
                if "skills_of" not in arg:
                    self.err(p, "add_requirements needs 'skills_of'")
                for k in ("skills_of", "to"):
                    if k in arg:
                        self.target(arg[k], f"{p}.{k}")
                if "except" in arg and not (isinstance(arg["except"], list) and all(is_stat(x) for x in arg["except"])):
                    self.err(f"{p}.except", "a list of skill names")
            if eff.get("until", "end_of_turn") not in ("end_of_turn", "permanent"):
                self.err(f"{path}.until", "add_requirements lasts 'end_of_turn' or 'permanent'")
        elif verb == "face_dilemma_instead":  # "that ship and your personnel aboard it face that dilemma instead"
            self.keys(arg, {"ship"}, p)
            if isinstance(arg, dict):
                if "ship" not in arg:
                    self.err(p, "face_dilemma_instead needs 'ship'")
                else:
                    self.target(arg["ship"], f"{p}.ship")
        elif verb == "choose_one":
            self.keys(arg, {"options", "chooser"}, p)
            if isinstance(arg, dict):
                opts = arg.get("options")
                if not isinstance(opts, list) or len(opts) != 2:
                    self.err(f"{p}.options", "a list of two effect lists")
                else:
                    for i, o in enumerate(opts):
                        self.effects(o, f"{p}.options[{i}]")
                if arg.get("chooser", "you") not in SIDES:
                    self.err(f"{p}.chooser", "'you' or 'opponent'")
        elif verb == "gain_skills":
            self.keys(arg, {"from", "to", "attributes", "one"}, p)
            if isinstance(arg, dict):
                for k in ("from", "to"):
                    if k not in arg:
                        self.err(p, f"gain_skills needs '{k}'")
                    else:
                        self.target(arg[k], f"{p}.{k}")
                if "attributes" in arg and not isinstance(arg["attributes"], bool):
                    self.err(f"{p}.attributes", "true or false")
        elif verb in ("begin_combat", "begin_engagement"):
            self.keys(arg, {"filter"} | ({"ship", "bonus", "involving"} if verb == "begin_engagement" else set()), p)
            if isinstance(arg, dict) and "involving" in arg:
                self.target(arg["involving"], f"{p}.involving")
            if isinstance(arg, dict) and "filter" in arg:
                self.filter(arg["filter"], f"{p}.filter")
            if isinstance(arg, dict) and "ship" in arg:
                self.filter(arg["ship"], f"{p}.ship")
            if isinstance(arg, dict) and "bonus" in arg:
                b = arg["bonus"]
                if not isinstance(b, list) or any(not isinstance(x, dict) or set(x) != {"stat", "amount"}
                                                  or x["stat"] not in SHIP_STATS or not isinstance(x["amount"], int)
                                                  for x in b):
                    self.err(f"{p}.bonus", 'a list like [{"stat": "weapons", "amount": 2}]')

    def examine(self, arg: Any, path: str) -> None:
        """``examine`` (MISSING.md item 15): where from, whose, how many, and the picks."""
        self.keys(arg, {"from", "who", "count", "reveal", "discard", "take", "bottom", "swap", "rest"}, path)
        if not isinstance(arg, dict):
            return
        if arg.get("from", "deck") not in ("deck", "dilemmas", "hand"):
            self.err(f"{path}.from", "'deck', 'dilemmas' or 'hand'")
        if arg.get("who", "you") not in SIDES:
            self.err(f"{path}.who", "'you' or 'opponent'")
        if "count" in arg:
            self.amount(arg["count"], f"{path}.count")
        if "reveal" in arg and not isinstance(arg["reveal"], bool):
            self.err(f"{path}.reveal", "true or false")
        if arg.get("rest", "top") not in ("top", "top_any_order", "bottom", "discard", "hand"):
            self.err(f"{path}.rest", "'top', 'top_any_order', 'bottom', 'discard' or 'hand'")
        for k in ("discard", "take", "bottom", "swap"):
            if k not in arg:
                continue
            v = arg[k]
            if isinstance(v, int) and not isinstance(v, bool) and v >= 1:
                continue
            if not isinstance(v, dict) or set(v) - {"count", "chooser", "up_to"} \
                    or not (isinstance(v.get("count", 1), int) and v.get("count", 1) >= 1) \
                    or v.get("chooser", "you") not in SIDES:
                self.err(f"{path}.{k}", 'n or {"count": n, "chooser"?: SIDE, "up_to"?: bool}')

    def keys(self, arg: Any, allowed: set[str], path: str) -> None:
        if not isinstance(arg, dict):
            return self.err(path, "must be an object")
        extra = set(arg) - allowed
        if extra:
            self.err(path, f"unknown keys {sorted(extra)}")

    def modify(self, m: Any, path: str, *, static: bool) -> None:
        allowed = {"stat", "amount", "who"} if static else {"stat", "amount", "target"}
        self.keys(m, allowed, path)
        if not isinstance(m, dict):
            return
        if not is_stat(m.get("stat")):
            self.err(f"{path}.stat", f"unknown stat {m.get('stat')!r}")
        self.amount(m.get("amount"), f"{path}.amount")
        if static and "who" in m:
            self.filter(m["who"], f"{path}.who")
        if not static:
            if "target" not in m:
                self.err(path, "modify needs 'target'")
            else:
                self.target(m["target"], f"{path}.target")

    def amount(self, a: Any, path: str) -> None:
        """An integer, or ``{"per": FILTER, "times": n, "limit": m}`` (n per matching card, at most m)."""
        if isinstance(a, int) and not isinstance(a, bool):
            return
        if isinstance(a, dict) and "number" in a:  # {"number": {"ref": name}}: "an equal number"
            if set(a) != {"number"} or not isinstance(a["number"], dict) or set(a["number"]) != {"ref"} \
                    or not isinstance(a["number"]["ref"], str):
                self.err(path, '{"number": {"ref": name}}')
            return
        if isinstance(a, dict) and "stat" in a:  # {"stat": STAT, "of": {"ref": name}}: a remembered card's number
            if not {"stat", "of"} <= set(a) <= {"stat", "of", "highest"} or not is_stat(a["stat"]) \
                    or not isinstance(a["of"], dict) or a.get("highest", True) is not True \
                    or set(a["of"]) != {"ref"}:
                self.err(path, '{"stat": "cost", "of": {"ref": name}}')
            return
        if not isinstance(a, dict) or "per" not in a or set(a) - {"per", "times", "limit"}:
            return self.err(path, 'an integer or {"per": FILTER, "times": n, "limit": m}')
        self.filter(a["per"], f"{path}.per")
        for k in ("times", "limit"):
            if k in a and not isinstance(a[k], int):
                self.err(f"{path}.{k}", "an integer")

    def target(self, t: Any, path: str) -> None:
        if not isinstance(t, dict):
            return self.err(path, "a target must be an object")
        forms = [k for k in t if k in TARGET_FORMS]
        if len(forms) != 1:
            return self.err(path, f"a target has exactly one of {sorted(TARGET_FORMS)}")
        extra = set(t) - TARGET_KEYS
        if extra:
            self.err(path, f"unknown target keys {sorted(extra)}")
        form = forms[0]
        if form in ("all", "random", "choose"):
            self.filter(t[form], f"{path}.{form}")
        if "filter" in t:
            if form != "ref":
                self.err(f"{path}.filter", "only a 'ref' target takes a filter")
            self.filter(t["filter"], f"{path}.filter")
        if "all_but" in t and (form != "random" or not isinstance(t["all_but"], int)):
            self.err(f"{path}.all_but", "a number, on a 'random' target")
        if "brig" in t and t["brig"] not in SIDES:
            self.err(f"{path}.brig", "'you' or 'opponent'")
        if "chooser" in t and t["chooser"] not in SIDES:
            self.err(f"{path}.chooser", "'you' or 'opponent'")
        if "count" in t and t["count"] != "any":  # "any" = "any number of"
            if isinstance(t["count"], dict):  # "an equal number": an AMOUNT
                self.amount(t["count"], f"{path}.count")
            elif not (isinstance(t["count"], int) and not isinstance(t["count"], bool) and t["count"] >= 1):
                self.err(f"{path}.count", "a number ≥ 1, 'any' or an AMOUNT")
        if form == "ref" and not (isinstance(t["ref"], str) or (isinstance(t["ref"], list) and t["ref"]
                                                                and all(isinstance(x, str) for x in t["ref"]))):
            self.err(f"{path}.ref", "a name or a list of names")

    def filter(self, f: Any, path: str) -> None:
        if not isinstance(f, dict):
            return self.err(path, "a filter must be an object")
        extra = set(f) - FILTER_KEYS
        if extra:
            self.err(path, f"unknown filter keys {sorted(extra)}")
        if "type" in f and f["type"] not in CARD_TYPES:
            self.err(f"{path}.type", f"one of {sorted(CARD_TYPES)}")
        if "affiliation" in f and f["affiliation"] not in AFFILIATIONS:
            self.err(f"{path}.affiliation", f"one of {list(AFFILIATIONS)}")
        if "owner" in f and f["owner"] not in SIDES:
            self.err(f"{path}.owner", "'you' or 'opponent'")
        if "scope" in f and f["scope"] not in SCOPES:
            self.err(f"{path}.scope", f"one of {sorted(SCOPES)}")
        for k in ("highest", "lowest"):
            if k in f and not is_stat(f[k]):
                self.err(f"{path}.{k}", "a stat")
        if "attribute" in f:
            a = f["attribute"]
            if not isinstance(a, dict) or any(not is_stat(k) or not isinstance(v, dict) or set(v) - {"min", "max"}
                                              for k, v in a.items()):
                self.err(f"{path}.attribute", 'like {"cunning": {"min": 6}}')
        if "skill_level" in f:
            self.skills(f["skill_level"], f"{path}.skill_level")
        self.filter_lists(f, path)

    def filter_lists(self, f: dict, path: str) -> None:
        """``not`` (one FILTER or a list: none may match), ``any_of`` (a list: one must
        match), ``crew`` (a FILTER for a card aboard), ``title``/``keyword`` (a name or a
        list of names: any of them), and the mission facts ``class``/``location``/
        ``region``/``quadrant`` (names)."""
        if "not" in f:
            for i, g in enumerate(f["not"] if isinstance(f["not"], list) else [f["not"]]):
                self.filter(g, f"{path}.not[{i}]" if isinstance(f["not"], list) else f"{path}.not")
        if "any_of" in f:
            if not isinstance(f["any_of"], list) or not f["any_of"]:
                self.err(f"{path}.any_of", "a non-empty list of filters")
            else:
                for i, g in enumerate(f["any_of"]):
                    self.filter(g, f"{path}.any_of[{i}]")
        if "crew" in f:
            self.filter(f["crew"], f"{path}.crew")
        if "corresponds_with" in f:  # a Commander and his ship ("Commander: X" names the ship)
            self.filter(f["corresponds_with"], f"{path}.corresponds_with")
        if "matches_affiliation" in f and f["matches_affiliation"] != "ship":
            self.err(f"{path}.matches_affiliation", "'ship' (the ship this card is aboard)")
        for k in ("with_card", "equipped_with", "present_with"):
            if k in f:
                self.filter(f[k], f"{path}.{k}")
        for k in ("title", "keyword"):
            if k in f and not (isinstance(f[k], str) or (isinstance(f[k], list) and f[k]
                                                         and all(isinstance(x, str) for x in f[k]))):
                self.err(f"{path}.{k}", "a name or a non-empty list of names")
        if "on_event" in f and f["on_event"] is not True:  # true (any event) or a FILTER for the event
            self.filter(f["on_event"], f"{path}.on_event")
        if "with_attached" in f:
            self.filter(f["with_attached"], f"{path}.with_attached")
        for k in ("class", "location", "region", "quadrant", "ref", "requires_skill", "with_ref", "aboard_ref"):
            if k in f and not isinstance(f[k], str):
                self.err(f"{path}.{k}", "a name")
        if "attribute_sum" in f:
            a = f["attribute_sum"]
            if not isinstance(a, dict) or set(a) - {"stats", "min", "max"} or not isinstance(a.get("stats"), list) \
                    or any(s not in ATTRIBUTES + SHIP_STATS for s in a["stats"]) or not ({"min", "max"} & set(a)):
                self.err(f"{path}.attribute_sum", '{"stats": ["cunning", "strength"], "max": 10}')
        if "facing_dilemma" in f and not isinstance(f["facing_dilemma"], bool):
            self.err(f"{path}.facing_dilemma", "true or false")
        if "owned_by" in f and f["owned_by"] not in SIDES:
            self.err(f"{path}.owned_by", "'you' or 'opponent'")
        if "mission_owner" in f and f["mission_owner"] not in SIDES:
            self.err(f"{path}.mission_owner", "'you' or 'opponent'")
        if "mission_type" in f and f["mission_type"] not in ("planet", "space", "headquarters"):
            self.err(f"{path}.mission_type", "planet, space or headquarters")
        if "quadrant" in f and f["quadrant"] not in ("alpha", "gamma", "delta", "mirror"):
            self.err(f"{path}.quadrant", "alpha, gamma, delta or mirror")
        if "dilemma_type" in f and f["dilemma_type"] not in ("planet", "space", "dual"):
            self.err(f"{path}.dilemma_type", "planet, space or dual")
        for k in ("involved", "matching_mission", "with_trigger_card", "aboard_trigger_ship", "staffed",
                  "at_trigger_mission", "host",
                  "at_trigger_from", "ship_commander", "on_planet"):
            if k in f and not isinstance(f[k], bool):
                self.err(f"{path}.{k}", "true or false")

    def skills(self, s: Any, path: str) -> None:
        if not isinstance(s, dict) or any(not is_stat(k) or not isinstance(v, int) or v < 1 for k, v in s.items()):
            self.err(path, 'skills like {"Diplomacy": 2}')

    def requirement(self, r: Any, path: str) -> None:
        if not isinstance(r, dict):
            return self.err(path, "a requirement must be an object")
        if "any_of" in r:
            if set(r) != {"any_of"} or not isinstance(r["any_of"], list) or not r["any_of"]:
                return self.err(path, "any_of is a non-empty list of requirements and stands alone")
            for i, alt in enumerate(r["any_of"]):
                self.requirement(alt, f"{path}.any_of[{i}]")
            return
        self.keys(r, {"skills", "attributes", "cards", "attribute_sum"}, path)
        if "attribute_sum" in r:  # "Shields + unused Range this turn>13" = min 14
            a = r["attribute_sum"]
            if not isinstance(a, dict) or set(a) != {"stats", "min"} or not isinstance(a.get("stats"), list) \
                    or len(a["stats"]) < 2 or any(x not in ATTRIBUTES + SHIP_STATS + ("range_left",) for x in a["stats"]) \
                    or not isinstance(a["min"], int):
                self.err(f"{path}.attribute_sum", '{"stats": ["shields", "range_left"], "min": 14}')
        if "cards" in r:
            cr = r["cards"]
            if not isinstance(cr, dict) or set(cr) - {"filter", "min"} or "filter" not in cr:
                self.err(f"{path}.cards", '{"filter": FILTER, "min": n} (cards with the group)')
            else:
                self.filter(cr["filter"], f"{path}.cards.filter")
        if "skills" in r:
            self.skills(r["skills"], f"{path}.skills")
        if "attributes" in r:
            a = r["attributes"]
            if not isinstance(a, dict) or any(k not in ATTRIBUTES + SHIP_STATS or not isinstance(v, int)
                                              for k, v in a.items()):
                self.err(f"{path}.attributes", 'like {"cunning": 30} (total must exceed it)')

    def condition(self, c: Any, path: str) -> None:
        if not isinstance(c, dict) or not c:
            return self.err(path, "a condition must be a non-empty object")
        extra = set(c) - CONDITION_KEYS
        if extra:
            return self.err(path, f"unknown condition keys {sorted(extra)}")
        if "not" in c:
            self.condition(c["not"], f"{path}.not")
        for k in ("all", "any"):
            if k in c:
                if not isinstance(c[k], list):
                    self.err(f"{path}.{k}", "a list of conditions")
                else:
                    for i, sub in enumerate(c[k]):
                        self.condition(sub, f"{path}.{k}[{i}]")
        if ("ref" in c) != ("matches" in c):
            self.err(path, "'ref' and 'matches' go together")
        if "matches" in c:
            self.filter(c["matches"], f"{path}.matches")
        for k in ("present_with", "command", "count"):
            if k in c:
                self.filter(c[k], f"{path}.{k}")
        if "meets" in c:
            self.requirement(c["meets"], f"{path}.meets")
        if "mission_type" in c and c["mission_type"] not in ("planet", "space", "headquarters"):
            self.err(f"{path}.mission_type", "planet, space or headquarters")
        self.condition_extra(c, path)

    def condition_extra(self, c: dict, path: str) -> None:
        """``score``, ``captives``, ``completed`` (numbers per player) and ``mission``,
        ``trigger_card``, ``trigger_mission`` (FILTERs)."""
        shapes = {"score": {"min", "higher_than_each_opponent"}, "captives": {"min", "who"},
                  "completed": {"planet", "space", "any", "who"}}
        for k, allowed in shapes.items():
            if k not in c:
                continue
            v = c[k]
            if not isinstance(v, dict) or not v or set(v) - allowed:
                self.err(f"{path}.{k}", f"an object with keys from {sorted(allowed)}")
                continue
            if v.get("who", "you") not in SIDES:
                self.err(f"{path}.{k}.who", "'you' or 'opponent'")
            for n in ("min", "planet", "space", "any"):
                if n in v and not (isinstance(v[n], int) and v[n] >= 0):
                    self.err(f"{path}.{k}.{n}", "a number ≥ 0")
            if "higher_than_each_opponent" in v and not isinstance(v["higher_than_each_opponent"], bool):
                self.err(f"{path}.{k}.higher_than_each_opponent", "true or false")
        for k in ("mission", "trigger_card", "trigger_mission"):
            if k in c:
                self.filter(c[k], f"{path}.{k}")
        if "attempt_at_this_mission" in c and not isinstance(c["attempt_at_this_mission"], bool):
            self.err(f"{path}.attempt_at_this_mission", "true or false")
        if "at_least_half" in c:  # {"of": FILTER, "are": FILTER}
            v = c["at_least_half"]
            if not isinstance(v, dict) or set(v) != {"of", "are"}:
                self.err(f"{path}.at_least_half", '{"of": FILTER, "are": FILTER}')
            else:
                self.filter(v["of"], f"{path}.at_least_half.of")
                self.filter(v["are"], f"{path}.at_least_half.are")
        if "even" in c:  # "if the highest Cunning among those personnel is even": an AMOUNT
            self.amount(c["even"], f"{path}.even")
        if "engagement_began_by" in c and c["engagement_began_by"] not in SIDES:
            self.err(f"{path}.engagement_began_by", "'you' or 'opponent'")
        if "in_engagement" in c:  # item 25: true, or {"began_by": SIDE}
            v = c["in_engagement"]
            if not (v is True or (isinstance(v, dict) and set(v) <= {"began_by"} and v.get("began_by", "you") in SIDES)):
                self.err(f"{path}.in_engagement", 'true or {"began_by": "you"|"opponent"}')
        if "group" in c:  # item 35: who must meet a `meets` requirement — remembered cards
            if "meets" not in c or not isinstance(c["group"], dict) or set(c["group"]) != {"ref"}:
                self.err(f"{path}.group", '{"ref": name}, beside "meets"')


def validate_mechanics(mechanics: Any) -> list[str]:
    """Every error in a card's ``mechanics`` (``None`` = not authored, valid here)."""
    if mechanics is None:
        return []
    if not isinstance(mechanics, list):
        return ["mechanics: must be a list of abilities (or null)"]
    c = _Checker()
    for i, ab in enumerate(mechanics):
        c.ability(ab, f"[{i}]")
    return c.errors
