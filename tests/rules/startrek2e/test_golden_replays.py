"""Golden replays: recorded games (config + seed + actions → final state hash) re-folded.

Any engine change that changes how a recorded game plays out shows up here. The configs
embed the cards they use (``extra_cards``), so edits to the card pool do not move them.
After an intended rules change, re-record with
``.venv/bin/python -m tests.rules.startrek2e.test_golden_replays`` and say why in the commit.
"""
from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from rules.startrek2e import state as S
from rules.startrek2e.game import GAME

FOLDER = Path(__file__).with_name("golden")
GAMES = [("fixture", "fed", "kli", "st2e-golden-1"), ("fixture", "kli", "fed", "st2e-golden-2"),
         ("starter", "klingon", "romulan", "st2e-golden-3"), ("starter", "cardassian", "bajoran", "st2e-golden-4"),
         ("fixture", "fed-easy", "kli-easy", "st2e-golden-win-3")]


def state_hash(state: dict) -> str:
    return hashlib.sha256(json.dumps(state, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def fold(record: dict) -> dict:
    state = GAME.setup(record["config"], record["seed"])
    for ev in record["events"]:
        GAME.validate(state, ev["seat"], ev["payload"])
        state = GAME.apply(state, {"seat": ev["seat"], "type": "action", "payload": ev["payload"]})
    return state


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
    state = GAME.setup(config, seed)
    r = random.Random(seed)
    events = []
    while state["outcome"] is None:
        seat = GAME.deciding_seats(state)[0]
        payload = pick_action(state, seat, r)
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


def test_there_are_golden_replays_and_one_ends_in_a_100_point_victory():
    assert len(_files()) >= 3
    assert any(json.loads(p.read_text())["outcome"]["reason"].startswith("100 points") for p in _files())


if __name__ == "__main__":
    FOLDER.mkdir(exist_ok=True)
    for kind, a, b, seed in GAMES:
        rec = record(kind, a, b, seed)
        (FOLDER / f"{seed}.json").write_text(json.dumps(rec, separators=(",", ":")) + "\n")
        print(seed, len(rec["events"]), rec["outcome"])
