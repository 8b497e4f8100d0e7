"""The production shape as real processes, for fault tests: gunicorn with
``ops/gunicorn.conf.py``, ``subspace worker`` processes, and a loopback HTTP client that
retries like a well-behaved player's client (same Idempotency-Key, honouring Retry-After).

Only loopback addresses; every process is started here and stopped here (by its pid).
"""
from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from tests.support.processes import stop
from tests.support.redis_server import free_port

ROOT = Path(__file__).resolve().parents[2]


class Gunicorn:
    """The API as deployed: ``gunicorn -c ops/gunicorn.conf.py`` on a free loopback port."""

    def __init__(self, env: dict, log_dir: Path, web_workers: int = 2, fold_mode: str = "rq"):
        self.port = free_port()
        # Rate limits off unless the test's env sets them: a load from one loopback address
        # and a few tokens is what they exist to refuse (ops/README.md).
        self.env = {"SUBSPACE_RATE_LIMITS": "off", **env, "SUBSPACE_BIND": f"127.0.0.1:{self.port}",
                    "SUBSPACE_WEB_WORKERS": str(web_workers), "SUBSPACE_FOLD_MODE": fold_mode}
        self.log = open(log_dir / "gunicorn.log", "wb")
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 60.0) -> "Gunicorn":
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "ops" / "gunicorn.conf.py")],
            env=self.env, cwd=str(ROOT), stdout=self.log, stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + timeout
        while True:
            try:
                if request(self.port, "GET", "/v1/games", timeout=2)[0] == 200:
                    return self
            except OSError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"gunicorn did not start; see {self.log.name}")
            time.sleep(0.1)

    def stop(self) -> None:
        if self.process is not None:
            stop(self.process)
        self.log.close()


class Workers:
    """A pool of ``subspace worker`` processes; ``kill_one()`` is a kill -9 and a replacement."""

    def __init__(self, env: dict, log_dir: Path, count: int = 2):
        self.env, self.log_dir, self.count = env, log_dir, count
        self.processes: list[subprocess.Popen] = []
        self.started = 0
        self.kills = 0

    def _spawn(self) -> None:
        log = open(self.log_dir / f"worker-{self.started}.log", "wb")
        self.processes.append(subprocess.Popen(
            [sys.executable, "-m", "service.cli", "worker"], env=self.env, cwd=str(ROOT), stdout=log, stderr=subprocess.STDOUT,
        ))
        log.close()
        self.started += 1

    def start(self) -> "Workers":
        while len(self.processes) < self.count:
            self._spawn()
        return self

    def kill_one(self, index: int) -> None:
        victim = self.processes.pop(index % len(self.processes))
        os.kill(victim.pid, signal.SIGKILL)
        victim.wait(timeout=10)
        self.kills += 1
        self._spawn()

    def exited(self) -> list[int]:
        """Return codes of pool members that ended on their own (none should)."""
        return [p.returncode for p in self.processes if p.poll() is not None]

    def stop(self) -> None:
        for process in self.processes:
            stop(process)


def request(port: int, method: str, path: str, body: dict | None = None, headers: dict | None = None,
            timeout: float = 30.0) -> tuple[int, dict, dict]:
    """One HTTP request on a fresh loopback connection: (status, headers, JSON body)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        payload = json.dumps(body).encode() if body is not None else None
        all_headers = {"Content-Type": "application/json", **(headers or {})} if payload else dict(headers or {})
        conn.request(method, path, body=payload, headers=all_headers)
        response = conn.getresponse()
        raw = response.read()
        data = json.loads(raw) if raw and response.getheader("Content-Type", "").startswith("application/json") else {}
        return response.status, {k.lower(): v for k, v in response.getheaders()}, data
    finally:
        conn.close()


@dataclass
class Tally:
    """What the clients saw, shared by their threads."""

    statuses: Counter = field(default_factory=Counter)
    unavailable: list[tuple[float, str, int]] = field(default_factory=list)  # (time, code, Retry-After)
    acked: list[dict] = field(default_factory=list)  # one per 201 of an action
    retries: int = 0
    transport_errors: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def saw(self, status: int, headers: dict, body: dict) -> None:
        with self.lock:
            self.statuses[status] += 1
            if status == 503:
                self.unavailable.append((time.monotonic(), body.get("error", {}).get("code"),
                                         int(headers.get("retry-after", "0"))))


class GaveUp(Exception):
    pass


def call(port: int, tally: Tally, method: str, path: str, body: dict | None = None, headers: dict | None = None,
         attempts: int = 60) -> tuple[int, dict]:
    """A client that retries 503/429 (after Retry-After, capped at 2 s) and lost replies,
    sending the same request (so the same Idempotency-Key) each time."""
    for _ in range(attempts):
        try:
            status, answer_headers, data = request(port, method, path, body, headers)
        except OSError:
            with tally.lock:
                tally.transport_errors += 1
                tally.retries += 1
            time.sleep(0.2)
            continue
        tally.saw(status, answer_headers, data)
        if status in (429, 503):
            with tally.lock:
                tally.retries += 1
            time.sleep(min(2.0, float(answer_headers.get("retry-after", "1"))))
            continue
        return status, data
    raise GaveUp(f"{method} {path}: no answer after {attempts} attempts")
