"""Rate limits on writes, per client address and per bearer token (Flask-Limiter, counting
in the same Redis as the matches, so every API process shares one count).

Why these routes: creating a match costs tens of KiB of Redis for as long as it lives and
an action costs a validation plus an append; reads are bounded by their own caps. The
per-token limit keys on *any* bearer token (a seat token today, a player token when
players exist), hashed so no token is ever part of a Redis key. A breach answers 429
``rate_limited`` with ``Retry-After`` (``rules.errors.RateLimited``), like every other
overload, through the one error mapping in ``service/errors.py``.
"""
from __future__ import annotations

import hashlib
import time

import redis
from flask import Flask, request
from flask_limiter import Limiter
from flask_limiter import RequestLimit

from rules.errors import RateLimited
from store.connection import is_cluster, plain_url

from .auth import bearer_token
from .settings import Limits

KEY_PREFIX = "subspace:rl"  # Flask-Limiter's counters: subspace:rl/LIMITS:LIMITER/<key>/...

# endpoint -> (Limits field, key) for each limit it carries. What stores a new aggregate
# (a match, a challenge that becomes one, a player) counts as a creation; what appends to a
# running match (an action, a match-control request) counts as an action. The endpoints of
# a group share one count (the Limits field names the scope).
_CREATES = [("create_per_client", "client")]
_ACTS = [("actions_per_client", "client"), ("actions_per_token", "token")]
# a deck check stores nothing but costs a deck build; a page checks as its player types
_CHECKS = [("checks_per_client", "client")]
ENDPOINT_LIMITS: dict[str, list[tuple[str, str]]] = {
    "matches.create_match": _CREATES,
    "challenges.open_challenge": _CREATES,
    "players.register": _CREATES,
    "interchange.import_match": _CREATES,  # an import stores a match like a creation
    "forks.create_fork": _CREATES,  # so does a fork
    **{f"annotations.{verb}": _ACTS for verb in ("add_note", "edit_note", "delete_note", "create_share", "revoke_share")},
    "matches.post_action": _ACTS,
    "games.check_deck_list": _CHECKS,
    "players.vacation": _ACTS,  # appends a vacation to each of the caller's matches
    **{f"control.{verb}": _ACTS for verb in ("resign", "abort", "draw", "add_time", "vacation", "pause", "resume", "claim")},
}


def client_address() -> str:
    """The client's address (ProxyFix has already applied trusted X-Forwarded-For hops)."""
    return request.remote_addr or "unknown"


def token_key() -> str:
    token = bearer_token(request.headers) or ""
    return "token:" + hashlib.sha256(token.encode()).hexdigest()[:32]


def _no_token() -> bool:
    return not bearer_token(request.headers)


def _raise_rate_limited(limit: RequestLimit) -> None:
    retry_after = max(1, int(limit.reset_at - time.time() + 0.999))
    raise RateLimited(
        f"too many requests: at most {limit.limit} for this "
        + ("token" if "token:" in limit.key else "client")
        + f"; retry in {retry_after} s",
        retry_after=retry_after,
        details={"limit": str(limit.limit)},
    )


def install_rate_limits(app: Flask, limits: Limits, conn: redis.Redis, url: str | None = None) -> Limiter:
    """Attach a Limiter for this app (one per app: tests build several with other limits)
    and wrap the limited endpoints' view functions. Call after the blueprints are registered.

    The counts live in the service's Redis: through ``conn``'s own pool, or on a Redis
    Cluster (``url`` is ``redis+cluster://``) through the limits library's cluster storage —
    its two keys per count (this window's and the last) share a hash tag, so its script
    runs on one slot."""
    if is_cluster(conn):
        storage_uri, storage_options = plain_url(str(url)).replace("://", "+cluster://", 1), {}
    else:
        storage_uri, storage_options = "redis://", {"connection_pool": conn.connection_pool}
    limiter = Limiter(
        key_func=client_address,
        app=app,
        storage_uri=storage_uri,
        storage_options=storage_options,
        strategy="sliding-window-counter",
        key_prefix=KEY_PREFIX,
        on_breach=_raise_rate_limited,
        headers_enabled=False,
        enabled=limits.rate_limits,
    )
    keys = {"client": (client_address, None), "token": (token_key, _no_token)}
    for endpoint, wanted in ENDPOINT_LIMITS.items():
        view = app.view_functions.get(endpoint)
        if view is None:
            continue
        for field_name, key in wanted:
            key_func, exempt_when = keys[key]
            view = limiter.shared_limit(getattr(limits, field_name), scope=field_name,  # one count per group
                                        key_func=key_func, exempt_when=exempt_when)(view)
        app.view_functions[endpoint] = view
    app.extensions["subspace_limiter"] = limiter  # the wrapped views hold it only weakly
    return limiter
