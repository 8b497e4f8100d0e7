"""The architecture is checked, not just drawn (issue 13 item 1).

The test command runs three tools over the code, configured in pyproject.toml:

- import-linter: the project's layers (service > workers | schemas > replays > store > rules)
  and each game's layered core (state → derived values → effects → phases and decisions);
  a module that imports upwards, even inside a function, breaks its contract.
- ruff: pyflakes and bugbear, the checks that find bugs (undefined names, unused imports,
  mutable defaults), not style.
- mypy: every module off the ratchet list in pyproject.toml type-checks.

Each runs as its own process, as a developer would run it, and a failure shows its output.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
PACKAGES = ["service", "workers", "replays", "store", "rules", "schemas"]


def _run(tool: str, *args: str) -> None:
    exe = BIN / tool
    if not exe.exists():  # installed as a module only (no console script on PATH)
        pytest.fail(f"{tool} is not installed: pip install -e '.[test]'")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([str(exe), *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{tool} {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"


def test_import_contracts_are_kept():
    # --no-cache: the grimp cache lives in the checkout otherwise, and a stale one could hide a new import
    _run("lint-imports", "--no-cache")


def test_ruff_finds_nothing():
    _run("ruff", "check", "--no-cache", *PACKAGES, "tests", "ops")


def test_mypy_passes():
    _run("mypy", "--cache-dir", str(ROOT / ".mypy_cache"))
