"""The effect language's validator (EFFECTS.md): every example there is valid, errors are named."""
import json
import re
from pathlib import Path

from rules.babylon5.effects.schema import validate_mechanics

DOC = Path(__file__).resolve().parents[3] / "rules" / "babylon5" / "EFFECTS.md"


def _examples():
    text = DOC.read_text()
    for block in re.findall(r"```json\n(.*?)```", text, re.S):
        buf = ""
        for line in block.strip().splitlines():
            buf += line
            try:
                json.loads(buf)
            except ValueError:
                continue
            yield buf
            buf = ""


def test_null_and_empty_mechanics_are_valid():
    assert validate_mechanics(None) == [] and validate_mechanics([]) == []


def test_every_ability_example_in_effects_md_is_valid():
    n = 0
    for line in _examples():
        obj = json.loads(line) if line.startswith("{\"kind\"") else None
        if obj is not None:
            assert validate_mechanics([obj]) == [], line
            n += 1
    assert n >= 10


def test_errors_name_the_place_and_the_problem():
    errs = validate_mechanics([{"kind": "static", "modify": {"charisma": 1}},
                               {"kind": "bogus"},
                               {"kind": "play", "effects": [{"draw": 1, "zap": 2}]},
                               {"kind": "activated", "cost": {"rotate": True, "influence": 1}, "sustain": True,
                                "effects": [{"modify": {"military": 1}, "target": "chosen", "until": "while_rotated"}]}])
    assert any("charisma" in e for e in errs)
    assert any("mechanics[1].kind" in e for e in errs)
    assert any("zap" in e for e in errs)
    assert any("Sustained Action" in e for e in errs)


def test_aftermath_and_contingency_shapes_are_checked():
    assert validate_mechanics([{"kind": "aftermath", "when": {"result": "tied"}, "target": {"type": "character"}}])
    assert validate_mechanics([{"kind": "contingency", "target": {"type": "character"}, "trigger": "sneezes",
                                "effects": []}])
