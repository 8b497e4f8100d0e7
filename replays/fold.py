"""Folding events into a state: the only way a state ever changes outside ``setup``.

A fold copies the starting state once per batch (orjson round trip: states are plain JSON,
and it is several times faster than ``copy.deepcopy``) and then lets the game apply every
event in place. Copying per event would make folding a long log quadratic in state size
× events for no benefit: nobody else holds the intermediate states.
"""
from __future__ import annotations

from typing import Iterable

from rules.control import CONTROL_TYPES
from rules.protocol import Game, State
from rules.read_scope import listings_unread
from store import codec


def copy_state(state: State) -> State:
    """A deep copy of a JSON state."""
    return codec.loads(codec.dumps(state))


def apply_in_place(game: Game, state: State, events: Iterable[dict]) -> State:
    """Apply ``events`` to ``state`` itself. Only for a state the caller owns outright
    (e.g. freshly decoded from Redis); everyone else calls ``fold``.

    The state after an event followed by a game action is read by nobody but that action's
    ``apply``, so those events are applied inside ``rules.read_scope.listings_unread`` (a
    game may leave unlisted the options of a decision whose answer never reads them); the
    last event, and one followed by a control event, list everything."""
    events = events if isinstance(events, list) else list(events)
    last = len(events) - 1
    for n, event in enumerate(events):
        if n < last and events[n + 1].get("type") not in CONTROL_TYPES:
            with listings_unread():
                state = game.apply(state, event)
        else:
            state = game.apply(state, event)
    return state


def fold(game: Game, state: State, events: Iterable[dict]) -> State:
    """The state after ``events``, leaving ``state`` untouched (one copy per batch)."""
    return apply_in_place(game, copy_state(state), events)
