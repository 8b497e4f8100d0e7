"""The memory reserve (issue 10 item 5): past a threshold well below the store's limit new
matches are refused (503 ``store_full``, Retry-After), and running matches still act."""
from __future__ import annotations

import pytest

from rules.errors import StoreFull
from store import MatchStore
from store.memory import MemoryGuard
from tests.service.helpers import DECKS, create_match, legal, post


def test_past_the_reserve_new_matches_are_503_and_running_ones_still_act(make_app, redis_conn):
    with make_app().test_client() as roomy:
        running = create_match(roomy)
    full = make_app(SUBSPACE_STORE_MAX_BYTES="1")  # any Redis is past 80 % of one byte
    with full.test_client() as c:
        refused = c.post("/v1/matches", json={"game": "highcard", "seats": DECKS})
        assert refused.status_code == 503, refused.json
        assert refused.json["error"]["code"] == "store_full"
        assert int(refused.headers["Retry-After"]) >= 1
        acted = post(c, running, 0, 0, legal(c, running, 0)["actions"][0])
    assert acted.status_code == 201, acted.json
    assert MatchStore(redis_conn).count_matches() == 1


def test_the_limit_defaults_to_redis_maxmemory(redis_conn):
    """With no configured size the guard reads Redis's own ``maxmemory`` from INFO."""
    before = redis_conn.config_get("maxmemory")["maxmemory"]
    try:
        redis_conn.config_set("maxmemory", str(64 << 30))  # far above use: no eviction risk
        guard = MemoryGuard(redis_conn, reserve=1e-9, cache_seconds=0)
        used, limit = guard.usage()
        assert limit == 64 << 30 and used > 0
        with pytest.raises(StoreFull):
            guard.require_room_for_new_match()
        assert MemoryGuard(redis_conn, reserve=0.8, cache_seconds=0).require_room_for_new_match() is None
    finally:
        redis_conn.config_set("maxmemory", before)


def test_no_known_limit_means_no_refusal(redis_conn):
    redis_conn.config_set("maxmemory", "0")
    MemoryGuard(redis_conn, reserve=0.0, cache_seconds=0).require_room_for_new_match()
