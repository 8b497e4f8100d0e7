"""Redaction at fold time: what each viewer may see of an event, recorded once.

Redacting an event needs the state it applied to (who could see that card then?), which
only a fold has in hand. So whoever folds an event — a seat's POST (``append_projected``),
the fold job (``workers.fold_pending``) — also records how every audience sees it: each
seat, the spectators, the judge. Most events are public; for those nothing is stored but
the watermark. For the rest the record is ``{audience: the event as it sees it}`` for the
audiences that see something else than the stored event. ``GET /events`` (and a live
match's export and stream) is then a range read plus a look-up: never a fold.

Stored in ``{m:<id>}:redactions`` (``MatchStore.record_redactions``): ``engine`` (the
tag below: the engine that redacted, and the seats it redacted for), ``upto`` (every event
up to it is recorded) and one field per event that has a record. A record is only trusted
under the same tag; a page past ``upto`` is redacted on demand from the nearest snapshot
(and recorded when it continues the record), as every page was before.
"""
from __future__ import annotations

from rules.protocol import JUDGE, SPECTATOR, Game, State, Viewer
from store import codec

FORMAT = 1  # bump when what a record holds changes: older records are then ignored


def audiences(seats: int) -> list[Viewer]:
    """Every way of seeing a match of ``seats`` seats (any other caller is a spectator)."""
    return [*range(seats), SPECTATOR, JUDGE]


def tag(game: Game, seats: int) -> str:
    """Which records a reader may trust: the same game, engine, format and seat count."""
    return f"{game.id}:{game.engine_version}:{FORMAT}:{seats}"


def record_of(game: Game, event: dict, state_before: State, seats: int) -> bytes:
    """How every audience sees ``event`` (``state_before``: the state it applies to), as
    stored: ``b""`` when everyone sees it as it is, else the orjson of ``{audience: event}``
    for the audiences that see it otherwise."""
    seen = {}
    for viewer in audiences(seats):
        shown = game.redact_event(event, viewer, state_before)
        if shown != event:
            seen[str(viewer)] = shown
    return codec.dumps(seen) if seen else b""


def seen_by(event: dict, record: bytes | None, viewer: Viewer) -> dict:
    """``event`` as ``viewer`` sees it, given its ``record`` (``record_of``)."""
    if not record:
        return event
    return codec.loads(record).get(str(viewer), event)


def fold_recording(game: Game, state: State, events: list[dict], seats: int) -> tuple[State, list[bytes]]:
    """Apply ``events`` to ``state`` in place, recording each (``record_of``) on the way."""
    records = []
    for event in events:
        records.append(record_of(game, event, state, seats))
        state = game.apply(state, event)
    return state, records
