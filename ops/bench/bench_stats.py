"""Benchmark: rebuilding the analytics projection (``subspace stats rebuild``) over many
finished matches.

Run: .venv/bin/python ops/bench/bench_stats.py [--matches 1000] [--seeds 4]

1. Plays ``--seeds`` matches of each real game (Stargate TCG, Star Trek 2E, Babylon 5) to
   their end with the purposeful player in every seat, through ``service.matches_logic``
   (the same validation and appends as over HTTP), on a private embedded Redis.
2. Copies them (Redis ``COPY`` of each match's keys under a new id, indexed in
   ``subspace:matches``) until ``--matches`` finished matches exist — synthetic in number,
   real in content: every copy is a whole game the engine played.
3. Times ``workers.stats.rebuild`` (clear, then re-fold every match from
   ``setup(config, seed)`` and count it) and reports matches/s and the time for 10,000
   (measured if ``--matches`` ≥ 10,000, else extrapolated linearly: the rebuild is one
   independent re-fold per match, so its time grows linearly with the count).
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

import rules  # noqa: E402
from service import matches_logic  # noqa: E402
from store import MatchStore, keys  # noqa: E402
from store.connection import connect  # noqa: E402
from store.embedded import start_embedded  # noqa: E402
from store.match_store import new_match_id  # noqa: E402
from tests.support.playing import starter_seats  # noqa: E402
from workers.stats import GAMES, rebuild  # noqa: E402

MATCH_PARTS = ("events", "meta", "proj", "snap")


def play_one(store: MatchStore, game_id: str, seed: str) -> str:
    """A finished match of ``game_id`` played by the purposeful player in every seat."""
    game = rules.get_game(game_id)
    created = matches_logic.create_match(store, game_id, None, starter_seats(game, 2))
    match_id = created["match_id"]
    version, state = 0, matches_logic.current_state(store, game, match_id)[1]
    while game.outcome(state) is None:
        seat = game.deciding_seats(state)[0]
        action = game.bot_action(state, seat, f"{seed}:{version}")
        game.validate(state, seat, action)
        version = store.append(match_id, version, {"type": "action", "seat": seat, "payload": action}).version
        state = game.apply(state, {"type": "action", "seat": seat, "payload": action})
    store.update_meta(match_id, status="finished", outcome=game.outcome(state), finished_version=version)
    store.write_projection(match_id, version, state)  # as the fold job leaves every match
    return match_id


def copy_match(conn, source: str) -> str:
    target = new_match_id()
    for part in MATCH_PARTS:
        src, dst = f"{{m:{source}}}:{part}", f"{{m:{target}}}:{part}"
        if conn.exists(src):
            conn.copy(src, dst)
    conn.zadd(keys.MATCHES, {target: time.time()})
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seeds", type=int, default=4, help="real games played per game before copying")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, start_embedded(folder) as server:
        conn = connect(server.url)
        store = MatchStore(conn)
        started = time.perf_counter()
        originals = [play_one(store, g, f"bench-{g}-{i}") for g in GAMES for i in range(args.seeds)]
        print(f"played {len(originals)} matches to their end in {time.perf_counter() - started:.1f} s")
        events = sum(store.version(m) for m in originals)
        print(f"  {events / len(originals):.0f} events per match on average")
        count = len(originals)
        while count < args.matches:
            copy_match(conn, originals[count % len(originals)])
            count += 1
        print(f"{count} finished matches in Redis")
        started = time.perf_counter()
        counted = rebuild(conn, GAMES)
        took = time.perf_counter() - started
        print(f"rebuild: {counted} matches counted in {took:.1f} s ({counted / took:.1f} matches/s)")
        per_10k = took * 10_000 / max(1, count)
        label = "measured" if count >= 10_000 else f"extrapolated linearly from {count}"
        print(f"rebuild of 10,000 finished matches: {per_10k / 60:.1f} min ({label})")
        conn.close()


if __name__ == "__main__":
    main()
