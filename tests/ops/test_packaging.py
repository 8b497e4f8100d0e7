"""What a built wheel ships: setuptools packages only folders with ``__init__.py`` (code)
and the data of the namespace folders ``setup.cfg`` lists. An editable install hides a
missing ``__init__.py``; CI also builds and installs the wheel (``ops/scripts/check-wheel``).
"""
from __future__ import annotations

import configparser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("service", "workers", "schemas", "replays", "rules", "store")


def test_every_folder_with_python_code_is_a_regular_package():
    missing = [
        str(folder.relative_to(ROOT))
        for top in PACKAGES
        for folder in [ROOT / top, *(ROOT / top).rglob("*")]
        if folder.is_dir() and folder.name != "__pycache__"
        and any(folder.glob("*.py")) and not (folder / "__init__.py").exists()
    ]
    assert not missing, f"no __init__.py (a wheel would not ship them): {missing}"


def test_card_data_suffixes_are_package_data():
    config = configparser.ConfigParser()
    config.read(ROOT / "setup.cfg")
    patterns = {p.strip() for p in config["options.package_data"]["*"].split(",")}
    suffixes = {p.suffix for top in PACKAGES for p in (ROOT / top).rglob("*")
                if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".py"}
    assert {f"*{s}" for s in suffixes} <= patterns, suffixes
