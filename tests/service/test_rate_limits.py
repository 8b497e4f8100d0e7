"""Rate limits on writes (issue 10 item 5): per client address and per bearer token, in the
same Redis, answered 429 ``rate_limited`` with Retry-After, and nothing written."""
from __future__ import annotations

import pytest

from rules.errors import InvalidRequest
from service.settings import load_settings
from store import MatchStore
from tests.service.helpers import DECKS, bearer, create_match, legal, post, tokens, url


def _assert_rate_limited(response) -> None:
    assert response.status_code == 429, response.json
    assert response.json["error"]["code"] == "rate_limited"
    assert int(response.headers["Retry-After"]) >= 1
    assert response.json["error"]["message"]


def test_match_creation_past_the_client_limit_is_429_and_creates_nothing(make_app, redis_conn):
    app = make_app(SUBSPACE_RATE_CREATE="2/minute")
    with app.test_client() as c:
        for _ in range(2):
            create_match(c)
        refused = c.post("/v1/matches", json={"game": "highcard", "seats": DECKS})
    _assert_rate_limited(refused)
    assert MatchStore(redis_conn).count_matches() == 2


def test_another_client_address_has_its_own_count(make_app):
    app = make_app(SUBSPACE_RATE_CREATE="1/minute")
    with app.test_client() as c:
        create_match(c)
        _assert_rate_limited(c.post("/v1/matches", json={"game": "highcard", "seats": DECKS}))
        other = c.post("/v1/matches", json={"game": "highcard", "seats": DECKS},
                       environ_base={"REMOTE_ADDR": "192.0.2.7"})
    assert other.status_code == 201


def test_actions_past_the_token_limit_are_429_and_append_nothing(make_app, redis_conn):
    app = make_app(SUBSPACE_RATE_ACTIONS_PER_TOKEN="1/minute")
    with app.test_client() as c:
        match = create_match(c)
        first = legal(c, match, 0)["actions"][0]
        assert post(c, match, 0, 0, first).status_code == 201
        # seat 1's token has its own count: it may act
        assert post(c, match, 1, 1, legal(c, match, 1)["actions"][0]).status_code == 201
        again = post(c, match, 0, 2, legal(c, match, 0)["actions"][0])
    _assert_rate_limited(again)
    assert "token" in again.json["error"]["message"]
    assert MatchStore(redis_conn).version(match["match_id"]) == 2


def test_actions_past_the_client_limit_are_429_whatever_the_token(make_app, redis_conn):
    app = make_app(SUBSPACE_RATE_ACTIONS="1/minute")
    with app.test_client() as c:
        match = create_match(c)
        assert post(c, match, 0, 0, legal(c, match, 0)["actions"][0]).status_code == 201
        refused = post(c, match, 1, 1, legal(c, match, 1)["actions"][0])
    _assert_rate_limited(refused)
    assert MatchStore(redis_conn).version(match["match_id"]) == 1


def test_reads_are_not_rate_limited(make_app):
    app = make_app(SUBSPACE_RATE_CREATE="1/minute", SUBSPACE_RATE_ACTIONS="1/minute")
    with app.test_client() as c:
        match = create_match(c)
        for _ in range(5):
            assert c.get(url(match, "/state"), headers=bearer(tokens(match)[0])).status_code == 200


def test_limits_can_be_turned_off(make_app):
    app = make_app(SUBSPACE_RATE_CREATE="1/minute", SUBSPACE_RATE_LIMITS="off")
    with app.test_client() as c:
        for _ in range(3):
            create_match(c)


def test_a_malformed_rate_is_refused_at_start():
    with pytest.raises(InvalidRequest) as info:
        load_settings({"SUBSPACE_RATE_CREATE": "lots per day"}, environ={})
    assert info.value.code == "invalid_setting"


def test_every_write_endpoint_named_in_the_limits_exists(app):
    """A renamed endpoint would silently lose its limit."""
    from service.limits import ENDPOINT_LIMITS

    assert set(ENDPOINT_LIMITS) <= set(app.view_functions)


def test_match_control_counts_as_an_action(make_app, redis_conn):
    app = make_app(SUBSPACE_RATE_ACTIONS_PER_TOKEN="1/minute")
    with app.test_client() as c:
        match = create_match(c)
        assert post(c, match, 0, 0, legal(c, match, 0)["actions"][0]).status_code == 201
        resign = c.post(url(match, "/resign"), json={}, headers=bearer(tokens(match)[0]))
    _assert_rate_limited(resign)
    assert MatchStore(redis_conn).version(match["match_id"]) == 1


def test_behind_a_trusted_proxy_the_forwarded_address_is_the_client(make_app):
    """SUBSPACE_PROXY_HOPS=1: each X-Forwarded-For address has its own count (without it,
    every client of the proxy would share the proxy's)."""
    app = make_app(SUBSPACE_RATE_CREATE="1/minute", SUBSPACE_PROXY_HOPS="1")
    body = {"game": "highcard", "seats": DECKS}
    with app.test_client() as c:
        assert c.post("/v1/matches", json=body, headers={"X-Forwarded-For": "198.51.100.1"}).status_code == 201
        _assert_rate_limited(c.post("/v1/matches", json=body, headers={"X-Forwarded-For": "198.51.100.1"}))
        assert c.post("/v1/matches", json=body, headers={"X-Forwarded-For": "198.51.100.2"}).status_code == 201
