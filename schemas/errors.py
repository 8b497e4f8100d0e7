"""The one error body every failing request returns: ``{"error": {code, message, details}}``."""
from __future__ import annotations

from marshmallow import Schema, fields


class ErrorBodySchema(Schema):
    code = fields.String(required=True, metadata={"description": "stable machine-readable code, e.g. illegal_action"})
    message = fields.String(required=True, metadata={"description": "what went wrong, for a person"})
    details = fields.Raw(allow_none=True, metadata={"description": "structured extras (violations, current_version, ...)"})


class ErrorSchema(Schema):
    error = fields.Nested(ErrorBodySchema, required=True)
