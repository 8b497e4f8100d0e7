"""ops/redis.conf is a config the bundled Redis accepts, with the durability it promises."""
from __future__ import annotations

import subprocess
import time
from pathlib import Path

import redis

from store.embedded import redis_server_binary

CONF = Path(__file__).resolve().parents[2] / "ops" / "redis.conf"


def test_ops_redis_conf_loads_and_is_durable_without_eviction(tmp_path):
    sock = tmp_path / "r.sock"
    # `dir` is applied (chdir) while the file is read, before command-line overrides:
    # point it at the temp folder in a copy; everything else is the file as shipped.
    text = "\n".join(f"dir {tmp_path}" if line.startswith("dir ") else line for line in CONF.read_text().splitlines())
    conf = tmp_path / "redis.conf"
    conf.write_text(text + "\n")
    proc = subprocess.Popen(
        [redis_server_binary(), str(conf), "--dir", str(tmp_path), "--port", "0", "--unixsocket", str(sock),
         "--supervised", "no", "--logfile", str(tmp_path / "log")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        client = redis.Redis(unix_socket_path=str(sock))
        deadline = time.monotonic() + 15
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                assert proc.poll() is None, (tmp_path / "log").read_text()
                assert time.monotonic() < deadline, "redis did not start with ops/redis.conf"
                time.sleep(0.02)
        config = client.config_get("*")
        assert config["appendonly"] == "yes"
        assert config["appendfsync"] == "everysec"
        assert config["maxmemory-policy"] == "noeviction"
        client.shutdown(nosave=True)
    except redis.ConnectionError:
        pass
    finally:
        if proc.poll() is None:
            proc.terminate()
        proc.wait(timeout=15)
