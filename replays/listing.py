"""Event listings as a given viewer may see them."""
from __future__ import annotations

from rules.protocol import Game, Viewer
from store import MatchStore

from .history import current_state, state_at


def events_for(
    store: MatchStore,
    game: Game,
    match_id: str,
    viewer: Viewer,
    after: int = 0,
    limit: int | None = None,
) -> list[dict]:
    """Events ``after < v`` (at most ``limit``), each passed through
    ``game.redact_event(event, viewer, state_before)``.

    Redaction may depend on the state the event applied to (who could see that card?),
    so the listing folds alongside, starting from the state at ``after``. Once the match
    is over every viewer sees the unredacted log: that is what lets anyone re-fold it
    against the revealed seed.
    """
    _, now = current_state(store, game, match_id)
    events = store.read_events(match_id, after=after, limit=limit)
    if game.outcome(now) is not None or not events:
        return events
    state = state_at(store, game, match_id, after)
    listing = []
    for event in events:
        listing.append(game.redact_event(event, viewer, state))
        state = game.apply(state, event)
    return listing
