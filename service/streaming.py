"""Long polls and the live stream, held cheaply on the event-loop worker.

``HeldWait`` is one client's open wait on one match: a lease under the client's cap
(``store.open_waits``: 429 ``too_many_waits`` past it), a wake-up from the process's
``AppendWatcher`` and a probe of the client's socket, so a client that hangs up frees its
wait within a tick. ``GET /state?min_version=&wait=`` holds one for the length of its wait;
``GET /stream`` (Server-Sent Events) holds one for as long as it is open, renewing the
lease at every keep-alive.
"""
from __future__ import annotations

import json
from typing import Iterator

from replays import listing_for
from rules.protocol import Viewer

from .runtime import Runtime
from .waits import ClientGone, client_socket, wait_for_version

LEASE_GRACE = 30.0  # seconds a lease outlives the wait it covers (a crashed process's expires)


class HeldWait:
    def __init__(self, rt: Runtime, client: str, match_id: str, environ: dict, lease_seconds: float):
        self.rt = rt
        self.client = client
        self.match_id = match_id
        self.lease_seconds = lease_seconds + LEASE_GRACE
        self._socket = client_socket(environ)
        self._gone = lambda: False
        self._wait_id: str | None = None
        self._watch = None
        self._hangup = None
        self._woken = None

    def open(self) -> "HeldWait":
        """Take the lease (``TooManyWaits`` at the cap) and start listening for appends."""
        self._wait_id = self.rt.open_waits.acquire(self.client, self.rt.settings.limits.open_waits_per_client,
                                                   self.lease_seconds)
        self._watch = self.rt.watcher.watch(self.match_id)
        self._woken = self._watch.__enter__()
        if self._socket is not None:
            self._hangup = self.rt.hangups.watch(self._socket, self._woken)
            self._gone = self._hangup.__enter__()
        return self

    def until(self, min_version: int, timeout: float) -> int:
        """Wait up to ``timeout`` s for ``min_version``; the version then. ``ClientGone``
        when the client hangs up meanwhile."""
        assert self._woken is not None, "open() first"
        return wait_for_version(lambda: self.rt.store.version(self.match_id), self._woken, min_version, timeout,
                                self._gone)

    def renew(self) -> None:
        if self._wait_id is not None:
            self.rt.open_waits.renew(self.client, self._wait_id, self.lease_seconds)

    def close(self) -> None:
        if self._hangup is not None:
            self._hangup.__exit__(None, None, None)
            self._hangup = None
        if self._watch is not None:
            self._watch.__exit__(None, None, None)
            self._watch = None
        if self._wait_id is not None:
            wait_id, self._wait_id = self._wait_id, None
            self.rt.open_waits.release(self.client, wait_id)

    def __enter__(self) -> "HeldWait":
        return self.open()

    def __exit__(self, *exc: object) -> None:
        self.close()


def long_poll(rt: Runtime, client: str, environ: dict):
    """The ``wait_for(match_id, min_version, seconds)`` of ``matches_logic.state_for``: no
    lease when the version is already there, else a ``HeldWait`` for the wait's length."""

    def wait_for(match_id: str, min_version: int, seconds: float) -> None:
        if seconds <= 0 or rt.store.version(match_id) >= min_version:
            return
        with HeldWait(rt, client, match_id, environ, seconds) as held:
            held.until(min_version, seconds)

    return wait_for


def sse(fields: dict[str, object]) -> bytes:
    """One Server-Sent Events message (``data`` JSON on one line, so no line splitting)."""
    lines = []
    for name, value in fields.items():
        text = value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))
        lines.append(f"{name}: {text}")
    return ("\n".join(lines) + "\n\n").encode()


KEEP_ALIVE = b": keep-alive\n\n"


def event_stream(rt: Runtime, game, match_id: str, viewer: Viewer, after: int, held: HeldWait) -> Iterator[bytes]:
    """The stream's body: every event past ``after`` redacted for ``viewer`` (exactly as
    ``GET /events`` shows it: same listing, same cache), each with ``id: <version>``;
    then new ones as they are appended; a keep-alive comment after each quiet
    ``stream_keepalive`` seconds; and, once the match is over and its last event sent, an
    ``end`` event, after which the stream closes. ``held`` is already open; it is closed
    here when the stream ends or the client goes away."""
    limits = rt.settings.limits
    try:
        while True:
            listing = listing_for(rt.store, game, match_id, viewer, after=after,
                                  limit=limits.redacted_events_limit, redacted_limit=limits.redacted_events_limit)
            for event in listing.events:
                yield sse({"id": str(event["v"]), "data": event})
                after = event["v"]
            if listing.events:
                continue
            if listing.finished:
                yield sse({"event": "end", "data": {"match_id": match_id, "version": after, "status": "finished"}})
                return
            if held.until(after + 1, limits.stream_keepalive) <= after:
                yield KEEP_ALIVE
            held.renew()
    except ClientGone:
        return
    finally:
        held.close()
