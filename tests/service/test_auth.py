"""Seat tokens: missing, wrong, malformed, other seat; spectators may read."""
from __future__ import annotations

import pytest

from rules.errors import Unauthorized
from service import auth
from store import hash_token
from tests.service.helpers import bearer, post, tokens, url

READS = ["", "/state", "/legal-actions", "/events", "/replay"]


def test_post_without_token_is_401_with_www_authenticate(client, match):
    response = client.post(url(match, "/actions"), json={"expected_version": 0, "action": {"type": "play", "card": 1}})
    assert response.status_code == 401
    assert response.json["error"]["code"] == "unauthorized"
    assert response.headers["WWW-Authenticate"].startswith("Bearer")


def test_post_with_wrong_token_is_401(client, match):
    response = client.post(url(match, "/actions"), headers=bearer("not-a-seat-token"),
                           json={"expected_version": 0, "action": {"type": "play", "card": 1}})
    assert response.status_code == 401


def test_token_of_another_match_is_401(client, match):
    from tests.service.helpers import create_match

    other = create_match(client)
    response = client.get(url(match, "/state"), headers=bearer(tokens(other)[0]))
    assert response.status_code == 401


def test_other_seat_acting_is_403(client, match):
    response = post(client, match, 1, 0, {"type": "play", "card": 1})
    assert response.status_code == 403
    assert response.json["error"]["code"] == "not_your_decision"


@pytest.mark.parametrize("tail", [t for t in READS if t])
def test_reads_with_wrong_token_are_401(client, match, tail):
    response = client.get(url(match, tail), headers=bearer("wrong"))
    assert response.status_code == 401
    assert response.json["error"]["code"] == "unauthorized"


@pytest.mark.parametrize("header", ["Basic dXNlcjpwYXNz", "Bearer", "Bearer   ", "token abc"])
def test_malformed_authorization_header_is_401(client, match, header):
    response = client.get(url(match, "/state"), headers={"Authorization": header})
    assert response.status_code == 401


@pytest.mark.parametrize("tail", READS)
def test_reads_without_token_are_a_spectators(client, match, tail):
    response = client.get(url(match, tail))
    assert response.status_code == 200
    if "seat" in response.json:
        assert response.json["seat"] is None


def test_seat_token_names_its_seat(client, match):
    for seat, token in enumerate(tokens(match)):
        assert client.get(url(match, "/state"), headers=bearer(token)).json["seat"] == seat


def test_bearer_token_parsing():
    assert auth.bearer_token({}) is None
    assert auth.bearer_token({"Authorization": "Bearer abc"}) == "abc"
    assert auth.bearer_token({"Authorization": "bearer  abc "}) == "abc"
    with pytest.raises(Unauthorized):
        auth.bearer_token({"Authorization": "Basic abc"})


def test_seat_for_token_matches_hashes_only():
    meta = {"seat_token_hashes": [hash_token("t0"), hash_token("t1")]}
    assert auth.seat_for_token(meta, "t0") == 0
    assert auth.seat_for_token(meta, "t1") == 1
    assert auth.seat_for_token(meta, hash_token("t0")) is None  # the hash is not a token
    assert auth.seat_for_token(meta, "t2") is None


def test_issue_seat_tokens_are_unique_and_hashed():
    tokens_, hashes = auth.issue_seat_tokens(3)
    assert len(set(tokens_)) == 3
    assert hashes == [hash_token(t) for t in tokens_]


def test_require_seat_refuses_no_token():
    with pytest.raises(Unauthorized):
        auth.require_seat({"seat_token_hashes": []}, None)
