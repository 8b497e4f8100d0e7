"""rules/ is the pure core: it may import only the standard library (issue 2, design card)."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "rules"


def _imported_top_levels(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_rules_import_only_the_standard_library():
    allowed = set(sys.stdlib_module_names) | {"rules", "__future__"}
    offenders = {
        str(path.relative_to(RULES.parent)): sorted(_imported_top_levels(path) - allowed)
        for path in RULES.rglob("*.py")
    }
    offenders = {k: v for k, v in offenders.items() if v}
    assert offenders == {}, f"rules/ must import only the standard library: {offenders}"


def test_rules_do_not_read_the_clock_or_global_random():
    banned = ("time.time(", "datetime.now(", "datetime.utcnow(", "random.random(", "random.shuffle(",
              "random.choice(", "random.randint(", "os.urandom(", "secrets.")
    hits = [
        f"{path.relative_to(RULES.parent)}: {b}"
        for path in RULES.rglob("*.py")
        for b in banned
        if b in path.read_text(encoding="utf-8")
    ]
    assert hits == []
