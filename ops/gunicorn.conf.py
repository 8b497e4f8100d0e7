"""Gunicorn settings for the Subspace API: ``gunicorn -c ops/gunicorn.conf.py``.

Environment: ``SUBSPACE_BIND`` (default 127.0.0.1:8000), ``SUBSPACE_WEB_WORKERS`` (default
2 × cores + 1), ``SUBSPACE_WEB_THREADS`` (default 8), ``REDIS_URL``. Without ``REDIS_URL``
the master starts the embedded Redis once (data in ``SUBSPACE_DATA_DIR``, default
./var/redis) and hands its URL to every worker, so workers never race to start one.
"""
import multiprocessing
import os

wsgi_app = "service.app:create_app()"
bind = os.environ.get("SUBSPACE_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("SUBSPACE_WEB_WORKERS", multiprocessing.cpu_count() * 2 + 1))
# Threads: GET /state?wait=S blocks a thread on XREAD for up to S seconds; with plain
# sync workers a few long-polls would starve every other request.
worker_class = "gthread"
threads = int(os.environ.get("SUBSPACE_WEB_THREADS", "8"))
timeout = 60
graceful_timeout = 30
keepalive = 5
max_requests = 10000
max_requests_jitter = 500
accesslog = "-"
errorlog = "-"
forwarded_allow_ips = os.environ.get("SUBSPACE_FORWARDED_ALLOW_IPS", "127.0.0.1")
# Request limits gunicorn enforces before the app (werkzeug has none for headers): a longer
# request line is 414, more or larger header fields 431. Bodies are limited by the app
# (MAX_CONTENT_LENGTH, 413). 8190 is gunicorn's ceiling for the line; a URL here is short.
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190

# Those refusals (and gunicorn's 400 for a malformed request) answer in the service's JSON
# error schema instead of gunicorn's HTML page (service/gunicorn_errors.py).
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
        server.log.info("embedded redis at %s", _embedded.url)


def on_exit(server):
    if _embedded is not None:
        _embedded.stop()
