"""The purposeful players (``game.bot_action`` / each game's ``bot`` module): their games end
by the game's real victory conditions, with the rules' invariants held after every few
events; they choose only legal actions, purely (same state and seed, same action; the state
untouched) and without reading what their seat may not see."""
from __future__ import annotations

import copy
import importlib
import json
import random

import pytest

from tests.support.playing import bot_chooser, new_game, play

# the outcome reasons that are the game's real victory conditions (not a deck running out)
VICTORIES = {
    "startrek2e": ("100 points with a planet and a space mission completed",),
    "stargate": ("experience", "seven glyphs", "villain score pile"),
    "babylon5": ("standard victory", "major victory"),
}
CASES = [  # game, players, games, at least this many by a victory condition (ops/bench/bench_players.py: shares)
    ("startrek2e", 2, 4, 3), ("startrek2e", 3, 2, 1), ("stargate", 2, 3, 3), ("babylon5", 3, 4, 1),
    ("babylon5", 5, 3, 1)]


def _invariants(game_id: str):
    return importlib.import_module(f"tests.rules.{game_id}.helpers").check_invariants


@pytest.mark.parametrize("game_id,players,games,wins", CASES)
def test_purposeful_games_end_by_the_real_victory_conditions(game_id, players, games, wins):
    check = _invariants(game_id)
    reasons = []
    for g in range(games):
        seed = f"bot-{game_id}-{players}-{g}"
        game, state = new_game(game_id, players, seed, offset=g)
        chooser = bot_chooser(game, seed)

        def legal_only(state, seat, actions):
            action = chooser(state, seat, actions)
            assert action in actions
            return action
        for n, state in play(game, state, legal_only):
            if n % 10 == 0:
                check(state, views=n % 50 == 0)
        check(state)
        assert state["outcome"] is not None
        reasons.append(state["outcome"]["reason"])
    assert sum(r.startswith(VICTORIES[game_id]) for r in reasons) >= wins, reasons


def _hide_differently(game_id: str, state: dict, seat: int, rnd: random.Random) -> dict:
    """The same state as ``seat`` sees it, with every other seat's hand and deck dealt
    differently (the hidden cards swapped among themselves)."""
    other = copy.deepcopy(state)
    for s, sd in enumerate(other["seats"]):
        if s == seat:
            continue
        pool = sd["hand"] + sd["deck"]
        rnd.shuffle(pool)
        hand, deck = pool[:len(sd["hand"])], pool[len(sd["hand"]):]
        for iid in hand:
            _rezone(other, iid, "hand")
        for iid in deck:
            _rezone(other, iid, "deck")
        sd["hand"][:], sd["deck"][:] = hand, deck
    return other


def _rezone(state: dict, iid: str, zone: str) -> None:
    state["cards"][iid]["zone"] = zone


@pytest.mark.parametrize("game_id", sorted(VICTORIES))
def test_the_player_is_pure_and_reads_only_its_own_view(game_id):
    game, state = new_game(game_id, 2, f"pure-{game_id}")
    rnd = random.Random(1)
    checked = 0
    for n, state in play(game, state, bot_chooser(game, "pure"), max_events=1500):
        if n % 9:
            continue
        seat = game.deciding_seats(state)
        if not seat:
            break
        seat = seat[0]
        before = json.dumps(state, sort_keys=True)
        action = game.bot_action(state, seat, f"s{n}")
        assert json.dumps(state, sort_keys=True) == before  # pure: the state is untouched
        assert action == game.bot_action(state, seat, f"s{n}") and action in game.legal_actions(state, seat)
        other = _hide_differently(game_id, state, seat, rnd)
        if game.legal_actions(other, seat) == game.legal_actions(state, seat):
            assert game.bot_action(other, seat, f"s{n}") == action
            checked += 1
    assert checked > 20
