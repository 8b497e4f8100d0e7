"""gunicorn config for ``ops/bench/run_all.py``: the production settings
(``service.server.gunicorn_options``: gevent workers, keep-alive, limits) for whichever app
``BENCH_APP`` names, bound to ``BENCH_BIND`` with ``BENCH_WORKERS`` processes and no access
log (both apps pay the same, so the ratio does not depend on it)."""
import os

from service.server import gunicorn_options

wsgi_app = os.environ["BENCH_APP"]
globals().update(gunicorn_options(bind=os.environ["BENCH_BIND"], workers=int(os.environ["BENCH_WORKERS"]),
                                  accesslog=None))
