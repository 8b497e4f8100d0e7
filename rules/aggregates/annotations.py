"""Annotations of a match: the fold of their own stream (``{m:<id>}:notes:events``), beside
the match and never in its log, so marking up a game never changes it, its fold or its
verification.

An annotation is anchored to a version of the match and holds a comment, a mark
(``MARKS``, the chess annotation symbols) and tags, at least one of them; it is public or
private. Events (``{"type", "payload", "at"}``, ``at`` stamped by the service):
``annotation_added`` (the whole note), ``annotation_edited`` (``id``, the changed fields),
``annotation_deleted`` (``id``). Only the author edits or deletes (``check_author``).

Who sees what (``visible``), decided for what players expect:
- a **private** note: its author only, always;
- a **public** note by a seat of the match: everyone, at once (a seat that publishes its
  thoughts mid-match chooses to; it is its own information);
- a **public** note by anyone else (a spectator, a registered player holding no seat): its
  author only until the match ends, then everyone. Shown to the seats mid-match it would be
  outside help, and a seat can always read as a spectator (no token), so it is hidden from
  every reader, not only from the seats.

**Share links** (``share_created`` / ``share_revoked``) live in the same stream: a link
to an annotated game anchored at a version, showing the notes *everyone* may see
(``visible`` for an anonymous reader: never a private note, never a spectator's public
note before the end), optionally only its creator's. A link is a view for the world, so
it never shows more than the tokenless listing does.

Pure: standard library only.
"""
from __future__ import annotations

import re

from ..errors import Forbidden, InvalidRequest, NotFound

MARKS = ("!!", "!", "!?", "?!", "?", "??")
VISIBILITIES = ("public", "private")
MAX_COMMENT = 2000
MAX_TAGS = 10
TAG = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
MAX_NOTES = 1000  # per match, deleted ones included: a bound on the stream
MAX_SHARES = 100  # share links per match, revoked ones included
MAX_TITLE = 200
ANONYMOUS = {"author_key": None}  # whom a share link shows notes to: the world
EDITABLE = ("comment", "mark", "tags", "visibility")


def check_fields(fields: dict, *, partial: bool = False) -> dict:
    """The note's content fields normalised, or ``InvalidRequest`` naming each bad one.
    ``partial``: an edit (only the fields sent; the result must still say something)."""
    bad: dict[str, str] = {}
    out: dict = {}
    if "comment" in fields:
        comment = fields["comment"]
        if comment is not None and (not isinstance(comment, str) or len(comment) > MAX_COMMENT):
            bad["comment"] = f"a string of at most {MAX_COMMENT} characters, or null"
        else:
            out["comment"] = comment.strip() if isinstance(comment, str) and comment.strip() else None
    if "mark" in fields:
        if fields["mark"] is not None and fields["mark"] not in MARKS:
            bad["mark"] = f"one of {', '.join(MARKS)}, or null"
        else:
            out["mark"] = fields["mark"]
    if "tags" in fields:
        tags = fields["tags"]
        if not isinstance(tags, list) or len(tags) > MAX_TAGS or not all(isinstance(t, str) and TAG.fullmatch(t) for t in tags):
            bad["tags"] = f"at most {MAX_TAGS} tags, each 1-32 of a-z, 0-9, '_' and '-' (starting with a letter or digit)"
        else:
            out["tags"] = sorted(set(tags))
    if "visibility" in fields:
        if fields["visibility"] not in VISIBILITIES:
            bad["visibility"] = "public or private"
        else:
            out["visibility"] = fields["visibility"]
    if bad:
        raise InvalidRequest("invalid annotation: " + "; ".join(f"{k} must be {v}" for k, v in bad.items()),
                             code="invalid_annotation", details=bad)
    if not partial:
        out = {"comment": None, "mark": None, "tags": [], "visibility": "public", **out}
    return out


def check_says_something(note: dict) -> None:
    if not note.get("comment") and not note.get("mark") and not note.get("tags"):
        raise InvalidRequest("an annotation needs a comment, a mark or a tag", code="empty_annotation")


def check_version(version: object, head: int) -> int:
    if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version <= head:
        raise InvalidRequest(f"version must be between 0 and {head} (the match's current version)",
                             code="version_out_of_range", details={"version": version, "head": head})
    return version


def check_share_fields(fields: dict) -> dict:
    """A share link's options normalised, or ``InvalidRequest`` naming each bad one."""
    bad: dict[str, str] = {}
    title = fields.get("title")
    if title is not None and (not isinstance(title, str) or len(title) > MAX_TITLE):
        bad["title"] = f"a string of at most {MAX_TITLE} characters, or null"
    only_mine = fields.get("only_mine", False)
    if not isinstance(only_mine, bool):
        bad["only_mine"] = "true or false"
    if bad:
        raise InvalidRequest("invalid share link: " + "; ".join(f"{k} must be {v}" for k, v in bad.items()),
                             code="invalid_share", details=bad)
    return {"title": title.strip() or None if isinstance(title, str) else None, "only_mine": only_mine}


def check_share_room(state: dict | None) -> None:
    if state is not None and state.get("shares_made", 0) >= MAX_SHARES:
        raise InvalidRequest(f"a match holds at most {MAX_SHARES} share links", code="too_many_shares")


def find_share(state: dict | None, share_id: str) -> dict:
    share = (state or {}).get("shares", {}).get(share_id)
    if share is None:
        raise NotFound(f"no share link {share_id!r} on this match", code="unknown_share")
    return share


def shared_notes(state: dict | None, share: dict, finished: bool) -> list[dict]:
    """The notes a share link shows, in version order: those the world may see (never a
    private note; a spectator's public note only once the match is over), only its
    creator's if it says so."""
    notes = [n for n in (state or {}).get("notes", {}).values() if visible(n, ANONYMOUS, finished)
             and (not share["only_mine"] or n["author_key"] == share["author_key"])]
    return [public_form(n) for n in sorted(notes, key=lambda n: (n["version"], n["created"], n["id"]))]


def check_room(state: dict | None) -> None:
    if state is not None and state.get("count", 0) >= MAX_NOTES:
        raise InvalidRequest(f"a match holds at most {MAX_NOTES} annotations", code="too_many_annotations")


def find(state: dict | None, note_id: str, reader: dict, finished: bool) -> dict:
    """The note ``reader`` may see, else ``NotFound`` (the same answer for a note that does
    not exist and one the reader may not see)."""
    note = (state or {}).get("notes", {}).get(note_id)
    if note is None or not visible(note, reader, finished):
        raise NotFound(f"no annotation {note_id!r} on this match", code="unknown_annotation")
    return note


def check_author(note: dict, reader: dict) -> None:
    if note["author_key"] != reader.get("author_key"):
        raise Forbidden("only its author may change or delete an annotation", code="not_author")


def visible(note: dict, reader: dict, finished: bool) -> bool:
    """Whether ``reader`` (``{"author_key": str | None}``) may see ``note`` (module docstring)."""
    own = reader.get("author_key") is not None and note["author_key"] == reader["author_key"]
    if note["visibility"] == "private":
        return own
    return own or note["by_seat"] or finished


def public_form(note: dict) -> dict:
    """A note as readers see it: no internal author key."""
    return {k: v for k, v in note.items() if k != "author_key"}


def added(note: dict, at: str) -> dict:
    return {"type": "annotation_added", "at": at, "payload": {"note": note}}


def edited(note_id: str, changes: dict, at: str) -> dict:
    return {"type": "annotation_edited", "at": at, "payload": {"id": note_id, "changes": changes}}


def deleted(note_id: str, at: str) -> dict:
    return {"type": "annotation_deleted", "at": at, "payload": {"id": note_id}}


def share_created(share: dict, at: str) -> dict:
    return {"type": "share_created", "at": at, "payload": {"share": share}}


def share_revoked(share_id: str, at: str) -> dict:
    return {"type": "share_revoked", "at": at, "payload": {"id": share_id}}


def apply(state: dict | None, event: dict) -> dict:
    """Fold one event (trusted: the service decided it with the checks above)."""
    state = state if state is not None else {"notes": {}, "count": 0}
    kind, payload = event["type"], event["payload"]
    if kind == "annotation_added":
        note = dict(payload["note"])
        state["notes"][note["id"]] = note
        state["count"] += 1
    elif kind == "annotation_edited":
        note = state["notes"][payload["id"]]
        note.update(payload["changes"])
        note["edited"] = event["at"]
    elif kind == "annotation_deleted":
        state["notes"].pop(payload["id"], None)
    elif kind == "share_created":
        share = dict(payload["share"])
        state.setdefault("shares", {})[share["id"]] = share
        state["shares_made"] = state.get("shares_made", 0) + 1
    elif kind == "share_revoked":
        state.setdefault("shares", {}).pop(payload["id"], None)
    return state


__all__ = ["MARKS", "VISIBILITIES", "added", "apply", "check_author", "check_fields", "check_room",
           "check_says_something", "check_share_fields", "check_share_room", "check_version", "deleted", "edited",
           "find", "find_share", "public_form", "share_created", "share_revoked", "shared_notes", "visible"]
