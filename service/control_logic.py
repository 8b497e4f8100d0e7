"""What the match-control endpoints do (resign, abort, draws, add time, vacation, pause,
resume, claim), as plain functions of the runtime.

Each request becomes one control event (``rules.control``): validated against the current
state at the server's time, then appended with the optimistic version check. Control
requests carry no ``expected_version`` — a resignation means the same at any version — so a
version moved by someone else is met by reading again and re-validating (a few times),
never by appending blindly. Nothing is appended when validation fails.

Time: ``clock_index.now_iso()`` is the one clock of the service; it stamps the event's
``ts``, which is the only time the reducer ever sees.
"""
from __future__ import annotations

from rules import clock as C
from rules import control
from rules.errors import Forbidden, IllegalAction, InvalidRequest, MatchOver, NotFound, VersionConflict
from replays import current_state
from store import MatchStore, vacations
from store.players import PlayerStore
from workers.bots import schedule_if_bot_turn

from . import auth
from .clock_index import now_iso, reschedule
from .matches_logic import Match, Posted, answer_replayed, load_match, refuse_if_imported, seat_idempotency_key
from .notifications import notify_your_turn
from .runtime import Runtime

_ATTEMPTS = 5  # re-reads after a version moved by someone else before giving up with a 409


def seat_player(meta: dict, seat: int) -> str | None:
    """The registered player in ``seat`` (``meta.seat_players``), None for an anonymous seat."""
    players = meta.get("seat_players") or []
    return players[seat] if seat < len(players) else None


def finish_if_over(rt: Runtime, match: Match, state: dict, version: int) -> None:
    outcome = match.game.outcome(state)
    if outcome is not None:
        rt.store.update_meta(match.id, status="finished", outcome=outcome, finished_version=version)


def decided_seats(rt: Runtime, match: Match, upto: int) -> set[int]:
    """Seats that made a game decision in versions 1..``upto`` (read in pages, stopping as
    soon as every seat has one: abort is refused from then on)."""
    found: set[int] = set()
    after = 0
    while after < upto and len(found) < match.seat_count:
        page = rt.store.read_events(match.id, after=after, limit=200, upto=upto)
        if not page:
            break
        found |= control.seats_that_decided(page, match.seat_count)
        after = page[-1]["v"]
    return found


def _check_vacation(rt: Runtime, match: Match, state: dict, seat: int, days: int, at_ms: int) -> tuple[str, list[int]] | None:
    """Refuse a vacation past the yearly allowance; for a registered player reserve its
    calendar days in their ledger (``store.vacations``). Returns what to refund if the
    append fails: (player id, the days this reservation added)."""
    year = C.year_of(at_ms)
    allowance = C.VACATION_DAYS_PER_YEAR
    player = seat_player(match.meta, seat)
    if player is None:
        used = control.vacation_days_taken(state, seat, year)
        ok, added = used + days <= allowance, []
    else:
        ok, used, added = vacations.reserve(rt.conn, player, year, at_ms, days, allowance)
    if not ok:
        raise InvalidRequest(
            f"a vacation of {days} day(s) is longer than what is left of this year's allowance "
            f"({allowance - used} of {allowance} days)",
            code="vacation_too_long", details={"allowance": allowance, "used": used, "asked": days})
    return (player, added) if player is not None else None


# What a judge who holds no seat may do to a match: give a seat more time. Every other
# control event is a seat's own decision (resign, draw, vacation, pause) or the clock's.
JUDGE_KINDS = frozenset({"add_time"})


def judge_idempotency_key(key: str | None) -> str | None:
    """A judge's keys live apart from every seat's (cf. ``seat_idempotency_key``)."""
    return None if key is None else f"judge:{key}"


def _acting_seat(rt: Runtime, match: Match, token: str | None, kind: str) -> int | None:
    """The caller's seat, or None for a judge of this match acting without a seat (only for
    ``JUDGE_KINDS``; the event then carries ``seat: null``, which the rules read as a judge).
    A caller who is neither is refused as before (401 without a token, 403 ``not_a_seat``)."""
    players = PlayerStore(rt.store.conn)
    if kind in JUDGE_KINDS and token is not None and auth.viewer_for(match.meta, token, players) == auth.SPECTATOR:
        if auth.judge_for(match.meta, token, rt.settings.judges, players) is not None:
            return None
    return auth.require_seat(match.meta, token, players)


def post_control(rt: Runtime, match_id: str, token: str | None, kind: str, payload: dict | None = None,
                 idempotency_key: str | None = None) -> Posted:
    """Validate and append one control event for the caller's seat."""
    store = rt.store
    match = load_match(store, match_id)
    refuse_if_imported(match.meta)
    seat = _acting_seat(rt, match, token, kind)
    event = {"type": kind, "seat": seat, "payload": {**(payload or {}), "seats": match.seat_count}}
    key = seat_idempotency_key(seat, idempotency_key) if seat is not None else judge_idempotency_key(idempotency_key)
    if key is not None:
        earlier = store.idempotent_result(match_id, key, event)
        if earlier is not None:
            return answer_replayed(rt, match_id, Posted(body=earlier.response, replayed=True))
    for attempt in range(_ATTEMPTS):
        version, state = current_state(store, match.game, match_id)
        ts = now_iso()
        now = C.parse_ts(ts)
        decided = decided_seats(rt, match, version) if kind == "abort" else None
        control.validate_control(match.game, state, event, now=now, seats=match.seat_count, decided=decided)
        refund_to = _check_vacation(rt, match, state, seat, event["payload"]["days"], now) if kind == "vacation" else None
        try:
            result = store.append(match_id, version, event, idempotency_key=key,
                                  response={"version": version + 1, "event": kind}, ts=ts)
        except VersionConflict:
            if refund_to is not None:
                vacations.refund(rt.conn, refund_to[0], C.year_of(now), refund_to[1])
            if attempt == _ATTEMPTS - 1:
                raise
            continue
        if result.replayed:  # a twin with the same key appended first: its days are the ones counted
            if refund_to is not None:
                vacations.refund(rt.conn, refund_to[0], C.year_of(now), refund_to[1])
            return answer_replayed(rt, match_id, Posted(body=result.response, replayed=True))
        before = list(match.game.deciding_seats(state))
        state = match.game.apply(state, {**event, "ts": ts})
        finish_if_over(rt, match, state, result.version)
        reschedule(rt.conn, match_id, state)
        rt.after_append(match_id)
        notify_your_turn(rt.conn, match_id=match_id, meta=match.meta, version=result.version,
                         before=before, after=match.game.deciding_seats(state))
        schedule_if_bot_turn(rt.conn, match_id, match.meta, match.game, state)
        rt.play_orders(match_id)
        return Posted(body=result.response, replayed=False)
    raise AssertionError("unreachable")  # pragma: no cover


def adjudicate(store: MatchStore, match_id: str, winners: list[int], reason: str) -> int | None:
    """End a match by a judge's decision: one ``adjudicate`` control event with no seat
    (``rules.control``), so the match itself is over — its log complete, its seed and deck
    lists revealed, its file exportable and re-foldable like any finished match — rather
    than a result recorded beside a match that never ended. Used when a tournament round's
    deadline passes. Returns the event's version, or None if the match was already over."""
    match = load_match(store, match_id)
    event = {"type": "adjudicate", "seat": None,
             "payload": {"winners": sorted(winners), "reason": reason, "seats": match.seat_count}}
    for attempt in range(_ATTEMPTS):
        version, state = current_state(store, match.game, match_id)
        if match.game.outcome(state) is not None:
            return None
        ts = now_iso()
        control.validate_control(match.game, state, event, now=C.parse_ts(ts), seats=match.seat_count)
        try:
            result = store.append(match_id, version, event, ts=ts)
        except VersionConflict:
            if attempt == _ATTEMPTS - 1:
                raise
            continue
        state = match.game.apply(state, {**event, "ts": ts})
        store.update_meta(match_id, status="finished", outcome=match.game.outcome(state),
                          finished_version=result.version)
        return result.version
    raise AssertionError("unreachable")  # pragma: no cover


def take_player_vacation(rt: Runtime, token: str | None, days: int) -> dict:
    """A player's vacation in every match of theirs where a clock runs: the same calendar
    days, charged once to the yearly allowance (``store.vacations``), appended as each
    match's own ``vacation`` event. The allowance is checked on the first match, so a
    vacation too long for it is refused before anything is appended; a match where the
    player's clock cannot stop (finished, no clock, out of it) is listed as skipped with
    the reason's code."""
    players = PlayerStore(rt.store.conn)
    player_id = auth.require_player(token, players)
    applied: list[dict] = []
    skipped: list[dict] = []
    for match_id in players.match_ids(player_id):
        try:
            meta = rt.store.get_meta(match_id)
        except NotFound:
            continue
        if auth.seat_of_player(meta, player_id) is None or meta.get("status") == "finished":
            continue
        try:
            posted = post_control(rt, match_id, token, "vacation", {"days": days})
        except (IllegalAction, MatchOver, Forbidden) as refused:
            skipped.append({"match_id": match_id, "code": refused.code})
            continue
        except InvalidRequest as refused:
            if refused.code == "vacation_too_long" and not applied:
                raise  # nothing appended anywhere: the caller learns the allowance at once
            skipped.append({"match_id": match_id, "code": refused.code})
            continue
        applied.append({"match_id": match_id, "version": posted.body["version"]})
    return {"days": days, "matches": applied, "skipped": skipped}


__all__ = ["adjudicate", "decided_seats", "post_control", "seat_player", "take_player_vacation"]
