"""``/v1/matches``: create a match, read it (as a seat or a spectator), act, replay.

Handlers only parse, call ``service.matches_logic`` and serialise. The caller is whoever
the ``Authorization: Bearer <seat token>`` header names (no header: a spectator).
"""
from __future__ import annotations

from flask import Response, request

from schemas import (
    ActionPostedSchema,
    ErrorSchema,
    EventsQuerySchema,
    EventsSchema,
    LegalActionsSchema,
    MatchCreatedSchema,
    MatchCreateSchema,
    MatchListQuerySchema,
    MatchListSchema,
    MatchSummarySchema,
    PostActionSchema,
    ReplayQuerySchema,
    ReplaySchema,
    StateQuerySchema,
    StateSchema,
    StreamQuerySchema,
)

from .. import matches_logic as logic
from ..auth import bearer_token
from ..limits import client_address
from ..runtime import runtime
from ..request_parsing import IDEMPOTENCY_HEADER, Blueprint, idempotency_key
from ..streaming import HeldWait, event_stream, long_poll

blp = Blueprint("matches", __name__, url_prefix="/v1/matches", description="Matches: create, read, act, replay")

# OpenAPI: a seat token or the token of the player holding the seat; none = spectator
_SEAT_OR_SPECTATOR = [{"seatToken": []}, {"playerToken": []}, {}]
_SEAT_ONLY = [{"seatToken": []}, {"playerToken": []}]


def _token() -> str | None:
    return bearer_token(request.headers)


@blp.route("", methods=["POST"])
@blp.arguments(MatchCreateSchema)
@blp.response(201, MatchCreatedSchema)
@blp.alt_response(400, schema=ErrorSchema, description="malformed request, unknown game or ruleset")
@blp.alt_response(400, schema=ErrorSchema, description="invalid_clock: every bad clock field in details")
@blp.alt_response(422, schema=ErrorSchema, description="deck_invalid: every construction violation in details")
@blp.alt_response(429, schema=ErrorSchema, description="rate_limited (Retry-After): too many matches created by this client")
@blp.alt_response(503, schema=ErrorSchema, description="store_full (Retry-After): no new matches while the store is nearly full")
def create_match(body: dict) -> dict:
    """Create a match; the response holds each seat's token (shown only here)."""
    rt = runtime()
    rt.memory.require_room_for_new_match()
    return logic.create_match(rt.store, body["game"], body.get("ruleset"), body["seats"], clock=body.get("clock"))


@blp.route("", methods=["GET"])
@blp.arguments(MatchListQuerySchema, location="query")
@blp.response(200, MatchListSchema)
def list_matches(query: dict) -> dict:
    """Matches on this server, newest first, as summaries (no views, no tokens)."""
    return logic.list_summaries(runtime().store, query["offset"], query["limit"])


@blp.route("/<match_id>")
@blp.response(200, MatchSummarySchema)
@blp.alt_response(404, schema=ErrorSchema, description="no such match")
def match_summary(match_id: str) -> dict:
    """Summary: game, ruleset, status, version, seats, outcome (the seed once finished)."""
    return logic.summary(runtime().store, match_id)


@blp.route("/<match_id>/state")
@blp.arguments(StateQuerySchema, location="query")
@blp.response(200, StateSchema)
@blp.alt_response(401, schema=ErrorSchema, description="token of no seat of this match")
@blp.alt_response(429, schema=ErrorSchema, description="too_many_waits (Retry-After): this client holds too many open waits")
@blp.doc(security=_SEAT_OR_SPECTATOR)
def match_state(query: dict, match_id: str) -> dict:
    """The caller's view of the current state; ``min_version`` + ``wait`` block until the
    match reaches that version (or the wait ends: then the current state is returned)."""
    rt = runtime()
    return logic.state_for(
        rt.store, match_id, _token(), query.get("min_version"), query.get("wait") or 0.0, rt.settings.max_wait,
        wait_for=long_poll(rt, client_address(), request.environ),
    )


@blp.route("/<match_id>/stream")
@blp.arguments(StreamQuerySchema, location="query")
@blp.doc(responses={"200": {
    "description": (
        "Server-Sent Events. Each event of the log past the resume point, redacted for the caller exactly "
        "as GET /events shows it: `id: <version>` and `data: <event JSON>`; then each new event as it is "
        "appended; a comment line `: keep-alive` after every quiet 15 s; once the match is over and its "
        "last event sent, `event: end` with `data: {match_id, version, status}`, and the stream closes."),
    "content": {"text/event-stream": {"schema": {"type": "string"}}},
}})
@blp.alt_response(401, schema=ErrorSchema, description="token of no seat of this match")
@blp.alt_response(400, schema=ErrorSchema, description="invalid_last_event_id, or version_out_of_range: a resume point past the match's version")
@blp.alt_response(429, schema=ErrorSchema, description="too_many_waits (Retry-After): this client holds too many open streams and waits")
@blp.doc(security=_SEAT_OR_SPECTATOR, parameters=[{
    "in": "header", "name": "Last-Event-ID", "required": False, "schema": {"type": "integer", "minimum": 0},
    "description": "resume after this version (browsers send it when they reconnect); overrides `after`",
}])
def match_stream(query: dict, match_id: str) -> Response:
    """Live events of a match (Server-Sent Events), redacted for the caller."""
    rt = runtime()
    match, viewer = logic.reader(rt.store, match_id, _token())
    after = logic.resume_point(rt.store, match_id, request.headers.get("Last-Event-ID"), query["after"])
    held = HeldWait(rt, client_address(), match_id, request.environ, rt.settings.limits.stream_keepalive).open()
    body = event_stream(rt, match.game, match_id, viewer, after, held)
    response = Response(body, mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    response.call_on_close(held.close)  # the server closes the body when the client is gone
    return response


@blp.route("/<match_id>/legal-actions")
@blp.response(200, LegalActionsSchema)
@blp.alt_response(401, schema=ErrorSchema, description="token of no seat of this match")
@blp.doc(security=_SEAT_OR_SPECTATOR)
def legal_actions(match_id: str) -> dict:
    """Action bodies the caller may post now (empty for spectators and waiting seats)."""
    return logic.legal_actions_for(runtime().store, match_id, _token())


@blp.route("/<match_id>/actions", methods=["POST"])
@blp.arguments(PostActionSchema)
@blp.response(201, ActionPostedSchema)
@blp.alt_response(401, schema=ErrorSchema, description="missing token, or a token of no seat")
@blp.alt_response(403, schema=ErrorSchema, description="not_your_decision: another seat must act")
@blp.alt_response(409, schema=ErrorSchema, description="version_conflict (details.current_version) or match_over")
@blp.alt_response(422, schema=ErrorSchema, description="illegal_action")
@blp.alt_response(429, schema=ErrorSchema, description="rate_limited (Retry-After): too many actions from this client or token")
@blp.doc(security=_SEAT_ONLY, parameters=[IDEMPOTENCY_HEADER])
def post_action(body: dict, match_id: str):
    """Post an action for the caller's seat at ``expected_version``."""
    posted = logic.post_action(
        runtime(), match_id, _token(), body["expected_version"], body["action"],
        idempotency_key(request.headers),
    )
    headers = {"Idempotent-Replayed": "true"} if posted.replayed else {}
    return posted.body, 201, headers


@blp.route("/<match_id>/events")
@blp.arguments(EventsQuerySchema, location="query")
@blp.response(200, EventsSchema)
@blp.alt_response(401, schema=ErrorSchema, description="token of no seat of this match")
@blp.doc(security=_SEAT_OR_SPECTATOR)
def match_events(query: dict, match_id: str) -> dict:
    """Events after ``after`` (at most ``limit``), redacted for the caller. While the match
    runs a page may hold fewer (at most 100 that the server redacts on demand rather than
    from the redactions recorded at fold time): page on with ``after`` = the last ``v``
    until it reaches ``version``."""
    rt = runtime()
    return logic.events_listing(rt.store, match_id, _token(), query["after"], query["limit"],
                                redacted_limit=rt.settings.limits.redacted_events_limit)


@blp.route("/<match_id>/replay")
@blp.arguments(ReplayQuerySchema, location="query")
@blp.response(200, ReplaySchema)
@blp.alt_response(400, schema=ErrorSchema, description="version_out_of_range, invalid_perspective (a seat the match has not)")
@blp.alt_response(401, schema=ErrorSchema, description="token of no seat of this match")
@blp.alt_response(403, schema=ErrorSchema, description="perspective_hidden: another's perspective while the match runs")
@blp.doc(security=_SEAT_OR_SPECTATOR)
def match_replay(query: dict, match_id: str) -> dict:
    """The caller's view after event ``at``; once finished, the judge view (or the
    ``perspective`` asked for: any seat's, the spectator's) plus the seed and config so
    anyone can re-fold the log and check the seed commitment."""
    return logic.replay(runtime().store, match_id, _token(), query.get("at"), query.get("perspective"))
