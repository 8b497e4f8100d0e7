"""``/v1/games``: the games, rulesets and starter decks a match can be created with, each
game's card catalogue (the printed face of every card a view names by key), and a deck
check (a deck list judged by the game's construction rules, as a page checks it while the
player types)."""
from __future__ import annotations

from flask import Response, request

from schemas import (
    CardCatalogueQuerySchema,
    CardCatalogueSchema,
    CardSchema,
    DeckCheckedSchema,
    DeckCheckSchema,
    ErrorSchema,
    GamesSchema,
)

from .. import catalogue_logic as cat
from ..games_logic import check_deck, list_games
from ..request_parsing import Blueprint

blp = Blueprint("games", __name__, url_prefix="/v1/games", description="Games, rulesets, starter decks, card catalogues")

# public definitions that change only with a deploy: clients may keep them, revalidating by ETag
_CACHE_CONTROL = "public, max-age=3600"


def _cached(body: bytes, etag: str) -> Response:
    response = Response(body, mimetype="application/json")
    response.set_etag(etag)
    response.headers["Cache-Control"] = _CACHE_CONTROL
    return response.make_conditional(request)


@blp.route("")
@blp.response(200, GamesSchema)
def games() -> dict:
    """List the games this server runs, with their rulesets and starter decks."""
    return {"games": list_games()}


@blp.route("/<game_id>/cards")
@blp.arguments(CardCatalogueQuerySchema, location="query")
@blp.response(200, CardCatalogueSchema)
@blp.alt_response(304, description="not modified (If-None-Match matched the ETag)")
@blp.alt_response(404, schema=ErrorSchema, description="card_not_found (details.unknown) or no_card_catalogue")
def card_catalogue(query: dict, game_id: str) -> Response:
    """The game's card catalogue (or the cards named by ``keys``): title, type, cost,
    numbers, requirements, rendered text. Public definitions only; cacheable by ETag."""
    keys = cat.split_keys(query.get("keys"))
    return _cached(*(cat.whole_catalogue(game_id) if keys is None else cat.some_cards(game_id, keys)))


@blp.route("/<game_id>/cards/<path:key>")
@blp.response(200, CardSchema)
@blp.alt_response(304, description="not modified (If-None-Match matched the ETag)")
@blp.alt_response(404, schema=ErrorSchema, description="card_not_found or no_card_catalogue")
def card(game_id: str, key: str) -> Response:
    """One card's printed face by its definition key (the key a view's card carries)."""
    return _cached(*cat.one_card(game_id, key))


@blp.route("/<game_id>/decks/check", methods=["POST"])
@blp.arguments(DeckCheckSchema)
@blp.response(200, DeckCheckedSchema)
@blp.alt_response(400, schema=ErrorSchema, description="malformed request, unknown game or ruleset; "
                  "deck_list_unreadable (details: every line of 'text' that names no card, with its line number)")
@blp.alt_response(429, schema=ErrorSchema, description="rate_limited (Retry-After): too many checks from this client")
def check_deck_list(body: dict, game_id: str) -> dict:
    """Judge a deck by the game's construction rules without creating anything: ``valid``
    and every violation (the list a challenge or a match would refuse it with). The deck
    is posted as ``deck`` (the game's deck format) or as ``text``, a plain-text deck list
    as players keep it; then the answer also carries the ``deck`` the list names, to post
    with a challenge. Reads only the game's rules and card pool: it says nothing about any
    match or player."""
    return check_deck(game_id, body.get("ruleset"), body["seats"], body.get("deck"), body.get("text"))
