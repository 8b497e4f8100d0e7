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
