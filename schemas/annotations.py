"""Wire schemas of ``/v1/matches/<id>/notes`` (``service.annotations_logic``). Shapes only:
the limits (marks, lengths, tags) are checked by ``rules.aggregates.annotations`` so an
import's annotation lines meet the same ones."""
from __future__ import annotations

from marshmallow import Schema, fields

from .fields import BoundedInteger

MARK_TEXT = "one of !! ! !? ?! ? ?? (or null)"
TAGS_TEXT = "at most 10 tags, each 1-32 of a-z 0-9 _ - (starting with a letter or digit)"


class AnnotationContentSchema(Schema):
    comment = fields.String(allow_none=True, metadata={"description": "at most 2000 characters"})
    mark = fields.String(allow_none=True, metadata={"description": MARK_TEXT})
    tags = fields.List(fields.String(), metadata={"description": TAGS_TEXT})
    visibility = fields.String(metadata={"description": "public (default) or private (only you ever see it)"})


class AnnotationCreateSchema(AnnotationContentSchema):
    version = BoundedInteger(required=True, strict=True, metadata={"description": "the version the note is anchored to (0..the match's version)"})


class AnnotationEditSchema(AnnotationContentSchema):
    """Only the fields sent change."""


class AnnotationAuthorSchema(Schema):
    seat = fields.Integer(allow_none=True, required=True, metadata={"description": "the author's seat in the match, null for a spectator"})
    player_id = fields.String(allow_none=True, required=True)
    name = fields.String(allow_none=True, required=True)


class AnnotationSchema(Schema):
    id = fields.String(required=True)
    version = fields.Integer(required=True)
    comment = fields.String(allow_none=True, required=True)
    mark = fields.String(allow_none=True, required=True)
    tags = fields.List(fields.String(), required=True)
    visibility = fields.String(required=True)
    author = fields.Nested(AnnotationAuthorSchema, required=True)
    by_seat = fields.Boolean(required=True, metadata={"description": "written by a seat of the match"})
    created = fields.String(required=True)
    edited = fields.String(allow_none=True, required=True)


class AnnotationListSchema(Schema):
    match_id = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": "the match's current version"})
    finished = fields.Boolean(required=True)
    notes = fields.List(fields.Nested(AnnotationSchema), required=True)


class AnnotationQuerySchema(Schema):
    version = BoundedInteger(metadata={"description": "only the notes anchored to this version"})


class ShareCreateSchema(Schema):
    version = BoundedInteger(strict=True, metadata={"description": "the version the link opens at (default: the match's current version)"})
    title = fields.String(allow_none=True, metadata={"description": "at most 200 characters"})
    only_mine = fields.Boolean(truthy={True}, falsy={False}, metadata={"description": "true: only your own (public) notes; default false: every note the world may see"})


class ShareAuthorSchema(Schema):
    name = fields.String(allow_none=True, required=True)


class ShareSchema(Schema):
    id = fields.String(required=True)
    match_id = fields.String(required=True)
    url = fields.String(required=True, metadata={"description": "the link: GET it with or without a token"})
    version = fields.Integer(required=True)
    title = fields.String(allow_none=True, required=True)
    only_mine = fields.Boolean(required=True)
    created = fields.String(required=True)
    author = fields.Nested(ShareAuthorSchema, required=True)


class ShareReplaySchema(Schema):
    replay = fields.String(required=True)
    events = fields.String(required=True)
    export = fields.String(required=True)
    state = fields.String(required=True, metadata={"description": "the state at the link's version"})


class SharedGameSchema(Schema):
    share = fields.Nested(ShareSchema, required=True)
    game = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": "the match's current version"})
    finished = fields.Boolean(required=True)
    notes = fields.List(fields.Nested(AnnotationSchema), required=True, metadata={"description": "the notes everyone may see (never a private one; a spectator's public note only once the match is over), only the link maker's if only_mine"})
    replay = fields.Nested(ShareReplaySchema, allow_none=True, required=True, metadata={"description": "where to replay the game, once it is over (null while it runs)"})
