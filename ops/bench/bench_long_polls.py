"""Benchmark: does a crowd of open long polls slow the API down? (issue 10 item 4)

Run: .venv/bin/python ops/bench/bench_long_polls.py [--waits 1000] [--samples 300] [--workers 2]

Starts a private embedded Redis and the real server (``gunicorn -c ops/gunicorn.conf.py``:
gevent workers), creates a match, then measures sequential ``GET /v1/games`` latency:
1. idle;
2. with ``--waits`` long polls open (``GET /state?min_version=<never>&wait=30`` on raw
   loopback sockets, all parked on the server: counted by their leases in Redis);
then closes those sockets and reports how long the server took to free every wait.
Numbers depend on the machine; nothing here is asserted (``tests/ops/test_long_polls_load.py``
asserts the ratio).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import redis  # noqa: E402

from store.embedded import start_embedded  # noqa: E402
from store.open_waits import OpenWaits  # noqa: E402
from tests.support.fault_rig import Gunicorn, request  # noqa: E402
from tests.support.load_rig import (  # noqa: E402
    STARGATE_MATCH, close_all, latencies, open_long_polls, percentile, server_env,
)

LOOPBACK = "127.0.0.1"


def report(label: str, samples: list[float]) -> float:
    p50, p99 = percentile(samples, 50) * 1000, percentile(samples, 99) * 1000
    print(f"{label:<44} n={len(samples)}  p50 {p50:7.2f} ms  p99 {p99:7.2f} ms  max {max(samples) * 1000:7.2f} ms")
    return p99


def wait_until(predicate, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not predicate() and time.monotonic() < deadline:
        time.sleep(0.1)
    return bool(predicate())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--waits", type=int, default=1000)
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, start_embedded(Path(tmp) / "redis") as server:
        conn = redis.Redis.from_url(server.url)
        env = server_env(server.url, SUBSPACE_MAX_OPEN_WAITS=str(args.waits + 100))
        api = Gunicorn(env, Path(tmp), web_workers=args.workers, fold_mode="inline").start()
        try:
            port = api.port
            status, _, match = request(port, "POST", "/v1/matches", STARGATE_MATCH)
            assert status == 201, match
            latencies(port, "/v1/games", 20)  # warm up every worker
            idle = report("GET /v1/games, idle", latencies(port, "/v1/games", args.samples))
            t0 = time.perf_counter()
            sockets = open_long_polls(port, f"/v1/matches/{match['match_id']}/state?min_version=999999&wait=30", args.waits)
            parked = wait_until(lambda: OpenWaits(conn).count(LOOPBACK) >= args.waits, 60)
            print(f"{args.waits} long polls open and parked: {parked} in {time.perf_counter() - t0:.2f} s")
            loaded = report(f"GET /v1/games, {args.waits} long polls open", latencies(port, "/v1/games", args.samples))
            t0 = time.perf_counter()
            close_all(sockets)
            freed = wait_until(lambda: OpenWaits(conn).count(LOOPBACK) == 0, 30)
            print(f"clients hung up: every wait freed: {freed} in {time.perf_counter() - t0:.2f} s")
            report("GET /v1/games, idle again", latencies(port, "/v1/games", args.samples))
            print(f"p99 ratio loaded / idle: {loaded / idle:.2f}")
        finally:
            api.stop()
        conn.close()


if __name__ == "__main__":
    main()
