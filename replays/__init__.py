"""Replays: folding events, a match's state now or at any version, per-viewer listings,
and independent verification of a finished match against its seed commitment.

``replays.fold`` is the module (``fold``, ``apply_in_place``, ``copy_state``); the package
does not re-export the function so ``replays.fold.fold`` means one thing everywhere."""
from __future__ import annotations

from . import fold  # the module: use ``from replays.fold import fold`` for the function
from .decklists import decklist_commitment, verify_decklists
from .history import current_state, state_at, states_at
from .listing import Listing, events_for, listing_for
from .verify import verify_replay

__all__ = ["decklist_commitment", "verify_decklists", "fold", "current_state", "state_at", "states_at", "events_for", "listing_for",
           "Listing", "verify_replay"]
