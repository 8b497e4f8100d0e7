"""Each card game's timeline mark (``timeline_mark``: turn number and phase, which the
replay viewer steps by) is what the spectator's view shows at every step of random games:
public facts only, read without building a view (``replays.timeline``)."""
from __future__ import annotations

import random

import pytest

import rules
from replays.timeline import mark_from_view, mark_of
from rules.protocol import SPECTATOR

DECKS = {"stargate": ("oneil", "apophis"), "startrek2e": ("federation", "klingon"), "babylon5": ("human", "minbari")}


@pytest.mark.parametrize("game_id", sorted(DECKS))
@pytest.mark.parametrize("seed", ["t1", "t2"])
def test_the_mark_is_the_spectators_turn_and_phase_at_every_step(game_id, seed):
    game = rules.get_game(game_id)
    config = game.build_config(game.default_ruleset, [{"name": n, "deck": d} for n, d in zip("AB", DECKS[game_id])])
    state = game.setup(config, seed)
    rng = random.Random(seed)
    marks = []
    for _ in range(400):
        mark = mark_of(game, state)
        assert mark == mark_from_view(game.view(state, SPECTATOR))
        marks.append(mark)
        seats = game.deciding_seats(state)
        if not seats:
            break
        seat = seats[0]
        state = game.apply(state, {"type": "action", "seat": seat, "payload": rng.choice(game.legal_actions(state, seat))})
    turns = [m["turn"] for m in marks]
    assert turns == sorted(turns) and turns[-1] >= 2, "turns only go forward, and the run saw more than one"
    assert len({m["phase"] for m in marks}) >= 2


def test_a_view_without_turns_or_phases_gives_none():
    assert mark_from_view({"plays": 3}) == {"turn": None, "phase": None}
    assert mark_from_view({"turn": 4, "phase": "draw_round.buy"}) == {"turn": 4, "phase": "draw_round"}
    assert mark_from_view({"turn": True}) == {"turn": None, "phase": None}
