"""Golden replays: recorded games (config + seed + actions → final state hash) re-folded.

Like python-chess's perft files: any change to the engine that changes how a recorded
game plays out shows up here. After an intended rules change, re-record with
``.venv/bin/python -m tests.rules.stargate.test_golden_replays`` and say why in the commit.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from rules.stargate.game import GAME
from tests.rules import golden

FOLDER = Path(__file__).with_name("golden")
GAMES = [("oneil", "seed-golden-1", "current"), ("jackson", "seed-golden-2", "first-edition"),
         ("tealc", "seed-golden-3", "current")]


def record(deck_a: str, seed: str, ruleset: str) -> dict:
    ids = [d["id"] for d in GAME.starter_decks()]
    deck_b = ids[(ids.index(deck_a) + 5) % len(ids)] if deck_a in ids else ids[1]
    config = GAME.build_config(ruleset, [{"deck": deck_a if deck_a in ids else ids[0]}, {"deck": deck_b}])
    return golden.record(GAME, config, seed)


@pytest.mark.parametrize("path", golden.files(FOLDER), ids=lambda p: p.stem)
def test_golden_replay_refolds_to_the_recorded_final_state(path):
    golden.check(GAME, path)


def test_there_are_golden_replays():
    assert len(golden.files(FOLDER)) >= 3


if __name__ == "__main__":
    for deck, seed, ruleset in GAMES:
        golden.write(FOLDER, record(deck, seed, ruleset))
