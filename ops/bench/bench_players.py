"""How the purposeful players' games end: the share of each victory condition per game and
player count (issue 12 item 13). Pure in-process play of starter decks, every seat the
game's purposeful player (``game.bot_action``), seeds ``bench-<game>-<players>-<n>``.

    .venv/bin/python ops/bench/bench_players.py --games 50 [--game startrek2e] [--players 2 3]
"""
from __future__ import annotations

import argparse
import collections
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.support.playing import bot_chooser, new_game, play  # noqa: E402

PLAYERS = {"stargate": [2], "startrek2e": [2, 3], "babylon5": [2, 3, 4, 5]}


def run(game_id: str, players: int, games: int, max_events: int) -> collections.Counter:
    reasons: collections.Counter = collections.Counter()
    for n in range(games):
        seed = f"bench-{game_id}-{players}-{n}"
        game, state = new_game(game_id, players, seed, offset=n)
        for _, state in play(game, state, bot_chooser(game, seed), max_events=max_events):
            pass
        reason = (state.get("outcome") or {}).get("reason", f"unfinished after {max_events} events")
        reasons[re.sub(r"\d+", "N", reason)] += 1  # the condition, not the numbers it was met with
    return reasons


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--game", action="append")
    ap.add_argument("--players", type=int, nargs="*")
    ap.add_argument("--max-events", type=int, default=20000)
    args = ap.parse_args()
    for game_id in args.game or list(PLAYERS):
        for players in args.players or PLAYERS[game_id]:
            start = time.perf_counter()
            reasons = run(game_id, players, args.games, args.max_events)
            total = sum(reasons.values())
            print(f"{game_id} {players}p: {total} games in {time.perf_counter() - start:.0f} s")
            for reason, count in reasons.most_common():
                print(f"  {100 * count / total:5.1f} %  {reason}")


if __name__ == "__main__":
    main()
