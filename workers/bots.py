"""The server's player: seats a match creator gave to the server act here, at their pace.

Why a worker and not the request: the bot's move must never be computed inside a person's
request (it would slow every POST and tie the reply to the bot's thinking), and a
correspondence player wants it to answer after a human-looking pause. So a post that
passes the turn to a bot seat only *schedules* it (``schedule_if_bot_turn``, one ZADD in
``store.bots``); ``run_due`` — called in a loop by ``subspace bots`` (and by ``subspace
serve``'s background thread with the embedded Redis) — claims each due match, asks the
game's purposeful player (``game.bot_action``) for the seat's action, validates it like any
post and appends it with an idempotency key per version, then folds and schedules the next
turn. The bot's randomness comes from the match's secret seed, so nobody can predict its
tie-breaks, and its pace is fixed, so its timing tells nothing about hidden cards.

Meta: ``seat_bots`` is a list with one entry per seat, ``None`` or ``{"pace_seconds": N}``.
"""
from __future__ import annotations

import hashlib
import logging
import time

import redis

import rules
from replays import current_state
from rules.errors import SubspaceError, VersionConflict
from store import MatchStore
from store.bots import BotSchedule

from .bot_turns import bot_seat, schedule_if_bot_turn  # noqa: F401 - importers of workers.bots use them
from .jobs import fold_pending, settle_lagging

log = logging.getLogger(__name__)

LEASE_SECONDS = 30.0  # a claimed turn not played by then (the runner died) is due again


def bot_seed(meta: dict, version: int) -> str:
    """The bot's seed for the decision at ``version``: from the match's secret seed."""
    return hashlib.sha256(f"{meta['seed']}|bot|{version}".encode()).hexdigest()


def act(conn: redis.Redis, match_id: str, now: float | None = None, on_appended=None) -> int | None:
    """Play the bot seat's decision in ``match_id`` now; the version appended (None: none).
    ``on_appended(conn, match_id=, meta=, version=, before=, after=)`` is told the seats
    deciding before and after (the service passes its "your turn" notifier)."""
    store = MatchStore(conn)
    meta = store.get_meta(match_id)
    game = rules.get_game(meta["game"])
    version, state = current_state(store, game, match_id)
    seat = next((s for s in game.deciding_seats(state) if bot_seat(meta, s) is not None), None)
    if seat is None:  # over, or a person's turn: their post schedules the bot again
        BotSchedule(conn).done(match_id)
        return None
    action = game.bot_action(state, seat, bot_seed(meta, version))
    game.validate(state, seat, action)
    event = {"type": "action", "seat": seat, "payload": action}
    try:
        result = store.append(match_id, version, event, idempotency_key=f"bot{seat}:v{version}",
                              response={"version": version + 1})
    except VersionConflict:
        return None  # someone else moved the match: the lease runs out and the turn is tried again
    state = game.apply(state, event)
    outcome = game.outcome(state)
    if outcome is not None:
        store.update_meta(match_id, status="finished", outcome=outcome, finished_version=result.version)
    if on_appended is not None:
        on_appended(conn, match_id=match_id, meta=meta, version=result.version, before=[seat],
                    after=game.deciding_seats(state) if outcome is None else [])
    fold_pending(conn, match_id)
    settle_lagging(conn, match_id)
    BotSchedule(conn).done(match_id)
    schedule_if_bot_turn(conn, match_id, meta, game, state, now)
    return result.version


def run_due(conn: redis.Redis, now: float | None = None, limit: int = 50, on_appended=None) -> int:
    """Play every bot turn due by ``now`` (claimed one at a time); the number played."""
    now = time.time() if now is None else now
    schedule = BotSchedule(conn)
    played = 0
    for match_id in schedule.due(now, limit):
        if not schedule.claim(match_id, now, LEASE_SECONDS):
            continue  # another runner took it
        try:
            if act(conn, match_id, now, on_appended) is not None:
                played += 1
        except SubspaceError:
            log.exception("the server's player could not act in match %s", match_id)
    return played


def run_forever(conn: redis.Redis, should_stop, idle_seconds: float = 0.25, on_appended=None) -> None:
    """``run_due`` in a loop, resting ``idle_seconds`` when nothing was due."""
    while not should_stop():
        try:
            if run_due(conn, on_appended=on_appended) == 0:
                time.sleep(idle_seconds)
        except redis.RedisError:
            log.warning("redis unavailable for the bot runner; retrying")
            time.sleep(2.0)
