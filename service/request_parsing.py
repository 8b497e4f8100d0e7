"""How request bodies and query strings are read: strict JSON, errors answered as 400.

Why not webargs' default: it parses with the standard library, which answers a body nested
a thousand deep with ``RecursionError``, a 5,000-digit number with a ``ValueError`` that is
not a JSON error, and accepts a lone surrogate (``"\\ud800"``) or ``1e999`` (infinity) that
the store's encoder (orjson) then refuses: 500s, every one. Reading the body with orjson,
the same codec that stores events, means whatever is accepted can be stored and echoed
back; a depth limit keeps what is accepted far below any recursion limit.

flask-smorest documents its arguments' validation errors as 422; the service answers them
400 ``invalid_request`` (``service/errors.py``), so the parser's status is 400 and the
generated document says what the server does.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

import flask
import orjson
from marshmallow import RAISE, Schema, fields
from flask_smorest import Blueprint as SmorestBlueprint
from webargs import core
from webargs.flaskparser import FlaskParser, abort, is_json_request

from rules.errors import InvalidRequest

# A deck or an action is a few levels deep; nothing a client needs comes near this.
MAX_JSON_DEPTH = 32

# The store keeps a key as ``seat<N>:<key>`` in at most 200 characters, so the client's
# part is at most 190: every endpoint that takes the header checks it here, in one place,
# and the document says the same (schemathesis holds the two together).
MAX_IDEMPOTENCY_KEY = 190
_IDEMPOTENCY_KEY = re.compile(r"^[\x21-\x7e]{1,%d}$" % MAX_IDEMPOTENCY_KEY)
IDEMPOTENCY_HEADER = {
    "in": "header",
    "name": "Idempotency-Key",
    "required": False,
    "schema": {"type": "string", "minLength": 1, "maxLength": MAX_IDEMPOTENCY_KEY, "pattern": "^[!-~]+$"},
    "description": "retrying with the same key (per seat, printable ASCII, no spaces) returns the original response and appends nothing",
}


def idempotency_key(headers: Mapping[str, str]) -> str | None:
    """The request's ``Idempotency-Key`` (None without one), refused with 400
    ``invalid_idempotency_key`` unless it is 1-190 printable ASCII characters."""
    key = headers.get("Idempotency-Key")
    if key is None:
        return None
    if not _IDEMPOTENCY_KEY.match(key):
        raise InvalidRequest(
            f"Idempotency-Key must be 1-{MAX_IDEMPOTENCY_KEY} printable ASCII characters without spaces",
            code="invalid_idempotency_key",
        )
    return key


def json_body_problem(value: Any, max_depth: int = MAX_JSON_DEPTH) -> str | None:
    """What makes a parsed body unacceptable (too deep), or None. Iterative: a check
    for depth must not itself recurse."""
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, (dict, list)):
            if depth > max_depth:
                return f"JSON nested deeper than {max_depth} levels"
            children = node.values() if isinstance(node, dict) else node
            stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return None


def _refuse(message: str) -> None:
    # The same shape webargs gives field errors, so service/errors.py answers it the same way.
    abort(400, messages={"json": [message]})


class StrictJsonParser(FlaskParser):
    """webargs' Flask parser reading JSON with orjson, refusing what cannot be stored."""

    DEFAULT_VALIDATION_STATUS = 400
    # An unknown query parameter is refused like an unknown body field: a typo such as
    # ``?limt=5`` silently ignored would answer something the caller did not ask for.
    DEFAULT_UNKNOWN_BY_LOCATION = {**FlaskParser.DEFAULT_UNKNOWN_BY_LOCATION, "query": RAISE}

    def load_querystring(self, req: flask.Request, schema: Schema) -> Any:
        """A parameter given twice (``?status=active&status=finished``) is refused unless its
        field is a list: taking the first and dropping the rest would answer a question the
        caller did not ask."""
        for name in req.args:
            field = schema.fields.get(name)
            if len(req.args.getlist(name)) > 1 and not isinstance(field, fields.List):
                abort(400, messages={"query": {name: ["Given more than once; give it once."]}})
        return super().load_querystring(req, schema)

    def _raw_load_json(self, req: flask.Request) -> Any:
        if not is_json_request(req):
            return core.missing
        data = req.get_data(cache=True)
        if not data.strip():
            return core.missing
        try:
            value = orjson.loads(data)
        except orjson.JSONDecodeError as error:
            # orjson's reason ("no low surrogate in string", "number is infinity when
            # parsed as double", ...) with the position: about the caller's own bytes.
            _refuse(f"the body is not valid JSON: {error}")
        problem = json_body_problem(value)
        if problem is not None:
            _refuse(f"the body is not acceptable: {problem}")
        return value


class Blueprint(SmorestBlueprint):
    """The blueprint every resource uses: its ``@arguments`` parse with ``StrictJsonParser``
    (and are documented as 400). A test checks every registered blueprint is one."""

    ARGUMENTS_PARSER = StrictJsonParser()


__all__ = ["Blueprint", "MAX_JSON_DEPTH", "StrictJsonParser", "json_body_problem"]
