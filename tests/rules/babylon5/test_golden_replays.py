"""Golden replays: recorded games (config + seed + actions → final state hash) re-folded.

Any engine change that changes how a recorded game plays out shows up here. After an
intended rules change, re-record with ``.venv/bin/python -m tests.rules.babylon5.test_golden_replays``
and say why in the commit.
"""
from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from rules.babylon5.game import GAME

from . import fixtures as F

FOLDER = Path(__file__).with_name("golden")
GAMES = [(("human", "narn"), "b5-golden-1", 10), (("minbari", "centauri", "narn"), "b5-golden-2", 6),
         (("human", "narn", "minbari", "centauri", "non-aligned"), "b5-golden-3", 3)]


def state_hash(state: dict) -> str:
    return hashlib.sha256(json.dumps(state, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def fold(rec: dict) -> dict:
    state = GAME.setup(rec["config"], rec["seed"])
    for ev in rec["events"]:
        GAME.validate(state, ev["seat"], ev["payload"])
        state = GAME.apply(state, {"seat": ev["seat"], "type": "action", "payload": ev["payload"]})
    return state


def record(races, seed: str, turns: int) -> dict:
    config = F.config(list(races), turn_limit=turns)
    state = GAME.setup(config, seed)
    r = random.Random(seed)
    events = []
    while state["outcome"] is None:
        seat = GAME.deciding_seats(state)[0]
        payload = r.choice(GAME.legal_actions(state, seat))
        events.append({"seat": seat, "payload": payload})
        state = GAME.apply(state, {"seat": seat, "type": "action", "payload": payload})
    return {"config": config, "seed": seed, "events": events, "outcome": state["outcome"],
            "final_state_sha256": state_hash(state)}


def _files():
    return sorted(FOLDER.glob("*.json"))


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.stem)
def test_golden_replay_refolds_to_the_recorded_final_state(path):
    rec = json.loads(path.read_text())
    state = fold(rec)
    assert state["outcome"] == rec["outcome"]
    assert state_hash(state) == rec["final_state_sha256"]


def test_there_are_golden_replays():
    assert len(_files()) >= 3


if __name__ == "__main__":
    FOLDER.mkdir(exist_ok=True)
    for races, seed, turns in GAMES:
        rec = record(races, seed, turns)
        (FOLDER / f"{seed}.json").write_text(json.dumps(rec, separators=(",", ":")) + "\n")
        print(seed, len(rec["events"]), rec["outcome"])
