"""The four starter decks go through the engine's own deck check and play a four-player
game to its end (the contract between the card pool and the engine, end to end)."""
from __future__ import annotations

import random

import pytest

game_module = pytest.importorskip("rules.babylon5.game")
GAME = game_module.GAME


def test_the_engine_accepts_the_starter_decks_and_plays_them_to_an_outcome():
    config = GAME.build_config("1.3b", [{"deck": d} for d in ("human", "minbari", "centauri", "narn")])
    assert [s["ambassador"] for s in config["seats"]] == [
        "ambassador-helena-voss", "ambassador-tessarel", "ambassador-corvino-meraldi", "ambassador-rokesh"]
    assert all(len(s["deck"]) == 45 for s in config["seats"])
    state = GAME.setup(config, "starter-smoke")
    rnd = random.Random(5)
    for _ in range(20000):
        if state["outcome"] is not None:
            break
        seat = GAME.deciding_seats(state)[0]
        state = GAME.apply(state, {"seat": seat, "type": "action",
                                   "payload": rnd.choice(GAME.legal_actions(state, seat))})
    assert state["outcome"] is not None and state["outcome"]["winners"]
