"""The reference ``view`` of each card game: the per-viewer view computed the plain way, as
``rules/<game>/view.py`` did before issue 13's view work (commit f3f3690), kept as the
oracle of the equivalence property test (``tests/rules/test_view_equivalence.py``) and
timed beside the fast view by ``ops/bench/bench_view.py --reference``: every shortcut the
engines' views take must give exactly this, for every viewer, after every event.

Each game's module is its old view module, verbatim but for its imports and the
``redact_event`` it does not need. A change to what a view shows (a new field, a card newly
hidden) goes into both: the game's view and its reference here (3473ac3's face-down cards
out of play, for one). Where the view work changed how the engine reads a
number, the old reader is kept here too and the reference view runs with it
(:func:`old_readers`), so the oracle never takes the path it judges.
"""
from __future__ import annotations

from contextlib import ExitStack, contextmanager
from importlib import import_module
from typing import Any, Iterator


@contextmanager
def old_readers(game_id: str) -> Iterator[None]:
    """The engine's number readers as they were, for the length of the block (each game's
    ``OLD_READERS``: ``(module, attribute, old function)``). Not thread-safe: tests only."""
    module = import_module(f"{__name__}.{game_id}")
    with ExitStack() as stack:
        for target, name, old in getattr(module, "OLD_READERS", ()):
            saved = getattr(target, name)
            setattr(target, name, old)
            stack.callback(setattr, target, name, saved)
        yield


def reference_view(game_id: str, state: dict, viewer: Any) -> dict:
    """``view(state, viewer)`` the way it was computed before (the oracle)."""
    with old_readers(game_id):
        return import_module(f"{__name__}.{game_id}").view(state, viewer)
