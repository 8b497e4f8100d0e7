"""The tournament archive: the whole record of a tournament as one text file, and its
offline verification (``subspace verify-tournament FILE``).

Every line is one canonical JSON object (sorted keys, no spaces, UTF-8):

1. the header: ``{"kind": "tournament", "format": "subspace-tournament",
   "format_version": 1, "tournament_id", "game", "length", "head"}``;
2. one ``{"kind": "record", "event": ...}`` per tournament event, in order, each as
   stored (``v`` counting from 1, ``prev`` the SHA-256 of the one before);
3. one ``{"kind": "match", "match_id", "text"}`` per match that ended in play, ``text``
   being the match's file in the interchange format (``replays.interchange``) — the
   archive's match part is that format, whatever it grows into.

Verification refuses the first thing that fails and names its line: a line that is not
canonical JSON (so no byte can change unnoticed, not even a space), a record that does not
link to the one before or does not fold, a head that is not the chain's, a registration
whose deck does not hash to its commitment, a match file whose SHA-256 is not the one
chained with its result, a match that does not re-fold (its own line and event named), a
final state other than the one chained, or a seat's deck that is not its player's
registered deck.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from rules.aggregates import tournament_standings as S
from rules.aggregates import tournaments as T
from rules.errors import ImportRefused, InvalidRequest, SubspaceError

from . import interchange
from .decklists import decklist_commitment

FORMAT = "subspace-tournament"
FORMAT_VERSION = 1


def render(state: dict, events: list[dict], matches: dict[str, str]) -> str:
    header = {"kind": "tournament", "format": FORMAT, "format_version": FORMAT_VERSION,
              "tournament_id": state["tournament_id"], "game": state["game"], "length": len(events),
              "head": state["head"]}
    lines = [header] + [{"kind": "record", "event": e} for e in events]
    lines += [{"kind": "match", "match_id": m, "text": text} for m, text in matches.items()]
    return "".join(T.canonical(line) + "\n" for line in lines)


@dataclass
class Verified:
    tournament_id: str
    head: str
    records: int
    matches: int
    standings: list[dict]


def _refuse(message: str, code: str, line: int, **more: object) -> ImportRefused:
    return ImportRefused(f"line {line}: {message}", code=code, details={"line": line, **more})


def _lines(text: str) -> list[tuple[int, dict]]:
    out = []
    for number, raw in enumerate(text.split("\n"), start=1):
        if raw == "" and number == len(text.split("\n")):
            continue
        try:
            obj = json.loads(raw)
        except ValueError:
            raise _refuse("not JSON", "malformed_archive", number) from None
        if not isinstance(obj, dict) or T.canonical(obj) != raw:
            raise _refuse("not a canonical JSON object (a byte was changed)", "malformed_archive", number)
        out.append((number, obj))
    return out


def verify(text: str) -> Verified:
    """Recompute the chain, re-fold every match and check every deck commitment."""
    lines = _lines(text)
    if not lines or lines[0][1].get("kind") != "tournament" or lines[0][1].get("format") != FORMAT:
        raise _refuse(f"the first line must be the header of a {FORMAT} file", "malformed_archive", 1)
    header = lines[0][1]
    state: dict | None = None
    previous_line = 1
    results: list[tuple[int, dict]] = []
    matches: dict[str, tuple[int, str]] = {}
    for number, obj in lines[1:]:
        if obj.get("kind") == "record":
            ev = obj.get("event")
            expected = (state or {}).get("length", 0) + 1
            if not isinstance(ev, dict) or ev.get("v") != expected:
                raise _refuse(f"record {expected} is missing or out of order", "chain_broken", number)
            try:
                state = T.apply(state, {k: v for k, v in ev.items() if k != "v"})
            except InvalidRequest as error:
                if error.code != "chain_broken":
                    raise _refuse(f"record {expected} ({ev.get('type')}): {error.message}", error.code, number,
                                  record=expected) from None
                raise _refuse(f"record {expected} does not link to the SHA-256 of record {expected - 1}: line "
                              f"{previous_line} or this one was changed", "chain_broken", number, record=expected,
                              previous_line=previous_line) from None
            except SubspaceError as error:
                raise _refuse(f"record {expected} ({ev.get('type')}): {error.message}", error.code, number,
                              record=expected) from None
            except (KeyError, TypeError, AttributeError, IndexError):
                raise _refuse(f"record {expected} ({ev.get('type')}) does not fold", "record_not_folding", number,
                              record=expected) from None
            _check_record(ev, number)
            if ev["type"] == "result_recorded" and ev["payload"].get("match_record"):  # played or decided: re-folded
                results.append((number, ev["payload"]))
            previous_line = number
        elif obj.get("kind") == "match":
            matches[str(obj.get("match_id"))] = (number, str(obj.get("text")))
        else:
            raise _refuse(f"unknown line kind {obj.get('kind')!r}", "malformed_archive", number)
    if state is None:
        raise _refuse("the archive holds no records", "malformed_archive", 1)
    if header.get("head") != state["head"] or header.get("length") != state["length"] \
            or header.get("tournament_id") != state["tournament_id"]:
        raise _refuse("the header's head hash is not the head of the chain", "head_mismatch", 1)
    for number, result in results:
        _check_match(state, result, matches.pop(result["match_id"], None), number)
    if matches:
        stray, (number, _) = next(iter(matches.items()))
        raise _refuse(f"match {stray} is no result of this tournament", "stray_match", number)
    return Verified(tournament_id=state["tournament_id"], head=state["head"], records=state["length"],
                    matches=len(results), standings=S.standings(state))


def _check_record(ev: dict, number: int) -> None:
    if ev["type"] == "registered":
        p = ev["payload"]
        if decklist_commitment(p["deck"], p["salt"]) != p["deck_commitment"]:
            raise _refuse(f"{p['name']}'s registered deck does not match its commitment", "decklist_mismatch", number)


def _check_match(state: dict, result: dict, entry: tuple[int, str] | None, result_line: int) -> None:
    match_id = result["match_id"]
    where = f"match {match_id} (round {result['round']}, table {result['table']})"
    if entry is None:
        raise _refuse(f"{where} is missing from the archive", "match_missing", result_line)
    number, text = entry
    if hashlib.sha256(text.encode()).hexdigest() != result.get("match_record"):
        raise _refuse(f"{where}: the match file is not the one chained with its result", "match_record_mismatch",
                      number, match_id=match_id)
    try:
        parsed = interchange.parse(text)
        final = interchange.verify(parsed)
    except ImportRefused as error:
        raise _refuse(f"{where}: {error.message} (match line {(error.details or {}).get('line')})", error.code,
                      number, match_id=match_id, match_line=(error.details or {}).get("line")) from None
    if hashlib.sha256(T.canonical(final).encode()).hexdigest() != result.get("final_hash"):
        raise _refuse(f"{where}: the re-folded final state is not the one chained", "final_state_mismatch", number)
    h = parsed.header
    if h.get("tournament") != state["tournament_id"] or h.get("decklist_commitments") != result.get(
            "decklist_commitments"):
        raise _refuse(f"{where}: the match header is not the one chained", "match_record_mismatch", number)
    for seat, reveal in zip(h.get("seats") or [], h.get("decklists") or []):
        player = state["players"].get(seat.get("player_id"))
        if player is None or T.canonical(player["deck"]) != T.canonical(reveal.get("deck")):
            raise _refuse(f"{where}: seat {seat.get('seat')} did not play its player's registered deck",
                          "decklist_not_registered", number)


def rounds_text(state: dict) -> str:
    """A TRF-like text of the rounds (FIDE TRF's shape: ``012`` name, ``XXR`` rounds, one
    ``001`` line per player: start number, name, points, rank, then per round the
    opponent's start number (or ``T<table>`` at a multiplayer table, ``0000`` for a bye)
    and the result: ``1`` win, ``0`` loss, ``=`` draw, ``U`` bye, ``A`` annulled,
    ``-`` not paired)."""
    start = {p: i + 1 for i, p in enumerate(state["order"])}
    ranked = {r["player_id"]: r for r in S.standings(state, phases=(T.SWISS, T.SINGLE_ELIMINATION))}
    lines = [f"012 {state['name']}", f"022 {state['game']} {state['ruleset']}", f"092 {state['format']}",
             f"XXR {len(state['rounds_log'])}", f"XXH {state['head']}"]
    for p in state["order"]:
        r = ranked[p]
        cells = []
        for rnd in state["rounds_log"]:
            cells.append(_cell(rnd, p, start))
        lines.append(f"001 {start[p]:4d} {state['players'][p]['name'][:32]:<32} {r['match_points']:5d} "
                     f"{r['rank']:4d}" + "".join(f"  {c}" for c in cells))
    return "\n".join(lines) + "\n"


def _cell(rnd: dict, p: str, start: dict) -> str:
    if p in rnd["byes"]:
        return "0000 U"
    for table in rnd["tables"]:
        if p in table["players"]:
            others = [q for q in table["players"] if q != p]
            opp = f"{start[others[0]]:4d}" if len(others) == 1 else f"T{table['table']:03d}"
            res = table["result"]
            if res is None:
                return f"{opp} *"
            if res.get("annulled"):
                return f"{opp} A"
            winners = res.get("winners") or []
            mark = "1" if winners == [p] else "=" if len(winners) != 1 else "0"
            return f"{opp} {mark}"
    return "0000 -"
