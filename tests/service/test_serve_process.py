"""``subspace serve`` as a real process: embedded Redis by default, stopped on SIGTERM."""
from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import redis

from store.embedded import _socket_path
from tests.support.processes import stop

SUBSPACE = str(Path(sys.executable).with_name("subspace"))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get_json(url: str, timeout: float = 30.0) -> dict:
    """Retries until the server answers; the timeout only bounds a hung test."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return json.loads(response.read())
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _shutdown_if_running(url: str) -> None:
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).shutdown(nosave=True)
    except (redis.ConnectionError, OSError):
        pass


def start_serve(tmp_path, subprocess_env: dict):
    """``subspace serve`` on a free port with its embedded Redis under ``tmp_path``:
    (process, port, the Redis URL)."""
    env = {k: v for k, v in subprocess_env.items() if k != "REDIS_URL"}
    data = tmp_path / "redis"
    port = _free_port()
    proc = subprocess.Popen([SUBSPACE, "serve", "--port", str(port), "--data-dir", str(data)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return proc, port, f"unix://{_socket_path(data.resolve())}"


def test_serve_runs_on_embedded_redis_and_sigterm_stops_it(tmp_path, subprocess_env):
    proc, port, url = start_serve(tmp_path, subprocess_env)
    try:
        games = _get_json(f"http://127.0.0.1:{port}/v1/games")
        assert "highcard" in {g["id"] for g in games["games"]}
        appendonly = redis.Redis.from_url(url).config_get("appendonly")["appendonly"]
        assert appendonly in ("yes", b"yes")
        proc.send_signal(signal.SIGTERM)
        output, _ = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:  # a failed assertion above: stop it the clean way first
            stop(proc)
            _shutdown_if_running(url)
    assert proc.returncode == 0, output
    assert f"http://127.0.0.1:{port}/" in output
    try:
        alive = redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except (redis.ConnectionError, OSError):
        alive = False
    assert not alive, "the embedded Redis outlived `subspace serve`"
