"""Match control over HTTP: resign, abort, draws by agreement, add time, vacation, pause,
resume and claims — ``POST /v1/matches/<id>/<verb>`` with the caller's seat token — and the
caller's standing orders (``/v1/matches/<id>/orders``).

Handlers only parse, call ``service.control_logic.post_control`` and serialise; every
refusal is a typed error mapped to HTTP in ``service/errors.py``. ``Idempotency-Key`` works
as for actions (per seat).
"""
from __future__ import annotations

from flask import request
from ..request_parsing import Blueprint

from schemas import (
    AddTimeSchema,
    ClaimSchema,
    ControlPostedSchema,
    DrawSchema,
    EmptySchema,
    ErrorSchema,
    OrderPostSchema,
    OrdersSchema,
    VacationSchema,
)

from ..auth import bearer_token
from .. import orders_logic
from ..control_logic import post_control
from ..runtime import runtime
from ..request_parsing import IDEMPOTENCY_HEADER, idempotency_key
from .matches import _SEAT_ONLY

blp = Blueprint("control", __name__, url_prefix="/v1/matches",
                description="Match control: resign, abort, draws, clocks, vacations, pauses, claims")

_ERRORS = (
    (400, "invalid request: invalid_hours, invalid_days, invalid_claim, vacation_too_long, ..."),
    (401, "missing token, or a token of no seat of this match"),
    (403, "not_an_opponent, own_clock, not_in_match"),
    (409, "match_over, or version_conflict when the match kept moving"),
    (422, "not allowed now: deadline_not_passed, too_late_to_abort, no_clock, no_draw_offer, ..."),
    (429, "rate_limited (Retry-After): too many actions from this client or token"),
)


def _post(match_id: str, kind: str, payload: dict | None = None):
    posted = post_control(runtime(), match_id, bearer_token(request.headers), kind, payload,
                          idempotency_key(request.headers))
    return posted.body, 201, ({"Idempotent-Replayed": "true"} if posted.replayed else {})


def _documented(func):
    for status, text in _ERRORS:
        func = blp.alt_response(status, schema=ErrorSchema, description=text)(func)
    func = blp.doc(security=_SEAT_ONLY, parameters=[IDEMPOTENCY_HEADER])(func)
    return blp.response(201, ControlPostedSchema)(func)


@blp.route("/<match_id>/resign", methods=["POST"])
@blp.arguments(EmptySchema)
@_documented
def resign(body: dict, match_id: str):
    """Resign: the caller's seat loses (a 3–5 player Babylon 5 match plays on without it)."""
    return _post(match_id, "resign")


@blp.route("/<match_id>/abort", methods=["POST"])
@blp.arguments(EmptySchema)
@_documented
def abort(body: dict, match_id: str):
    """Abort a match nobody has lost anything in: allowed until every seat has made its
    first decision; the match ends without a winner."""
    return _post(match_id, "abort")


@blp.route("/<match_id>/draw", methods=["POST"])
@blp.arguments(DrawSchema)
@_documented
def draw(body: dict, match_id: str):
    """Offer, accept or decline a draw (where the game allows one); the match is drawn when
    every seat in play has offered or accepted."""
    return _post(match_id, f"draw_{body['op']}")


@blp.route("/<match_id>/add-time", methods=["POST"])
@blp.arguments(AddTimeSchema)
@_documented
def add_time(body: dict, match_id: str):
    """Give a seat on the clock more hours for the decision it is making: an opponent of that
    seat may, and so may a judge of the match who holds no seat (``SUBSPACE_JUDGES`` or the
    match's own ``judges``)."""
    return _post(match_id, "add_time", {"seat": body["seat"], "hours": body["hours"]})


@blp.route("/<match_id>/vacation", methods=["POST"])
@blp.arguments(VacationSchema)
@_documented
def vacation(body: dict, match_id: str):
    """Take days of vacation from the yearly allowance: the caller's clock stops until then."""
    return _post(match_id, "vacation", {"days": body["days"]})


@blp.route("/<match_id>/pause", methods=["POST"])
@blp.arguments(EmptySchema)
@_documented
def pause(body: dict, match_id: str):
    """Ask for (or agree to) a pause; the clock stops once every seat in play has asked."""
    return _post(match_id, "pause_request")


@blp.route("/<match_id>/resume", methods=["POST"])
@blp.arguments(EmptySchema)
@_documented
def resume(body: dict, match_id: str):
    """End a pause (or withdraw the requests): any seat may; running decisions get the
    paused time back."""
    return _post(match_id, "resume")


@blp.route("/<match_id>/claim", methods=["POST"])
@blp.arguments(ClaimSchema)
@_documented
def claim(body: dict, match_id: str):
    """Claim against a seat whose deadline has passed: the win (the absent seat loses), a
    draw, or — in a 3–5 player Babylon 5 match — to continue without it."""
    return _post(match_id, "claim", {"absent": body["seat"], "kind": body["kind"]})


@blp.route("/<match_id>/orders", methods=["GET"])
@blp.response(200, OrdersSchema)
@blp.alt_response(401, schema=ErrorSchema, description="missing token, or a token of no seat of this match")
@blp.alt_response(403, schema=ErrorSchema, description="not_a_seat: a registered player holding no seat here")
@blp.doc(security=_SEAT_ONLY)
def list_orders(match_id: str) -> dict:
    """Your standing orders in this match (nobody else's: orders are private to their seat)."""
    return orders_logic.list_orders(runtime(), match_id, bearer_token(request.headers))


@blp.route("/<match_id>/orders", methods=["POST"])
@blp.arguments(OrderPostSchema)
@blp.response(201, OrdersSchema)
@blp.alt_response(400, schema=ErrorSchema, description="invalid_order, order_would_reveal")
@blp.alt_response(401, schema=ErrorSchema, description="missing token, or a token of no seat of this match")
@blp.alt_response(403, schema=ErrorSchema, description="not_a_seat: a registered player holding no seat here")
@blp.alt_response(409, schema=ErrorSchema, description="match_over, too_many_orders")
@blp.doc(security=_SEAT_ONLY)
def add_order(body: dict, match_id: str) -> dict:
    """Leave a standing order; the server plays it as your action whenever it applies (at
    once, if it applies now)."""
    return orders_logic.add_order(runtime(), match_id, bearer_token(request.headers), body["order"])


@blp.route("/<match_id>/orders/<order_id>", methods=["DELETE"])
@blp.response(200, OrdersSchema)
@blp.alt_response(401, schema=ErrorSchema, description="missing token, or a token of no seat of this match")
@blp.alt_response(403, schema=ErrorSchema, description="not_a_seat: a registered player holding no seat here")
@blp.doc(security=_SEAT_ONLY)
def remove_order(match_id: str, order_id: str) -> dict:
    """Withdraw one of your standing orders (404 no_such_order if you have none by that id)."""
    return orders_logic.remove_order(runtime(), match_id, bearer_token(request.headers), order_id)
