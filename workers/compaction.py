"""Compacting finished matches that are not archived yet (``MatchStore.archive_finished``):
those that finished before archiving existed, whose archive was refused (not folded to
their end then) or whose late fold job wrote a snapshot after the end. Part of
``subspace sweep --full``."""
from __future__ import annotations

import redis

from rules.errors import NotFound
from store import MatchStore, codec, keys

from .after_event import archive_checkpoints
from .jobs import FINISHED_SNAPSHOT_EVERY


def _well_formed(match_id: str) -> bool:
    try:
        keys.check_match_id(match_id)
    except NotFound:
        return False
    return True


def compact_finished(conn: redis.Redis, batch: int = 500) -> list[str]:
    """Archive every finished match that is not archived yet, or (a match not folded to its
    end) drop its intermediate snapshots (all but version 0 and every
    ``FINISHED_SNAPSHOT_EVERY``-th); returns the ids of those compacted. One pipelined read
    (status, archived, snapshot count) per ``batch`` matches."""
    store = MatchStore(conn)
    compacted: list[str] = []
    ids = [m for m in (raw.decode() for raw, _ in conn.zscan_iter(keys.MATCHES, count=batch)) if _well_formed(m)]
    for start in range(0, len(ids), batch):
        chunk = ids[start:start + batch]
        pipe = conn.pipeline(transaction=False)
        for match_id in chunk:
            pipe.hget(keys.meta(match_id), "status")
            pipe.exists(keys.archive(match_id))
            pipe.hlen(keys.snapshots(match_id))
        answers = pipe.execute()
        for i, match_id in enumerate(chunk):
            status, archived, snapshots = answers[3 * i:3 * i + 3]
            if status is None or codec.loads(status) != "finished":
                continue
            if not archived and store.archive_finished(match_id, FINISHED_SNAPSHOT_EVERY,
                                                       checkpoints=archive_checkpoints(store, match_id)):
                compacted.append(match_id)
            elif snapshots > 1 and store.drop_intermediate_snapshots(match_id, FINISHED_SNAPSHOT_EVERY):
                compacted.append(match_id)
    return compacted
