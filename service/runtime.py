"""The service's live resources (Redis connection, store, embedded server) and what
happens after an append (fold now, or enqueue a fold job), held in one object per app."""
from __future__ import annotations

import atexit
import logging
from dataclasses import dataclass, field

import redis
from flask import after_this_request, current_app, has_request_context

from store import MatchStore
from store.connection import connect
from store.players import PlayerStore
from store.embedded import EmbeddedRedis, start_embedded
from store.memory import MemoryGuard
from store.open_waits import OpenWaits
from workers import enqueue_fold, fold_pending, settle_lagging
from workers.standing_orders import apply_orders

from .notifications import notify_your_turn
from .settings import Settings
from .waits import AppendWatcher, HangupWatcher

log = logging.getLogger(__name__)


@dataclass
class Runtime:
    settings: Settings
    conn: redis.Redis
    store: MatchStore
    embedded: EmbeddedRedis | None = None
    players: PlayerStore = field(default=None)  # type: ignore[assignment]  # set in __post_init__
    watcher: AppendWatcher = field(init=False)  # wakes this process's long polls and streams
    hangups: HangupWatcher = field(init=False)  # ... and ends those whose client hung up
    open_waits: OpenWaits = field(init=False)  # per-client cap on them, shared by all processes
    memory: MemoryGuard = field(init=False)  # refuses new matches before Redis is full
    _closed: bool = field(default=False, repr=False)

    def __post_init__(self) -> None:
        if self.players is None:
            self.players = PlayerStore(self.conn)
        self.watcher = AppendWatcher(self.conn)
        self.hangups = HangupWatcher()
        self.open_waits = OpenWaits(self.conn)
        limits = self.settings.limits
        self.memory = MemoryGuard(self.conn, reserve=limits.store_reserve, max_bytes=limits.store_max_bytes)

    @classmethod
    def start(cls, settings: Settings) -> "Runtime":
        """Connect to ``settings.redis_url``, or start the embedded Redis (data under
        ``settings.data_dir``, AOF on) and stop it when the process exits."""
        embedded = None
        url = settings.redis_url
        if url is None:
            embedded = start_embedded(settings.data_dir)
            atexit.register(embedded.stop)
            url = embedded.url
            log.info("embedded redis at %s (data in %s)", url, embedded.data_dir)
        conn = connect(url)
        return cls(settings=settings, conn=conn, store=MatchStore(conn), embedded=embedded)

    @property
    def redis_url(self) -> str:
        return self.embedded.url if self.embedded is not None else str(self.settings.redis_url)

    def after_append(self, match_id: str) -> None:
        """Bring the projection forward: fold in this process (``inline``) or hand the
        match to the coalesced RQ fold job (``rq``). Failing here loses nothing (reads fold
        past the projection and the sweep re-enqueues lagging matches), so it is logged,
        never reported to the client whose action is already stored."""
        try:
            if self.settings.fold_mode == "inline":
                # In a request, a fold that ends the match leaves its heavy steps for after
                # the answer, and the hint with them (finish_later).
                if fold_pending(self.conn, match_id, finish=not has_request_context())["finish_left"]:
                    self.finish_later(match_id)
                else:
                    settle_lagging(self.conn, match_id)  # drop the append's "lagging" hint
            else:
                enqueue_fold(self.conn, match_id)
        except Exception:  # noqa: BLE001 - the append succeeded; the sweep catches up
            log.exception("post-append fold of match %s failed; the sweep will catch up", match_id)

    def finish_later(self, match_id: str) -> None:
        """A match a POST ended: its heavy steps (``workers.after_event.finish_match``: the
        analytics' re-fold, the archive) run in the fold job (``rq``) or, ``inline``, in this
        process once the answer has been sent (the response's close), so the POST that ends
        a match costs what any other does. The match stays hinted meanwhile, so if the
        process dies first the sweep's fold job runs them (``_settle_unfolded_head``)."""
        if self.settings.fold_mode != "inline" or not has_request_context():
            self.after_append(match_id)
            return

        @after_this_request
        def _later(response):
            response.call_on_close(lambda: self.after_append(match_id))
            return response

    def play_orders(self, match_id: str) -> int:
        """Play the standing orders that apply now (``workers.standing_orders``), each as its
        seat's action, then bring the projection forward; called after every append the
        service makes. Like the fold, a failure is logged, never reported to the client
        whose request already succeeded (the next append tries again)."""
        try:
            played = apply_orders(self.conn, match_id, on_appended=notify_your_turn)
        except Exception:  # noqa: BLE001 - the client's own event is stored
            log.exception("standing orders of match %s failed", match_id)
            return 0
        if played:
            self.after_append(match_id)
        return played

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self.watcher.stop()
        self.hangups.stop()
        self.conn.close()
        if self.embedded is not None:
            self.embedded.stop()


def runtime() -> Runtime:
    """The current app's ``Runtime`` (inside a request or app context)."""
    return current_app.extensions["subspace"]
