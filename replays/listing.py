"""Event listings as a given viewer may see them.

Redacting an event needs the state it applied to (who could see that card then?), so a
listing of a running match used to fold the whole log on every request. Now:
- a redacted event is cached per audience (each seat, the spectators) in Redis the first
  time anyone of that audience reads it: it depends only on history, so it never changes
  while the match runs and the cache needs no invalidation (it expires after
  ``REDACTED_TTL`` seconds of no new entries);
- what is missing is computed from the nearest snapshot before it (``state_at``), never
  from version 0;
- the caller caps the page (``redacted_limit``), so a cold read folds at most one snapshot
  interval plus one page.
Once the match is over every viewer gets the stored log unredacted, with no fold at all.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.protocol import Game, Viewer
from store import MatchStore

from .history import current_state, state_at

REDACTED_TTL = 3600  # seconds a redacted page stays cached after its last addition
LISTING_FORMAT = 1  # bump when what a cached entry holds changes


def audience(game: Game, viewer: Viewer) -> str:
    """The cache's name for everyone who sees the log as ``viewer`` does (one seat, or
    all spectators), tied to the engine that redacted it so a new engine never serves
    an old engine's redactions."""
    return f"{viewer}:{game.id}:{game.engine_version}:{LISTING_FORMAT}"


@dataclass(frozen=True)
class Listing:
    events: list[dict]
    finished: bool  # the match was over when the listing was read (nothing is redacted)


def events_for(*args: Any, **kwargs: Any) -> list[dict]:
    """The events of ``listing_for`` (same arguments): ``after < v``, at most ``limit`` (at
    most ``redacted_limit`` while the match runs and they must be redacted), each as
    ``game.redact_event(event, viewer, state_before)`` shows it. Once the match is over
    every viewer sees the unredacted log: that is what lets anyone re-fold it against the
    revealed seed."""
    return listing_for(*args, **kwargs).events


def listing_for(
    store: MatchStore,
    game: Game,
    match_id: str,
    viewer: Viewer,
    after: int = 0,
    limit: int | None = None,
    redacted_limit: int | None = None,
) -> Listing:
    """``events_for`` plus whether the match was over (the SSE stream ends then)."""
    _, now = current_state(store, game, match_id)
    if game.outcome(now) is not None:
        return Listing(store.read_events(match_id, after=after, limit=limit), finished=True)
    return Listing(_redacted(store, game, match_id, viewer, after, limit, redacted_limit), finished=False)


def _redacted(
    store: MatchStore,
    game: Game,
    match_id: str,
    viewer: Viewer,
    after: int,
    limit: int | None,
    redacted_limit: int | None,
) -> list[dict]:
    if redacted_limit is not None:
        limit = redacted_limit if limit is None else min(limit, redacted_limit)
    events = store.read_events(match_id, after=after, limit=limit)
    if not events:
        return events
    who = audience(game, viewer)
    cached = store.cached_redacted(match_id, who, [e["v"] for e in events])
    missing = next((i for i, c in enumerate(cached) if c is None), None)
    if missing is None:
        return cached  # type: ignore[return-value]
    state = state_at(store, game, match_id, events[missing]["v"] - 1)
    fresh = []
    for event in events[missing:]:
        fresh.append(game.redact_event(event, viewer, state))
        state = game.apply(state, event)
    store.cache_redacted(match_id, who, fresh, REDACTED_TTL)
    return cached[:missing] + fresh  # type: ignore[operator]
