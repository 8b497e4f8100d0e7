"""Re-fold after a rules fix: find the matches a deploy changed, flag them, resolve them.

A deploy may change how the engine folds an event (a card's mechanics fixed, a rule
re-read). The stored projection and snapshots were folded by the engine the match ran
under; re-folding the log with the current engine and comparing the canonical JSON hash
of the state at every stored snapshot and at the head tells whether the match's history
still means the same. The comparison pins the **first divergent version**:

- an event the current engine refuses (validated exactly as the service decides) diverges
  at that very event;
- otherwise the state the re-fold reaches after each event is compared with the **state
  digest** the engine the match ran under recorded for that version (``keys.digests``:
  the first 8 bytes of the SHA-1 of the state's JSON, written by the POST's append and by the fold job
  for every version of a live match): the first version whose digest differs is the exact
  first divergent version. The canonical hash of every stored snapshot and of the head
  confirms it (a divergence is only reported where a checkpoint's state differs, so a
  digest alone never flags a match);
- a digest compares the JSON as the engine wrote it, key order included, so at every
  checkpoint whose state agrees canonically the digest must agree too; if one does not (a
  new engine that only orders keys differently), or versions lack digests (a match older
  than digests, a finished one: they are dropped with its intermediate snapshots), the
  divergence is bracketed by the checkpoints: after the last that agreed
  (``last_agreeing_version``) and at or before the first that differs.

A diverged match is never rewritten silently: meta ``refold`` records the finding and the
match joins the ``subspace:refold:diverged`` index; its summary shows it to everyone (the
version only; each viewer reads that event through ``GET /events``, redacted for them).
Then a player or a judge decides: ``accept`` replaces the projection and snapshots with the
new fold (and the result, if it changed) and pins the current engine; ``keep`` leaves the
stored states (and the recorded result) as they are and records that decision. Either way
the decision stays in the meta (``refold.status``, who decided, when).
"""
from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass

import orjson

import rules
from rules.errors import Conflict, InvalidRequest, SubspaceError
from rules.protocol import Game, State
from store import MatchStore, codec, keys
from store.match_store import utc_now_iso

from .interchange import check_event
from .pinning import engine_versions

ACCEPT, KEEP = "accept", "keep"


def state_hash(state: State) -> str:
    """SHA-256 of the state's canonical JSON (sorted keys)."""
    return hashlib.sha256(orjson.dumps(state, option=orjson.OPT_SORT_KEYS)).hexdigest()


@dataclass(frozen=True)
class Divergence:
    """What ``check_match`` found for one match that no longer folds the same."""

    match_id: str
    first_divergent_version: int
    last_agreeing_version: int
    reason: str  # "state_differs" or "event_refused"
    recorded_engine_version: str
    recorded_card_data_version: str
    engine_version: str
    card_data_version: str

    @property
    def exact(self) -> bool:
        return self.first_divergent_version == self.last_agreeing_version + 1


def _stored_checkpoints(store: MatchStore, match_id: str) -> dict[int, str]:
    """Version -> state hash of every stored snapshot and of the projection."""
    found = {v: state_hash(s) for v, s in store.stored_snapshots(match_id).items()}
    version, state = store.load_projection(match_id)
    found[version] = state_hash(state)
    return found


def check_match(store: MatchStore, match_id: str, game: Game | None = None) -> Divergence | None:
    """Re-fold ``match_id`` with the current engine and compare (see the module docstring)."""
    meta = store.get_meta(match_id)
    game = game or rules.get_game(meta["game"])
    checkpoints = _stored_checkpoints(store, match_id)
    events = store.read_events(match_id, upto=max(checkpoints))
    seats = len(meta.get("seat_token_hashes") or [])
    current = engine_versions(game)

    def found(version: int, agreeing: int, reason: str) -> Divergence:
        return Divergence(
            match_id=match_id, first_divergent_version=version, last_agreeing_version=agreeing, reason=reason,
            recorded_engine_version=str(meta.get("engine_version", "")),
            recorded_card_data_version=str(meta.get("card_data_version", "")), **current)

    digests = store.state_digests(match_id)
    state = initial_state(store, game, match_id, meta)
    agreeing = 0
    first_digest_miss: int | None = None  # the first version whose recorded digest differs
    digests_sound = True  # every agreeing checkpoint's digest agreed too (same key order)
    if state_hash(state) != checkpoints.get(0, state_hash(state)):
        return found(0, -1, "state_differs")
    for event in events:
        version = event["v"]
        try:
            check_event(game, state, event, seats)
            state = game.apply(state, event)
        except Exception:  # noqa: BLE001 - the current engine refuses (or chokes on) a stored event
            return found(version, agreeing, "event_refused")
        recorded = digests.get(version)
        matches_digest = recorded is None or recorded == codec.state_digest(state)
        if first_digest_miss is None and not matches_digest:
            first_digest_miss = version
        stored = checkpoints.get(version)
        if stored is not None:
            if stored != state_hash(state):
                exact = _exact_version(digests, agreeing, version, first_digest_miss, digests_sound)
                if exact is not None:
                    return found(exact, exact - 1, "state_differs")
                return found(version, agreeing, "state_differs")
            digests_sound = digests_sound and matches_digest
            agreeing, first_digest_miss = version, None  # a miss a later agreeing checkpoint undid is not confirmed
    return None


def _exact_version(digests: dict[int, bytes], agreeing: int, differing: int, first_miss: int | None,
                   sound: bool) -> int | None:
    """The exact first divergent version between checkpoints ``agreeing`` and ``differing``
    from the recorded digests, or None when they cannot tell (module docstring): the first
    version after ``agreeing`` whose digest differs, provided every version from there down
    to ``agreeing`` had one and the digests agreed wherever a checkpoint agreed."""
    if not sound or first_miss is None or not agreeing < first_miss <= differing:
        return None
    if any(v not in digests for v in range(agreeing + 1, first_miss + 1)):
        return None
    return first_miss


def initial_state(store: MatchStore, game, match_id: str, meta: dict) -> dict:
    """Version 0 of a match: ``setup(config, seed)``, except for a fork
    (``service.forks_logic``), whose version 0 is the state it was forked from, stored as
    its snapshot 0 (a re-drawn fork has no config to set up from)."""
    if meta.get("fork_of"):
        return store.nearest_snapshot(match_id, 0)[1]
    return game.setup(meta["config"], meta["seed"])


def candidates(store: MatchStore, *, include_finished: bool = False) -> list[str]:
    """Matches ``refold --check`` looks at: live ones (and finished ones if asked); never
    imported records (they were verified with the engine that imported them) nor matches
    whose players already decided for the engine now running."""
    ids = [m.decode() for m in store.conn.zrange(keys.MATCHES, 0, -1)]
    chosen = []
    for match_id in ids:
        meta = store.get_meta(match_id)
        if meta.get("imported") or (meta.get("status") == "finished" and not include_finished):
            continue
        chosen.append(match_id)
    return chosen


def flag(store: MatchStore, divergence: Divergence) -> None:
    """Record a divergence in the meta and the index (idempotent)."""
    record = {**asdict(divergence), "status": "diverged", "checked_at": utc_now_iso()}
    record.pop("match_id")
    store.update_meta(divergence.match_id, refold=record)
    store.conn.sadd(keys.DIVERGED, divergence.match_id)


def check_all(store: MatchStore, *, include_finished: bool = False, flag_found: bool = True) -> list[Divergence]:
    """``subspace refold --check``: every candidate re-folded; the diverged ones flagged.
    A match already decided (accepted or kept) under the engine now running is skipped."""
    found = []
    for match_id in candidates(store, include_finished=include_finished):
        meta = store.get_meta(match_id)
        try:
            game = rules.get_game(meta["game"])
        except (SubspaceError, ImportError):  # a game this installation no longer runs: nothing to re-fold with
            continue
        decided = meta.get("refold") or {}
        if decided.get("status") in ("accepted", "kept") and decided.get("engine_version") == engine_versions(game)["engine_version"] \
                and decided.get("card_data_version") == engine_versions(game)["card_data_version"]:
            continue
        divergence = check_match(store, match_id, game)
        if divergence is not None:
            found.append(divergence)
            if flag_found:
                flag(store, divergence)
    return found


def _pending(meta: dict, decision: str) -> dict:
    """The match's ``refold`` record if it waits for a decision and ``decision`` is one."""
    if decision not in (ACCEPT, KEEP):
        raise InvalidRequest("decision must be 'accept' or 'keep'", code="invalid_decision")
    record = meta.get("refold") or {}
    if record.get("status") != "diverged":
        raise Conflict("this match has no re-fold waiting for a decision", code="no_refold_pending")
    return record


def resolve(store: MatchStore, match_id: str, decision: str, by: str, *, snapshot_every: int = 50) -> dict:
    """Apply a player's or judge's decision on a flagged match; returns the new ``refold`` record.

    ``accept``: the projection and snapshots become the current engine's fold of the log
    (the result too: meta ``status``/``outcome`` follow the new state) and the match is
    pinned to the current engine. ``keep``: nothing stored changes; the decision is recorded.
    """
    meta = store.get_meta(match_id)
    record = _pending(meta, decision)
    game = rules.get_game(meta["game"])
    record = {**record, "status": "accepted" if decision == ACCEPT else "kept", "decided_by": by,
              "decided_at": utc_now_iso()}
    if decision == ACCEPT:
        state = initial_state(store, game, match_id, meta)
        snapshots = [(0, orjson.loads(orjson.dumps(state)))]
        events = store.read_events(match_id)
        for event in events:
            state = game.apply(state, event)
            if event["v"] % snapshot_every == 0:
                snapshots.append((event["v"], orjson.loads(orjson.dumps(state))))
        version = events[-1]["v"] if events else 0
        store.replace_projection(match_id, version, state, snapshots)
        outcome = game.outcome(state)
        store.update_meta(match_id, refold=record, **engine_versions(game),
                          status="finished" if outcome is not None else "active", outcome=outcome)
    else:
        store.update_meta(match_id, refold=record)
    store.conn.srem(keys.DIVERGED, match_id)
    return record


def vote(store: MatchStore, match_id: str, seat: int, decision: str, seats: int) -> dict:
    """A seat's vote on a flagged match: ``keep`` by any seat keeps the recorded states (the
    new fold must not hand anyone a result the others did not agree to); ``accept`` by every
    seat accepts the new fold. A judge decides outright with ``resolve`` (``subspace refold``)."""
    record = _pending(store.get_meta(match_id), decision)
    votes = {**(record.get("votes") or {}), str(seat): decision}
    if decision == KEEP or all(votes.get(str(s)) == ACCEPT for s in range(seats)):
        store.update_meta(match_id, refold={**record, "votes": votes})
        return resolve(store, match_id, decision, f"seats {', '.join(sorted(votes))}")
    record = {**record, "votes": votes}
    store.update_meta(match_id, refold=record)
    return record


def public_record(meta: dict) -> dict | None:
    """What the match summary shows everyone: versions, engines and decisions; never a state."""
    record = meta.get("refold")
    if not record:
        return None
    shown = ("status", "first_divergent_version", "last_agreeing_version", "reason", "engine_version",
             "card_data_version", "recorded_engine_version", "recorded_card_data_version", "checked_at",
             "votes", "decided_by", "decided_at")
    return {k: record.get(k) for k in shown if k in record}


def diverged(store: MatchStore) -> list[str]:
    """The flagged matches waiting for a decision."""
    return sorted(m.decode() for m in store.conn.smembers(keys.DIVERGED))


__all__ = ["ACCEPT", "KEEP", "Divergence", "candidates", "check_all", "check_match", "diverged", "flag",
           "public_record", "resolve", "state_hash", "vote"]
