"""The server's player over the API: a seat created with ``{"bot": {...}}`` gets no token,
its turns are scheduled (never played inside a request) and played by ``workers.bots`` at
its pace, appended like any seat's action; the person's view and errors show nothing more."""
from __future__ import annotations

import json

import pytest

from store.bots import BotSchedule
from tests.service.helpers import bearer
from workers.bots import run_due


def _create(client, game="startrek2e", pace=0, human_first=True):
    decks = [d["id"] for d in next(g for g in client.get("/v1/games").json["games"] if g["id"] == game)["starter_decks"]]
    seats = [{"name": "Ann", "deck": decks[0]}, {"name": "Server", "deck": decks[1], "bot": {"pace_seconds": pace}}]
    response = client.post("/v1/matches", json={"game": game, "seats": seats if human_first else seats[::-1]})
    assert response.status_code == 201, response.json
    return response.json


def _summary(client, match):
    return client.get(f"/v1/matches/{match['match_id']}").json


def test_a_bot_seat_has_no_token_and_its_turns_wait_for_the_runner(client, redis_conn):
    match = _create(client, pace=30)
    human = next(s for s in match["seats"] if not s["bot"])
    bot = next(s for s in match["seats"] if s["bot"])
    assert bot["token"] is None and human["token"]
    assert json.dumps(match).count("token") == 2  # the field names; one token value only
    schedule = BotSchedule(redis_conn)
    for _ in range(200):  # the person plays until the bot must decide
        summary = _summary(client, match)
        if bot["seat"] in summary["deciding_seats"]:
            break
        listing = client.get(f"/v1/matches/{match['match_id']}/legal-actions", headers=bearer(human["token"])).json
        posted = client.post(f"/v1/matches/{match['match_id']}/actions", headers=bearer(human["token"]),
                             json={"expected_version": listing["version"], "action": listing["actions"][0]})
        assert posted.status_code == 201, posted.json
    due = schedule.pending(match["match_id"])
    assert due is not None  # scheduled, not played, by the request
    version = summary["version"]
    assert run_due(redis_conn, now=due - 1) == 0 and _summary(client, match)["version"] == version  # its pace
    assert run_due(redis_conn, now=due + 1) >= 1
    after = _summary(client, match)
    assert after["version"] > version
    events = client.get(f"/v1/matches/{match['match_id']}/events", query_string={"after": version},
                        headers=bearer(human["token"])).json["events"]
    assert events and events[0]["seat"] == bot["seat"]


@pytest.mark.parametrize("game", ["startrek2e", "babylon5", "stargate"])
def test_a_person_plays_a_whole_match_against_the_server(client, redis_conn, game):
    match = _create(client, game=game, pace=0, human_first=False)
    human = next(s for s in match["seats"] if not s["bot"])
    for _ in range(4000):
        run_due(redis_conn, now=1e12)
        summary = _summary(client, match)
        if summary["status"] == "finished":
            break
        if human["seat"] not in summary["deciding_seats"]:
            continue
        listing = client.get(f"/v1/matches/{match['match_id']}/legal-actions", headers=bearer(human["token"])).json
        action = listing["actions"][(summary["version"] * 7) % len(listing["actions"])]
        posted = client.post(f"/v1/matches/{match['match_id']}/actions", headers=bearer(human["token"]),
                             json={"expected_version": listing["version"], "action": action})
        assert posted.status_code == 201, posted.json
    assert summary["status"] == "finished", summary
    assert BotSchedule(redis_conn).pending(match["match_id"]) is None


def test_a_bot_seat_cannot_be_posted_for_and_pace_is_validated(client):
    response = client.post("/v1/matches", json={"game": "startrek2e", "seats": [
        {"name": "A", "deck": "x", "bot": {"pace_seconds": -1}}, {"name": "B", "deck": "y"}]})
    assert response.status_code == 400 and response.json["error"]["code"] == "invalid_request"


def test_a_turn_claimed_by_a_runner_that_died_is_played_after_the_lease(client, redis_conn):
    match = _create(client, pace=0, human_first=False)
    schedule = BotSchedule(redis_conn)
    due = schedule.pending(match["match_id"])
    assert due is not None
    assert schedule.claim(match["match_id"], due + 1, 30)  # a runner took it, then died
    assert not schedule.claim(match["match_id"], due + 2, 30)  # nobody else may meanwhile
    version = _summary(client, match)["version"]
    assert run_due(redis_conn, now=due + 10) == 0
    assert run_due(redis_conn, now=due + 40) == 1  # the lease ran out: played once
    assert _summary(client, match)["version"] == version + 1
