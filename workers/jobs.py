"""The fold job: bring a match's projection up to its stream in one batch.

Safe to run any number of times, concurrently or after a crash: it starts from whatever
projection is stored, and ``write_projection`` only ever moves forward, so a slow job
finishing after a faster one changes nothing.
"""
from __future__ import annotations

import logging
import os
import threading

import redis
from rq import get_current_job

import rules
from replays import checkpoints, redaction
from replays.fold import apply_in_place
from rules import control
from store import MatchStore, codec, deadlines, keys
from store.plugins import load_extra_games

from .after_event import finish_match, settle_head
from .bot_turns import schedule_if_bot_turn
from .turn_notices import notify_your_turn

log = logging.getLogger(__name__)

# Snapshot interval, from the measured fold speed (ops/bench/run_all.py): the slowest game
# folds about 900 events/s on the 2-core dev box, so a read of a past version of a running
# match folds at most 10 events past a snapshot, about 11 ms. A compressed snapshot is 4-15
# KiB, and a finished match keeps only a few, inside its archive, so the interval costs
# memory only while a match runs. Raise it when the engines fold faster.
SNAPSHOT_EVERY = int(os.environ.get("SUBSPACE_SNAPSHOT_EVERY", "10"))
# What a finished match keeps in its archive (``MatchStore.archive_finished``): version 0 and
# one snapshot per this many events. Without them a replay of a late version of a finished
# match folds the whole game (~0.7 s at ~1,000 events/s, on the server's event loop); one
# per 100 events bounds that at ~0.1 s, and costs ~1-2 KiB each in the archive (LZMA sees
# what the snapshot before it already holds). 0 keeps version 0 only: the right setting
# once the engines fold at the issue 13 goal (50k events/s).
FINISHED_SNAPSHOT_EVERY = int(os.environ.get("SUBSPACE_FINISHED_SNAPSHOT_EVERY", "100"))
# A running match also keeps a snapshot once the events since the last one took this long to
# fold (a Star Trek mission attempt or turn end folds in 7-15 ms where most events take
# 0.1 ms): a read of a past version then folds at most ~this much and never an expensive
# event again. The seat's POST adds its event's fold time to the projection's ``spent`` in
# its append script (``MatchStore.append_projected``); the fold job reads and writes it too.
# A finished match's archive places its states the same way (replays/checkpoints.py). Timing decides only where a state is kept, never what it is.
SNAPSHOT_BUDGET_SECONDS = float(os.environ.get("SUBSPACE_SNAPSHOT_BUDGET_MS", "2")) / 1000


_games_loaded = False
_games_lock = threading.Lock()


def _ensure_extra_games() -> None:
    """Workers started as plain ``rq worker`` never run our start-up code, so the first
    job of a process loads SUBSPACE_EXTRA_GAMES itself."""
    global _games_loaded
    with _games_lock:
        if not _games_loaded:
            load_extra_games()
            _games_loaded = True


def settle_lagging(conn: redis.Redis, match_id: str) -> bool:
    """Drop the match from ``subspace:lagging`` unless it still lags; True if it lags.

    SREM first, then re-check: an append that lands after our check re-adds the match
    (append does XADD then SADD), so the hint is never lost.
    """
    store = MatchStore(conn)
    conn.srem(keys.LAGGING, match_id)
    try:
        lagging = store.projection_version(match_id) < store.version(match_id)
    except rules.errors.NotFound:
        return False
    if lagging:
        conn.sadd(keys.LAGGING, match_id)
    return lagging


def fold_pending(conn: redis.Redis, match_id: str, snapshot_every: int | None = None, *, finish: bool = True) -> dict:
    """Fold every event past the projection and write projection + snapshots atomically.
    A fold that ends the match runs ``finish_match`` (analytics, archive) unless ``finish``
    is False: then the result says ``finish_left`` and the caller runs it later (a request
    leaves it for after its answer: ``service.runtime.Runtime.after_append``)."""
    every = snapshot_every or SNAPSHOT_EVERY
    store = MatchStore(conn)
    meta = store.get_meta(match_id)
    game = rules.get_game(meta["game"])
    start, state = store.load_projection(match_id)
    events = store.read_events(match_id, after=start)
    snapshots: list[tuple[int, bytes]] = []
    digests: list[bytes] = []
    announce = any(meta.get("seat_players") or [])  # registered players are told when it is their turn
    seats = len(meta.get("seat_token_hashes") or [])
    records = []  # how every audience sees each event (replays/redaction.py): GET /events needs no fold
    # fold time since the last snapshot, in µs as the POST's append script keeps it (a hint:
    # a race with another appender only moves where the next snapshot falls)
    spent = float(conn.hget(keys.projection(match_id), "spent") or 0) / 1e6 if events else 0.0
    for event in events:
        before = game.deciding_seats(state) if announce else ()
        records.append(redaction.record_of(game, event, state, seats))
        started = checkpoints.CLOCK()
        state = apply_in_place(game, state, (event,))
        spent += checkpoints.CLOCK() - started
        if announce:  # the appending request queued these too unless it died first: dedupe
            notify_your_turn(conn, match_id=match_id, meta=meta, version=event["v"],
                             before=before, after=game.deciding_seats(state))
        raw = codec.dumps(state)
        digests.append(codec.state_digest(raw))  # refold --check names the exact version with them
        if event["v"] % every == 0 or spent >= SNAPSHOT_BUDGET_SECONDS:
            snapshots.append((event["v"], codec.pack_state(raw)))  # encoded now: state keeps changing
            spent = 0.0
    if not events and start > 0:
        _settle_unfolded_head(conn, store, match_id, meta, game, state, start)
    end = events[-1]["v"] if events else start
    finished = bool(events) and game.outcome(state) is not None
    if finished:  # a finished match keeps its final state, version 0 and a sparse few
        snapshots = [(v, s) for v, s in snapshots if FINISHED_SNAPSHOT_EVERY and v % FINISHED_SNAPSHOT_EVERY == 0]
    if records and not finished:  # a finished log is shown whole to everyone
        store.record_redactions(match_id, redaction.tag(game, seats), start + 1, records)
    written = store.write_projection(match_id, end, state, snapshots=snapshots) if events else False
    if written:
        conn.hset(keys.projection(match_id), "spent", round(spent * 1e6))
    if events and not finished:
        store.record_digests(match_id, start + 1, digests)
    if finished and finish:
        finish_match(conn, match_id, FINISHED_SNAPSHOT_EVERY)
    if events:  # whatever appended these may have died before its follow-up steps: idempotent
        schedule_if_bot_turn(conn, match_id, meta, game, state)
    wake = control.next_wake(state) if events else None
    if wake is not None:  # whoever appended (the API, a bot, the clock job): the deadline is indexed
        deadlines.schedule_earlier(conn, match_id, wake)
    return {"match_id": match_id, "from": start, "to": end, "written": written, "snapshots": [v for v, _ in snapshots],
            "finish_left": finished and not finish}


def _settle_unfolded_head(conn: redis.Redis, store: MatchStore, match_id: str, meta: dict, game, state: dict,
                          version: int) -> None:
    """Nothing to fold, yet the match was hinted: the appender of its head (a seat's POST,
    which writes the projection itself) may have died before its follow-up steps. Run them
    for the head (``workers.after_event``); each is idempotent."""
    from replays import state_at

    before = game.deciding_seats(state_at(store, game, match_id, version - 1))
    settle_head(conn, match_id, meta, game, state, version, before, FINISHED_SNAPSHOT_EVERY)


def fold_match(match_id: str, snapshot_every: int | None = None) -> dict:
    """RQ entry point (``workers.jobs.fold_match``). Clears the coalescing flag first (see
    ``workers.enqueue``), folds, then settles the lagging hint."""
    _ensure_extra_games()
    job = get_current_job()
    conn = job.connection if job is not None else None
    if conn is None:
        raise RuntimeError("fold_match runs inside an RQ worker; call fold_pending(conn, id) directly otherwise")
    conn.delete(keys.fold_queued(match_id))
    try:
        result = fold_pending(conn, match_id, snapshot_every)
    except rules.errors.NotFound:
        conn.srem(keys.LAGGING, match_id)  # deleted match: nothing to fold, ever
        return {"match_id": match_id, "missing": True}
    settle_lagging(conn, match_id)
    return result
