"""``/v1/players`` (register) and ``/v1/me`` (the caller's profile and matches).

The caller is the player whose token is in ``Authorization: Bearer <player token>``.
"""
from __future__ import annotations

from flask import request

from schemas import ErrorSchema
from schemas.control import PlayerVacationSchema, VacationSchema
from schemas.players import (
    MyMatchesQuerySchema,
    MyMatchesSchema,
    PlayerCreatedSchema,
    PlayerCreateSchema,
    PlayerProfileSchema,
    PlayerTokenSchema,
    PlayerUpdateSchema,
    PublicPlayerSchema,
    WebhookSecretSchema,
)

from .. import players_logic as logic
from ..control_logic import take_player_vacation
from ..auth import bearer_token
from ..request_parsing import Blueprint
from ..runtime import runtime

blp = Blueprint("players", __name__, url_prefix="/v1", description="Players: register, profile, my matches")

PLAYER_ONLY = [{"playerToken": []}]


@blp.route("/players", methods=["POST"])
@blp.arguments(PlayerCreateSchema)
@blp.response(201, PlayerCreatedSchema)
@blp.alt_response(400, schema=ErrorSchema, description="invalid_request: a bad name, e-mail, URL or time zone")
@blp.alt_response(429, schema=ErrorSchema, description="rate_limited (Retry-After): too many creations by this client")
def register(body: dict) -> dict:
    """Register a player; the answer shows the player token and the webhook secret once."""
    return logic.register(runtime().players, body)


@blp.route("/players/<player_id>")
@blp.response(200, PublicPlayerSchema)
@blp.alt_response(404, schema=ErrorSchema, description="unknown_player")
def public_player(player_id: str) -> dict:
    """A player's public face (name, time zone), e.g. an opponent's or an invitee's."""
    return logic.public_player(runtime().players, player_id)


@blp.route("/me")
@blp.response(200, PlayerProfileSchema)
@blp.alt_response(401, schema=ErrorSchema, description="no player token, or a token of no player")
@blp.doc(security=PLAYER_ONLY)
def me() -> dict:
    """The caller's own profile (never the token or the webhook secret)."""
    return logic.me(runtime().players, bearer_token(request.headers))


@blp.route("/me", methods=["PATCH"])
@blp.arguments(PlayerUpdateSchema)
@blp.response(200, PlayerProfileSchema)
@blp.alt_response(401, schema=ErrorSchema, description="no player token, or a token of no player")
@blp.doc(security=PLAYER_ONLY)
def update_me(body: dict) -> dict:
    """Change your display name, e-mail, webhook URL or time zone (null clears e-mail/webhook)."""
    return logic.update_me(runtime().players, bearer_token(request.headers), body)


@blp.route("/me/webhook-secret", methods=["POST"])
@blp.response(201, WebhookSecretSchema)
@blp.alt_response(401, schema=ErrorSchema, description="no player token, or a token of no player")
@blp.doc(security=PLAYER_ONLY)
def rotate_webhook_secret() -> dict:
    """A new webhook signing secret, shown only in this answer (the old one stops at once)."""
    return logic.rotate_webhook_secret(runtime().players, bearer_token(request.headers))


@blp.route("/me/token", methods=["POST"])
@blp.response(201, PlayerTokenSchema)
@blp.alt_response(401, schema=ErrorSchema, description="no player token, or a token of no player")
@blp.doc(security=PLAYER_ONLY)
def rotate_token() -> dict:
    """A new player token, shown only in this answer; the one you called with stops working."""
    return logic.rotate_token(runtime().players, bearer_token(request.headers))


@blp.route("/me/matches")
@blp.arguments(MyMatchesQuerySchema, location="query")
@blp.response(200, MyMatchesSchema)
@blp.alt_response(401, schema=ErrorSchema, description="no player token, or a token of no player")
@blp.doc(security=PLAYER_ONLY)
def my_matches(query: dict) -> dict:
    """The caller's matches: waiting on the caller first (earliest deadline first)."""
    rt = runtime()
    return logic.my_matches(rt.store, rt.players, bearer_token(request.headers), query.get("status"))


@blp.route("/me/vacation", methods=["POST"])
@blp.arguments(VacationSchema)
@blp.response(201, PlayerVacationSchema)
@blp.alt_response(400, schema=ErrorSchema, description="vacation_too_long: more days than are left of this year's allowance")
@blp.alt_response(401, schema=ErrorSchema, description="no player token, or a token of no player")
@blp.alt_response(429, schema=ErrorSchema, description="rate_limited (Retry-After): too many actions from this client or token")
@blp.doc(security=PLAYER_ONLY)
def vacation(body: dict):
    """Go on vacation in every match of yours where a clock runs: your clocks stop for
    ``days`` days, charged once to the yearly allowance however many matches you have."""
    return take_player_vacation(runtime(), bearer_token(request.headers), body["days"]), 201

