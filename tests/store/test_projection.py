"""Projection writes: atomic, forward-only; snapshots."""
from __future__ import annotations

import pytest

from rules.errors import NotFound


def test_write_projection_only_moves_forward(store):
    match_id = store.create_match({"game": "g"}, {"at": 0})
    assert store.write_projection(match_id, 5, {"at": 5})
    assert not store.write_projection(match_id, 3, {"at": 3})  # a stale worker finishing late
    assert not store.write_projection(match_id, 5, {"at": "other"})
    assert store.load_projection(match_id) == (5, {"at": 5})
    assert store.write_projection(match_id, 6, {"at": 6})
    assert store.load_projection(match_id) == (6, {"at": 6})


def test_write_projection_stores_snapshots_in_the_same_call(store):
    match_id = store.create_match({"game": "g"}, {"at": 0})
    store.write_projection(match_id, 12, {"at": 12}, snapshots=[(5, {"at": 5}), (10, b'{"at":10}')])
    assert store.snapshot_versions(match_id) == [0, 5, 10]
    assert store.nearest_snapshot(match_id, 4) == (0, {"at": 0})
    assert store.nearest_snapshot(match_id, 9) == (5, {"at": 5})
    assert store.nearest_snapshot(match_id, 99) == (10, {"at": 10})


def test_projection_of_unknown_match_is_not_found(store):
    with pytest.raises(NotFound):
        store.load_projection("nosuchmatch")
    with pytest.raises(NotFound):
        store.write_projection("nosuchmatch", 1, {})


def test_states_are_stored_compressed_and_old_plain_json_states_still_read(store, tinygame):
    from store import codec, keys
    from tests.store.helpers import new_match

    match_id, config = new_match(store, tinygame)
    state = tinygame.setup(config, "other")
    store.write_projection(match_id, 1, state, snapshots=[(1, state)])
    raw = store.conn.hget(keys.projection(match_id), "state")
    assert raw[:1] == b"z" and len(raw) < len(codec.dumps(state))
    assert store.load_projection(match_id) == (1, state)
    # A state written before compression (plain orjson) reads the same.
    store.conn.hset(keys.projection(match_id), "state", codec.dumps(state))
    store.conn.hset(keys.snapshots(match_id), "1", codec.dumps(state))
    assert store.load_projection(match_id) == (1, state)
    assert store.nearest_snapshot(match_id, 1) == (1, state)
