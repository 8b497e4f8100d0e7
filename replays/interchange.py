"""The Subspace interchange format (``docs/interchange.md``): one match as text.

Line 1 is a header object (``"kind": "header"``), then one JSON object per line: the
events (``"kind": "event"``), in version order, each exactly as stored (version, seat,
type, payload, server time). Every line is canonical JSON (sorted keys, no spaces,
UTF-8), so a match exported, imported and exported again has byte-identical lines.

This module only renders, parses and verifies; it never touches Redis, so ``subspace
verify FILE`` works offline. Verification is the import check: the seed against its
commitment, the deck lists against theirs and against the pinned config, then every event
validated against the rules before it is applied (decide, then apply, exactly as the
service did). The first thing that fails refuses the file, naming its line and event.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Callable, Iterable

import rules
from rules import control, forks, rng
from rules.clock import parse_ts
from rules.errors import ImportRefused, SubspaceError
from rules.protocol import Game, State

from .decklists import verify_decklists

FORMAT = "subspace-match"
FORMAT_VERSION = 1
# Line kinds a reader must know; any other kind (e.g. "annotation", reserved for
# annotations anchored to a version) is carried along and skipped by verification.
HEADER, EVENT = "header", "event"
EXTENSION_KINDS = ("annotation",)
# Header fields of a finished ("full") export that make it re-verifiable.
REVEALED = ("seed", "config", "decklists")


def canonical(obj: object) -> str:
    """One text per JSON value: sorted keys, no spaces, UTF-8 kept."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def header_for(meta: dict, *, view: str, version: int, result: dict | None, full: bool,
               start: State | None = None) -> dict:
    """The header of a match's export. ``full``: the seed, config and revealed deck lists
    (only for a finished match); otherwise none of them (``view`` names whose view the
    events are). A fork's header names what it was forked from (``fork_of``) and, when
    ``full``, its starting position ``start`` (its version 0, which no ``setup`` gives)."""
    names = meta.get("seat_names") or (meta.get("config") or {}).get("names") or []
    players = meta.get("seat_players") or []
    header = {
        "kind": HEADER,
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": meta["game"],
        "ruleset": meta.get("ruleset"),
        "engine_version": str(meta.get("engine_version", "")),
        "card_data_version": str(meta.get("card_data_version", "")),
        "seats": [{"seat": i, "name": n, "player_id": players[i] if i < len(players) else None}
                  for i, n in enumerate(names)],
        "seed_commitment": meta["seed_commitment"],
        "decklist_commitments": meta.get("decklist_commitments"),
        "result": result,
        "created": meta.get("created"),
        "finished": meta.get("finished_at") or (meta.get("updated") if result is not None else None),
        "tournament": meta.get("tournament_id"),
        "round": meta.get("tournament_round"),
        "view": view,
        "version": version,
        "match_id": meta.get("imported_from") or meta.get("id"),
    }
    if full:
        header.update({"seed": meta["seed"], "config": meta.get("config"), "decklists": meta.get("decklists")})
    if meta.get("fork_of"):
        header["fork_of"] = meta["fork_of"]
        if full:
            header["start"] = start
    return header


def event_line(event: dict) -> dict:
    """An event as an interchange line: the stored event plus ``"kind": "event"``."""
    return {**event, "kind": EVENT}


def render(header: dict, events: Iterable[dict], extra_lines: Iterable[dict] = ()) -> str:
    """The file: header line, event lines, then any extension lines (annotations)."""
    lines = [canonical(header)] + [canonical(event_line(e)) for e in events] + [canonical(x) for x in extra_lines]
    return "\n".join(lines) + "\n"


def body_of(text: str) -> str:
    """Everything after the header line (what a round trip must keep byte for byte)."""
    return text.split("\n", 1)[1] if "\n" in text else ""


@dataclass
class Parsed:
    """A parsed file: its header, its events (without ``kind``) and extension lines."""

    header: dict
    events: list[dict]
    extensions: list[dict] = field(default_factory=list)


def _refuse(message: str, code: str, *, line: int | None = None, event: int | None = None, **more: object) -> ImportRefused:
    details = {"line": line, "event": event, **more}
    return ImportRefused(message, code=code, details=details)


def parse(text: str, *, max_events: int | None = None) -> Parsed:
    """Split and decode a file; refuses (``malformed_import``) a line that is not a JSON
    object, a missing or foreign header, an unknown line kind, or more than ``max_events``."""
    header: dict | None = None
    events: list[dict] = []
    extensions: list[dict] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except ValueError:
            raise _refuse(f"line {number} is not JSON", "malformed_import", line=number) from None
        if not isinstance(obj, dict):
            raise _refuse(f"line {number} is not a JSON object", "malformed_import", line=number)
        kind = obj.get("kind")
        if header is None:
            if kind != HEADER or obj.get("format") != FORMAT:
                raise _refuse(f"line 1 must be the header of a {FORMAT} file", "malformed_import", line=number)
            if obj.get("format_version") != FORMAT_VERSION:
                raise _refuse(f"format version {obj.get('format_version')!r} is not supported (this server reads "
                              f"{FORMAT_VERSION})", "unsupported_format_version", line=number)
            header = obj
        elif kind == EVENT:
            event = {k: v for k, v in obj.items() if k != "kind"}
            event["_line"] = number
            events.append(event)
            if max_events is not None and len(events) > max_events:
                raise _refuse(f"more than {max_events} events", "import_too_large", line=number)
        elif kind in EXTENSION_KINDS:
            extensions.append(obj)
        else:
            raise _refuse(f"line {number} has an unknown kind {kind!r}", "malformed_import", line=number)
    if header is None:
        raise _refuse("the file is empty", "malformed_import", line=1)
    return Parsed(header=header, events=events, extensions=extensions)


def seat_count(h: dict) -> int:
    """How many seats the file's match has: its deck-list commitments, else its seats."""
    return len(h.get("decklist_commitments") or []) or len(h.get("seats") or (h.get("config") or {}).get("decks") or [])


def stored_event(event: dict) -> dict:
    """The event as it is stored (without the parser's line number)."""
    return {k: v for k, v in event.items() if k != "_line"}


def check_event(game: Game, state: State, event: dict, seats: int) -> None:
    """Decide as the service decided: control events by ``rules.control``, actions by the
    log's invariants (the match goes on, the seat decides now) and the game's rules."""
    kind, seat = event.get("type"), event.get("seat")
    if kind in control.CONTROL_TYPES:
        control.validate_control(game, state, event, now=parse_ts(event["ts"]), seats=seats)
        return
    if kind != "action":
        raise _refuse(f"unknown event type {kind!r}", "event_not_folding")
    if game.outcome(state) is not None:
        raise _refuse("an action after the match ended", "event_not_folding")
    if seat not in list(game.deciding_seats(state)):
        raise _refuse(f"seat {seat} had no decision to make", "event_not_folding")
    game.validate(state, seat, event.get("payload"))


def parse_start(h: dict) -> State:
    """The starting position of a fork's export (``docs/interchange.md``, *Forks*): a state
    object; for a re-drawn fork, every random state in it must be the one its committed
    seed gives (``rules.forks.reseed``), so the file cannot swap in other future draws."""
    start = h.get("start")
    if not isinstance(start, dict) or not isinstance(h.get("fork_of"), dict):
        raise _refuse("a fork's export must carry its starting position (start) and fork_of", "not_a_full_export",
                      line=1)
    if not h["fork_of"].get("exact"):
        reseeded = json.loads(json.dumps(start))
        forks.reseed(reseeded, h["seed"])
        if canonical(reseeded) != canonical(start):
            raise _refuse("the fork's starting position has random states its seed does not give", "fork_start_mismatch",
                          line=1)
    return json.loads(json.dumps(start))


def verify(parsed: Parsed, *, progress: Callable[[int], None] | None = None) -> State:
    """Re-fold a full export with this server's engine; return the final state or raise
    ``ImportRefused`` naming the reason and (for an event) its number and line. A fork's
    export folds from the starting position it declares (``parse_start``)."""
    h = parsed.header
    fork = h.get("fork_of") is not None
    missing = [k for k in (("seed",) if fork else REVEALED) if h.get(k) is None]
    if missing:
        raise _refuse("only the export of a finished match (with its seed, config and deck lists) can be "
                      f"verified; missing: {', '.join(missing)}", "not_a_full_export", line=1)
    try:
        game = rules.get_game(str(h["game"]))
    except SubspaceError as error:
        raise _refuse(error.message, "unknown_game", line=1) from None
    if h.get("ruleset") not in game.rulesets:
        raise _refuse(f"game '{game.id}' has no ruleset {h.get('ruleset')!r}", "unknown_ruleset", line=1)
    if not isinstance(h["seed"], str) or rng.commitment(h["seed"]) != h.get("seed_commitment"):
        raise _refuse("the seed does not match the seed commitment", "seed_mismatch", line=1)
    if not fork or h.get("decklists") is not None:  # a re-drawn fork keeps no deck lists
        try:
            verify_decklists(game, h["ruleset"], h["config"], h.get("decklist_commitments") or [], h["decklists"])
        except SubspaceError as error:
            raise _refuse(error.message, error.code, line=1, **(error.details or {})) from None
        except (KeyError, TypeError):
            raise _refuse("the deck lists are not [{seat, name, deck, salt}]", "decklist_mismatch", line=1) from None
    if fork:
        state = parse_start(h)
    else:
        try:
            state = game.setup(h["config"], h["seed"])
        except Exception:  # noqa: BLE001 - a config the game cannot set up is the file's fault
            raise _refuse("the config does not set up a match of this game", "config_invalid", line=1) from None
    seats = seat_count(h)
    for number, event in enumerate(parsed.events, start=1):
        line = event.get("_line")
        if event.get("v") != number:
            raise _refuse(f"event {number} has version {event.get('v')!r}", "replay_gap", line=line, event=number)
        if not isinstance(event.get("ts"), str):
            raise _refuse(f"event {number} has no time", "event_not_folding", line=line, event=number)
        clean = stored_event(event)
        try:
            check_event(game, state, clean, seats)
            state = game.apply(state, clean)
        except ImportRefused as error:
            raise _refuse(f"event {number} does not fold: {error.message}", error.code, line=line, event=number) from None
        except SubspaceError as error:
            raise _refuse(f"event {number} does not fold: {error.message}", "event_not_folding", line=line,
                          event=number, cause=error.code) from None
        except Exception:  # noqa: BLE001 - a payload the engine chokes on does not fold
            raise _refuse(f"event {number} does not fold: the engine cannot apply it", "event_not_folding",
                          line=line, event=number) from None
        if progress is not None:
            progress(number)
    outcome = game.outcome(state)
    if outcome is None:
        raise _refuse("the events do not finish the match", "match_not_finished", event=len(parsed.events))
    if h.get("result") is not None and canonical(h["result"]) != canonical(outcome):
        raise _refuse("the result in the header is not the result the events reach", "result_mismatch", line=1)
    return state


__all__ = ["FORMAT", "FORMAT_VERSION", "Parsed", "body_of", "canonical", "header_for", "parse", "render",
           "check_event", "parse_start", "seat_count", "stored_event", "verify"]
