"""Loopback load for ``tests/ops/test_long_polls_load.py`` and
``ops/bench/bench_long_polls.py``: many open long polls held on raw sockets, and the
latencies of one endpoint measured meanwhile. The server is ``fault_rig.Gunicorn``
(``gunicorn -c ops/gunicorn.conf.py``: the production server model)."""
from __future__ import annotations

import http.client
import os
import socket
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STARGATE_MATCH = {"game": "stargate", "seats": [{"name": "a", "deck": "oneil"}, {"name": "b", "deck": "apophis"}]}


def latencies(port: int, path: str, count: int) -> list[float]:
    """Seconds of ``count`` sequential GETs of ``path`` over one keep-alive connection."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    samples = []
    try:
        for _ in range(count):
            t0 = time.perf_counter()
            conn.request("GET", path)
            response = conn.getresponse()
            response.read()
            samples.append(time.perf_counter() - t0)
            assert response.status == 200, response.status
    finally:
        conn.close()
    return samples


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def open_long_polls(port: int, path: str, count: int) -> list[socket.socket]:
    """``count`` sockets each with a sent ``GET path`` whose answer nobody reads yet."""
    sockets = []
    wire = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        sock.sendall(wire)
        sockets.append(sock)
    return sockets


def close_all(sockets: list[socket.socket]) -> None:
    for sock in sockets:
        try:
            sock.close()
        except OSError:
            pass


def server_env(redis_url: str, **settings: str) -> dict[str, str]:
    """Environment for a server on ``redis_url`` that imports this checkout first."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    env["REDIS_URL"] = redis_url
    env.update(settings)
    return env
