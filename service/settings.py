"""Where the service's settings come from: an explicit dict (tests, the CLI) over the
environment over defaults. Resolved once, in ``create_app``, so nothing else reads the
environment behind the app's back."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Mapping

from rules.errors import InvalidRequest

from schemas.matches import MAX_WAIT_SECONDS
from store.connection import is_cluster_url

FOLD_MODES = ("rq", "inline")
DEFAULT_DATA_DIR = "./var/redis"


@dataclass(frozen=True)
class Limits:
    """What one client may cost the server (ops/README.md says what to set in production).

    Rates are Flask-Limiter strings ("20/minute;200/hour"); ``rate_limits=False`` turns the
    rate limits off (the open-wait cap and the memory reserve stay)."""

    rate_limits: bool = True
    create_per_client: str = "20/minute;200/hour"  # POST /v1/matches per client address
    actions_per_client: str = "600/minute"  # POST actions per address (a club behind one NAT)
    actions_per_token: str = "120/minute"  # POST actions per bearer token (seat or player)
    checks_per_client: str = "120/minute"  # deck checks per address (a page checks as you type)
    open_waits_per_client: int = 20  # long polls + streams one address may hold open
    stream_keepalive: float = 15.0  # seconds between SSE keep-alive comments
    store_reserve: float = 0.8  # refuse new matches above this fraction of the memory limit
    store_max_bytes: int = 0  # the memory limit; 0: Redis's own maxmemory (0 there: no check)
    redacted_events_limit: int = 100  # most events one redacted GET /events page returns
    proxy_hops: int = 0  # trusted reverse proxies in front (X-Forwarded-For hops to trust)


_LIMIT_SETTINGS = {  # environment variable -> (field, parser)
    "SUBSPACE_RATE_LIMITS": ("rate_limits", "bool"),
    "SUBSPACE_RATE_CREATE": ("create_per_client", "str"),
    "SUBSPACE_RATE_ACTIONS": ("actions_per_client", "str"),
    "SUBSPACE_RATE_ACTIONS_PER_TOKEN": ("actions_per_token", "str"),
    "SUBSPACE_RATE_CHECKS": ("checks_per_client", "str"),
    "SUBSPACE_MAX_OPEN_WAITS": ("open_waits_per_client", "int"),
    "SUBSPACE_STREAM_KEEPALIVE": ("stream_keepalive", "float"),
    "SUBSPACE_STORE_RESERVE": ("store_reserve", "float"),
    "SUBSPACE_STORE_MAX_BYTES": ("store_max_bytes", "int"),
    "SUBSPACE_REDACTED_EVENTS_LIMIT": ("redacted_events_limit", "int"),
    "SUBSPACE_PROXY_HOPS": ("proxy_hops", "int"),
}


def _parse(name: str, kind: str, raw: object) -> object:
    text = str(raw).strip()
    try:
        if kind == "bool":
            if text.lower() in ("1", "true", "yes", "on"):
                return True
            if text.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError(text)
        if kind == "int":
            value: object = int(text)
        elif kind == "float":
            value = float(text)
        else:
            from limits import parse_many

            parse_many(text)  # refuse a malformed rate at start, not at the first request
            value = text
    except ValueError:
        raise InvalidRequest(f"{name} has an invalid value {text!r}", code="invalid_setting")
    if kind in ("int", "float") and value < 0:  # type: ignore[operator]
        raise InvalidRequest(f"{name} must not be negative, not {text!r}", code="invalid_setting")
    return value


def load_limits(pick) -> Limits:
    """``Limits`` from the ``SUBSPACE_*`` names in ``_LIMIT_SETTINGS`` (unset: the default)."""
    given = {}
    for name, (attr, kind) in _LIMIT_SETTINGS.items():
        raw = pick(name)
        if raw is not None:
            given[attr] = _parse(name, kind, raw)
    return Limits(**given)


@dataclass(frozen=True)
class Settings:
    redis_url: str | None  # None: start (or attach to) the embedded Redis under data_dir
    data_dir: str
    fold_mode: str  # "rq": enqueue fold jobs; "inline": fold in the request after the append
    max_wait: float  # cap of ?wait= on GET state
    extra_games: str | None  # SUBSPACE_EXTRA_GAMES spec ("module:ATTR,..."); None: the env var's
    limits: Limits = field(default_factory=Limits)  # what one client may cost the server
    export_delay: int = 3  # SUBSPACE_EXPORT_DELAY: a live export lags the head by this many events
    judges: tuple[str, ...] = ()  # SUBSPACE_JUDGES: player ids that judge every match on this server

    @property
    def embedded(self) -> bool:
        return self.redis_url is None


def load_settings(overrides: Mapping[str, object] | None = None, environ: Mapping[str, str] | None = None) -> Settings:
    """Resolve settings from ``overrides`` (same names as the environment variables), then
    ``environ`` (default ``os.environ``), then defaults.

    The fold mode defaults to ``inline`` with the embedded Redis (the one-command dev setup
    has no worker running) and with a Redis Cluster (``redis+cluster://``: RQ cannot run
    there), and to ``rq`` with an external single Redis (production runs workers).
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
    on_cluster = is_cluster_url(str(redis_url) if redis_url is not None else None)
    fold_mode = str(pick("SUBSPACE_FOLD_MODE") or ("inline" if redis_url is None or on_cluster else "rq"))
    if fold_mode not in FOLD_MODES:
        raise InvalidRequest(
            f"SUBSPACE_FOLD_MODE must be one of {', '.join(FOLD_MODES)}, not {fold_mode!r}",
            code="invalid_setting",
        )
    if on_cluster and fold_mode == "rq":  # RQ's keys are not hash-tagged: it cannot run on a Cluster
        raise InvalidRequest("SUBSPACE_FOLD_MODE=rq needs a single Redis: RQ does not run on a Redis Cluster "
                             "(use inline)", code="invalid_setting")
    raw_wait = pick("SUBSPACE_MAX_WAIT")
    try:
        max_wait = float(raw_wait) if raw_wait is not None else float(MAX_WAIT_SECONDS)
    except (TypeError, ValueError):
        raise InvalidRequest(f"SUBSPACE_MAX_WAIT must be a number of seconds, not {raw_wait!r}", code="invalid_setting")
    max_wait = max(0.0, min(max_wait, float(MAX_WAIT_SECONDS)))
    extra = pick("SUBSPACE_EXTRA_GAMES")
    raw_delay = pick("SUBSPACE_EXPORT_DELAY")
    try:
        export_delay = int(raw_delay) if raw_delay is not None else 3
    except (TypeError, ValueError):
        raise InvalidRequest(f"SUBSPACE_EXPORT_DELAY must be a whole number of events, not {raw_delay!r}",
                             code="invalid_setting")
    return Settings(
        redis_url=str(redis_url) if redis_url is not None else None,
        data_dir=data_dir,
        fold_mode=fold_mode,
        max_wait=max_wait,
        extra_games=str(extra) if extra is not None else None,
        limits=load_limits(pick),
        export_delay=max(0, export_delay),
        judges=tuple(j.strip() for j in str(pick("SUBSPACE_JUDGES") or "").split(",") if j.strip()),
    )
