"""Periodic safety net: re-enqueue folds for matches whose projection is behind.

Needed because a worker killed mid-fold (or a Redis failover dropping a queued job)
leaves events unfolded with no job coming. Reads stay correct meanwhile (the service
folds past the projection on read); the sweep only bounds how far behind it gets.
"""
from __future__ import annotations

import redis

from rules.errors import NotFound
from store import MatchStore, keys

from .enqueue import QUEUE, enqueue_fold
from .jobs import settle_lagging


def _lags(store: MatchStore, match_id: str) -> bool:
    pipe = store.conn.pipeline(transaction=False)
    pipe.hget(keys.projection(match_id), "version")
    pipe.xrevrange(keys.events(match_id), count=1)
    proj, last = pipe.execute()
    if proj is None:
        return False
    head = int(last[0][0].decode().split("-")[0]) if last else 0
    return int(proj) < head


def sweep_lagging(conn: redis.Redis, *, full: bool = False, queue: str = QUEUE) -> list[str]:
    """Enqueue a (coalesced) fold for every lagging match; returns the lagging ids.

    Candidates are the ``subspace:lagging`` hints; ``full=True`` also checks every match in
    ``subspace:matches`` (slower; for the rare case a hint was never written, e.g. a crash
    between XADD and SADD). Matches found caught up are removed from the hint set.
    """
    store = MatchStore(conn)
    candidates = {m.decode() for m in conn.smembers(keys.LAGGING)}
    if full:
        candidates |= {m.decode() for m, _ in conn.zscan_iter(keys.MATCHES, count=500)}
    lagging = []
    for match_id in sorted(candidates):
        try:
            behind = _lags(store, match_id)
        except NotFound:  # a malformed id in the index names no match: drop it
            conn.srem(keys.LAGGING, match_id)
            continue
        if behind:
            conn.sadd(keys.LAGGING, match_id)
            enqueue_fold(conn, match_id, queue=queue)
            lagging.append(match_id)
        else:
            settle_lagging(conn, match_id)
    return lagging
