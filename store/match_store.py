"""``MatchStore``: the one object that reads and writes a match in Redis.

Layout (docs/contracts.md): ``{m:<id>}:events`` stream (entry id ``<version>-0``; the event
in compact fields ``t s p ts``, or whole in field ``e``: ``store/event_codec.py``), ``:meta`` hash (every value orjson-encoded so types survive),
``:proj`` hash (``version``, ``state``), ``:snap`` hash (version → state; version 0 is the
initial state, so every match has a snapshot to fold from), ``:idem:<key>`` strings.

The client must be a bytes client (``decode_responses=False``, redis-py's default):
states are orjson bytes and must not be decoded as text on the way.
"""
from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Callable

import redis

from rules.errors import InvalidRequest, NotFound, VersionConflict

from . import archive, codec, event_codec, keys, scripts
from .connection import is_cluster

EVENT_SCHEMA = 1
IDEMPOTENCY_TTL = 24 * 3600  # seconds a stored response answers retries


@dataclass(frozen=True)
class Head:
    """A match's current state as one round trip reads it (``MatchStore.read_head``): the
    projection, the events past it, the answer stored under an idempotency key (if asked
    and found) and whether any seat has standing orders."""

    projection_version: int
    state: dict  # freshly decoded: the caller owns it (fold it in place)
    events: list[dict]
    answer: bytes | None
    has_orders: bool

    @property
    def version(self) -> int:
        return self.events[-1]["v"] if self.events else self.projection_version


@dataclass(frozen=True)
class PastRead:
    """What ``MatchStore.read_at`` read: the head (the stored projection, packed, and the
    events past it) and, for a version within 0..head, the base (``base_version`` and its
    stored bytes: packed or orjson) with the events after it up to that version."""

    projection_version: int
    projection: bytes
    tail: list[dict]
    version: int  # the head
    base_version: int | None = None
    base: bytes | None = None
    events: list[dict] | None = None

    def based(self, version: int, state: bytes, events: list[dict]) -> "PastRead":
        return PastRead(self.projection_version, self.projection, self.tail, self.version, version, state, events)


@dataclass(frozen=True)
class AppendResult:
    version: int  # the version the event got (the original one when replayed)
    replayed: bool  # True: same idempotency key seen before, nothing was appended
    response: Any  # what the caller asked to store (or {"version": v}); the original when replayed


def new_match_id() -> str:
    """96 random bits, URL-safe: unguessable, so knowing one id reveals no other."""
    return secrets.token_urlsafe(12)


def hash_token(token: str) -> str:
    """SHA-256 hex of a seat bearer token; only hashes are stored (a leaked meta hash
    does not let anyone act for a seat). Tokens are random 256-bit strings, so a plain
    hash (no salt, no KDF) is enough."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_seat_token() -> str:
    return secrets.token_urlsafe(32)


def utc_now_iso() -> str:
    """Server timestamp in the event format: ``2026-11-22T10:00:00.123Z``."""
    return iso_utc(datetime.now(timezone.utc))


def iso_utc(moment: datetime) -> str:
    """``moment`` (aware) in the event format; strings of this one format order like instants."""
    moment = moment.astimezone(timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def _version_of(entry_id: bytes | str) -> int:
    if isinstance(entry_id, bytes):
        entry_id = entry_id.decode()
    return int(entry_id.split("-", 1)[0])


def _encoded(state: dict | bytes) -> bytes:
    """A state as stored (``codec.pack_state``: zlib-compressed JSON with a marker byte)."""
    return codec.pack_state(state)


def stored_event(event: dict, version: int, ts: str | None = None) -> dict:
    """``event`` (``{type, seat, payload}``) as the log stores it at ``version``: what every
    fold applies, so whoever applies it before appending computes the same state."""
    return {**event, "v": version, "schema": event.get("schema", EVENT_SCHEMA), "ts": ts or utc_now_iso()}


# Meta fields that change after creation (every ``update_meta`` call: a match finishing,
# a re-fold's record and the engine versions it accepts); everything else is fixed when the
# match is created, so a process may keep it (``MatchStore.fixed_meta``).
MUTABLE_META = frozenset({"status", "outcome", "finished_version", "updated", "refold", "engine_version",
                          "card_data_version"})
META_CACHE_SIZE = 4096


def _snapshot_arg(snapshot: bool, fold_cost: tuple[float, float] | None) -> str:
    """APPEND_PROJECTED's snapshot argument: "1", "0" or "c<µs>:<µs>" (scripts.py)."""
    if snapshot:
        return "1"
    if fold_cost is None:
        return "0"
    cost, budget = fold_cost
    return f"c{max(0, round(cost * 1e6))}:{max(1, round(budget * 1e6))}"


def _fingerprint(event: dict) -> str:
    body = {"type": event.get("type"), "seat": event.get("seat"), "payload": event.get("payload")}
    return hashlib.sha256(codec.dumps(body)).hexdigest()


class MatchStore:
    """Reads and writes matches; every method raises ``NotFound`` for an unknown id."""

    def __init__(self, conn: redis.Redis, *, idempotency_ttl: int = IDEMPOTENCY_TTL):
        self.conn = conn
        self.idempotency_ttl = idempotency_ttl
        self._append = conn.register_script(scripts.APPEND)
        self._append_projected = conn.register_script(scripts.APPEND_PROJECTED)
        self._read_head = conn.register_script(scripts.READ_HEAD)
        self._read_at = conn.register_script(scripts.READ_AT)
        self._fixed_meta: dict[str, dict] = {}  # match id -> the meta fields that never change
        self._write_projection = conn.register_script(scripts.WRITE_PROJECTION)
        self._update_meta = conn.register_script(scripts.UPDATE_META)
        self._expire_unstarted = conn.register_script(scripts.EXPIRE_UNSTARTED)
        self._drop_snapshots = conn.register_script(scripts.DROP_INTERMEDIATE_SNAPSHOTS)
        self._archive = conn.register_script(scripts.ARCHIVE)
        self._record_redactions = conn.register_script(scripts.RECORD_REDACTIONS)

    @classmethod
    def from_url(cls, url: str, **kwargs: Any) -> "MatchStore":
        from .connection import client

        return cls(client(url), **kwargs)

    # ---- meta ---------------------------------------------------------------------
    def create_match(self, meta: dict, initial_state: dict) -> str:
        """Write meta, projection v0 and snapshot v0 in one MULTI; index the match.

        ``meta`` holds what the service pins (game, ruleset, engine_version, config,
        seat_token_hashes, seed_commitment, seed, status, ...). Plain tokens are refused.
        """
        if any("token" in k and "hash" not in k for k in meta):
            raise ValueError("store seat token hashes (hash_token), never the tokens themselves")
        match_id = new_match_id()
        now = utc_now_iso()
        fields = {k: codec.dumps(v) for k, v in {**meta, "id": match_id, "created": now, "updated": now}.items()}
        state = _encoded(initial_state)
        pipe = self.conn.pipeline(transaction=True)
        pipe.hset(keys.meta(match_id), mapping=fields)
        pipe.hset(keys.projection(match_id), mapping={"version": 0, "state": state})
        pipe.hset(keys.snapshots(match_id), "0", state)
        pipe.execute()
        # Cross-slot indexes, outside the MULTI (a Cluster could not run it inside).
        created = time.time()
        pipe = self.conn.pipeline(transaction=False)
        pipe.zadd(keys.MATCHES, {match_id: created})
        pipe.zadd(keys.UNSTARTED, {match_id: created})
        pipe.execute()
        return match_id

    def get_meta(self, match_id: str) -> dict:
        raw = self.conn.hgetall(keys.meta(match_id))
        if not raw:
            raise NotFound(f"no match with id {match_id!r}")
        return {k.decode(): codec.loads(v) for k, v in raw.items()}

    def fixed_meta(self, match_id: str) -> dict:
        """The meta fields that never change after creation (all but ``MUTABLE_META``),
        read once per process: the POST path needs only these (game, config, token hashes,
        seat players and bots, seed). ``NotFound`` for an unknown id; a match deleted since
        it was cached is caught by the next store call (its keys are gone)."""
        found = self._fixed_meta.get(match_id)
        if found is None:
            found = {k: v for k, v in self.get_meta(match_id).items() if k not in MUTABLE_META}
            if len(self._fixed_meta) >= META_CACHE_SIZE:
                self._fixed_meta.pop(next(iter(self._fixed_meta)))  # the oldest entry
            self._fixed_meta[match_id] = found
        return found

    def update_meta(self, match_id: str, **fields: Any) -> None:
        fields["updated"] = utc_now_iso()
        args: list[Any] = []
        for k, v in fields.items():
            args += [k, codec.dumps(v)]
        if not self._update_meta(keys=[keys.meta(match_id)], args=args):
            raise NotFound(f"no match with id {match_id!r}")

    def exists(self, match_id: str) -> bool:
        try:
            return bool(self.conn.exists(keys.meta(match_id)))
        except NotFound:
            return False

    def list_matches(self, offset: int = 0, limit: int = 100) -> list[str]:
        """Match ids, newest first."""
        return [m.decode() for m in self.conn.zrevrange(keys.MATCHES, offset, offset + limit - 1)]

    def count_matches(self) -> int:
        """How many matches ``list_matches`` pages through."""
        return int(self.conn.zcard(keys.MATCHES))

    def expire_unstarted(self, older_than_seconds: float, now: float | None = None) -> list[str]:
        """Delete every *unstarted* match created more than ``older_than_seconds`` ago and
        return their ids. Unstarted means its event stream is empty: nobody has posted a
        single action since it was created (version 0). Such a match holds memory (meta,
        initial projection and snapshot: tens of KiB) for nobody; a match with even one event
        is never touched. Candidates come from ``subspace:unstarted`` (creation time; the
        first append removes a match), so a sweep reads only old unstarted matches.
        """
        cutoff = (time.time() if now is None else now) - older_than_seconds
        expired = []
        for raw in self.conn.zrangebyscore(keys.UNSTARTED, "-inf", cutoff):
            match_id = raw.decode()
            try:
                # its annotations too (notes may anchor at version 0): none outlives its match
                match_keys = [keys.meta(match_id), keys.events(match_id), keys.projection(match_id),
                              keys.snapshots(match_id), keys.fold_queued(match_id), keys.standing_orders(match_id),
                              keys.notes(match_id, "events"), keys.notes(match_id, "state"), keys.digests(match_id)]
            except NotFound:  # a malformed id in the index names no match
                match_keys = None
            if match_keys is not None and self._expire_unstarted(keys=match_keys):
                pipe = self.conn.pipeline(transaction=False)
                for index in (keys.MATCHES, keys.DEADLINES, keys.BOTS_DUE):  # cross-match indexes
                    pipe.zrem(index, raw)
                pipe.execute()
                expired.append(match_id)
            # Deleted, started (its first append's ZREM was lost) or malformed: not a candidate.
            self.conn.zrem(keys.UNSTARTED, raw)
        return expired

    def seat_for_token(self, match_id: str, token: str | None) -> int | None:
        """The seat whose stored hash matches ``token`` (constant-time compare), else None."""
        if not token:
            return None
        hashes = self.get_meta(match_id).get("seat_token_hashes") or []
        digest = hash_token(token)
        found = None
        for seat, stored in enumerate(hashes):
            if secrets.compare_digest(digest, stored):
                found = seat
        return found

    # ---- events -------------------------------------------------------------------
    def append(
        self,
        match_id: str,
        expected_version: int,
        event: dict,
        idempotency_key: str | None = None,
        response: Any = None,
        ts: str | None = None,
    ) -> AppendResult:
        """Append ``event`` (``{type, seat, payload}``) as version ``expected_version + 1``.

        ``ts`` is the server time to stamp (default: now); the service passes the moment
        it validated the event at, so a clock deadline checked then is the one folded.

        Raises ``VersionConflict`` if the stream is not at ``expected_version``. With an
        ``idempotency_key`` seen before, returns the stored result and appends nothing
        (a reused key with a different event raises ``InvalidRequest``). On success the
        match is flagged in ``subspace:lagging`` for the fold worker / sweep and its id is
        published on ``subspace:appends`` for whoever waits on it.
        """
        if not isinstance(expected_version, int) or isinstance(expected_version, bool) or expected_version < 0:
            raise InvalidRequest("expected_version must be a non-negative integer", code="invalid_version")
        stored = stored_event(event, expected_version + 1, ts)
        return self._run_append(self._append, match_id, expected_version, event, stored, idempotency_key, response,
                                extra_keys=[], extra_args=[])

    def append_projected(
        self,
        match_id: str,
        expected_version: int,
        stored: dict,
        state: dict,
        idempotency_key: str | None = None,
        response: Any = None,
        *,
        snapshot: bool = False,
        fold_cost: tuple[float, float] | None = None,
        redactions: tuple[str, int, list[bytes]] | None = None,
    ) -> AppendResult:
        """``append`` of an event already in its stored form (``stored_event``) together with
        ``state``, the state after it, as the projection (and as a snapshot if ``snapshot``):
        one script call, so the POST path's state in hand needs no fold afterwards and the
        match is never lagging. ``fold_cost`` (seconds the event took to fold, budget): when
        not ``snapshot``, the state is stored as a snapshot once the fold time since the last
        one reaches the budget (the projection's ``spent``). ``redactions`` (engine tag, first version, one record per
        version up to this event's) records how every audience sees the events the caller
        folded (``replays/redaction.py``, ``record_redactions``). Same results and errors as
        ``append``."""
        if not isinstance(expected_version, int) or isinstance(expected_version, bool) or expected_version < 0:
            raise InvalidRequest("expected_version must be a non-negative integer", code="invalid_version")
        if stored.get("v") != expected_version + 1:
            raise ValueError("stored event's version must be expected_version + 1 (use stored_event)")
        event = {k: stored.get(k) for k in ("type", "seat", "payload")}
        raw = codec.dumps(state)
        return self._run_append(
            self._append_projected, match_id, expected_version, event, stored, idempotency_key, response,
            extra_keys=[keys.projection(match_id), keys.snapshots(match_id), keys.digests(match_id),
                        *([keys.redactions(match_id)] if redactions else [])],
            extra_args=[codec.pack_state(raw), _snapshot_arg(snapshot, fold_cost), codec.state_digest(raw),
                        *([redactions[0], redactions[1], *redactions[2]] if redactions else [])],
        )

    def _run_append(self, script, match_id: str, expected_version: int, event: dict, stored: dict,
                    idempotency_key: str | None, response: Any, *, extra_keys: list, extra_args: list) -> AppendResult:
        version = expected_version + 1
        idem_key = keys.idempotency(match_id, idempotency_key) if idempotency_key is not None else keys.no_idempotency(match_id)
        fp = _fingerprint(event)
        body = response if response is not None else {"version": version}
        record = codec.dumps({"version": version, "response": body, "fp": fp})
        status, *rest = script(
            keys=[keys.events(match_id), keys.meta(match_id), idem_key, *extra_keys],
            args=[expected_version, record, self.idempotency_ttl, 6 + len(extra_args), keys.APPENDS, match_id, *extra_args,
                  *event_codec.entry_fields(stored)],
        )
        status = status.decode()
        if status == "ok":
            projected = bool(extra_keys)
            if not projected or int(rest[0]) == 1:
                pipe = self.conn.pipeline(transaction=False)
                if not projected:  # the projection is behind: the fold worker / sweep catch up
                    pipe.sadd(keys.LAGGING, match_id)
                if int(rest[0]) == 1:
                    pipe.zrem(keys.UNSTARTED, match_id)  # it has started: never expired as abandoned
                pipe.execute()
            return AppendResult(version=int(rest[0]), replayed=False, response=body)
        if status == "replayed":
            return self._replayed(rest[0], fp)
        if status == "conflict":
            raise VersionConflict(int(rest[0]), expected_version)
        raise NotFound(f"no match with id {match_id!r}")

    @staticmethod
    def _replayed(raw: bytes, fp: str | None) -> AppendResult:
        """The stored answer ``raw``; a different event under the same key (``fp``) is an error."""
        original = codec.loads(raw)
        if fp is not None and original["fp"] != fp:
            raise InvalidRequest(
                "this Idempotency-Key was already used for a different action",
                code="idempotency_key_reused",
                details={"version": original["version"]},
            )
        return AppendResult(version=original["version"], replayed=True, response=original["response"])

    def read_head(self, match_id: str, idempotency_key: str | None = None) -> Head:
        """The projection, the events past it, the answer stored under ``idempotency_key``
        and whether any seat has standing orders, in one script call (``NotFound`` for an
        unknown id)."""
        idem_key = keys.idempotency(match_id, idempotency_key) if idempotency_key is not None else keys.no_idempotency(match_id)
        reply = self._read_head(keys=[keys.projection(match_id), keys.events(match_id), idem_key,
                                      keys.standing_orders(match_id)])
        if reply[1] is None:
            raise NotFound(f"no match with id {match_id!r}")
        answer, version, state, tail, orders = reply
        events = [event_codec.event_of(entry_id, dict(zip(flat[::2], flat[1::2]))) for entry_id, flat in tail]
        return Head(projection_version=int(version), state=codec.unpack_state(state), events=events,
                    answer=answer, has_orders=int(orders) > 0)

    def read_at(self, match_id: str, version: int) -> "PastRead":
        """What a replay of ``version`` needs, in one script call (``scripts.READ_AT``): the
        head (projection + tail, as ``read_head``) and the stored state nearest at or before
        ``version`` with the events from it to ``version`` (``base`` None when ``version``
        is outside 0..head). An archived match's base and events come from its archive
        (``archive.unpack_cached``: decompressed once per process). ``NotFound`` for an
        unknown id."""
        reply = self._read_at(keys=[keys.projection(match_id), keys.events(match_id), keys.snapshots(match_id),
                                    keys.archive(match_id)], args=[version])
        if reply[0] is None:
            raise NotFound(f"no match with id {match_id!r}")
        proj_version, proj_state, tail_entries = int(reply[0]), reply[1], reply[2]
        tail = [event_codec.event_of(entry_id, dict(zip(flat[::2], flat[1::2]))) for entry_id, flat in tail_entries]
        head = tail[-1]["v"] if tail else proj_version
        past = PastRead(projection_version=proj_version, projection=proj_state, tail=tail, version=head)
        if not 0 <= version <= head:
            return past
        if reply[3] is not None:  # archived: its states and log, then any entry past it
            packed = archive.unpack_cached(reply[3])
            stream = [event_codec.event_of(entry_id, dict(zip(flat[::2], flat[1::2]))) for entry_id, flat in reply[6]]
            best = max((v for v in packed.snapshot_versions() if v <= version), default=-1)
            if best < proj_version <= version:
                return past.based(proj_version, proj_state, [e for e in tail if e["v"] <= version])
            if best < 0:  # an archive always holds version 0 (archive_finished): not one of ours
                raise NotFound(f"no stored state of match {match_id!r} at or before version {version}")
            events = packed.events(best, version) + [e for e in stream if packed.upto < e["v"] <= version]
            return past.based(best, packed.snapshot_raw(best), events)
        if len(reply) < 7:
            raise NotFound(f"no match with id {match_id!r}")  # not even snapshot 0: deleted meanwhile
        between = [event_codec.event_of(entry_id, dict(zip(flat[::2], flat[1::2]))) for entry_id, flat in reply[6]]
        return past.based(int(reply[4]), reply[5], between)

    def answer_of(self, head: Head, event: dict) -> AppendResult | None:
        """The stored answer ``read_head`` found (checked against ``event``), or None."""
        return None if head.answer is None else self._replayed(head.answer, _fingerprint(event))

    def mark_lagging(self, match_id: str) -> None:
        """Hint that the projection may be behind (``subspace:lagging``). ``append`` does it
        after its script; a retry answered from the stored result calls it again, because
        the first attempt may have died between the script and this hint (a Redis outage
        answers that attempt 503 though its event is stored)."""
        self.conn.sadd(keys.LAGGING, match_id)

    def idempotent_result(self, match_id: str, idempotency_key: str, event: dict | None = None) -> AppendResult | None:
        """The stored result of an earlier append with this key (``replayed=True``), or None.

        Lets the service answer a retry whose first attempt succeeded *before* validating
        the action again (it may no longer be legal). With ``event``, a key used for a
        different event raises ``InvalidRequest(code="idempotency_key_reused")``.
        """
        raw = self.conn.get(keys.idempotency(match_id, idempotency_key))
        if raw is None:
            self._require(match_id)
            return None
        return self._replayed(raw, None if event is None else _fingerprint(event))

    def version(self, match_id: str) -> int:
        """The stream's version (0 for a match with no events yet)."""
        pipe = self.conn.pipeline(transaction=False)
        pipe.exists(keys.meta(match_id))
        pipe.xrevrange(keys.events(match_id), count=1)
        exists, last = pipe.execute()
        if not exists:
            raise NotFound(f"no match with id {match_id!r}")
        return _version_of(last[0][0]) if last else 0

    def read_events(self, match_id: str, after: int = 0, limit: int | None = None, upto: int | None = None) -> list[dict]:
        """Events with ``after < v <= upto`` (all past ``after`` when None), oldest
        first, at most ``limit``. Raises ``NotFound`` for an unknown match. A finished
        match's events come from its archive (``archive_finished``)."""
        if after < 0 or (limit is not None and limit < 0):
            raise InvalidRequest("after and limit must be non-negative", code="invalid_range")
        if limit == 0 or (upto is not None and upto <= after):
            self._require(match_id)
            return []
        pipe = self.conn.pipeline(transaction=False)
        pipe.exists(keys.meta(match_id))
        # The stream before the archive: ARCHIVE writes the archive and trims the stream in
        # one step, so a read of the stream that missed the trim has every event, and one
        # that saw it is followed by a read that sees the archive. One entry more than the
        # limit: the stream's first entry may be the archive's last.
        pipe.xrange(keys.events(match_id), min=f"{after + 1}-0", max="+" if upto is None else f"{upto}-0",
                    count=None if limit is None else limit + 1)
        pipe.get(keys.archive(match_id))
        exists, entries, blob = pipe.execute()
        if not exists:
            raise NotFound(f"no match with id {match_id!r}")
        events = [event_codec.event_of(entry_id, fields) for entry_id, fields in entries]
        if blob is not None:
            packed = archive.unpack_cached(blob)
            events = packed.events(after, upto) + [e for e in events if e["v"] > packed.upto]
        return events if limit is None else events[:limit]

    def archive_finished(self, match_id: str, keep_every: int = 0,
                         checkpoints: Callable[[dict, list[dict], bytes], dict[int, bytes]] | None = None) -> bool:
        """Move a finished match's log and its kept snapshots (version 0 and those at
        multiples of ``keep_every``; 0: version 0 only) into one compressed value
        (``store/archive.py``), drop its snapshot hash and its redactions (every viewer sees a finished log whole), and trim
        its stream to its last entry. ``checkpoints(initial state, events, final state's
        orjson bytes)``, when given, names more states to keep (version -> orjson bytes: the
        caller folds; ``replays.checkpoints.choose``). Every read keeps working (``read_events``,
        ``nearest_snapshot``, ``stored_snapshots``). False (nothing changed) if the match is
        already archived, or its projection is not at its last event."""
        pipe = self.conn.pipeline(transaction=False)
        pipe.exists(keys.archive(match_id))
        pipe.hgetall(keys.snapshots(match_id))
        pipe.hmget(keys.projection(match_id), ["version", "state"])
        archived, raw, (proj_version, proj_state) = pipe.execute()
        if archived:
            return False
        events = self.read_events(match_id)
        if not events or proj_version is None or int(proj_version) != events[-1]["v"]:
            return False  # (the script checks it again, atomically)
        kept = {int(v): codec.unpack_state_bytes(state) for v, state in raw.items()
                if int(v) == 0 or (keep_every > 0 and int(v) % keep_every == 0)}
        if checkpoints is not None and 0 in kept:
            chosen = checkpoints(codec.loads(kept[0]), codec.loads(codec.dumps(events)), codec.unpack_state_bytes(proj_state))
            kept.update({v: state for v, state in chosen.items() if 0 < v <= events[-1]["v"]})
        blob = archive.pack(events, kept)
        return bool(self._archive(keys=[keys.events(match_id), keys.projection(match_id), keys.archive(match_id),
                                        keys.snapshots(match_id), keys.redactions(match_id), keys.digests(match_id)],
                                  args=[blob, events[-1]["v"]]))

    def is_archived(self, match_id: str) -> bool:
        return bool(self.conn.exists(keys.archive(match_id)))

    def _archived(self, match_id: str) -> archive.Archive | None:
        blob = self.conn.get(keys.archive(match_id))
        return None if blob is None else archive.unpack_cached(blob)

    def wait_for_version(self, match_id: str, min_version: int, timeout: float) -> int:
        """Block up to ``timeout`` seconds until the stream reaches ``min_version`` (XREAD
        BLOCK from entry ``min_version-1``: no race between the check and the wait).
        Returns the version then (may still be below ``min_version`` on timeout)."""
        current = self.version(match_id)
        if current >= min_version or timeout <= 0:
            return current
        # One XREAD may not block longer than the client's socket timeout (redis-py 8
        # defaults it to 5 s), so wait in slices; re-reading from the same entry id keeps
        # every slice race-free.
        deadline = time.monotonic() + timeout
        slice_s = _block_slice(self.conn)
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            block_ms = max(1, int(min(remaining, slice_s) * 1000))
            if self.conn.xread({keys.events(match_id): f"{min_version - 1}-0"}, count=1, block=block_ms):
                break
        return self.version(match_id)

    # ---- redactions recorded at fold time (replays/redaction.py) -------------------------
    def record_redactions(self, match_id: str, tag: str, first: int, records: list[bytes]) -> bool:
        """Record how every audience sees events ``first``, ``first + 1``, ... (one record
        each, ``b""`` for an event everyone sees as stored) under the engine ``tag``: only
        where it continues the record (or restarts it at version 1 under a new tag). True
        if recorded."""
        if not records:
            return False
        return bool(self._record_redactions(keys=[keys.redactions(match_id)], args=[tag, first, *records]))

    def recorded_redactions(self, match_id: str, versions: list[int]) -> tuple[str | None, int, list[bytes | None]]:
        """``(engine tag, upto, records at versions)``: every event up to ``upto`` is
        recorded, and one with no record (None) is seen by everyone as stored."""
        raw = self.conn.hmget(keys.redactions(match_id), ["engine", "upto", *(str(v) for v in versions)])
        tag = raw[0].decode() if raw[0] is not None else None
        return tag, int(raw[1] or 0), raw[2:]

    # ---- projection and snapshots ------------------------------------------------------
    def load_projection(self, match_id: str) -> tuple[int, dict]:
        raw = self.conn.hmget(keys.projection(match_id), ["version", "state"])
        if raw[0] is None:
            raise NotFound(f"no match with id {match_id!r}")
        return int(raw[0]), codec.unpack_state(raw[1])

    def projection_version(self, match_id: str) -> int:
        raw = self.conn.hget(keys.projection(match_id), "version")
        if raw is None:
            raise NotFound(f"no match with id {match_id!r}")
        return int(raw)

    def write_projection(
        self,
        match_id: str,
        version: int,
        state: dict | bytes,
        *,
        snapshots: list[tuple[int, dict | bytes]] = (),
    ) -> bool:
        """Store ``state`` as the projection at ``version`` plus any ``snapshots``
        (``(version, state)``; pass bytes when the state was encoded at that point of a fold
        that kept mutating it), all in one script. Forward-only: returns False and leaves
        the projection alone if it is already at or past ``version``."""
        self._require(match_id)
        args: list = [version, _encoded(state)]
        for snap_version, snap_state in snapshots:
            args += [snap_version, _encoded(snap_state)]
        written = self._write_projection(keys=[keys.projection(match_id), keys.snapshots(match_id)], args=args)
        return bool(written)

    def replace_projection(self, match_id: str, version: int, state: dict, snapshots: list[tuple[int, dict]]) -> None:
        """Replace the projection and every snapshot with a new fold (one MULTI): only for
        accepting a re-fold after a rules change (``replays.refold.accept``), the one time a
        stored state is rewritten rather than moved forward. An archived match gets a new
        archive (same log, the new snapshots)."""
        self._require(match_id)
        packed = self._archived(match_id)
        pipe = self.conn.pipeline(transaction=True)
        pipe.delete(keys.snapshots(match_id))
        pipe.hset(keys.projection(match_id), mapping={"version": version, "state": _encoded(state)})
        if packed is None:
            pipe.hset(keys.snapshots(match_id), mapping={str(v): _encoded(s) for v, s in snapshots})
        else:
            pipe.set(keys.archive(match_id), archive.pack(packed.events(), dict(snapshots)))
        pipe.execute()

    def save_snapshot(self, match_id: str, version: int, state: dict) -> None:
        self._require(match_id)
        self.conn.hset(keys.snapshots(match_id), str(version), _encoded(state))

    def drop_intermediate_snapshots(self, match_id: str, keep_every: int = 0) -> int:
        """Compact a finished match: drop every snapshot but version 0 and those at multiples
        of ``keep_every`` (0: none; its final state is the projection); returns how many were
        dropped. Reads of a past version fold from the nearest one left (``replays.state_at``)."""
        dropped = int(self._drop_snapshots(keys=[keys.snapshots(match_id)], args=[keep_every]))
        self.conn.delete(keys.digests(match_id))  # only live matches are re-fold checked version by version
        return dropped

    def record_digests(self, match_id: str, first_version: int, digests: list[bytes]) -> None:
        """Store the state digests of ``first_version`` onward (``keys.digests``). Advisory:
        a digest lost to a crash is zero bytes, read as not recorded."""
        if digests:
            self.conn.setrange(keys.digests(match_id), first_version * codec.DIGEST_SIZE, b"".join(digests))

    def state_digests(self, match_id: str) -> dict[int, bytes]:
        """Version -> recorded state digest (``record_digests``, the POST's append)."""
        blob = self.conn.get(keys.digests(match_id)) or b""
        size, zero = codec.DIGEST_SIZE, bytes(codec.DIGEST_SIZE)
        return {i // size: blob[i:i + size] for i in range(0, len(blob) - size + 1, size) if blob[i:i + size] != zero}

    def snapshot_versions(self, match_id: str) -> list[int]:
        """Versions of every stored snapshot (the snapshot hash's, and an archive's)."""
        pipe = self.conn.pipeline(transaction=False)
        pipe.hkeys(keys.snapshots(match_id))  # before the archive: see read_events
        pipe.get(keys.archive(match_id))
        fields, blob = pipe.execute()
        found = {int(v) for v in fields}
        if blob is not None:
            found.update(archive.unpack_cached(blob).snapshot_versions())
        return sorted(found)

    def stored_snapshots(self, match_id: str) -> dict[int, dict]:
        """Every stored snapshot, version -> state (the hash's and an archive's)."""
        pipe = self.conn.pipeline(transaction=False)
        pipe.hgetall(keys.snapshots(match_id))
        pipe.get(keys.archive(match_id))
        raw, blob = pipe.execute()
        found = {}
        if blob is not None:
            packed = archive.unpack_cached(blob)
            found = {v: packed.snapshot(v) for v in packed.snapshot_versions()}
        found.update({int(v): codec.unpack_state(s) for v, s in raw.items()})
        return found

    def nearest_snapshot(self, match_id: str, version: int) -> tuple[int, dict]:
        """The latest snapshot at or before ``version`` (version 0 always exists)."""
        pipe = self.conn.pipeline(transaction=False)
        pipe.hkeys(keys.snapshots(match_id))
        pipe.get(keys.archive(match_id))
        fields, blob = pipe.execute()
        in_hash = [int(v) for v in fields if int(v) <= version]
        packed = archive.unpack_cached(blob) if blob is not None else None
        in_archive = [v for v in packed.snapshot_versions() if v <= version] if packed is not None else []
        best = max(in_hash + in_archive, default=None)
        if best is None:
            raise NotFound(f"no match with id {match_id!r}")
        if best in in_archive:
            return best, packed.snapshot(best)  # type: ignore[union-attr]
        raw = self.conn.hget(keys.snapshots(match_id), str(best))
        if raw is None:  # archived between the two reads: the archive has it
            return self.nearest_snapshot(match_id, version)
        return best, codec.unpack_state(raw)

    def _require(self, match_id: str) -> None:
        if not self.conn.exists(keys.meta(match_id)):
            raise NotFound(f"no match with id {match_id!r}")


def _block_slice(conn: redis.Redis) -> float:
    """Longest single blocking read this client survives: a second under its socket
    timeout (at least 0.1 s); no timeout set means any length."""
    pool = _pool(conn)
    socket_timeout = pool.connection_kwargs.get("socket_timeout", "default")
    if socket_timeout == "default":  # not given: the connection class's own default
        socket_timeout = pool.connection_class(**pool.connection_kwargs).socket_timeout
    if not socket_timeout:
        return float("inf")
    return max(0.1, float(socket_timeout) - 1.0)


def _pool(conn) -> redis.ConnectionPool:
    """The connection pool of ``conn``, or of one node of a cluster client (every node's pool
    is built from the same options)."""
    if is_cluster(conn):
        node = conn.get_default_node()
        if node.redis_connection is None:
            conn.nodes_manager.initialize()
        return node.redis_connection.connection_pool
    return conn.connection_pool
