"""The fold job announces whose turn it is, so a request that died between its append and
queueing ``your_turn`` loses no notification (issue 11: 'a crash loses none')."""
from __future__ import annotations

import pytest

import rules
from store.outbox import STREAM, dedupe_redis_key
from store.players import PlayerStore
from tests.store.helpers import append_all, new_match, scripted_events
from workers import fold_pending, sweep_lagging
from workers import run_worker


def _registered_match(store, redis_conn, tinygame):
    players = PlayerStore(redis_conn)
    ids = [players.register(display_name=name, email=None, webhook_url="http://127.0.0.1:9/x",
                            time_zone="UTC")["player"]["player_id"] for name in ("Ann", "Bob")]
    match_id, config = new_match(store, tinygame)
    store.update_meta(match_id, seat_players=ids)
    return match_id, config, ids


def _announced(redis_conn, match_id: str, version: int, seat: int) -> bool:
    return bool(redis_conn.exists(dedupe_redis_key(f"your_turn:{match_id}:{version}:{seat}")))


def _expected(game, config, events) -> set[tuple[int, int]]:
    """(version, seat) of every seat an event newly hands a decision to: a fold from scratch."""
    from tests.store.helpers import SEED

    state, found = game.setup(config, SEED), set()
    for event in events:
        before = set(game.deciding_seats(state))
        state = game.apply(state, event)
        found |= {(event["v"], seat) for seat in game.deciding_seats(state) if seat not in before}
    return found


def test_a_fold_queues_your_turn_for_appends_nobody_announced(store, redis_conn, tinygame):
    match_id, config, _ = _registered_match(store, redis_conn, tinygame)
    append_all(store, match_id, scripted_events(tinygame, config, n=6))  # as if each request died after its append
    events = store.read_events(match_id)
    expected = _expected(rules.get_game(tinygame.id), config, events)
    assert expected, "the scripted game hands decisions over"
    assert not any(_announced(redis_conn, match_id, v, s) for v, s in expected)

    fold_pending(redis_conn, match_id)

    assert all(_announced(redis_conn, match_id, v, s) for v, s in expected)


@pytest.mark.rq
def test_the_sweep_finds_a_crashed_append_and_it_is_announced_once(store, redis_conn, redis_url, tinygame):
    match_id, config, _ = _registered_match(store, redis_conn, tinygame)
    append_all(store, match_id, scripted_events(tinygame, config, n=4))
    assert sweep_lagging(redis_conn) == [match_id]  # the append's lagging hint outlives the crash
    run_worker(redis_url, burst=True)  # a real (in-process) RQ worker runs the job the sweep enqueued
    assert store.projection_version(match_id) == store.version(match_id)
    queued = redis_conn.xlen(STREAM)
    assert queued > 0
    fold_pending(redis_conn, match_id)  # a second fold (a duplicate job) queues nothing again
    sweep_lagging(redis_conn, full=True)
    run_worker(redis_url, burst=True)
    assert redis_conn.xlen(STREAM) == queued


def test_anonymous_matches_queue_nothing(store, redis_conn, tinygame):
    match_id, config = new_match(store, tinygame)
    append_all(store, match_id, scripted_events(tinygame, config, n=4))
    fold_pending(redis_conn, match_id)
    assert not redis_conn.keys("{outbox}:dedupe:*")
