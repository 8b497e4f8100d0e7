"""Gunicorn's own refusals (before the app sees the request) answer in the JSON error
schema: a malformed request line 400, a too-long line 414, too many or too large header
fields 431. They were gunicorn's HTML pages. Runs the real ``ops/gunicorn.conf.py``."""
from __future__ import annotations

import json
import os
import socket

import pytest

from tests.support.fault_rig import ROOT, Gunicorn


def _raw(port: int, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``request`` as it is; the status, headers and body of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(request)
        data = b""
        while chunk := conn.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body


@pytest.fixture(scope="module")
def gunicorn_port(tmp_path_factory, redis_url):
    """``ops/gunicorn.conf.py`` as deployed (the fault suite's rig), one worker."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), REDIS_URL=redis_url)
    server = Gunicorn(env, tmp_path_factory.mktemp("gunicorn"), web_workers=1).start()
    try:
        yield server.port
    finally:
        server.stop()


CASES = {
    "malformed request line": (b"GET\r\n\r\n", 400, "invalid_request"),
    "bad header name": (b"GET /v1/games HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n", 400, "invalid_request"),
    "request line over 8190": (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414, "uri_too_long"),
    "header field over 8190": (b"GET /v1/games HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 9000 + b"\r\n\r\n",
                               431, "request_header_fields_too_large"),
    "101 header fields": (b"GET /v1/games HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(101)) + b"\r\n",
                          431, "request_header_fields_too_large"),
}


@pytest.mark.parametrize("request_bytes,status,code", CASES.values(), ids=CASES)
def test_gunicorn_refusals_are_json_in_the_error_schema(gunicorn_port, request_bytes, status, code):
    got_status, headers, body = _raw(gunicorn_port, request_bytes)
    assert got_status == status, body[:300]
    assert headers["content-type"] == "application/json"
    assert int(headers["content-length"]) == len(body)
    error = json.loads(body)["error"]
    assert set(error) == {"code", "message", "details"}
    assert error["code"] == code and error["message"] and len(error["message"]) <= 300


def test_error_body_never_echoes_a_server_error_text():
    from service.gunicorn_errors import error_body

    error = json.loads(error_body(500, "Internal Server Error", "Traceback: secret"))["error"]
    assert error == {"code": "internal_error", "message": "Internal Server Error", "details": None}
