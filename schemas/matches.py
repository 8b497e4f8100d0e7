"""Wire schemas of ``/v1/matches`` and everything under it.

Views, actions and event payloads are game-defined JSON objects (``fields.Dict``): the
wire layer checks their shape (an object) and leaves their meaning to the game's rules.
"""
from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate

from .fields import BoundedInteger, DisplayName

MAX_WAIT_SECONDS = 30  # cap of ``?wait=``: a held request ties up a server thread


def _deck_is_id_or_cards(value: object) -> None:
    """A deck is a starter deck id (string) or the cards themselves, in the game's own
    format (a list, or an object such as Stargate's ``{team, missions, deck}``). Only the
    outer shape is checked here; the game's construction rules check the contents and
    list every violation."""
    if isinstance(value, (str, list, dict)) and value:
        return
    raise ValidationError("deck must be a starter deck id (string) or the game's card list (a non-empty list or object)")


class BotSeatSchema(Schema):
    pace_seconds = fields.Float(
        load_default=5.0, validate=validate.Range(min=0, max=86400),
        metadata={"description": "how long after its turn comes the server's player acts"},
    )


class SeatRequestSchema(Schema):
    name = DisplayName(required=True)
    deck = fields.Raw(
        required=True,
        validate=_deck_is_id_or_cards,
        metadata={"description": "a starter deck id from GET /v1/games, or the cards in the game's deck format (list or object)"},
    )
    bot = fields.Nested(
        BotSeatSchema, load_default=None,
        metadata={"description": "the server's purposeful player takes this seat (no token is issued for it)"},
    )


class MatchCreateSchema(Schema):
    game = fields.String(required=True, metadata={"description": "game id from GET /v1/games"})
    ruleset = fields.String(load_default=None, metadata={"description": "defaults to the game's default ruleset"})
    seats = fields.List(fields.Nested(SeatRequestSchema), required=True, validate=validate.Length(min=1, max=8))
    clock = fields.Dict(
        load_default=None,
        metadata={"description": "optional correspondence clock, e.g. {\"days_per_decision\": 3, \"bank_days\": 2, "
                  "\"increment_hours\": 6, \"response_hours\": 12, \"grace_days\": 3} (schemas.control.ClockSpecSchema; "
                  "checked by rules.clock.validate_clock_spec)"},
    )


class SeatTokenSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    player_id = fields.String(
        allow_none=True, required=True,
        metadata={"description": "the registered player holding this seat (acts with their player token); null: anonymous"},
    )
    token = fields.String(
        required=True, allow_none=True,
        metadata={"description": "bearer token of this seat; shown only in this response (send it as 'Authorization: Bearer <token>'); null for a seat the server's player takes"},
    )
    bot = fields.Boolean(metadata={"description": "true: the server's player takes this seat"})


DECKLIST_COMMITMENTS = (
    "per seat: SHA-256 hex of a random salt, a newline and the seat's deck list as canonical JSON "
    "(replays.decklists); the lists and salts are revealed when the match ends"
)


class DecklistRevealSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    deck = fields.Raw(required=True, metadata={"description": "the deck list exactly as submitted"})
    salt = fields.String(required=True)


class MatchCreatedSchema(Schema):
    match_id = fields.String(required=True)
    game = fields.String(required=True)
    ruleset = fields.String(required=True)
    seed_commitment = fields.String(
        required=True, metadata={"description": "SHA-256 hex of the secret seed, revealed when the match ends"}
    )
    decklist_commitments = fields.List(fields.String(), required=True, metadata={"description": DECKLIST_COMMITMENTS})
    seats = fields.List(fields.Nested(SeatTokenSchema), required=True)
    clock = fields.Dict(allow_none=True, metadata={"description": "the clock with its defaults filled in, or null"})
    version = fields.Integer(metadata={"description": "0, or 1 for a clocked match (its log opens with clock_start)"})


class SeatSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    player_id = fields.String(allow_none=True, required=True, metadata={"description": "null for an anonymous seat"})


class OutcomeSchema(Schema):
    winners = fields.List(fields.Integer(), required=True)
    reason = fields.String(required=True)
    ended_by = fields.String(
        metadata={"description": "set when match control ended it: resign, timeout, claim, draw or abort"})


class MatchSummarySchema(Schema):
    match_id = fields.String(required=True)
    game = fields.String(required=True)
    ruleset = fields.String(required=True)
    engine_version = fields.String(required=True, metadata={"description": "the engine the match started with: a hash of its rules source (docs/interchange.md)"})
    card_data_version = fields.String(metadata={"description": "the card data the match started with: a hash of the game's card files"})
    refold = fields.Dict(allow_none=True, metadata={
        "description": "null, or what `subspace refold --check` found when a deploy changed this match's fold: "
        "status (diverged / accepted / kept), first_divergent_version (read that event with GET events), "
        "last_agreeing_version, reason, engine versions, votes, decided_by"})
    fork_of = fields.Dict(allow_none=True, metadata={
        "description": "null, or {match, at, exact, seat} when this match is a fork (POST /v1/matches/<id>/forks): "
        "a sandbox, never counted as a result"})
    status = fields.String(required=True, validate=validate.OneOf(["active", "finished"]))
    version = fields.Integer(required=True)
    deciding_seats = fields.List(fields.Integer(), required=True)
    seats = fields.List(fields.Nested(SeatSchema), required=True)
    outcome = fields.Nested(OutcomeSchema, allow_none=True, required=True)
    control = fields.Dict(
        allow_none=True,
        metadata={"description": "match control (rules.control.view): the clock (who is on it, until when, "
                  "paused, banks, vacations), draw offers, pause requests, seats out; null when it never had any"})
    clock = fields.Dict(
        allow_none=True,
        metadata={"description": "the clock (null without one): on_clock [{seat, since, deadline, window, "
                  "timed_out, grace_ends}], deadlines {seat: deadline}, deadline (earliest), paused, spec"})
    seed_commitment = fields.String(required=True)
    seed = fields.String(
        allow_none=True, metadata={"description": "the secret seed; null until the match is finished"}
    )
    decklist_commitments = fields.List(fields.String(), allow_none=True, metadata={"description": DECKLIST_COMMITMENTS})
    decklists = fields.List(
        fields.Nested(DecklistRevealSchema), allow_none=True,
        metadata={"description": "every seat's deck list and salt; null until the match is finished"},
    )
    created = fields.String()
    updated = fields.String()


class MatchListQuerySchema(Schema):
    offset = BoundedInteger(load_default=0)
    limit = BoundedInteger(load_default=50, minimum=1, maximum=100)


class MatchListSchema(Schema):
    total = fields.Integer(required=True, metadata={"description": "matches on this server"})
    offset = fields.Integer(required=True)
    limit = fields.Integer(required=True)
    matches = fields.List(
        fields.Nested(MatchSummarySchema), required=True,
        metadata={"description": "newest first; the same summaries as GET /v1/matches/<id>"},
    )


class StateQuerySchema(Schema):
    min_version = BoundedInteger(
        load_default=None,
        metadata={"description": "wait until the match reaches this version (read-your-writes)"},
    )
    wait = fields.Float(
        load_default=0.0,
        validate=validate.Range(min=0, max=MAX_WAIT_SECONDS),
        metadata={"description": f"seconds to wait for min_version (at most {MAX_WAIT_SECONDS})"},
    )


class StateSchema(Schema):
    match_id = fields.String(required=True)
    version = fields.Integer(required=True)
    seat = fields.Integer(allow_none=True, required=True, metadata={"description": "the caller's seat; null for a spectator"})
    viewer = fields.String(required=True, metadata={"description": "'seat', 'spectator' or 'judge' (everyone, once the match is over)"})
    status = fields.String(required=True)
    deciding_seats = fields.List(fields.Integer(), required=True)
    view = fields.Dict(required=True, metadata={"description": "the game's view of the state for this caller"})


class LegalActionsSchema(Schema):
    version = fields.Integer(required=True)
    seat = fields.Integer(allow_none=True, required=True)
    deciding_seats = fields.List(fields.Integer(), required=True)
    actions = fields.List(
        fields.Dict(), required=True, metadata={"description": "complete action bodies; post one back unchanged"}
    )


class PostActionSchema(Schema):
    expected_version = BoundedInteger(
        required=True, strict=True,
        metadata={"description": "the version the action was chosen at; a stale one gets 409"},
    )
    action = fields.Dict(required=True, metadata={"description": "one of the bodies GET legal-actions lists"})


class ActionPostedSchema(Schema):
    version = fields.Integer(required=True, metadata={"description": "the version this action created"})


class EventsQuerySchema(Schema):
    after = BoundedInteger(load_default=0)
    limit = BoundedInteger(load_default=100, minimum=1, maximum=1000)


class StreamQuerySchema(Schema):
    after = fields.Integer(
        load_default=0, validate=validate.Range(min=0, max=2**53),
        metadata={"description": "start after this version (0: the whole log); the Last-Event-ID header overrides it"},
    )


class EventSchema(Schema):
    v = fields.Integer(required=True)
    schema = fields.Integer(required=True)
    type = fields.String(required=True)
    seat = fields.Integer(allow_none=True, required=True)
    payload = fields.Dict(required=True)
    ts = fields.String(required=True)
    auto = fields.String(metadata={"description": "set on an action the server took for the seat: "
                                   "'response_deadline' (the response window's deadline passed: the game's pass)"})


class EventsSchema(Schema):
    match_id = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": "the match's current version"})
    events = fields.List(fields.Nested(EventSchema), required=True)


class ReplayQuerySchema(Schema):
    at = BoundedInteger(
        load_default=None,
        metadata={"description": "the state after event N (0 = initial state); default: now"},
    )
    perspective = fields.String(
        load_default=None, validate=validate.Regexp(r"^(judge|spectator|[0-9]{1,2})$"),
        metadata={"description": "once the match is over, whose view to show: `judge` (the default then: every card), "
                  "`spectator`, or a seat number (what that seat saw). While it runs only your own is shown "
                  "(403 perspective_hidden for another's)"},
    )


class ReplaySchema(Schema):
    match_id = fields.String(required=True)
    at = fields.Integer(required=True)
    version = fields.Integer(required=True, metadata={"description": "the match's current version"})
    seat = fields.Integer(allow_none=True, required=True)
    viewer = fields.String(required=True)
    perspective = fields.String(required=True, metadata={
        "description": "whose view `view` is: judge, spectator, or the seat number"})
    status = fields.String(required=True)
    view = fields.Dict(required=True)
    seed = fields.String(allow_none=True, metadata={"description": "revealed once the match is finished"})
    seed_commitment = fields.String(required=True)
    config = fields.Dict(
        allow_none=True,
        metadata={"description": "the pinned match config (setup input); revealed once the match is finished"},
    )
    decklist_commitments = fields.List(fields.String(), allow_none=True, metadata={"description": DECKLIST_COMMITMENTS})
    decklists = fields.List(
        fields.Nested(DecklistRevealSchema), allow_none=True,
        metadata={"description": "every seat's deck list and salt; null until the match is finished"},
    )


class RefoldDecisionSchema(Schema):
    decision = fields.String(required=True, validate=validate.OneOf(["accept", "keep"]), metadata={
        "description": "accept: the current engine's fold replaces the stored one (once every seat accepts); "
        "keep: the match stays on its recorded states and result (any seat)"})


class RefoldDecidedSchema(Schema):
    match_id = fields.String(required=True)
    refold = fields.Dict(required=True)
