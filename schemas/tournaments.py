"""Wire schemas of ``/v1/tournaments``."""
from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates

from .challenges import DECK

REASON = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=500),
                       metadata={"description": "why (required for every organiser override and judge decision)"})


class TournamentCreateSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=120))
    game = fields.String(required=True, metadata={"description": "game id from GET /v1/games"})
    ruleset = fields.String(load_default=None, metadata={"description": "defaults to the game's default ruleset"})
    format = fields.String(load_default="swiss", validate=validate.OneOf(["swiss", "single_elimination"]))
    rounds = fields.Integer(load_default=4, strict=True, validate=validate.Range(min=1, max=20),
                            metadata={"description": "Swiss rounds (single elimination plays until one is left)"})
    table_sizes = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=2, max=5)), load_default=lambda: [2, 2],
        validate=validate.Length(equal=2),
        metadata={"description": "[smallest, largest] table: [2, 2] for duels, e.g. [3, 5] for Babylon 5"},
    )
    clock = fields.Raw(load_default=None, allow_none=True,
                       metadata={"description": "every match's correspondence clock (see POST /v1/matches), or null"})
    round_hours = fields.Integer(load_default=7 * 24, strict=True, validate=validate.Range(min=1, max=90 * 24),
                                 metadata={"description": "each round's deadline, in hours after it is drawn"})
    judges = fields.List(fields.String(), load_default=list, validate=validate.Length(max=10),
                         metadata={"description": "player ids of the judges (the organiser is one too)"})
    cut = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=2, max=64),
                         metadata={"description": "the planned top-N cut to single elimination after Swiss (informative)"})


class RegisterSchema(Schema):
    deck = DECK


class DropSchema(Schema):
    player_id = fields.String(load_default=None, allow_none=True,
                              metadata={"description": "a judge drops someone else; omitted: yourself"})
    reason = REASON


class ForbidSchema(Schema):
    players = fields.List(fields.String(), required=True, validate=validate.Length(equal=2))
    reason = REASON


class ManualPairingSchema(Schema):
    tables = fields.List(fields.List(fields.String(), validate=validate.Length(min=2, max=5)), required=True)
    byes = fields.List(fields.String(), load_default=list)
    reason = REASON


class PairSchema(Schema):
    manual = fields.Nested(ManualPairingSchema, load_default=None, allow_none=True,
                           metadata={"description": "the organiser's own draw instead of the computed one"})


class RepairSchema(Schema):
    reason = REASON
    manual = fields.Nested(ManualPairingSchema, load_default=None, allow_none=True,
                           metadata={"description": "the judge's own draw instead of the computed one"})


class CutSchema(Schema):
    top = fields.Integer(required=True, strict=True, validate=validate.Range(min=2, max=64))

    @validates("top")
    def _power_free(self, value: int, **_: object) -> None:
        if value < 2:
            raise ValidationError("at least two players make a cut")


class ExtendSchema(Schema):
    hours = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=30 * 24))
    reason = REASON


class PauseSchema(Schema):
    reason = REASON


class TableDecisionSchema(Schema):
    round = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    table = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    player_id = fields.String(load_default=None, allow_none=True,
                              metadata={"description": "game loss: the player who loses the table"})
    reason = REASON


class PenaltySchema(Schema):
    player_id = fields.String(required=True)
    points = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=30))
    reason = REASON


class ResultSchema(Schema):
    round = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    table = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    match_id = fields.String(required=True)


VIEW_FIELDS = ("tournament_id", "name", "game", "ruleset", "format", "rounds", "table_sizes", "clock", "round_hours",
               "organiser", "judges", "cut", "status", "phase", "forbidden", "penalties", "published_heads", "seeds",
               "created", "updated", "head", "length", "players", "rounds_log", "your_role", "paused", "pauses")

TournamentSchema = Schema.from_dict(
    {name: fields.Raw(required=True, allow_none=True) for name in VIEW_FIELDS}, name="TournamentSchema",
)
TournamentSchema.__doc__ = """The tournament as the caller may see it: deck lists only as commitments (``players[].deck_commitment``;
your own deck in full), until the event is finished; ``head`` is the SHA-256 head of its hash chain and
``published_heads`` the head after each closed round."""

StandingsSchema = Schema.from_dict(
    {name: fields.Raw(required=True, allow_none=True)
     for name in ("tournament_id", "game", "head", "tiebreak", "standings", "elimination")},
    name="StandingsSchema",
)


class RecordedSchema(Schema):
    recorded = fields.Boolean(required=True)
