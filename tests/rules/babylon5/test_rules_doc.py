"""RULES.md decides every gap of the translation's "Gaps" list and marks rulebook 1.3b facts."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
RULES = (ROOT / "rules" / "babylon5" / "RULES.md").read_text()
GAPS = (Path("/work/shared/rules/babylon5-ccg.en.md"))


def test_every_gap_of_the_translation_has_a_numbered_decision():
    section = RULES.split("## Gaps", 1)[1].split("\n## ", 1)[0]
    numbers = {int(n) for n in re.findall(r"^(\d+)\. \*\*", section, re.M)}
    expected = 26
    if GAPS.exists():
        gap_text = GAPS.read_text().split("# Gaps", 1)[1]
        expected = max(int(n) for n in re.findall(r"^(\d+)\. \*\*", gap_text, re.M))
    assert numbers == set(range(1, expected + 1))


def test_rulebook_facts_are_marked_with_their_source():
    assert RULES.count("[1.3b]") >= 8
    for fact in ("never below 3", "Narn–Centauri 4", "3 influence", "20+ power", "10 more"):
        assert fact in RULES, fact
