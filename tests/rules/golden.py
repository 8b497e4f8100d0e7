"""Golden replays shared by every game: a recorded game is its config, seed and actions
plus the hash of the final state, like python-chess's perft files. Each game's
``test_golden_replays.py`` names its recorded games and how to build their configs; this
module records, stores and re-folds them the same way for all."""
from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Callable

from rules.protocol import Game


def state_hash(state: dict) -> str:
    return hashlib.sha256(json.dumps(state, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def fold(game: Game, record: dict) -> dict:
    """Re-fold a record, checking every action is still legal where it was taken."""
    state = game.setup(record["config"], record["seed"])
    for ev in record["events"]:
        game.validate(state, ev["seat"], ev["payload"])
        state = game.apply(state, {"seat": ev["seat"], "type": "action", "payload": ev["payload"]})
    return state


def record(game: Game, config: dict, seed: str,
           pick: Callable[[dict, int, random.Random], dict] | None = None) -> dict:
    """Play a game to its end from ``config`` and ``seed``: each deciding seat takes
    ``pick(state, seat, rng)`` (default: a random legal action)."""
    pick = pick or (lambda state, seat, r: r.choice(game.legal_actions(state, seat)))
    state = game.setup(config, seed)
    r = random.Random(seed)
    events = []
    while game.outcome(state) is None:
        seat = game.deciding_seats(state)[0]
        payload = pick(state, seat, r)
        events.append({"seat": seat, "payload": payload})
        state = game.apply(state, {"seat": seat, "type": "action", "payload": payload})
    return {"config": config, "seed": seed, "events": events, "outcome": game.outcome(state),
            "final_state_sha256": state_hash(state)}


def files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json"))


def check(game: Game, path: Path) -> None:
    """The recorded game re-folds to the recorded outcome and final state."""
    rec = json.loads(path.read_text())
    state = fold(game, rec)
    assert game.outcome(state) == rec["outcome"]
    assert state_hash(state) == rec["final_state_sha256"]


def write(folder: Path, rec: dict) -> None:
    """Store a record (after an intended rules change; say why in the commit)."""
    folder.mkdir(exist_ok=True)
    (folder / f"{rec['seed']}.json").write_text(json.dumps(rec, separators=(",", ":")) + "\n")
    print(rec["seed"], len(rec["events"]), rec["outcome"])
