"""Crafted input (an attacker's, or a buggy client's) gets a 4xx in the error schema and
changes nothing. Each of these answered 500 before: a body nested 1,000 deep, a 5,000-digit
number, infinity, a lone surrogate, integers past Redis's 64-bit ranges; names with NUL or
bidi overrides were stored and shown to the opponent."""
from __future__ import annotations

import pytest

from service.request_parsing import MAX_JSON_DEPTH
from store import MatchStore
from tests.service.helpers import DECKS, bearer, tokens, url

BIG = 2**64


def _assert_error(response, status: int, code: str = "invalid_request") -> dict:
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    assert response.is_json and set(response.json) == {"error"}
    error = response.json["error"]
    assert set(error) == {"code", "message", "details"} and error["code"] == code and error["message"]
    return error


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def _created_matches(redis_conn) -> int:
    return MatchStore(redis_conn).count_matches()


def _create_body(first_name: str = '"Ann"', deck: str = '"ten"') -> str:
    return '{"game": "highcard", "seats": [{"name": %s, "deck": %s}, {"name": "Bob", "deck": "ten"}]}' % (first_name, deck)


CREATE_BODIES = {
    "nested 1000 deep": _nested(1000),
    "deck nested past the limit": _create_body(deck=_nested(MAX_JSON_DEPTH + 1)),
    "5000-digit number": _create_body(deck="9" * 5000),
    "number past a double": _create_body(deck="1e999"),
    "NaN literal": _create_body(deck="NaN"),
    "lone surrogate in a name": _create_body(first_name='"\\ud800"'),
    "invalid UTF-8": _create_body(first_name='"\xff"'),
}


@pytest.mark.parametrize("body", CREATE_BODIES.values(), ids=CREATE_BODIES)
def test_crafted_create_body_is_400_and_creates_nothing(client, redis_conn, body):
    data = body.encode("latin-1") if "\xff" in body else body.encode()
    error = _assert_error(client.post("/v1/matches", data=data, content_type="application/json"), 400)
    assert "json" in error["details"]
    assert _created_matches(redis_conn) == 0


NAMES = {
    "NUL": "Ann\x00",
    "right-to-left override": "Ann\u202egnp.exe",
    "left-to-right isolate": "\u2066Ann",
    "line feed": "Ann\nBob",
    "only spaces": "   ",
}


@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES)
def test_display_name_with_controls_or_bidi_overrides_is_400(client, redis_conn, name):
    seats = [{"name": name, "deck": "ten"}, DECKS[1]]
    error = _assert_error(client.post("/v1/matches", json={"game": "highcard", "seats": seats}), 400)
    assert "name" in error["details"]["json"]["seats"]["0"]
    assert "seats.0.name" in error["message"]
    assert _created_matches(redis_conn) == 0


def test_ordinary_names_from_any_script_are_fine(client):
    seats = [{"name": "Ханна 李 O'Neill", "deck": "ten"}, {"name": "עדי 👩‍🚀", "deck": "ten"}]
    response = client.post("/v1/matches", json={"game": "highcard", "seats": seats})
    assert response.status_code == 201, response.json
    assert [s["name"] for s in response.json["seats"]] == [s["name"] for s in seats]


ACTION_BODIES = {
    "action nested 1000 deep": '{"expected_version": 0, "action": {"card": %s}}' % _nested(1000),
    "5000-digit expected_version": '{"expected_version": %s, "action": {"type": "play"}}' % ("9" * 5000),
    "5000-digit card": '{"expected_version": 0, "action": {"type": "play", "card": %s}}' % ("9" * 5000),
    "infinite card": '{"expected_version": 0, "action": {"type": "play", "card": 1e400}}',
    "lone surrogate": '{"expected_version": 0, "action": {"type": "\\udfff"}}',
    "expected_version past 2^64": '{"expected_version": %d, "action": {"type": "play"}}' % BIG,
}


@pytest.mark.parametrize("body", ACTION_BODIES.values(), ids=ACTION_BODIES)
def test_crafted_action_body_is_400_and_appends_nothing(client, match, redis_conn, body):
    response = client.post(url(match, "/actions"), data=body, content_type="application/json",
                           headers=bearer(tokens(match)[0]))
    _assert_error(response, 400)
    assert MatchStore(redis_conn).version(match["match_id"]) == 0


QUERIES = {
    "after 2^64-1": "/events?after=%d" % (BIG - 1),
    "after 2^63": "/events?after=%d" % 2**63,
    "min_version past 2^64 with wait": "/state?min_version=%d&wait=1" % (BIG + 1),
    "at 2^64": "/replay?at=%d" % BIG,
}


@pytest.mark.parametrize("tail", QUERIES.values(), ids=QUERIES)
def test_huge_integers_in_queries_are_400(client, match, tail):
    error = _assert_error(client.get(url(match, tail)), 400)
    assert "query" in error["details"]


@pytest.mark.parametrize("offset", [2**63 - 50, 2**63 - 1, BIG])
def test_listing_offset_near_2_63_is_400(client, match, offset):
    _assert_error(client.get(f"/v1/matches?offset={offset}&limit=50"), 400)


def test_largest_accepted_integers_still_answer(client, match):
    """The documented maximum (2**53 - 1) is served, not refused and not a 500."""
    from schemas.fields import MAX_INTEGER

    assert client.get(url(match, f"/events?after={MAX_INTEGER}")).json["events"] == []
    assert client.get(f"/v1/matches?offset={MAX_INTEGER}").json["matches"] == []
    assert client.get(url(match, f"/state?min_version={MAX_INTEGER}&wait=0")).status_code == 200


def test_unknown_query_parameter_is_400_naming_it(client, match):
    error = _assert_error(client.get("/v1/matches?limt=5"), 400)
    assert error["details"] == {"query": {"limt": ["Unknown field."]}}
    assert "limt" in error["message"]


def test_query_parameter_given_twice_is_400(client, match):
    """``?limit=5&limit=500`` used to answer for the first and drop the second silently."""
    error = _assert_error(client.get("/v1/matches?limit=5&limit=500"), 400)
    assert error["details"] == {"query": {"limit": ["Given more than once; give it once."]}}


@pytest.mark.parametrize("path,body", [("/actions", {"expected_version": 0, "action": {"type": "play"}}),
                                       ("/resign", {}), ("/draw", {"op": "offer"})])
@pytest.mark.parametrize("key", ["k" * 191, "two words", ""])
def test_bad_idempotency_key_is_400_on_every_endpoint_taking_one(client, match, redis_conn, path, body, key):
    """The key is checked in one place for every endpoint that takes it: a 191-character key
    was refused on /actions only by the store (its seat prefix) and accepted by /resign."""
    headers = {**bearer(tokens(match)[0]), "Idempotency-Key": key}
    _assert_error(client.post(url(match, path), json=body, headers=headers), 400, "invalid_idempotency_key")
    assert MatchStore(redis_conn).version(match["match_id"]) == 0
