"""Errors → HTTP, in exactly one place.

Every failing request answers ``{"error": {"code", "message", "details"}}`` with:
- the typed errors of ``rules.errors`` (``SubspaceError``): their own ``code`` and
  ``http_status``;
- request-shape errors found by the marshmallow schemas (webargs, via flask-smorest):
  400 ``invalid_request`` with the field messages in ``details``;
- other HTTP errors (404 unknown route, 405, 413 ...): their status and a snake_case code;
- the match store (Redis) unreachable, restarting, loading its data, read-only or out of
  memory: 503 ``store_unavailable`` with ``Retry-After`` (a passing condition the client
  should retry, not a server bug; an append retried with its Idempotency-Key is safe);
- ``Overloaded`` (rate limits, open-wait caps, a nearly full store): 429/503 with a
  ``Retry-After`` header, so overload is never a 500;
- anything else: 500 ``internal_error`` with a generic message. The exception is logged,
  never echoed: its text could hold internal state (a hand, the seed).
"""
from __future__ import annotations

import logging
import re
from typing import Any

from flask import Flask, Response, jsonify
from redis import exceptions as redis_errors
from werkzeug.exceptions import HTTPException

from rules.errors import Overloaded, SubspaceError, Unauthorized

from .waits import ClientGone

log = logging.getLogger(__name__)

# Codes for HTTP errors that have no SubspaceError of their own.
# Redis errors that mean "the store cannot serve now", not "this request is wrong".
# BusyLoadingError (LOADING after a restart) and MaxConnectionsError are ConnectionErrors;
# MasterDownError is a ClusterDownError.
STORE_UNAVAILABLE_ERRORS: tuple[type[Exception], ...] = (
    redis_errors.ConnectionError,
    redis_errors.TimeoutError,
    redis_errors.ReadOnlyError,
    redis_errors.TryAgainError,
    redis_errors.ClusterDownError,
    redis_errors.OutOfMemoryError,
)
# Replies with no exception class of their own: MISCONF (cannot persist, writes refused).
_UNAVAILABLE_REPLY_PREFIXES = ("MISCONF",)
STORE_RETRY_AFTER_SECONDS = 2

_HTTP_CODES = {404: "not_found", 405: "method_not_allowed", 413: "payload_too_large", 415: "unsupported_media_type"}


def error_response(status: int, code: str, message: str, details: Any = None, headers: dict | None = None) -> Response:
    """The one builder of error bodies."""
    response = jsonify({"error": {"code": code, "message": message, "details": details}})
    response.status_code = status
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def handle_subspace_error(error: SubspaceError) -> Response:
    headers: dict[str, str] = {}
    if isinstance(error, Unauthorized):
        headers["WWW-Authenticate"] = 'Bearer realm="subspace"'
    if isinstance(error, Overloaded):
        headers["Retry-After"] = str(error.retry_after)
    return error_response(error.http_status, error.code, error.message, error.details, headers)


def _code_for(error: HTTPException) -> str:
    if error.code in _HTTP_CODES:
        return _HTTP_CODES[error.code]
    return re.sub(r"[^a-z0-9]+", "_", (error.name or "http_error").lower()).strip("_")


def _validation_messages(error: HTTPException) -> dict | None:
    """webargs attaches field errors as ``data["messages"]`` (``{"json": {field: [...]}}``)."""
    data = getattr(error, "data", None)
    if isinstance(data, dict):
        return data.get("errors") or data.get("messages")
    return None


def _describe(messages: dict) -> str:
    """One readable line out of nested field messages: ``seats.0.deck: ...; game: ...``."""
    parts: list[str] = []

    def walk(prefix: str, node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                walk(f"{prefix}.{key}" if prefix else str(key), value)
        else:
            text = " ".join(node) if isinstance(node, list) and all(isinstance(x, str) for x in node) else str(node)
            parts.append(f"{prefix}: {text}" if prefix else text)  # no field: the whole body

    for location, fields in messages.items():
        walk("" if location in ("json", "query", "headers", "form", "view_args") else str(location), fields)
    return "; ".join(parts) or "the request is malformed"


def handle_http_exception(error: HTTPException) -> Response:
    messages = _validation_messages(error)
    if messages is not None:
        return error_response(400, "invalid_request", _describe(messages), messages)
    status = error.code or 500
    if status >= 500:
        return error_response(status, "internal_error", "internal server error")
    return error_response(status, _code_for(error), error.description or error.name or "error", headers=_own_headers(error))


def _own_headers(error: HTTPException) -> dict:
    """The headers the HTTP error itself carries (``Allow`` of a 405, ``Retry-After`` of a
    429/503, ``WWW-Authenticate``), minus the body's own ``Content-Type``: our body is JSON."""
    return {name: value for name, value in error.get_headers() if name.lower() != "content-type"}


def handle_store_unavailable(error: Exception) -> Response:
    """503 + Retry-After. Logged without a traceback: an outage fails every request, and
    the one line per request says what happened."""
    log.warning("match store unavailable: %s: %s", type(error).__name__, error)
    return error_response(
        503, "store_unavailable",
        "the match store is unavailable for a moment; retry after the Retry-After seconds "
        "(send actions with an Idempotency-Key so a retry can never apply one twice)",
        {"retry_after": STORE_RETRY_AFTER_SECONDS}, {"Retry-After": str(STORE_RETRY_AFTER_SECONDS)},
    )


def handle_redis_reply_error(error: redis_errors.ResponseError) -> Response:
    if str(error).startswith(_UNAVAILABLE_REPLY_PREFIXES):
        return handle_store_unavailable(error)
    return handle_unexpected(error)


def handle_client_gone(error: ClientGone) -> Response:
    """The client hung up during a long poll: nobody reads this answer; 499 is nginx's
    name for it and keeps it out of the server-error counts."""
    return Response(status=499)


def handle_unexpected(error: Exception) -> Response:
    log.exception("unhandled error", exc_info=error)
    return error_response(500, "internal_error", "internal server error; it has been logged")


def register_error_handlers(app: Flask) -> None:
    """Install the handlers (called by the app's Api instead of flask-smorest's own)."""
    app.register_error_handler(SubspaceError, handle_subspace_error)
    app.register_error_handler(ClientGone, handle_client_gone)
    app.register_error_handler(HTTPException, handle_http_exception)
    for error_class in STORE_UNAVAILABLE_ERRORS:
        app.register_error_handler(error_class, handle_store_unavailable)
    app.register_error_handler(redis_errors.ResponseError, handle_redis_reply_error)
    app.register_error_handler(Exception, handle_unexpected)
