"""One flask-smorest blueprint per resource: ``games``, ``matches``, ``players``, match ``control``, ``challenges``, ``interchange`` (export/import), ``forks``, ``tournaments``, ``annotations``, ``stats`` and ``timeline``."""
from __future__ import annotations

from .annotations import blp as annotations_blp
from .challenges import blp as challenges_blp
from .control import blp as control_blp
from .forks import blp as forks_blp
from .games import blp as games_blp
from .interchange import blp as interchange_blp
from .matches import blp as matches_blp
from .players import blp as players_blp
from .stats import blp as stats_blp
from .timeline import blp as timeline_blp
from .tournaments import blp as tournaments_blp

BLUEPRINTS = (games_blp, matches_blp, players_blp, control_blp, challenges_blp, interchange_blp, forks_blp,
              tournaments_blp, annotations_blp, stats_blp, timeline_blp)
