"""Open long polls and streams (issue 10 item 4): a per-client cap (429 ``too_many_waits``
with Retry-After), and a wait is freed when its client hangs up."""
from __future__ import annotations

import socket
import threading
import time

import pytest
from werkzeug.serving import make_server

from store.open_waits import OpenWaits
from tests.service.helpers import url


def _until(predicate, timeout: float = 15.0) -> None:
    """Poll ``predicate``; the timeout only bounds a hung test (nothing is timed)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("condition never held")
        time.sleep(0.02)


def _assert_too_many(response) -> None:
    assert response.status_code == 429, response.get_data(as_text=True)
    assert response.json["error"]["code"] == "too_many_waits"
    assert int(response.headers["Retry-After"]) >= 1


def test_past_the_cap_a_client_gets_429_and_a_closed_stream_frees_its_place(make_app, match):
    app = make_app(SUBSPACE_MAX_OPEN_WAITS="1", SUBSPACE_STREAM_KEEPALIVE="0.05")
    with app.test_client() as c:
        stream = c.get(url(match, "/stream"), buffered=False)
        assert stream.status_code == 200
        _assert_too_many(c.get(url(match, "/stream")))
        _assert_too_many(c.get(url(match, "/state?min_version=5&wait=10")))
        assert c.get(url(match, "/state")).status_code == 200, "a read that does not wait is not capped"
        assert c.get(url(match, "/state?min_version=0&wait=10")).status_code == 200, "nor one already satisfied"
        other = c.get(url(match, "/stream"), buffered=False, environ_base={"REMOTE_ADDR": "192.0.2.9"})
        assert other.status_code == 200, "another client has its own cap"
        other.close()
        stream.close()
        again = c.get(url(match, "/stream"), buffered=False)
        assert again.status_code == 200
        again.close()


def test_leases_of_a_crashed_process_expire(redis_conn):
    waits = OpenWaits(redis_conn)
    waits.acquire("192.0.2.1", cap=1, lease_seconds=0.05)  # never released
    time.sleep(0.1)
    waits.acquire("192.0.2.1", cap=1, lease_seconds=30)
    assert waits.count("192.0.2.1") == 1


@pytest.fixture
def served(make_app):
    """The app on a real loopback HTTP server (threaded Werkzeug), so a client can hang up."""
    app = make_app()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield app, server.server_port
    finally:
        server.shutdown()
        thread.join(10)


def test_a_long_poll_whose_client_hangs_up_is_freed(served, match):
    app, port = served
    rt = app.extensions["subspace"]
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(f"GET {url(match, '/state?min_version=9&wait=30')} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        _until(lambda: rt.watcher.waiting() == 1 and rt.open_waits.count("127.0.0.1") == 1)
    # the client is gone: the wait ends within a tick, long before its 30 s, and gives back its lease
    _until(lambda: rt.watcher.waiting() == 0 and rt.open_waits.count("127.0.0.1") == 0, timeout=10)


def test_a_stream_whose_client_hangs_up_is_freed(served, match):
    app, port = served
    rt = app.extensions["subspace"]
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(f"GET {url(match, '/stream')} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        _until(lambda: rt.watcher.waiting() == 1)
    _until(lambda: rt.watcher.waiting() == 0 and rt.open_waits.count("127.0.0.1") == 0, timeout=10)
