"""Fixtures for the HTTP API: an app on the session's real Redis (emptied per test), a
test client, and helpers that create High Card matches over HTTP."""
from __future__ import annotations

import threading
from typing import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient


# Tests play whole matches from one address and one token in seconds: the rate limits stay
# on (every request goes through the limiter) but far above what a test sends. Tests of
# the limits themselves pass their own.
RELAXED_LIMITS = {
    "SUBSPACE_RATE_CREATE": "100000/minute",
    "SUBSPACE_RATE_ACTIONS": "1000000/minute",
    "SUBSPACE_RATE_ACTIONS_PER_TOKEN": "1000000/minute",
}


class ClosingClient(FlaskClient):
    """The test client, closing every response it reads whole (``buffered``) as a WSGI server
    does once the body is sent: work the app leaves to the response's close
    (``Runtime.finish_later``: a finished match's analytics and archive) has run when the
    test reads on. Streams are read with ``buffered=False``, and so is a response whose
    state before its close a test looks at."""

    def open(self, *args, buffered: bool = True, **kwargs):  # type: ignore[override]
        return super().open(*args, buffered=buffered, **kwargs)


@pytest.fixture
def make_app(redis_url: str, redis_conn, tinygame):
    """``make_app(**settings)``: an app on the test Redis; closed after the test."""
    from service.app import create_app

    apps: list[Flask] = []

    def build(**settings: object) -> Flask:
        app = create_app({"REDIS_URL": redis_url, "SUBSPACE_FOLD_MODE": "inline", "TESTING": True,
                          **RELAXED_LIMITS, **settings})
        app.test_client_class = ClosingClient
        apps.append(app)
        return app

    yield build
    for app in apps:
        app.extensions["subspace"].close()


@pytest.fixture
def app(make_app) -> Flask:
    return make_app()


@pytest.fixture
def client(app: Flask) -> Iterator[FlaskClient]:
    with app.test_client() as c:
        yield c


@pytest.fixture
def match(client: FlaskClient) -> dict:
    """A fresh High Card match (standard ruleset, three rounds): the 201 body."""
    from tests.service.helpers import create_match

    return create_match(client)


@pytest.fixture
def live_server(app) -> Iterator[str]:
    """The app behind a real threaded HTTP server on an ephemeral loopback port (for
    tests of truly concurrent requests); its base URL."""
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join()
