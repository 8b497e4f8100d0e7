"""``GET /v1/games``: the games this server runs, their rulesets and starter decks."""
from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from .matches import _deck_is_id_or_cards


class RulesetSchema(Schema):
    id = fields.String(required=True)
    description = fields.String(required=True)


class GameSchema(Schema):
    id = fields.String(required=True)
    title = fields.String(required=True)
    engine_version = fields.String(required=True, metadata={"description": "hash of the game's rules source (docs/interchange.md)"})
    card_data_version = fields.String(required=True, metadata={"description": "hash of the game's card files ('none' without)"})
    default_ruleset = fields.String(required=True)
    rulesets = fields.List(fields.Nested(RulesetSchema), required=True)
    starter_decks = fields.List(
        fields.Dict(keys=fields.String()),
        required=True,
        metadata={"description": "preconstructed decks a seat may name by id: {id, name, ...}"},
    )
    card_key = fields.String(
        allow_none=True,
        metadata={"description": "the field of a visible card in a view holding its key in "
                                 "GET /v1/games/<game>/cards (null: no catalogue)"},
    )


class GamesSchema(Schema):
    games = fields.List(fields.Nested(GameSchema), required=True)


class CardCatalogueQuerySchema(Schema):
    keys = fields.String(
        load_default=None,
        metadata={"description": "comma-separated definition keys (at most 500); none = the whole catalogue"},
    )


class CardSchema(Schema):
    """One card's printed face; besides these, each game adds its own facts (skills,
    requirements, race, …) — see README 'Card catalogue'."""

    class Meta:
        unknown = "include"

    key = fields.String(required=True)
    title = fields.String(required=True)
    type = fields.String(required=True)
    cost = fields.Integer(allow_none=True)
    numbers = fields.Dict(keys=fields.String(), required=True)
    text = fields.List(fields.String(), required=True, metadata={"description": "one line per ability"})
    official = fields.Boolean(required=True)


class CardCatalogueSchema(Schema):
    game = fields.String(required=True)
    card_key = fields.String(required=True, metadata={"description": "the field of a visible card in a view that holds its key"})
    cards = fields.Dict(keys=fields.String(), values=fields.Nested(CardSchema), required=True)


class DeckCheckSchema(Schema):
    deck = fields.Raw(
        validate=_deck_is_id_or_cards,
        metadata={"description": "a starter deck id, or the cards in the game's deck format (the same as a "
                  "challenge's or a seat's deck); exactly one of deck and text"},
    )
    text = fields.String(
        validate=validate.Length(min=1, max=50_000),
        metadata={"description": "a plain-text deck list as players keep them ('3x Card Title', '1R208', "
                  "section headers such as 'Missions:'; OCTGN .o8d and Lackey .dek XML too), read against the "
                  "game's card pool (README 'Deck lists'); exactly one of deck and text. A line that names no "
                  "card is 400 deck_list_unreadable, details [{line, text, code, message, candidates?}]"},
    )
    ruleset = fields.String(load_default=None, metadata={"description": "defaults to the game's default ruleset"})
    seats = fields.Integer(load_default=2, strict=True, validate=validate.Range(min=2, max=5),
                           metadata={"description": "the match's seat count (some rules depend on it)"})

    @validates_schema
    def _deck_or_text(self, data: dict, **_: object) -> None:
        if ("deck" in data) == ("text" in data):
            raise ValidationError("post either 'deck' (the deck itself) or 'text' (a plain-text deck list)", "deck")


class DeckCheckedSchema(Schema):
    game = fields.String(required=True)
    ruleset = fields.String(required=True)
    valid = fields.Boolean(required=True, metadata={"description": "true when the deck breaks no construction rule"})
    violations = fields.List(
        fields.Dict(keys=fields.String()), required=True,
        metadata={"description": "every construction rule the deck breaks, as the game's deckbuilding lists them: "
                  "{message, and rule or code, ...}; empty when valid"},
    )
    deck = fields.Raw(
        metadata={"description": "only when 'text' was posted: the deck the list names, in the game's deck format "
                  "(post it as a challenge's or a seat's deck)"},
    )
