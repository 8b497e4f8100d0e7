"""A tournament: the fold of its own event stream (``{t:<id>}:events``).

Swiss or single elimination over correspondence rounds. The organiser creates it, players
register with a deck (kept secret: only its salted commitment is ever shown, until the
event ends), the organiser starts it (registration closes), pairs each round (the pairing
itself is computed by ``tournaments.pairing`` and recorded here as an event, so a replay of
this log shows every round exactly as it was drawn), results arrive from the matches the
tournament created, the round closes (publishing the head hash of the chain), and at the
end the tournament finishes.

Tamper evidence: every event carries ``prev``, the SHA-256 (``record_hash``) of the
previous event as stored (``GENESIS`` before the first); the fold refuses an event whose
``prev`` is not the current head, so the stream is a hash chain and ``state["head"]`` its
head. A result event holds the match's final-state hash, which chains every match in too.

Events (``{"type", "payload", "at", "prev"}``, ``at`` stamped by the service):
``created``, ``registered``, ``dropped``, ``started``, ``pair_forbidden``,
``round_paired``, ``round_withdrawn`` (a judge's re-pair), ``result_recorded``,
``deadline_extended``, ``penalty``,
``round_closed``, ``cut``, ``finished``. A judge's game loss or annulment is a
``result_recorded`` with ``source`` ``judge`` and a reason.

The ``check_*`` functions decide (raise a typed error: nothing is appended); ``apply``
trusts the log except for the chain, which it always checks.
"""
from __future__ import annotations

import hashlib
import json

from ..errors import Conflict, Forbidden, InvalidRequest, NotFound

GENESIS = "0" * 64
REGISTERING, RUNNING, FINISHED = "registering", "running", "finished"
SWISS, SINGLE_ELIMINATION = "swiss", "single_elimination"
FORMATS = (SWISS, SINGLE_ELIMINATION)
ORGANISER, JUDGE = "organiser", "judge"
WIN, DRAW = 3, 1  # match points


def canonical(obj: object) -> str:
    """One text per JSON value (sorted keys, no spaces, UTF-8 kept): what gets hashed."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def record_hash(event: dict) -> str:
    """SHA-256 hex of an event's canonical JSON without its stream version ``v`` (the
    version is checked separately: it must count 1, 2, 3...)."""
    return hashlib.sha256(canonical({k: v for k, v in event.items() if k != "v"}).encode()).hexdigest()


def event(kind: str, at: str, **payload: object) -> dict:
    """An event without its ``prev`` (the store links it to the head when it appends)."""
    return {"type": kind, "at": at, "payload": payload}


# ---- roles ----------------------------------------------------------------------------------
def role_of(state: dict, player_id: str | None) -> str | None:
    if player_id is None:
        return None
    if player_id == state["organiser"]:
        return ORGANISER
    if player_id in state["judges"]:
        return JUDGE
    return None


def require_organiser(state: dict, player_id: str) -> None:
    if role_of(state, player_id) != ORGANISER:
        raise Forbidden("only the tournament's organiser may do this", code="not_organiser")


def require_judge(state: dict, player_id: str) -> None:
    """Judges, and the organiser (who is the head judge of their own event)."""
    if role_of(state, player_id) is None:
        raise Forbidden("only a judge of this tournament may do this", code="not_judge")


def require_reason(reason: object) -> str:
    if not isinstance(reason, str) or not reason.strip():
        raise InvalidRequest("say why: a judge's or organiser's decision needs a reason", code="reason_required")
    return reason.strip()


# ---- reading the state ----------------------------------------------------------------------
def active_players(state: dict) -> list[str]:
    """Registered players who have not dropped, in registration order."""
    return [p for p in state["order"] if not state["players"][p]["dropped"]]


def current_round(state: dict) -> dict | None:
    return state["rounds_log"][-1] if state["rounds_log"] else None


def find_table(state: dict, round_no: int, table_no: int) -> dict:
    for rnd in state["rounds_log"]:
        if rnd["round"] == round_no:
            for table in rnd["tables"]:
                if table["table"] == table_no:
                    return table
    raise NotFound(f"round {round_no} has no table {table_no}", code="unknown_table")


def table_of_match(state: dict, match_id: str) -> tuple[dict, dict] | None:
    for rnd in state["rounds_log"]:
        for table in rnd["tables"]:
            if table.get("match_id") == match_id:
                return rnd, table
    return None


def past_opponents(state: dict) -> dict[str, set[str]]:
    """Who has met whom (annulled tables count: they were drawn together)."""
    met: dict[str, set[str]] = {p: set() for p in state["order"]}
    for rnd in state["rounds_log"]:
        for table in rnd["tables"]:
            for p in table["players"]:
                met[p].update(q for q in table["players"] if q != p)
    return met


def bye_counts(state: dict) -> dict[str, int]:
    counts = {p: 0 for p in state["order"]}
    for rnd in state["rounds_log"]:
        for p in rnd["byes"]:
            counts[p] += 1
    return counts


# ---- deciding -------------------------------------------------------------------------------
def check_register(state: dict, player_id: str) -> None:
    if state["status"] != REGISTERING:
        raise Conflict("registration is closed: the tournament has started", code="registration_closed")
    if player_id in state["players"]:
        raise Conflict("you are already registered for this tournament", code="already_registered")
    if role_of(state, player_id) is not None:
        raise Conflict("an organiser or judge cannot also play in the event", code="staff_cannot_play")


def check_drop(state: dict, player_id: str) -> None:
    if player_id not in state["players"]:
        raise NotFound("no such player in this tournament", code="not_registered")
    if state["players"][player_id]["dropped"]:
        raise Conflict("this player has already dropped", code="already_dropped")
    if state["status"] == FINISHED:
        raise Conflict("the tournament is over", code="tournament_finished")


def check_start(state: dict, minimum: int) -> None:
    if state["status"] != REGISTERING:
        raise Conflict("the tournament has already started", code="already_started")
    if len(active_players(state)) < minimum:
        raise Conflict(f"a tournament needs at least {minimum} players to start", code="not_enough_players",
                       details={"minimum": minimum})


def check_pause(state: dict) -> None:
    if state["status"] != RUNNING:
        raise Conflict("only a running tournament can be paused", code="not_running")
    if state.get("paused") is not None:
        raise Conflict("the tournament is already paused", code="already_paused")


def check_resume(state: dict) -> dict:
    """The pause being ended (409 ``not_paused`` when there is none)."""
    if state.get("paused") is None:
        raise Conflict("the tournament is not paused", code="not_paused")
    return state["paused"]


def check_pair(state: dict) -> None:
    """A new round may be drawn only after registration closed and the last round closed,
    and never while the tournament is paused."""
    if state.get("paused") is not None:
        raise Conflict("the tournament is paused: resume it before pairing", code="tournament_paused")
    if state["status"] == REGISTERING:
        raise Conflict("registration is still open: start the tournament before pairing", code="registration_open")
    if state["status"] == FINISHED:
        raise Conflict("the tournament is over", code="tournament_finished")
    last = current_round(state)
    if last is not None and not last["closed"]:
        raise Conflict(f"round {last['round']} is still being played", code="round_open",
                       details={"round": last["round"]})
    if state["phase"] == SWISS and state["format"] == SWISS and len(state["rounds_log"]) >= state["rounds"]:
        raise Conflict(f"all {state['rounds']} Swiss rounds have been played", code="rounds_complete")


def check_tables(state: dict, tables: list[list[str]], byes: list[str]) -> None:
    """A draw (computed or manual) seats every active player exactly once, each table within
    the event's table sizes, and never gives a player a second bye."""
    seated = [p for t in tables for p in t] + list(byes)
    active = set(active_players(state))
    if state["phase"] == SINGLE_ELIMINATION:  # only those still in the bracket play on
        active = set(seated) & active
    if sorted(seated) != sorted(active) or len(set(seated)) != len(seated):
        raise InvalidRequest("a draw must seat every active player exactly once", code="invalid_pairing",
                             details={"missing": sorted(active - set(seated)), "unknown": sorted(set(seated) - active)})
    low, high = state["table_sizes"]
    bad = [t for t in tables if not low <= len(t) <= high]
    if bad:
        raise InvalidRequest(f"tables seat {low} to {high} players", code="invalid_pairing")
    counts = bye_counts(state)
    if state["phase"] == SWISS and any(counts[p] for p in byes):
        raise InvalidRequest("a player may have at most one bye", code="second_bye")


def check_result(state: dict, round_no: int, table_no: int, match_id: str | None) -> dict:
    """The table of the *current* round that ``match_id`` is playing, still without a result."""
    rnd = current_round(state)
    if rnd is None or rnd["round"] != round_no or rnd["closed"]:
        raise Conflict(f"round {round_no} is not the round being played", code="round_not_current")
    table = find_table(state, round_no, table_no)
    if match_id is not None and table.get("match_id") != match_id:
        raise Conflict(f"match {match_id!r} is not the match of round {round_no} table {table_no}",
                       code="match_not_in_round")
    if table["result"] is not None:
        raise Conflict("this table already has a result", code="result_recorded")
    return table


def check_withdraw(state: dict) -> dict:
    """A round may be withdrawn (to be re-paired) only while none of its tables has a result."""
    rnd = current_round(state)
    if rnd is None or rnd["closed"]:
        raise Conflict("no round is being played", code="no_open_round")
    if any(t["result"] is not None for t in rnd["tables"]):
        raise Conflict("a table of this round already has a result; annul it instead", code="round_has_results")
    return rnd


def check_close(state: dict) -> dict:
    rnd = current_round(state)
    if rnd is None or rnd["closed"]:
        raise Conflict("no round is being played", code="no_open_round")
    waiting = [t["table"] for t in rnd["tables"] if t["result"] is None]
    if waiting:
        raise Conflict(f"tables {waiting} have no result yet", code="results_missing", details={"tables": waiting})
    return rnd


# ---- folding --------------------------------------------------------------------------------
def _created(p: dict, at: str) -> dict:
    return {
        **{k: p[k] for k in ("tournament_id", "name", "game", "ruleset", "format", "rounds", "table_sizes", "clock",
                             "round_hours", "organiser", "judges", "cut")},
        "status": REGISTERING, "phase": p["format"], "players": {}, "order": [], "rounds_log": [],
        "forbidden": [], "penalties": [], "published_heads": [], "seeds": [], "created": at, "updated": at,
        "paused": None, "pauses": [],
    }


def _apply_result(state: dict, p: dict) -> None:
    table = find_table(state, p["round"], p["table"])
    table["result"] = {k: p.get(k) for k in ("winners", "scores", "final_hash", "source", "reason", "annulled")}


def apply(state: dict | None, ev: dict) -> dict:
    """Fold one event (``None`` before ``created``); refuses a break in the hash chain."""
    head = GENESIS if state is None else state["head"]
    if ev.get("prev") != head:
        raise InvalidRequest("the event does not link to the head of the tournament's chain", code="chain_broken")
    kind, p, at = ev["type"], ev["payload"], ev["at"]
    if kind == "created":
        if state is not None:
            raise InvalidRequest("a tournament is created only once", code="tournament_exists")
        state = _created(p, at)
    elif state is None:
        raise InvalidRequest("a tournament's first event is 'created'", code="unknown_tournament")
    elif kind == "registered":
        state["players"][p["player_id"]] = {
            "player_id": p["player_id"], "name": p["name"], "deck": p["deck"], "salt": p["salt"],
            "deck_commitment": p["deck_commitment"], "dropped": False, "registered": at,
        }
        state["order"].append(p["player_id"])
    elif kind == "dropped":
        state["players"][p["player_id"]]["dropped"] = True
    elif kind == "started":
        state["status"] = RUNNING
    elif kind == "pair_forbidden":
        state["forbidden"].append({"players": sorted(p["players"]), "reason": p["reason"]})
    elif kind == "round_paired":
        if p.get("seeds"):
            state["seeds"] = list(p["seeds"])
        state["rounds_log"].append({
            "round": p["round"], "phase": p["phase"], "deadline": p["deadline"], "closed": False,
            "byes": list(p["byes"]), "manual": p.get("manual"), "slots": p.get("slots"),
            "tables": [{**t, "result": None} for t in p["tables"]],
        })
    elif kind == "result_recorded":
        _apply_result(state, p)
    elif kind == "round_withdrawn":
        state["rounds_log"].pop()
    elif kind == "deadline_extended":
        current_round(state)["deadline"] = p["deadline"]
    elif kind == "penalty":
        state["penalties"].append({k: p[k] for k in ("player_id", "points", "reason", "round")})
    elif kind == "round_closed":
        current_round(state)["closed"] = True
        state["published_heads"].append({"round": p["round"], "head": head})
    elif kind == "cut":
        state["phase"] = SINGLE_ELIMINATION
        state["seeds"] = list(p["seeds"])
    elif kind == "paused":
        state["paused"] = {"since": at, "reason": p["reason"], "by": p.get("by")}
    elif kind == "resumed":
        state.setdefault("pauses", []).append({**state["paused"], "until": at, "resume_reason": p.get("reason")})
        state["paused"] = None
        if p.get("deadline") is not None:  # the open round's deadline, moved on by the pause's length
            current_round(state)["deadline"] = p["deadline"]
    elif kind == "finished":
        state["status"] = FINISHED
    else:
        raise InvalidRequest(f"unknown tournament event {kind!r}", code="unknown_event")
    state["updated"] = at
    state["head"] = record_hash(ev)
    state["length"] = state.get("length", 0) + 1
    return state


# ---- showing --------------------------------------------------------------------------------
def view(state: dict, viewer: str | None) -> dict:
    """The tournament as ``viewer`` may see it: every deck list stays secret (only its
    commitment shows) until the tournament is finished, except the viewer's own."""
    revealed = state["status"] == FINISHED
    players = []
    for pid in state["order"]:
        entry = state["players"][pid]
        shown = {"player_id": pid, "name": entry["name"], "dropped": entry["dropped"],
                 "deck_commitment": entry["deck_commitment"]}
        if revealed or pid == viewer:
            shown.update(deck=entry["deck"], salt=entry["salt"])
        players.append(shown)
    return {
        **{k: state[k] for k in ("tournament_id", "name", "game", "ruleset", "format", "rounds", "table_sizes",
                                 "clock", "round_hours", "organiser", "judges", "cut", "status", "phase",
                                 "forbidden", "penalties", "published_heads", "seeds", "created", "updated",
                                 "head", "length")},
        "players": players,
        "rounds_log": state["rounds_log"],
        "paused": state.get("paused"), "pauses": state.get("pauses", []),
        "your_role": role_of(state, viewer) or ("player" if viewer in state["players"] else None),
    }
