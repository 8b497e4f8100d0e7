"""The one error tree of Subspace.

It lives in ``rules/`` because the pure reducers raise these errors themselves and
``rules/`` may import only the standard library. The service maps each class to an
HTTP status in exactly one place (``service/errors.py``); every error carries a stable
machine-readable ``code``, a message a person understands, and optional ``details``.
"""
from __future__ import annotations

from typing import Any


class SubspaceError(Exception):
    """Base of every error Subspace reports to a client."""

    code = "subspace_error"
    http_status = 500

    def __init__(self, message: str, *, code: str | None = None, details: Any = None):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.details = details

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message, "details": self.details}


class RuleViolation(SubspaceError):
    """Something the rules of the game do not allow."""

    code = "rule_violation"
    http_status = 422


class IllegalAction(RuleViolation):
    """The action is not legal for this seat in the current state."""

    code = "illegal_action"


class NotYourDecision(RuleViolation):
    """Another seat must decide now (or nobody may act: the match is over)."""

    code = "not_your_decision"
    http_status = 403


# Alias with the name players use.
NotYourTurn = NotYourDecision


class DeckInvalid(RuleViolation):
    """A deck breaks the game's construction rules; ``details`` lists every violation."""

    code = "deck_invalid"

    @classmethod
    def listing(cls, violations: list[dict]) -> "DeckInvalid":
        """One error naming every violation of every seat (``{"seat", "message", ...}``),
        so a player fixes a deck in one round trip instead of one error at a time."""
        return cls("deck construction rules broken: " + "; ".join(
            f"seat {v['seat']}: {v['message']}" for v in violations), details=violations)

    @staticmethod
    def unknown_starter(seat: int, deck_id: str, known: list[str]) -> dict:
        """The one violation every game lists for a starter deck id it does not have
        (422 ``deck_invalid``, ``code: unknown_starter``), naming the ids it has."""
        return {"seat": seat, "code": "unknown_starter",
                "message": f"no starter deck {deck_id!r}; the starter decks are {', '.join(known)}",
                "starter_decks": list(known)}


class InvalidRequest(SubspaceError):
    """The request is malformed (bad JSON, unknown game, missing field)."""

    code = "invalid_request"
    http_status = 400


class DeckListUnreadable(InvalidRequest):
    """A plain-text deck list has lines that name no card (or several, or sit under no
    section of the game); ``details`` lists every such line: ``{line, text, code, message}``."""

    code = "deck_list_unreadable"


class VersionConflict(SubspaceError):
    """The client's expected_version is stale; ``details`` has the current version."""

    code = "version_conflict"
    http_status = 409

    def __init__(self, current_version: int, expected_version: int | None = None):
        super().__init__(
            f"expected version {expected_version} but the match is at version {current_version}; "
            "reload the state and try again",
            details={"current_version": current_version, "expected_version": expected_version},
        )
        self.current_version = current_version


class NotFound(SubspaceError):
    code = "not_found"
    http_status = 404


class Unauthorized(SubspaceError):
    """No credentials, or credentials that match no seat."""

    code = "unauthorized"
    http_status = 401


class Forbidden(SubspaceError):
    code = "forbidden"
    http_status = 403


class MatchOver(RuleViolation):
    code = "match_over"
    http_status = 409


class Conflict(SubspaceError):
    """The request is well-formed but the resource's state does not allow it now
    (a challenge already full, cancelled or expired)."""

    code = "conflict"
    http_status = 409


class Overloaded(SubspaceError):
    """The server refuses this request *for now*: the client should retry after
    ``retry_after`` whole seconds (sent as the ``Retry-After`` header). Overload is always
    one of these, never a 500, so a client can tell "slow down" from "broken"."""

    code = "overloaded"
    http_status = 503

    def __init__(self, message: str, *, retry_after: int, code: str | None = None, details: Any = None):
        super().__init__(message, code=code, details=details)
        self.retry_after = max(1, int(retry_after))


class RateLimited(Overloaded):
    """The caller (a client address or a token) sent more than its share of requests."""

    code = "rate_limited"
    http_status = 429


class TooManyWaits(RateLimited):
    """The caller already holds as many open long polls / streams as one client may."""

    code = "too_many_waits"


class StoreFull(Overloaded):
    """Redis is near its memory limit: new matches are refused so running ones can go on."""

    code = "store_full"


class ImportRefused(SubspaceError):
    """An interchange file that does not verify (``replays.interchange``): its ``code``
    says why (``seed_mismatch``, ``decklist_mismatch``, ``event_not_folding`` ...) and
    ``details`` name the ``line`` and ``event`` number where it first failed."""

    code = "import_refused"
    http_status = 422


class MatchReadOnly(MatchOver):
    """An imported match is a finished record: nothing can be posted to it."""

    code = "match_read_only"


class ForkUnavailable(Conflict):
    """A seat asked for a fork of a live match where a card it may not identify belongs to
    a deck-list section no starter deck has a card of, so no stand-in can replace it
    (``rules.forks``)."""

    code = "fork_unavailable"
