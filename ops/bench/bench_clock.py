"""Benchmark: the clock job's pass over due matches, and what a clock adds to a fold.

Run: .venv/bin/python ops/bench/bench_clock.py [--matches 300]

1. ``workers.clock.tick`` over N clocked High Card matches whose deadline passed (each: read
   the state, append a timeout, index the grace end), then over the same N when nothing is
   due yet (the index is not read past now, so that pass costs nothing), in matches/s.
2. Folding a long log with and without a clock (``clock_start`` first), in events/s: what
   the control layer costs every event of a clocked match.
Numbers depend on the machine; nothing here is asserted.
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

import rules  # noqa: E402
from replays.fold import fold  # noqa: E402
from rules import clock as C  # noqa: E402
from store import MatchStore, deadlines  # noqa: E402
from store.embedded import start_embedded  # noqa: E402
from tests.support.tinygame import GAME  # noqa: E402
from workers.clock import tick  # noqa: E402

SPEC = C.validate_clock_spec({"days_per_decision": 1, "grace_days": 3})


def _clocked_match(store: MatchStore, started_ms: int) -> str:
    game = rules.get_game(GAME.id)
    config = GAME.build_config("standard", [{"deck": "ten"}, {"deck": "ten"}])
    match_id = store.create_match({"game": GAME.id, "ruleset": "standard", "config": config, "seed": "s" * 64,
                                   "seed_commitment": "c", "seat_token_hashes": ["a", "b"], "status": "active"},
                                  game.setup(config, "s" * 64))
    event = {"type": "clock_start", "seat": None, "payload": {"clock": SPEC, "seats": 2}}
    store.append(match_id, 0, event, ts=C.format_ts(started_ms))
    deadlines.schedule(store.conn, match_id, started_ms + C.DAY_MS)
    return match_id


def bench_tick(n: int) -> None:
    with tempfile.TemporaryDirectory() as tmp, start_embedded(tmp) as server:
        conn = redis.Redis.from_url(server.url)
        store = MatchStore(conn)
        now = int(time.time() * 1000)
        for _ in range(n):
            _clocked_match(store, now - 2 * C.DAY_MS)
        began = time.perf_counter()
        done = tick(conn, limit=n)
        took = time.perf_counter() - began
        print(f"tick, {n} expired matches: {done['appended']} timeouts in {took:.2f} s = {n / took:.0f} matches/s")
        began = time.perf_counter()
        again = tick(conn, limit=n)
        print(f"tick, nothing due: {again['matches']} matches looked at in {(time.perf_counter() - began) * 1000:.1f} ms")


def bench_fold(n_events: int) -> None:
    game = rules.get_game(GAME.id)
    per_seat = n_events // 2 + 3
    config = {"ruleset": "bench", "rounds": n_events // 2 + 1, "decks": [list(range(1, per_seat + 1))] * 2,
              "names": ["a", "b"]}
    state = GAME.setup(config, "bench-seed")
    events, t = [], 1_800_000_000_000
    for _ in range(n_events):
        seat = GAME.deciding_seats(state)[0]
        t += 60_000
        event = {"type": "action", "seat": seat, "payload": GAME.legal_actions(state, seat)[0], "ts": C.format_ts(t)}
        state = GAME.apply(state, event)
        events.append(event)
    start = {"type": "clock_start", "seat": None, "payload": {"clock": SPEC, "seats": 2},
             "ts": C.format_ts(1_800_000_000_000)}
    for label, log in (("without a clock", events), ("with a clock", [start, *events])):
        began = time.perf_counter()
        fold(game, GAME.setup(config, "bench-seed"), log)
        took = time.perf_counter() - began
        print(f"fold {len(log)} events {label}: {len(log) / took:.0f} events/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--events", type=int, default=20000)
    args = parser.parse_args()
    rules.register(GAME)
    bench_tick(args.matches)
    bench_fold(args.events)


if __name__ == "__main__":
    main()
