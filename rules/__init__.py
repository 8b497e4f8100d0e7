"""Pure rules reducers, one package per game. Imports only the standard library.

``get_game`` returns a game wrapped in match control (``rules.control.ControlledGame``),
so every fold also folds the clock, resignations, claims and draws. Games register lazily so importing
``rules`` stays cheap; tests may ``register`` extra games (the tiny test game).
"""
from __future__ import annotations

import importlib

from .errors import InvalidRequest
from .control import controlled
from .protocol import Game

_BUILTIN = {
    "stargate": "rules.stargate.game:GAME",
    "babylon5": "rules.babylon5.game:GAME",
    "startrek2e": "rules.startrek2e.game:GAME",
}
_REGISTERED: dict[str, Game] = {}


def register(game: Game) -> None:
    _REGISTERED[game.id] = controlled(game)


def unregister(game_id: str) -> None:
    _REGISTERED.pop(game_id, None)


def available() -> list[str]:
    return sorted(set(_BUILTIN) | set(_REGISTERED))


def get_game(game_id: str) -> Game:
    if game_id in _REGISTERED:
        return _REGISTERED[game_id]
    target = _BUILTIN.get(game_id)
    if target is None:
        raise InvalidRequest(
            f"unknown game '{game_id}'; known games: {', '.join(available())}",
            code="unknown_game",
        )
    module, attr = target.split(":")
    game = controlled(getattr(importlib.import_module(module), attr))
    _REGISTERED[game_id] = game
    return game
