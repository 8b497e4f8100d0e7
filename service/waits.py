"""Waiting for a match to move, cheaply: long polls (``GET /state?min_version=N&wait=S``)
and the SSE stream.

The API runs on gevent (``service/server.py``), so a waiting request is a parked greenlet,
not a thread. What it waits on must not cost a Redis connection each either: one
subscription per process (``AppendWatcher``) to ``subspace:appends``, where every append
publishes its match id, wakes the local waits of that match. A wait re-reads the version
when woken and every ``recheck`` seconds anyway, so a message lost while the subscription
reconnects delays a wake-up, never loses one (and every reconnect wakes them all). One
``HangupWatcher`` per process polls every waiting client's socket once a ``tick``: a
client that hung up frees its wait within a tick (``ClientGone``).

Written with ``threading`` on purpose: under gevent's monkey-patching these are greenlets
and cooperative events; under a plain threaded server (tests, Flask's test client) they are
real threads, and the code is the same.
"""
from __future__ import annotations

import logging
import random
import select
import socket
import threading
import time
from contextlib import contextmanager
from typing import Callable, Iterator

import redis

from store import keys

log = logging.getLogger(__name__)

TICK_SECONDS = 1.0  # how often the process looks at its waiting clients' sockets
RECHECK_SECONDS = 15.0  # how often a wait re-reads the version without being woken


class ClientGone(Exception):
    """The client closed its connection while waiting: stop, nobody will read the answer."""


class AppendWatcher:
    """One pub/sub subscription per process that wakes the local waits of a match."""

    def __init__(self, conn: redis.Redis):
        self._conn = conn
        self._lock = threading.Lock()
        self._waiting: dict[str, set[threading.Event]] = {}
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._subscribed = threading.Event()

    def _ensure_started(self) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._stop.clear()
                self._thread = threading.Thread(target=self._listen, name="subspace-append-watcher", daemon=True)
                self._thread.start()

    @contextmanager
    def watch(self, match_id: str) -> Iterator[threading.Event]:
        """An event that is set whenever ``match_id`` gets an event while inside the block.
        Register *before* reading the version, so an append in between still sets it."""
        self._ensure_started()
        woken = threading.Event()
        with self._lock:
            self._waiting.setdefault(match_id, set()).add(woken)
        try:
            yield woken
        finally:
            with self._lock:
                waiters = self._waiting.get(match_id)
                if waiters is not None:
                    waiters.discard(woken)
                    if not waiters:
                        del self._waiting[match_id]

    def waiting(self) -> int:
        """How many waits this process holds (for tests and the bench)."""
        with self._lock:
            return sum(len(w) for w in self._waiting.values())

    def wake(self, match_id: str) -> None:
        with self._lock:
            waiters = list(self._waiting.get(match_id, ()))
        for woken in waiters:
            woken.set()

    def wake_all(self) -> None:
        with self._lock:
            waiters = [w for ws in self._waiting.values() for w in ws]
        for woken in waiters:
            woken.set()

    def _listen(self) -> None:
        backoff = 0.1
        while not self._stop.is_set():
            pubsub = self._conn.pubsub(ignore_subscribe_messages=True)
            try:
                pubsub.subscribe(keys.APPENDS)
                self._subscribed.set()
                self.wake_all()  # anything published while we were not subscribed
                backoff = 0.1
                while not self._stop.is_set():
                    message = pubsub.get_message(timeout=1.0)
                    if message and message.get("type") == "message":
                        data = message["data"]
                        self.wake(data.decode() if isinstance(data, bytes) else str(data))
            except (redis.RedisError, OSError):
                self._subscribed.clear()
                log.warning("append watcher lost its subscription; retrying in %.1f s", backoff)
                self._stop.wait(backoff)
                backoff = min(backoff * 2, 5.0)
            finally:
                try:
                    pubsub.close()
                except (redis.RedisError, OSError):
                    pass

    def stop(self) -> None:
        self._stop.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(3)


def wait_for_version(
    read_version: Callable[[], int],
    woken: threading.Event,
    min_version: int,
    timeout: float,
    client_gone: Callable[[], bool] = lambda: False,
    *,
    recheck: float = RECHECK_SECONDS,
) -> int:
    """Wait up to ``timeout`` seconds until ``read_version()`` reaches ``min_version``;
    returns the version then (below ``min_version`` when the time ran out). ``woken`` comes
    from ``AppendWatcher.watch`` of the same match (and ``HangupWatcher.watch`` sets it too);
    raises ``ClientGone`` as soon as a wake-up finds the client gone. Between wake-ups the
    wait costs nothing: no timer ticks, only a re-read every ``recheck`` seconds in case a
    published append was lost."""
    deadline = time.monotonic() + max(0.0, timeout)
    woken.clear()
    version = read_version()
    # The first unprompted re-read comes at a random point of the interval, so waits opened
    # together (a reconnect storm) do not all hit Redis in the same instant ever after.
    next_check = time.monotonic() + random.uniform(0, recheck)
    while version < min_version:
        now = time.monotonic()
        if now >= deadline:
            break
        woke = woken.wait(min(deadline, next_check) - now)
        if client_gone():
            raise ClientGone()
        if woke or time.monotonic() >= next_check:
            woken.clear()  # before reading: an append after the read sets it again
            version = read_version()
            next_check = time.monotonic() + recheck
    return version


def client_socket(environ: dict) -> socket.socket | None:
    """The request's socket (gunicorn and Werkzeug put it in the WSGI environ; the test
    client has none)."""
    return environ.get("gunicorn.socket") or environ.get("werkzeug.socket")


def _unpatched_poll() -> Callable[[], object]:
    """``select.poll`` as the OS gives it, not gevent's cooperative one: polled with timeout
    0 it never blocks, so it is safe on the event loop, and unlike ``select()`` it takes
    descriptors above 1024 (a worker holding 2,000 connections has them)."""
    try:
        from gevent import monkey
    except ImportError:  # pragma: no cover - gevent is a dependency
        return select.poll
    return monkey.get_original("select", "poll") if monkey.is_module_patched("select") else select.poll


_HUNG_UP = select.POLLHUP | select.POLLERR | select.POLLNVAL | getattr(select, "POLLRDHUP", 0)


class HangupWatcher:
    """One look per ``tick`` at every waiting client's socket, for the whole process: a
    single non-blocking poll over all of them, instead of each wait waking up to look at its
    own. A waiting request reads nothing more from its client, so a socket that turns
    readable means the client hung up (or sent something early: then a peek finds data and
    it is still there)."""

    def __init__(self, tick: float = TICK_SECONDS):
        self.tick = tick
        self._lock = threading.Lock()
        self._watched: dict[int, tuple[socket.socket, threading.Event, dict]] = {}
        self._poll = _unpatched_poll()()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    @contextmanager
    def watch(self, sock: socket.socket, woken: threading.Event) -> Iterator[Callable[[], bool]]:
        """While inside: when ``sock``'s client hangs up, ``woken`` is set and the yielded
        ``client_gone()`` answers True."""
        flag = {"gone": False}
        try:
            fd = sock.fileno()
        except OSError:
            fd = -1
        if fd < 0:  # already closed
            yield lambda: True
            return
        with self._lock:
            self._watched[fd] = (sock, woken, flag)
            self._poll.register(fd, select.POLLIN | _HUNG_UP)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="subspace-hangup-watcher", daemon=True)
                self._thread.start()
        try:
            yield lambda: flag["gone"]
        finally:
            with self._lock:
                if self._watched.get(fd, (None,))[0] is sock:
                    del self._watched[fd]
                    try:
                        self._poll.unregister(fd)
                    except (KeyError, ValueError, OSError):
                        pass

    def _run(self) -> None:
        while not self._stop.wait(self.tick):
            with self._lock:
                ready = [(self._watched.get(fd), events) for fd, events in self._poll.poll(0)]
            for entry, events in ready:
                if entry is None:
                    continue
                sock, woken, flag = entry
                if events & _HUNG_UP or _at_eof(sock):
                    flag["gone"] = True
                    woken.set()

    def stop(self) -> None:
        self._stop.set()


def _at_eof(sock: socket.socket) -> bool:
    try:
        return sock.recv(1, socket.MSG_PEEK) == b""  # readable: answers at once
    except BlockingIOError:
        return False
    except OSError:  # reset under us
        return True
