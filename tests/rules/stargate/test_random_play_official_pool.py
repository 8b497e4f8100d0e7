"""Fuzz: random decks from the whole official card pool (any card with mechanics, deck rules
ignored) play to the end without an error; invariants checked along the way. Constructs
the interpreter does not run yet must never crash a match."""
import random

import pytest

from rules.stargate.cards import card_db, starters
from rules.stargate.game import GAME

from .helpers import check_invariants


@pytest.mark.parametrize("k", range(6))
def test_random_official_decks_play_without_errors(k):
    db = card_db()
    pool = sorted(g for g, d in db.items() if d["official"] and d["mechanics"] is not None
                  and d["type"] != "mission" and d.get("subtype") != "team")
    r = random.Random(k)
    seats = []
    for s in range(2):
        st = r.choice(starters())
        seats.append({"name": str(s), "team": st["team"], "missions": st["missions"],
                      "deck": [r.choice(pool) for _ in range(50)]})
    state = GAME.setup({"ruleset": "current", "seats": seats}, f"fuzz{k}")
    n = 0
    while state["outcome"] is None and n < 5000:
        seat = GAME.deciding_seats(state)[0]
        state = GAME.apply(state, {"seat": seat, "type": "action", "payload": r.choice(GAME.legal_actions(state, seat))})
        n += 1
        if n % 10 == 0:
            check_invariants(state)
    assert state["outcome"] is not None
