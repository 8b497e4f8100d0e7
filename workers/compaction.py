"""Compacting matches that finished before ``fold_pending`` dropped their snapshots itself
(or whose late fold job wrote one after the end): part of ``subspace sweep --full``."""
from __future__ import annotations

import redis

from rules.errors import NotFound
from store import MatchStore, codec, keys

from .jobs import FINISHED_SNAPSHOT_EVERY


def _well_formed(match_id: str) -> bool:
    try:
        keys.check_match_id(match_id)
    except NotFound:
        return False
    return True


def compact_finished(conn: redis.Redis, batch: int = 500) -> list[str]:
    """Drop the intermediate snapshots of every finished match that still has some (all but
    version 0 and every ``FINISHED_SNAPSHOT_EVERY``-th); returns the ids of those compacted. One pipelined read (status, snapshot count) per ``batch`` matches."""
    store = MatchStore(conn)
    compacted: list[str] = []
    ids = [m for m in (raw.decode() for raw, _ in conn.zscan_iter(keys.MATCHES, count=batch)) if _well_formed(m)]
    for start in range(0, len(ids), batch):
        chunk = ids[start:start + batch]
        pipe = conn.pipeline(transaction=False)
        for match_id in chunk:
            pipe.hget(keys.meta(match_id), "status")
            pipe.hlen(keys.snapshots(match_id))
        answers = pipe.execute()
        for i, match_id in enumerate(chunk):
            status, snapshots = answers[2 * i], answers[2 * i + 1]
            if status is not None and codec.loads(status) == "finished" and snapshots > 1:
                if store.drop_intermediate_snapshots(match_id, FINISHED_SNAPSHOT_EVERY):
                    compacted.append(match_id)
    return compacted
