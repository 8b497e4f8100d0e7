"""Gunicorn's own refusals (before the app sees the request) answer in the JSON error
schema: a malformed request line 400, a too-long line 414, too many or too large header
fields 431. They were gunicorn's HTML pages. Runs the real ``ops/gunicorn.conf.py``."""
from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.processes import stop
from tests.support.redis_server import free_port
from tests.support.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = str(Path(sys.executable).with_name("gunicorn"))


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


def _answers(port: int) -> bool:
    try:
        return _raw(port, b"GET /v1/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")[0] == 200
    except OSError:
        return False


@pytest.fixture(scope="module")
def gunicorn_port(tmp_path_factory, redis_url):
    import os

    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT), REDIS_URL=redis_url, SUBSPACE_BIND=f"127.0.0.1:{port}",
               SUBSPACE_WEB_WORKERS="1", SUBSPACE_WEB_THREADS="2")
    log = tmp_path_factory.mktemp("gunicorn") / "log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([GUNICORN, "-c", str(ROOT / "ops" / "gunicorn.conf.py")], cwd=ROOT, env=env,
                                stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_until(lambda: _answers(port) or proc.poll() is not None, "gunicorn to start")
        assert proc.poll() is None, log.read_text()
        yield port
    finally:
        stop(proc)


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
