"""Do the Stargate engine's two safety nets ever fire? (issue 12, pattern 6)

The rulebook has neither a turn limit nor a limit on actions at a mission; the engine keeps
``turn.TURN_LIMIT`` (a draw when turn 201 would begin) and ``flow.MISSION_ACTION_LIMIT``
(after 60 actions at one mission only "pass" is legal) so that no game can run forever.
RULES.md ("Termination") may keep them only if no real game can reach them. This plays
random and purposeful games of random starter-deck pairings (both rulesets), and random games
of random 50-card decks of the whole official pool ("pool": every card text, repeatable
abilities included), and reports how far each game got: its last turn, the most actions taken at one mission, and how often a
limit fired. Seeds ``limits-<mode>-<n>``; pure in-process play.

    .venv/bin/python ops/bench/bench_stargate_limits.py --games 100 [--mode random purposeful pool]
"""
from __future__ import annotations

import argparse
import collections
import random
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rules.stargate import flow, turn  # noqa: E402
from rules.stargate.cards import card_db, starters  # noqa: E402
from rules.stargate.game import GAME  # noqa: E402
from tests.support.playing import bot_chooser, play, random_chooser  # noqa: E402


def one_game(mode: str, n: int, max_events: int) -> dict:
    """Play one game; what it reached."""
    seed = f"limits-{mode}-{n}"
    pick = random.Random(seed)
    if mode == "pool":  # 50 random cards of the whole official pool (every text, deck rules ignored)
        db = card_db()
        pool = sorted(g for g, d in db.items() if d["official"] and d["mechanics"] is not None
                      and d["type"] != "mission" and d.get("subtype") != "team")
        seats = []
        for s in range(2):
            st = pick.choice(starters())
            seats.append({"name": str(s), "team": st["team"], "missions": st["missions"],
                          "deck": [pick.choice(pool) for _ in range(50)]})
        state = GAME.setup({"ruleset": "current", "seats": seats}, seed)
    else:
        decks = [d["id"] for d in GAME.starter_decks()]
        ruleset = pick.choice(["current", "current", "first-edition"])
        config = GAME.build_config(ruleset, [{"deck": pick.choice(decks)}, {"deck": pick.choice(decks)}])
        state = GAME.setup(config, seed)
    chooser = bot_chooser(GAME, seed) if mode == "purposeful" else random_chooser(seed)
    most, limited, events = 0, 0, 0
    for events, state in play(GAME, state, chooser, max_events=max_events):
        t = state.get("turn") or {}
        done = t.get("actions_this_mission", 0)
        most = max(most, done)
        p = state.get("pending") or {}
        if p.get("kind") == "act" and done >= flow.MISSION_ACTION_LIMIT:
            limited += 1  # only "pass" is offered because of the limit
    reason = (state.get("outcome") or {}).get("reason", f"unfinished after {max_events} events")
    return {"turns": (state.get("turn") or {}).get("number", 0), "most_actions": most, "limited": limited,
            "events": events, "reason": re.sub(r"\d+", "N", reason),
            "turn_limit": str(turn.TURN_LIMIT) in reason and "draw" in reason}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--mode", nargs="*", default=["random", "purposeful", "pool"])
    ap.add_argument("--max-events", type=int, default=30000)
    args = ap.parse_args()
    for mode in args.mode:
        start = time.perf_counter()
        rows = [one_game(mode, n, args.max_events) for n in range(args.games)]
        turns = sorted(r["turns"] for r in rows)
        acts = sorted(r["most_actions"] for r in rows)
        print(f"{mode}: {len(rows)} games in {time.perf_counter() - start:.0f} s")
        print(f"  last turn: median {turns[len(turns) // 2]}, max {turns[-1]} (limit {turn.TURN_LIMIT})")
        print(f"  most actions at one mission: median {acts[len(acts) // 2]}, max {acts[-1]} "
              f"(limit {flow.MISSION_ACTION_LIMIT})")
        print(f"  turn limit fired: {sum(r['turn_limit'] for r in rows)} games; action limit fired: "
              f"{sum(1 for r in rows if r['limited'])} games")
        for reason, count in collections.Counter(r["reason"] for r in rows).most_common():
            print(f"  {count:4d}  {reason}")


if __name__ == "__main__":
    main()
