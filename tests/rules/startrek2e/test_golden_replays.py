"""Golden replays: recorded games (config + seed + actions → final state hash) re-folded.

Any engine change that changes how a recorded game plays out shows up here. The configs
embed the cards they use (``extra_cards``), so edits to the card pool do not move them.
After an intended rules change, re-record with
``.venv/bin/python -m tests.rules.startrek2e.test_golden_replays`` and say why in the commit.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.startrek2e import state as S
from rules.startrek2e.game import GAME
from tests.rules import golden

FOLDER = Path(__file__).with_name("golden")
GAMES = [("fixture", "fed", "kli", "st2e-golden-1"), ("fixture", "kli", "fed", "st2e-golden-2"),
         ("starter", "klingon", "romulan", "st2e-golden-3"), ("starter", "cardassian", "bajoran", "st2e-golden-4"),
         ("fixture", "fed-easy", "kli-easy", "st2e-golden-win-3")]


def config_for(kind: str, a: str, b: str) -> dict:
    if kind == "fixture":
        from . import fixtures
        return fixtures.config(a, b)
    config = GAME.build_config("standard", [{"deck": a}, {"deck": b}])
    used = {g for seat in config["seats"] for k in ("missions", "dilemmas", "deck") for g in seat[k]}
    config["extra_cards"] = {g: S.card_db_for({})[g] for g in sorted(used)}
    return config


def record(kind: str, a: str, b: str, seed: str) -> dict:
    from .helpers import pick_action
    config = config_for(kind, a, b)
    return golden.record(GAME, config, seed, pick_action)


@pytest.mark.parametrize("path", golden.files(FOLDER), ids=lambda p: p.stem)
def test_golden_replay_refolds_to_the_recorded_final_state(path):
    golden.check(GAME, path)


def test_there_are_golden_replays_and_one_ends_in_a_100_point_victory():
    assert len(golden.files(FOLDER)) >= 3
    assert any(json.loads(p.read_text())["outcome"]["reason"].startswith("100 points") for p in golden.files(FOLDER))


if __name__ == "__main__":
    for kind, a, b, seed in GAMES:
        golden.write(FOLDER, record(kind, a, b, seed))
