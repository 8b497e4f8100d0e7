"""POST /v1/matches/<id>/actions: version races, idempotent retries, illegal actions,
and that nothing is appended in any error case."""
from __future__ import annotations

import pytest

from store import MatchStore
from tests.service.helpers import bearer, http_post_action, legal, play_one, post, tokens, url
from tests.support.racing import run_together


def _event_count(redis_conn, match: dict) -> int:
    return len(MatchStore(redis_conn).read_events(match["match_id"]))


def test_action_returns_201_with_new_version(client, match):
    action = legal(client, match, 0)["actions"][0]
    response = post(client, match, 0, 0, action)
    assert response.status_code == 201 and response.json == {"version": 1}
    assert "Idempotent-Replayed" not in response.headers


def test_stale_version_is_409_with_current_version_and_appends_nothing(client, match, redis_conn):
    play_one(client, match)
    action = legal(client, match, 1)["actions"][0]
    response = post(client, match, 1, 0, action)
    assert response.status_code == 409
    error = response.json["error"]
    assert error["code"] == "version_conflict"
    assert error["details"] == {"current_version": 1, "expected_version": 0}
    assert _event_count(redis_conn, match) == 1


def test_illegal_action_is_422_and_appends_nothing(client, match, redis_conn):
    hand = client.get(url(match, "/state"), headers=bearer(tokens(match)[0])).json["view"]["seats"][0]["hand"]
    missing = next(c for c in range(1, 11) if c not in hand)
    before = client.get(url(match, "/events")).json
    response = post(client, match, 0, 0, {"type": "play", "card": missing})
    assert response.status_code == 422
    assert response.json["error"]["code"] == "illegal_action"
    assert client.get(url(match)).json["version"] == 0
    assert client.get(url(match, "/events")).json == before
    assert _event_count(redis_conn, match) == 0


def test_unknown_action_type_is_422(client, match, redis_conn):
    response = post(client, match, 0, 0, {"type": "flip_table"})
    assert response.status_code == 422
    assert _event_count(redis_conn, match) == 0


def test_other_seats_decision_is_403_not_your_decision(client, match, redis_conn):
    response = post(client, match, 1, 0, {"type": "play", "card": 1})
    assert response.status_code == 403
    assert response.json["error"]["code"] == "not_your_decision"
    assert response.json["error"]["details"] == {"deciding_seats": [0]}
    assert _event_count(redis_conn, match) == 0


def test_unknown_match_is_404(client, match):
    response = client.post("/v1/matches/nosuchmatch/actions", headers=bearer(tokens(match)[0]),
                           json={"expected_version": 0, "action": {"type": "play", "card": 1}})
    assert response.status_code == 404
    assert response.json["error"]["code"] == "not_found"


@pytest.mark.parametrize("body", [
    {"expected_version": "0", "action": {"type": "play", "card": 1}},
    {"expected_version": -1, "action": {"type": "play", "card": 1}},
    {"expected_version": 0, "action": ["play", 1]},
    {"expected_version": 0},
    {"expected_version": 0, "action": {}, "extra": 1},
])
def test_malformed_body_is_400_and_appends_nothing(client, match, redis_conn, body):
    response = client.post(url(match, "/actions"), headers=bearer(tokens(match)[0]), json=body)
    assert response.status_code == 400
    assert response.json["error"]["code"] == "invalid_request"
    assert _event_count(redis_conn, match) == 0


# ---- idempotency ---------------------------------------------------------------------------
def test_idempotent_retry_returns_original_response_and_appends_nothing(client, match, redis_conn):
    action = legal(client, match, 0)["actions"][0]
    first = post(client, match, 0, 0, action, key="retry-1")
    again = post(client, match, 0, 0, action, key="retry-1")
    assert first.status_code == again.status_code == 201
    assert again.json == first.json == {"version": 1}
    assert again.headers["Idempotent-Replayed"] == "true"
    assert _event_count(redis_conn, match) == 1


def test_idempotent_retry_after_the_match_moved_on_still_returns_original(client, match, redis_conn):
    action = legal(client, match, 0)["actions"][0]
    assert post(client, match, 0, 0, action, key="k-early").status_code == 201
    play_one(client, match)  # seat 1 moves: the retried action is now illegal and stale
    again = post(client, match, 0, 0, action, key="k-early")
    assert again.status_code == 201 and again.json == {"version": 1}
    assert _event_count(redis_conn, match) == 2


def test_idempotency_key_reused_for_another_action_is_400(client, match, redis_conn):
    actions = legal(client, match, 0)["actions"]
    assert post(client, match, 0, 0, actions[0], key="k-reuse").status_code == 201
    other = post(client, match, 0, 0, actions[1], key="k-reuse")
    assert other.status_code == 400
    assert other.json["error"]["code"] == "idempotency_key_reused"
    assert _event_count(redis_conn, match) == 1


def test_retry_of_a_refused_request_is_refused_again(client, match, redis_conn):
    first = post(client, match, 1, 0, {"type": "play", "card": 1}, key="k-refused")
    again = post(client, match, 1, 0, {"type": "play", "card": 1}, key="k-refused")
    assert first.status_code == again.status_code == 403
    assert _event_count(redis_conn, match) == 0


def test_malformed_idempotency_key_is_400_and_appends_nothing(client, match, redis_conn):
    action = legal(client, match, 0)["actions"][0]
    response = post(client, match, 0, 0, action, key="has space")
    assert response.status_code == 400
    assert response.json["error"]["code"] == "invalid_idempotency_key"
    assert _event_count(redis_conn, match) == 0


# ---- version race over real HTTP -------------------------------------------------------------
def test_version_race_exactly_one_201(client, match, live_server, redis_conn):
    actions = legal(client, match, 0)["actions"]
    racers = 8
    results = run_together(
        lambda i: http_post_action(live_server, match, 0, 0, actions[i % len(actions)]), racers)
    statuses = sorted(status for status, _ in results)
    assert statuses == [201] + [409] * (racers - 1), results
    assert all(body["error"]["details"]["current_version"] == 1 for status, body in results if status == 409)
    assert _event_count(redis_conn, match) == 1


def test_two_seats_may_use_the_same_idempotency_key(client, match, redis_conn):
    """Keys are scoped by seat: seat 1's "move" is not a retry of seat 0's "move"."""
    first = post(client, match, 0, 0, legal(client, match, 0)["actions"][0], key="move")
    second = post(client, match, 1, 1, legal(client, match, 1)["actions"][0], key="move")
    assert first.status_code == second.status_code == 201
    assert (first.json, second.json) == ({"version": 1}, {"version": 2})
    assert "Idempotent-Replayed" not in second.headers
    assert _event_count(redis_conn, match) == 2


def test_service_refuses_a_non_deciding_seat_even_if_the_game_would_not(client, match, redis_conn, tinygame, monkeypatch):
    """The 403 is the service's promise, not only the game's: a game whose validate forgets
    to check the turn still cannot get an out-of-turn action into the log."""
    monkeypatch.setattr(type(tinygame), "validate", lambda self, state, seat, action: None)
    response = post(client, match, 1, 0, {"type": "play", "card": 1})
    assert response.status_code == 403
    assert response.json["error"]["code"] == "not_your_decision"
    assert _event_count(redis_conn, match) == 0


def test_service_refuses_actions_after_the_end_even_if_the_game_would_not(client, match, redis_conn, tinygame, monkeypatch):
    from tests.service.helpers import play_to_end

    play_to_end(client, match)
    monkeypatch.setattr(type(tinygame), "validate", lambda self, state, seat, action: None)
    monkeypatch.setattr(type(tinygame), "deciding_seats", lambda self, state: [0, 1])
    response = post(client, match, 0, 6, {"type": "play", "card": 1})
    assert response.status_code == 409
    assert response.json["error"]["code"] == "match_over"
    assert _event_count(redis_conn, match) == 6
