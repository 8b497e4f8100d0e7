"""Golden replays: recorded games (config + seed + actions → final state hash) re-folded.

Like python-chess's perft files: any change to the engine that changes how a recorded
game plays out shows up here. After an intended rules change, re-record with
``.venv/bin/python -m tests.rules.stargate.test_golden_replays`` and say why in the commit.
"""
from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from rules.stargate.game import GAME

FOLDER = Path(__file__).with_name("golden")
GAMES = [("oneil", "seed-golden-1", "current"), ("jackson", "seed-golden-2", "first-edition"),
         ("tealc", "seed-golden-3", "current")]


def state_hash(state: dict) -> str:
    return hashlib.sha256(json.dumps(state, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def fold(record: dict) -> dict:
    state = GAME.setup(record["config"], record["seed"])
    for ev in record["events"]:
        GAME.validate(state, ev["seat"], ev["payload"])
        state = GAME.apply(state, {"seat": ev["seat"], "type": "action", "payload": ev["payload"]})
    return state


def record(deck_a: str, seed: str, ruleset: str) -> dict:
    ids = [d["id"] for d in GAME.starter_decks()]
    deck_b = ids[(ids.index(deck_a) + 5) % len(ids)] if deck_a in ids else ids[1]
    config = GAME.build_config(ruleset, [{"deck": deck_a if deck_a in ids else ids[0]}, {"deck": deck_b}])
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
    for deck, seed, ruleset in GAMES:
        rec = record(deck, seed, ruleset)
        (FOLDER / f"{seed}.json").write_text(json.dumps(rec, separators=(",", ":")) + "\n")
        print(seed, len(rec["events"]), rec["outcome"])
