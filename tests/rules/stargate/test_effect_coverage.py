"""Which effect-language constructs the starter decks use that the interpreter does not run.

The list is explicit so a gap can never be silent: when a construct is implemented (or a
card starts using a new one) this test fails until the list — and RULES.md's "Effect
interpreter coverage" — are updated.
"""
from rules.stargate.cards import card_db, starters
from rules.stargate.coverage import starter_guids
from rules.stargate.effects.interpreter import IMPLEMENTED_VERBS
from rules.stargate.effects.schema import EFFECT_VERBS

NOT_YET_RUN_BY_STARTER_CARDS: set = set()


def _verbs(node, out):
    if isinstance(node, dict):
        for k, v in node.items():
            if k in EFFECT_VERBS and k != "if":
                out.add(k)
            _verbs(v, out)
    elif isinstance(node, list):
        for v in node:
            _verbs(v, out)


def test_starter_card_effects_the_interpreter_does_not_run_are_listed():
    used = set()
    every = set().union(*(starter_guids(d) for d in starters()))
    for guid in every:
        _verbs(card_db()[guid]["mechanics"] or [], used)
    assert used - IMPLEMENTED_VERBS - {"if"} == NOT_YET_RUN_BY_STARTER_CARDS


# --------------------------------------------------------------------------------------
# The guard: every construct an authored card uses is one the engine executes.
#
# A card whose mechanics use a key the engine ignores would play as partly vanilla — the
# very thing the "no mechanics = refused, never played as vanilla" rule forbids. So every
# authored mechanics entry is walked (following schema.py's reading of the language) and
# each filter key, amount form, condition key, target key, effect verb, verb option,
# trigger event, static rule, replaced event, keyword and built-in ref it uses must be in
# the explicit set kept next to the code that implements it. A card that needs something
# else stays without mechanics (MISSING.md) until the engine can run it.
import pytest  # noqa: E402

from rules.stargate import static_rules, stats, triggers  # noqa: E402
from rules.stargate.effects import filters as F  # noqa: E402
from rules.stargate.effects import interpreter as I  # noqa: E402
from rules.stargate.effects import schema as SC  # noqa: E402

_NOT_PARAMS = {"if", "unless", "repeat", "pay_power", "modify", "remember", "choose_one"}


class _Collector(SC._Checker):
    """schema's checker, recording every construct it walks through."""

    def __init__(self) -> None:
        super().__init__()
        self.used: set[tuple[str, str]] = set()

    def add(self, kind: str, name) -> None:
        self.used.add((kind, str(name)))

    def ability(self, ab, path):
        if isinstance(ab, dict):
            kind = ab.get("kind")
            self.add("kind", kind)
            if kind == "trigger":
                self.add("on", ab.get("on"))
            if kind == "replace":
                self.add("replace", ab.get("event"))
                for k in ("optional", "cost"):
                    if ab.get(k):
                        self.add("replace", f"{ab.get('event')}+{k}")
            if kind == "keyword":
                self.add("keyword", ab.get("keyword"))
            if isinstance(ab.get("rule"), dict):
                for r in ab["rule"]:
                    self.add("rule", r)
            if isinstance(ab.get("modify"), dict):
                for k in ab["modify"]:
                    self.add("static_modify", k)
                who = ab["modify"].get("who")
                if isinstance(who, dict) and "player" in who:
                    # a player's number (experience, ship battle total), not a card's
                    self.add("player_stat", ab["modify"].get("stat") + ("+ship_battle_total" if who.get("ship_battle_total") else ""))
                    ab = {**ab, "modify": {k: v for k, v in ab["modify"].items() if k != "who"}}
        super().ability(ab, path)

    def costs(self, costs, path):
        for c in costs if isinstance(costs, list) else []:
            if isinstance(c, dict) and "requires" in c:
                self.add("verb", "requires")
                self.condition(c["requires"], path)
        super().costs(costs, path)

    def _effect(self, eff, path):
        if isinstance(eff, dict):
            verbs = [k for k in eff if k in SC.EFFECT_VERBS]
            if len(verbs) == 1:
                v = verbs[0]
                self.add("verb", v)
                for k in eff:
                    if k != v:
                        self.add("option", f"{v}.{k}")
                arg = eff[v]
                if v == "delayed" and isinstance(arg, dict):
                    self.add("delay", arg.get("at"))
                if isinstance(arg, dict) and v not in _NOT_PARAMS and not (set(arg) & SC.TARGET_FORMS):
                    for k in arg:
                        self.add("option", f"{v}.{k}")
                    for k in ("glyph", "card", "host", "from", "to", "target", "who"):
                        if isinstance(arg.get(k), dict) and set(arg[k]) & SC.TARGET_FORMS:
                            self.target(arg[k], f"{path}.{v}.{k}")
                        elif isinstance(arg.get(k), dict) and k in ("who",):
                            self.filter(arg[k], f"{path}.{v}.{k}")
                    if isinstance(arg.get("filter"), dict):
                        self.filter(arg["filter"], path)
                    for k in ("amount", "count"):
                        if k in arg and arg[k] != "any":
                            self.amount(arg[k], path)
        super().effect(eff, path)

    def target(self, t, path):
        if isinstance(t, dict):
            for k in t:
                self.add("target", k)
            if isinstance(t.get("ref"), str):
                self.add("ref", t["ref"])
            if "count" in t and t["count"] != "any":
                self.amount(t["count"], path)
        super().target(t, path)

    def filter(self, f, path):
        if isinstance(f, dict):
            for k, v in f.items():
                self.add("filter", k)
                if isinstance(v, dict) and k not in ("min_skill", "max_skill"):
                    if set(v) & SC.TARGET_FORMS and not set(v) - SC.TARGET_KEYS:
                        self.target(v, path)
                    elif set(v) & set(SC.AMOUNT_KEYS) - SC.FILTER_KEYS:
                        self.amount(v, path)
                    else:
                        self.filter(v, f"{path}.{k}")
            if isinstance(f.get("ref"), str):
                self.add("ref", f["ref"])
        super().filter(f, path)

    def condition(self, c, path):
        if isinstance(c, dict):
            for k in c:
                self.add("condition", k)
            if isinstance(c.get("is"), list) and len(c["is"]) == 2:
                self.target(c["is"][0], path)
                self.filter(c["is"][1], path)
            if isinstance(c.get("all_assigned_are"), dict):
                self.filter(c["all_assigned_are"], path)
        super().condition(c, path)

    def amount(self, a, path):
        if isinstance(a, dict):
            for k, v in a.items():
                self.add("amount", k)
                if k in ("then", "else"):
                    self.amount(v, path)
                elif k == "count" and isinstance(v, dict):
                    if "ref" in v:
                        self.add("ref", v["ref"])
                    elif set(v) & {"count", "times", "sum"}:
                        self.amount(v, path)
                    else:
                        self.filter(v, path)
                elif isinstance(v, dict) and set(v) & SC.TARGET_FORMS:
                    self.target(v, path)
                elif isinstance(v, dict) and k not in ("if", "sum"):
                    self.filter(v, path)
        super().amount(a, path)

    def effect(self, eff, path):  # noqa: F811 - the modify verb's keys are its options
        if isinstance(eff, dict) and isinstance(eff.get("modify"), dict):
            for k in eff["modify"]:
                self.add("option", f"modify.{k}")
        return self._effect(eff, path)

    def modify(self, mod, path):  # static and effect modify share schema's checks
        super().modify(mod, path)


def _remembered(node, out):
    if isinstance(node, dict):
        if isinstance(node.get("remember"), str):
            out.add(node["remember"])
        for v in node.values():
            _remembered(v, out)
    elif isinstance(node, list):
        for v in node:
            _remembered(v, out)


def implemented(kind: str, name: str) -> bool:
    if kind == "verb":
        return name in I.VERBS
    if kind == "option":
        verb, opt = name.split(".", 1)
        return verb in I.VERBS and opt in I.VERB_OPTIONS.get(verb, set())
    table = {"filter": F.FILTER_KEYS, "amount": F.AMOUNT_KEYS, "condition": F.CONDITION_KEYS,
             "target": F.TARGET_KEYS, "on": triggers.EVENTS, "rule": static_rules.RULES,
             "replace": static_rules.REPLACE_EVENTS, "keyword": static_rules.KEYWORDS,
             "kind": static_rules.ABILITY_KINDS, "player_stat": static_rules.PLAYER_STATS,
             "ref": I.BUILTIN_REFS, "static_modify": stats.STATIC_MODIFY_KEYS, "delay": I.DELAY_POINTS}
    return name in table[kind]


def constructs(mechanics) -> set[tuple[str, str]]:
    col = _Collector()
    for i, ab in enumerate(mechanics or []):
        col.ability(ab, f"[{i}]")
    mine: set[str] = set()
    _remembered(mechanics, mine)
    # a ref the card remembers itself is fine; other names must be refs the engine provides
    return {(k, n) for k, n in col.used if not (k == "ref" and n in mine)}


def gaps() -> dict[str, list[str]]:
    """``{card label: [construct the engine does not execute]}`` for every authored card."""
    out = {}
    for guid, card in card_db().items():
        if not card.get("mechanics"):
            continue
        missing = sorted(f"{k} {n}" for k, n in constructs(card["mechanics"]) if not implemented(k, n))
        if missing:
            out[f"{card['title']} ({card['set']}/{card['number']})"] = missing
    return out


def test_every_construct_an_authored_card_uses_is_executed_by_the_engine():
    found = gaps()
    assert not found, "cards using constructs the engine does not execute (implement them, or " \
        "remove the card's mechanics and list it in MISSING.md):\n" + "\n".join(
            f"  {card}: {', '.join(m)}" for card, m in sorted(found.items()))


def test_the_guard_sees_an_unknown_construct():
    """Self-test: a made-up key in each position is reported."""
    mech = [{"kind": "trigger", "on": "play_self", "effects": [
        {"destroy": {"choose": {"type": "character", "made_up_filter": 1}, "chooser": "you", "count": {"made_up_amount": 1}}},
        {"draw": {"count": 1, "made_up_option": True}},
        {"if": {"made_up_condition": 1}, "then": [{"made_up_verb": 1}]}]}]
    used = constructs(mech)
    for c in [("filter", "made_up_filter"), ("amount", "made_up_amount"), ("option", "draw.made_up_option"),
              ("condition", "made_up_condition")]:
        assert c in used and not implemented(*c)


def test_unknown_keys_raise_rather_than_being_ignored():
    from tests.rules.stargate.fixtures import table
    state = table()
    x = state["seats"][0]["play"][0]
    with pytest.raises(ValueError):
        F.matches(state, x, {"made_up_filter": 1}, {})
    with pytest.raises(ValueError):
        F.amount(state, {"made_up_amount": 1}, {})
    with pytest.raises(ValueError):
        F.condition(state, {"made_up_condition": 1}, {})
