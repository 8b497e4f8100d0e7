"""Every Redis key Subspace uses, in one place.

Every key of a match carries the hash tag ``{m:<id>}`` so all of a match's keys hash to
one Redis Cluster slot: the Lua scripts touch several of them at once, which Cluster only
allows within one slot. Cross-match indexes are the only keys without the tag.
"""
from __future__ import annotations

import re

from rules.errors import InvalidRequest, NotFound

# Cross-match indexes.
MATCHES = "subspace:matches"  # sorted set: match id scored by creation time (unix seconds)
LAGGING = "subspace:lagging"  # set: matches whose projection may be behind their stream
PLAYER_TOKENS = "subspace:player-tokens"  # hash: sha256(player token) -> player id
TOURNAMENTS_RUNNING = "subspace:tournaments:running"  # set: tournament ids the sweep looks at
OPEN_CHALLENGES = "subspace:challenges:open"  # sorted set: open challenge id scored by expiry (unix s)
BOTS_DUE = "subspace:bots:due"  # sorted set: match id scored by when the server's player acts next (unix s)
DEADLINES = "subspace:deadlines"  # sorted set: clocked match id scored by its next wake-up (ms)
UNSTARTED = "subspace:unstarted"  # sorted set: matches with no event yet, by creation time
DIVERGED = "subspace:refold:diverged"  # set: matches whose re-fold with the current engine differs (replays.refold)
APPENDS = "subspace:appends"  # pub/sub channel: the id of a match that just got an event

# Ids are what secrets.token_urlsafe produces; anything else (a "}" smuggling another hash
# tag, a ":" forging a sub-key) is refused before it reaches a key.
_MATCH_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_IDEM_KEY = re.compile(r"^[\x21-\x7e]{1,200}$")


def open_waits(client: str) -> str:
    """Sorted set of one client's open long polls and streams (member: wait id, score: the
    lease's expiry, unix seconds). The client (an address) is hashed into the key so no
    character of it can shape the key."""
    import hashlib

    return "subspace:waits:" + hashlib.sha256(client.encode()).hexdigest()[:24]


def check_match_id(match_id: str) -> str:
    """Return ``match_id`` if it can be a match id, else raise ``NotFound``: a malformed id
    names no match, and saying so is more useful to a client than a 400."""
    if not isinstance(match_id, str) or not _MATCH_ID.match(match_id):
        raise NotFound(f"no match with id {match_id!r}")
    return match_id


def check_aggregate_id(kind: str, agg_id: str) -> str:
    """Player and challenge ids have the same shape as match ids (``NotFound`` otherwise)."""
    if not isinstance(agg_id, str) or not _MATCH_ID.match(agg_id):
        raise NotFound(f"no {kind} with id {agg_id!r}")
    return agg_id


def player(player_id: str, part: str) -> str:
    """``{p:<id>}:<part>``: ``events`` (stream), ``state`` (projection), ``matches`` (index)."""
    return f"{{p:{check_aggregate_id('player', player_id)}}}:{part}"


def challenge(challenge_id: str, part: str) -> str:
    """``{c:<id>}:<part>``: ``events`` (stream), ``state`` (projection)."""
    return f"{{c:{check_aggregate_id('challenge', challenge_id)}}}:{part}"


def tournament(tournament_id: str, part: str) -> str:
    """``{t:<id>}:<part>``: ``events`` (stream), ``state`` (projection), ``sweeping`` (lock)."""
    return f"{{t:{check_aggregate_id('tournament', tournament_id)}}}:{part}"


def _k(match_id: str, part: str) -> str:
    return f"{{m:{check_match_id(match_id)}}}:{part}"


def events(match_id: str) -> str:
    return _k(match_id, "events")


def meta(match_id: str) -> str:
    return _k(match_id, "meta")


def projection(match_id: str) -> str:
    return _k(match_id, "proj")


def snapshots(match_id: str) -> str:
    return _k(match_id, "snap")


def archive(match_id: str) -> str:
    """String: a finished match's log and kept snapshots, compressed together
    (``store/archive.py``); its stream then keeps only its last entry."""
    return _k(match_id, "archive")


def fold_queued(match_id: str) -> str:
    return _k(match_id, "fold-queued")


def digests(match_id: str) -> str:
    """String: the state digest (``codec.state_digest``, ``codec.DIGEST_SIZE`` bytes) of
    every version the service or a fold computed, at offset ``version * DIGEST_SIZE``
    (zero bytes: not recorded). ``refold --check`` names the exact first divergent version
    with them; a finished match drops them with its intermediate snapshots."""
    return _k(match_id, "digests")


def standing_orders(match_id: str) -> str:
    """Hash: seat number -> that seat's standing orders (orjson list); never in the log."""
    return _k(match_id, "orders")


def notes(match_id: str, part: str) -> str:
    """``{m:<id>}:notes:<part>``: the match's annotations, ``events`` (stream) and ``state``
    (projection) — beside the match, never in its log (``store.annotations``)."""
    return _k(match_id, f"notes:{part}")


def redactions(match_id: str) -> str:
    """Hash: how every audience sees each event, recorded by whoever folds it
    (``replays/redaction.py``): ``engine``, ``upto`` and version -> record."""
    return _k(match_id, "redactions")


def idempotency(match_id: str, key: str) -> str:
    """Idempotency keys are client-chosen: printable ASCII, at most 200 characters."""
    if not isinstance(key, str) or not _IDEM_KEY.match(key):
        raise InvalidRequest(
            "Idempotency-Key must be 1-200 printable ASCII characters without spaces",
            code="invalid_idempotency_key",
        )
    return _k(match_id, f"idem:{key}")


def no_idempotency(match_id: str) -> str:
    """What the append and read scripts get instead of an idempotency key when there is
    none: a name in the match's slot (a Cluster routes a script by its keys, which must
    share one slot; an empty name is slot 0) that is never read or written — the scripts
    use their third key only if it contains ``:idem:``, which this one does not."""
    return _k(match_id, "idem")


_PLAYER_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def vacation_ledger(player_id: str, year: int) -> str:
    """The UTC day numbers a player took off in ``year`` (a set), across all their matches."""
    if not isinstance(player_id, str) or not _PLAYER_ID.match(player_id):
        raise InvalidRequest("malformed player id", code="invalid_player")
    return f"{{p:{player_id}}}:vacation-days:{int(year)}"
