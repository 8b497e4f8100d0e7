"""One flask-smorest blueprint per resource: ``games`` and ``matches``."""
from __future__ import annotations

from .games import blp as games_blp
from .matches import blp as matches_blp

BLUEPRINTS = (games_blp, matches_blp)
