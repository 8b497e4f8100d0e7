"""Engine and card-data versions derived from the code and data themselves.

A match records which engine and which card data it started with, so a deploy that
changes either is never invisible (``subspace refold --check`` finds the matches whose
fold changed). A hand-kept number stays "1" through hundreds of rule changes; a hash of
what actually runs cannot. This module reads source files, so it lives outside the pure
``rules/`` package; each game's versions are computed once per process.

What goes in (documented in ``docs/interchange.md``):

- ``engine_version``: SHA-256 over the game's rules source — every ``*.py`` file of the
  package that defines the game (``rules/<game>/``, sub-packages included, its ``cards/``
  folder excepted) plus the shared rules modules every fold runs through (``rules/*.py``:
  protocol, match control, clock, RNG, orders, errors) — each as its path relative to
  ``rules/`` and its bytes, in path order. A game defined outside ``rules/`` (a plugin or
  a test double) hashes the files of its own module's package instead.
- ``card_data_version``: SHA-256 over every file under the game package's ``cards/``
  folder (card facts, mechanics, starter decks, their loaders), likewise; ``"none"`` for
  a game without one.

Both are shown as the first 16 hex digits (64 bits: plenty to tell versions apart).
"""
from __future__ import annotations

import hashlib
import inspect
from functools import lru_cache
from pathlib import Path

import rules
from rules.protocol import Game

DIGITS = 16
RULES_DIR = Path(rules.__file__).resolve().parent


def _inner(game: Game) -> Game:
    """The game under match control (``rules.get_game`` wraps every game)."""
    return getattr(game, "inner", game)


def _digest(files: list[Path], root: Path) -> str:
    sha = hashlib.sha256()
    for path in sorted(files, key=lambda p: p.relative_to(root).as_posix()):
        sha.update(path.relative_to(root).as_posix().encode() + b"\0")
        sha.update(path.read_bytes() + b"\0")
    return sha.hexdigest()[:DIGITS]


def _is_card_data(path: Path, package: Path) -> bool:
    return (package / "cards") in path.parents


@lru_cache(maxsize=None)
def _versions(package: Path, module_file: Path) -> tuple[str, str]:
    shared = list(RULES_DIR.glob("*.py"))
    if RULES_DIR in package.parents:
        own = [p for p in package.rglob("*.py") if not _is_card_data(p, package)]
        engine = _digest(shared + own, RULES_DIR)
    else:  # a plugin or test double: its own module plus the shared rules it runs through
        engine = _digest_apart(shared, module_file)
    cards_dir = package / "cards"
    card_files = [p for p in cards_dir.rglob("*") if p.is_file() and "__pycache__" not in p.parts] if (
        RULES_DIR in package.parents and cards_dir.is_dir()) else []
    cards = _digest(card_files, cards_dir) if card_files else "none"
    return engine, cards


def _digest_apart(shared: list[Path], module_file: Path) -> str:
    """Shared rules and an outside module, each relative to its own folder."""
    sha = hashlib.sha256()
    sha.update(_digest(shared, RULES_DIR).encode())
    sha.update(_digest([module_file], module_file.parent).encode())
    return sha.hexdigest()[:DIGITS]


def engine_versions(game: Game) -> dict[str, str]:
    """``{"engine_version", "card_data_version"}`` of ``game`` as this process runs it."""
    engine, cards = _versions_of_class(type(_inner(game)))
    return {"engine_version": engine, "card_data_version": cards}


@lru_cache(maxsize=None)
def _versions_of_class(cls: type) -> tuple[str, str]:
    """Once per game class: ``GET /v1/games`` and every new match ask."""
    module_file = Path(inspect.getfile(inspect.getmodule(cls))).resolve()  # type: ignore[arg-type]
    return _versions(module_file.parent, module_file)


__all__ = ["engine_versions"]
