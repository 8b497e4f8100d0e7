"""A whole High Card match over HTTP alone, then replayed at every version and re-folded
from the revealed seed to the same final state."""
from __future__ import annotations

import hashlib

from replays import verify_replay
from replays.history import current_state
from rules.protocol import JUDGE
from store import MatchStore
from tests.service.helpers import bearer, create_match, play_to_end, tokens, url


def test_full_match_over_http_to_the_end(client, redis_conn, tinygame):
    match = create_match(client)
    moves = play_to_end(client, match)
    assert [m["version"] for m in moves] == list(range(1, 7))  # three rounds, two seats
    assert [m["seat"] for m in moves] == [0, 1, 0, 1, 0, 1]

    summary = client.get(url(match)).json
    assert summary["status"] == "finished" and summary["version"] == 6
    assert summary["deciding_seats"] == []
    assert summary["outcome"]["reason"] == "highest total"
    assert hashlib.sha256(summary["seed"].encode()).hexdigest() == match["seed_commitment"]

    meta = MatchStore(redis_conn).get_meta(match["match_id"])
    assert meta["status"] == "finished" and meta["outcome"] == summary["outcome"]

    for seat in (0, 1):
        listing = client.get(url(match, "/legal-actions"), headers=bearer(tokens(match)[seat])).json
        assert listing["actions"] == [] and listing["deciding_seats"] == []


def test_inline_mode_folds_the_projection_after_each_append(client, redis_conn, tinygame):
    match = create_match(client)
    play_to_end(client, match)
    store = MatchStore(redis_conn)
    assert store.projection_version(match["match_id"]) == 6
    assert not redis_conn.sismember("subspace:lagging", match["match_id"])


def test_posting_after_the_end_is_409_match_over(client, tinygame):
    match = create_match(client)
    play_to_end(client, match)
    response = client.post(url(match, "/actions"), headers=bearer(tokens(match)[0]),
                           json={"expected_version": 6, "action": {"type": "play", "card": 1}})
    assert response.status_code == 409
    assert response.json["error"]["code"] == "match_over"


def test_replay_at_every_version_and_refold_from_revealed_seed(client, redis_conn, tinygame):
    match = create_match(client)
    play_to_end(client, match)
    store = MatchStore(redis_conn)
    final = client.get(url(match, "/replay")).json
    assert final["status"] == "finished" and final["viewer"] == "judge" and final["at"] == 6

    events = client.get(url(match, "/events")).json["events"]
    assert [e["v"] for e in events] == list(range(1, 7))
    refolded = verify_replay(tinygame, final["config"], final["seed"], events, final["seed_commitment"])
    _, stored_final = current_state(store, tinygame, match["match_id"])
    assert refolded == stored_final
    assert tinygame.view(refolded, JUDGE) == final["view"]

    # every version: the replay equals a fold of the first N events of the public log
    state = tinygame.setup(final["config"], final["seed"])
    for at in range(0, 7):
        if at:
            state = tinygame.apply(state, events[at - 1])
        for headers in ({}, bearer(tokens(match)[0]), bearer(tokens(match)[1])):
            response = client.get(url(match, f"/replay?at={at}"), headers=headers)
            assert response.status_code == 200
            assert response.json["at"] == at and response.json["version"] == 6
            assert response.json["view"] == tinygame.view(state, JUDGE)


def test_replay_out_of_range_is_400(client, match):
    response = client.get(url(match, "/replay?at=3"))
    assert response.status_code == 400
    assert response.json["error"]["code"] == "version_out_of_range"
    assert response.json["error"]["details"]["current_version"] == 0


def test_replay_without_at_is_the_current_state(client, match):
    response = client.get(url(match, "/replay"), headers=bearer(tokens(match)[1]))
    assert response.status_code == 200
    assert response.json["at"] == 0 and response.json["seat"] == 1 and response.json["viewer"] == "seat"
    assert response.json["seed"] is None and response.json["config"] is None
    assert response.json["view"] == client.get(url(match, "/state"), headers=bearer(tokens(match)[1])).json["view"]

