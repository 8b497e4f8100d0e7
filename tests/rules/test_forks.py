"""Forks (issue 14 item 2), pure: ``rules.forks``.

An exact fork at N of a recorded game (the golden replays of each game) continues exactly
as the original did when fed the same actions: the states agree after every action. A
seat's fork of a live position is a re-draw: the seat's own view of it is identical to its
view of the original, the cards it may not identify are not where they were (with a fixed
seed), every RNG state is fresh, and the re-drawn position plays on legally.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import rules
from rules import forks
from rules.errors import ForkUnavailable
from rules.protocol import shown_cards, shown_faces
from tests.rules.golden import state_hash

GOLDEN = {
    "stargate": Path(__file__).parent / "stargate" / "golden",
    "startrek2e": Path(__file__).parent / "startrek2e" / "golden",
    "babylon5": Path(__file__).parent / "babylon5" / "golden",
}


def _apply(game, state, ev):
    return game.apply(state, {"seat": ev["seat"], "type": "action", "payload": ev["payload"]})


@pytest.mark.parametrize("game_id", sorted(GOLDEN))
def test_exact_fork_of_a_recorded_game_continues_as_the_original(game_id):
    game = rules.get_game(game_id)
    rec = json.loads(sorted(GOLDEN[game_id].glob("*.json"))[0].read_text())
    events = rec["events"]
    originals = [game.setup(rec["config"], rec["seed"])]
    for ev in events:
        originals.append(_apply(game, json.loads(json.dumps(originals[-1])), ev))
    for at in sorted({0, 1, len(events) // 3, len(events) // 2, len(events) - 1}):
        fork = forks.exact(originals[at])
        for n, ev in enumerate(events[at:], start=at + 1):
            game.validate(fork, ev["seat"], ev["payload"])
            fork = _apply(game, fork, ev)
            assert state_hash(fork) == state_hash(originals[n]), (at, n)
        assert game.outcome(fork) == rec["outcome"]


def _random_position(game_id: str, seed: str, events: int):
    from tests.support.playing import new_game

    game, state = new_game(game_id, 2, seed)
    r = random.Random(seed)
    for _ in range(events):
        seat = game.deciding_seats(state)[0]
        state = game.apply(state, {"seat": seat, "type": "action", "payload": r.choice(game.legal_actions(state, seat))})
    return game, state


def _redrawable_positions(game_id: str, seat: int, wanted: int = 3):
    """Positions of a random game where ``seat`` may fork (no unknown card in play)."""
    found = []
    game, state = _random_position(game_id, f"fork-{game_id}", 0)
    r = random.Random(game_id)
    for n in range(400):
        if game.outcome(state) is not None or len(found) >= wanted:
            break
        if n % 4 == 0:
            try:
                forks.redraw_for_seat(game, state, seat, "probe")
                found.append(json.loads(json.dumps(state)))
            except ForkUnavailable:
                pass
        s = game.deciding_seats(state)[0]
        state = game.apply(state, {"seat": s, "type": "action", "payload": r.choice(game.legal_actions(state, s))})
    return game, found


@pytest.mark.parametrize("game_id", sorted(GOLDEN))
@pytest.mark.parametrize("seat", [0, 1])
def test_a_seat_fork_is_a_redraw_that_looks_the_same_to_the_seat(game_id, seat):
    game, positions = _redrawable_positions(game_id, seat)
    assert positions, "no position where this seat may fork"
    for state in positions:
        before = json.dumps(state, sort_keys=True)
        fork = forks.redraw_for_seat(game, state, seat, "fixed-seed")
        assert json.dumps(state, sort_keys=True) == before  # the original is untouched
        assert game.view(fork, seat) == game.view(state, seat)  # the caller sees no difference
        unknown = sorted(set(state["cards"]) - shown_cards(game.view(state, seat)))
        moved = [c for c in unknown if fork["cards"][c] != state["cards"][c]]
        assert len(moved) >= len(unknown) // 2  # a re-draw, not the original's hidden cards
        assert fork["rng"] != state["rng"] and fork["rng"]["n"] == 0
        assert forks.redraw_for_seat(game, state, seat, "fixed-seed") == fork  # seeded: reproducible
        # every face the other seats' views of the fork show for an unknown card is the
        # fork's re-drawn face: nothing of the original's hidden cards is left to read
        for other in range(len(state["seats"])):
            for card_id, face in shown_faces(game.view(fork, other)).items():
                if card_id in unknown and game.card_key in face:
                    record = fork["cards"][card_id]
                    assert face[game.card_key] == record.get("guid", record.get("def"))
        # the re-drawn position plays on legally
        r = random.Random(1)
        for _ in range(25):
            if game.outcome(fork) is not None:
                break
            s = game.deciding_seats(fork)[0]
            action = r.choice(game.legal_actions(fork, s))
            game.validate(fork, s, action)
            fork = game.apply(fork, {"seat": s, "type": "action", "payload": action})


def test_a_hidden_card_in_play_refuses_a_seat_fork():
    """Babylon 5 plays cards face down: a position with one is not re-drawable."""
    game = rules.get_game("babylon5")
    _, state = _random_position("babylon5", "fork-b5-refuse", 0)
    r = random.Random(3)
    for _ in range(400):
        s = game.deciding_seats(state)[0]
        try:
            forks.redraw_for_seat(game, state, 1 - s, "x")
        except ForkUnavailable as exc:
            assert exc.code == "fork_unavailable" and exc.details == {"seat": 1 - s}
            return
        state = game.apply(state, {"seat": s, "type": "action", "payload": r.choice(game.legal_actions(state, s))})
    pytest.fail("no face-down card in 400 random events")


def test_reseed_replaces_every_rng_state():
    state = {"rng": {"seed": "a", "n": 5}, "deep": [{"r": {"seed": "b", "n": 1}}], "other": {"seed": "x", "n": 1, "k": 2}}
    forks.reseed(state, "new")
    assert state["rng"] == {"seed": "new/fork/rng", "n": 0}
    assert state["deep"][0]["r"] == {"seed": "new/fork/deep/0/r", "n": 0}
    assert state["other"]["seed"] == "x"  # not an RNG state: left alone
