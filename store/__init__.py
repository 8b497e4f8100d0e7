"""Redis storage of matches: event streams, meta, projections, snapshots, idempotency.

See docs/contracts.md ("Store API"). Import ``MatchStore`` from here.
"""
from __future__ import annotations

__all__ = ["MatchStore", "AppendResult", "hash_token", "new_seat_token", "new_match_id"]


def __getattr__(name: str):
    # Lazy so ``store.embedded`` / ``store.plugins`` can be imported on their own.
    if name in __all__:
        from . import match_store

        return getattr(match_store, name)
    raise AttributeError(name)
