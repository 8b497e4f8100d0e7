"""``GET /v1/games``: the games this server runs, their rulesets and starter decks."""
from __future__ import annotations

from marshmallow import Schema, fields


class RulesetSchema(Schema):
    id = fields.String(required=True)
    description = fields.String(required=True)


class GameSchema(Schema):
    id = fields.String(required=True)
    title = fields.String(required=True)
    engine_version = fields.String(required=True)
    default_ruleset = fields.String(required=True)
    rulesets = fields.List(fields.Nested(RulesetSchema), required=True)
    starter_decks = fields.List(
        fields.Dict(keys=fields.String()),
        required=True,
        metadata={"description": "preconstructed decks a seat may name by id: {id, name, ...}"},
    )


class GamesSchema(Schema):
    games = fields.List(fields.Nested(GameSchema), required=True)
