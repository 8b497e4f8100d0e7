"""States of a stored match: now (read-your-writes) and at any past version."""
from __future__ import annotations

from rules.errors import InvalidRequest
from rules.protocol import Game, State
from store import MatchStore

from .fold import apply_in_place


def current_state(store: MatchStore, game: Game, match_id: str) -> tuple[int, State]:
    """``(version, state)`` at the stream's head: the projection plus every event past it.

    Does not wait for the fold worker, so a client always reads its own writes. The
    projection is freshly decoded (nobody else holds it), so it is folded in place. One
    round trip (``MatchStore.read_head``).
    """
    head = store.read_head(match_id)  # projection + tail in one round trip
    return head.version, apply_in_place(game, head.state, head.events)


def state_at(store: MatchStore, game: Game, match_id: str, version: int) -> State:
    """The state after event ``version`` (0 = the initial state): the nearest snapshot at
    or before it, or the projection if that is closer, plus the events in between."""
    head = store.version(match_id)
    if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version <= head:
        raise InvalidRequest(
            f"version must be between 0 and {head} (the match's current version)",
            code="version_out_of_range",
            details={"current_version": head, "requested": version},
        )
    base_version, state = store.nearest_snapshot(match_id, version)
    if base_version < store.projection_version(match_id) <= version:
        # A fold in another request may move the projection on between the two reads:
        # a projection already past ``version`` would replay events it holds (a crash,
        # or a wrong state), so it is used only if it is still at or before ``version``.
        proj_version, projection = store.load_projection(match_id)
        if base_version < proj_version <= version:
            base_version, state = proj_version, projection
    events = store.read_events(match_id, after=base_version, upto=version)
    return apply_in_place(game, state, events)
