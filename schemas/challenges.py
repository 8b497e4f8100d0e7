"""Wire schemas of ``/v1/challenges``."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from .matches import _deck_is_id_or_cards

MAX_SEATS = 5  # correspondence play is two to five people

DECK = fields.Raw(
    required=True, validate=_deck_is_id_or_cards,
    metadata={"description": "your deck: a starter deck id from GET /v1/games, or the cards in the game's deck format; "
              "only you and the server ever see it (until the match ends)"},
)


class ChallengeCreateSchema(Schema):
    game = fields.String(required=True, metadata={"description": "game id from GET /v1/games"})
    ruleset = fields.String(load_default=None, metadata={"description": "defaults to the game's default ruleset"})
    seats = fields.Integer(load_default=2, strict=True, validate=validate.Range(min=2, max=MAX_SEATS))
    clock = fields.Raw(
        load_default=None, allow_none=True,
        metadata={"description": "the match's correspondence clock (see POST /v1/matches), or null for none"},
    )
    invited = fields.List(
        fields.String(), load_default=list, validate=validate.Length(max=MAX_SEATS - 1),
        metadata={"description": "player ids invited; without any, the challenge is open to anyone"},
    )
    open = fields.Boolean(
        load_default=None, allow_none=True,
        metadata={"description": "open to anyone (default: true without invitations, false with them)"},
    )
    deck = DECK
    expires_in_hours = fields.Integer(
        load_default=72, strict=True, validate=validate.Range(min=1, max=30 * 24),
        metadata={"description": "an unanswered challenge expires after this many hours"},
    )


class ChallengeAcceptSchema(Schema):
    deck = DECK


class ChallengeSchema(Schema):
    challenge_id = fields.String(required=True)
    creator = fields.String(required=True, metadata={"description": "player id of the challenger"})
    game = fields.String(required=True)
    ruleset = fields.String(required=True)
    seats = fields.Integer(required=True)
    clock = fields.Raw(allow_none=True, required=True)
    open = fields.Boolean(required=True)
    invited = fields.List(fields.String(), required=True)
    declined = fields.List(fields.String(), required=True)
    players = fields.List(fields.String(), required=True, metadata={"description": "player ids that have joined (the creator first)"})
    status = fields.String(
        required=True, validate=validate.OneOf(["open", "filled", "started", "cancelled", "declined", "expired"])
    )
    expires_at = fields.String(required=True)
    match_id = fields.String(allow_none=True, required=True, metadata={"description": "set once the match has started"})
    created = fields.String(required=True)
    updated = fields.String(required=True)
    your_deck = fields.Raw(allow_none=True, required=True, metadata={"description": "your own deck if you joined; nobody else's"})


class ChallengeListQuerySchema(Schema):
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=200))


class ChallengeListSchema(Schema):
    challenges = fields.List(
        fields.Nested(ChallengeSchema), required=True,
        metadata={"description": "open challenges you may accept or have joined or are invited to, soonest to expire first"},
    )
