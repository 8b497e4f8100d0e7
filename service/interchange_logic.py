"""Export and import of matches in the interchange format (``docs/interchange.md``).

Export: a finished match shows everything (seed, config, revealed deck lists), so anyone
can re-verify it; a live match is the caller's own redacted view (``replays.events_for``,
what ``GET /events`` shows them) and stops ``export_delay`` events short of the head, so
an export cannot be fed to a helper during play (lichess's anti-cheat delay).

Import: the file is verified by ``replays.interchange.verify`` (seed, deck lists, every
event validated then applied) and stored as a finished, read-only match (meta
``imported``; posting to it answers 409 ``match_read_only``), with its events exactly as
the file has them, so exporting it again gives the same lines.
"""
from __future__ import annotations

import secrets
from typing import Callable

import rules
from replays import current_state, events_for
from replays import interchange
from replays.pinning import engine_versions
from replays.refold import initial_state
from store import MatchStore, hash_token, keys

from . import annotations_logic, auth
from .matches_logic import load_match
from .runtime import Runtime

MAX_IMPORT_EVENTS = 20000  # a long Star Trek game is ~2,000; the byte bound is MAX_CONTENT_LENGTH


def export_text(store: MatchStore, match_id: str, token: str | None, *, delay: int, players=None) -> str:
    """The match as an interchange file for the caller (see the module docstring)."""
    match = load_match(store, match_id)
    version, state = current_state(store, match.game, match_id)
    outcome = match.game.outcome(state)
    if outcome is not None:
        events = store.read_events(match_id, upto=version)
        start = initial_state(store, match.game, match_id, match.meta) if match.meta.get("fork_of") else None
        header = interchange.header_for(match.meta, view="full", version=version, result=outcome, full=True,
                                        start=start)
        notes = annotations_logic.export_lines(store, match_id, annotations_logic.reader_of(store, match.meta, token),
                                               True, version)
        return interchange.render(header, events, notes)
    viewer = auth.viewer_for(match.meta, token, players)
    upto = max(0, version - delay)
    events = events_for(store, match.game, match_id, viewer, after=0, limit=upto) if upto else []
    view = f"seat {viewer}" if isinstance(viewer, int) else str(viewer)
    header = interchange.header_for(match.meta, view=view, version=upto, result=None, full=False)
    header["delay"] = delay
    notes = annotations_logic.export_lines(store, match_id, annotations_logic.reader_of(store, match.meta, token),
                                           False, upto)
    return interchange.render(header, events, notes)


def import_text(rt: Runtime, text: str, progress: Callable[[int], None] | None = None) -> dict:
    """Verify ``text`` and store it as a finished, read-only match; ``ImportRefused`` otherwise."""
    parsed = interchange.parse(text, max_events=MAX_IMPORT_EVENTS)
    final = interchange.verify(parsed, progress=progress)
    return store_verified(rt.store, parsed, final, after_append=rt.after_append)


def store_verified(store: MatchStore, parsed: interchange.Parsed, final: dict,
                   after_append: Callable[[str], None] | None = None) -> dict:
    """Store a verified file: meta from its header (no seat can ever act: the seat token
    hashes are of tokens nobody holds), its events as they are, then the projection."""
    h = parsed.header
    game = rules.get_game(h["game"])
    notes = annotations_logic.check_lines(parsed.extensions, len(parsed.events))  # refused before anything is stored
    seats = interchange.seat_count(h)
    outcome = game.outcome(final)
    names = [s.get("name") for s in h.get("seats") or []] or ((h.get("config") or {}).get("names") or [])
    meta = {
        "game": game.id,
        "ruleset": h["ruleset"],
        "engine_version": h.get("engine_version"),
        "card_data_version": h.get("card_data_version"),
        "verified_with": engine_versions(game),
        "config": h["config"],
        "seed": h["seed"],
        "seed_commitment": h["seed_commitment"],
        "seat_token_hashes": [hash_token(secrets.token_urlsafe(32)) for _ in range(seats)],
        "seat_names": names,
        "seat_players": [None] * seats,  # an import proves the game, not who played it
        "decklists": h["decklists"],
        "decklist_commitments": h.get("decklist_commitments"),
        "status": "finished",
        "outcome": outcome,
        "finished_version": len(parsed.events),
        "imported": True,
        "imported_from": h.get("match_id"),
        "finished_at": h.get("finished"),
        "tournament_id": h.get("tournament"),
        "tournament_round": h.get("round"),
        "seat_bots": [None] * seats,
    }
    if h.get("fork_of"):  # a sandbox still: never a result (analytics skip it), starts where the file says
        meta["fork_of"] = h["fork_of"]
        start = interchange.parse_start(h)
    else:
        start = game.setup(h["config"], h["seed"])
    match_id = store.create_match(meta, start)
    version = 0
    for event in parsed.events:
        clean = interchange.stored_event(event)
        body = {k: v for k, v in clean.items() if k not in ("v", "ts")}
        version = store.append(match_id, version, body, ts=clean["ts"]).version
    annotations_logic.store_imported(store, match_id, notes)
    if after_append is not None and version:
        after_append(match_id)
    return {"match_id": match_id, "game": game.id, "version": version, "verified": True, "outcome": outcome}


def match_ids_since(store: MatchStore, since: float | None = None) -> list[str]:
    """Every match id created at or after ``since`` (unix seconds; None: all), oldest first
    (``subspace:matches`` is scored by creation time)."""
    low = "-inf" if since is None else since
    return [m.decode() for m in store.conn.zrangebyscore(keys.MATCHES, low, "+inf")]


def is_finished(store: MatchStore, match_id: str) -> bool:
    match = load_match(store, match_id)
    return match.game.outcome(current_state(store, match.game, match_id)[1]) is not None


__all__ = ["MAX_IMPORT_EVENTS", "export_text", "import_text", "is_finished", "match_ids_since", "store_verified"]
