"""Wire schemas of the interchange endpoints (``POST /v1/imports``); the file itself is
text (``docs/interchange.md``), not a JSON body."""
from __future__ import annotations

from marshmallow import Schema, fields

from .matches import OutcomeSchema


class ImportedSchema(Schema):
    match_id = fields.String(required=True, metadata={"description": "the new, finished, read-only match"})
    game = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": "events stored (the file's last version)"})
    verified = fields.Boolean(required=True, metadata={"description": "always true: a file that does not verify is refused"})
    outcome = fields.Nested(OutcomeSchema, allow_none=True, required=True)
