"""Benchmark: CPU time of ``game.view`` per viewer on the states of recorded real games (issue 13).

Run: .venv/bin/python ops/bench/bench_view.py [--games stargate,startrek2e,babylon5] [--every 1]
[--rounds 3] [--reference] [--sources golden,random]

For each game, the states of its golden replays (``tests/rules/<game>/golden/*.json``: configs,
seeds and actions of recorded games, the same ones the golden tests re-fold) and of a random
starter game (``bench_fold.recorded_game``, as ``run_all.py`` plays) after every
``--every``-th event; ``game.view(state, viewer)`` is timed for every viewer: each seat, the
spectator and the judge, each call on the state freshly decoded from its bytes (as
``GET /state`` has it). Time is CPU time of this thread (``time.thread_time_ns``; with
``--rounds`` the least of that many calls), so a loaded machine blurs it less than wall time;
the figure is the median (p50) and p99 over all (state, viewer) pairs, plus the p50 per kind
of viewer. ``--reference`` also times the view as it was, kept as the equivalence test's oracle
(``tests/support/view_reference``), on the same states: a before/after in one run. The golden
replays of Star Trek carry their cards in their configs (``extra_cards``), which no match made
from starter or player decks does: its random starter game is the figure a match pays.

The goal (issue 13's table): ``game.view`` ≤ 0.3 ms for every game. Nothing is asserted.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import rules  # noqa: E402
from rules.protocol import JUDGE, SPECTATOR  # noqa: E402

GAMES = ("stargate", "startrek2e", "babylon5")


def golden_states(game, every: int = 1) -> list[dict]:
    """The state after every ``every``-th event (and the start) of each golden replay of ``game``."""
    states = []
    for path in sorted((ROOT / "tests" / "rules" / game.id / "golden").glob("*.json")):
        rec = json.loads(path.read_text())
        state = game.setup(rec["config"], rec["seed"])
        states.append(state)
        for n, ev in enumerate(rec["events"], 1):
            state = game.apply(orjson.loads(orjson.dumps(state)), {"seat": ev["seat"], "type": "action",
                                                                    "payload": ev["payload"]})
            if n % every == 0:
                states.append(state)
    return states


def random_states(game, games: int = 1, limit: int = 400) -> list[dict]:
    """The states of ``games`` recorded random games between starter decks
    (``bench_fold.recorded_game``, what ``run_all.py``'s view figure folds), up to ``limit`` each."""
    sys.path.insert(0, str(ROOT / "ops" / "bench"))
    from bench_fold import recorded_game

    states = []
    for i in range(games):
        seed = f"bench-{game.id}-{i}"
        config, events = recorded_game(game, seed)
        state = game.setup(config, seed)
        states.append(state)
        for event in events[:limit]:
            state = game.apply(orjson.loads(orjson.dumps(state)), event)
            states.append(state)
    return states


def viewers(state: dict) -> list:
    return [*range(len(state["seats"])), SPECTATOR, JUDGE]


def time_views(view, states: list[dict], rounds: int = 1) -> dict[str, list[float]]:
    """CPU µs of ``view(state, viewer)`` for every state and viewer, by kind of viewer; with
    ``rounds`` > 1 the least of that many calls (the machine's noise is one-sided). Each call
    gets the state freshly decoded from its stored bytes (not timed), as the service's
    ``GET /state`` does (``current_state`` decodes the projection, then views it): the view
    never sees a state object twice, and reads memory as warm as the service's does."""
    out: dict[str, list[float]] = {"seat": [], SPECTATOR: [], JUDGE: []}
    for stored in [orjson.dumps(s) for s in states]:
        for viewer in viewers(orjson.loads(stored)):
            best = None
            for _ in range(rounds):
                state = orjson.loads(stored)
                t0 = time.thread_time_ns()
                view(state, viewer)
                dt = (time.thread_time_ns() - t0) / 1000
                best = dt if best is None else min(best, dt)
            out["seat" if isinstance(viewer, int) else viewer].append(best)
    return out


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def report(label: str, times: dict[str, list[float]]) -> str:
    every = [t for ts in times.values() for t in ts]
    kinds = ", ".join(f"{k} {pct(ts, .5) / 1000:.3f}" for k, ts in times.items())
    return (f"{label}: {len(every)} views, p50 {pct(every, .5) / 1000:.3f} ms, p99 {pct(every, .99) / 1000:.3f} ms "
            f"(p50 by viewer: {kinds} ms)")


def bench_view(game_ids=GAMES, every: int = 1, reference: bool = False, rounds: int = 1,
               sources: tuple[str, ...] = ("golden", "random")) -> None:
    for game_id in game_ids:
        game = rules.get_game(game_id)
        for source in sources:
            states = golden_states(game, every) if source == "golden" else random_states(game)[::every]
            label = f"{game.title}, {'golden replays' if source == 'golden' else 'a random starter game'}"
            if reference:
                from tests.support.view_reference import reference_view

                ref = time_views(lambda s, v: reference_view(game_id, s, v), states, rounds)
                print(report(f"{label}: reference view", ref))
            print(report(f"{label}: game.view", time_views(game.view, states, rounds)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids (default: all three)")
    parser.add_argument("--every", type=int, default=1, help="time the state after every N-th event (default 1)")
    parser.add_argument("--rounds", type=int, default=1, help="calls per (state, viewer); the least counts (default 1)")
    parser.add_argument("--sources", default="golden,random",
                        help="golden (the golden replays), random (a recorded random starter game), or both")
    parser.add_argument("--reference", action="store_true", help="also time the reference view (the tests' oracle)")
    args = parser.parse_args()
    bench_view(args.games.split(","), args.every, args.reference, args.rounds, tuple(args.sources.split(",")))


if __name__ == "__main__":
    main()
