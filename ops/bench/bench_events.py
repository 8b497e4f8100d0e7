"""Benchmark: the cost of a redacted ``GET /events`` page (issue 10 item 6, issue 13 item 4).

Run: .venv/bin/python ops/bench/bench_events.py [--events 300] [--game stargate]

Records a random legal game of ``--game`` between two starter decks, stores its first
``--events`` events in an embedded Redis, folded by the fold job (snapshots, and the
redactions it records as it folds: replays/redaction.py), while the match is still
running, and times a spectator's listing from 0:
- ``before``: the listing before any cache (fold from version 0 and redact every event of
  the page, as every request once did), on a page of 1000;
- ``recorded``: the listing now, a page of 1000 (every event recorded at fold time: a range
  read and a look-up, no fold), as ``replays.events_for`` and as the whole endpoint
  (``service.matches_logic.events_listing``: meta, viewer, version too);
- ``on demand``: with the records deleted (a match from before recording): capped page
  redacted from the nearest snapshot, as every uncached page was before;
- ``all pages``: a client paging through the whole log, records deleted first.
CPU seconds per request (``time.process_time``, this process only) and wall seconds.
Numbers depend on the machine; nothing here is asserted.
"""
from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import redis  # noqa: E402

import rules  # noqa: E402
from replays import events_for  # noqa: E402
from replays.history import current_state, state_at  # noqa: E402
from rules.protocol import SPECTATOR  # noqa: E402
from store import MatchStore, keys  # noqa: E402
from store.embedded import start_embedded  # noqa: E402
from workers import fold_pending  # noqa: E402


def running_game(game, seed: str, n_events: int) -> tuple[dict, list[dict]]:
    """A random legal game's config and its first ``n_events`` events (still running)."""
    decks = [d["id"] for d in game.starter_decks()][:2]
    config = game.build_config(game.default_ruleset, [{"name": "a", "deck": decks[0]}, {"name": "b", "deck": decks[1]}])
    for attempt in range(50):
        state = game.setup(config, f"{seed}-{attempt}")
        pick = random.Random(attempt)
        events = []
        while game.outcome(state) is None and len(events) < n_events + 1:
            seat = game.deciding_seats(state)[0]
            event = {"type": "action", "seat": seat, "payload": pick.choice(game.legal_actions(state, seat))}
            state = game.apply(state, dict(event, v=len(events) + 1))
            events.append(event)
        if len(events) > n_events:
            return config, f"{seed}-{attempt}", events[:n_events]
    raise SystemExit(f"no random game of {game.id} lasted {n_events} events")


def old_listing(store, game, match_id, viewer, after, limit):
    """The listing as it was before the cache: fold from ``after`` for every request."""
    _, now = current_state(store, game, match_id)
    events = store.read_events(match_id, after=after, limit=limit)
    state = state_at(store, game, match_id, after)
    out = []
    for event in events:
        out.append(game.redact_event(event, viewer, state))
        state = game.apply(state, event)
    return out


def timed(label: str, fn, repeat: int = 3) -> None:
    cpu, wall = [], []
    for _ in range(repeat):
        c0, w0 = time.process_time(), time.perf_counter()
        result = fn()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    print(f"{label:<46} {len(result):>5} events  cpu {min(cpu) * 1000:8.1f} ms  wall {min(wall) * 1000:8.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=300)
    parser.add_argument("--game", default="stargate")
    parser.add_argument("--page", type=int, default=100, help="the redacted page cap (SUBSPACE_REDACTED_EVENTS_LIMIT)")
    args = parser.parse_args()
    game = rules.get_game(args.game)
    config, seed, events = running_game(game, "bench-events", args.events)
    with tempfile.TemporaryDirectory() as tmp, start_embedded(Path(tmp) / "redis") as server:
        conn = redis.Redis.from_url(server.url)
        store = MatchStore(conn)
        meta = {"game": game.id, "ruleset": config["ruleset"], "config": config, "seed": seed,
                "seed_commitment": "", "seat_token_hashes": ["", ""], "status": "active", "outcome": None}
        match_id = store.create_match(meta, game.setup(config, seed))
        for v, event in enumerate(events):
            store.append(match_id, v, event)
        fold_pending(conn, match_id)  # projection + a snapshot every 50 events, as the worker writes
        print(f"{game.id}: {len(events)} events, snapshots at {store.snapshot_versions(match_id)}")
        timed("before: fold from 0, page of 1000", lambda: old_listing(store, game, match_id, SPECTATOR, 0, 1000))
        timed("recorded: page of 1000 from 0 (events_for)", lambda: events_for(
            store, game, match_id, SPECTATOR, after=0, limit=1000, redacted_limit=args.page))
        from service.matches_logic import events_listing

        timed("recorded: page of 1000 from 0 (the endpoint)", lambda: events_listing(
            store, match_id, None, after=0, limit=1000, redacted_limit=args.page)["events"])

        def on_demand(after: int = 0) -> list:
            conn.delete(keys.redactions(match_id))
            return events_for(store, game, match_id, SPECTATOR, after=after, limit=1000, redacted_limit=args.page)

        timed(f"on demand: page from 0 (cap {args.page})", on_demand)
        timed(f"on demand: page from {len(events) - args.page}", lambda: on_demand(len(events) - args.page))

        def all_pages() -> list:
            conn.delete(keys.redactions(match_id))
            out, after = [], 0
            while True:
                page = events_for(store, game, match_id, SPECTATOR, after=after, limit=1000, redacted_limit=args.page)
                if not page:
                    return out
                out += page
                after = page[-1]["v"]

        timed("on demand: every page of the log", all_pages, repeat=1)
        conn.close()


if __name__ == "__main__":
    main()
