"""Fixtures for the HTTP API: an app on the session's real Redis (emptied per test), a
test client, and helpers that create High Card matches over HTTP."""
from __future__ import annotations

import threading
from typing import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient


@pytest.fixture
def make_app(redis_url: str, redis_conn, tinygame):
    """``make_app(**settings)``: an app on the test Redis; closed after the test."""
    from service.app import create_app

    apps: list[Flask] = []

    def build(**settings: object) -> Flask:
        app = create_app({"REDIS_URL": redis_url, "SUBSPACE_FOLD_MODE": "inline", "TESTING": True, **settings})
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
