"""``GET /v1/games/<game>/cards``: the printed face of every card a view names, cacheable
by ETag, public definitions only."""
from __future__ import annotations

import pytest

from tests.rules.test_catalogue import _cards
from tests.service.helpers import bearer

GAMES = ["stargate", "startrek2e", "babylon5"]


def _create(client, game_id):
    game = next(g for g in client.get("/v1/games").json["games"] if g["id"] == game_id)
    decks = [d["id"] for d in game["starter_decks"]]
    body = {"game": game_id, "seats": [{"name": "Ann", "deck": decks[0]}, {"name": "Bob", "deck": decks[1]}]}
    response = client.post("/v1/matches", json=body)
    assert response.status_code == 201, response.json
    return response.json


@pytest.mark.parametrize("game_id", GAMES)
def test_each_card_a_seats_view_names_resolves_over_http(client, game_id):
    match = _create(client, game_id)
    games = {g["id"]: g for g in client.get("/v1/games").json["games"]}
    key = games[game_id]["card_key"]
    view = client.get(f"/v1/matches/{match['match_id']}/state", headers=bearer(match["seats"][0]["token"])).json["view"]
    keys = sorted({c[key] for c in _cards(view, []) if c.get(key)})
    assert keys
    response = client.get(f"/v1/games/{game_id}/cards", query_string={"keys": ",".join(keys)})
    assert response.status_code == 200, response.json
    body = response.json
    assert body["game"] == game_id and body["card_key"] == key and sorted(body["cards"]) == keys
    for entry in body["cards"].values():
        assert {"title", "type", "cost", "numbers", "text"} <= set(entry)
    one = client.get(f"/v1/games/{game_id}/cards/{keys[0]}")
    assert one.status_code == 200 and one.json == body["cards"][keys[0]]


def test_the_catalogue_is_cacheable_by_etag(client):
    first = client.get("/v1/games/babylon5/cards")
    assert first.status_code == 200 and first.headers["ETag"] and "public" in first.headers["Cache-Control"]
    assert len(first.json["cards"]) >= 100
    again = client.get("/v1/games/babylon5/cards", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    one = client.get("/v1/games/babylon5/cards/ambassador-rokesh")
    assert client.get("/v1/games/babylon5/cards/ambassador-rokesh",
                      headers={"If-None-Match": one.headers["ETag"]}).status_code == 304


def test_unknown_keys_and_games_are_clear_errors(client):
    response = client.get("/v1/games/babylon5/cards/no-such-card")
    assert response.status_code == 404 and response.json["error"]["code"] == "card_not_found"
    assert "no-such-card" in response.json["error"]["message"]
    response = client.get("/v1/games/babylon5/cards", query_string={"keys": "ambassador-rokesh,nope"})
    assert response.status_code == 404 and response.json["error"]["details"] == {"unknown": ["nope"]}
    response = client.get("/v1/games/babylon5/cards", query_string={"keys": ",".join(["x"] * 501)})
    assert response.status_code == 400 and response.json["error"]["code"] == "too_many_keys"
    response = client.get("/v1/games/nosuchgame/cards")  # an unknown id in the path: 404, as documented
    assert response.status_code == 404 and response.json["error"]["code"] == "unknown_game"
    response = client.get("/v1/games/highcard/cards")
    assert response.status_code == 404 and response.json["error"]["code"] == "no_card_catalogue"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_catalogue_is_public_data_only(client, game_id):
    """Leak test: the catalogue is the same bytes before and after matches are created and
    played (it reads no match state), and names no match, seat token or instance id."""
    before = client.get(f"/v1/games/{game_id}/cards")
    match = _create(client, game_id)
    token = match["seats"][0]["token"]
    listing = client.get(f"/v1/matches/{match['match_id']}/legal-actions", headers=bearer(token)).json
    if listing["actions"]:
        client.post(f"/v1/matches/{match['match_id']}/actions", headers=bearer(token),
                    json={"expected_version": listing["version"], "action": listing["actions"][0]})
    after = client.get(f"/v1/games/{game_id}/cards", headers=bearer(token))
    assert after.data == before.data and after.headers["ETag"] == before.headers["ETag"]
    assert match["match_id"].encode() not in after.data and token.encode() not in after.data
    assert "Set-Cookie" not in after.headers
