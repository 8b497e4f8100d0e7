"""The nouns of the effect language's validator: TARGETs, FILTERs, AMOUNTs, REQs and
CONDITIONs (EFFECTS.md §3), and the words they use.

Why a module of its own: ``schema`` checks abilities and effects (kinds, verbs, costs), which
change when a verb or an ability kind is added; these checks change when a filter key or a
condition key is added. ``NounChecks`` is the part of the checker that ``schema._Checker``
builds on; every error goes to ``self.errors`` as ``"path: message"``.
"""
from __future__ import annotations

from typing import Any

AFFILIATIONS = ("bajoran", "cardassian", "dominion", "federation", "ferengi", "klingon", "romulan",
                "borg", "non-aligned", "starfleet")
ATTRIBUTES = ("integrity", "cunning", "strength")
SHIP_STATS = ("range", "weapons", "shields")
OTHER_STATS = ("cost", "points")
SIDES = ("you", "opponent")
FILTER_KEYS = {"type", "skill", "skill_level", "skills_any", "affiliation", "species", "icon",
               "keyword", "title", "unique", "owner", "present", "aboard", "attempting", "stopped",
               "not_self", "attribute", "highest", "lowest", "cost_at_most", "scope", "self", "not",
               "at_this_mission", "any_of", "class", "location", "region", "quadrant", "crew", "involved",
               "matching_mission", "mission_type", "with_trigger_card", "ref", "requires_skill",
               "aboard_trigger_ship", "aboard_attempting_ship", "mission_owner", "owned_by", "with_ref", "in_core", "plays_in_core", "damaging", "with_count",
               "commander_aboard",
               "attribute_sum", "facing_dilemma", "with_card", "equipped_with", "present_with", "dilemma_type",
               "matches_affiliation", "corresponds_with",
               "staffed", "at_trigger_mission",
               "on_event", "host", "at_trigger_from", "ship_commander", "with_attached", "aboard_ref", "on_planet",
               "named_number", "other_quadrant_than", "named_skill", "named_type", "damaged", "same_title_as", "damage_card", "together", "requirements_met_by",
               "is_trigger_card", "completed", "used_skills", "under_mission", "fits_dilemma",
               "in_attempt", "shares_skill_with", "requirement_skill", "in_trigger_team", "selection", "shares_with", "named_title",
               "playable_at", "stopped_in_trigger_attempt"}
SCOPES = {"attempting", "present", "in_play", "hand", "deck", "discard", "brig", "opponent_brig", "drawn", "all_discards",
          "overcome", "damage", "on_this_event", "out"}
CARD_TYPES = {"personnel", "ship", "equipment", "event", "interrupt", "mission", "dilemma"}
TARGET_FORMS = {"self", "ref", "all", "random", "choose", "attempting_ship", "this_mission", "trigger_card",
                "trigger_mission", "deck_bottom", "deck_top"}
TARGET_KEYS = TARGET_FORMS | {"chooser", "count", "up_to", "filter", "all_but", "brig", "face_down"}
CONDITION_KEYS = {"facing_dilemma", "attempting", "in_combat", "present_with", "command", "count", "distinct",
                  "min", "meets", "mission_type", "not", "all", "any", "ref", "matches",
                  "score", "captives", "completed", "mission", "trigger_card", "trigger_mission",
                  "trigger_by_dilemma", "trigger_by", "trigger_random", "group", "in_engagement", "prevented",
                  "engagement_began_by", "attempt_at_this_mission", "at_least_half", "even",
                  "total", "alike", "killed_this_attempt", "trigger_in", "completed_using_skill", "selected",
                  "your_turn", "card_owner", "drawing_dilemmas", "this_turn", "trigger_used_skill", "commands_more",
                  "has_skills_of", "has_mission_skills", "has_named_skills", "copy_overcome", "trigger_killed", "each_mission",
                  "dilemma_unmet", "ship_damaged"}


def is_stat(name: Any) -> bool:
    """An attribute, a ship stat, cost/points, or a skill name (capitalised, e.g. ``Physics``)."""
    return isinstance(name, str) and (name in ATTRIBUTES or name in SHIP_STATS or name in OTHER_STATS
                                      or (name[:1].isupper() and name.replace(" ", "").isalpha()))


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


class NounChecks:
    """Checks of the nouns; ``err`` collects every error found."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def err(self, path: str, msg: str) -> None:
        self.errors.append(f"{path}: {msg}")

    def keys(self, arg: Any, allowed: set[str], path: str) -> None:
        if not isinstance(arg, dict):
            return self.err(path, "must be an object")
        extra = set(arg) - allowed
        if extra:
            self.err(path, f"unknown keys {sorted(extra)}")

    def amount(self, a: Any, path: str) -> None:
        """An integer, or ``{"per": FILTER, "times": n, "limit": m}`` (n per matching card, at most m)."""
        if isinstance(a, int) and not isinstance(a, bool):
            return
        if isinstance(a, dict) and "cost_paid" in a:  # {"cost_paid": true}: this dilemma's cost as chosen (Temporal Misalignment)
            if a != {"cost_paid": True}:
                self.err(path, '{"cost_paid": true}')
            return
        if isinstance(a, dict) and "number" in a:  # {"number": {"ref": name}}: "an equal number"
            if set(a) != {"number"} or not isinstance(a["number"], dict) or set(a["number"]) != {"ref"} \
                    or not isinstance(a["number"]["ref"], str):
                self.err(path, '{"number": {"ref": name}}')
            return
        if isinstance(a, dict) and "completed_missions" in a:  # {"completed_missions": {"who"?: SIDE}} (Norah Satie)
            v = a["completed_missions"]
            if set(a) != {"completed_missions"} or not isinstance(v, dict) or set(v) - {"who"} \
                    or v.get("who", "you") not in SIDES:
                self.err(path, '{"completed_missions": {"who"?: "you"|"opponent"}}')
            return
        if isinstance(a, dict) and "round" in a:  # {"round": AMOUNT, "to": 5}: "to the nearest multiple of 5"
            if set(a) != {"round", "to"} or not isinstance(a["to"], int) or isinstance(a["to"], bool) or a["to"] < 1:
                self.err(path, '{"round": AMOUNT, "to": n}')
            self.amount(a.get("round"), f"{path}.round")
            return
        if isinstance(a, dict) and "dilemmas_faced" in a:  # {"dilemmas_faced": {"other"?: true}} (Parem)
            v = a["dilemmas_faced"]
            if set(a) != {"dilemmas_faced"} or not isinstance(v, dict) or set(v) - {"other"} \
                    or v.get("other", True) is not True:
                self.err(path, '{"dilemmas_faced": {"other"?: true}}')
            return
        if isinstance(a, dict) and "beyond" in a:  # {"beyond": FILTER, "times"?, "limit"?} (Crosis)
            if set(a) - {"beyond", "times", "limit"} or not isinstance(a["beyond"], dict) or "owner" in a["beyond"]:
                return self.err(path, '{"beyond": FILTER (no owner), "times"?: n, "limit"?: n}')
            self.filter(a["beyond"], f"{path}.beyond")
            for k in ("times", "limit"):
                if k in a and not (isinstance(a[k], int) and not isinstance(a[k], bool)):
                    self.err(f"{path}.{k}", "an integer")
            return
        if isinstance(a, dict) and "skill_dots" in a:  # {"skill_dots": {"ref": name}}: their [SD] icons
            if set(a) != {"skill_dots"} or not isinstance(a["skill_dots"], dict) or set(a["skill_dots"]) != {"ref"}:
                self.err(path, '{"skill_dots": {"ref": name}}')
            return
        if isinstance(a, dict) and "stat" in a:  # {"stat": STAT, "of": {"ref": name}}: a remembered card's number
            if not {"stat", "of"} <= set(a) <= {"stat", "of", "highest"} or not is_stat(a["stat"]) \
                    or not isinstance(a["of"], dict) or a.get("highest", True) is not True \
                    or not (set(a["of"]) == {"ref"} or (set(a["of"]) == {"all"} and a.get("highest"))):
                self.err(path, '{"stat": "cost", "of": {"ref": name}} or {"stat", "of": {"all": FILTER}, "highest": true}')
            elif "all" in a["of"]:  # "the event in your core that has the highest cost" (Morik)
                self.filter(a["of"]["all"], f"{path}.of.all")
            return
        if not isinstance(a, dict) or "per" not in a or set(a) - {"per", "times", "limit", "chosen_opponent", "player"}:
            return self.err(path, 'an integer or {"per": FILTER, "times": n, "limit": m, "chosen_opponent"?: true, '
                                  '"player"?: "trigger"}')
        if a.get("chosen_opponent", True) is not True or a.get("player", "trigger") != "trigger" \
                or ("player" in a and "chosen_opponent" not in a):
            self.err(path, '"chosen_opponent": true ("player": "trigger" only with it)')
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
        if form in ("deck_bottom", "deck_top") and t[form] not in SIDES:  # "the bottom card of your deck" (Sarina Douglas)
            self.err(f"{path}.{form}", "'you' or 'opponent' (whose deck)")
        if "all_but" in t and (form != "random" or not isinstance(t["all_but"], int)):
            self.err(f"{path}.all_but", "a number, on a 'random' target")
        if "brig" in t and t["brig"] not in SIDES:
            self.err(f"{path}.brig", "'you' or 'opponent'")
        if "face_down" in t and t["face_down"] is not True:  # place_on_event only (schema.py)
            self.err(f"{path}.face_down", "true (placed face down)")
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
        if "with_count" in f:  # {"filter": FILTER, "min": n} (Field Studies)
            v = f["with_count"]
            if not isinstance(v, dict) or set(v) - {"filter", "min"} or "filter" not in v \
                    or not isinstance(v.get("min", 1), int) or v.get("min", 1) < 1:
                self.err(f"{path}.with_count", '{"filter": FILTER, "min": n}')
            else:
                self.filter(v["filter"], f"{path}.with_count.filter")
        if "damaging" in f:  # the ship a Damage card lies on (No Escape)
            self.filter(f["damaging"], f"{path}.damaging")
        if "corresponds_with" in f:  # a Commander and his ship ("Commander: X" names the ship)
            self.filter(f["corresponds_with"], f"{path}.corresponds_with")
        if "matches_affiliation" in f and f["matches_affiliation"] != "ship":
            self.err(f"{path}.matches_affiliation", "'ship' (the ship this card is aboard)")
        if "together" in f and not (isinstance(f["together"], int) and not isinstance(f["together"], bool)
                                    and f["together"] >= 2):  # "your three … present together"
            self.err(f"{path}.together", "a number ≥ 2 (how many present together)")
        if "fits_dilemma" in f and not (isinstance(f["fits_dilemma"], dict) and set(f["fits_dilemma"]) == {"ref"}
                                        and isinstance(f["fits_dilemma"]["ref"], str)):
            self.err(f"{path}.fits_dilemma", '{"ref": name} (the remembered dilemma)')
        if "named_number" in f and not (isinstance(f["named_number"], dict) and set(f["named_number"]) == {"stats", "name"}
                                        and isinstance(f["named_number"]["name"], str)
                                        and isinstance(f["named_number"]["stats"], list) and f["named_number"]["stats"]
                                        and all(is_stat(x) for x in f["named_number"]["stats"])):
            self.err(f"{path}.named_number", '{"stats": [stats], "name": name} (the number named)')
        for k in ("other_quadrant_than", "with_card", "equipped_with", "present_with", "same_title_as", "requirements_met_by", "under_mission",
                  "playable_at"):
            if k in f:
                self.filter(f[k], f"{path}.{k}")
        if "shares_with" in f:  # {"fact": "skills"|"affiliations", "of": FILTER}
            v = f["shares_with"]
            if not isinstance(v, dict) or set(v) != {"fact", "of"} or v.get("fact") not in ("skills", "affiliations", "species"):
                self.err(f"{path}.shares_with", '{"fact": "skills"|"affiliations"|"species", "of": FILTER}')
            else:
                self.filter(v["of"], f"{path}.shares_with.of")
        for k in ("title", "keyword"):
            if k in f and not (isinstance(f[k], str) or (isinstance(f[k], list) and f[k]
                                                         and all(isinstance(x, str) for x in f[k]))):
                self.err(f"{path}.{k}", "a name or a non-empty list of names")
        if "on_event" in f and f["on_event"] is not True:  # true (any event) or a FILTER for the event
            self.filter(f["on_event"], f"{path}.on_event")
        if "with_attached" in f:
            self.filter(f["with_attached"], f"{path}.with_attached")
        if "shares_skill_with" in f and not (isinstance(f["shares_skill_with"], dict) and set(f["shares_skill_with"]) == {"ref"}
                                             and isinstance(f["shares_skill_with"]["ref"], str)):
            self.err(f"{path}.shares_skill_with", '{"ref": name} (has a skill one of those cards has)')
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
        for k in ("involved", "matching_mission", "with_trigger_card", "aboard_trigger_ship", "aboard_attempting_ship", "staffed",
                  "at_trigger_mission", "host", "selection",
                  "at_trigger_from", "ship_commander", "on_planet", "used_skills", "in_attempt",
                  "in_core", "plays_in_core", "commander_aboard", "requirement_skill", "in_trigger_team",
                  "stopped_in_trigger_attempt"):
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
        if "distinct" in c and (c["distinct"] != "title" or "count" not in c):  # Accepting the Past
            self.err(f"{path}.distinct", "'title', with 'count' (different card titles)")
        if "meets" in c:
            self.requirement(c["meets"], f"{path}.meets")
        if "mission_type" in c and c["mission_type"] not in ("planet", "space", "headquarters"):
            self.err(f"{path}.mission_type", "planet, space or headquarters")
        self.condition_extra(c, path)

    def condition_extra(self, c: dict, path: str) -> None:
        """``score``, ``captives``, ``completed`` (numbers per player) and ``mission``,
        ``trigger_card``, ``trigger_mission`` (FILTERs)."""
        shapes = {"score": {"min", "higher_than_each_opponent", "lower_than_each_opponent"}, "captives": {"min", "who"},
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
            if "lower_than_each_opponent" in v and not isinstance(v["lower_than_each_opponent"], bool):
                self.err(f"{path}.{k}.lower_than_each_opponent", "true or false")
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
        self.condition_tallies(c, path)
        if "engagement_began_by" in c and c["engagement_began_by"] not in SIDES:
            self.err(f"{path}.engagement_began_by", "'you' or 'opponent'")
        if "in_engagement" in c:  # item 25: true, or {"began_by": SIDE}
            v = c["in_engagement"]
            if not (v is True or (isinstance(v, dict) and set(v) <= {"began_by"} and v.get("began_by", "you") in SIDES)):
                self.err(f"{path}.in_engagement", 'true or {"began_by": "you"|"opponent"}')
        if "group" in c:  # item 35: who must meet a `meets` requirement — remembered cards
            if "meets" not in c or not isinstance(c["group"], dict) or set(c["group"]) != {"ref"}:
                self.err(f"{path}.group", '{"ref": name}, beside "meets"')

    def condition_tallies(self, c: dict, path: str) -> None:
        """The Energize conditions (``effects/tallies.py``)."""
        if "total" in c:  # {"amount": AMOUNT, "max"?, "min"?, "below"?: AMOUNT}
            v = c["total"]
            if not isinstance(v, dict) or "amount" not in v or set(v) - {"amount", "min", "max", "below"} \
                    or not ({"min", "max", "below"} & set(v)):
                self.err(f"{path}.total", '{"amount": AMOUNT, "max"?: AMOUNT, "min"?: AMOUNT, "below"?: AMOUNT}')
            else:
                for k in ("amount", "min", "max", "below"):
                    if k in v:
                        self.amount(v[k], f"{path}.total.{k}")
        if "alike" in c:  # {"ref": name, "fact": "species"}
            v = c["alike"]
            if not isinstance(v, dict) or set(v) != {"ref", "fact"} or v["fact"] not in ("species", "affiliations", "type") \
                    or not (isinstance(v["ref"], str) or (isinstance(v["ref"], list) and all(isinstance(n, str) for n in v["ref"]))):
                self.err(f"{path}.alike", '{"ref": name or [names], "fact": "species"|"affiliations"|"type"}')
        if "has_named_skills" in c and not isinstance(c["has_named_skills"], str):
            self.err(f"{path}.has_named_skills", "the name ('as') of the skills named")
        if "has_skills_of" in c and not (isinstance(c["has_skills_of"], dict) and set(c["has_skills_of"]) == {"ref"}
                                         and isinstance(c["has_skills_of"]["ref"], str)):
            self.err(f"{path}.has_skills_of", '{"ref": name}')
        if "completed_using_skill" in c and not (isinstance(c["completed_using_skill"], bool)
                                                 or (isinstance(c["completed_using_skill"], str)
                                                     and is_stat(c["completed_using_skill"])
                                                     and c["completed_using_skill"][:1].isupper())):
            self.err(f"{path}.completed_using_skill", "true, false or a skill name")
        for k in ("ship_damaged", "killed_this_attempt", "selected", "your_turn", "card_owner", "drawing_dilemmas",
                  "has_mission_skills", "dilemma_unmet"):
            if k in c and not isinstance(c[k], bool):
                self.err(f"{path}.{k}", "true or false")
        if "commands_more" in c:  # {"filter": FILTER (no owner), "who"?: "you"|"an_opponent"}
            v = c["commands_more"]
            if not isinstance(v, dict) or set(v) - {"filter", "who"} or not isinstance(v.get("filter"), dict) \
                    or "owner" in v["filter"] or v.get("who", "you") not in ("you", "an_opponent"):
                self.err(f"{path}.commands_more", '{"filter": FILTER (no owner), "who"?: "you"|"an_opponent"}')
            else:
                self.filter(v["filter"], f"{path}.commands_more.filter")
        if "this_turn" in c:  # {"who"?: SIDE|"player", "drew": n} or {"who"?, "played": FILTER, "min"?, "max"?}
            v = c["this_turn"]
            shape = '{"who"?: SIDE|"player", "drew": n} or {"who"?: SIDE|"player", "played": FILTER, "min"?: n, "max"?: n}'
            if not isinstance(v, dict) or set(v) - {"who", "drew", "played", "min", "max"} \
                    or len({"drew", "played"} & set(v)) != 1 or v.get("who", "you") not in (*SIDES, "player") \
                    or ("drew" in v and ({"min", "max"} & set(v))):
                self.err(f"{path}.this_turn", shape)
            elif "played" in v:
                self.filter(v["played"], f"{path}.this_turn.played")
                for b in ("min", "max"):
                    if b in v and not (isinstance(v[b], int) and not isinstance(v[b], bool) and v[b] >= 0):
                        self.err(f"{path}.this_turn.{b}", "a number ≥ 0")
            elif not (isinstance(v["drew"], int) and not isinstance(v["drew"], bool) and v["drew"] >= 1):
                self.err(f"{path}.this_turn.drew", "a number ≥ 1")
        if "trigger_used_skill" in c and not (isinstance(c["trigger_used_skill"], list) and c["trigger_used_skill"]
                                              and all(is_stat(x) and x[:1].isupper() for x in c["trigger_used_skill"])):
            self.err(f"{path}.trigger_used_skill", "a non-empty list of skills")
        if "each_mission" in c:  # every non-headquarters mission you command matches (Reflections 2.0)
            self.filter(c["each_mission"], f"{path}.each_mission")
        if "trigger_killed" in c:  # a card killed in the engagement that ended matches (Cavalry Raid)
            self.filter(c["trigger_killed"], f"{path}.trigger_killed")
        if "trigger_in" in c and c["trigger_in"] not in ("combat", "engagement"):
            self.err(f"{path}.trigger_in", "'combat' or 'engagement'")
