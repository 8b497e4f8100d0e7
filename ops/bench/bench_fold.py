"""Benchmark: batch folding speed and one RQ fold-job round trip.

Run: .venv/bin/python ops/bench/bench_fold.py [--events 100000]
     .venv/bin/python ops/bench/bench_fold.py --real-only --rounds 5   (the real games only, wall and CPU)

1. ``fold()`` over a long High Card log (one copy per batch, applied in place) versus a
   naive fold that deep-copies per event, on the same events, in events/s; then the same
   for a recorded random game of every real game with starter decks (Stargate TCG, …),
   whose states are the real size (hundreds of cards).
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


def recorded_game(game, seed: str) -> tuple[dict, list[dict]]:
    """A random legal game between the first two starter decks, through the protocol only."""
    import random

    decks = [d["id"] for d in game.starter_decks()][:2]
    config = game.build_config(game.default_ruleset, [{"name": "a", "deck": decks[0]}, {"name": "b", "deck": decks[1]}])
    state = game.setup(config, seed)
    pick = random.Random(seed)
    events = []
    while game.outcome(state) is None and len(events) < 20_000:
        seat = game.deciding_seats(state)[0]
        event = {"v": len(events) + 1, "type": "action", "seat": seat,
                 "payload": pick.choice(game.legal_actions(state, seat))}
        state = game.apply(state, event)
        events.append(event)
    return config, events


def bench_real_games(games: int, rounds: int = 1) -> None:
    """Fold recorded games of each real game: once per batch vs a deep copy per event. With
    ``rounds`` > 1 the batch fold is timed that many times and the median and best are
    printed, in wall time and in CPU time of this process (``time.process_time``: on a
    shared, loaded box the CPU figure moves less than the wall one)."""
    for game_id in rules.available():
        game = rules.get_game(game_id)
        if game_id == GAME.id or not game.starter_decks():
            continue
        logs = [recorded_game(game, f"bench-{game_id}-{i}") for i in range(games)]
        n = sum(len(events) for _, events in logs)
        starts = [game.setup(config, f"bench-{game_id}-{i}") for i, (config, _) in enumerate(logs)]
        size = len(orjson_dumps(starts[0]))
        walls, cpus = [], []
        for _ in range(rounds):
            t0, c0 = time.perf_counter(), time.process_time()
            for start, (_, events) in zip(starts, logs):
                fold(game, start, events)
            walls.append(time.perf_counter() - t0)
            cpus.append(time.process_time() - c0)
        batch = sorted(walls)[len(walls) // 2]
        if rounds > 1:
            cpu = sorted(cpus)[len(cpus) // 2]
            print(f"{game.title}: batch fold over {rounds} rounds: wall median {n / batch:,.0f} / best "
                  f"{n / min(walls):,.0f} events/s; CPU median {n / cpu:,.0f} / best {n / min(cpus):,.0f} events/s")
        t0 = time.perf_counter()
        for start, (_, events) in zip(starts, logs):
            state = start
            for event in events:
                state = game.apply(copy_state(state), event)
        naive = time.perf_counter() - t0
        print(f"{game.title}: {games} recorded games, {n} events, state {size / 1024:.0f} KiB: "
              f"batch fold {n / batch:,.0f} events/s, copy per event {n / naive:,.0f} events/s")


def orjson_dumps(value) -> bytes:
    import orjson

    return orjson.dumps(value)


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
    parser.add_argument("--games", type=int, default=5, help="recorded games per real game (default 5)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="time the real games' batch fold this many times: median and best, wall and CPU (default 1)")
    parser.add_argument("--real-only", action="store_true", help="only the recorded real games (no High Card, no Redis)")
    args = parser.parse_args()
    rules.register(GAME)
    if not args.real_only:
        bench_fold(args.events)
    bench_real_games(args.games, args.rounds)
    if not args.real_only:
        bench_redis(args.appends)


if __name__ == "__main__":
    main()
