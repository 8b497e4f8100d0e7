"""The error body schema documents exactly what service.errors produces."""
from __future__ import annotations

from schemas import ErrorSchema


def test_error_schema_round_trips_the_error_body():
    body = {"error": {"code": "illegal_action", "message": "no", "details": {"action": {"type": "x"}}}}
    assert ErrorSchema().load(body) == body
    assert ErrorSchema().dump(body) == body


def test_error_schema_requires_code_and_message():
    errors = ErrorSchema().validate({"error": {"details": None}})
    assert set(errors["error"]) == {"code", "message"}
