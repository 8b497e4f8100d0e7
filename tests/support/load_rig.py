"""A real API server (gunicorn with ops/gunicorn.conf.py: the production server model) and
loopback clients for load tests and ``ops/bench/bench_long_polls.py``: many open long polls
held on raw sockets, and latencies of one endpoint measured meanwhile."""
from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = str(Path(sys.executable).with_name("gunicorn"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_until_up(port: int, proc: subprocess.Popen, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {proc.returncode}")
        try:
            status, _ = request(port, "GET", "/v1/games")
            if status == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError("gunicorn did not answer in time")


@contextmanager
def gunicorn_server(env: dict[str, str], workers: int = 2, log_path: Path | None = None) -> Iterator[int]:
    """``gunicorn -c ops/gunicorn.conf.py`` on a free loopback port (yields the port); the
    environment chooses Redis and the limits. Stopped with SIGTERM (then SIGKILL) at exit."""
    port = free_port()
    env = {**env, "SUBSPACE_BIND": f"127.0.0.1:{port}", "SUBSPACE_WEB_WORKERS": str(workers)}
    log = open(log_path, "wb") if log_path else subprocess.DEVNULL
    proc = subprocess.Popen([GUNICORN, "-c", str(ROOT / "ops" / "gunicorn.conf.py")], cwd=ROOT, env=env,
                            stdout=log, stderr=log)
    try:
        _wait_until_up(port, proc)
        yield port
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if log_path:
            log.close()  # type: ignore[union-attr]


def request(port: int, method: str, path: str, body: dict | None = None, headers: dict | None = None) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        payload = json.dumps(body) if body is not None else None
        conn.request(method, path, body=payload, headers={"Content-Type": "application/json", **(headers or {})})
        response = conn.getresponse()
        raw = response.read()
        return response.status, (json.loads(raw) if raw else {})
    finally:
        conn.close()


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


def wait_until(predicate, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return predicate()


def subprocess_env(redis_url: str, **settings: str) -> dict[str, str]:
    """Environment for a server on ``redis_url`` that sees this checkout first."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    env["REDIS_URL"] = redis_url
    env.update(settings)
    return env
