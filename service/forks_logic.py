"""Forks: a sandbox match starting from another match's state at version N
(``POST /v1/matches/<id>/forks``).

Who gets what (README, *Forks*): once the original is over anyone may fork it and the fork
is exact (same hidden cards, same RNG state: fed the original's actions it continues as
the original did). While it runs only a seat may fork it, and the fork keeps only what
that seat could see (``rules.forks.redraw_for_seat``); a spectator may not fork a live
match (403 ``spectator_fork``), since even a re-draw for some seat would show the
spectator that seat's hand.

A fork is an ordinary match with its own seed, tokens for every seat (all given to the
caller, who plays them or hands them on) and meta ``fork_of: {match, at, exact, seat}``.
It is never a result: it holds no registered player's seat (so ``GET /v1/me/matches`` does
not list it), and analytics and tournaments skip matches with ``fork_of``. A re-drawn fork
keeps no deck lists (they are the original's secret until it ends); an exact one keeps
the original's config and revealed lists.
"""
from __future__ import annotations

import secrets

from replays import current_state, state_at
from replays.pinning import engine_versions
from rules import forks, rng
from rules.errors import Forbidden
from rules.protocol import is_seat
from store.players import PlayerStore

from . import auth
from .matches_logic import is_finished, load_match
from .runtime import Runtime


def create_fork(rt: Runtime, match_id: str, token: str | None, at: int) -> dict:
    """Create the fork and return the one answer that shows its seat tokens."""
    store = rt.store
    match = load_match(store, match_id)
    viewer = auth.viewer_for(match.meta, token, PlayerStore(store.conn))
    _, now = current_state(store, match.game, match_id)
    finished = is_finished(match.game, now)
    if not finished and not is_seat(viewer):
        raise Forbidden("a live match may be forked only by one of its seats; anyone may fork it once it is over",
                        code="spectator_fork")
    past = state_at(store, match.game, match_id, at)  # version_out_of_range (400) outside 0..head
    seed = secrets.token_hex(32)
    if finished:
        start, seat = forks.exact(past), None
    else:
        seat = viewer
        start = forks.redraw_for_seat(match.game, past, seat, seed)  # type: ignore[arg-type]
    outcome = match.game.outcome(start)
    count = len(match.meta.get("seat_token_hashes") or [])
    tokens, hashes = auth.issue_seat_tokens(count)
    names = list(match.meta.get("seat_names") or [f"seat {i}" for i in range(count)])
    fork_of = {"match": match_id, "at": at, "exact": finished, "seat": seat}
    meta = {
        "game": match.game.id,
        "ruleset": match.meta["ruleset"],
        **engine_versions(match.game),
        "config": match.meta.get("config") if finished else None,
        "seed": seed,
        "seed_commitment": rng.commitment(seed),
        "seat_token_hashes": hashes,
        "seat_names": names,
        "seat_players": [None] * count,
        "decklists": match.meta.get("decklists") if finished else None,
        "decklist_commitments": match.meta.get("decklist_commitments") if finished else None,
        "status": "finished" if outcome is not None else "active",
        "outcome": outcome,
        "seat_bots": [None] * count,
        "fork_of": fork_of,
    }
    fork_id = store.create_match(meta, start)
    return {
        "match_id": fork_id,
        "game": match.game.id,
        "fork_of": fork_of,
        "version": 0,
        "status": meta["status"],
        "seats": [{"seat": i, "name": names[i], "token": tokens[i]} for i in range(count)],
    }


def is_fork(meta: dict) -> bool:
    """Whether a match is a fork (never counted as a result)."""
    return bool(meta.get("fork_of"))


__all__ = ["create_fork", "is_fork"]
