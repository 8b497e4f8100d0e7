"""Extra games loaded from the environment, for processes the tests (or operators) start.

``rules/`` must stay pure (no environment reads), so the hook lives here: workers and the
service call ``load_extra_games()`` at start, and a test can hand a subprocess
``SUBSPACE_EXTRA_GAMES="tests.support.tinygame:GAME"`` (comma-separated ``module:attr``).
"""
from __future__ import annotations

import importlib
import os

import rules
from rules.errors import InvalidRequest

ENV_VAR = "SUBSPACE_EXTRA_GAMES"


def load_extra_games(spec: str | None = None) -> list[str]:
    """Import and ``rules.register`` every ``module:attr`` in ``spec`` (default: the env var).

    Returns the registered game ids. A malformed entry raises ``InvalidRequest`` naming it.
    """
    spec = os.environ.get(ENV_VAR, "") if spec is None else spec
    ids = []
    for entry in filter(None, (part.strip() for part in spec.split(","))):
        module, sep, attr = entry.partition(":")
        if not sep or not module or not attr:
            raise InvalidRequest(f"{ENV_VAR} entry '{entry}' must look like 'package.module:ATTR'")
        game = getattr(importlib.import_module(module), attr)
        rules.register(game)
        ids.append(game.id)
    return ids
