"""Independent re-fold of a finished match from its revealed seed."""
from __future__ import annotations

from rules import rng
from rules.errors import InvalidRequest
from rules.protocol import Game, State

from .fold import apply_in_place


def verify_replay(game: Game, config: dict, seed: str, events: list[dict], commitment: str) -> State:
    """Check ``sha256(seed) == commitment`` and that events are versions 1..N in order,
    then fold them from ``setup(config, seed)`` and return the final state.

    Raises ``InvalidRequest`` (code ``seed_mismatch`` or ``replay_gap``) when the log or
    the seed cannot be the match that was committed to.
    """
    if rng.commitment(seed) != commitment:
        raise InvalidRequest(
            "the seed does not match the commitment published when the match was created",
            code="seed_mismatch",
            details={"commitment": commitment, "sha256_of_seed": rng.commitment(seed)},
        )
    for expected, event in enumerate(events, start=1):
        if event.get("v") != expected:
            raise InvalidRequest(
                f"event log is not contiguous: expected version {expected}, found {event.get('v')}",
                code="replay_gap",
            )
    return apply_in_place(game, game.setup(config, seed), events)
