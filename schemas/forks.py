"""Wire schemas of ``POST /v1/matches/<id>/forks`` (``service.forks_logic``)."""
from __future__ import annotations

from marshmallow import Schema, fields

from .fields import BoundedInteger


class ForkCreateSchema(Schema):
    at = BoundedInteger(required=True, strict=True, metadata={"description": "the version of the original the fork starts from (0..its head)"})


class ForkOfSchema(Schema):
    match = fields.String(required=True, metadata={"description": "the original match"})
    at = fields.Integer(required=True, metadata={"description": "the original's version the fork starts from (the fork's version 0)"})
    exact = fields.Boolean(required=True, metadata={
        "description": "true: the original's state as it was (it is over); false: a seat's fork of a live match, "
                       "every card that seat could not identify re-drawn and the RNG re-seeded"})
    seat = fields.Integer(allow_none=True, required=True, metadata={"description": "whose knowledge a re-drawn fork keeps (null: exact)"})


class ForkSeatSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    token = fields.String(required=True, metadata={"description": "this seat's token in the fork (shown only here): hand it to a player you invite"})


class ForkCreatedSchema(Schema):
    match_id = fields.String(required=True, metadata={"description": "the fork: an ordinary match, flagged fork_of, never counted as a result"})
    game = fields.String(required=True)
    fork_of = fields.Nested(ForkOfSchema, required=True)
    version = fields.Integer(required=True, metadata={"description": "always 0: the fork's own log starts empty"})
    status = fields.String(required=True)
    seats = fields.List(fields.Nested(ForkSeatSchema), required=True)
