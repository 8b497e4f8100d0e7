"""``GET /v1/matches/<id>/stream`` (Server-Sent Events, issue 11 item 8): each event
redacted for the caller exactly as ``GET /events`` shows it, ``id: <version>``, resume from
``Last-Event-ID``, keep-alive comments, the end of the match ends the stream."""
from __future__ import annotations

import pytest

from tests.service.helpers import bearer, play_one, play_to_end, tokens, url
from tests.service.sse import messages, take_events

VIEWERS = ("spectator", 0, 1)


@pytest.fixture
def app(make_app):
    return make_app(SUBSPACE_STREAM_KEEPALIVE="0.05")


def _headers(match: dict, viewer) -> dict:
    return {} if viewer == "spectator" else bearer(tokens(match)[viewer])


def _open(client, match: dict, viewer, **headers):
    response = client.get(url(match, "/stream"), headers={**_headers(match, viewer), **headers}, buffered=False)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "text/event-stream"
    return response


def test_stream_sends_the_log_then_new_events_then_ends(client, match):
    play_one(client, match, "bluff")  # seat 0 bluffs a face-down card at v1
    play_one(client, match)
    response = _open(client, match, 1)
    stream = messages(response)
    first = take_events(stream, 2)
    assert [m["id"] for m in first] == ["1", "2"] and [m["data"]["v"] for m in first] == [1, 2]
    assert first[0]["data"]["payload"] == {"type": "bluff", "card": None}, "seat 0's face-down card reached seat 1"
    moves = play_to_end(client, match, bluff_first=False)
    rest = [m for m in stream if "data" in m]  # the stream closes by itself once the match is over
    assert [m["data"]["v"] for m in rest[:-1]] == list(range(3, 3 + len(moves)))
    assert rest[-1]["event"] == "end" and rest[-1]["data"]["status"] == "finished"
    assert rest[-1]["data"]["version"] == 2 + len(moves)


@pytest.mark.parametrize("viewer", VIEWERS)
def test_stream_never_carries_what_events_hides(client, match, viewer):
    """Leak test: at every version of a running match, the stream from 0 carries exactly
    the events ``GET /events`` gives the same viewer — never a bluffed card it hides."""
    kinds = ["bluff", "play", "play", "bluff", "play"]
    for version, kind in enumerate(kinds, start=1):
        play_one(client, match, kind)
        listed = client.get(url(match, "/events"), headers=_headers(match, viewer)).json["events"]
        response = _open(client, match, viewer)
        streamed = [m["data"] for m in take_events(messages(response), version)]
        response.close()
        assert streamed == listed
        for event in streamed:
            if event["payload"]["type"] == "bluff" and event["seat"] != viewer:
                assert event["payload"]["card"] is None, f"v{event['v']}: a face-down card reached {viewer}"


def test_stream_resumes_after_last_event_id(client, match):
    for _ in range(3):
        play_one(client, match)
    resumed = take_events(messages(_open(client, match, 0, **{"Last-Event-ID": "2"})), 1)
    assert resumed[0]["id"] == "3"
    from_after = take_events(messages(client.get(url(match, "/stream?after=1"), buffered=False)), 1)
    assert from_after[0]["id"] == "2"


def test_quiet_stream_sends_keep_alive_comments(client, match):
    stream = messages(_open(client, match, "spectator"))
    assert next(stream) == {"comment": "keep-alive"}


def test_bad_last_event_id_is_400(client, match):
    response = client.get(url(match, "/stream"), headers={"Last-Event-ID": "soon"})
    assert response.status_code == 400 and response.json["error"]["code"] == "invalid_last_event_id"


def test_a_resume_point_past_the_match_is_400(client, match):
    play_one(client, match)
    for response in (client.get(url(match, "/stream"), headers={"Last-Event-ID": "2"}),
                     client.get(url(match, "/stream?after=5"))):
        assert response.status_code == 400 and response.json["error"]["code"] == "version_out_of_range"
        assert response.json["error"]["details"]["current_version"] == 1


def test_stream_of_unknown_match_is_404_and_foreign_token_401(client, match):
    assert client.get("/v1/matches/nope/stream").status_code == 404
    response = client.get(url(match, "/stream"), headers=bearer("not-a-seat-token"))
    assert response.status_code == 401


def test_finished_match_streams_the_whole_log_unredacted_and_ends(client, match):
    play_to_end(client, match)
    listed = client.get(url(match, "/events?limit=1000"), headers=_headers(match, 1)).json["events"]
    streamed = [m for m in messages(_open(client, match, 1))]
    assert [m["data"] for m in streamed[:-1]] == listed
    assert streamed[-1]["event"] == "end"
