"""The one server model: gunicorn with gevent workers, for `subspace serve` and for
production (``ops/gunicorn.conf.py`` reads its settings from here).

Why gevent: a long poll (``?wait=``) or an SSE stream spends its life waiting. On gthread
each held one of a fixed number of threads, so ~45 open waits starved every other request.
On gevent each is a parked greenlet (a few KiB); redis-py, once gevent has monkey-patched
the socket module (the gevent worker does it before loading the app), yields to the loop
on every Redis round trip, so the Flask app stays plain synchronous code. One server for
everything, rather than an async server beside the WSGI one for the streaming routes only,
keeps one codebase, one port and one set of error mappings. The price: CPU-bound work (a
fold, a redaction) runs on the loop and holds up that process's other requests meanwhile,
which is why reads are bounded (event pages read redactions recorded at fold time) and there are
several worker processes.
"""
from __future__ import annotations

import multiprocessing
import os
from typing import Any, Mapping

WORKER_CLASS = "gevent"


def gunicorn_options(environ: Mapping[str, str] | None = None, **overrides: Any) -> dict[str, Any]:
    """gunicorn settings from the environment (``SUBSPACE_BIND``, ``SUBSPACE_WEB_WORKERS``,
    ``SUBSPACE_WEB_CONNECTIONS``, ``SUBSPACE_FORWARDED_ALLOW_IPS``), then ``overrides``."""
    env = os.environ if environ is None else environ
    options: dict[str, Any] = {
        "bind": env.get("SUBSPACE_BIND", "127.0.0.1:8000"),
        "workers": int(env.get("SUBSPACE_WEB_WORKERS") or multiprocessing.cpu_count() * 2 + 1),
        "worker_class": WORKER_CLASS,
        # Open connections one worker serves at once (waits and streams included); the
        # per-client cap (SUBSPACE_MAX_OPEN_WAITS) keeps one client from taking them all.
        "worker_connections": int(env.get("SUBSPACE_WEB_CONNECTIONS") or 2000),
        # gevent workers heartbeat from their own greenlet, so a 30 s long poll or a
        # day-long stream never trips this; only a loop blocked this long does.
        "timeout": 60,
        "graceful_timeout": 30,
        "keepalive": 5,
        "max_requests": 10000,
        "max_requests_jitter": 500,
        "accesslog": "-",
        "errorlog": "-",
        "forwarded_allow_ips": env.get("SUBSPACE_FORWARDED_ALLOW_IPS", "127.0.0.1"),
        # Request limits gunicorn enforces before the app (werkzeug has none for headers): a
        # longer request line is 414, more or larger header fields 431 (in the JSON error
        # schema: service/gunicorn_errors.py). Bodies are limited by the app (413).
        "limit_request_line": 8190,
        "limit_request_fields": 100,
        "limit_request_field_size": 8190,
        "post_worker_init": freeze_after_load,
    }
    options.update(overrides)
    return options


def freeze_after_load(worker: Any = None) -> None:
    """gunicorn's ``post_worker_init``: load every game engine (its card data and indexes),
    then move everything alive into the collector's permanent generation (``gc.freeze``).

    Why: a full (generation 2) collection walks every object the process holds, and the
    engines' card data are most of them: measured in a replay loop, one such pause took
    22 ms in process (~40-70 ms in a loaded worker: the p99 of ``GET /replay``), 0.7-1 ms
    after freezing. What a worker loads later (a game's caches filled by its first
    requests) is collected as before."""
    import gc

    import rules

    for game_id in rules.available():
        try:
            rules.get_game(game_id)
        except Exception:  # noqa: BLE001 - a game that fails to load fails its own requests, not the worker
            continue
    gc.collect()
    gc.freeze()


def run(settings: Mapping[str, object], **options: Any) -> None:
    """Serve ``create_app(settings)`` with gunicorn (``gunicorn_options`` + ``options``) in
    this process, as gunicorn's master; returns when it stops (SIGTERM, SIGINT)."""
    from gunicorn.app.base import BaseApplication

    from .gunicorn_errors import install as install_json_errors

    install_json_errors()

    class SubspaceServer(BaseApplication):
        def load_config(self) -> None:
            for key, value in gunicorn_options(**options).items():
                self.cfg.set(key, value)

        def load(self):  # in each worker, after fork and gevent's monkey-patching
            from .app import create_app

            return create_app(dict(settings))

    SubspaceServer().run()
