"""Golden replays: recorded games (config + seed + actions → final state hash) re-folded.

Any engine change that changes how a recorded game plays out shows up here. After an
intended rules change, re-record with ``.venv/bin/python -m tests.rules.babylon5.test_golden_replays``
and say why in the commit.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from rules.babylon5.game import GAME
from tests.rules import golden

from . import fixtures as F

FOLDER = Path(__file__).with_name("golden")
GAMES = [(("human", "narn"), "b5-golden-1", 10), (("minbari", "centauri", "narn"), "b5-golden-2", 6),
         (("human", "narn", "minbari", "centauri", "non-aligned"), "b5-golden-3", 3)]


def record(races, seed: str, turns: int) -> dict:
    config = F.config(list(races), turn_limit=turns)
    return golden.record(GAME, config, seed)


@pytest.mark.parametrize("path", golden.files(FOLDER), ids=lambda p: p.stem)
def test_golden_replay_refolds_to_the_recorded_final_state(path):
    golden.check(GAME, path)


def test_there_are_golden_replays():
    assert len(golden.files(FOLDER)) >= 3


if __name__ == "__main__":
    for races, seed, turns in GAMES:
        golden.write(FOLDER, record(races, seed, turns))
