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
the explanation on top, the same in both.

``--posts GAME``: also the CPU time of a whole ``POST /actions`` in one process (the Flask
app through its test client, on an embedded Redis, inline folds: no HTTP server, no load
generator, so a loaded machine blurs it less than ``run_all.py``'s rate), over the first
``--actions`` actions of 8 matches, with the game's checker and with validation by
enumeration, alternating. Figures depend on the machine; nothing is asserted.
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


def post_cpu_ms(game_id: str, actions: int, enumerate_all: bool) -> float:
    """CPU ms per in-process POST of the first ``actions`` legal actions of 8 new matches."""
    import random
    import tempfile

    from run_all import play_locally, seats_of
    from service.app import create_app
    from store import MatchStore
    from store.embedded import start_embedded

    game = rules.get_game(game_id)
    inner = type(game.inner)
    checker = inner.__dict__.get("legality")
    inner.legality = None if enumerate_all else checker
    try:
        with tempfile.TemporaryDirectory() as tmp, start_embedded(tmp) as server:
            app = create_app({"REDIS_URL": server.url, "SUBSPACE_FOLD_MODE": "inline", "TESTING": True,
                              "SUBSPACE_RATE_LIMITS": "0"})
            store, client, posts = MatchStore.from_url(server.url), app.test_client(), []
            for i in range(8):
                body = client.post("/v1/matches", json={"game": game.id, "seats": seats_of(game)}).get_json()
                meta = store.get_meta(body["match_id"])
                events, _ = play_locally(game, meta["config"], meta["seed"], random.Random(i), actions)
                posts += [(body["match_id"], v, e, body["seats"][e["seat"]]["token"]) for v, e in enumerate(events)]
            t0 = time.process_time()
            for match_id, v, event, token in posts:
                answer = client.post(f"/v1/matches/{match_id}/actions", json={"expected_version": v, "action": event["payload"]},
                                     headers={"Authorization": f"Bearer {token}"})
                if answer.status_code != 201:
                    raise RuntimeError(f"POST answered {answer.status_code}: {answer.get_json()}")
            return (time.process_time() - t0) / len(posts) * 1000
    finally:
        inner.legality = checker


def bench_post_cpu(game_id: str, actions: int, rounds: int = 2) -> None:
    old, new = [], []
    post_cpu_ms(game_id, actions, True)  # warm-up: the card database and caches loaded once, for both ways
    for _ in range(rounds):
        new.append(post_cpu_ms(game_id, actions, False))
        old.append(post_cpu_ms(game_id, actions, True))
    print(f"POST /actions in one process ({game_id}, first {actions} actions of 8 matches, min of {rounds}): "
          f"validating by enumeration {min(old):.2f} ms CPU, by the game's checker {min(new):.2f} ms CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3, help="recorded games per real game (default 3)")
    parser.add_argument("--posts", metavar="GAME", help="also time whole in-process POSTs of GAME both ways")
    parser.add_argument("--actions", type=int, default=200, help="actions per match for --posts (default 200)")
    args = parser.parse_args()
    bench_validate(args.games)
    if args.posts:
        bench_post_cpu(args.posts, args.actions)


if __name__ == "__main__":
    main()
