"""Validator for card ``mechanics`` written in the effect language of ``../EFFECTS.md``.

Why: mechanics are hand-written JSON; a misspelt key would silently do nothing at play
time. ``validate_mechanics`` checks the shape of every ability, effect, cost, target,
filter, condition and amount against the vocabulary below and returns every error found
(an empty list means valid), so a test can check the whole card pool at once.
Standard library only.
"""
from __future__ import annotations

from typing import Any

SKILLS = ("culture", "science", "combat", "ingenuity")
GLYPHS = ("gemini", "libra", "orion", "pisces", "scorpius", "triangulum", "origin")
SIDES = ("you", "opponent", "any")

ABILITY_KEYS: dict[str, set[str]] = {
    "static": {"modify", "rule", "while", "requires_glyphs", "requires_any_glyph"},
    "trigger": {"on", "who", "if", "optional", "cost", "effects", "requires_glyphs", "requires_any_glyph"},
    "activated": {"cost", "effects", "keyword", "limit", "while", "requires_glyphs", "requires_any_glyph", "by"},
    "success": {"effects"},
    "failure": {"effects"},
    "victory": {"effects"},
    "play_cost": {"cost"},
    "cant": {"action", "who", "player", "while"},
    "replace": {"event", "who", "instead", "optional", "cost", "requires_glyphs"},
    "keyword": {"keyword", "while", "grants_to", "during", "cant", "times", "trait", "revive"},
}
ABILITY_REQUIRED: dict[str, set[str]] = {
    "static": set(), "trigger": {"on", "effects"}, "activated": {"effects"},
    "success": {"effects"}, "failure": {"effects"}, "victory": {"effects"},
    "play_cost": {"cost"}, "cant": {"action"}, "replace": {"event", "instead"},
    "keyword": {"keyword"},
}

TRIGGER_EVENTS = {
    "play_self", "assign_self", "revive_self", "score_self", "destroyed_self",
    "earn_glyph_self", "earn_different_glyph_self", "glyph_earned", "glyph_earned_from_self",
    "mission_played", "before_mission_played", "player_passes", "opponent_plays_complication",
    "obstacle_played", "card_played", "character_assigned", "adversary_assigned",
    "power_phase_start", "power_phase_end", "debrief_start", "mission_end",
    "stopped_self", "card_discarded", "mission_succeeded", "mission_failed", "turn_end",
}

# Effect verbs (exactly one per effect object).
EFFECT_VERBS = {
    "stop", "ready", "destroy", "incapacitate", "block", "unblock", "return_to_hand",
    "turn_face_down", "to_deck_bottom", "shuffle_into_deck", "discard_card", "score",
    "draw", "discard", "gain_power", "lose_power", "pay_power", "modify", "modify_next_mission",
    "forbid", "change_mission_skill", "may", "unless", "if", "choose_one", "remember",
    "repeat", "delayed", "search_deck", "search_mission_pile", "take_from_discard",
    "take_from_score_pile", "arrange_top", "arrange_bottom", "arrange_failed_missions",
    "shuffle_deck", "shuffle_mission_pile", "put_on_mission_pile", "discard_from_score_pile",
    "discard_top_of_deck", "reveal_top_of_deck", "reveal_random_from_hand", "reveal_hand",
    "refill_hand", "move_glyph", "glyph_to_mission_pile", "swap_glyphs", "play_free",
    "remove_text", "grant_keyword", "grant_ability", "grant_trigger", "skip_next_turn",
    "blockade", "place_promotion_token", "place_beneath", "opponent_plays_as_complication",
    "exchange_glyph_with_mission_pile_top", "after_next_pass", "force_continue", "play_from_hand",
    "place_on", "take_off", "place_glyph", "gain_traits", "mark", "take_control", "pay_revive_cost",
}
# Keys that qualify a verb inside the same effect object.
EFFECT_MODIFIERS = {"until", "target", "then", "else", "from", "chooser", "effects",
                    "any_order", "even_on_success", "who", "filter", "position", "cost"}
# Verbs whose argument is an amount ("pay 2", "pay power equal to its revive").
AMOUNT_VERBS = {"pay_power"}
COST_VERBS = {"pay_power", "stop", "destroy", "discard", "incapacitate", "block", "remember",
              "choose_one", "requires", "unless", "glyph_to_mission_pile", "pay_revive_cost"}

DURATIONS = {"end_of_mission", "end_of_turn"}
DELAY_POINTS = {"end_of_mission", "end_of_turn", "debrief_start", "opponent_next_power_phase_end",
                "glyph_earned"}
STATS = {"skills", *SKILLS, "difficulty", "cost", "firepower", "revive", "experience", "point_value"}

FILTER_KEYS = {
    "type", "subtype", "subtype_any", "state", "trait", "trait_not", "type_not", "allegiance", "side",
    "zone", "at_mission", "other", "other_than", "title", "has_glyph", "min_glyphs",
    "shares_glyph_with", "shares_trait_with", "skill", "min_skill", "max_skill", "cost_at_most",
    "cost_equal", "cost_less_than", "total_cost_at_most", "has_keyword", "keyword", "blocked",
    "contributing_at_most", "min_promotion_tokens", "played", "earned_current_glyph",
    "glyph_not_held_by", "on", "same_owner", "on_different_characters", "any", "same_title_as",
    "in_ref", "lacks_traits_of", "current_mission", "self", "ref", "face_down", "glyph",
    "player", "ship_battle_total", "host", "card", "character", "lacks_keyword", "beneath",
    "could_be_assigned", "marked",
}
TARGET_FORMS = {"choose", "all", "self", "ref", "current_mission", "top_of"}
TARGET_KEYS = TARGET_FORMS | {"chooser", "count", "up_to", "any_number", "filter", "zone",
                              "total_cost_at_most", "except", "owner"}
CONDITION_KEYS = {
    "exists", "self_state", "self_zone", "is", "compare", "current_mission_skill",
    "current_mission_is_first_this_turn", "all", "any", "not", "earned_glyph",
    "earned_glyph_already_held", "mission_failed", "all_assigned_are",
}
AMOUNT_KEYS = {
    "count", "times", "sum", "if", "then", "else", "mission_experience", "successful_missions",
    "failed_missions", "glyphs", "glyph", "different_glyphs", "shared_with", "max_glyphs",
    "cost_of", "stat_of", "stat", "highest_skill_of", "revive_of", "power", "different_traits",
    "shared_traits_with", "blockaded_missions", "amount_of", "divide", "ref", "cards_beneath",
    "contributing_of", "experience_of", "skill", "printed",
}
# Parameter keys allowed inside a verb's argument object (beyond targets/filters).
PARAM_KEYS = {
    "amount", "count", "who", "random", "filter", "up_to", "reveal", "then", "to", "from",
    "pile", "owner", "bottom_allowed", "top_allowed", "split", "stat", "set", "action",
    "effects", "cost", "at", "keyword", "ability", "position", "payer", "except", "free",
    "only_pass", "any_order", "glyph", "remember", "target", "even_on_success", "if", "else",
    "character", "host", "any_number", "card", "zone", "on", "face_down", "ignore_uniqueness", "kind",
    "look", "same_experience", "no_text", "trait", "cant",
}
RULE_KEYS = {"assign_cost", "blocked", "boost_bonus", "first_action", "failure_text_optional", "text_cost",
             "grant_ability", "text_again", "boost_by_team_title", "no_cost_play", "revive_mill_to"}
REPLACE_EVENTS = {"destroyed", "destroyed_by_opponent", "incapacitated", "stopped", "revive_mill", "revive_cost"}
PERFORMERS = {"any", "host_owner"}
# static rules about Success/Failure/Victory text (Iris): (allowed keys, required keys)
TEXT_KINDS = {"success", "failure", "victory"}
TEXT_RULE_KEYS = {"failure_text_optional": ({"who"}, {"who"}),
                  "text_cost": ({"who", "keyword", "payer", "cost"}, {"who", "keyword", "cost"})}
KEYWORDS = {"dominion", "withdraw", "becomes_adversary", "counts_as", "failure"}


class _Checker:
    def __init__(self) -> None:
        self.errors: list[str] = []

    def err(self, path: str, msg: str) -> None:
        self.errors.append(f"{path}: {msg}")

    # -- abilities ---------------------------------------------------------------
    def ability(self, ab: Any, path: str) -> None:
        if not isinstance(ab, dict):
            return self.err(path, "an ability must be an object")
        kind = ab.get("kind")
        if kind not in ABILITY_KEYS:
            return self.err(path, f"unknown ability kind {kind!r}")
        extra = set(ab) - ABILITY_KEYS[kind] - {"kind"}
        if extra:
            self.err(path, f"{kind} ability: unknown keys {sorted(extra)}")
        missing = ABILITY_REQUIRED[kind] - set(ab)
        if missing:
            self.err(path, f"{kind} ability: missing {sorted(missing)}")
        if kind == "static" and not ({"modify", "rule"} & set(ab)):
            self.err(path, "static ability needs 'modify' or 'rule'")
        if kind == "trigger" and ab.get("on") not in TRIGGER_EVENTS:
            self.err(path, f"unknown trigger event {ab.get('on')!r}")
        if kind == "replace" and ab.get("event") not in REPLACE_EVENTS:
            self.err(path, f"unknown replaced event {ab.get('event')!r}")
        if kind == "keyword" and ab.get("keyword") not in KEYWORDS:
            self.err(path, f"unknown keyword {ab.get('keyword')!r}")
        for key in ("requires_glyphs", "requires_any_glyph"):
            if key in ab and (not isinstance(ab[key], list) or any(g not in GLYPHS for g in ab[key])):
                self.err(f"{path}.{key}", "must be a list of glyph names")
        for key in ("if", "while"):
            if key in ab:
                self.condition(ab[key], f"{path}.{key}")
        if "effects" in ab:
            self.effects(ab["effects"], f"{path}.effects")
        if "instead" in ab:
            self.effects(ab["instead"], f"{path}.instead")
        if "cost" in ab:
            self.costs(ab["cost"], f"{path}.cost")
        if "modify" in ab:
            self.modify(ab["modify"], f"{path}.modify")
        if "rule" in ab:
            rule = ab["rule"]
            if not isinstance(rule, dict) or len(rule) != 1 or next(iter(rule)) not in RULE_KEYS:
                self.err(f"{path}.rule", f"a rule is one of {sorted(RULE_KEYS)}")
            else:
                self.params(rule, f"{path}.rule")
                self.text_rule(rule, f"{path}.rule")
                granted = rule.get("grant_ability")
                if isinstance(granted, dict):
                    # the text a card gives another card is an ability like any other
                    self.ability(granted.get("ability"), f"{path}.rule.grant_ability.ability")
                    if "to" in granted:
                        self.who(granted["to"], f"{path}.rule.grant_ability.to")
        if "who" in ab:
            self.who(ab["who"], f"{path}.who")
        if "grants_to" in ab:
            self.filter(ab["grants_to"], f"{path}.grants_to")
        if "by" in ab and ab["by"] not in PERFORMERS:
            self.err(f"{path}.by", f"who performs the action is one of {sorted(PERFORMERS)}")
        if "optional" in ab and not isinstance(ab["optional"], bool):
            self.err(f"{path}.optional", "must be true or false")

    def text_rule(self, rule: dict, path: str) -> None:
        """Iris's rules, whose shape ``params`` alone does not pin down:
        ``failure_text_optional: {"who"}`` and ``text_cost: {"who", "keyword", "payer"?, "cost"}``."""
        name = next(iter(rule))
        arg = rule[name]
        if name not in TEXT_RULE_KEYS:
            return
        if not isinstance(arg, dict):
            return self.err(f"{path}.{name}", "must be an object")
        extra, missing = set(arg) - TEXT_RULE_KEYS[name][0], TEXT_RULE_KEYS[name][1] - set(arg)
        if extra:
            self.err(f"{path}.{name}", f"unknown keys {sorted(extra)}")
        if missing:
            self.err(f"{path}.{name}", f"missing {sorted(missing)}")
        if name == "text_cost":
            if arg.get("keyword") not in TEXT_KINDS:
                self.err(f"{path}.{name}.keyword", f"the text is one of {sorted(TEXT_KINDS)}")
            if arg.get("payer", "you") not in ("you", "opponent"):
                self.err(f"{path}.{name}.payer", "the payer is 'you' or 'opponent'")

    # -- effects -----------------------------------------------------------------
    def effects(self, effs: Any, path: str) -> None:
        if isinstance(effs, dict):
            effs = [effs]
        if not isinstance(effs, list):
            return self.err(path, "effects must be a list")
        for i, eff in enumerate(effs):
            self.effect(eff, f"{path}[{i}]")

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
            self.err(f"{path}.until", f"unknown duration {eff['until']!r}")
        arg = eff[verb]
        p = f"{path}.{verb}"
        if verb in ("if",):
            self.condition(arg, p)
            self.effects(eff.get("then", []), f"{path}.then")
            if "else" in eff:
                self.effects(eff["else"], f"{path}.else")
        elif verb == "unless":
            self.effect(arg, p)
            then = eff.get("then")
            self.effects(then if then is not None else [], f"{path}.then")
        elif verb == "choose_one":
            if not isinstance(arg, list) or len(arg) < 2:
                self.err(p, "choose_one needs a list of at least two options")
            else:
                for i, opt in enumerate(arg):
                    self.effects(opt, f"{p}[{i}]")
        elif verb == "remember":
            if not isinstance(arg, str):
                self.err(p, "remember names the cards (a string)")
            tgt = eff.get("target")
            if isinstance(tgt, dict) and any(k in EFFECT_VERBS for k in tgt):
                self.effect(tgt, f"{path}.target")
            else:
                self.target(tgt, f"{path}.target")
        elif verb == "repeat":
            self.amount(arg, p)
            self.effects(eff.get("effects", []), f"{path}.effects")
        elif verb == "modify":
            self.modify(arg, p)
        elif verb == "opponent_plays_as_complication":
            # Reconnaissance: the cards named earlier (a target), played at no cost
            if not isinstance(arg, dict) or set(arg) != {"from", "cost"}:
                self.err(p, "needs exactly 'from' (a target) and 'cost'")
            else:
                self.target(arg["from"], f"{p}.from")
                if arg["cost"] != 0:
                    self.err(f"{p}.cost", "only 0 ('at no cost') exists")
        elif verb in AMOUNT_VERBS:
            if arg != "any":
                self.amount(arg, p)
        elif isinstance(arg, dict) and (set(arg) & TARGET_FORMS):
            self.target(arg, p)
        elif isinstance(arg, dict):
            self.params(arg, p)
        elif not isinstance(arg, (bool, int, str)):
            self.err(p, "argument must be an object, a number or a name")

    def costs(self, costs: Any, path: str) -> None:
        if not isinstance(costs, list):
            return self.err(path, "cost must be a list")
        for i, c in enumerate(costs):
            p = f"{path}[{i}]"
            if not isinstance(c, dict):
                self.err(p, "a cost must be an object")
                continue
            if "unless" in c and "cost" in c:
                # "unless <condition>, <cost>" (a cost waived while a condition holds)
                self.condition(c["unless"], f"{p}.unless")
                self.costs(c["cost"], f"{p}.cost")
                continue
            verbs = [k for k in c if k in COST_VERBS]
            if len(verbs) != 1:
                self.err(p, f"a cost needs exactly one of {sorted(COST_VERBS)}")
                continue
            self.effect({k: v for k, v in c.items() if k != "requires"} if verbs[0] != "requires" else {"if": c["requires"]}, p)

    def modify(self, mod: Any, path: str) -> None:
        if not isinstance(mod, dict):
            return self.err(path, "modify must be an object")
        extra = set(mod) - {"stat", "amount", "set", "who"}
        if extra:
            self.err(path, f"modify: unknown keys {sorted(extra)}")
        if mod.get("stat") not in STATS:
            self.err(path, f"unknown stat {mod.get('stat')!r}")
        if ("amount" in mod) == ("set" in mod):
            self.err(path, "modify needs exactly one of 'amount' or 'set'")
        for key in ("amount", "set"):
            if key in mod:
                self.amount(mod[key], f"{path}.{key}")
        if "who" in mod:
            self.who(mod["who"], f"{path}.who")

    # -- params, targets, filters -----------------------------------------------
    def params(self, arg: dict, path: str) -> None:
        for k, v in arg.items():
            p = f"{path}.{k}"
            if k == "blocked":
                self.who(v, p)
                continue
            if k == "cost" and isinstance(v, int) and not isinstance(v, bool):
                continue
            if k in RULE_KEYS or k in ("action",):
                if isinstance(v, dict):
                    self.params(v, p)
                continue
            if k not in PARAM_KEYS and k not in TARGET_KEYS and k not in STATS:
                self.err(path, f"unknown parameter {k!r}")
                continue
            if k in ("amount", "count", "set") and v != "any":
                self.amount(v, p)
            elif k == "filter":
                self.filter(v, p)
            elif k == "who":
                self.who(v, p)
            elif k == "effects":
                self.effects(v, p)
            elif k == "cost":
                self.costs(v, p)
            elif k == "if":
                self.condition(v, p)

    def who(self, v: Any, path: str) -> None:
        if isinstance(v, str):
            if v not in (*SIDES, "that_player"):
                self.err(path, f"unknown player {v!r}")
        elif isinstance(v, dict):
            if set(v) & TARGET_FORMS and not set(v) - TARGET_KEYS:
                self.target(v, path)
            else:
                self.filter(v, path)
        else:
            self.err(path, "who must be a player name or a filter")

    def target(self, t: Any, path: str) -> None:
        if not isinstance(t, dict) or not (set(t) & TARGET_FORMS):
            return self.err(path, f"a target is one of {sorted(TARGET_FORMS)}")
        extra = set(t) - TARGET_KEYS
        if extra:
            self.err(path, f"target: unknown keys {sorted(extra)}")
        for form in ("choose", "all"):
            if form in t:
                self.filter(t[form], f"{path}.{form}")
        if "choose" in t and t.get("chooser") not in ("you", "opponent"):
            self.err(path, "a choice must say who chooses ('chooser': 'you'|'opponent')")
        if "count" in t and t["count"] != "any":
            self.amount(t["count"], f"{path}.count")

    def filter(self, f: Any, path: str) -> None:
        if isinstance(f, list):
            for i, x in enumerate(f):
                self.filter(x, f"{path}[{i}]")
            return
        if not isinstance(f, dict):
            return self.err(path, "a filter must be an object")
        extra = set(f) - FILTER_KEYS
        if extra:
            self.err(path, f"filter: unknown keys {sorted(extra)}")
        if "side" in f and f["side"] not in SIDES:
            self.err(path, f"unknown side {f['side']!r}")
        if "any" in f:
            self.filter(f["any"], f"{path}.any")

    # -- conditions and amounts ------------------------------------------------
    def condition(self, c: Any, path: str) -> None:
        if isinstance(c, list):
            for i, x in enumerate(c):
                self.condition(x, f"{path}[{i}]")
            return
        if not isinstance(c, dict) or not c:
            return self.err(path, "a condition must be an object")
        extra = set(c) - CONDITION_KEYS
        if extra:
            self.err(path, f"condition: unknown keys {sorted(extra)}")
        for k in ("all", "any"):
            if k in c:
                self.condition(c[k], f"{path}.{k}")
        if "not" in c:
            self.condition(c["not"], f"{path}.not")
        if "exists" in c:
            self.filter(c["exists"], f"{path}.exists")
        if "compare" in c:
            cmp_ = c["compare"]
            if not (isinstance(cmp_, list) and len(cmp_) == 3 and cmp_[1] in ("<", "<=", "==", "!=", ">=", ">")):
                self.err(f"{path}.compare", "compare is [amount, op, amount]")
            else:
                self.amount(cmp_[0], f"{path}.compare[0]")
                self.amount(cmp_[2], f"{path}.compare[2]")

    def amount(self, a: Any, path: str) -> None:
        if isinstance(a, bool):
            return self.err(path, "an amount is a number or an expression")
        if isinstance(a, int):
            return
        if not isinstance(a, dict):
            return self.err(path, "an amount is a number or an expression")
        extra = set(a) - AMOUNT_KEYS - FILTER_KEYS - TARGET_KEYS
        if extra:
            self.err(path, f"amount: unknown keys {sorted(extra)}")
        if "if" in a:
            self.condition(a["if"], f"{path}.if")
        if "sum" in a:
            if not isinstance(a["sum"], list):
                self.err(f"{path}.sum", "sum is a list of amounts")
            else:
                for i, x in enumerate(a["sum"]):
                    self.amount(x, f"{path}.sum[{i}]")
        if "times" in a and not isinstance(a["times"], int):
            self.err(f"{path}.times", "times is an integer")


def validate_mechanics(mechanics: Any) -> list[str]:
    """Every error in ``mechanics`` (``None`` = not authored yet, which is not an error here)."""
    if mechanics is None:
        return []
    if not isinstance(mechanics, list):
        return ["mechanics must be a list of abilities"]
    checker = _Checker()
    for i, ab in enumerate(mechanics):
        checker.ability(ab, f"[{i}]")
    return checker.errors


def check_mechanics(mechanics: Any) -> None:
    """Raise ``ValueError`` listing every error (for callers that want an exception)."""
    errors = validate_mechanics(mechanics)
    if errors:
        raise ValueError("; ".join(errors))
