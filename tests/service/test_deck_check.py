"""``POST /v1/games/<game>/decks/check``: a deck judged by the game's construction rules
as a challenge would judge it, with nothing stored — what the lobby page calls as its
player types a deck list."""
from __future__ import annotations

import pytest

from store import MatchStore

LEGAL = {"stargate": "oneil", "startrek2e": "federation", "babylon5": "human"}


def _check(client, game, deck, **more):
    return client.post(f"/v1/games/{game}/decks/check", json={"deck": deck, **more})


@pytest.mark.parametrize("game", sorted(LEGAL))
def test_a_starter_deck_is_valid_and_a_broken_list_names_every_violation(client, game):
    ok = _check(client, game, LEGAL[game])
    assert ok.status_code == 200, ok.json
    assert ok.json == {"game": game, "ruleset": ok.json["ruleset"], "valid": True, "violations": []}
    bad = _check(client, game, ["no-such-card"] if game != "stargate" else {"team": ["1/95"], "missions": [], "deck": []})
    assert bad.status_code == 200, bad.json
    assert bad.json["valid"] is False
    assert bad.json["violations"] and all(v["message"] for v in bad.json["violations"])
    assert all("seat" not in v for v in bad.json["violations"])  # a checked deck has no seat yet


def test_the_check_says_what_a_challenge_would_refuse_the_deck_for(client):
    from tests.service.helpers import bearer, register_player

    deck = {"team": ["1/95", "1/95"], "missions": ["1/158"], "deck": []}
    checked = _check(client, "stargate", deck).json
    ann = register_player(client, "Ann")
    refused = client.post("/v1/challenges", headers=bearer(ann["token"]), json={"game": "stargate", "deck": deck})
    assert refused.status_code == 422
    assert refused.json["error"]["details"] == checked["violations"]
    assert len(checked["violations"]) >= 4  # team, missions, skills, hero and villain counts


def test_an_unknown_starter_is_a_violation_not_an_error(client):
    r = _check(client, "stargate", "nope")
    assert r.status_code == 200 and not r.json["valid"]
    assert "oneil" in r.json["violations"][0]["message"]  # the known starters are public


def test_bad_requests_are_400_with_a_code(client):
    assert _check(client, "nosuchgame", "oneil").status_code == 400
    r = _check(client, "stargate", "oneil", ruleset="nope")
    assert r.status_code == 400 and r.json["error"]["code"]
    assert client.post("/v1/games/stargate/decks/check", json={"deck": ""}).status_code == 400
    assert client.post("/v1/games/stargate/decks/check", json={"deck": "oneil", "seats": 9}).status_code == 400


def test_the_ruleset_is_applied(client):
    """The first edition has no ships: a starter deck with a ship added is legal in the
    current edition and refused in the first."""
    from rules.stargate.cards import card_db
    from rules.stargate.deckbuilding import starter_deck

    ship = next(c for c in card_db().values() if c["type"] == "ship" and c["allegiance"] == "hero" and c["official"])
    deck = starter_deck("oneil")
    deck["deck"].append({"card": ship["guid"], "qty": 1})
    assert _check(client, "stargate", deck, ruleset="current").json["valid"]
    first = _check(client, "stargate", deck, ruleset="first-edition").json
    assert first["ruleset"] == "first-edition" and not first["valid"]


def test_checking_stores_nothing_and_needs_no_token(client, redis_conn):
    before = sorted(redis_conn.keys("*"))
    for _ in range(3):
        assert _check(client, "babylon5", "minbari").status_code == 200
    after = sorted(k for k in redis_conn.keys("*") if b"subspace:rl" not in k)
    assert after == [k for k in before if b"subspace:rl" not in k]
    assert MatchStore(redis_conn).count_matches() == 0


def test_checks_past_the_client_limit_are_429(make_app):
    app = make_app(SUBSPACE_RATE_CHECKS="2/minute")
    with app.test_client() as c:
        for _ in range(2):
            assert _check(c, "stargate", "oneil").status_code == 200
        refused = _check(c, "stargate", "oneil")
    assert refused.status_code == 429 and refused.json["error"]["code"] == "rate_limited"
    assert int(refused.headers["Retry-After"]) >= 1


def test_the_answer_is_the_same_for_anyone_whatever_matches_exist(client):
    """Leak-free: the check reads the rules and the card pool only — the same answer with
    or without a token, before and after a match with that very deck exists."""
    from tests.service.helpers import bearer

    deck = {"team": ["1/95", "1/96"], "missions": [], "deck": []}
    before = _check(client, "stargate", deck).json
    created = client.post("/v1/matches", json={"game": "stargate", "seats": [
        {"name": "Ann", "deck": "oneil"}, {"name": "Bob", "deck": "apophis"}]}).json
    token = created["seats"][0]["token"]
    with_token = client.post("/v1/games/stargate/decks/check", json={"deck": deck}, headers=bearer(token))
    assert with_token.json == before == _check(client, "stargate", deck).json
    assert created["match_id"] not in with_token.get_data(as_text=True)
