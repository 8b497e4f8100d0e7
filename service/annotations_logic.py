"""Annotations of a match (``/v1/matches/<id>/notes``): comments, marks and tags anchored
to a version, stored beside the match (``store.annotations``), never in its log.

Who may write: anyone with an identity — a seat token (anonymous seats included), or a
player token (a seat's holder, or a registered player holding no seat: a spectator with a
name). Reading needs none. Who sees what is ``rules.aggregates.annotations.visible``: a
private note only its author; a seat's public note everyone; a non-seat's public note only
its author until the match ends (outside help otherwise — README, *Annotations*). An
unknown note and a note the caller may not see get the same 404.

The listing is the shareable link to an annotated game: ``GET /v1/matches/<id>/notes``
needs no token and shows every public note the world may see (add ``?version=N`` to point
at a moment). Exports carry the public notes the caller may see as ``annotation`` lines
(``docs/interchange.md``), and an import stores the lines of its file as read-only notes.
"""
from __future__ import annotations

import re
import secrets

from replays import current_state
from rules.aggregates import annotations as notes
from rules.errors import Forbidden, ImportRefused, Unauthorized
from store import MatchStore
from store.annotations import AnnotationStore
from store.players import PlayerStore

from . import auth
from .clock_index import now_iso
from .matches_logic import is_finished, load_match

IMPORTED = "imported"  # the author key of notes that came in a file: nobody may edit them
_NOTE_ID = re.compile(r"n[A-Za-z0-9_-]{1,40}")


def _reader(meta: dict, token: str | None, players: PlayerStore, *, required: bool) -> dict:
    """Who is reading or writing: ``{author_key, seat, player_id, name}`` (all None for an
    anonymous reader; ``required``: 401 without an identity)."""
    if token is None:
        if required:
            raise Unauthorized("annotating needs a seat token or a player token: 'Authorization: Bearer <token>'")
        return {"author_key": None, "seat": None, "player_id": None, "name": None}
    names = meta.get("seat_names") or []
    holders = meta.get("seat_players") or []
    seat = auth.seat_for_token(meta, token)
    if seat is not None:
        player_id = holders[seat] if seat < len(holders) else None
        key = f"player:{player_id}" if player_id else f"seat:{seat}"
        return {"author_key": key, "seat": seat, "player_id": player_id,
                "name": names[seat] if seat < len(names) else f"seat {seat}"}
    player_id = auth.player_for_token(token, players)
    if player_id is None:
        raise Unauthorized("this token belongs to no seat of this match and to no player")
    seat = auth.seat_of_player(meta, player_id)
    name = players.get(player_id).get("display_name")
    return {"author_key": f"player:{player_id}", "seat": seat, "player_id": player_id, "name": name}


def _context(store: MatchStore, match_id: str, token: str | None, *, required: bool):
    match = load_match(store, match_id)
    reader = _reader(match.meta, token, PlayerStore(store.conn), required=required)
    head, state = current_state(store, match.game, match_id)
    return reader, head, is_finished(match.game, state)


def _ordered(state: dict | None) -> list[dict]:
    return sorted((state or {}).get("notes", {}).values(), key=lambda n: (n["version"], n["created"], n["id"]))


def add(store: MatchStore, match_id: str, token: str | None, body: dict) -> dict:
    """Store a new note by the caller; returns it as readers see it."""
    reader, head, _ = _context(store, match_id, token, required=True)
    version = notes.check_version(body.get("version"), head)
    fields = notes.check_fields({k: v for k, v in body.items() if k != "version"})
    notes.check_says_something(fields)
    note = {
        "id": "n" + secrets.token_urlsafe(9), "version": version, **fields,
        "author": {"seat": reader["seat"], "player_id": reader["player_id"], "name": reader["name"]},
        "author_key": reader["author_key"], "by_seat": reader["seat"] is not None,
        "created": now_iso(), "edited": None,
    }

    def decide(state: dict | None) -> dict:
        notes.check_room(state)
        return notes.added(note, note["created"])

    state = AnnotationStore(store.conn).update(match_id, decide)
    return notes.public_form(state["notes"][note["id"]])


def listing(store: MatchStore, match_id: str, token: str | None, version: int | None = None) -> dict:
    """The notes the caller may see (of one version, if asked), in version order."""
    reader, head, finished = _context(store, match_id, token, required=False)
    _, state = AnnotationStore(store.conn).load(match_id)
    shown = [notes.public_form(n) for n in _ordered(state)
             if notes.visible(n, reader, finished) and (version is None or n["version"] == version)]
    return {"match_id": match_id, "version": head, "finished": finished, "notes": shown}


def edit(store: MatchStore, match_id: str, note_id: str, token: str | None, changes: dict) -> dict:
    """Change the caller's own note (only the fields sent)."""
    reader, _, finished = _context(store, match_id, token, required=True)
    fields = notes.check_fields(changes, partial=True)

    def decide(state: dict | None) -> dict:
        note = notes.find(state, note_id, reader, finished)
        notes.check_author(note, reader)
        notes.check_says_something({**note, **fields})
        return notes.edited(note_id, fields, now_iso())

    state = AnnotationStore(store.conn).update(match_id, decide)
    return notes.public_form(state["notes"][note_id])


def delete(store: MatchStore, match_id: str, note_id: str, token: str | None) -> None:
    """Delete the caller's own note (the stream keeps the event; readers see it gone)."""
    reader, _, finished = _context(store, match_id, token, required=True)

    def decide(state: dict | None) -> dict:
        note = notes.find(state, note_id, reader, finished)
        notes.check_author(note, reader)
        return notes.deleted(note_id, now_iso())

    AnnotationStore(store.conn).update(match_id, decide)


# ---- share links ---------------------------------------------------------------------
_SHARE_ID = re.compile(r"s[A-Za-z0-9_-]{1,40}")


def share_url(match_id: str, share_id: str) -> str:
    return f"/v1/matches/{match_id}/shares/{share_id}"


def _share_form(match_id: str, share: dict) -> dict:
    return {"id": share["id"], "match_id": match_id, "url": share_url(match_id, share["id"]),
            **{k: share[k] for k in ("version", "title", "only_mine", "created")},
            "author": {"name": share["author"]["name"]}}


def create_share(store: MatchStore, match_id: str, token: str | None, body: dict) -> dict:
    """A share link to the annotated game, anchored at ``version`` (default: the head), by
    anyone who may annotate it (``rules.aggregates.annotations``, *share links*)."""
    reader, head, _ = _context(store, match_id, token, required=True)
    version = notes.check_version(body.get("version", head), head)
    fields = notes.check_share_fields({k: v for k, v in body.items() if k != "version"})
    share = {"id": "s" + secrets.token_urlsafe(9), "version": version, **fields, "author_key": reader["author_key"],
             "author": {"name": reader["name"]}, "created": now_iso()}

    def decide(state: dict | None) -> dict:
        notes.check_share_room(state)
        return notes.share_created(share, share["created"])

    AnnotationStore(store.conn).update(match_id, decide)
    return _share_form(match_id, share)


def read_share(store: MatchStore, match_id: str, share_id: str) -> dict:
    """What a share link shows anyone, with or without a token: the link, the match's
    public facts, the notes the world may see, and once the match is over where to replay
    it. Nothing of the match's state: a live match's cards stay where they are."""
    match = load_match(store, match_id)
    head, state = current_state(store, match.game, match_id)
    finished = is_finished(match.game, state)
    _, records = AnnotationStore(store.conn).load(match_id)
    share = notes.find_share(records, share_id if _SHARE_ID.fullmatch(share_id) else "")
    base = f"/v1/matches/{match_id}"
    replay = {"replay": f"{base}/replay", "events": f"{base}/events", "export": f"{base}/export",
              "state": f"{base}/state?version={share['version']}"} if finished else None
    return {"share": _share_form(match_id, share), "game": match.game.id, "version": head, "finished": finished,
            "notes": notes.shared_notes(records, share, finished), "replay": replay}


def revoke_share(store: MatchStore, match_id: str, share_id: str, token: str | None) -> None:
    """Revoke a share link (its creator only; the link then answers 404)."""
    reader, _, _ = _context(store, match_id, token, required=True)

    def decide(state: dict | None) -> dict:
        share = notes.find_share(state, share_id)
        if share["author_key"] != reader["author_key"]:
            raise Forbidden("only the one who made a share link may revoke it", code="not_author")
        return notes.share_revoked(share_id, now_iso())

    AnnotationStore(store.conn).update(match_id, decide)


# ---- interchange files ----------------------------------------------------------------
LINE_FIELDS = ("id", "version", "author", "comment", "mark", "tags", "created", "edited")


def export_lines(store: MatchStore, match_id: str, reader: dict, finished: bool, upto: int) -> list[dict]:
    """The public notes ``reader`` may see anchored at or before ``upto``, as
    ``annotation`` lines (private notes never leave the server in a file)."""
    _, state = AnnotationStore(store.conn).load(match_id)
    return [{"kind": "annotation", **{k: n[k] for k in LINE_FIELDS}} for n in _ordered(state)
            if n["visibility"] == "public" and n["version"] <= upto and notes.visible(n, reader, finished)]


def reader_of(store: MatchStore, meta: dict, token: str | None) -> dict:
    """The reader an export is made for (``export_text``)."""
    return _reader(meta, token, PlayerStore(store.conn), required=False)


def check_lines(lines: list[dict], last_version: int) -> list[dict]:
    """The notes an imported file brings, checked before anything is stored; a bad line is
    refused (``malformed_annotation``) naming its place among the annotation lines."""
    out = []
    for index, line in enumerate(lines):
        try:
            if set(line) - {"kind", *LINE_FIELDS} or not _NOTE_ID.fullmatch(str(line.get("id"))):
                raise ValueError("unknown fields or a bad id")
            author = line.get("author")
            if not isinstance(author, dict) or set(author) - {"seat", "player_id", "name"}:
                raise ValueError("bad author")
            if not all(isinstance(line.get(k), str) for k in ("created",)) or not isinstance(line.get("edited"), (str, type(None))):
                raise ValueError("bad times")
            version = notes.check_version(line.get("version"), last_version)
            fields = notes.check_fields({k: line.get(k) for k in ("comment", "mark", "tags")})
            notes.check_says_something(fields)
        except Exception as exc:  # every refusal of a line is the same import error
            raise ImportRefused(f"annotation line {index + 1} is not a valid annotation ({exc})",
                                code="malformed_annotation", details={"line": None, "event": None, "annotation": index + 1}) from None
        out.append({**{k: line[k] for k in LINE_FIELDS if k in line}, "version": version, **fields,
                    "visibility": "public", "by_seat": True, "author_key": IMPORTED})
    return out


def store_imported(store: MatchStore, match_id: str, checked: list[dict]) -> None:
    """Store the checked notes of an import as read-only public notes (author ``imported``)."""
    records = AnnotationStore(store.conn)
    for note in checked:
        records.update(match_id, lambda state, note=note: notes.added(note, note["created"]))


__all__ = ["add", "check_lines", "create_share", "delete", "edit", "export_lines", "listing", "read_share", "reader_of",
           "revoke_share", "share_url", "store_imported"]
