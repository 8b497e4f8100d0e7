"""GET /v1/matches: every match on the server as summaries, newest first, paged."""
from __future__ import annotations

from tests.service.helpers import create_match, play_to_end


def test_list_matches_newest_first_with_summaries_and_total(client):
    first, second, third = (create_match(client) for _ in range(3))
    listing = client.get("/v1/matches?limit=2")
    assert listing.status_code == 200
    body = listing.json
    assert body["total"] == 3 and body["offset"] == 0 and body["limit"] == 2
    assert [m["match_id"] for m in body["matches"]] == [third["match_id"], second["match_id"]]
    assert body["matches"][0] == client.get(f"/v1/matches/{third['match_id']}").json
    rest = client.get("/v1/matches?offset=2&limit=2").json
    assert [m["match_id"] for m in rest["matches"]] == [first["match_id"]]


def test_list_matches_shows_no_token_and_the_seed_only_of_finished_matches(client):
    active = create_match(client)
    finished = create_match(client)
    play_to_end(client, finished)
    body = client.get("/v1/matches").get_data(as_text=True)
    for seat in active["seats"] + finished["seats"]:
        assert seat["token"] not in body
    summaries = {m["match_id"]: m for m in client.get("/v1/matches").json["matches"]}
    assert summaries[active["match_id"]]["seed"] is None
    assert summaries[finished["match_id"]]["status"] == "finished" and summaries[finished["match_id"]]["seed"]


def test_list_matches_bad_paging_is_400_and_empty_server_lists_nothing(client):
    assert client.get("/v1/matches").json == {"total": 0, "offset": 0, "limit": 50, "matches": []}
    response = client.get("/v1/matches?limit=0")
    assert response.status_code == 400
    assert response.json["error"]["code"] == "invalid_request"
    assert client.get("/v1/matches?offset=-1").status_code == 400
