"""The effect-language validator accepts the documented examples and names every error."""
import json
import re
from pathlib import Path

from rules.startrek2e.effects.schema import validate_mechanics

DOC = Path(__file__).resolve().parents[3] / "rules" / "startrek2e" / "EFFECTS.md"


def _doc_examples():
    block = DOC.read_text().split("```json", 1)[1].split("```", 1)[0]
    text = " ".join(block.split("\n"))
    return [json.loads(m) for m in re.split(r"(?<=\})\s+(?=\{\"kind\")", text.strip())]


def test_every_example_in_effects_md_is_valid():
    examples = _doc_examples()
    assert len(examples) >= 8
    for ex in examples:
        assert validate_mechanics([ex]) == [], ex


def test_null_and_empty_mechanics_are_valid():
    assert validate_mechanics(None) == [] and validate_mechanics([]) == []


def test_unknown_kind_verb_key_and_stat_are_errors():
    errs = validate_mechanics([
        {"kind": "bogus"},
        {"kind": "dilemma", "effects": [{"explode": {}}]},
        {"kind": "static", "modify": {"stat": "luck", "amount": 1}},
        {"kind": "dilemma", "effects": [{"stop": {"random": {"skil": "Medical"}}}]},
        {"kind": "dilemma", "effects": [{"unless": {"skills": {"Medical": 0}}, "then": []}]},
        {"kind": "trigger", "on": "never", "effects": []},
    ])
    assert len(errs) == 6, errs
    assert any("bogus" in e for e in errs) and any("luck" in e for e in errs) and any("skil" in e for e in errs)


def test_dilemma_constructs():
    mech = [{"kind": "dilemma", "effects": [
        {"unless": {"any_of": [{"skills": {"Anthropology": 2}}, {"attributes": {"cunning": 30}}]},
         "then": [{"kill": {"choose": {"skill": "Medical"}, "chooser": "opponent", "count": 1}}]},
        {"modify": {"stat": "cunning", "amount": -2, "target": {"all": {}}}, "until": "end_of_attempt"},
        {"place_on_mission": {"requirement": {"skills": {"Honor": 2}}}},
        {"place_on_mission": {"until": "end_of_turn"}},
        {"if": {"count": {"species": "Human"}, "min": 2}, "then": [{"return_to_pile": {}}], "else": [{"place_on_ship": {}}]},
        {"place_in_brig": {"random": {"highest": "cunning"}}},
    ]}]
    assert validate_mechanics(mech) == []
