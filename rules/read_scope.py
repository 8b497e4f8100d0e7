"""The read-only scope the engines' number readers share: inside it one state is only read
(a view, a victory check), so whatever is listed from it once (the statics in play, the
modifiers of each stat) is kept in a per-scope cache and reused until the scope ends.

Each game keeps its own ``threading.local`` (the service folds and renders matches in
several threads at once) and its own cache keys; this module owns only the entering and
leaving, which used to be written out twice (Stargate's ``stats.reading`` and Babylon 5's
``values.reading``)."""
from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Iterator


class read_only:
    """Open a scope for ``state`` on ``local.scope`` (``(state, cache)``); nested scopes on
    the same state share the outer cache, a scope on another state hides the outer one.

    A class, not a generator context manager: Stargate opens one for every victory check
    (about three per event folded), and entering and leaving two nested generators cost
    as much as a fifth of the check."""

    __slots__ = ("local", "state", "outer", "nested")

    def __init__(self, local: threading.local, state: dict) -> None:
        self.local = local
        self.state = state

    def __enter__(self) -> None:
        outer = getattr(self.local, "scope", None)
        self.nested = outer is not None and outer[0] is self.state
        if not self.nested:
            self.outer = outer
            self.local.scope = (self.state, {})

    def __exit__(self, *exc: object) -> None:
        if not self.nested:
            self.local.scope = self.outer


class ApplyingScope(threading.local):
    """Per thread: the state one event is being applied to (:meth:`applying`) and the GUIDs
    of its cards, once gathered. While one event is applied its cards are the same and none
    changes its GUID (the engines never do; only setup makes cards), so a listing of some
    text that no card of the match has can be answered at once (:meth:`absent`). Each game
    keeps its own instance (Stargate's and Star Trek's ``state.applying``)."""

    def __init__(self) -> None:
        self.state: dict | None = None
        self.guids: set | None = None

    @contextmanager
    def applying(self, state: dict) -> Iterator[None]:
        if self.state is state:
            yield
            return
        outer = self.state, self.guids
        self.state, self.guids = state, None
        try:
            yield
        finally:
            self.state, self.guids = outer

    def absent(self, state: dict, guids) -> bool:
        """While :meth:`applying` ``state``: no card of the match has one of ``guids``.
        ``False`` (not known) outside that block."""
        if self.state is not state:
            return False
        present = self.guids
        if present is None:
            present = self.guids = {c["guid"] for c in state["cards"].values()}
        return present.isdisjoint(guids)


class _Unlisted(threading.local):
    on = False


_UNLISTED = _Unlisted()


class listings_unread:
    """The state the events applied inside this block produce is read by nobody but the next
    event's ``apply`` (a batch fold: ``replays.fold.apply_in_place`` opens it for every event
    but the last and those before a control event). A decision whose answer never reads the
    options it lists (Star Trek's orders and play steps: the answer names its action) may
    then leave ``pending["options"]`` unlisted (``None``): the next event replaces that
    pending before anyone could read it, and listing every option after each order was half
    of a Star Trek fold. The state a fold returns always has its options listed, equal to
    listing them at every event (tests/replays/test_unread_listings.py)."""

    __slots__ = ("outer",)

    def __enter__(self) -> None:
        self.outer = _UNLISTED.on
        _UNLISTED.on = True

    def __exit__(self, *exc: object) -> None:
        _UNLISTED.on = self.outer


def listing_unread() -> bool:
    """Inside :class:`listings_unread`: options nobody reads may be left unlisted."""
    return _UNLISTED.on
