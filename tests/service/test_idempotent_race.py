"""Concurrent retries with the same Idempotency-Key: every twin gets the stored 201.

A client whose first POST timed out retries at once, so the retry can race its own first
attempt. Before the fix a twin that checked the key *before* the first attempt appended,
but read the state *after*, saw a moved version and answered 409 for an action that had
succeeded. These tests run real concurrent requests (threads, real HTTP, the real Redis).
"""
from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request

import flask
import pytest
from werkzeug.serving import make_server

from store import MatchStore
from tests.service.helpers import bearer, legal, tokens, url


@pytest.fixture
def live_server(app):
    """The app behind a real threaded HTTP server on an ephemeral loopback port."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join()


def _post(base: str, match: dict, seat: int, expected_version: int, action: dict, key: str, twin: str = "") -> tuple[int, dict]:
    headers = {**bearer(tokens(match)[seat]), "Content-Type": "application/json", "Idempotency-Key": key, "X-Twin": twin}
    body = json.dumps({"expected_version": expected_version, "action": action}).encode()
    request = urllib.request.Request(base + url(match, "/actions"), data=body, method="POST", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def _twins(base: str, match: dict, seat: int, version: int, action: dict, key: str, count: int) -> list[tuple[int, dict]]:
    """``count`` identical requests released together; their answers."""
    barrier = threading.Barrier(count)
    results: list[tuple[int, dict]] = []
    lock = threading.Lock()

    def twin() -> None:
        barrier.wait(timeout=30)
        outcome = _post(base, match, seat, version, action, key)
        with lock:
            results.append(outcome)

    threads = [threading.Thread(target=twin) for _ in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return results


def test_a_twin_that_checked_the_key_before_the_other_appended_gets_the_stored_201(live_server, client, match, redis_conn, monkeypatch):
    """The exact interleaving of the bug, forced: twin B looks the key up (nothing stored
    yet), twin A's request then runs to completion, and only then does B read the state."""
    action = legal(client, match, 0)["actions"][0]
    original = MatchStore.idempotent_result
    b_looked = threading.Event()
    a_done = threading.Event()

    def idempotent_result(self, match_id, key, event=None):
        found = original(self, match_id, key, event)
        if flask.request.headers.get("X-Twin") == "b" and not b_looked.is_set():
            b_looked.set()
            assert a_done.wait(timeout=30), "twin A never finished"
        return found

    monkeypatch.setattr(MatchStore, "idempotent_result", idempotent_result)
    answers: dict[str, tuple[int, dict]] = {}

    def run(name: str) -> None:
        answers[name] = _post(live_server, match, 0, 0, action, "twin-key", twin=name)

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
        version = listing["version"]
        results = _twins(live_server, match, seat, version, listing["actions"][0], f"round-{round_no}", 6)
        assert results == [(201, {"version": version + 1})] * 6, results
        assert len(MatchStore(redis_conn).read_events(match["match_id"])) == version + 1


def test_a_real_conflict_is_still_409_for_every_twin(live_server, client, match, redis_conn):
    """Twins whose version moved on because of *another* action (no stored answer for
    their key) still get 409: the stored answer is only ever their own."""
    action = legal(client, match, 0)["actions"][0]
    assert _post(live_server, match, 0, 0, action, "first")[0] == 201
    results = _twins(live_server, match, 0, 0, action, "second", 3)
    assert [status for status, _ in results] == [409] * 3
    assert all(body["error"]["code"] == "version_conflict" for _, body in results)
