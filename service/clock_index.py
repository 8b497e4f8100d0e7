"""The service's side of clocks: its one time source and keeping the deadline index
(``store.deadlines``) in step with a clocked match after every append.

``now_iso()`` is ``store.match_store.utc_now_iso`` — ``datetime.now`` underneath, so
freezegun freezes the whole service — and the ``ts`` it returns is stamped on the event,
the only time the reducer ever sees.
"""
from __future__ import annotations

import redis

from replays import current_state
from rules import control
from rules.protocol import Game
from store import MatchStore, deadlines
from store.match_store import utc_now_iso


def now_iso() -> str:
    return utc_now_iso()


def reschedule(conn: redis.Redis, match_id: str, state: dict) -> None:
    """Keep the deadline index in step with a clocked match's state: bring its wake-up
    earlier if this state needs it sooner (never later, never removed: a concurrent request
    may hold a newer state; the clock job sets the exact value)."""
    wake = control.next_wake(state) if control.record(state) is not None else None
    if wake is not None:
        deadlines.schedule_earlier(conn, match_id, wake)


def start_clock(store: MatchStore, game: Game, match_id: str, spec: dict, seats: int) -> int:
    """Append the ``clock_start`` event of a new match (version 1) and index its deadlines."""
    event = {"type": "clock_start", "seat": None, "payload": {"clock": spec, "seats": seats}}
    result = store.append(match_id, 0, event, ts=now_iso())
    _, state = current_state(store, game, match_id)
    reschedule(store.conn, match_id, state)
    return result.version
