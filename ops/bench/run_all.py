"""The one benchmark command (issue 13 item 6): ``.venv/bin/python ops/bench/run_all.py [--quick]``.

Prints, on this machine, in one run:

1. **POST ratio.** The reference minimal validated append (``ops/bench/reference_app.py``)
   and the real ``POST /v1/matches/<id>/actions`` served by the same gunicorn settings
   (``service.server.gunicorn_options``, ``--workers`` processes, gevent) on one embedded
   Redis, driven by the same loopback load generator (``--threads`` keep-alive connections,
   each playing its own match), in alternating rounds: requests/s, p50, p99 and the ratios
   real ÷ reference. The real actions are legal: the bench reads each match's seed and
   config from Redis (it is the operator here) and plays a random legal game locally, so
   the load phase is POSTs only. Folding is inline (``SUBSPACE_FOLD_MODE=inline``).
2. **Fold rate** of each game's recorded random games (``bench_fold.bench_real_games``).
3. **State at a version over HTTP**: ``GET /replay?at=<random v>`` on a long finished
   (archived) recorded match of each game and on the same game still running (without its
   last event), p50 / p99, and the server's CPU time per read (its workers' user + system
   time: on a loaded machine wall time mostly measures the wait for a core)
   (``bench_storage_and_replay``).
4. **Bytes per finished match** of each game (Redis ``MEMORY USAGE`` of every key of a
   finished 2-player match: its stream's last entry, meta, projection, the archive of its
   log and kept snapshots, and any snapshot or redaction left: none once archived).
5. **game.view** CPU time per game over the states of a recorded game, every viewer (each
   seat, the spectator, the judge), each state freshly decoded (``bench_view.time_views``),
   p50 / p99; ``bench_view.py`` also times the golden replays and the reference (old) view.
6. **One node vs a cluster**: the real POST path on the embedded Redis and on a local
   three-master Redis Cluster (``tests/support/redis_cluster.py``), actions/s and p99.
7. **validate** CPU time per posted action of each game's recorded games, the enumerating
   way (every legal action listed and searched) and the game's checker
   (``bench_validate.bench_validate``).

Everything runs on loopback and a private embedded Redis; nothing is asserted. Bounded:
every load round stops after ``--seconds``.
"""
from __future__ import annotations

import argparse
import http.client
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "ops" / "bench"))

import orjson  # noqa: E402

import rules  # noqa: E402
from store import MatchStore, keys  # noqa: E402
from store.embedded import start_embedded  # noqa: E402

REAL_APP = "service.app:create_app()"
REFERENCE_APP = "reference_app:create_app()"


# ---- servers ------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """One gunicorn master serving ``app`` on a free loopback port, stopped on exit."""

    def __init__(self, app: str, redis_url: str, workers: int):
        self.port = free_port()
        env = {**os.environ, "BENCH_APP": app, "BENCH_BIND": f"127.0.0.1:{self.port}", "BENCH_WORKERS": str(workers),
               "REDIS_URL": redis_url, "SUBSPACE_FOLD_MODE": "inline", "SUBSPACE_RATE_LIMITS": "0",
               "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'ops' / 'bench'}"}
        gunicorn = str(Path(sys.executable).with_name("gunicorn"))
        self.proc = subprocess.Popen([gunicorn, "-c", str(ROOT / "ops" / "bench" / "gunicorn_bench.py")], env=env,
                                     cwd=str(ROOT), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"{app} did not start")

    def cpu_seconds(self) -> float:
        """User + system CPU seconds used so far by the worker processes (children of the
        master): a figure the load of other processes on the machine does not inflate as
        much as wall time."""
        total = 0.0
        try:
            children = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text().split()
        except OSError:
            return float("nan")
        for pid in children:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime
        return total

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def http_json(port: int, method: str, path: str, body: object = None, token: str | None = None) -> tuple[int, object]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        conn.request(method, path, body=None if body is None else orjson.dumps(body), headers=headers)
        response = conn.getresponse()
        return response.status, orjson.loads(response.read() or b"null")
    finally:
        conn.close()


# ---- load generator -----------------------------------------------------------------------
@dataclass
class Request:
    path: str
    body: bytes
    headers: dict


@dataclass
class LoadResult:
    ok: int
    errors: int
    seconds: float
    latencies: list[float]

    @property
    def rate(self) -> float:
        return self.ok / self.seconds if self.seconds else 0.0

    def pct(self, q: float) -> float:
        lat = sorted(self.latencies)
        return lat[min(len(lat) - 1, int(q * len(lat)))] * 1000 if lat else float("nan")


def run_load(port: int, plans: list[list[Request]], seconds: float, warmup: int = 3) -> LoadResult:
    """One thread per plan, each on one keep-alive connection, sending its requests in order
    (each waits for the previous answer) until the plan or ``seconds`` runs out. The first
    ``warmup`` requests of each thread are not counted."""
    lock = threading.Lock()
    latencies: list[float] = []
    counts = {"ok": 0, "errors": 0}
    start_gate = threading.Barrier(len(plans) + 1)
    stop_at = [0.0]

    def worker(plan: list[Request]) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        mine, ok, bad = [], 0, 0
        for i, req in enumerate(plan):
            if i == warmup:
                start_gate.wait()
            if i >= warmup and time.monotonic() > stop_at[0]:
                break
            t0 = time.perf_counter()
            conn.request("POST", req.path, body=req.body, headers=req.headers)
            response = conn.getresponse()
            response.read()
            if i >= warmup:
                mine.append(time.perf_counter() - t0)
                ok, bad = (ok + 1, bad) if response.status == 201 else (ok, bad + 1)
        else:
            if len(plan) <= warmup:
                start_gate.wait()
        conn.close()
        with lock:
            latencies.extend(mine)
            counts["ok"] += ok
            counts["errors"] += bad

    threads = [threading.Thread(target=worker, args=(p,), daemon=True) for p in plans]
    stop_at[0] = time.monotonic() + 3600
    for t in threads:
        t.start()
    start_gate.wait()
    t0 = time.monotonic()
    stop_at[0] = t0 + seconds
    for t in threads:
        t.join(timeout=seconds + 120)
    return LoadResult(counts["ok"], counts["errors"], time.monotonic() - t0, latencies)


# ---- recorded games -----------------------------------------------------------------------
def real_games() -> list[rules.protocol.Game]:
    return [rules.get_game(g) for g in rules.available() if rules.get_game(g).starter_decks()]


def seats_of(game) -> list[dict]:
    decks = [d["id"] for d in game.starter_decks()][:2]
    return [{"name": "a", "deck": decks[0]}, {"name": "b", "deck": decks[-1]}]


def play_locally(game, config: dict, seed: str, pick: random.Random, limit: int) -> tuple[list[dict], list]:
    """A random legal game from ``setup(config, seed)``: (events without v/ts, states after each)."""
    state = game.setup(config, seed)
    events, states = [], [state]
    while game.outcome(state) is None and len(events) < limit:
        seat = game.deciding_seats(state)[0]
        event = {"type": "action", "seat": seat, "payload": pick.choice(game.legal_actions(state, seat))}
        state = game.apply(orjson.loads(orjson.dumps(state)), {**event, "v": len(events) + 1})
        events.append(event)
        states.append(state)
    return events, states


def post_plans(port: int, store: MatchStore, game, count: int, actions: int, seed: int) -> tuple[list[list[Request]], list]:
    """``count`` new matches (over HTTP) and, for each, the POSTs of its next ``actions``
    legal actions; also the states, for the reference app's state of the same size."""
    plans, states = [], []
    pick = random.Random(seed)
    for _ in range(count):
        status, created = http_json(port, "POST", "/v1/matches", {"game": game.id, "seats": seats_of(game)})
        if status != 201:
            raise RuntimeError(f"create failed: {status} {created}")
        meta = store.get_meta(created["match_id"])
        tokens = [s["token"] for s in created["seats"]]
        events, game_states = play_locally(game, meta["config"], meta["seed"], pick, actions)
        states.append(game_states[0])
        plans.append([
            Request(f"/v1/matches/{created['match_id']}/actions",
                    orjson.dumps({"expected_version": v, "action": e["payload"]}),
                    {"Content-Type": "application/json", "Authorization": f"Bearer {tokens[e['seat']]}"})
            for v, e in enumerate(events)
        ])
    return plans, states


def reference_plans(store: MatchStore, real: list[list[Request]], states: list, round_no: int) -> list[list[Request]]:
    """The same bodies against the reference app, each thread on its own state key holding
    a real game state (the issue's "20 KB state read")."""
    from reference_app import state_key

    plans = []
    for i, (plan, state) in enumerate(zip(real, states)):
        match_id = f"r{round_no}-{i}"
        store.conn.hset(state_key(match_id), mapping={"state": orjson.dumps(state), "version": 0})
        plans.append([Request(f"/ref/{match_id}", r.body, {"Content-Type": "application/json"}) for r in plan])
    return plans


def finished_match(store: MatchStore, game, seed: str, limit: int = 5000, *, live: bool = False) -> tuple[str, int]:
    """A recorded random game stored as the service stores it: created by
    ``matches_logic.create_match`` and then every event appended and folded one POST at a
    time (``workers.fold_pending``), the final one marking it finished like a POST does.
    ``live``: the same game without its last event, so it is still running (snapshots and
    digests in Redis, no archive)."""
    from service.matches_logic import create_match
    from workers import fold_pending

    created = create_match(store, game.id, None, seats_of(game))
    match_id = created["match_id"]
    meta = store.get_meta(match_id)
    events, _ = play_locally(game, meta["config"], meta["seed"], random.Random(seed), limit)
    if live:
        events = events[:-1]
    for v, event in enumerate(events):
        store.append(match_id, v, event)
        fold_pending(store.conn, match_id)
    finish = getattr(sys.modules.get("service.matches_logic"), "finish_match", None)
    if finish is not None and not live:
        finish(store, match_id, game.outcome(store.load_projection(match_id)[1]), len(events))
    return match_id, len(events)


def match_bytes(store: MatchStore, match_id: str) -> dict[str, int]:
    """``MEMORY USAGE`` of every key a finished match keeps (docs/contracts.md: storage layout)."""
    parts = {"events": keys.events(match_id), "meta": keys.meta(match_id), "proj": keys.projection(match_id),
             "snap": keys.snapshots(match_id), "archive": keys.archive(match_id),
             "redactions": keys.redactions(match_id)}
    return {name: int(store.conn.memory_usage(key, samples=0) or 0) for name, key in parts.items()}


# ---- report -------------------------------------------------------------------------------
def ms(seconds: list[float], q: float) -> float:
    s = sorted(seconds)
    return s[min(len(s) - 1, int(q * len(s)))] * 1000


def bench_posts(args, store: MatchStore, url: str) -> None:
    game = rules.get_game(args.game)
    print(f"== POST: reference vs real ({game.title}), {args.workers} gevent workers, {args.threads} threads, "
          f"{args.rounds} round(s) of {args.seconds:.0f}s each")
    ref_server, real_server = Server(REFERENCE_APP, url, args.workers), Server(REAL_APP, url, args.workers)
    try:
        rows = []
        for round_no in range(args.rounds):
            plans, states = post_plans(real_server.port, store, game, args.threads, args.actions, round_no)
            ref = run_load(ref_server.port, reference_plans(store, plans, states, round_no), args.seconds)
            real = run_load(real_server.port, plans, args.seconds)
            rows.append((ref, real))
            print(f"round {round_no + 1}: reference {ref.rate:7.0f} req/s p50 {ref.pct(.5):6.1f} ms p99 {ref.pct(.99):6.1f} ms"
                  f" ({ref.errors} errors) | real {real.rate:7.0f} req/s p50 {real.pct(.5):6.1f} ms"
                  f" p99 {real.pct(.99):6.1f} ms ({real.errors} errors)")
        med = statistics.median
        rate = med(b.rate / a.rate for a, b in rows)
        p50 = med(b.pct(.5) / a.pct(.5) for a, b in rows)
        p99 = med(b.pct(.99) / a.pct(.99) for a, b in rows)
        print(f"RATIO real/reference (median of rounds): rate {rate:.2f}x, p50 {p50:.2f}x, p99 {p99:.2f}x "
              f"(goal: rate >= 0.8x, p99 <= 2x)")
    finally:
        ref_server.stop()
        real_server.stop()


def bench_cluster(args, store: MatchStore, url: str) -> None:
    """The real POST path on one Redis node vs a local three-master Redis Cluster (issue 13
    item 7): the same gunicorn settings and load, rounds alternating between the two."""
    from tests.support.redis_cluster import RedisClusterNodes

    game = rules.get_game(args.game)
    print(f"== POST: one Redis node vs a three-master Redis Cluster ({game.title}), {args.workers} gevent workers, "
          f"{args.threads} threads, {args.rounds} round(s) of {args.seconds:.0f}s each")
    with tempfile.TemporaryDirectory() as tmp, RedisClusterNodes(Path(tmp)) as nodes:
        cluster_store = MatchStore.from_url(nodes.url)
        single, cluster = Server(REAL_APP, url, args.workers), Server(REAL_APP, nodes.url, args.workers)
        try:
            rows = []
            for round_no in range(args.rounds):
                one = run_load(single.port, post_plans(single.port, store, game, args.threads, args.actions,
                                                       100 + round_no)[0], args.seconds)
                three = run_load(cluster.port, post_plans(cluster.port, cluster_store, game, args.threads, args.actions,
                                                          100 + round_no)[0], args.seconds)
                rows.append((one, three))
                print(f"round {round_no + 1}: one node {one.rate:7.0f} actions/s p50 {one.pct(.5):6.1f} ms p99 "
                      f"{one.pct(.99):6.1f} ms ({one.errors} errors) | cluster {three.rate:7.0f} actions/s p50 "
                      f"{three.pct(.5):6.1f} ms p99 {three.pct(.99):6.1f} ms ({three.errors} errors)")
            print(f"RATIO cluster/one node (median of rounds): rate "
                  f"{statistics.median(b.rate / a.rate for a, b in rows):.2f}x, p99 "
                  f"{statistics.median(b.pct(.99) / a.pct(.99) for a, b in rows):.2f}x (the same 2 cores serve both: "
                  "a cluster adds capacity only with more machines; this shows what its routing costs)")
        finally:
            single.stop()
            cluster.stop()


def replay_latencies(port: int, match_id: str, n: int, count: int, seed: int) -> list[float]:
    """``count`` reads of ``GET /replay?at=<random version in 0..n>`` (as a spectator, who
    sees the judge's view once a match is over and the spectator's while it runs), each on a
    new connection like a browser's replay slider; seconds each."""
    pick = random.Random(seed)
    lat = []
    for _ in range(count):
        t0 = time.perf_counter()
        status, _ = http_json(port, "GET", f"/v1/matches/{match_id}/replay?at={pick.randint(0, n)}")
        lat.append(time.perf_counter() - t0)
        if status != 200:
            raise RuntimeError(f"replay answered {status}")
    return lat


def bench_storage_and_replay(args, store: MatchStore, url: str) -> None:
    """Per game: a long finished (archived) match and a long live one (the same recorded game
    without its last event). The server's workers first answer a few reads of the live match
    (loading the engine and its catalogues is not what is measured), then ``--replays``
    random versions of the finished match and of the live one are read over HTTP. Every read
    of the finished match counts, its first in each worker process too (it loads the
    archive: ``store.archive``'s cache)."""
    print("== long 2-player match per game: bytes in Redis when finished, state at a version over HTTP "
          f"(finished and live, {args.replays} random versions each), game.view")
    from bench_view import time_views

    server = Server(REAL_APP, url, args.workers)
    try:
        for game in real_games():
            match_id, n = finished_match(store, game, f"bench-{game.id}", args.game_limit)
            live_id, live_n = finished_match(store, game, f"bench-{game.id}", args.game_limit, live=True)
            sizes = match_bytes(store, match_id)
            total = sum(sizes.values())
            detail = ", ".join(f"{k} {v / 1024:.1f}" for k, v in sizes.items())
            replay_latencies(server.port, live_id, live_n, 4 * args.workers, 0)  # warm the engine, not the archive
            cpu0 = server.cpu_seconds()
            lat = replay_latencies(server.port, match_id, n, args.replays, 1)
            cpu1 = server.cpu_seconds()
            live = replay_latencies(server.port, live_id, live_n, args.replays, 2)
            cpu2 = server.cpu_seconds()
            _, states = play_locally(game, store.get_meta(match_id)["config"], store.get_meta(match_id)["seed"],
                                     random.Random(f"bench-{game.id}"), min(n, 300))
            # CPU time of every viewer's view of each state, freshly decoded (bench_view.py)
            view = [t / 1e6 for ts in time_views(game.view, states).values() for t in ts]
            print(f"{game.title}: {n} events; finished {total / 1024:.1f} KiB ({detail} KiB); "
                  f"state at version over HTTP: finished p50 {ms(lat, .5):.1f} ms p99 {ms(lat, .99):.1f} ms "
                  f"(server CPU {(cpu1 - cpu0) / len(lat) * 1000:.1f} ms/read), "
                  f"live p50 {ms(live, .5):.1f} ms p99 {ms(live, .99):.1f} ms "
                  f"(server CPU {(cpu2 - cpu1) / len(live) * 1000:.1f} ms/read); "
                  f"game.view (CPU, every viewer) p50 {ms(view, .5):.2f} ms p99 {ms(view, .99):.2f} ms")
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="one short round, fewer games (about a minute)")
    parser.add_argument("--game", default="stargate", help="game of the POST benchmark (default stargate)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes for both apps")
    parser.add_argument("--threads", type=int, default=8, help="load generator connections")
    parser.add_argument("--parts", default="posts,fold,validate,storage,cluster",
                        help="which parts to run (default: all: posts,fold,validate,storage,cluster)")
    args = parser.parse_args()
    args.rounds, args.seconds, args.actions = (1, 8.0, 60) if args.quick else (3, 20.0, 200)
    args.games, args.replays, args.game_limit = (1, 50, 2000) if args.quick else (5, 200, 5000)
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}, python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory() as tmp, start_embedded(tmp) as redis_server:
        store = MatchStore.from_url(redis_server.url)
        parts = set(args.parts.split(","))
        if "posts" in parts:
            bench_posts(args, store, redis_server.url)
        if "fold" in parts:
            print("== fold rate of recorded real games (bench_fold.py)")
            from bench_fold import bench_real_games

            bench_real_games(args.games)
        if "validate" in parts:
            print("== validate: CPU per posted action, enumerating vs the game's checker (bench_validate.py)")
            from bench_validate import bench_validate

            bench_validate(args.games)
        if "storage" in parts:
            bench_storage_and_replay(args, store, redis_server.url)
        if "cluster" in parts:
            bench_cluster(args, store, redis_server.url)


if __name__ == "__main__":
    main()
