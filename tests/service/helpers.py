"""Playing High Card over HTTP in tests."""
from __future__ import annotations

import json
import urllib.error
import urllib.request

from flask.testing import FlaskClient

DECKS = [{"name": "Ann", "deck": "ten"}, {"name": "Bob", "deck": "ten"}]


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def create_match(client: FlaskClient, ruleset: str | None = None, seats: list[dict] | None = None) -> dict:
    body = {"game": "highcard", "seats": seats or DECKS}
    if ruleset:
        body["ruleset"] = ruleset
    response = client.post("/v1/matches", json=body)
    assert response.status_code == 201, response.json
    return response.json


def tokens(match: dict) -> list[str]:
    return [s["token"] for s in match["seats"]]


def url(match: dict, tail: str = "") -> str:
    return f"/v1/matches/{match['match_id']}{tail}"


def legal(client: FlaskClient, match: dict, seat: int) -> dict:
    response = client.get(url(match, "/legal-actions"), headers=bearer(tokens(match)[seat]))
    assert response.status_code == 200, response.json
    return response.json


def deciding_seat(client: FlaskClient, match: dict) -> int | None:
    seats = client.get(url(match)).json["deciding_seats"]
    return seats[0] if seats else None


def post(client: FlaskClient, match: dict, seat: int, expected_version: int, action: dict, key: str | None = None):
    headers = bearer(tokens(match)[seat])
    if key is not None:
        headers["Idempotency-Key"] = key
    return client.post(url(match, "/actions"), headers=headers, json={"expected_version": expected_version, "action": action})


def play_one(client: FlaskClient, match: dict, kind: str = "play") -> dict:
    """The deciding seat posts its first legal action of ``kind`` (else its first);
    returns ``{seat, action, version}``."""
    seat = deciding_seat(client, match)
    assert seat is not None, "the match is over"
    listing = legal(client, match, seat)
    action = next((a for a in listing["actions"] if a["type"] == kind), listing["actions"][0])
    response = post(client, match, seat, listing["version"], action)
    assert response.status_code == 201, response.json
    return {"seat": seat, "action": action, "version": response.json["version"]}


def play_to_end(client: FlaskClient, match: dict, bluff_first: bool = True) -> list[dict]:
    """Play until the match is over (seat 0 bluffs on its first turn); returns the moves."""
    moves = []
    while deciding_seat(client, match) is not None:
        kind = "bluff" if bluff_first and not moves else "play"
        moves.append(play_one(client, match, kind))
    return moves


def register_player(client: FlaskClient, name: str = "Ann", **fields: object) -> dict:
    """Register a player over HTTP; returns the 201 body (token, webhook secret, profile)."""
    response = client.post("/v1/players", json={"display_name": name, "time_zone": "Europe/Prague", **fields})
    assert response.status_code == 201, response.json
    return response.json


def http_post_action(base: str, match: dict, seat: int, expected_version: int, action: dict,
                     key: str | None = None, headers: dict | None = None) -> tuple[int, dict]:
    """POST an action over real HTTP (to ``live_server``); ``(status, body)``."""
    sent = {**bearer(tokens(match)[seat]), "Content-Type": "application/json", **(headers or {})}
    if key is not None:
        sent["Idempotency-Key"] = key
    body = json.dumps({"expected_version": expected_version, "action": action}).encode()
    request = urllib.request.Request(base + url(match, "/actions"), data=body, method="POST", headers=sent)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())
