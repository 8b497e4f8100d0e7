"""Wire schemas of the match-control endpoints (``/v1/matches/<id>/resign`` and friends).

The bodies are small on purpose: the caller's seat comes from the token, the time from the
server. Whether the request is allowed now (a claim before the deadline, a vacation past the
allowance) is the rules' business (``rules.control``), reported as a 4xx error.
"""
from __future__ import annotations

from marshmallow import Schema, fields, validate


class ClockSpecSchema(Schema):
    """Documentation of a clock; ``rules.clock.validate_clock_spec`` is what checks one."""

    days_per_decision = fields.Integer(required=True, validate=validate.Range(1, 14))
    bank_days = fields.Integer(load_default=0, validate=validate.Range(0, 30),
                               metadata={"description": "time bank spent once a decision's days run out"})
    increment_hours = fields.Integer(load_default=0, validate=validate.Range(0, 72),
                                     metadata={"description": "added to the bank after each main decision"})
    response_hours = fields.Integer(load_default=12, validate=validate.Range(1, 72),
                                    metadata={"description": "deadline of a response window; then the server passes"})
    grace_days = fields.Integer(load_default=3, validate=validate.Range(0, 14),
                                metadata={"description": "after a timeout, the match is decided when this runs out"})


class EmptySchema(Schema):
    """No body fields (resign, abort, pause, resume)."""


class DrawSchema(Schema):
    op = fields.String(required=True, validate=validate.OneOf(["offer", "accept", "decline"]))


class AddTimeSchema(Schema):
    seat = fields.Integer(required=True, metadata={"description": "the seat (an opponent of the caller) given the time"})
    hours = fields.Integer(required=True, validate=validate.Range(1, 336))


class VacationSchema(Schema):
    days = fields.Integer(required=True, validate=validate.Range(min=1),
                          metadata={"description": "days away; the yearly allowance is rules.clock.VACATION_DAYS_PER_YEAR"})


class _VacationAppliedSchema(Schema):
    match_id = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": "the version of the match's vacation event"})


class _VacationSkippedSchema(Schema):
    match_id = fields.String(required=True)
    code = fields.String(required=True, metadata={"description": "why the clock there could not stop (no_clock, match_over, ...)"})


class PlayerVacationSchema(Schema):
    days = fields.Integer(required=True)
    matches = fields.List(fields.Nested(_VacationAppliedSchema), required=True,
                          metadata={"description": "each match whose clock stopped, with its vacation event's version"})
    skipped = fields.List(fields.Nested(_VacationSkippedSchema), required=True)


class ClaimSchema(Schema):
    seat = fields.Integer(required=True, metadata={"description": "the timed-out seat claimed against"})
    kind = fields.String(required=True, validate=validate.OneOf(["win", "draw", "continue"]),
                         metadata={"description": "what the game allows: win or draw; 'continue' in a 3-5 player Babylon 5 match"})


class ControlPostedSchema(Schema):
    version = fields.Integer(required=True, metadata={"description": "the version the control event created"})
    event = fields.String(required=True, metadata={"description": "the control event appended"})


class OrderSchema(Schema):
    """A standing order (``rules.orders``): ``pass_responses``, ``keep_opening_hand`` or
    ``when`` (with ``opponent_action`` and ``play``)."""

    kind = fields.String(required=True, validate=validate.OneOf(["pass_responses", "keep_opening_hand", "when"]))
    opponent_action = fields.Dict(metadata={"description": "when: the pattern an opponent's action must match, "
                                            "e.g. {\"type\": \"attempt\", \"mission\": \"c12\"}"})
    play = fields.Dict(metadata={"description": "when: the action body to play at your next decision where it is legal"})
    unless_can_respond = fields.Boolean(metadata={"description": "refused (order_would_reveal): see API.md"})


class OrderPostSchema(Schema):
    order = fields.Nested(OrderSchema, required=True)


class StoredOrderSchema(OrderSchema):
    id = fields.String(required=True)
    armed = fields.Boolean(metadata={"description": "when: the opponent's action was seen; waiting to play"})


class OrdersSchema(Schema):
    seat = fields.Integer(required=True)
    orders = fields.List(fields.Nested(StoredOrderSchema), required=True)
    order = fields.Nested(StoredOrderSchema, metadata={"description": "the order just added"})
