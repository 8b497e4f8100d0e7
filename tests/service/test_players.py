"""Players: register (token and webhook secret shown once, only hashes kept), /v1/me,
player tokens acting for the seat they hold, spectators, and /v1/me/matches ordering."""
from __future__ import annotations

import pytest

from rules.aggregates import players as player_rules
from service import matches_logic
from store import hash_token
from store.players import PlayerStore
from tests.service.helpers import bearer, register_player, url


def test_register_shows_token_and_secret_once_and_stores_only_the_hash(client, redis_conn):
    body = register_player(client, "Ann", email="ann@example.org", webhook_url="http://127.0.0.1:9/hook")
    assert body["display_name"] == "Ann" and body["time_zone"] == "Europe/Prague"
    assert body["token"] and body["webhook_secret"]
    # Nowhere in Redis is the plain token.
    for key in redis_conn.keys("*"):
        kind = redis_conn.type(key).decode()
        dump = repr(redis_conn.dump(key))
        assert body["token"] not in dump, (key, kind)
    assert redis_conn.hget("subspace:player-tokens", hash_token(body["token"])).decode() == body["player_id"]
    me = client.get("/v1/me", headers=bearer(body["token"]))
    assert me.status_code == 200
    assert me.json == {k: body[k] for k in ("player_id", "display_name", "email", "webhook_url", "time_zone", "created")}
    assert body["token"] not in me.get_data(as_text=True) and body["webhook_secret"] not in me.get_data(as_text=True)


def test_the_player_is_the_fold_of_its_stream(client, redis_conn):
    body = register_player(client, "Ann")
    players = PlayerStore(redis_conn)
    events = players.records.events(body["player_id"])
    assert [e["type"] for e in events] == ["registered"] and events[0]["v"] == 1
    folded = None
    for event in events:
        folded = player_rules.apply(folded, event)
    assert folded == players.get(body["player_id"])


@pytest.mark.parametrize("bad, field", [
    ({"display_name": ""}, "display_name"),
    ({"display_name": "A", "time_zone": "Mars/Olympus"}, "time_zone"),
    ({"display_name": "A", "time_zone": "+02:00"}, "time_zone"),
    ({"display_name": "A", "email": "not-an-address"}, "email"),
    ({"display_name": "A", "webhook_url": "ftp://example.org/x"}, "webhook_url"),
    ({}, "display_name"),
])
def test_bad_registration_is_400_and_creates_nobody(client, redis_conn, bad, field):
    response = client.post("/v1/players", json=bad)
    assert response.status_code == 400
    assert response.json["error"]["code"] == "invalid_request"
    assert field in response.json["error"]["details"]["json"]
    assert redis_conn.hlen("subspace:player-tokens") == 0


@pytest.mark.parametrize("path", ["/v1/me", "/v1/me/matches"])
def test_me_needs_a_player_token(client, match, path):
    assert client.get(path).status_code == 401
    assert client.get(path, headers=bearer("nobody")).status_code == 401
    # A seat token is not a player token.
    assert client.get(path, headers=bearer(match["seats"][0]["token"])).json["error"]["code"] == "unauthorized"


def _player_match(app, players: list[str | None]) -> dict:
    with app.app_context():
        rt = app.extensions["subspace"]
        seats = [{"name": f"P{i}", "deck": "ten"} for i in range(len(players))]
        return matches_logic.create_match(rt.store, "highcard", None, seats, seat_players=players)


def test_a_player_token_acts_for_the_seat_it_holds_and_reads_its_view(app, client):
    ann, bob, eve = (register_player(client, n) for n in ("Ann", "Bob", "Eve"))
    match = _player_match(app, [ann["player_id"], bob["player_id"]])
    assert [s["player_id"] for s in match["seats"]] == [ann["player_id"], bob["player_id"]]
    state = client.get(url(match, "/state"), headers=bearer(ann["token"])).json
    assert state["seat"] == 0 and state["view"]["seats"][0]["hand"] is not None
    assert state["view"]["seats"][1]["hand"] is None
    actions = client.get(url(match, "/legal-actions"), headers=bearer(ann["token"])).json["actions"]
    posted = client.post(url(match, "/actions"), headers=bearer(ann["token"]),
                         json={"expected_version": 0, "action": actions[0]})
    assert posted.status_code == 201
    # Bob's token reads seat 1; Eve holds no seat: a spectator, who may not act.
    assert client.get(url(match, "/state"), headers=bearer(bob["token"])).json["seat"] == 1
    spectator = client.get(url(match, "/state"), headers=bearer(eve["token"])).json
    assert spectator["seat"] is None and spectator["viewer"] == "spectator"
    assert all(s["hand"] is None for s in spectator["view"]["seats"])
    refused = client.post(url(match, "/actions"), headers=bearer(eve["token"]),
                          json={"expected_version": 1, "action": {"type": "play", "card": 1}})
    assert refused.status_code == 403 and refused.json["error"]["code"] == "not_a_seat"
    assert client.get(url(match)).json["version"] == 1


def test_summary_names_the_player_of_each_seat(app, client):
    ann = register_player(client, "Ann")
    match = _player_match(app, [ann["player_id"], None])
    seats = client.get(url(match)).json["seats"]
    assert [s["player_id"] for s in seats] == [ann["player_id"], None]


def test_my_matches_lists_waiting_on_me_first(app, client):
    ann, bob = register_player(client, "Ann"), register_player(client, "Bob")
    first = _player_match(app, [ann["player_id"], bob["player_id"]])   # Ann (seat 0) decides
    second = _player_match(app, [bob["player_id"], ann["player_id"]])  # Bob decides
    third = _player_match(app, [ann["player_id"], bob["player_id"]])
    _player_match(app, [bob["player_id"], None])  # not Ann's
    listing = client.get("/v1/me/matches", headers=bearer(ann["token"])).json["matches"]
    ids = [m["match_id"] for m in listing]
    assert set(ids) == {first["match_id"], second["match_id"], third["match_id"]}
    assert [m["your_decision"] for m in listing] == [True, True, False]
    assert ids[2] == second["match_id"]
    assert all(m["deadline"] is None for m in listing)  # no clock on these matches
    assert {m["seat"] for m in listing if m["match_id"] == second["match_id"]} == {1}
    finished = client.get("/v1/me/matches?status=finished", headers=bearer(ann["token"])).json["matches"]
    assert finished == []
    assert client.get("/v1/me/matches?status=bogus", headers=bearer(ann["token"])).status_code == 400


def test_deadline_is_read_from_the_summary_clock():
    from service.players_logic import deadline_of

    assert deadline_of({"deciding_seats": [1], "clock": {"deadlines": [None, "2026-01-02T00:00:00.000Z"]}}, 1) == "2026-01-02T00:00:00.000Z"
    assert deadline_of({"deciding_seats": [1], "clock": {"deadlines": {"1": "X"}}}, 1) == "X"
    assert deadline_of({"deciding_seats": [0], "clock": {"deadline": "Y"}}, 0) == "Y"
    assert deadline_of({"deciding_seats": [0], "clock": {"deadline": "Y"}}, 1) is None
    assert deadline_of({"deciding_seats": [0], "clock": None}, 0) is None


def test_your_turn_is_queued_for_the_player_who_now_decides(app, client, redis_conn):
    from store.outbox import STREAM
    from store import codec

    ann = register_player(client, "Ann", webhook_url="http://127.0.0.1:9/ann")
    bob = register_player(client, "Bob", webhook_url="http://127.0.0.1:9/bob", email="bob@example.org")
    match = _player_match(app, [ann["player_id"], bob["player_id"]])
    actions = client.get(url(match, "/legal-actions"), headers=bearer(ann["token"])).json["actions"]
    client.post(url(match, "/actions"), headers=bearer(ann["token"]), json={"expected_version": 0, "action": actions[0]})
    deliveries = [codec.loads(f[b"d"]) for _, f in redis_conn.xrange(STREAM)]
    assert {(d["player_id"], d["kind"], d["channel"]) for d in deliveries} == {
        (bob["player_id"], "your_turn", "webhook"), (bob["player_id"], "your_turn", "email")}
    assert deliveries[0]["payload"] == {"game": "highcard", "version": 1, "seat": 1}
    assert deliveries[0]["id"].startswith(f"your_turn:{match['match_id']}:1:1")


def test_anonymous_seats_get_no_notification(client, match, redis_conn):
    from store.outbox import STREAM
    from tests.service.helpers import play_one

    play_one(client, match)
    assert redis_conn.exists(STREAM) == 0 or redis_conn.xlen(STREAM) == 0


def test_a_player_updates_their_profile_and_only_the_sent_fields_change(client, redis_conn):
    ann = register_player(client, "Ann", email="ann@example.org")
    headers = bearer(ann["token"])
    changed = client.patch("/v1/me", headers=headers, json={"webhook_url": "https://ann.example/hook", "time_zone": "Asia/Tokyo"})
    assert changed.status_code == 200, changed.json
    assert changed.json["webhook_url"] == "https://ann.example/hook" and changed.json["time_zone"] == "Asia/Tokyo"
    assert changed.json["email"] == "ann@example.org" and changed.json["display_name"] == "Ann"
    cleared = client.patch("/v1/me", headers=headers, json={"email": None}).json
    assert cleared["email"] is None and cleared["webhook_url"] == "https://ann.example/hook"
    assert client.get("/v1/me", headers=headers).json == cleared
    events = PlayerStore(redis_conn).records.events(ann["player_id"])
    assert [e["type"] for e in events] == ["registered", "profile_updated", "profile_updated"]


@pytest.mark.parametrize("body", [{}, {"time_zone": "Nowhere/Else"}, {"email": "nope"}, {"token_hash": "x"},
                                  {"display_name": "a\u202eb"}])
def test_a_bad_profile_update_is_400_and_changes_nothing(client, redis_conn, body):
    ann = register_player(client, "Ann")
    response = client.patch("/v1/me", headers=bearer(ann["token"]), json=body)
    assert response.status_code == 400 and response.json["error"]["code"] == "invalid_request"
    assert len(PlayerStore(redis_conn).records.events(ann["player_id"])) == 1
    assert client.patch("/v1/me", json={"time_zone": "UTC"}).status_code == 401


def test_rotating_the_webhook_secret_shows_the_new_one_once(client, redis_conn):
    ann = register_player(client, "Ann")
    rotated = client.post("/v1/me/webhook-secret", headers=bearer(ann["token"]))
    assert rotated.status_code == 201
    secret = rotated.json["webhook_secret"]
    assert secret != ann["webhook_secret"]
    assert PlayerStore(redis_conn).get(ann["player_id"])["webhook_secret"] == secret
    assert secret not in client.get("/v1/me", headers=bearer(ann["token"])).get_data(as_text=True)
    assert client.post("/v1/me/webhook-secret").status_code == 401


def test_a_players_public_face_is_name_and_time_zone_only(client):
    ann = register_player(client, "Ann", email="ann@hidden.example", webhook_url="https://ann.hidden.example/h")
    response = client.get(f"/v1/players/{ann['player_id']}")
    assert response.status_code == 200
    assert response.json == {"player_id": ann["player_id"], "display_name": "Ann", "time_zone": "Europe/Prague"}
    text = response.get_data(as_text=True)
    assert "hidden.example" not in text and ann["token"] not in text and ann["webhook_secret"] not in text
    missing = client.get("/v1/players/no-such-player")
    assert missing.status_code == 404 and missing.json["error"]["code"] == "unknown_player"
    assert client.get("/v1/players/bad}id").status_code == 404


def test_rotating_the_token_retires_the_old_one_at_once(app, client, redis_conn):
    ann, bob = register_player(client, "Ann"), register_player(client, "Bob")
    match = _player_match(app, [ann["player_id"], bob["player_id"]])
    rotated = client.post("/v1/me/token", headers=bearer(ann["token"]))
    assert rotated.status_code == 201
    new = rotated.json["token"]
    assert new != ann["token"]
    assert client.get("/v1/me", headers=bearer(ann["token"])).status_code == 401
    assert client.get(url(match, "/state"), headers=bearer(ann["token"])).status_code == 401
    assert client.get("/v1/me", headers=bearer(new)).json["player_id"] == ann["player_id"]
    assert client.get(url(match, "/state"), headers=bearer(new)).json["seat"] == 0
    assert redis_conn.hget("subspace:player-tokens", hash_token(ann["token"])) is None
    # An index entry left by a crash cannot revive an old token: it must be the player's current hash.
    redis_conn.hset("subspace:player-tokens", hash_token(ann["token"]), ann["player_id"])
    assert client.get("/v1/me", headers=bearer(ann["token"])).status_code == 401
