"""Gunicorn's own refusals in the service's error schema, not as HTML.

Gunicorn answers some requests before the app sees them: a malformed request line or
header (400), a request line over ``limit_request_line`` (414), headers over
``limit_request_fields`` / ``limit_request_field_size`` (431). It writes those bodies as
HTML through one function, ``gunicorn.util.write_error(sock, status, reason, mesg)``, which
every worker class (sync, gthread, gevent) calls by module attribute. ``install()``
(called by ``ops/gunicorn.conf.py``) replaces it with a writer of the same signature that
answers ``{"error": {code, message, details}}`` as JSON, so a client parses every error
the same way. The limits stay gunicorn's: werkzeug has none of its own for headers.
"""
from __future__ import annotations

import json
import re

# The codes the app uses for the same situations (service/errors.py).
CODES = {
    400: "invalid_request",
    403: "forbidden",
    414: "uri_too_long",
    417: "expectation_failed",
    431: "request_header_fields_too_large",
    500: "internal_error",
    501: "not_implemented",
}
MAX_MESSAGE = 300  # gunicorn's message may quote the offending line; a person needs the start


def error_body(status: int, reason: str, mesg: str) -> bytes:
    """The JSON body for a refusal gunicorn made (its ``mesg`` only for a client error:
    a 5xx's text is the server's business)."""
    code = CODES.get(status) or re.sub(r"[^a-z0-9]+", "_", reason.lower()).strip("_") or "http_error"
    message = (mesg if status < 500 and mesg else reason)[:MAX_MESSAGE]
    return json.dumps({"error": {"code": code, "message": message, "details": None}}).encode()


def write_json_error(sock, status_int: int, reason: str, mesg: str) -> None:
    """Drop-in for ``gunicorn.util.write_error``."""
    from gunicorn import util

    body = error_body(status_int, reason, mesg)
    head = (
        f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    util.write_nonblock(sock, head.encode("latin-1") + body)


def install() -> None:
    """Make gunicorn write its own error answers with ``write_json_error``."""
    from gunicorn import util

    util.write_error = write_json_error
