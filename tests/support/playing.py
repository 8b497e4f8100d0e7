"""Playing the three card games in tests: starter-deck configs and a seeded game loop.

Shared by the catalogue tests, the purposeful-player tests and ``ops/bench``: one place
that knows how to seat starter decks of a game (Babylon 5 needs one race per seat) and how
to run a game to its end with a chooser per seat.
"""
from __future__ import annotations

import random
from typing import Callable, Iterator

import rules
from rules.protocol import Game

Chooser = Callable[[dict, int, list[dict]], dict]


def starter_seats(game: Game, players: int, offset: int = 0) -> list[dict]:
    """``players`` seats, each a different starter deck (so Babylon 5 races differ)."""
    decks = [d["id"] for d in game.starter_decks()]
    return [{"name": f"P{i}", "deck": decks[(i + offset) % len(decks)]} for i in range(players)]


def new_game(game_id: str, players: int, seed: str, offset: int = 0) -> tuple[Game, dict]:
    game = rules.get_game(game_id)
    config = game.build_config(game.default_ruleset, starter_seats(game, players, offset))
    return game, game.setup(config, seed)


def random_chooser(seed: str) -> Chooser:
    rnd = random.Random(seed)
    return lambda state, seat, actions: rnd.choice(actions)


def play(game: Game, state: dict, choose: dict[int, Chooser] | Chooser, max_events: int = 20000
         ) -> Iterator[tuple[int, dict]]:
    """Yield ``(n, state)`` after each event until the match ends (or ``max_events``)."""
    for n in range(1, max_events + 1):
        seats = game.deciding_seats(state)
        if not seats:
            return
        seat = seats[0]
        actions = game.legal_actions(state, seat)
        pick = choose[seat] if isinstance(choose, dict) else choose
        state = game.apply(state, {"seat": seat, "type": "action", "payload": pick(state, seat, actions)})
        yield n, state


def bot_chooser(game: Game, seed: str) -> Chooser:
    """Every seat the game's purposeful player, seeded per decision from ``seed``."""
    count = [0]

    def choose(state: dict, seat: int, actions: list[dict]) -> dict:
        count[0] += 1
        if game.bot is None:
            return random.Random(f"{seed}:{count[0]}").choice(actions)
        return game.bot.choose(state, seat, actions, f"{seed}:{count[0]}")
    return choose
