"""What follows a match reaching a new version, in one place, safe to run twice.

After an event is stored, more has to happen: a match that ended is marked finished
(meta), keeps only its sparse snapshots and is counted in the analytics; registered
players who now decide are told (``your_turn``); a bot seat whose turn it is gets its turn
scheduled. The request that appended does it right away. But that request can die between
its append and these steps (a crash, a Redis outage answering it 503 after the script ran),
and since a seat's POST writes the projection with the event (``MatchStore.append_projected``)
no fold job would come along later to notice.

So the appender first leaves the match in ``subspace:lagging`` (the sweep's list), does the
steps, then takes the hint away (``settled``) — but only when there is a step to take
(``has_steps``): most events of a match (nobody registered to tell, no bot, not the last)
have none, and for them the hint and its clearing were half of a POST's round trips. If it dies in between, the sweep's fold job
finds the match with nothing to fold and runs ``settle_head`` for its head — every step is
idempotent (meta write of the same facts, dedupe keys in the outbox, a set of counted
matches, a ZADD of the bot's due time), so running it again is harmless.
"""
from __future__ import annotations

import logging

import redis

import rules
from rules.protocol import Game, State
from store import MatchStore, keys

from .bot_turns import bot_seat, schedule_if_bot_turn
from .turn_notices import newly_deciding, notify_your_turn

log = logging.getLogger(__name__)


def settle_head(conn: redis.Redis, match_id: str, meta: dict, game: Game, state: State, version: int,
                before_seats: list[int] | tuple[int, ...], finished_snapshot_every: int, *,
                finish: bool = True) -> bool:
    """Every step that follows the event at ``version`` (``state`` is the state after it,
    ``before_seats`` the seats that decided before it). With ``finish=False`` (a seat's
    POST) a match that ended is marked finished but its heavy steps (``finish_match``: the
    analytics re-fold the whole match, the archive compresses it: 0.3-0.5 s together) are
    left for later; returns True when it left them, and the caller must then keep the
    match hinted and hand it to the fold job (``Runtime.finish_later``)."""
    store = MatchStore(conn)
    outcome = game.outcome(state)
    if outcome is not None:
        store.update_meta(match_id, status="finished", outcome=outcome, finished_version=version)
        if finish:
            finish_match(conn, match_id, finished_snapshot_every)
    notify_your_turn(conn, match_id=match_id, meta=meta, version=version,
                     before=before_seats, after=game.deciding_seats(state) if outcome is None else [])
    schedule_if_bot_turn(conn, match_id, meta, game, state)
    return outcome is not None and not finish


def finish_match(conn: redis.Redis, match_id: str, finished_snapshot_every: int) -> None:
    """The steps of a match that ended, once it is folded to its end: count it in the
    analytics, then archive it (``MatchStore.archive_finished``: its log and the snapshots
    it keeps, one per ``finished_snapshot_every`` events and version 0, compressed into one
    value). Idempotent: counted once, archived once; a match not folded to its end yet only
    drops its intermediate snapshots (the sweep's compaction archives it later)."""
    store = MatchStore(conn)
    _record_stats(conn, match_id)
    if not store.archive_finished(match_id, finished_snapshot_every, checkpoints=archive_checkpoints(store, match_id)):
        store.drop_intermediate_snapshots(match_id, finished_snapshot_every)


def archive_checkpoints(store: MatchStore, match_id: str):
    """The archive's checkpoints of this match's game (``replays.checkpoints.choose``: a
    state kept wherever a replay would otherwise fold more than ~1 ms), for
    ``MatchStore.archive_finished``; None for a game this process does not know."""
    from replays import checkpoints

    try:
        game = rules.get_game(store.fixed_meta(match_id)["game"])
    except (KeyError, rules.errors.SubspaceError):
        return None

    def choose(initial: dict, events: list[dict], final: bytes) -> dict[int, bytes]:
        try:
            return checkpoints.choose(game, initial, events, final)
        except Exception:  # noqa: BLE001 - an engine that cannot fold the log: archive without them
            log.exception("no checkpoints for the archive of match %s: its log does not fold", match_id)
            return {}

    return choose


def has_steps(meta: dict, game: Game, state: State, before_seats: list[int] | tuple[int, ...]) -> bool:
    """Whether ``settle_head`` for the event that led to ``state`` writes anything: the match
    ended, a registered player's seat newly decides (``your_turn``), or a bot seat decides.
    False means a request that dies after its append loses nothing, so it needs no hint."""
    if game.outcome(state) is not None:
        return True
    deciding = game.deciding_seats(state)
    holders = meta.get("seat_players") or []
    if any(seat < len(holders) and holders[seat] is not None for seat in newly_deciding(before_seats, deciding)):
        return True
    return any(bot_seat(meta, seat) is not None for seat in deciding) if meta.get("seat_bots") else False


def finish_and_announce(conn: redis.Redis, match_id: str, meta: dict, game: Game, state: State, version: int,
                        before: list[int], on_appended) -> None:
    """What a worker that appended the event at ``version`` does next (the clock job, a
    standing order): mark a finished match's meta, then hand the event to ``on_appended``
    (the service's ``notify_your_turn``). The fold job that follows the append does the
    rest (``settle_head``'s steps) and repeats these if the worker died first."""
    outcome = game.outcome(state)
    if outcome is not None:
        MatchStore(conn).update_meta(match_id, status="finished", outcome=outcome, finished_version=version)
    if on_appended is not None:
        on_appended(conn, match_id=match_id, meta=meta, version=version, before=before,
                    after=game.deciding_seats(state) if outcome is None else [])


def hint(conn: redis.Redis, match_id: str) -> None:
    """Before an append whose follow-up steps run in the same request: if the request dies,
    the sweep finds the match here (``settle_head`` then runs from the fold job)."""
    conn.sadd(keys.LAGGING, match_id)


def settled(conn: redis.Redis, match_id: str, version: int) -> None:
    """The follow-up steps of the event at ``version`` are done: drop the hint, unless the
    stream has moved past it meanwhile (another appender's events: they keep the match
    hinted for the fold job). One round trip; a second only in that rare case."""
    pipe = conn.pipeline(transaction=False)
    pipe.srem(keys.LAGGING, match_id)
    pipe.xrevrange(keys.events(match_id), count=1)
    _, last = pipe.execute()
    if last and int(last[0][0].split(b"-")[0]) > version:
        conn.sadd(keys.LAGGING, match_id)


def _record_stats(conn: redis.Redis, match_id: str) -> None:
    """Count a match that just ended in the analytics projection (``workers.stats``,
    idempotent). A failure here must not fail the caller: ``subspace stats rebuild`` repairs."""
    from .stats import record_finished

    try:
        record_finished(conn, match_id)
    except Exception:  # noqa: BLE001 - analytics are rebuildable; the event is stored
        log.exception("analytics of finished match %s not recorded; subspace stats rebuild repairs it", match_id)
