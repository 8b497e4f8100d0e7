"""Concurrent retries with the same Idempotency-Key: every twin gets the stored 201.

A client whose first POST timed out retries at once, so the retry can race its own first
attempt. Before the fix a twin that checked the key *before* the first attempt appended,
but read the state *after*, saw a moved version and answered 409 for an action that had
succeeded. These tests run real concurrent requests (threads, real HTTP, the real Redis).
"""
from __future__ import annotations

import threading

import flask

from store import MatchStore
from tests.service.helpers import http_post_action, legal, url
from tests.support.racing import run_together


def test_a_twin_that_checked_the_key_before_the_other_appended_gets_the_stored_201(live_server, client, match, redis_conn, monkeypatch):
    """The exact interleaving of the bug, forced: twin B reads the key and the state in one
    round trip (nothing stored yet, version 0), twin A's request then runs to completion,
    and only then does B append at version 0."""
    action = legal(client, match, 0)["actions"][0]
    original = MatchStore.read_head
    b_looked = threading.Event()
    a_done = threading.Event()

    def read_head(self, match_id, idempotency_key=None):
        found = original(self, match_id, idempotency_key)
        if flask.request.headers.get("X-Twin") == "b" and not b_looked.is_set():
            b_looked.set()
            assert a_done.wait(timeout=30), "twin A never finished"
        return found

    monkeypatch.setattr(MatchStore, "read_head", read_head)
    answers: dict[str, tuple[int, dict]] = {}

    def run(name: str) -> None:
        answers[name] = http_post_action(live_server, match, 0, 0, action, "twin-key", {"X-Twin": name})

    b = threading.Thread(target=run, args=("b",))
    b.start()
    assert b_looked.wait(timeout=30)
    run("a")
    a_done.set()
    b.join(timeout=60)
    assert answers["a"] == (201, {"version": 1})
    assert answers["b"] == (201, {"version": 1}), answers["b"]
    assert len(MatchStore(redis_conn).read_events(match["match_id"])) == 1


def test_concurrent_retries_with_one_key_all_get_the_stored_201(live_server, client, match, redis_conn):
    """Unforced races, a few rounds: each round, six twins of one action with one key."""
    for round_no in range(3):
        seat = client.get(url(match)).json["deciding_seats"][0]
        listing = legal(client, match, seat)
        version, action = listing["version"], listing["actions"][0]
        results = run_together(lambda _: http_post_action(live_server, match, seat, version, action, f"round-{round_no}"), 6)
        assert results == [(201, {"version": version + 1})] * 6, results
        assert len(MatchStore(redis_conn).read_events(match["match_id"])) == version + 1


def test_a_real_conflict_is_still_409_for_every_twin(live_server, client, match, redis_conn):
    """Twins whose version moved on because of *another* action (no stored answer for
    their key) still get 409: the stored answer is only ever their own."""
    action = legal(client, match, 0)["actions"][0]
    assert http_post_action(live_server, match, 0, 0, action, "first")[0] == 201
    results = run_together(lambda _: http_post_action(live_server, match, 0, 0, action, "second"), 3)
    assert [status for status, _ in results] == [409] * 3
    assert all(body["error"]["code"] == "version_conflict" for _, body in results)
