"""Keeping the analytics projection up to date (``store.stats``, ``replays.analytics``).

``record_finished`` is what the fold job calls when a fold ends a match (and what a rebuild
calls for every match): idempotent, so a retried job or a rebuild racing the worker counts
a match once. ``rebuild`` clears a game's projection and records every match again from
the logs (``subspace stats rebuild``).
"""
from __future__ import annotations

from typing import Callable, Iterable

import redis

import rules
from replays import current_state
from replays.analytics import counted, match_facts
from rules.errors import NotFound
from store import MatchStore, keys
from store.stats import StatsStore

GAMES = ("stargate", "startrek2e", "babylon5")


def increments(facts: dict) -> dict[str, int]:
    """The counters one match adds (``store.stats``; names read by ``service.stats_logic``)."""
    out: dict[str, int] = {}

    def add(name: str, amount: int = 1) -> None:
        out[name] = out.get(name, 0) + amount

    add("matches")
    add("events", facts["events"])
    if facts.get("turns") is not None:
        add("turns", facts["turns"])
        add("turns_n")
    if facts["draw"]:
        add("draws")
    if facts.get("imported"):
        add("imported")
    if facts.get("lead_taken_at") is not None:
        add("lead_n")
        add("lead_sum", facts["lead_taken_at"])
        add("lead_ppm_sum", facts["lead_taken_at"] * 1_000_000 // max(1, facts["events"]))
    seats = facts["seats"]
    for seat in seats:
        won = int(seat["won"])
        for kind, values in (("starter", [seat["starter"]]), ("faction", [seat["faction"]] if seat["faction"] else []),
                             ("included", seat["included"]), ("played", seat["played"])):
            for value in values:
                add(f"{kind}|{value}|games")
                add(f"{kind}|{value}|wins", won)
        for other in seats:
            if other is not seat:
                add(f"matchup|{seat['starter']}|{other['starter']}|games")
                add(f"matchup|{seat['starter']}|{other['starter']}|wins", won)
    return {k: v for k, v in out.items() if v}


def record_finished(conn: redis.Redis, match_id: str) -> bool:
    """Count ``match_id`` in its game's analytics if the policy says so (once; an aborted
    match is recorded as skipped). True if this call counted it as a result."""
    store = MatchStore(conn)
    meta = store.get_meta(match_id)
    game_id = meta.get("game")
    stats = StatsStore(conn)
    if game_id not in GAMES or stats.has(game_id, match_id):
        return False
    game = rules.get_game(game_id)
    version, state = current_state(store, game, match_id)  # the fold, not meta: whoever ended it may not have marked it yet
    skip = counted(meta, game.outcome(state))
    if skip in ("unfinished", "fork"):
        return False  # not yet (recorded when it ends) / never: a fork is a sandbox, not a game
    if skip is not None:
        stats.record(game_id, match_id, f"skip:{skip}", {f"skipped|{skip}": 1})
        return False
    facts = match_facts(game, {**meta, "id": match_id}, store.read_events(match_id, upto=version))
    return stats.record(game_id, match_id, facts, increments(facts))


def rebuild(conn: redis.Redis, games: Iterable[str] = GAMES, progress: Callable[[int], None] | None = None) -> int:
    """Clear the projection of ``games`` and record every finished match again from the
    logs. Returns how many matches were counted."""
    wanted = set(games)
    stats = StatsStore(conn)
    for game in wanted:
        stats.clear(game)
    counted_now = 0
    for raw in conn.zrange(keys.MATCHES, 0, -1):
        match_id = raw.decode()
        try:
            if MatchStore(conn).get_meta(match_id).get("game") in wanted:
                counted_now += record_finished(conn, match_id)
        except NotFound:
            pass
        if progress is not None:
            progress(1)
    return counted_now


__all__ = ["GAMES", "increments", "rebuild", "record_finished"]
