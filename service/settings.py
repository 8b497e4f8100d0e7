"""Where the service's settings come from: an explicit dict (tests, the CLI) over the
environment over defaults. Resolved once, in ``create_app``, so nothing else reads the
environment behind the app's back."""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Mapping

from rules.errors import InvalidRequest

from schemas.matches import MAX_WAIT_SECONDS

FOLD_MODES = ("rq", "inline")
DEFAULT_DATA_DIR = "./var/redis"


@dataclass(frozen=True)
class Settings:
    redis_url: str | None  # None: start (or attach to) the embedded Redis under data_dir
    data_dir: str
    fold_mode: str  # "rq": enqueue fold jobs; "inline": fold in the request after the append
    max_wait: float  # cap of ?wait= on GET state
    extra_games: str | None  # SUBSPACE_EXTRA_GAMES spec ("module:ATTR,..."); None: the env var's

    @property
    def embedded(self) -> bool:
        return self.redis_url is None


def load_settings(overrides: Mapping[str, object] | None = None, environ: Mapping[str, str] | None = None) -> Settings:
    """Resolve settings from ``overrides`` (same names as the environment variables), then
    ``environ`` (default ``os.environ``), then defaults.

    The fold mode defaults to ``inline`` with the embedded Redis (the one-command dev setup
    has no worker running) and to ``rq`` with an external Redis (production runs workers).
    """
    env = os.environ if environ is None else environ
    given = dict(overrides or {})

    def pick(name: str) -> object | None:
        if name in given:
            return given[name]
        value = env.get(name)
        return value if value not in (None, "") else None

    redis_url = pick("REDIS_URL")
    data_dir = str(pick("SUBSPACE_DATA_DIR") or DEFAULT_DATA_DIR)
    fold_mode = str(pick("SUBSPACE_FOLD_MODE") or ("inline" if redis_url is None else "rq"))
    if fold_mode not in FOLD_MODES:
        raise InvalidRequest(
            f"SUBSPACE_FOLD_MODE must be one of {', '.join(FOLD_MODES)}, not {fold_mode!r}",
            code="invalid_setting",
        )
    raw_wait = pick("SUBSPACE_MAX_WAIT")
    try:
        max_wait = float(raw_wait) if raw_wait is not None else float(MAX_WAIT_SECONDS)
    except (TypeError, ValueError):
        raise InvalidRequest(f"SUBSPACE_MAX_WAIT must be a number of seconds, not {raw_wait!r}", code="invalid_setting")
    max_wait = max(0.0, min(max_wait, float(MAX_WAIT_SECONDS)))
    extra = pick("SUBSPACE_EXTRA_GAMES")
    return Settings(
        redis_url=str(redis_url) if redis_url is not None else None,
        data_dir=data_dir,
        fold_mode=fold_mode,
        max_wait=max_wait,
        extra_games=str(extra) if extra is not None else None,
    )
