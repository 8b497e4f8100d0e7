"""Gunicorn settings for the Subspace API: ``gunicorn -c ops/gunicorn.conf.py``.

The server model is gevent workers (``service/server.py`` says why); the settings are the
same ones `subspace serve` uses. Environment: ``SUBSPACE_BIND`` (default 127.0.0.1:8000),
``SUBSPACE_WEB_WORKERS`` (default 2 × cores + 1), ``SUBSPACE_WEB_CONNECTIONS`` (open
connections per worker, default 2000), ``REDIS_URL``. Without ``REDIS_URL`` the master
starts the embedded Redis once (data in ``SUBSPACE_DATA_DIR``, default ./var/redis) and
hands its URL to every worker (folding inline: no `subspace worker` runs for it).
"""
import os

from service.server import gunicorn_options

wsgi_app = "service.app:create_app()"
globals().update(gunicorn_options())

# Gunicorn's own refusals (malformed request, 414, 431) answer in the service's JSON error
# schema instead of gunicorn's HTML page (service/gunicorn_errors.py).
from service.gunicorn_errors import install as _install_json_errors  # noqa: E402

_install_json_errors()

_embedded = None


def on_starting(server):
    """Master only: start the embedded Redis when no REDIS_URL is configured."""
    global _embedded
    if not os.environ.get("REDIS_URL"):
        from store.embedded import start_embedded

        _embedded = start_embedded(os.environ.get("SUBSPACE_DATA_DIR", "var/redis"))
        os.environ["REDIS_URL"] = _embedded.url
        os.environ.setdefault("SUBSPACE_FOLD_MODE", "inline")
        server.log.info("embedded redis at %s", _embedded.url)


def on_exit(server):
    if _embedded is not None:
        _embedded.stop()
