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

from typing import Any

import flask
import orjson
from marshmallow import RAISE
from flask_smorest import Blueprint as SmorestBlueprint
from webargs import core
from webargs.flaskparser import FlaskParser, abort, is_json_request

# A deck or an action is a few levels deep; nothing a client needs comes near this.
MAX_JSON_DEPTH = 32


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
