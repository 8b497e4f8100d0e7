"""The steps after an event survive the death of the request that appended it.

A seat's POST writes the projection with its event (``append_projected``), so no fold job
follows it; it hints the match for the sweep before appending and clears the hint after its
follow-up steps (``workers.after_event``). A request that dies in between leaves the hint,
and the sweep's fold job — finding nothing to fold — runs the steps for the head.
"""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replays import current_state
from store import MatchStore, keys
from store.match_store import stored_event
from store.outbox import dedupe_redis_key
from store.players import PlayerStore
from tests.store.helpers import new_match, scripted_events
from workers import sweep
from workers.after_event import hint


def _post_that_dies_after_its_append(store: MatchStore, game, match_id: str, action_event: dict) -> dict:
    """What post_action gets done before it dies: the hint, then the projected append."""
    version, state = current_state(store, game, match_id)
    stored = stored_event({k: action_event[k] for k in ("type", "seat", "payload")}, version + 1)
    state = game.apply(state, stored)
    hint(store.conn, match_id)
    store.append_projected(match_id, version, stored, state)
    return stored


def test_a_post_that_died_after_its_append_is_announced_by_the_sweep(store, redis_conn, tinygame):
    players = PlayerStore(redis_conn)
    ids = [players.register(display_name=n, email=None, webhook_url="http://127.0.0.1:9/x", time_zone="UTC")
           ["player"]["player_id"] for n in ("Ann", "Bob")]
    match_id, config = new_match(store, tinygame)
    store.update_meta(match_id, seat_players=ids)
    game = tinygame
    last = None
    for event in scripted_events(game, config, n=3):
        last = _post_that_dies_after_its_append(store, game, match_id, event)
    assert store.projection_version(match_id) == store.version(match_id) == last["v"]  # nothing to fold
    _, state = current_state(store, game, match_id)
    newly = [s for s in game.deciding_seats(state)]
    assert newly
    assert not any(redis_conn.exists(dedupe_redis_key(f"your_turn:{match_id}:{last['v']}:{s}")) for s in newly)

    report = sweep(redis_conn)  # the hint outlived the request: the sweep runs the steps
    assert report.settled == [match_id] and not redis_conn.sismember(keys.LAGGING, match_id)

    expected = [s for s in newly if s not in _deciding_before(store, game, match_id, last["v"])]
    assert expected, "the scripted head hands a decision over"
    assert all(redis_conn.exists(dedupe_redis_key(f"your_turn:{match_id}:{last['v']}:{s}")) for s in expected)


def _deciding_before(store, game, match_id, version):
    from replays import state_at

    return game.deciding_seats(state_at(store, game, match_id, version - 1))


def test_a_post_that_ended_the_match_and_died_is_marked_finished_by_the_sweep(store, redis_conn, tinygame):
    match_id, config = new_match(store, tinygame)
    game = tinygame
    for event in scripted_events(game, config):
        if game.outcome(current_state(store, game, match_id)[1]) is not None:
            break
        _post_that_dies_after_its_append(store, game, match_id, event)
    assert game.outcome(current_state(store, game, match_id)[1]) is not None
    assert store.get_meta(match_id)["status"] != "finished"

    assert sweep(redis_conn).settled == [match_id]

    meta = store.get_meta(match_id)
    assert meta["status"] == "finished" and meta["finished_version"] == store.version(match_id)


def test_a_post_that_completes_clears_its_hint(store, redis_conn, tinygame):
    """The hint is only for a request that dies: a whole POST leaves the match unhinted."""
    from service.app import create_app  # noqa: F401 - the HTTP path is covered in tests/service

    match_id, config = new_match(store, tinygame)
    event = scripted_events(tinygame, config, n=1)[0]
    stored = _post_that_dies_after_its_append(store, tinygame, match_id, event)
    from workers.after_event import settled

    settled(redis_conn, match_id, stored["v"])
    assert not redis_conn.sismember(keys.LAGGING, match_id)


def _everything(conn) -> dict:
    return {k: conn.dump(k) for k in sorted(conn.keys("*"))}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(players=st.lists(st.sampled_from([None, "p-1", "p-2"]), min_size=2, max_size=2),
       bots=st.lists(st.sampled_from([None, {"pace_seconds": 1}]), min_size=2, max_size=2),
       bluff=st.integers(min_value=0, max_value=5))
def test_has_steps_is_false_only_when_the_steps_write_nothing(store, redis_conn, tinygame, players, bots, bluff):
    """A POST skips the hint (and its clearing) when ``has_steps`` says the follow-up steps
    have nothing to do: then they must write nothing at all, at every event of a game,
    whoever holds the seats; and the event that ends a match always has steps."""
    from workers.after_event import has_steps, settle_head

    redis_conn.flushdb()
    registry = PlayerStore(redis_conn)
    ids = {name: registry.register(display_name=name, email=None, webhook_url="http://127.0.0.1:9/x",
                                   time_zone="UTC")["player"]["player_id"] for name in ("p-1", "p-2")}
    match_id, config = new_match(store, tinygame)
    store.update_meta(match_id, seat_players=[ids.get(p) for p in players], seat_bots=bots)
    meta = store.get_meta(match_id)
    state = tinygame.setup(config, "test-seed-0001")
    for v, event in enumerate(scripted_events(tinygame, config, bluff_at=(bluff,)), start=1):
        before = list(tinygame.deciding_seats(state))
        state = tinygame.apply(state, {**event, "v": v})
        if tinygame.outcome(state) is not None:
            assert has_steps(meta, tinygame, state, before)
        elif not has_steps(meta, tinygame, state, before):
            written = _everything(redis_conn)
            settle_head(redis_conn, match_id, meta, tinygame, state, v, before, 0)
            assert _everything(redis_conn) == written
