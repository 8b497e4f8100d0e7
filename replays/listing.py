"""Event listings as a given viewer may see them.

Redacting an event needs the state it applied to (who could see that card then?). Whoever
folds an event records how every audience sees it (``replays/redaction.py``), so a listing
of a running match is a range read of the log plus a look-up of those records: no fold.
Events past the record (a match from before recording, or recorded by another engine, or
not folded yet) are redacted on demand from the nearest snapshot before them — at most
``redacted_limit`` of them per page, so a cold page costs at most one snapshot interval
plus that many events — and recorded when they continue the record.
Once the match is over every viewer gets the stored log unredacted, with no fold at all.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.protocol import Game, Viewer
from store import MatchStore

from . import redaction
from .history import current_state, state_at


@dataclass(frozen=True)
class Listing:
    events: list[dict]
    finished: bool  # the match was over when the listing was read (nothing is redacted)


def events_for(*args: Any, **kwargs: Any) -> list[dict]:
    """The events of ``listing_for`` (same arguments): ``after < v``, at most ``limit`` (at
    most ``redacted_limit`` redacted on demand while the match runs), each as
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
    events = store.read_events(match_id, after=after, limit=limit)
    if not events:
        return events
    seats = len(store.fixed_meta(match_id).get("seat_token_hashes") or [])
    trusted = redaction.tag(game, seats)
    tag, upto, records = store.recorded_redactions(match_id, [e["v"] for e in events])
    if tag != trusted or viewer not in redaction.audiences(seats):
        upto = 0
    shown = [redaction.seen_by(e, r, viewer) for e, r in zip(events, records) if e["v"] <= upto]
    missing = events[len(shown):]
    if not missing:
        return shown
    if redacted_limit is not None:
        missing = missing[:redacted_limit]
    state = state_at(store, game, match_id, missing[0]["v"] - 1)
    _, fresh = redaction.fold_recording(game, state, missing, seats)
    store.record_redactions(match_id, trusted, missing[0]["v"], fresh)
    return shown + [redaction.seen_by(e, r, viewer) for e, r in zip(missing, fresh)]
