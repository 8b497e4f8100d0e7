"""Validator for card ``mechanics`` written in the effect language of ``../EFFECTS.md``.

Why: mechanics are hand-written JSON (the cards engineer authors the Premiere set against
this file); a misspelt key would silently do nothing at play time. ``validate_mechanics``
returns every error found (``[]`` = valid). Standard library only.
"""
from __future__ import annotations

from typing import Any

from .schema_nouns import (  # noqa: F401 — the nouns' words, re-exported for the modules that read them here
    AFFILIATIONS, ATTRIBUTES, CARD_TYPES, CONDITION_KEYS, FILTER_KEYS, OTHER_STATS, SCOPES, SIDES, SHIP_STATS,
    TARGET_FORMS, TARGET_KEYS, NounChecks, is_stat)

ABILITY_KEYS: dict[str, set[str]] = {
    "headquarters": {"affiliations", "also", "allow"},
    "static": {"modify", "keywords", "while"},
    "trigger": {"on", "optional", "effects", "if", "cost", "limit"},
    "order": {"effects", "cost", "limit", "while"},
    "dilemma": {"effects"},
    "event": {"play_on", "effects", "destroy_after", "cost"},
    "interrupt": {"effects", "when", "order", "if", "limit", "cost"},
    "play_requirement": {"requires", "cost"},
    "damage": {"modify", "on", "effects", "if", "keyword", "who", "skills"},
    "keyword": {"keyword", "if", "who", "skills", "count", "by_dilemma", "skills_of", "between"},
    "action": {"while", "cost", "effects", "limit"},
    "meet_with": {"use", "instead_of", "checks", "while"},
    "combat_strength": {"stat", "while", "optional"},
    "play_aboard": {"ship"},
    "play_at": {"mission"},
    "play_cost": {"amount", "if"},
    "requirement": {"requirement"},
    "attempt_with": {"missions", "personnel", "requirement", "regardless", "points"},
    "cost_change": {"who", "amount", "if", "optional", "cost", "aboard"},
    "state_rule": {"if", "effects"},
    "counter_action": {"counters", "effects"},
}
ABILITY_REQUIRED: dict[str, set[str]] = {
    "headquarters": set(), "static": set(), "trigger": {"on", "effects"},
    "order": {"effects"}, "dilemma": {"effects"}, "event": set(), "interrupt": {"effects"},
    "play_requirement": set(), "damage": set(), "keyword": {"keyword"}, "action": {"while", "effects"},
    "meet_with": {"use", "instead_of", "checks"}, "combat_strength": {"stat"}, "play_aboard": {"ship"},
    "play_at": {"mission"}, "play_cost": {"amount"}, "requirement": {"requirement"},
    "attempt_with": {"missions", "personnel", "requirement"}, "cost_change": {"who", "amount"},
    "state_rule": {"if", "effects"}, "counter_action": {"counters", "effects"},
}
TRIGGER_EVENTS = {
    "play_self", "start_of_turn", "end_of_turn", "attempt_begins", "dilemma_revealed",
    "dilemma_overcome", "opponent_dilemma_overcome", "mission_completed", "mission_failed", "personnel_killed",
    "personnel_stopped", "opponent_reveals_or_discards", "combat_begins", "engagement_begins",
    "card_played", "about_to_be_killed", "about_to_be_stopped", "about_to_be_placed_in_brig",
    "combat_won", "engagement_won", "opponent_mission_completed", "about_to_play",
    "placed_in_brig", "about_to_download", "about_to_place_on_deck_top", "random_selection", "own_dilemma_revealed",
    "opponent_about_to_complete", "checking_requirements", "ship_moved", "opponent_attempt_begins", "opponent_discards_deck_top",
    "card_drawn", "opponent_beamed", "dilemmas_drawn", "opponent_orders_begin", "you_moved_ship",
    "opponent_mission_failed", "opponent_about_to_draw_dilemmas", "skills_used", "about_to_draw_dilemmas",
    "about_to_face_dilemma", "dilemma_about_to_be_overcome", "dilemma_about_to_return", "right_turn_ends",
    "about_to_be_destroyed", "about_to_select", "opponent_about_to_discard", "engagement_ended",
    "placed_in_discard_pile", "about_to_place_in_discard_pile", "played_from_this_event",
    "dilemmas_chosen", "attempt_ended",
}
KEYWORDS = {"not_stopped_on_failure", "cant_be_destroyed", "cant_be_stopped", "cant_attempt", "cant_staff", "hidden_agenda", "cant_complete",
            "random_excluded", "blank_abilities",
            "skills_cost", "cant_leave_play", "one_order_per_turn", "no_quadrant_penalty", "attempt_cost", "move_range_change",
            "beam_cost", "cant_attempt_here", "no_interrupts", "cant_move_to", "attempt_min", "cant_use_skills",
            "no_draws", "extra_counters", "commanders_play_aboard", "only_headquarters", "may_attempt",
            "owner_may_play_placed"}
TARGET_VERBS = {"lose_skills", "stop", "kill", "destroy", "unstop", "join_attempt", "reveal", "place_in_brig", "return_to_hand", "place_in_discard",
                "place_on_deck_top", "place_on_deck_bottom", "remove_from_game", "place_as_damage",
                "remember", "take_command", "remove_damage", "shuffle_into_deck", "beam", "name_card", "blank_skills",
                "place_on_pile_top", "place_on_stack", "exclude_from_selection",
                "select_instead", "restore_range", "place_on_event", "add_to_drawn", "protect_from_dilemmas"}
EMPTY_VERBS = {"return_to_pile", "place_on_ship", "overcome", "prevent_overcome", "may", "join_engagement",
               "prevent", "reselect", "redraw_dilemmas", "pass_right", "exchange_hands_with_deck_bottom",
               "prevent_dilemma", "return_unfaced", "subtract_requirement", "no_attempt_again", "select_by_exclusion",
               "discard_randomly", "each_opponent", "choose_opponent", "forbid_engagements", "place_in_core"}
EFFECT_VERBS = TARGET_VERBS | EMPTY_VERBS | {
    "place_on_mission", "modify", "draw", "discard", "download", "take_from_discard",
    "shuffle_deck", "score", "lose_points", "begin_combat", "begin_engagement", "unless", "if", "examine",
    "gain_skills", "choose_one", "put_into_play", "replace", "add_requirements", "face_dilemma_instead", "place_at", "move_ship",
    "name_skill", "name_card_type", "name_title", "name_number", "lose_skills", "place_damage", "add_combat_strength", "extra_dilemmas", "redraw_dilemmas",
    "search_dilemmas", "overcome_from_pile", "pile_copies_beneath", "mute_skills", "meet_with", "at_end_of_turn", "for_rest_of_turn", "repeat",
    "add_counters", "repeat_while", "as_player",
    "exchange_with_pile_top",
}
EFFECT_MODIFIERS = {"then", "else", "until", "win", "lose", "as", "order"}
# what a card's "X to Y" may say X is (a cost: paid first, never prevented); ``remember`` is
# the choice made as the cost is paid ("return this personnel to his owner's hand to kill an
# opponent's personnel present": the victim is chosen while this personnel is still present)
COST_VERBS = {"stop", "discard", "destroy", "lose_points", "return_to_pile", "kill", "return_to_hand",
              "place_on_deck_top", "place_on_deck_bottom", "remember", "place_in_discard", "remove_from_game",
              "pass_right", "reveal", "place_on_event"}
DURATIONS = {"end_of_dilemma", "end_of_attempt", "end_of_turn", "permanent", "end_of_engagement",
             "start_of_your_next_turn"}


class _Checker(NounChecks):
    """Checks of abilities, effects and costs, on the noun checks of ``schema_nouns``."""

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
        if "by_dilemma" in ab and (ab.get("keyword") != "cant_be_stopped" or ab["by_dilemma"] is not True):
            self.err(f"{path}.by_dilemma", "true, on cant_be_stopped only ('cannot be stopped by dilemmas')")
        if "who" in ab and kind == "keyword":  # blank_abilities / skills_cost: whose text or skills
            self.filter(ab["who"], f"{path}.who")
        if "skills_of" in ab:  # skills_cost: only the skills some matching card has (Psychological Pressure)
            if ab.get("keyword") != "skills_cost":
                self.err(f"{path}.skills_of", "only on a skills_cost keyword")
            self.filter(ab["skills_of"], f"{path}.skills_of")
        if "skills" in ab and not (isinstance(ab["skills"], list) and all(is_stat(x) for x in ab["skills"])):
            self.err(f"{path}.skills", "a list of skill names (the skills that have a price)")
        if kind == "damage" and [("modify" in ab), ({"on", "effects"} <= set(ab)), ("keyword" in ab)].count(True) != 1:
            self.err(path, "a damage text has 'modify', or 'on' and 'effects' (a text that acts), or 'keyword'")
        if kind == "damage" and "keyword" in ab and ab["keyword"] not in ("cant_attempt", "skills_cost"):
            self.err(f"{path}.keyword", "'cant_attempt' (personnel aboard) or 'skills_cost'")
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
        if kind == "cost_change":  # "When a player is about to play a personnel …, that personnel is cost +2"
            self.filter(ab.get("who"), f"{path}.who")
            if isinstance(ab.get("amount"), dict):  # "for each headquarters mission …, cost -1" (Party Atmosphere)
                self.amount(ab["amount"], f"{path}.amount")
            elif not (isinstance(ab.get("amount"), int) and not isinstance(ab.get("amount"), bool)):
                self.err(f"{path}.amount", "a number (or an AMOUNT) added to the cost of the card being played")
            if "cost" in ab and not ab.get("optional"):
                self.err(f"{path}.cost", "a cost only on an optional change ('you may … to make …')")
            if "aboard" in ab:  # "… to play that personnel on your [Bor] ship instead" (Regeneration Alcoves)
                self.filter(ab["aboard"], f"{path}.aboard")
                if not ab.get("optional"):
                    self.err(f"{path}.aboard", "a play redirected aboard a ship only on an optional change")
        if kind == "play_cost":  # a number, or an AMOUNT: "for each Assault event you command, he is cost -1"
            if isinstance(ab.get("amount"), dict):
                self.amount(ab["amount"], f"{path}.amount")
            elif not (isinstance(ab.get("amount"), int) and not isinstance(ab.get("amount"), bool)):
                self.err(f"{path}.amount", "a number (−1 = the card costs one less) or an AMOUNT")
        if kind == "keyword" and ab.get("keyword") == "move_range_change" and "count" in ab and not (
                isinstance(ab["count"], int) and not isinstance(ab["count"], bool)):
            self.err(f"{path}.count", "a number added to the Range required (−1: Xhosa)")
        if kind == "keyword" and "between" in ab:  # a ship's no_quadrant_penalty: "between an [AQ] and a [DQ] mission"
            if ab.get("keyword") != "no_quadrant_penalty" or not (isinstance(ab["between"], list) and len(ab["between"]) == 2):
                self.err(f"{path}.between", "two FILTERs (the two ends of a move), only on no_quadrant_penalty")
            else:
                for i, f in enumerate(ab["between"]):
                    self.filter(f, f"{path}.between[{i}]")
        if kind == "keyword" and ab.get("keyword") == "commanders_play_aboard" and "count" in ab and not (
                isinstance(ab["count"], int) and not isinstance(ab["count"], bool)):
            self.err(f"{path}.count", "the cost change of a Commander played that way (−1: Captain on the Bridge)")
        if kind == "keyword" and ab.get("keyword") == "extra_counters" and "count" in ab:
            self.amount(ab["count"], f"{path}.count")  # "1 additional counter for each …" (The Perfect Tool)
        if kind == "keyword" and ab.get("keyword") not in KEYWORDS:
            self.err(f"{path}.keyword", f"unknown keyword {ab.get('keyword')!r}")
        for key in ("optional", "order", "destroy_after"):
            if key in ab and not isinstance(ab[key], bool):
                self.err(f"{path}.{key}", "must be true or false")
        if "limit" in ab and ab["limit"] != "once_per_turn" and not (
                kind == "action" and ab["limit"] == "once_per_dilemma") and not (
                kind == "trigger" and isinstance(ab["limit"], int) and not isinstance(ab["limit"], bool) and ab["limit"] > 0):
            self.err(f"{path}.limit", "'once_per_turn' (an action also 'once_per_dilemma', a trigger n: n times each turn)")
        for key in ("if", "while", "requires"):
            if key in ab:
                self.condition(ab[key], f"{path}.{key}")
        if "effects" in ab:
            self.effects(ab["effects"], f"{path}.effects")
        if kind == "counter_action" and not (isinstance(ab.get("counters"), int) and not isinstance(ab["counters"], bool)
                                             and ab["counters"] >= 1):
            self.err(f"{path}.counters", "a number of counters ≥ 1")
        if "cost" in ab:
            self.costs(ab["cost"], f"{path}.cost")
        if "modify" in ab:
            self.modify(ab["modify"], f"{path}.modify", static=True)
        if "play_on" in ab:
            self.filter(ab["play_on"], f"{path}.play_on")
        if kind in ("requirement", "attempt_with"):  # "Add Acquisition to …" / "… with these requirements"
            self.requirement(ab.get("requirement"), f"{path}.requirement")
        if kind == "attempt_with":  # For the Cause: which missions, by which personnel
            for k in ("missions", "personnel"):
                self.filter(ab.get(k), f"{path}.{k}")
            if "regardless" in ab and not isinstance(ab["regardless"], bool):  # Call to Arms missions: false
                self.err(f"{path}.regardless", "true (the default: For the Cause) or false")
            if "points" in ab and (not isinstance(ab["points"], int) or isinstance(ab["points"], bool) or ab["points"] < 0):
                self.err(f"{path}.points", "the points the mission is worth completed this way (\"for 35 points\")")
        if kind == "play_aboard":  # "You may play this personnel aboard your [Rom] ship"
            self.filter(ab.get("ship"), f"{path}.ship")
        if kind == "play_at":  # "You may play this personnel at your [HQ] {Mouth of the Wormhole}"
            self.filter(ab.get("mission"), f"{path}.mission")
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
            verbs = [k for k in c if k not in EFFECT_MODIFIERS] if isinstance(c, dict) else []
            if len(verbs) != 1 or verbs[0] not in COST_VERBS:
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
        if verb in ("unless", "if", "may", "at_end_of_turn", "for_rest_of_turn", "repeat", "repeat_while",
                    "as_player", "each_opponent", "choose_opponent") and "then" not in eff:
            self.err(path, f"{verb} needs 'then'")
        if verb == "may" and isinstance(eff[verb], dict) and eff[verb]:  # item 27: whose choice
            if set(eff[verb]) - {"start"} != {"who"} or eff[verb]["who"] not in ("you", "opponent", "each", "each_opponent"):
                self.err(f"{path}.may", '{} or {"who": "you"|"opponent"|"each"|"each_opponent"}')
            if "start" in eff[verb] and (eff[verb]["start"] != "left" or eff[verb].get("who") != "each"):
                self.err(f"{path}.may.start", "'left' (with who: each): the player to your left first")
        if "as" in eff and not isinstance(eff["as"], str):
            self.err(f"{path}.as", "a name")
        if "order" in eff and (verb not in ("place_on_deck_top", "place_on_deck_bottom")
                               or eff["order"] not in ("chosen", "random")):
            self.err(f"{path}.order", "'chosen' or 'random', on place_on_deck_top/place_on_deck_bottom")
        arg, p = eff[verb], f"{path}.{verb}"
        if verb in TARGET_VERBS:
            self.target(arg, p)
            if isinstance(arg, dict) and "face_down" in arg and verb != "place_on_event":
                self.err(f"{p}.face_down", "only place_on_event places cards face down")
        elif verb in ("overcome", "exchange_with_pile_top") and arg != {}:  # {} (this/that dilemma) or a TARGET
            self.target(arg, p)
        elif verb == "join_engagement" and arg != {}:  # item 44: {} (this ship) or a TARGET
            self.target(arg, p)
        elif verb == "prevent" and arg != {}:  # item 36: {"all": true, "filter"?: FILTER}
            if not isinstance(arg, dict) or arg.get("all") is not True or set(arg) - {"all", "filter"}:
                self.err(p, 'prevent takes {} or {"all": true, "filter"?: FILTER}')
            elif "filter" in arg:
                self.filter(arg["filter"], f"{p}.filter")
        elif verb in EMPTY_VERBS and verb != "choose_opponent":
            if arg != {} and verb != "may":
                self.err(p, f"{verb} takes {{}}")
        elif verb in ("at_end_of_turn", "for_rest_of_turn"):
            self.turn_scoped(verb, arg, p)
        elif verb == "repeat":  # "for each …, …" (Building a Bridge): `then` runs AMOUNT times
            self.amount(arg, p)
        elif verb == "choose_opponent":  # "choose an opponent" (+ "if": only those for whom it holds)
            if not isinstance(arg, dict) or set(arg) - {"if"}:
                self.err(p, '{} or {"if": CONDITION}')
            elif "if" in arg:
                self.condition(arg["if"], f"{p}.if")
        elif verb == "as_player":  # "this mission's owner places a card from hand …" (U.S.S. Defiant)
            if arg != {"who": "mission_owner"}:
                self.err(p, '{"who": "mission_owner"}')
        elif verb == "unless":
            self.requirement(arg, p)
        elif verb == "if":
            self.condition(arg, p)
        elif verb == "repeat_while":  # "Repeat this until you kill a personnel who does not cost 1" (Battle Lust)
            self.keys(arg, {"while"}, p)
            if isinstance(arg, dict):
                if "while" not in arg:
                    self.err(p, 'repeat_while needs "while" (a CONDITION read after each round)')
                else:
                    self.condition(arg["while"], f"{p}.while")
        elif verb == "modify":
            self.modify(arg, p, static=False)
        elif verb == "place_on_mission":
            self.keys(arg, {"requirement", "until", "redraw", "stay"}, p)
            if isinstance(arg, dict):
                if "stay" in arg and (arg["stay"] is not True or set(arg) != {"stay"}):
                    self.err(f"{p}.stay", "true, alone (it stays until its own text moves it: Timescape)")
                if "redraw" in arg and (arg["redraw"] is not True or set(arg) != {"redraw"}):
                    self.err(f"{p}.redraw", "true, alone")
                if "requirement" in arg:
                    self.requirement(arg["requirement"], f"{p}.requirement")
                if arg.get("until", "end_of_turn") not in ("end_of_turn", "end_of_attempt"):
                    self.err(f"{p}.until", "'end_of_turn' or 'end_of_attempt'")
        elif verb in ("draw", "discard", "shuffle_deck", "score", "lose_points"):
            self.keys(arg, {"count", "who", "from", "random", "amount"} | ({"filter", "up_to", "hand"} if verb == "discard" else
                                                                         {"up_to"} if verb == "draw" else set()), p)
            if isinstance(arg, dict) and verb == "draw" and "up_to" in arg and (
                    arg["up_to"] is not True or arg.get("who", "you") != "you"):  # Enabran Tain
                self.err(f"{p}.up_to", "true, for your own draw ('draw up to seven cards')")
            if isinstance(arg, dict) and verb == "discard":  # "discard a personnel from hand", "any number of cards"
                if "hand" in arg and (arg["hand"] != "all" or set(arg) - {"hand", "who"}):
                    self.err(f"{p}.hand", "'all' (\"discard your hand\": with 'who' only)")
                if "filter" in arg:
                    self.filter(arg["filter"], f"{p}.filter")
                if "up_to" in arg and not isinstance(arg["up_to"], bool):
                    self.err(f"{p}.up_to", "true or false")
            if isinstance(arg, dict):
                many = {"draw": ("each",), "discard": ("each_opponent",) if arg.get("from", "hand") in ("deck_top", "hand") else ()}
                if arg.get("who", "you") not in SIDES + many.get(verb, ()):  # "each player draws" (Keevan)
                    self.err(f"{p}.who", "'you' or 'opponent' (a draw: or 'each'; a discard from the deck top or "
                                         "hand: or 'each_opponent')")
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
            self.keys(arg, {"title", "filter"} | ({"count"} if verb == "download" else set()), p)
            if isinstance(arg, dict) and "count" in arg and not (isinstance(arg["count"], int)
                                                                and not isinstance(arg["count"], bool) and arg["count"] >= 2):
                self.err(f"{p}.count", "a number ≥ 2 ('download up to three …')")
            if isinstance(arg, dict):
                if not ({"title", "filter"} & set(arg)):
                    self.err(p, f"{verb} needs 'title' or 'filter'")
                if "filter" in arg:
                    self.filter(arg["filter"], f"{p}.filter")
        elif verb == "examine":
            self.examine(arg, p)
        elif verb == "add_counters":  # "spend 7 additional counters this turn" (At What Cost?)
            self.keys(arg, {"amount"}, p)
            if isinstance(arg, dict):
                if "amount" not in arg:
                    self.err(p, "add_counters needs 'amount'")
                else:
                    self.amount(arg["amount"], f"{p}.amount")
        elif verb in ("extra_dilemmas", "search_dilemmas", "overcome_from_pile", "pile_copies_beneath", "mute_skills", "meet_with"):
            self.attempt_verb(verb, arg, p)
        elif verb == "name_skill":  # "Your opponent names a skill" (Face to Face): {"chooser"?: SIDE} + as
            self.keys(arg, {"chooser", "count", "except"}, p)  # "names a skill (except Law) for each one"
            if isinstance(arg, dict) and "count" in arg:
                self.amount(arg["count"], f"{p}.count")
            if isinstance(arg, dict) and not (isinstance(arg.get("except", []), list)
                                              and all(is_stat(x) and x[:1].isupper() for x in arg.get("except", []))):
                self.err(f"{p}.except", "a list of skill names")
            if isinstance(arg, dict) and arg.get("chooser", "you") not in SIDES:
                self.err(f"{p}.chooser", "'you' or 'opponent'")
        elif verb == "name_title":  # "name a personnel" / "name a card" (Quite a Coincidence, Sensing a Trap)
            self.keys(arg, {"type", "until"}, p)
            if isinstance(arg, dict):
                types = arg.get("type", [])
                if not set(types if isinstance(types, list) else [types]) <= set(CARD_TYPES):
                    self.err(f"{p}.type", "a card type or a list of them")
                if arg.get("until", "start_of_your_next_turn") != "start_of_your_next_turn":
                    self.err(f"{p}.until", "'start_of_your_next_turn' (or none: while this card is in play)")
        elif verb == "name_number":  # "Your opponent names a number" (Eye to Eye): {"chooser"?: SIDE} + as
            self.keys(arg, {"chooser"}, p)
            if isinstance(arg, dict) and arg.get("chooser", "you") not in SIDES:
                self.err(f"{p}.chooser", "'you' or 'opponent'")
        elif verb == "name_card_type":  # "name a card type (except ship)" (Jack, Patrick): {"chooser"?, "except"?} + as
            self.keys(arg, {"chooser", "except"}, p)
            if isinstance(arg, dict) and (arg.get("chooser", "you") not in SIDES or not (
                    isinstance(arg.get("except", []), list) and set(arg.get("except", [])) <= set(CARD_TYPES))):
                self.err(p, '{"chooser"?: SIDE, "except"?: [card types]}')
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
        elif verb == "add_combat_strength":  # "add the Strength of … to your total Strength" (Vision of Violence)
            self.keys(arg, {"of"}, p)
            if isinstance(arg, dict):
                if "of" not in arg:
                    self.err(p, "add_combat_strength needs 'of'")
                else:
                    self.target(arg["of"], f"{p}.of")
        elif verb == "place_damage":  # "place a Damage card from hand on … ship" (William Patrick Samuels)
            self.keys(arg, {"card", "on"}, p)
            if isinstance(arg, dict):
                for k in ("card", "on"):
                    if k not in arg:
                        self.err(p, f"place_damage needs '{k}'")
                    else:
                        self.target(arg[k], f"{p}.{k}")
        elif verb == "put_into_play":
            self.keys(arg, {"target", "at", "as_played"}, p)
            if isinstance(arg, dict) and "as_played" in arg and arg["as_played"] is not True:
                self.err(f"{p}.as_played", "true (only where the card could be played)")
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
            self.keys(arg, {"from", "to", "attributes", "one", "any_skill", "each", "among", "levels", "new", "none_has"}, p)
            if isinstance(arg, dict) and "levels" in arg and (not (isinstance(arg["levels"], int) and not isinstance(
                    arg["levels"], bool) and arg["levels"] >= 1) or arg.get("one") or arg.get("any_skill")):
                self.err(f"{p}.levels", "a number ≥ 1, without 'one' or 'any_skill' (n of every skill the source has)")
            if isinstance(arg, dict) and "each" in arg and (arg["each"] is not True or arg.get("one") is not True):
                self.err(f"{p}.each", "true, with 'one': true (one skill from each of the 'from' cards)")
            if isinstance(arg, dict):
                if "any_skill" in arg and (arg["any_skill"] is not True or set(arg) - {"to", "any_skill", "among", "new", "none_has"}):
                    self.err(f"{p}.any_skill", "true, with 'to' (and 'among', 'new', 'none_has') only")
                if "new" in arg and (arg["new"] is not True or not arg.get("any_skill")):
                    self.err(f"{p}.new", "true, with any_skill ('a skill that he does not already have')")
                if "none_has" in arg:  # "name a skill that none of your personnel facing that dilemma has"
                    if not arg.get("any_skill"):
                        self.err(f"{p}.none_has", "with any_skill: a FILTER of the cards that must not have the skill")
                    self.filter(arg["none_has"], f"{p}.none_has")
                if "among" in arg and (not arg.get("any_skill") or not isinstance(arg["among"], list) or len(arg["among"]) < 2
                                       or not all(isinstance(x, str) and is_stat(x) and x[:1].isupper() for x in arg["among"])):
                    self.err(f"{p}.among", "with any_skill: a list of two or more skill names (\"gain Engineer, Law, or Science\")")
                for k in ("to",) if arg.get("any_skill") else ("from", "to"):
                    if k not in arg:
                        self.err(p, f"gain_skills needs '{k}'")
                    else:
                        self.target(arg[k], f"{p}.{k}")
                if "attributes" in arg and not isinstance(arg["attributes"], bool):
                    self.err(f"{p}.attributes", "true or false")
        elif verb in ("begin_combat", "begin_engagement"):
            self.keys(arg, {"filter"} | ({"ship", "bonus", "involving", "joiners"} if verb == "begin_engagement" else set()), p)
            if isinstance(arg, dict) and "joiners" in arg:  # "each of your ships … may join" (The Enterprise Incident)
                self.filter(arg["joiners"], f"{p}.joiners")
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

    def attempt_verb(self, verb: str, arg: Any, path: str) -> None:
        """The verbs of ``effects/attempts.py`` (Energize: dilemma draws, piles, meeting)."""
        keys = {"extra_dilemmas": {"draw", "cost", "drawer", "per", "up_to"}, "search_dilemmas": {"cost_at_most", "filter", "to"},
                "overcome_from_pile": {"at"}, "pile_copies_beneath": {"at", "title"}, "mute_skills": {"named"},
                "meet_with": {"use", "instead_of"}}[verb]
        self.keys(arg, keys, path)
        if not isinstance(arg, dict):
            return
        if verb == "extra_dilemmas":
            if "per" in arg:  # "for each of your Infiltrators at that mission, … one extra" (Under Suspicion)
                self.filter(arg["per"], f"{path}.per")
            nums = {k: v for k, v in arg.items() if k not in ("drawer", "per", "up_to")}
            if "up_to" in arg and arg["up_to"] is not True:
                self.err(f"{path}.up_to", "true: the user says how many, 1 up to the numbers given")
            if not nums or any(not (isinstance(v, int) and not isinstance(v, bool) and True)
                               for k, v in nums.items()):
                self.err(path, '{"draw"?: n, "cost"?: n, "drawer"?: SIDE} (negative: fewer / less)')
            if arg.get("drawer", "you") not in SIDES:  # "subtract one from the number he or she can draw" (Damar)
                self.err(f"{path}.drawer", "'you' (you draw the dilemmas) or 'opponent' (your attempt's drawer)")
        elif verb == "search_dilemmas":  # Machinations (cost_at_most); Thought Maker (filter, to: drawn)
            if not ({"cost_at_most", "filter"} & set(arg)):
                self.err(path, "search_dilemmas needs 'cost_at_most' (an AMOUNT) or 'filter'")
            if "cost_at_most" in arg:
                self.amount(arg["cost_at_most"], f"{path}.cost_at_most")
            if "filter" in arg:
                self.filter(arg["filter"], f"{path}.filter")
            if arg.get("to", "stack") not in ("stack", "drawn"):
                self.err(f"{path}.to", "'stack' (the top of your dilemma stack) or 'drawn' (added to those drawn)")
        elif verb == "mute_skills":  # Harsh Conditions: {"named": a name_skill's name}
            if not isinstance(arg.get("named"), str):
                self.err(path, "mute_skills needs 'named' (the name a name_skill made)")
        elif verb == "pile_copies_beneath":  # Krim: {"title": a name_title's name, "at": TARGET}
            if not isinstance(arg.get("title"), str) or "at" not in arg:
                self.err(path, "pile_copies_beneath needs 'title' (the name a name_title made) and 'at' (the mission)")
            else:
                self.target(arg["at"], f"{path}.at")
        elif verb == "overcome_from_pile":
            if "at" not in arg:
                self.err(path, "overcome_from_pile needs 'at' (the mission)")
            else:
                self.target(arg["at"], f"{path}.at")
        else:
            if arg.get("use") not in ATTRIBUTES:
                self.err(f"{path}.use", f"one of {list(ATTRIBUTES)}")
            if not (isinstance(arg.get("instead_of"), list) and arg["instead_of"]
                    and all(a in ATTRIBUTES for a in arg["instead_of"])):
                self.err(f"{path}.instead_of", f"a list of attributes from {list(ATTRIBUTES)}")
    def turn_scoped(self, verb: str, arg: Any, path: str) -> None:
        """``at_end_of_turn`` takes ``{}`` ("At the end of this turn, …" + ``then``);
        ``for_rest_of_turn`` takes ``{"on": EVENT, "if"?: CONDITION}`` ("For the rest of this
        turn, when …, …" + ``then``: a mandatory text heard until the turn ends)."""
        if verb == "at_end_of_turn":
            if arg != {}:
                self.err(path, "at_end_of_turn takes {}")
            return
        self.keys(arg, {"on", "if"}, path)
        if not isinstance(arg, dict):
            return
        if arg.get("on") not in TRIGGER_EVENTS:
            self.err(f"{path}.on", f"unknown trigger event {arg.get('on')!r}")
        if "if" in arg:
            self.condition(arg["if"], f"{path}.if")

    def examine(self, arg: Any, path: str) -> None:
        """``examine`` (MISSING.md item 15): where from, whose, how many, and the picks."""
        self.keys(arg, {"from", "who", "by", "count", "reveal", "choose", "discard", "take", "bottom", "swap", "rest", "under",
                        "exchange", "random", "end"}, path)
        if not isinstance(arg, dict):
            return
        if arg.get("end", "top") not in ("top", "bottom"):  # "the bottom three cards" (Tampering With Time)
            self.err(f"{path}.end", "'top' or 'bottom' (which end of the deck or pile is examined)")
        if arg.get("from", "deck") not in ("deck", "dilemmas", "hand"):
            self.err(f"{path}.from", "'deck', 'dilemmas' or 'hand'")
        for k in ("who", "by"):
            if arg.get(k, "you") not in SIDES:
                self.err(f"{path}.{k}", "'you' or 'opponent'")
        if "choose" in arg:  # "… and chooses a card": {"count"?, "chooser"?, "as": name}
            v = arg["choose"]
            if not isinstance(v, dict) or not isinstance(v.get("as"), str) \
                    or set(v) - {"count", "chooser", "as", "filter", "up_to"} or v.get("chooser", "you") not in SIDES:
                self.err(f"{path}.choose", '{"as": name, "count"?: n, "chooser"?: SIDE, "filter"?: FILTER, "up_to"?: bool}')
            elif "filter" in v:  # "choose two non-ship cards" (Far-Seeing Eyes)
                self.filter(v["filter"], f"{path}.choose.filter")
        if "count" in arg:
            self.amount(arg["count"], f"{path}.count")
        if "reveal" in arg and not isinstance(arg["reveal"], bool):
            self.err(f"{path}.reveal", "true or false")
        if "random" in arg and (arg["random"] is not True or arg.get("from") != "hand"):  # Shared Delicacy
            self.err(f"{path}.random", "true, with 'from': 'hand' (random cards of that hand)")
        if arg.get("rest", "top") not in ("top", "top_any_order", "bottom", "bottom_any_order", "discard", "hand"):
            self.err(f"{path}.rest", "'top', 'top_any_order', 'bottom', 'bottom_any_order', 'discard' or 'hand'")
        if "under" in arg and not (isinstance(arg["under"], dict) and isinstance(arg["under"].get("at"), str)):
            self.err(f"{path}.under", '{"at": name (a remembered mission), "count"?, "filter"?, …}')
        for k in ("discard", "take", "bottom", "swap", "exchange", "under"):
            if k not in arg:
                continue
            v = arg[k]
            if k == "under" and isinstance(v, dict):  # "Place face up beneath that mission" (Field Studies)
                v = {x: y for x, y in v.items() if x != "at"}
            if isinstance(v, int) and not isinstance(v, bool) and v >= 1:
                continue
            if isinstance(v, dict) and "filter" in v:  # only matching cards may be picked (Pardek)
                self.filter(v["filter"], f"{path}.{k}.filter")
            if not isinstance(v, dict) or set(v) - {"count", "chooser", "up_to", "filter"} \
                    or not (v.get("count", 1) == "any" or (isinstance(v.get("count", 1), int) and v.get("count", 1) >= 1)
                            or (v.get("count") == "all" and k != "swap" and "filter" in v)) \
                    or v.get("chooser", "you") not in SIDES:
                self.err(f"{path}.{k}", 'n or {"count": n or "any" or "all" (with a filter), "chooser"?: SIDE, '
                                        '"up_to"?: bool, "filter"?: FILTER}')

    def modify(self, m: Any, path: str, *, static: bool) -> None:
        allowed = {"stat", "amount", "who"} if static else {"stat", "amount", "target", "set"}
        self.keys(m, allowed, path)
        if not isinstance(m, dict):
            return
        if "set" in m and (m["set"] is not True or m.get("stat") not in ATTRIBUTES):
            self.err(f"{path}.set", "true, on an attribute ('replace his Integrity with …': Razka Karn)")
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
