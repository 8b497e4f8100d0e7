"""Every effect verb and ability kind of the language runs in the engine (no silent no-ops)."""
import pytest

from rules.babylon5 import state as S
from rules.babylon5.effects.interpreter import run
from rules.babylon5.effects.schema import KINDS, VERBS, validate_mechanics

from .helpers import add_card, ambassador, check_invariants, scenario

EXAMPLES = {
    "modify": {"modify": {"diplomacy": 1}, "target": "chosen"},
    "influence": {"influence": 1},
    "power": {"power": 1},
    "tracker": {"tracker": "vorlon", "delta": 1},
    "tension": {"tension": 1, "between": ["you", "narn"]},
    "unrest": {"unrest": 1},
    "draw": {"draw": 1},
    "discard": {"discard": 1},
    "neutralize": {"neutralize": True, "target": "chosen"},
    "rotate": {"rotate": True, "target": "chosen"},
    "ready": {"ready": True, "target": "chosen"},
    "heal": {"heal": True, "target": "chosen"},
    "discard_card": {"discard_card": True, "target": "chosen"},
    "damage": {"damage": 1, "target": "chosen"},
    "severe": {"severe": 1, "target": "chosen"},
    "replace_ambassador": {"replace_ambassador": "chosen"},
    "demote": {"demote": "chosen"},
    "promote": {"promote": "chosen"},
    "conquer": {"conquer": "chosen"},
    "repair": {"repair": 1, "target": "chosen"},
    "gain_influence": {"gain_influence": 1},
    "prevent": {"prevent": True},
}


def test_every_verb_has_an_example():
    assert set(EXAMPLES) == set(VERBS)


@pytest.mark.parametrize("verb", sorted(VERBS))
def test_every_verb_changes_the_state(verb):
    import json
    st = scenario(["human", "narn"], ratings=[5, 5], deck_size=5)
    e = EXAMPLES[verb]
    assert validate_mechanics([{"kind": "play", "effects": [e]}]) == []
    target = {"conquer": lambda: add_card(st, 1, "fx-mars", "play"),
              "repair": lambda: add_card(st, 0, "fx-human-fleet", "play", damage=1),
              "ready": lambda: add_card(st, 0, "fx-garibaldi", "play", rotated=True),
              "heal": lambda: add_card(st, 0, "fx-garibaldi", "play", damage=1),
              "demote": lambda: add_card(st, 0, "fx-garibaldi", "play", level="inner"),
              }.get(verb, lambda: add_card(st, 0, "fx-garibaldi", "play"))()
    st["seats"][0]["hand"].append(st["seats"][0]["deck"].pop())
    st["cards"][st["seats"][0]["hand"][-1]]["zone"] = "hand"
    if verb == "prevent":
        st["attack"] = {"attacker": target, "target": ambassador(st, 1), "stat": "intrigue"}
    before = json.dumps(st, sort_keys=True)
    run(st, [e], {"you": 0, "initiator": 0, "chosen": target, "source": ambassador(st, 0)})
    assert json.dumps(st, sort_keys=True) != before, verb
    st.pop("attack", None)
    if verb != "discard":
        check_invariants(st, views=False)
    assert S.in_play(st, ambassador(st, 0))


def test_every_ability_kind_is_interpreted_somewhere():
    import pathlib
    src = "".join(p.read_text() for p in pathlib.Path(S.__file__).parent.glob("*.py"))
    for kind in KINDS:
        assert f'"{kind}"' in src, kind
