"""Wire schemas of ``GET /v1/stats/<game>[/<report>]`` (``service.stats_logic``)."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from .fields import BoundedInteger


class StatsQuerySchema(Schema):
    min_games = BoundedInteger(load_default=1, metadata={"description": "leave out rows with fewer games"})
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))


class StatsLeadSchema(Schema):
    matches = fields.Integer(required=True, metadata={"description": "matches whose winner held the lead to the end"})
    average_version = fields.Float(allow_none=True, required=True, metadata={"description": "the version after which the winner led for good, averaged"})
    average_fraction = fields.Float(allow_none=True, required=True, metadata={"description": "the same as a fraction of the match's length"})


class StatsOverviewSchema(Schema):
    game = fields.String(required=True)
    matches = fields.Integer(required=True, metadata={"description": "finished matches counted (forks and aborted matches are not)"})
    draws = fields.Integer(required=True)
    imported = fields.Integer(required=True, metadata={"description": "of which imported (verified) matches"})
    skipped = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True, metadata={"description": "finished matches left out, by reason (aborted); forks are never counted at all"})
    average_events = fields.Float(allow_none=True, required=True)
    average_turns = fields.Float(allow_none=True, required=True)
    lead = fields.Nested(StatsLeadSchema, required=True)


class StatsRowSchema(Schema):
    key = fields.String(metadata={"description": "the starter id, faction or card key"})
    deck = fields.String(metadata={"description": "matchups: the starter"})
    opponent = fields.String(metadata={"description": "matchups: the opposing starter"})
    games = fields.Integer(required=True)
    wins = fields.Integer(required=True)
    win_rate = fields.Float(required=True)


class StatsReportSchema(Schema):
    game = fields.String(required=True)
    report = fields.String(required=True)
    matches = fields.Integer(required=True)
    rows = fields.List(fields.Nested(StatsRowSchema), required=True)
