"""Benchmark: batch folding speed and one RQ fold-job round trip.

Run: .venv/bin/python ops/bench/bench_fold.py [--events 100000]

1. ``fold()`` over a long High Card log (one copy per batch, applied in place) versus a
   naive fold that deep-copies per event, on the same events, in events/s.
2. Appends/s through the Lua append script on an embedded Redis.
3. An RQ round trip: enqueue ``fold_match`` → a real ``rq worker`` subprocess folds →
   projection written, timed from enqueue to the projection reaching the head.
Numbers depend on the machine; nothing here is asserted.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import rules  # noqa: E402
from replays.fold import copy_state, fold  # noqa: E402
from store import MatchStore  # noqa: E402
from store.embedded import start_embedded  # noqa: E402
from tests.support.tinygame import GAME  # noqa: E402
from workers import enqueue_fold  # noqa: E402


def long_log(n_events: int) -> tuple[dict, list[dict]]:
    """A High Card config long enough for ``n_events`` plays, and those plays."""
    per_seat = n_events // 2 + 3
    config = {"ruleset": "bench", "rounds": n_events // 2 + 1, "decks": [list(range(1, per_seat + 1))] * 2, "names": ["a", "b"]}
    state = GAME.setup(config, "bench-seed")
    events = []
    for v in range(1, n_events + 1):
        seat = state["turn"]
        event = {"v": v, "type": "action", "seat": seat, "payload": {"type": "play", "card": state["seats"][seat]["hand"][0]}}
        state = GAME.apply(state, event)
        events.append(event)
    return config, events


def bench_fold(n_events: int) -> None:
    config, events = long_log(n_events)
    start = GAME.setup(config, "bench-seed")
    t0 = time.perf_counter()
    fold(GAME, start, events)
    dt = time.perf_counter() - t0
    print(f"fold (copy once per batch): {n_events} events in {dt:.3f}s = {n_events / dt:,.0f} events/s")
    sample = events[: min(2000, n_events)]
    t0 = time.perf_counter()
    state = start
    for event in sample:
        state = GAME.apply(copy_state(state), event)
    dt = time.perf_counter() - t0
    print(f"naive (copy per event):     {len(sample)} events in {dt:.3f}s = {len(sample) / dt:,.0f} events/s")


def bench_redis(n_appends: int) -> None:
    with tempfile.TemporaryDirectory() as tmp, start_embedded(tmp) as server:
        store = MatchStore.from_url(server.url)
        extra = 6  # one-event folds for the round-trip timing
        config, events = long_log(n_appends + extra)
        match_id = store.create_match({"game": GAME.id, "config": config}, GAME.setup(config, "bench-seed"))
        events, later = events[:n_appends], events[n_appends:]
        t0 = time.perf_counter()
        for i, event in enumerate(events):
            store.append(match_id, i, {k: event[k] for k in ("type", "seat", "payload")}, idempotency_key=f"k{i}")
        dt = time.perf_counter() - t0
        print(f"append (Lua script, idempotency key): {n_appends} in {dt:.3f}s = {n_appends / dt:,.0f} appends/s")

        env = {**os.environ, "PYTHONPATH": str(ROOT), "SUBSPACE_EXTRA_GAMES": "tests.support.tinygame:GAME"}
        rq = str(Path(sys.executable).with_name("rq"))
        worker = subprocess.Popen([rq, "worker", "fold", "--url", server.url, "-w", "rq.SimpleWorker", "-S", "json", "-q"],
                                  env=env, cwd=str(ROOT))
        try:
            rounds = []
            for event in later:
                version = store.append(match_id, event["v"] - 1, {k: event[k] for k in ("type", "seat", "payload")}).version
                t0 = time.perf_counter()
                enqueue_fold(store.conn, match_id)
                while store.projection_version(match_id) < version:
                    time.sleep(0.0005)
                rounds.append(time.perf_counter() - t0)
            first, rest = rounds[0], sorted(rounds[1:])
            print(f"RQ round trip, first job (folds {n_appends + 1} events, worker warming up): {first * 1000:.1f} ms")
            print(f"RQ round trip, one-event fold: median {rest[len(rest) // 2] * 1000:.1f} ms over {len(rest)} jobs")
        finally:
            worker.terminate()
            worker.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=100_000, help="events to fold (default 100000)")
    parser.add_argument("--appends", type=int, default=2_000, help="appends through Redis (default 2000)")
    args = parser.parse_args()
    rules.register(GAME)
    bench_fold(args.events)
    bench_redis(args.appends)


if __name__ == "__main__":
    main()
