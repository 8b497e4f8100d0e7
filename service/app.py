"""The Flask app factory.

``create_app(settings)`` resolves settings (``service.settings``), connects to Redis (or
starts the embedded one), loads extra games (``SUBSPACE_EXTRA_GAMES``), registers the
blueprints and the one error mapping, and serves the OpenAPI document generated from
``schemas/`` at ``/openapi.json``.
"""
from __future__ import annotations

from typing import Mapping

from flask import Flask
from flask_smorest import Api

from schemas import ErrorSchema
from store.plugins import load_extra_games

from .blueprints import BLUEPRINTS
from .errors import register_error_handlers
from .openapi_errors import CommonErrorsPlugin
from .limits import install_rate_limits
from .runtime import Runtime
from .web_pages import blp as web_pages
from .settings import load_settings

API_VERSION = "1"
MAX_BODY_BYTES = 1 << 20  # a deck list is a few KB; anything near this is not a request


class SubspaceApi(Api):
    """flask-smorest's Api with our error body (documented and produced) instead of its own."""

    ERROR_SCHEMA = ErrorSchema
    # No catch-all "default" response: every status is documented (service/openapi_errors.py).
    DEFAULT_ERROR_RESPONSE_NAME = None

    def _register_error_handlers(self) -> None:
        register_error_handlers(self._app)


def create_app(settings: Mapping[str, object] | None = None) -> Flask:
    """Build the app. ``settings`` overrides the environment (same names: ``REDIS_URL``,
    ``SUBSPACE_DATA_DIR``, ``SUBSPACE_FOLD_MODE``, ``SUBSPACE_MAX_WAIT``,
    ``SUBSPACE_EXTRA_GAMES``); other keys go to Flask's config (e.g. ``TESTING``)."""
    resolved = load_settings(settings)
    load_extra_games(resolved.extra_games)
    app = Flask(__name__)
    app.json.sort_keys = False  # keep the schemas' field order: bodies read top-down
    app.config.update(
        API_TITLE="Subspace",
        API_VERSION=API_VERSION,
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
    )
    for key, value in (settings or {}).items():
        if key.isupper() and not key.startswith(("REDIS_", "SUBSPACE_")):
            app.config[key] = value
    rt = Runtime.start(resolved)
    app.extensions["subspace"] = rt
    api = SubspaceApi(
        app,
        spec_kwargs={
            "extra_plugins": [CommonErrorsPlugin()],
            "info": {
                "description": "Event-sourced match service. Seats authenticate with the bearer "
                "token returned when the match is created; requests without a token read as a spectator."
            }
        },
    )
    api.spec.components.security_scheme("seatToken", {"type": "http", "scheme": "bearer"})
    api.spec.components.security_scheme(
        "playerToken", {"type": "http", "scheme": "bearer", "description": "a registered player's token (POST /v1/players)"}
    )
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
    app.register_blueprint(web_pages)  # the web table's pages: files, not API operations
    install_rate_limits(app, resolved.limits, rt.conn, rt.redis_url)
    if resolved.limits.proxy_hops:
        from werkzeug.middleware.proxy_fix import ProxyFix

        hops = resolved.limits.proxy_hops
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)  # type: ignore[method-assign]
    return app
