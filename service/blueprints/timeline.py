"""``GET /v1/matches/<id>/timeline``: where each turn and phase begins (``replays.timeline``),
for stepping a replay by turn and phase. Public facts only: no token is needed and every
caller gets the same answer."""
from __future__ import annotations

from schemas import ErrorSchema
from schemas.timeline import TimelineQuerySchema, TimelineSchema

from ..matches_logic import load_match
from ..request_parsing import Blueprint
from ..runtime import runtime
from replays.timeline import boundaries

blp = Blueprint("timeline", __name__, url_prefix="/v1/matches", description="Timeline: turns and phases by version")


@blp.route("/<match_id>/timeline")
@blp.arguments(TimelineQuerySchema, location="query")
@blp.response(200, TimelineSchema)
@blp.alt_response(400, schema=ErrorSchema, description="version_out_of_range: `start` is past the match's version")
@blp.alt_response(404, schema=ErrorSchema, description="no such match")
def match_timeline(query: dict, match_id: str) -> dict:
    """The versions where a new turn or phase begins, from ``start`` on (``limit`` versions
    a page): the turn number and phase every view of those versions shows everyone."""
    store = runtime().store
    match = load_match(store, match_id)
    marks, next_start = boundaries(store, match.game, match_id, query["start"], query["limit"])
    return {"match_id": match_id, "version": store.version(match_id), "marks": marks, "next_start": next_start}
