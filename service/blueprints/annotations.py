"""``/v1/matches/<id>/notes``: annotations of a match (``service.annotations_logic``).
Handlers only parse and call the logic."""
from __future__ import annotations

from flask import request

from schemas import ErrorSchema
from schemas.annotations import (
    AnnotationCreateSchema,
    AnnotationEditSchema,
    AnnotationListSchema,
    AnnotationQuerySchema,
    AnnotationSchema,
    SharedGameSchema,
    ShareCreateSchema,
    ShareSchema,
)

from .. import annotations_logic as logic
from ..auth import bearer_token
from ..request_parsing import Blueprint
from ..runtime import runtime

blp = Blueprint("annotations", __name__, url_prefix="/v1/matches",
                description="Annotations: comments, marks and tags anchored to a version")

_AUTHOR = [{"seatToken": []}, {"playerToken": []}]


def _token() -> str | None:
    return bearer_token(request.headers)


@blp.route("/<match_id>/notes", methods=["POST"])
@blp.arguments(AnnotationCreateSchema)
@blp.response(201, AnnotationSchema)
@blp.doc(security=_AUTHOR)
@blp.alt_response(400, schema=ErrorSchema, description="invalid_annotation, empty_annotation, version_out_of_range, too_many_annotations")
@blp.alt_response(401, schema=ErrorSchema, description="no token, or a token of no seat and no player")
def add_note(body: dict, match_id: str) -> dict:
    """Annotate the match at a version (as a seat, or as a registered player: a spectator)."""
    return logic.add(runtime().store, match_id, _token(), body)


@blp.route("/<match_id>/notes")
@blp.arguments(AnnotationQuerySchema, location="query")
@blp.response(200, AnnotationListSchema)
@blp.doc(security=[{"seatToken": []}, {"playerToken": []}, {}])
@blp.alt_response(401, schema=ErrorSchema, description="a token of no seat and no player")
def list_notes(query: dict, match_id: str) -> dict:
    """The notes you may see, in version order: with no token, the shareable public listing."""
    return logic.listing(runtime().store, match_id, _token(), query.get("version"))


@blp.route("/<match_id>/notes/<note_id>", methods=["PATCH"])
@blp.arguments(AnnotationEditSchema)
@blp.response(200, AnnotationSchema)
@blp.doc(security=_AUTHOR)
@blp.alt_response(400, schema=ErrorSchema, description="invalid_annotation, empty_annotation")
@blp.alt_response(401, schema=ErrorSchema, description="no token, or a token of no seat and no player")
@blp.alt_response(403, schema=ErrorSchema, description="not_author")
def edit_note(body: dict, match_id: str, note_id: str) -> dict:
    """Change your note (only the fields sent)."""
    return logic.edit(runtime().store, match_id, note_id, _token(), body)


@blp.route("/<match_id>/notes/<note_id>", methods=["DELETE"])
@blp.response(204)
@blp.doc(security=_AUTHOR)
@blp.alt_response(401, schema=ErrorSchema, description="no token, or a token of no seat and no player")
@blp.alt_response(403, schema=ErrorSchema, description="not_author")
def delete_note(match_id: str, note_id: str):
    """Delete your note."""
    logic.delete(runtime().store, match_id, note_id, _token())
    return "", 204


@blp.route("/<match_id>/shares", methods=["POST"])
@blp.arguments(ShareCreateSchema)
@blp.response(201, ShareSchema)
@blp.doc(security=_AUTHOR)
@blp.alt_response(400, schema=ErrorSchema, description="invalid_share, version_out_of_range, too_many_shares")
@blp.alt_response(401, schema=ErrorSchema, description="no token, or a token of no seat and no player")
def create_share(body: dict, match_id: str) -> dict:
    """Make a share link to the annotated game (anyone who may annotate it may)."""
    return logic.create_share(runtime().store, match_id, _token(), body)


@blp.route("/<match_id>/shares/<share_id>")
@blp.response(200, SharedGameSchema)
@blp.doc(security=[{}])
def read_share(match_id: str, share_id: str) -> dict:
    """The shared game: the notes everyone may see, and once it is over where to replay it.
    The same answer with or without a token."""
    return logic.read_share(runtime().store, match_id, share_id)


@blp.route("/<match_id>/shares/<share_id>", methods=["DELETE"])
@blp.response(204)
@blp.doc(security=_AUTHOR)
@blp.alt_response(401, schema=ErrorSchema, description="no token, or a token of no seat and no player")
@blp.alt_response(403, schema=ErrorSchema, description="not_author: only the link's maker revokes it")
def revoke_share(match_id: str, share_id: str):
    """Revoke your share link (it answers 404 from then on)."""
    logic.revoke_share(runtime().store, match_id, share_id, _token())
    return "", 204
