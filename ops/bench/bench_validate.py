"""Benchmark: CPU time of ``validate`` per posted action (issue 13 item 2).

Run: .venv/bin/python ops/bench/bench_validate.py [--games 3]

For recorded random games of every real game (``bench_fold.recorded_game``: starter decks,
seeded), the CPU time (``time.thread_time``) of validating each action actually played, in
the state it was played in:

* ``enumerating``: what ``validate`` did before each game had a checker — build every legal
  action of the seat (``legal_actions``) and search the list;
* ``validate``: the game's ``validate`` now (``PendingDecisionGame.legality``: the posted
  action judged by the rules of its own type).

Only accepted actions are timed (what a POST of a legal action pays); a refused one costs
the explanation on top, the same in both. Figures depend on the machine; nothing is asserted.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import rules  # noqa: E402
from bench_fold import recorded_game  # noqa: E402
from rules.protocol import listed  # noqa: E402


def enumerating(game, state: dict, seat: int, action: dict) -> bool:
    """The membership test ``validate`` used to run (after the same turn checks)."""
    return game.outcome(state) is None and seat in game.deciding_seats(state) \
        and listed(action, game.legal_actions(state, seat))


def decision_points(game, games: int) -> list[tuple[dict, int, dict]]:
    """(state, seat, action played) at every decision of ``games`` recorded games."""
    points = []
    for i in range(games):
        seed = f"bench-{game.id}-{i}"
        config, events = recorded_game(game, seed)
        state = game.setup(config, seed)
        for event in events:
            points.append((state, event["seat"], event["payload"]))
            state = game.apply(orjson.loads(orjson.dumps(state)), event)
    return points


def cpu_us(check, points) -> list[float]:
    out = []
    for state, seat, action in points:
        t0 = time.thread_time_ns()
        check(state, seat, action)
        out.append((time.thread_time_ns() - t0) / 1000)
    return out


def summary(times: list[float]) -> str:
    s = sorted(times)
    return (f"mean {statistics.fmean(s):7.1f} us, p50 {s[len(s) // 2]:7.1f} us, "
            f"p99 {s[min(len(s) - 1, int(.99 * len(s)))]:8.1f} us")


def bench_validate(games: int) -> None:
    """Print, per real game, the CPU time of validating each played action, both ways."""
    for game_id in rules.available():
        game = rules.get_game(game_id)
        if not game.starter_decks():
            continue
        points = decision_points(game, games)
        for state, seat, action in points:
            assert enumerating(game, state, seat, action)
        old = cpu_us(lambda st, s, a: enumerating(game, st, s, a), points)
        new = cpu_us(game.validate, points)
        print(f"{game.title}: {len(points)} actions of {games} recorded games: enumerating {summary(old)} | "
              f"validate {summary(new)} | {statistics.fmean(old) / statistics.fmean(new):.0f}x less CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3, help="recorded games per real game (default 3)")
    bench_validate(parser.parse_args().games)


if __name__ == "__main__":
    main()
