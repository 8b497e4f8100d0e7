"""``/v1/games``: the games, rulesets and starter decks a match can be created with."""
from __future__ import annotations

from flask_smorest import Blueprint

from schemas import GamesSchema

from ..games_logic import list_games

blp = Blueprint("games", __name__, url_prefix="/v1/games", description="Games, rulesets and starter decks")


@blp.route("")
@blp.response(200, GamesSchema)
def games() -> dict:
    """List the games this server runs, with their rulesets and starter decks."""
    return {"games": list_games()}
