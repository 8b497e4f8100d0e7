"""Replays: folding events, a match's state now or at any version, per-viewer listings,
and independent verification of a finished match against its seed commitment."""
from __future__ import annotations

from .fold import apply_in_place, copy_state, fold
from .history import current_state, state_at
from .listing import events_for
from .verify import verify_replay

__all__ = ["fold", "apply_in_place", "copy_state", "current_state", "state_at", "events_for", "verify_replay"]
