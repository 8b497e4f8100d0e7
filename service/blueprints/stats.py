"""``/v1/stats/<game>``: analytics across finished matches (``service.stats_logic``)."""
from __future__ import annotations

from schemas import ErrorSchema
from schemas.stats import StatsOverviewSchema, StatsQuerySchema, StatsReportSchema

from .. import stats_logic as logic
from ..request_parsing import Blueprint
from ..runtime import runtime

blp = Blueprint("stats", __name__, url_prefix="/v1/stats", description="Analytics across finished matches")


@blp.route("/<game>")
@blp.response(200, StatsOverviewSchema)
@blp.alt_response(404, schema=ErrorSchema, description="unknown_game")
def overview(game: str) -> dict:
    """Matches counted, average length (events, turns), when the eventual winner took the lead."""
    return logic.overview(runtime().conn, game)


@blp.route("/<game>/<report>")
@blp.arguments(StatsQuerySchema, location="query")
@blp.response(200, StatsReportSchema)
@blp.alt_response(404, schema=ErrorSchema, description="unknown_game or unknown_report")
def report(query: dict, game: str, report: str) -> dict:
    """Win rates by `starters`, `factions`, `cards-included`, `cards-played`, or the `matchups` table."""
    return logic.report(runtime().conn, game, report, min_games=query["min_games"], limit=query["limit"])
