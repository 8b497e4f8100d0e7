"""Whose turn is a bot's, and scheduling it: what every appender needs after an event.

Its own module because the fold job (``workers.jobs``), the follow-up steps of an append
(``workers.after_event``) and the bot runner (``workers.bots``, which folds through
``workers.jobs``) all need it: owned here, none of them imports another in a circle.
"""
from __future__ import annotations

import time

import redis

from rules.protocol import Game, State
from store.bots import BotSchedule


def bot_seat(meta: dict, seat: int) -> dict | None:
    bots = meta.get("seat_bots") or []
    return bots[seat] if 0 <= seat < len(bots) else None


def schedule_if_bot_turn(conn: redis.Redis, match_id: str, meta: dict, game: Game, state: State,
                         now: float | None = None) -> bool:
    """If a bot seat must decide now, schedule it after its pace; True if scheduled."""
    if not meta.get("seat_bots") or game.outcome(state) is not None:
        return False
    for seat in game.deciding_seats(state):
        bot = bot_seat(meta, seat)
        if bot is not None:
            BotSchedule(conn).schedule(match_id, (now if now is not None else time.time()) + bot["pace_seconds"])
            return True
    return False
