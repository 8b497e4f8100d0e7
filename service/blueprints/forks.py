"""``POST /v1/matches/<id>/forks``: a sandbox match from a version of another
(``service.forks_logic``). Handlers only parse and call the logic."""
from __future__ import annotations

from flask import request

from schemas import ErrorSchema
from schemas.forks import ForkCreatedSchema, ForkCreateSchema

from .. import forks_logic as logic
from ..auth import bearer_token
from ..request_parsing import Blueprint
from ..runtime import runtime

blp = Blueprint("forks", __name__, url_prefix="/v1/matches", description="Forks: play on from any version of a match")


@blp.route("/<match_id>/forks", methods=["POST"])
@blp.arguments(ForkCreateSchema)
@blp.response(201, ForkCreatedSchema)
@blp.doc(security=[{"seatToken": []}, {"playerToken": []}, {}])
@blp.alt_response(400, schema=ErrorSchema, description="version_out_of_range: `at` is past the match's head")
@blp.alt_response(401, schema=ErrorSchema, description="a token of no seat and no player")
@blp.alt_response(403, schema=ErrorSchema, description="spectator_fork: a live match may be forked only by its seats")
@blp.alt_response(409, schema=ErrorSchema, description="fork_unavailable: a card the seat may not see belongs to a deck-list section no starter deck has (custom cards), so it cannot be re-drawn (fork once the match is over)")
@blp.alt_response(429, schema=ErrorSchema, description="rate_limited (Retry-After): forks count as match creations")
@blp.alt_response(503, schema=ErrorSchema, description="store_full (Retry-After): no new matches while the store is nearly full")
def create_fork(body: dict, match_id: str) -> dict:
    """Fork the match at version `at`: exact once it is over, re-drawn for the calling seat
    while it runs. The answer holds a token for every seat of the fork (shown only here)."""
    rt = runtime()
    rt.memory.require_room_for_new_match()
    return logic.create_fork(rt, match_id, bearer_token(request.headers), body["at"])
