"""States of a stored match: now (read-your-writes) and at any past version."""
from __future__ import annotations

from rules.errors import InvalidRequest
from rules.protocol import Game, State
from store import MatchStore, codec

from .fold import apply_in_place


def current_state(store: MatchStore, game: Game, match_id: str) -> tuple[int, State]:
    """``(version, state)`` at the stream's head: the projection plus every event past it.

    Does not wait for the fold worker, so a client always reads its own writes. The
    projection is freshly decoded (nobody else holds it), so it is folded in place. One
    round trip (``MatchStore.read_head``).
    """
    head = store.read_head(match_id)  # projection + tail in one round trip
    return head.version, apply_in_place(game, head.state, head.events)


def _out_of_range(version: object, head: int) -> InvalidRequest:
    return InvalidRequest(
        f"version must be between 0 and {head} (the match's current version)",
        code="version_out_of_range",
        details={"current_version": head, "requested": version},
    )


def states_at(store: MatchStore, game: Game, match_id: str, version: int) -> tuple[int, State, State]:
    """``(head version, state now, state after event version)`` in one round trip
    (``MatchStore.read_at``): what a replay shows. The past state is the nearest stored
    one at or before ``version`` (a snapshot, an archive's checkpoint or the projection,
    read atomically together) plus the events in between; each state is freshly decoded,
    so folded in place."""
    if not isinstance(version, int) or isinstance(version, bool):
        raise _out_of_range(version, store.version(match_id))
    read = store.read_at(match_id, version)
    if read.base is None or read.events is None or read.base_version is None:
        raise _out_of_range(version, read.version)
    past = apply_in_place(game, codec.unpack_state(read.base), read.events)
    if version == read.version:
        return read.version, past, past  # the head: one state (callers only read it)
    return read.version, apply_in_place(game, codec.unpack_state(read.projection), read.tail), past


def state_at(store: MatchStore, game: Game, match_id: str, version: int) -> State:
    """The state after event ``version`` (0 = the initial state): ``states_at``'s."""
    return states_at(store, game, match_id, version)[2]
