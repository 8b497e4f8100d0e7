"""Every key a script or MULTI touches shares one slot: proved on a local three-master Redis
Cluster (``tests/support/redis_cluster.py``), in every CI run (issue 13 item 7).

The whole store, worker and service suites run there too with SUBSPACE_TEST_REDIS_CLUSTER=1
(ops/README.md, "Redis Cluster"); this module is the bounded part: the key layout, a match's
whole life through the store, and the cross-slot indexes (matches, lagging, unstarted, the
outbox, players, analytics) on three masters.
"""
from __future__ import annotations

import pytest
from redis.crc import key_slot

from rules.errors import VersionConflict
from store import MatchStore, keys
from store.connection import is_cluster
from store.match_store import stored_event
from store.outbox import Outbox, dedupe_redis_key, enqueue_notification, sent_redis_key
from store.players import PlayerStore
from store.stats import StatsStore, counts_key, facts_key
from tests.store.helpers import new_match, scripted_events
from workers import sweep
from workers.after_event import hint

MATCH_PARTS = [keys.events, keys.meta, keys.projection, keys.snapshots, keys.fold_queued, keys.standing_orders,
               keys.no_idempotency, lambda m: keys.idempotency(m, "0:retry-1"), lambda m: keys.notes(m, "events"),
               lambda m: keys.notes(m, "state"), keys.redactions, keys.archive]


def test_every_key_of_a_match_and_of_each_aggregate_hashes_to_one_slot():
    for match_id in ("abc", "Z9-_x", "x" * 64):
        assert len({key_slot(part(match_id).encode()) for part in MATCH_PARTS}) == 1
    for part in (keys.player, keys.challenge, keys.tournament):
        assert len({key_slot(part("p1", name).encode()) for name in ("events", "state", "matches")}) == 1
    assert key_slot(facts_key("stargate").encode()) == key_slot(counts_key("stargate").encode())
    assert len({key_slot(k.encode()) for k in (dedupe_redis_key("x"), sent_redis_key("y"), "{outbox}:stream",
                                               "{outbox}:retry", "{outbox}:dead")}) == 1


def test_a_match_lives_its_whole_life_on_three_masters(cluster_conn, tinygame):
    assert is_cluster(cluster_conn) and len(cluster_conn.get_primaries()) == 3
    store = MatchStore(cluster_conn)
    ids = [new_match(store, tinygame, seed=f"seed-{i}") for i in range(12)]
    slots = {cluster_conn.get_node_from_key(keys.meta(m)).name for m, _ in ids}
    assert len(slots) > 1, "the matches spread over the masters"
    for match_id, config in ids:
        events = scripted_events(tinygame, config, seed=store.get_meta(match_id)["seed"])
        state = tinygame.setup(config, store.get_meta(match_id)["seed"])
        for v, event in enumerate(events):
            if v % 2:  # a plain append and the POST's projected append, by turns
                assert store.append(match_id, v, event, idempotency_key=f"k{v}").version == v + 1
                head = store.read_head(match_id, f"k{v}")
                assert head.version == v + 1 and store.answer_of(head, event).replayed
                state = tinygame.apply(state, {**event, "v": v + 1})
            else:
                stored = stored_event(event, v + 1)
                state = tinygame.apply(state, stored)
                assert store.append_projected(match_id, v, stored, state, snapshot=True,
                                              redactions=("t", v + 1, [b""])).version == v + 1
        with pytest.raises(VersionConflict):
            store.append(match_id, 0, events[0])
        assert store.version(match_id) == len(events)
        store.write_projection(match_id, len(events), state)
        logged = store.read_events(match_id)
        assert store.archive_finished(match_id, keep_every=3)  # the archive's script and reads: one slot
        assert store.read_events(match_id) == logged and store.nearest_snapshot(match_id, 4)[0] == 3
        assert store.recorded_redactions(match_id, [1]) == (None, 0, [None])  # dropped with the archive
    assert sorted(store.list_matches(0, 100)) == sorted(m for m, _ in ids)
    assert not cluster_conn.zrange(keys.UNSTARTED, 0, -1)  # every first append left the index


def test_the_sweep_folds_a_lagging_match_itself_and_settles_a_hinted_one(cluster_conn, tinygame):
    store = MatchStore(cluster_conn)
    lagging, config = new_match(store, tinygame)
    for v, event in enumerate(scripted_events(tinygame, config, n=3)):
        store.append(lagging, v, event)
    hinted, config2 = new_match(store, tinygame)
    event = scripted_events(tinygame, config2, n=1)[0]
    stored = stored_event(event, 1)
    hint(cluster_conn, hinted)
    store.append_projected(hinted, 0, stored, tinygame.apply(tinygame.setup(config2, "test-seed-0001"), stored))
    report = sweep(cluster_conn)  # no RQ on a cluster: the sweep folds
    assert report.folded == [lagging] and report.settled == [hinted]
    assert store.projection_version(lagging) == 3 and not cluster_conn.smembers(keys.LAGGING)


def test_outbox_players_and_analytics_keep_their_scripts_on_one_slot(cluster_conn):
    player = PlayerStore(cluster_conn).register(display_name="Ann", email=None, webhook_url="http://127.0.0.1:9/x",
                                                time_zone="UTC")["player"]["player_id"]
    outbox = Outbox(cluster_conn, "c1")
    assert enqueue_notification(cluster_conn, player_id=player, kind="your_turn", match_id=None, payload={},
                                dedupe_key="d1")
    assert not enqueue_notification(cluster_conn, player_id=player, kind="your_turn", match_id=None, payload={},
                                    dedupe_key="d1")
    claimed = outbox.claim()
    assert len(claimed) == 1
    outbox.mark_sent(claimed[0])
    assert outbox.was_sent(claimed[0].delivery["id"]) and outbox.backlog()["pending"] == 0
    stats = StatsStore(cluster_conn)
    assert stats.record("highcard", "m1", {"won": [0]}, {"matches": 1})
    assert not stats.record("highcard", "m1", {"won": [0]}, {"matches": 1})
    assert stats.counts("highcard") == {"matches": 1}
