"""Benchmark: CPU time of reading plain-text deck lists (``rules/<game>/decklist.py``).

Run: .venv/bin/python ops/bench/bench_decklist.py [--repeat 20]

Per game (``time.thread_time``, the median of ``--repeat`` runs):

* ``catalogue``: building the game's names index once per process (the first list read);
* ``starters``: reading every starter deck rendered as text (what a player pastes);
* ``bad lines``: a list of 999 lines naming no card (the worst a check of a pasted list pays
  to say so: near names are looked for only for the first few problems);
* ``check``: the whole deck check of a starter list (``service.games_logic.check_deck``,
  parse and construction rules, 2 seats) — what ``POST /decks/check`` with ``text`` costs
  beyond HTTP.

Figures depend on the machine; nothing is asserted.
"""
from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from rules.errors import DeckListUnreadable  # noqa: E402

GAMES = ("stargate", "startrek2e", "babylon5")


def _cpu(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.thread_time()
        fn()
        times.append(time.thread_time() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    from service.games_logic import check_deck

    print(f"{'game':<11} {'catalogue ms':>12} {'starter ms':>11} {'999 bad ms':>11} {'check ms':>9}")
    for game in GAMES:
        module = importlib.import_module(f"rules.{game}.decklist")
        deckbuilding = importlib.import_module(f"rules.{game}.deckbuilding")
        cards = importlib.import_module(f"rules.{game}.cards")
        start = time.thread_time()
        module.deck_list_format()
        built = (time.thread_time() - start) * 1000
        texts = [module.render(deckbuilding.starter_deck(s["id"])) for s in cards.starters()]
        bad = "\n".join(f"3 Qwerty Zork Card {i}" for i in range(999))

        def refused() -> None:
            try:
                module.parse(bad)
            except DeckListUnreadable:
                pass

        starter = _cpu(lambda: [module.parse(t) for t in texts], args.repeat) / len(texts)
        worst = _cpu(refused, max(3, args.repeat // 5))
        check = _cpu(lambda: check_deck(game, None, 2, None, texts[0]), args.repeat)
        print(f"{game:<11} {built:>12.1f} {starter:>11.2f} {worst:>11.1f} {check:>9.2f}")


if __name__ == "__main__":
    main()
