"""``/v1/tournaments``: Swiss and single-elimination events over correspondence rounds.

The caller is the player named by ``Authorization: Bearer <player token>``; the organiser
(who created the event) and its judges decide; anyone may read the tournament, its
standings and its rounds. Handlers only read the request and call
``service.tournaments_logic``.
"""
from __future__ import annotations

from flask import Response, request

from schemas import ErrorSchema
from schemas.tournaments import (
    CutSchema,
    DropSchema,
    ExtendSchema,
    PauseSchema,
    ForbidSchema,
    PairSchema,
    PenaltySchema,
    RecordedSchema,
    RegisterSchema,
    RepairSchema,
    ResultSchema,
    StandingsSchema,
    TableDecisionSchema,
    TournamentCreateSchema,
    TournamentSchema,
)

from ..auth import bearer_token
from ..request_parsing import Blueprint
from ..runtime import runtime
from ..tournaments_logic import Tournaments
from .players import PLAYER_ONLY

blp = Blueprint("tournaments", __name__, url_prefix="/v1/tournaments",
                description="Tournaments: Swiss and single elimination, every match logged, the record provable")

_PLAYER_OR_ANYONE = [{"playerToken": []}, {}]
_NOT_FOUND = "no such tournament (or player)"
_STAFF = "not_organiser / not_judge"


def _t() -> Tournaments:
    return Tournaments(runtime().conn)


def _token() -> str | None:
    return bearer_token(request.headers)


def _errors(*statuses: tuple[int, str]):
    """The refusals every state-changing endpoint shares, plus its own."""
    def wrap(view):
        for status, text in ((401, "no player token"), (404, _NOT_FOUND), *statuses):
            view = blp.alt_response(status, schema=ErrorSchema, description=text)(view)
        return view
    return wrap


@blp.route("", methods=["POST"])
@blp.arguments(TournamentCreateSchema)
@blp.response(201, TournamentSchema)
@blp.alt_response(400, schema=ErrorSchema, description="unknown game / ruleset / judge, invalid_clock, invalid_table_sizes")
@blp.alt_response(401, schema=ErrorSchema, description="no player token")
@blp.doc(security=PLAYER_ONLY)
def create(body: dict) -> dict:
    """Create a tournament; you are its organiser."""
    return _t().create(_token(), body)


@blp.route("/<tournament_id>")
@blp.response(200, TournamentSchema)
@blp.alt_response(401, schema=ErrorSchema, description="a token of no player")
@blp.alt_response(404, schema=ErrorSchema, description=_NOT_FOUND)
@blp.doc(security=_PLAYER_OR_ANYONE)
def get(tournament_id: str) -> dict:
    """The tournament: players (deck commitments only; your own deck), rounds, results, chain head."""
    return _t().get(tournament_id, _token())


@blp.route("/<tournament_id>/register", methods=["POST"])
@blp.arguments(RegisterSchema)
@blp.response(200, TournamentSchema)
@_errors((409, "registration_closed, already_registered, staff_cannot_play"),
         (422, "deck_invalid: your deck's violations"))
@blp.doc(security=PLAYER_ONLY)
def register(body: dict, tournament_id: str) -> dict:
    """Register with your deck (committed by hash; the list stays secret until the end)."""
    return _t().register(tournament_id, _token(), body["deck"])


@blp.route("/<tournament_id>/drop", methods=["POST"])
@blp.arguments(DropSchema)
@blp.response(200, TournamentSchema)
@_errors((400, "reason_required"), (403, _STAFF), (409, "already_dropped, tournament_finished"))
@blp.doc(security=PLAYER_ONLY)
def drop(body: dict, tournament_id: str) -> dict:
    """Drop out (or, as a judge, drop a player, with a reason)."""
    return _t().drop(tournament_id, _token(), body["player_id"], body["reason"])


@blp.route("/<tournament_id>/start", methods=["POST"])
@blp.response(200, TournamentSchema)
@_errors((403, _STAFF), (409, "already_started, not_enough_players"))
@blp.doc(security=PLAYER_ONLY)
def start(tournament_id: str) -> dict:
    """Close registration (organiser)."""
    return _t().start(tournament_id, _token())


@blp.route("/<tournament_id>/forbid", methods=["POST"])
@blp.arguments(ForbidSchema)
@blp.response(200, TournamentSchema)
@_errors((400, "reason_required, invalid_pairing"), (403, _STAFF))
@blp.doc(security=PLAYER_ONLY)
def forbid(body: dict, tournament_id: str) -> dict:
    """Forbid a pairing for the rest of the event (organiser, with a reason)."""
    return _t().forbid(tournament_id, _token(), body["players"], body["reason"])


@blp.route("/<tournament_id>/rounds", methods=["POST"])
@blp.arguments(PairSchema)
@blp.response(201, TournamentSchema)
@_errors((400, "invalid_pairing, second_bye, reason_required"), (403, _STAFF),
         (409, "registration_open, round_open, rounds_complete, no_pairing, bracket_decided, pairing_in_progress"))
@blp.doc(security=PLAYER_ONLY)
def pair(body: dict, tournament_id: str) -> dict:
    """Draw the next round (Swiss, tables or bracket) and create its matches (organiser)."""
    return _t().pair(tournament_id, _token(), body["manual"])


@blp.route("/<tournament_id>/rounds/close", methods=["POST"])
@blp.response(200, TournamentSchema)
@_errors((403, _STAFF), (409, "no_open_round, results_missing"))
@blp.doc(security=PLAYER_ONLY)
def close_round(tournament_id: str) -> dict:
    """Close the round once every table has a result; publishes the chain's head."""
    return _t().close_round(tournament_id, _token())


@blp.route("/<tournament_id>/results", methods=["POST"])
@blp.arguments(ResultSchema)
@blp.response(200, RecordedSchema)
@blp.alt_response(404, schema=ErrorSchema, description=_NOT_FOUND + ", unknown_table")
@blp.alt_response(409, schema=ErrorSchema, description="match_not_in_round, round_not_current")
def result(body: dict, tournament_id: str) -> dict:
    """Record the result of a finished match now (the sweep does it anyway; idempotent)."""
    return {"recorded": _t().record_result(tournament_id, body["round"], body["table"], body["match_id"])}


@blp.route("/<tournament_id>/cut", methods=["POST"])
@blp.arguments(CutSchema)
@blp.response(200, TournamentSchema)
@_errors((400, "cut_too_large"), (403, _STAFF), (409, "cut_not_allowed, rounds_incomplete"))
@blp.doc(security=PLAYER_ONLY)
def cut(body: dict, tournament_id: str) -> dict:
    """Cut to the top N of the Swiss standings for single elimination (organiser)."""
    return _t().cut(tournament_id, _token(), body["top"])


@blp.route("/<tournament_id>/finish", methods=["POST"])
@blp.response(200, TournamentSchema)
@_errors((403, _STAFF), (409, "round_open, tournament_finished"))
@blp.doc(security=PLAYER_ONLY)
def finish(tournament_id: str) -> dict:
    """End the event: every deck list is revealed (organiser)."""
    return _t().finish(tournament_id, _token())


@blp.route("/<tournament_id>/pause", methods=["POST"])
@blp.arguments(PauseSchema)
@blp.response(200, TournamentSchema)
@_errors((400, "reason_required"), (403, _STAFF), (409, "not_running, already_paused"))
@blp.doc(security=PLAYER_ONLY)
def pause(body: dict, tournament_id: str) -> dict:
    """Pause the tournament (judge or organiser, with a reason): no pairing, and the round
    deadline stands still until it resumes."""
    return _t().pause(tournament_id, _token(), body["reason"])


@blp.route("/<tournament_id>/resume", methods=["POST"])
@blp.arguments(PauseSchema)
@blp.response(200, TournamentSchema)
@_errors((400, "reason_required"), (403, _STAFF), (409, "not_paused"))
@blp.doc(security=PLAYER_ONLY)
def resume(body: dict, tournament_id: str) -> dict:
    """Resume a paused tournament: the open round's deadline moves on by the pause's length."""
    return _t().resume(tournament_id, _token(), body["reason"])


@blp.route("/<tournament_id>/judge/extend", methods=["POST"])
@blp.arguments(ExtendSchema)
@blp.response(200, TournamentSchema)
@_errors((400, "reason_required"), (403, _STAFF), (409, "no_open_round"))
@blp.doc(security=PLAYER_ONLY)
def extend(body: dict, tournament_id: str) -> dict:
    """Extend the current round's deadline (judge, with a reason)."""
    return _t().extend_deadline(tournament_id, _token(), body["hours"], body["reason"])


@blp.route("/<tournament_id>/judge/game-loss", methods=["POST"])
@blp.arguments(TableDecisionSchema)
@blp.response(200, TournamentSchema)
@_errors((400, "reason_required, not_at_table"), (403, _STAFF), (409, "round_not_current, result_recorded"))
@blp.doc(security=PLAYER_ONLY)
def game_loss(body: dict, tournament_id: str) -> dict:
    """Award a game loss at a table of the current round (judge, with a reason)."""
    return _t().game_loss(tournament_id, _token(), body["round"], body["table"], body["player_id"] or "",
                          body["reason"])


@blp.route("/<tournament_id>/judge/annul", methods=["POST"])
@blp.arguments(TableDecisionSchema)
@blp.response(200, TournamentSchema)
@_errors((400, "reason_required"), (403, _STAFF), (409, "round_not_current, result_recorded"))
@blp.doc(security=PLAYER_ONLY)
def annul(body: dict, tournament_id: str) -> dict:
    """Annul a table of the current round: nobody scores it (judge, with a reason)."""
    return _t().annul(tournament_id, _token(), body["round"], body["table"], body["reason"])


@blp.route("/<tournament_id>/judge/re-pair", methods=["POST"])
@blp.arguments(RepairSchema)
@blp.response(201, TournamentSchema)
@_errors((400, "reason_required, invalid_pairing, second_bye"), (403, _STAFF),
         (409, "no_open_round, round_has_results, no_pairing, pairing_in_progress"))
@blp.doc(security=PLAYER_ONLY)
def repair(body: dict, tournament_id: str) -> dict:
    """Withdraw the current round (no result yet) and draw it again (judge, with a reason)."""
    return _t().repair(tournament_id, _token(), body["reason"], body["manual"])


@blp.route("/<tournament_id>/judge/penalty", methods=["POST"])
@blp.arguments(PenaltySchema)
@blp.response(200, TournamentSchema)
@_errors((400, "reason_required"), (403, _STAFF))
@blp.doc(security=PLAYER_ONLY)
def penalty(body: dict, tournament_id: str) -> dict:
    """Take match points from a player (judge, with a reason)."""
    return _t().penalty(tournament_id, _token(), body["player_id"], body["points"], body["reason"])


@blp.route("/<tournament_id>/standings")
@blp.response(200, StandingsSchema)
@blp.alt_response(404, schema=ErrorSchema, description=_NOT_FOUND)
def standings(tournament_id: str) -> dict:
    """Standings with every tiebreaker (README: the formulas)."""
    return _t().standings(tournament_id)


@blp.route("/<tournament_id>/standings.csv")
@blp.response(200, content_type="text/csv", description="the standings as CSV")
@blp.alt_response(404, schema=ErrorSchema, description=_NOT_FOUND)
def standings_csv(tournament_id: str) -> Response:
    """The standings as CSV."""
    return Response(_t().standings_csv(tournament_id), status=200, mimetype="text/csv")


@blp.route("/<tournament_id>/rounds.trf")
@blp.response(200, content_type="text/plain", description="a TRF-like text of every round")
@blp.alt_response(404, schema=ErrorSchema, description=_NOT_FOUND)
def rounds_trf(tournament_id: str) -> Response:
    """Every round in a TRF-like text (README: the columns)."""
    return Response(_t().rounds_text(tournament_id), status=200, mimetype="text/plain")


@blp.route("/<tournament_id>/archive")
@blp.response(200, content_type="application/x-ndjson", description="the whole record; subspace verify-tournament checks it")
@blp.alt_response(401, schema=ErrorSchema, description="before the end: no player token")
@blp.alt_response(403, schema=ErrorSchema, description="before the end: not_judge")
@blp.alt_response(404, schema=ErrorSchema, description=_NOT_FOUND)
@blp.doc(security=_PLAYER_OR_ANYONE)
def archive(tournament_id: str) -> Response:
    """Every tournament event and every match file, hash-chained (after the end; judges before)."""
    return Response(_t().archive(tournament_id, _token()), status=200, mimetype="application/x-ndjson")
