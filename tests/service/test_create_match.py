"""POST /v1/matches: deck validation, seed commitment, seat tokens shown once."""
from __future__ import annotations

import hashlib

from store import MatchStore, keys
from tests.service.helpers import DECKS, create_match, url


def test_create_match_returns_tokens_commitment_and_default_ruleset(client):
    body = create_match(client)
    assert body["game"] == "highcard" and body["ruleset"] == "standard"
    assert [s["seat"] for s in body["seats"]] == [0, 1]
    assert [s["name"] for s in body["seats"]] == ["Ann", "Bob"]
    tokens = [s["token"] for s in body["seats"]]
    assert len(set(tokens)) == 2 and all(len(t) >= 40 for t in tokens)
    assert len(body["seed_commitment"]) == 64


def test_create_match_with_named_ruleset_pins_it(client):
    body = create_match(client, ruleset="long")
    summary = client.get(url(body)).json
    assert summary["ruleset"] == "long" and summary["status"] == "active" and summary["version"] == 0


def test_seed_commitment_is_sha256_of_the_stored_secret_seed(client, redis_conn):
    body = create_match(client)
    meta = MatchStore(redis_conn).get_meta(body["match_id"])
    assert hashlib.sha256(meta["seed"].encode()).hexdigest() == body["seed_commitment"]
    assert len(meta["seed"]) == 64  # secrets.token_hex(32)


def test_tokens_are_stored_only_as_hashes(client, redis_conn):
    body = create_match(client)
    raw = b"".join(
        k + v for k, v in redis_conn.hgetall(keys.meta(body["match_id"])).items()
    )
    for seat in body["seats"]:
        assert seat["token"].encode() not in raw
        assert hashlib.sha256(seat["token"].encode()).hexdigest().encode() in raw


def test_summary_never_shows_tokens_seed_or_config_while_active(client):
    body = create_match(client)
    summary = client.get(url(body))
    assert summary.status_code == 200
    assert summary.json["seed"] is None
    assert "config" not in summary.json
    text = summary.get_data(as_text=True)
    for seat in body["seats"]:
        assert seat["token"] not in text
    assert summary.json["seats"] == [{"seat": 0, "name": "Ann", "player_id": None}, {"seat": 1, "name": "Bob", "player_id": None}]
    assert summary.json["decklists"] is None


def test_bad_deck_is_422_deck_invalid_listing_every_violation(client, redis_conn):
    response = client.post("/v1/matches", json={"game": "highcard", "seats": [
        {"name": "Ann", "deck": [1, 2]}, {"name": "Bob", "deck": [0, -1, 3]}, {"name": "Cy", "deck": "ten"}]})
    assert response.status_code == 422
    error = response.json["error"]
    assert error["code"] == "deck_invalid"
    rules_broken = sorted((str(v.get("seat")), v["rule"]) for v in error["details"])
    assert rules_broken == [("0", "deck_size"), ("1", "deck_size"), ("None", "players")]
    assert redis_conn.zcard(keys.MATCHES) == 0  # nothing stored


def test_unknown_game_is_400_unknown_game(client):
    response = client.post("/v1/matches", json={"game": "chess", "seats": DECKS})
    assert response.status_code == 400
    assert response.json["error"]["code"] == "unknown_game"


def test_unknown_ruleset_is_400_listing_rulesets(client):
    response = client.post("/v1/matches", json={"game": "highcard", "ruleset": "blitz", "seats": DECKS})
    assert response.status_code == 400
    assert response.json["error"]["code"] == "unknown_ruleset"
    assert response.json["error"]["details"]["rulesets"] == ["long", "standard"]


def test_missing_seats_is_400_invalid_request_naming_the_field(client):
    response = client.post("/v1/matches", json={"game": "highcard"})
    assert response.status_code == 400
    error = response.json["error"]
    assert error["code"] == "invalid_request"
    assert "seats" in error["details"]["json"]


def test_deck_of_wrong_type_is_400(client):
    response = client.post("/v1/matches", json={"game": "highcard", "seats": [{"name": "Ann", "deck": 7}]})
    assert response.status_code == 400
    assert "deck" in response.json["error"]["details"]["json"]["seats"]["0"]
