"""Interchange files over HTTP (issue 14 item 1): export every finished match of a batch of
all three games, import them into an empty server, export again — byte-identical bodies,
every import verified; forged files refused with the reason and the event number; a
live export is the caller's redacted view, delayed; an imported match takes no actions."""
from __future__ import annotations

import json

import pytest

import rules
from replays import interchange
from service import matches_logic
from tests.service.helpers import bearer
from tests.support.playing import starter_seats

GAMES = ("stargate", "babylon5", "startrek2e")


def _play_to_end(rt, game_id: str, seed: str, max_events: int | None = None) -> tuple[str, list[str]]:
    """A match of ``game_id`` created by the service, played by the purposeful player in
    every seat through ``post_action`` (validated and appended as any client's action)."""
    game = rules.get_game(game_id)
    created = matches_logic.create_match(rt.store, game_id, None, starter_seats(game, 2))
    tokens = [s["token"] for s in created["seats"]]
    match_id = created["match_id"]
    n = 0
    while max_events is None or n < max_events:
        version, state = matches_logic.current_state(rt.store, game, match_id)
        seats = game.deciding_seats(state)
        if not seats or game.outcome(state) is not None:
            break
        action = game.bot_action(state, seats[0], f"{seed}:{version}")
        matches_logic.post_action(rt, match_id, tokens[seats[0]], version, action)
        n += 1
    return match_id, tokens


@pytest.fixture
def rt(app):
    return app.extensions["subspace"]


def _export(client, match_id: str, token: str | None = None) -> str:
    response = client.get(f"/v1/matches/{match_id}/export", headers=bearer(token) if token else {})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "application/x-ndjson"
    return response.get_data(as_text=True)


def _import(client, text: str):
    return client.post("/v1/imports", data=text.encode(), content_type="application/x-ndjson")


def test_round_trip_of_every_game_is_byte_identical(client, rt, redis_conn):
    matches = [_play_to_end(rt, game_id, f"rt-{game_id}")[0] for game_id in GAMES]
    exported = [_export(client, m) for m in matches]
    for text in exported:
        header = json.loads(text.split("\n", 1)[0])
        assert header["seed"] and header["result"] and header["view"] == "full"
        assert len(header["engine_version"]) == 16 and len(header["card_data_version"]) == 16
    redis_conn.flushdb()  # an empty server
    for text in exported:
        response = _import(client, text)
        assert response.status_code == 201, response.json
        assert response.json["verified"] is True
        again = _export(client, response.json["match_id"])
        assert interchange.body_of(again) == interchange.body_of(text)
        summary = client.get(f"/v1/matches/{response.json['match_id']}").json
        assert summary["status"] == "finished"
    assert int(redis_conn.zcard("subspace:matches")) == len(GAMES)


_FINISHED: dict[str, str] = {}


@pytest.fixture
def finished_text(client, rt) -> str:
    """The export of one finished Star Trek match (played once per test session: the text
    does not depend on the Redis it was played in)."""
    if "text" not in _FINISHED:
        match_id, _ = _play_to_end(rt, "startrek2e", "forge")
        _FINISHED["text"] = _export(client, match_id)
    return _FINISHED["text"]


def _lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def _text(lines: list[dict]) -> str:
    return "\n".join(interchange.canonical(x) for x in lines) + "\n"


def _refusal(client, text: str) -> dict:
    response = _import(client, text)
    assert response.status_code == 422, response.json
    return response.json["error"]


def test_a_changed_event_is_refused_naming_its_number(client, finished_text, redis_conn):
    lines = _lines(finished_text)
    before = int(redis_conn.zcard("subspace:matches"))
    # event 5 by another seat than the one that had to decide
    target = lines[5]
    target["seat"] = 1 - target["seat"]
    error = _refusal(client, _text(lines))
    assert error["code"] == "event_not_folding"
    assert error["details"]["event"] == 5 and error["details"]["line"] == 6
    assert "event 5" in error["message"]
    assert int(redis_conn.zcard("subspace:matches")) == before  # nothing stored


def test_a_seed_not_matching_its_commitment_is_refused(client, finished_text):
    lines = _lines(finished_text)
    lines[0]["seed"] = "0" * 64
    error = _refusal(client, _text(lines))
    assert error["code"] == "seed_mismatch" and error["details"]["line"] == 1
    assert "event" in error["details"] and error["details"]["event"] is None  # the header, before any event


def test_a_card_not_in_the_committed_deck_is_refused(client, finished_text):
    lines = _lines(finished_text)
    # the config (what the match was dealt from) gains a card the committed lists lack
    deck = lines[0]["config"]["seats"][0]["deck"]  # Star Trek's pinned config: card keys per seat
    deck[0] = "not-a-committed-card"
    error = _refusal(client, _text(lines))
    assert error["code"] == "decklist_not_played" and error["details"]["line"] == 1
    assert "event" in error["details"] and error["details"]["event"] is None  # refused before event 1 folds
    # a deck list changed under its commitment
    lines = _lines(finished_text)
    lines[0]["decklists"][1]["deck"] = "some-other-deck"
    error = _refusal(client, _text(lines))
    assert error["code"] == "decklist_mismatch" and error["details"]["seat"] == 1


def test_an_event_naming_a_card_outside_the_decks_is_refused_by_number(client, finished_text):
    lines = _lines(finished_text)
    n = next(i for i, line in enumerate(lines[1:], start=1)
             if any(isinstance(v, str) and v.startswith("c") and v[1:].isdigit() for v in line["payload"].values()))
    key = next(k for k, v in lines[n]["payload"].items() if isinstance(v, str) and v.startswith("c") and v[1:].isdigit())
    lines[n]["payload"][key] = "c99999"
    error = _refusal(client, _text(lines))
    assert error["code"] == "event_not_folding" and error["details"]["event"] == n


def test_truncated_and_malformed_files_are_refused(client, finished_text):
    lines = _lines(finished_text)
    assert _refusal(client, _text(lines[:-1]))["code"] == "match_not_finished"
    del lines[3]
    error = _refusal(client, _text(lines))
    assert error["code"] == "replay_gap" and error["details"]["event"] == 3
    assert _refusal(client, "not json\n")["code"] == "malformed_import"
    assert _refusal(client, "")["code"] == "malformed_import"


def test_an_import_over_the_size_limit_is_413(client):
    response = _import(client, "x" * (2 << 20))
    assert response.status_code == 413 and response.json["error"]["code"] == "payload_too_large"


def test_an_imported_match_takes_no_actions(client, finished_text):
    created = _import(client, finished_text).json
    url = f"/v1/matches/{created['match_id']}"
    response = client.post(f"{url}/actions", json={"expected_version": created["version"], "action": {"type": "pass"}},
                           headers=bearer("whatever"))
    assert response.status_code == 409 and response.json["error"]["code"] == "match_read_only"
    response = client.post(f"{url}/resign", json={}, headers=bearer("whatever"))
    assert response.status_code == 409 and response.json["error"]["code"] == "match_read_only"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_live_export_is_the_callers_redacted_view_and_lags_the_head(client, rt, game_id):
    match_id, tokens = _play_to_end(rt, game_id, f"live-{game_id}", max_events=40)
    head = client.get(f"/v1/matches/{match_id}").json["version"]
    delay = rt.settings.export_delay
    assert delay > 0
    for token in (*tokens, None):
        text = _export(client, match_id, token)
        lines = _lines(text)
        header, events = lines[0], lines[1:]
        assert header["version"] == head - delay and len(events) == head - delay
        assert all(header.get(k) is None for k in ("seed", "config", "decklists"))
        listing = client.get(f"/v1/matches/{match_id}/events?limit=1000",
                             headers=bearer(token) if token else {}).json["events"]
        shown = {e["v"]: e for e in listing}
        for event in events:
            event.pop("kind")
            assert event == shown[event["v"]]  # nothing the caller's /events hides


def test_imports_count_against_the_creation_rate_limit(make_app, finished_text):
    app = make_app(SUBSPACE_RATE_CREATE="1/minute", SUBSPACE_RATE_LIMITS="on")
    with app.test_client() as client:
        assert _import(client, finished_text).status_code == 201
        response = _import(client, finished_text)
        assert response.status_code == 429 and response.json["error"]["code"] == "rate_limited"
        assert int(response.headers["Retry-After"]) >= 1


def test_a_clocked_match_ended_by_resignation_round_trips(client, rt, redis_conn):
    """Control events (clock_start, resign) verify at their own times and keep their bytes."""
    from service import control_logic

    created = matches_logic.create_match(rt.store, "highcard", None, [{"name": "Ann", "deck": "ten"},
                                         {"name": "Bob", "deck": "ten"}], clock={"days_per_decision": 2, "grace_days": 1})
    match_id, tokens = created["match_id"], [s["token"] for s in created["seats"]]
    game = rules.get_game("highcard")
    for _ in range(3):
        version, state = matches_logic.current_state(rt.store, game, match_id)
        seat = game.deciding_seats(state)[0]
        matches_logic.post_action(rt, match_id, tokens[seat], version, game.legal_actions(state, seat)[0])
    control_logic.post_control(rt, match_id, tokens[0], "resign")
    text = _export(client, match_id)
    kinds = [json.loads(line)["type"] for line in text.splitlines()[1:]]
    assert kinds[0] == "clock_start" and kinds[-1] == "resign"
    redis_conn.flushdb()
    response = _import(client, text)
    assert response.status_code == 201, response.json
    assert response.json["outcome"]["ended_by"] == "resign"
    assert interchange.body_of(_export(client, response.json["match_id"])) == interchange.body_of(text)
    # a resignation by a seat that is not in the match does not fold
    lines = _lines(text)
    lines[-1]["seat"] = 5
    error = _refusal(client, _text(lines))
    assert error["code"] == "event_not_folding" and error["details"]["event"] == len(lines) - 1
