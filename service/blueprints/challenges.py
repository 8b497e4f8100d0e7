"""``/v1/challenges``: open a challenge with your deck, accept with yours, decline, cancel.

The caller is the player named by ``Authorization: Bearer <player token>``. When the last
seat is filled the match starts at once; its id appears in the challenge (``match_id``)
and in each player's ``GET /v1/me/matches``.
"""
from __future__ import annotations

from flask import request

from schemas import ErrorSchema
from schemas.challenges import (
    ChallengeAcceptSchema,
    ChallengeCreateSchema,
    ChallengeListQuerySchema,
    ChallengeListSchema,
    ChallengeSchema,
)

from ..auth import bearer_token
from ..challenges_logic import Challenges
from ..request_parsing import Blueprint
from ..runtime import runtime
from .players import PLAYER_ONLY

blp = Blueprint("challenges", __name__, url_prefix="/v1/challenges", description="Challenges: find opponents, each with a secret deck")

_PLAYER_OR_ANYONE = [{"playerToken": []}, {}]


def _challenges() -> Challenges:
    return Challenges(runtime().conn)


def _token() -> str | None:
    return bearer_token(request.headers)


@blp.route("", methods=["POST"])
@blp.arguments(ChallengeCreateSchema)
@blp.response(201, ChallengeSchema)
@blp.alt_response(400, schema=ErrorSchema, description="unknown game / ruleset / player, invalid_clock, bad invitations")
@blp.alt_response(401, schema=ErrorSchema, description="no player token")
@blp.alt_response(422, schema=ErrorSchema, description="deck_invalid: your deck's violations")
@blp.alt_response(429, schema=ErrorSchema, description="rate_limited (Retry-After): too many creations by this client")
@blp.alt_response(503, schema=ErrorSchema, description="store_full (Retry-After): no new matches while the store is nearly full")
@blp.doc(security=PLAYER_ONLY)
def open_challenge(body: dict) -> dict:
    """Open a challenge with your deck (seen only by you and the server)."""
    runtime().memory.require_room_for_new_match()  # it becomes a match: same reserve
    return _challenges().open(_token(), body)


@blp.route("", methods=["GET"])
@blp.arguments(ChallengeListQuerySchema, location="query")
@blp.response(200, ChallengeListSchema)
@blp.alt_response(401, schema=ErrorSchema, description="a token of no player")
@blp.doc(security=_PLAYER_OR_ANYONE)
def list_challenges(query: dict) -> dict:
    """Open challenges you may see: open to anyone, or inviting you, or yours."""
    return _challenges().list_open(_token(), query["limit"])


@blp.route("/<challenge_id>")
@blp.response(200, ChallengeSchema)
@blp.alt_response(401, schema=ErrorSchema, description="a token of no player")
@blp.alt_response(404, schema=ErrorSchema, description="no such challenge (or an invitation-only one not for you)")
@blp.doc(security=_PLAYER_OR_ANYONE)
def get_challenge(challenge_id: str) -> dict:
    """One challenge: who is in, its status, the match once started; your own deck only."""
    return _challenges().get(challenge_id, _token())


@blp.route("/<challenge_id>/accept", methods=["POST"])
@blp.arguments(ChallengeAcceptSchema)
@blp.response(200, ChallengeSchema)
@blp.alt_response(401, schema=ErrorSchema, description="no player token")
@blp.alt_response(403, schema=ErrorSchema, description="not_invited")
@blp.alt_response(404, schema=ErrorSchema, description="no such challenge")
@blp.alt_response(409, schema=ErrorSchema, description="own_challenge, already_accepted, challenge_expired / _cancelled / _started / _filled")
@blp.alt_response(422, schema=ErrorSchema, description="deck_invalid: your deck's violations")
@blp.doc(security=PLAYER_ONLY)
def accept(body: dict, challenge_id: str) -> dict:
    """Take a seat with your deck; the match starts when the last seat is taken."""
    return _challenges().accept(challenge_id, _token(), body["deck"])


@blp.route("/<challenge_id>/decline", methods=["POST"])
@blp.response(200, ChallengeSchema)
@blp.alt_response(401, schema=ErrorSchema, description="no player token")
@blp.alt_response(403, schema=ErrorSchema, description="not_invited")
@blp.alt_response(404, schema=ErrorSchema, description="no such challenge")
@blp.alt_response(409, schema=ErrorSchema, description="the challenge is not open, or you already answered")
@blp.doc(security=PLAYER_ONLY)
def decline(challenge_id: str) -> dict:
    """Decline an invitation (only an invited player can)."""
    return _challenges().decline(challenge_id, _token())


@blp.route("/<challenge_id>/cancel", methods=["POST"])
@blp.response(200, ChallengeSchema)
@blp.alt_response(401, schema=ErrorSchema, description="no player token")
@blp.alt_response(403, schema=ErrorSchema, description="not_creator")
@blp.alt_response(404, schema=ErrorSchema, description="no such challenge")
@blp.alt_response(409, schema=ErrorSchema, description="the challenge is not open")
@blp.doc(security=PLAYER_ONLY)
def cancel(challenge_id: str) -> dict:
    """Withdraw your open challenge."""
    return _challenges().cancel(challenge_id, _token())
