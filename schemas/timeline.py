"""Wire schemas of ``GET /v1/matches/<id>/timeline`` (``replays.timeline``)."""
from __future__ import annotations

from marshmallow import Schema, fields

from .fields import BoundedInteger

MAX_TIMELINE_PAGE = 1000  # versions folded per call


class TimelineQuerySchema(Schema):
    start = BoundedInteger(load_default=0, metadata={"description": "the first version looked at (0: the initial state)"})
    limit = BoundedInteger(load_default=500, minimum=1, maximum=MAX_TIMELINE_PAGE,
                           metadata={"description": "how many versions to look at (each is folded)"})


class TimelineMarkSchema(Schema):
    v = fields.Integer(required=True, metadata={"description": "the first version with this turn and phase"})
    turn = fields.Integer(allow_none=True, required=True, metadata={"description": "the game's turn number (null: none)"})
    phase = fields.String(allow_none=True, required=True, metadata={"description": "the phase (or step) of the turn"})


class TimelineSchema(Schema):
    match_id = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": "the match's current version"})
    marks = fields.List(
        fields.Nested(TimelineMarkSchema), required=True,
        metadata={"description": "the mark at `start`, then every version whose turn or phase differs from the "
                  "version before it; a version's turn and phase are those of the last mark at or before it"},
    )
    next_start = fields.Integer(allow_none=True, required=True,
                                metadata={"description": "`start` of the next page; null once the current version was reached"})
