"""One flask-smorest blueprint per resource: ``games``, ``matches``, ``players`` and match ``control``."""
from __future__ import annotations

from .control import blp as control_blp
from .games import blp as games_blp
from .matches import blp as matches_blp
from .players import blp as players_blp

BLUEPRINTS = (games_blp, matches_blp, players_blp, control_blp)
