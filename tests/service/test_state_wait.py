"""GET state with ?min_version=N&wait=S: read-your-writes without polling."""
from __future__ import annotations

import threading
import time

from tests.service.helpers import bearer, legal, play_one, post, tokens, url


def _wait_for_waiting_request(app, timeout: float = 10.0) -> None:
    """Until some request waits on the process's append watcher. The timeout only bounds a
    hung test; nothing is asserted about time."""
    watcher = app.extensions["subspace"].watcher
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if watcher.waiting():
            return
        time.sleep(0.01)
    raise AssertionError("no request ever waited for the version")


def test_min_version_wait_returns_once_the_version_is_reached(app, client, match, redis_conn):
    result: dict = {}

    def waiter() -> None:
        with app.test_client() as own:
            result["response"] = own.get(url(match, "/state?min_version=1&wait=20"), headers=bearer(tokens(match)[1]))

    thread = threading.Thread(target=waiter)
    thread.start()
    _wait_for_waiting_request(app)
    action = legal(client, match, 0)["actions"][0]
    assert post(client, match, 0, 0, action).status_code == 201
    thread.join(30)
    assert not thread.is_alive()
    response = result["response"]
    assert response.status_code == 200
    assert response.json["version"] == 1 and response.json["deciding_seats"] == [1]


def test_min_version_already_reached_answers_at_once(client, match):
    play_one(client, match)
    response = client.get(url(match, "/state?min_version=1&wait=30"))
    assert response.status_code == 200 and response.json["version"] == 1


def test_wait_that_ends_first_returns_current_state_with_its_version(client, match):
    response = client.get(url(match, "/state?min_version=5&wait=0.05"))
    assert response.status_code == 200 and response.json["version"] == 0


def test_wait_above_the_cap_is_400(client, match):
    response = client.get(url(match, "/state?min_version=1&wait=3600"))
    assert response.status_code == 400
    assert "wait" in response.json["error"]["details"]["query"]


def test_server_cap_shortens_waits(make_app, match, redis_conn):
    """SUBSPACE_MAX_WAIT=0 turns every wait into an immediate answer."""
    app = make_app(SUBSPACE_MAX_WAIT="0")
    with app.test_client() as c:
        response = c.get(url(match, "/state?min_version=3&wait=30"))
    assert response.status_code == 200 and response.json["version"] == 0
