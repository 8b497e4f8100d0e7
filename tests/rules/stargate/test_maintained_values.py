"""Maintained values equal a from-scratch computation after every event (issue 13, item 1).

Stargate's victory check reads ~90 numbers; inside ``stats.reading`` a number no active
static or cost rule changes skips the walk over every static (``stats._unmodified_by_text``,
the index of statics by the stat they modify). After every event of random and purposeful
games every number and the victory check must equal the full walk.
"""
from __future__ import annotations

from contextlib import contextmanager

import pytest

from rules.stargate import state as S
from rules.stargate import stats, victory
from tests.support.playing import bot_chooser, new_game, play, random_chooser

STATS = ("experience", "point_value", "cost", "firepower", "revive")


@contextmanager
def full_walk():
    """Every number read walks every active static, as before the index."""
    saved = stats._unmodified_by_text
    stats._unmodified_by_text = lambda *args: False
    try:
        yield
    finally:
        stats._unmodified_by_text = saved


def numbered_cards(state: dict) -> list[str]:
    """Every card whose numbers the victory check or the flow reads."""
    cards = set(S.in_play(state))
    for seat in state["seats"]:
        cards |= set(seat["score_pile"]) | set(seat["team"]) | set(seat["hand"])
    return sorted(cards)


def numbers(state: dict) -> dict:
    with stats.reading(state):
        return {(i, stat): stats.number(state, i, stat) for i in numbered_cards(state) for stat in STATS}


def assert_maintained_equal_fresh(state: dict) -> None:
    fast = numbers(state)
    with stats.reading(state):
        fast_winner = victory._winner(state)
    with full_walk():
        slow = numbers(state)
        with stats.reading(state):
            slow_winner = victory._winner(state)
    assert fast == slow
    assert fast_winner == slow_winner


GAMES = [("random", 2, "maintained-r0"), ("random", 2, "maintained-r1"), ("bot", 2, "maintained-b0"),
         ("random", 3, "maintained-r3p")]


@pytest.mark.parametrize("kind,players,seed", GAMES)
def test_numbers_and_victory_equal_a_full_computation_after_every_event(kind, players, seed):
    game, state = new_game("stargate", players, seed, offset=len(seed))
    chooser = random_chooser(seed) if kind == "random" else bot_chooser(game, seed)
    n = 0
    for n, state in play(game, state, chooser, max_events=600):
        if state["outcome"] is None:
            assert_maintained_equal_fresh(state)
    assert n > 50
