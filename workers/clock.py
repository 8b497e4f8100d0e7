"""The clock job: finds expired deadlines and the 80 % reminder points of clocked matches
and acts on them, so nothing depends on someone opening the match.

Why a ``subspace clock`` loop and not ``rq worker --with-scheduler``: deadlines move with
every action, vacation, pause and extension. RQ's scheduler runs jobs at times fixed when
they are enqueued, so each move would mean finding and cancelling the old job and
scheduling a new one, and a crash between the two loses or doubles one. Here the match's
state is the only truth: a sorted set (``store.deadlines``) only says *when* to look, the
loop re-derives what is due from the state (``rules.control.due`` / ``reminders``), and
every effect is idempotent by construction —

- an appended event (timeout, the server's pass of an expired response window, a forfeit
  after the grace period) uses the optimistic append at the version it was derived from,
  so a second process, or the same one after a restart, gets a version conflict and
  re-derives (the timeout is already in the state: nothing more is due);
- a reminder goes through the notification outbox with a dedupe key per seat and decision
  (``clock-reminder:<match>:<seat>:<since>``), so sending it twice stores it once;
- the index entry is rewritten only after the match was handled, so a kill -9 at any point
  leaves it due and the next run does the rest.

One loop process is enough (each match is a handful of Redis calls); two are safe.
"""
from __future__ import annotations

import logging
import os
import threading
import time
from typing import Callable

import redis

import rules
from replays import current_state
from rules import clock as C
from rules import control
from rules.errors import NotFound, SubspaceError, VersionConflict
from store import MatchStore, deadlines
from store.match_store import utc_now_iso

from .after_event import finish_and_announce
from .bots import schedule_if_bot_turn
from .enqueue import enqueue_fold
from .run import FIRST_BACKOFF, MAX_BACKOFF
from .standing_orders import apply_orders

log = logging.getLogger(__name__)

Notify = Callable[..., bool]
_MAX_STEPS = 20  # events appended to one match per visit (a chain of expired windows)


def _fault(point: str) -> None:
    """Crash here when ``SUBSPACE_CLOCK_FAULT`` names ``point``: how the restart test kills
    the job at the worst moments (after an append, after a reminder, before the index is
    rewritten). Unset in production: a no-op."""
    if os.environ.get("SUBSPACE_CLOCK_FAULT") == point:
        os._exit(137)


def _outbox_notify(conn: redis.Redis, **fields) -> bool:
    from store.outbox import enqueue_notification

    return enqueue_notification(conn, **fields)


def reminder_key(match_id: str, seat: int, since: int) -> str:
    return f"clock-reminder:{match_id}:{seat}:{since}"


def send_reminders(conn: redis.Redis, meta: dict, match_id: str, state: dict, now: int,
                   notify: Notify = _outbox_notify) -> int:
    """Enqueue the 80 % reminder of every running decision past that point, once each.
    Anonymous seats have nobody to tell; a registered player (``meta.seat_players``) gets
    a notification through the outbox."""
    players = meta.get("seat_players") or []
    sent = 0
    for r in control.reminders(state, now):
        player = players[r["seat"]] if r["seat"] < len(players) else None
        if player is None:
            continue
        payload = {"seat": r["seat"], "deadline": C.format_ts(r["deadline"]), "game": meta.get("game")}
        if notify(conn, player_id=player, kind="deadline_reminder", match_id=match_id, payload=payload,
                  dedupe_key=reminder_key(match_id, r["seat"], r["since"])):
            sent += 1
        _fault("after_reminder")
    return sent


def handle_match(conn: redis.Redis, store: MatchStore, match_id: str, now_iso: str | None = None,
                 notify: Notify = _outbox_notify, on_appended=None) -> dict:
    """Everything due in one match at ``now``: reminders, then the due events one at a time
    (each re-derived from the state after the last), then the next wake-up in the index.
    ``on_appended(conn, match_id=, meta=, version=, before=, after=)`` hears of each event
    appended (``subspace clock`` passes the service's "your turn" notifier: a passed window
    hands the decision to someone)."""
    ts = now_iso or utc_now_iso()
    now = C.parse_ts(ts)
    try:
        meta = store.get_meta(match_id)
    except NotFound:  # the match is gone: nothing to wait for
        deadlines.schedule(conn, match_id, None)
        return {"appended": 0, "reminders": 0}
    try:
        game = rules.get_game(meta["game"])
    except SubspaceError:  # a game this process does not run (SUBSPACE_EXTRA_GAMES?): keep it, look later
        log.error("clock: match %s is of game %r, which this process does not know", match_id, meta.get("game"))
        deadlines.schedule(conn, match_id, now + 60_000)
        return {"appended": 0, "reminders": 0}
    appended = reminders = 0
    for _ in range(_MAX_STEPS):
        version, state = current_state(store, game, match_id)
        reminders += send_reminders(conn, meta, match_id, state, now, notify)
        due = control.due(game, state, now)
        if not due:
            break
        event = due[0]
        try:
            if event["type"] == control.ACTION:
                game.validate(state, event["seat"], event["payload"])
            else:
                control.validate_control(game, state, event, now=now, seats=len(meta.get("seat_token_hashes") or []))
            store.append(match_id, version, event, ts=ts)
        except VersionConflict:
            continue  # someone acted meanwhile: look again
        appended += 1
        _fault("after_append")
        before = list(game.deciding_seats(state))
        state = game.apply(state, {**event, "ts": ts})
        finish_and_announce(conn, match_id, meta, game, state, version + 1, before, on_appended)
    if appended:  # a passed window may hand a seat with orders the decision
        appended += apply_orders(conn, match_id, on_appended=on_appended)
    version, state = current_state(store, game, match_id)
    if appended:
        enqueue_fold(conn, match_id)
        schedule_if_bot_turn(conn, match_id, meta, game, state)  # a passed window may hand a bot the turn
    _fault("before_reschedule")
    wake = control.next_wake(state)
    if wake is not None and wake <= now:
        wake = now + 1000  # something is due but was not handled (a conflict storm): soon again
    deadlines.schedule(conn, match_id, wake)
    if store.version(match_id) != version:  # appended meanwhile: that state may need an earlier look
        deadlines.schedule_earlier(conn, match_id, now)
    return {"appended": appended, "reminders": reminders}


def tick(conn: redis.Redis, now_iso: str | None = None, *, limit: int = 100,
         notify: Notify = _outbox_notify, on_appended=None) -> dict:
    """One pass over the matches due at ``now``: ``{matches, appended, reminders}``."""
    ts = now_iso or utc_now_iso()
    store = MatchStore(conn)
    totals = {"matches": 0, "appended": 0, "reminders": 0}
    for match_id in deadlines.due(conn, C.parse_ts(ts), limit):
        try:
            done = handle_match(conn, store, match_id, ts, notify, on_appended)
        except Exception:  # noqa: BLE001 - one broken match must not stop the clock of the others
            log.exception("clock: match %s failed; it stays due", match_id)
            continue
        totals["matches"] += 1
        totals["appended"] += done["appended"]
        totals["reminders"] += done["reminders"]
    return totals


def run_clock(conn: redis.Redis, *, interval: float = 5.0, stop: threading.Event | None = None,
              max_ticks: int | None = None, on_appended=None) -> None:
    """The loop: a tick, then sleep until the next wake-up in the index or ``interval``
    seconds, whichever is sooner (a match clocked meanwhile is seen within ``interval``)."""
    from store.plugins import load_extra_games

    load_extra_games()  # the games of SUBSPACE_EXTRA_GAMES, wherever the loop runs (a thread of serve too)
    stop = stop or threading.Event()
    ticks = 0
    backoff = FIRST_BACKOFF
    while not stop.is_set():
        try:
            tick(conn, on_appended=on_appended)
            nxt = deadlines.next_wake(conn)
        except (redis.ConnectionError, redis.TimeoutError) as error:
            # Redis restarting: wait for it instead of exiting (nothing is lost: the index
            # entry of a match is rewritten only after the match was handled).
            log.warning("clock: redis unavailable (%s); retrying in %.1f s", error, backoff)
            stop.wait(backoff)
            backoff = min(backoff * 2, MAX_BACKOFF)
            continue
        backoff = FIRST_BACKOFF
        ticks += 1
        if max_ticks is not None and ticks >= max_ticks:
            return
        wait = interval if nxt is None else min(interval, max(0.05, nxt / 1000 - time.time()))
        stop.wait(wait)
