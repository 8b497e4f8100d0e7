"""Match creation, meta, ids and seat tokens."""
from __future__ import annotations

import pytest

from rules.errors import NotFound
from store import hash_token, keys


def test_create_match_writes_meta_projection_and_snapshot_zero(store, redis_conn):
    meta = {"game": "highcard", "config": {"rounds": 3, "decks": [[1, 2]]}, "seat_token_hashes": ["ab"], "status": "active"}
    match_id = store.create_match(meta, {"turn": 0})
    got = store.get_meta(match_id)
    assert {k: got[k] for k in meta} == meta  # types survive (dicts, lists)
    assert got["id"] == match_id and got["created"] == got["updated"]
    assert store.load_projection(match_id) == (0, {"turn": 0})
    assert store.nearest_snapshot(match_id, 0) == (0, {"turn": 0})
    assert store.version(match_id) == 0
    assert redis_conn.zscore(keys.MATCHES, match_id) is not None
    assert match_id in store.list_matches()


def test_match_ids_are_url_safe_and_distinct(store):
    ids = {store.create_match({"game": "g"}, {}) for _ in range(20)}
    assert len(ids) == 20
    assert all(keys.check_match_id(i) == i and len(i) >= 16 for i in ids)


def test_every_key_of_a_match_shares_its_hash_tag():
    tagged = [keys.events("abc"), keys.meta("abc"), keys.projection("abc"), keys.snapshots("abc"),
              keys.fold_queued("abc"), keys.idempotency("abc", "k")]
    assert all(k.startswith("{m:abc}:") for k in tagged)


@pytest.mark.parametrize("bad", ["a}b", "x:y", "", "a b", "{m:x}", "a" * 65])
def test_malformed_match_ids_name_no_match(store, bad):
    with pytest.raises(NotFound):
        store.get_meta(bad)


def test_plain_seat_tokens_are_refused(store):
    with pytest.raises(ValueError):
        store.create_match({"game": "g", "seat_tokens": ["secret"]}, {})


def test_update_meta_changes_fields_and_unknown_match_is_not_found(store):
    match_id = store.create_match({"game": "g", "status": "active"}, {})
    store.update_meta(match_id, status="finished", outcome={"winners": [1]})
    got = store.get_meta(match_id)
    assert got["status"] == "finished" and got["outcome"] == {"winners": [1]}
    with pytest.raises(NotFound):
        store.update_meta("nosuchmatch", status="x")
    with pytest.raises(NotFound):
        store.get_meta("nosuchmatch")


def test_seat_for_token_matches_only_the_stored_hashes(store):
    match_id = store.create_match({"game": "g", "seat_token_hashes": [hash_token("t0"), hash_token("t1")]}, {})
    assert store.seat_for_token(match_id, "t0") == 0
    assert store.seat_for_token(match_id, "t1") == 1
    assert store.seat_for_token(match_id, "t2") is None
    assert store.seat_for_token(match_id, None) is None
    assert "t0" not in str(store.get_meta(match_id))
