"""Interchange files (``docs/interchange.md``): ``GET /v1/matches/<id>/export`` and
``POST /v1/imports``. Handlers only read the request and call ``service.interchange_logic``."""
from __future__ import annotations

from flask import Response, request

from rules.errors import ImportRefused
from schemas import ErrorSchema
from schemas.interchange import ImportedSchema
from schemas.matches import RefoldDecidedSchema, RefoldDecisionSchema

from .. import interchange_logic as logic
from ..auth import bearer_token
from ..request_parsing import Blueprint
from ..runtime import runtime

blp = Blueprint("interchange", __name__, url_prefix="/v1", description="Interchange files: export and import matches")

NDJSON = "application/x-ndjson"
_FILE_BODY = {
    "required": True,
    "description": "an interchange file (docs/interchange.md): a header line, then one event per line",
    "content": {NDJSON: {"schema": {"type": "string"}}, "text/plain": {"schema": {"type": "string"}}},
}


@blp.route("/matches/<match_id>/export")
@blp.doc(security=[{"seatToken": []}, {"playerToken": []}, {}])
@blp.response(200, content_type=NDJSON, description="the interchange file: a header line, then one event per line")
@blp.alt_response(404, schema=ErrorSchema, description="no such match")
def export_match(match_id: str) -> Response:
    """A finished match with its seed, config and deck lists; a live one as the caller
    sees it (the events `GET /events` shows them), lagging the head by a few events."""
    rt = runtime()
    text = logic.export_text(rt.store, match_id, bearer_token(request.headers), delay=rt.settings.export_delay)
    return Response(text, status=200, mimetype=NDJSON)


@blp.route("/imports", methods=["POST"])
@blp.doc(requestBody=_FILE_BODY)
@blp.response(201, ImportedSchema)
@blp.alt_response(413, schema=ErrorSchema, description="payload_too_large: the file is over the request size limit")
@blp.alt_response(422, schema=ErrorSchema, description="the file does not verify: details name the line and event")
@blp.alt_response(429, schema=ErrorSchema, description="rate_limited (Retry-After): imports count as match creations")
@blp.alt_response(503, schema=ErrorSchema, description="store_full (Retry-After): no new matches while the store is nearly full")
def import_match() -> dict:
    """Verify an interchange file (seed, deck lists, every event by the rules) and store it
    as a finished, read-only match; or refuse it naming the first event that does not fold."""
    raw = request.get_data(cache=False)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ImportRefused("the file is not UTF-8 text", code="malformed_import", details={"line": None, "event": None}) from None
    rt = runtime()
    rt.memory.require_room_for_new_match()
    return logic.import_text(rt, text)


@blp.route("/matches/<match_id>/refold", methods=["POST"])
@blp.doc(security=[{"seatToken": []}, {"playerToken": []}])
@blp.arguments(RefoldDecisionSchema)
@blp.response(200, RefoldDecidedSchema)
@blp.alt_response(401, schema=ErrorSchema, description="no seat token or player token")
@blp.alt_response(403, schema=ErrorSchema, description="not_a_seat: the caller holds no seat of this match")
@blp.alt_response(409, schema=ErrorSchema, description="no_refold_pending: the match is not flagged (or already decided)")
def refold_decision(body: dict, match_id: str) -> dict:
    """Vote on a match a deploy changed (flagged by `subspace refold --check`): `keep` by
    any seat keeps the recorded fold and result; `accept` by every seat adopts the new one."""
    from .. import matches_logic

    return matches_logic.refold_decision(runtime().store, match_id, bearer_token(request.headers), body["decision"])
