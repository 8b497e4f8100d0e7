"""Match control: the events of a match that are not game actions — the clock, vacations,
pauses, timeouts, claims, resignation, abort and draws by agreement.

``ControlledGame(game)`` wraps any game (``rules.get_game`` returns every game wrapped), so
the one fold that replays, the worker and the service already run folds these events too:
the state says who is on the clock and until when, and a replay shows every deadline,
extension, pause and timeout at its version.

Why a wrapper and not code in each game: the three games share nothing but the protocol,
and a resignation or a deadline means the same in all of them. What *does* differ per game
(which decisions are response windows and how to pass them, whether a draw may be agreed,
what a claim against an absent seat does in a 3–5 player game) is a small
``ControlPolicy`` each game sets as ``control_policy`` and documents in its RULES.md.

Composition with each game's own end: the control record lives in ``state["control"]``,
created by the first control event, so a match that never had one folds exactly as before
(same states, same hashes: the golden replays). A control outcome (resign, timeout, claim,
draw, abort) is stored there and mirrored into the game's own ``state["outcome"]`` (with
``pending`` cleared) when the game keeps one, so the game's views and everything
downstream (judge view, seed reveal, meta status) treat the match as over.

Time is data: the moment of an event is its ``ts`` (stamped by the service when it appends,
``store.append(ts=...)``), never a clock read here.
"""
from __future__ import annotations

from typing import Any

from . import clock as C
from .errors import Forbidden, IllegalAction, InvalidRequest, MatchOver
from .protocol import JUDGE, Game, State, Viewer

ACTION = "action"
CONTROL_TYPES = frozenset({
    "clock_start", "add_time", "vacation", "pause_request", "resume", "timeout", "claim",
    "forfeit", "resign", "abort", "draw_offer", "draw_accept", "draw_decline", "adjudicate",
})
MAX_REASON = 500
CLAIMS = ("win", "draw", "continue")


class ControlPolicy:
    """What match control needs to know about one game. The defaults suit a two-player
    game without response windows; each card game overrides what is its own."""

    draw_by_agreement = True
    has_opening_hand_choice = False  # a keep-or-redraw decision (standing order keep_opening_hand)

    def response_pass(self, state: State, seat: int) -> dict | None:
        """The action that answers ``seat``'s pending decision "no" when that decision is a
        response window (short deadline, answered by the server when it passes), else None.
        Must read only what every seat sees (the kind of the pending decision): its
        deadline is shown to everyone."""
        return None

    def keep_hand(self, state: State, seat: int) -> dict | None:
        """The action that keeps ``seat``'s opening hand when that is the pending decision."""
        return None

    def claims(self, seats_in_play: int) -> tuple[str, ...]:
        """What the others may claim against a timed-out seat."""
        return ("win", "draw")

    def default_claim(self, seats_in_play: int) -> str:
        """What the grace period's end decides on its own."""
        return "win"

    def remove_seat(self, state: State, seat: int, reason: str) -> bool:
        """Take ``seat`` out and let the others play on (True), or say the game cannot
        continue without it (False: the match ends)."""
        return False

    def winners_without(self, state: State, seat: int, others: list[int]) -> list[int]:
        """Who wins when ``seat`` leaves a game that cannot continue without it."""
        return others


DEFAULT_POLICY = ControlPolicy()


def policy_of(game: Any) -> ControlPolicy:
    return getattr(game, "control_policy", None) or DEFAULT_POLICY


# ---- the control record ------------------------------------------------------------------------
def record(state: State) -> dict | None:
    return state.get("control") if isinstance(state, dict) else None


def _ensure(state: State, seats: int) -> dict:
    ctl = state.get("control")
    if ctl is None:
        ctl = state["control"] = {
            "seats": seats, "clock": None, "outcome": None, "out": [], "draw_offers": [],
            "pause_requests": [], "vacation_days": {}, "last_ts": None,
        }
    return ctl


def _at(ctl: dict, event: dict) -> int | None:
    ts = event.get("ts")
    if ts:
        ctl["last_ts"] = C.parse_ts(ts)
    return ctl["last_ts"]


def in_play(ctl: dict) -> list[int]:
    return [s for s in range(ctl["seats"]) if s not in ctl["out"]]


def _finish(state: State, ctl: dict, winners: list[int], reason: str, ended_by: str) -> None:
    outcome = {"winners": sorted(winners), "reason": reason, "ended_by": ended_by}
    ctl["outcome"] = outcome
    ctl["draw_offers"], ctl["pause_requests"] = [], []
    if ctl["clock"] is not None:
        ctl["clock"]["on_clock"], ctl["clock"]["timed_out"] = {}, {}
    if "outcome" in state and state["outcome"] is None:
        state["outcome"] = dict(outcome)
        if "pending" in state:
            state["pending"] = None


def _leave(game: Game, state: State, ctl: dict, seat: int, reason: str, ended_by: str) -> None:
    """``seat`` is out (resigned, forfeited, claimed against): the game plays on without it
    where its policy allows, else the match ends for the others."""
    policy = policy_of(game)
    others = [s for s in in_play(ctl) if s != seat]
    if len(others) >= 2 and policy.remove_seat(state, seat, reason):
        ctl = state["control"]  # the policy may have rebuilt the state (and its control record)
        ctl["out"].append(seat)
        if ctl["clock"] is not None:
            ctl["clock"]["on_clock"].pop(str(seat), None)
            ctl["clock"]["timed_out"].pop(str(seat), None)
        if ctl["clock"] is not None and ctl["last_ts"] is not None:
            _start_clocks(game, state, ctl, ctl["last_ts"])
        return
    _finish(state, ctl, policy.winners_without(state, seat, others), reason, ended_by)


def _inner(game: Game) -> Game:
    return game.inner if isinstance(game, ControlledGame) else game


def _start_clocks(game: Game, state: State, ctl: dict, at: int) -> None:
    """Put every deciding seat that is not yet on the clock on it."""
    inner = _inner(game)
    clock = ctl["clock"]
    if inner.outcome(state) is not None:
        clock["on_clock"], clock["timed_out"] = {}, {}
        return
    policy = policy_of(inner)
    for seat in inner.deciding_seats(state):
        if str(seat) not in clock["on_clock"]:
            window = "response" if policy.response_pass(state, seat) is not None else "main"
            C.start_decision(clock, seat, window, at)


# ---- folding -----------------------------------------------------------------------------------
def apply_action(game: Game, state: State, event: dict) -> State:
    """A game action: the game applies it; a clocked match then stops the actor's clock
    and starts the clocks of whoever must decide next."""
    inner = _inner(game)
    ctl = record(state)
    if ctl is None:
        return inner.apply(state, event)
    state = inner.apply(state, event)
    ctl = state["control"]
    seat = event.get("seat")
    ctl["draw_offers"] = [s for s in ctl["draw_offers"] if s == seat]  # an offer lapses when another acts
    at = _at(ctl, event)
    if ctl["clock"] is not None and at is not None:
        if seat is not None:
            C.end_decision(ctl["clock"], seat, at)
        deciding = set(inner.deciding_seats(state)) if inner.outcome(state) is None else set()
        for stale in [s for s in ctl["clock"]["on_clock"] if int(s) not in deciding]:
            ctl["clock"]["on_clock"].pop(stale)
            ctl["clock"]["timed_out"].pop(stale, None)
        _start_clocks(game, state, ctl, at)
    return state


def apply_control(game: Game, state: State, event: dict) -> State:
    """Fold one control event (already validated by ``validate_control``)."""
    p = event.get("payload") or {}
    kind, seat = event["type"], event.get("seat")
    ctl = _ensure(state, int(p.get("seats") or len(state.get("seats") or [])))
    at = _at(ctl, event)
    clock = ctl["clock"]
    if kind == "clock_start":
        ctl["clock"] = C.new_clock(p["clock"], ctl["seats"], at)
        _start_clocks(game, state, ctl, at)
    elif kind == "add_time":
        C.extend(clock, p["seat"], p["hours"] * C.HOUR_MS)
    elif kind == "vacation":
        year = str(C.year_of(at))
        tally = ctl["vacation_days"].setdefault(year, [0] * ctl["seats"])
        tally[seat] += p["days"]
        if clock is not None:
            C.take_vacation(clock, seat, at, p["days"] * C.DAY_MS)
    elif kind == "pause_request":
        if seat not in ctl["pause_requests"]:
            ctl["pause_requests"].append(seat)
        if set(in_play(ctl)) <= set(ctl["pause_requests"]) and clock is not None:
            C.pause(clock, at)
    elif kind == "resume":
        ctl["pause_requests"] = []
        if clock is not None:
            C.resume(clock, at)
    elif kind == "timeout":
        clock["timed_out"][str(p["seat"])] = clock["on_clock"][str(p["seat"])]["deadline"]
    elif kind == "claim":
        absent = p["absent"]
        if p["kind"] == "draw":
            _finish(state, ctl, [], f"draw claimed by seat {seat}: seat {absent} ran out of time", "claim")
        else:
            _leave(game, state, ctl, absent, f"seat {absent} ran out of time; seat {seat} claimed", "claim")
    elif kind == "forfeit":
        absent = p["seat"]
        why = f"seat {absent} ran out of time and the grace period ended"
        if p.get("claim") == "draw":
            _finish(state, ctl, [], why + ": a draw", "timeout")
        else:
            _leave(game, state, ctl, absent, why, "timeout")
    elif kind == "resign":
        _leave(game, state, ctl, seat, f"seat {seat} resigned", "resign")
    elif kind == "abort":
        _finish(state, ctl, [], f"aborted by seat {seat} before every seat had decided", "abort")
    elif kind == "draw_offer":
        if seat not in ctl["draw_offers"]:
            ctl["draw_offers"].append(seat)
    elif kind == "draw_accept":
        if seat not in ctl["draw_offers"]:
            ctl["draw_offers"].append(seat)
        if set(in_play(ctl)) <= set(ctl["draw_offers"]):
            _finish(state, ctl, [], "draw by agreement", "draw")
    elif kind == "draw_decline":
        ctl["draw_offers"] = []
    elif kind == "adjudicate":
        _finish(state, ctl, list(p["winners"]), f"decided by a judge: {p['reason']}", "judge")
    return state


# ---- deciding ----------------------------------------------------------------------------------
def outcome(game: Game, state: State) -> dict | None:
    ctl = record(state)
    if ctl is not None and ctl["outcome"] is not None:
        return ctl["outcome"]
    return _inner(game).outcome(state)


def seats_that_decided(events: list[dict], seats: int) -> set[int]:
    """Seats with a game action in ``events`` (abort is allowed until every seat has one)."""
    return {e["seat"] for e in events if e.get("type") == ACTION and isinstance(e.get("seat"), int)} & set(range(seats))


def validate_control(game: Game, state: State, event: dict, *, now: int, seats: int,
                     decided: set[int] | None = None) -> None:
    """Raise unless ``event`` (``{type, seat, payload}``; seat None = the server or a judge)
    may be appended at ``now`` (ms). The errors name only public facts (the clock, the
    offers, who is out), never anything from a hand."""
    kind, seat, p = event["type"], event.get("seat"), event.get("payload") or {}
    if kind not in CONTROL_TYPES:
        raise InvalidRequest(f"unknown control event '{kind}'", code="invalid_request")
    if outcome(game, state) is not None:
        raise MatchOver("the match is over; nothing more can happen in it")
    ctl = record(state) or {"seats": seats, "clock": None, "out": [], "draw_offers": [], "pause_requests": [],
                            "vacation_days": {}}
    clock = ctl["clock"]
    players = [s for s in range(seats) if s not in ctl["out"]]
    if seat is not None and seat not in players:
        raise Forbidden(f"seat {seat} is no longer in this match", code="not_in_match")
    policy = policy_of(_inner(game))
    if kind == "clock_start":
        if clock is not None:
            raise IllegalAction("this match already has a clock", code="clock_exists")
        C.validate_clock_spec(p.get("clock"))
    elif kind in ("add_time", "vacation", "pause_request", "resume", "timeout", "claim", "forfeit"):
        if clock is None:
            raise IllegalAction("this match has no clock", code="no_clock")
    if kind == "add_time":
        target = p.get("seat")
        if target not in players:
            raise InvalidRequest(f"seat {target} is not a seat in play in this match", code="invalid_seat")
        if seat is not None and seat == target:
            raise Forbidden("only an opponent or a judge may add time to a seat's clock", code="own_clock")
        hours = p.get("hours")
        if not isinstance(hours, int) or isinstance(hours, bool) or not 1 <= hours <= 14 * 24:
            raise InvalidRequest("hours must be a whole number from 1 to 336", code="invalid_hours")
        if str(target) not in clock["on_clock"]:
            raise IllegalAction(f"seat {target} is not on the clock now", code="not_on_clock")
    elif kind == "vacation":
        days = p.get("days")
        if not isinstance(days, int) or isinstance(days, bool) or days < 1:
            raise InvalidRequest("days must be a whole number of at least 1", code="invalid_days")
    elif kind == "pause_request":
        if clock["paused_since"] is not None:
            raise IllegalAction("the clock is already paused", code="already_paused")
        if seat in ctl["pause_requests"]:
            raise IllegalAction("you already asked for a pause; waiting for the others", code="already_requested")
    elif kind == "resume":
        if clock["paused_since"] is None and not ctl["pause_requests"]:
            raise IllegalAction("the clock is not paused", code="not_paused")
    elif kind in ("timeout", "forfeit", "claim"):
        absent = p.get("seat") if kind != "claim" else p.get("absent")
        entry = clock["on_clock"].get(str(absent)) if isinstance(absent, int) else None
        if entry is None:
            raise IllegalAction(f"seat {absent} is not on the clock now", code="not_on_clock")
        if kind == "timeout":
            if entry["deadline"] > now or clock["paused_since"] is not None:
                raise IllegalAction(f"seat {absent}'s deadline has not passed", code="deadline_not_passed",
                                    details={"deadline": C.format_ts(entry["deadline"])})
            if str(absent) in clock["timed_out"]:
                raise IllegalAction(f"seat {absent} has already timed out", code="already_timed_out")
        else:
            if str(absent) not in clock["timed_out"]:
                raise IllegalAction(
                    f"seat {absent}'s deadline has not passed yet ({C.format_ts(entry['deadline'])}); "
                    "a claim is possible only after it", code="deadline_not_passed",
                    details={"deadline": C.format_ts(entry["deadline"])})
            if kind == "forfeit" and C.grace_end(clock, clock["timed_out"][str(absent)]) > now:
                raise IllegalAction("the grace period has not ended", code="grace_not_over")
            if kind == "claim":
                if seat is None or seat == absent:
                    raise Forbidden("only an opponent of the absent seat may claim", code="not_an_opponent")
                if p.get("kind") not in policy.claims(len(players)):
                    raise InvalidRequest(
                        f"this game allows the claims {', '.join(policy.claims(len(players)))}",
                        code="invalid_claim", details={"claims": list(policy.claims(len(players)))})
    elif kind == "adjudicate":
        # A judge (or a tournament's round deadline) ends the match with a result: never a
        # seat's own act, so it carries no seat. The winners are seats still in play.
        if seat is not None:
            raise Forbidden("only a judge may decide a match", code="not_a_judge")
        winners = p.get("winners")
        if not isinstance(winners, list) or not all(isinstance(w, int) and not isinstance(w, bool) and w in players
                                                     for w in winners) or len(set(winners)) != len(winners):
            raise InvalidRequest("winners must be distinct seats still in play", code="invalid_winners")
        reason = p.get("reason")
        if not isinstance(reason, str) or not reason.strip() or len(reason) > MAX_REASON:
            raise InvalidRequest(f"a decision needs a reason of 1-{MAX_REASON} characters", code="invalid_reason")
    elif kind == "abort":
        if decided is not None and set(players) <= decided:
            raise IllegalAction("every seat has made a decision; the match can no longer be aborted "
                                "(resign instead)", code="too_late_to_abort")
    elif kind in ("draw_offer", "draw_accept", "draw_decline"):
        if not policy.draw_by_agreement:
            raise IllegalAction("this game has no draw by agreement (see its RULES.md)", code="no_draws")
        if kind == "draw_offer" and seat in ctl["draw_offers"]:
            raise IllegalAction("you already offered a draw", code="already_offered")
        if kind in ("draw_accept", "draw_decline") and not [s for s in ctl["draw_offers"] if s != seat]:
            raise IllegalAction("no draw has been offered to you", code="no_draw_offer")


def vacation_days_taken(state: State, seat: int, year: int) -> int:
    """Vacation days ``seat`` took in this match in ``year`` (anonymous seats' allowance)."""
    ctl = record(state)
    if ctl is None:
        return 0
    tally = ctl["vacation_days"].get(str(year))
    return tally[seat] if tally else 0


# ---- the clock job's view of a match -------------------------------------------------------
def next_wake(state: State) -> int | None:
    """The earliest moment the clock job must look at this match, None when never."""
    ctl = record(state)
    if ctl is None or ctl["clock"] is None or ctl["outcome"] is not None:
        return None
    points = C.wake_points(ctl["clock"])
    return points[0] if points else None


def due(game: Game, state: State, now: int) -> list[dict]:
    """What the clock job should append at ``now``, in order: the server's answer to an
    expired response window (the game's pass), a timeout of an expired main decision, a
    forfeit once the grace period after a timeout has ended. Each is an event body
    (``{type, seat, payload}``); at most one per seat, so the job appends one and looks
    again (each append moves the version)."""
    ctl = record(state)
    if ctl is None or ctl["clock"] is None or outcome(game, state) is not None:
        return []
    clock = ctl["clock"]
    if clock["paused_since"] is not None:
        return []
    inner = _inner(game)
    out: list[dict] = []
    for seat in C.expired(clock, now):
        entry = clock["on_clock"][str(seat)]
        answer = policy_of(inner).response_pass(state, seat) if entry["window"] == "response" else None
        if answer is not None:
            out.append({"type": ACTION, "seat": seat, "payload": answer, "auto": "response_deadline"})
        else:
            out.append({"type": "timeout", "seat": None,
                        "payload": {"seat": seat, "deadline": C.format_ts(entry["deadline"])}})
    for key, deadline in sorted(clock["timed_out"].items()):
        if C.grace_end(clock, deadline) <= now:
            claim = policy_of(inner).default_claim(len(in_play(ctl)))
            out.append({"type": "forfeit", "seat": None, "payload": {"seat": int(key), "claim": claim}})
    return out


def reminders(state: State, now: int) -> list[dict]:
    """Running decisions past their 80 % point at ``now``: ``{seat, since, deadline}``
    (the job sends each once, deduplicated by seat and ``since``)."""
    ctl = record(state)
    if ctl is None or ctl["clock"] is None or ctl["outcome"] is not None or ctl["clock"]["paused_since"] is not None:
        return []
    clock = ctl["clock"]
    return [{"seat": int(s), "since": e["since"], "deadline": e["deadline"]}
            for s, e in sorted(clock["on_clock"].items())
            if s not in clock["timed_out"] and C.reminder_at(e) <= now < e["deadline"]]


def view(state: State) -> dict | None:
    """The control record as everyone may see it (all public)."""
    ctl = record(state)
    if ctl is None:
        return None
    return {
        "clock": C.view(ctl["clock"]) if ctl["clock"] is not None else None,
        "outcome": ctl["outcome"],
        "out": list(ctl["out"]),
        "draw_offers": list(ctl["draw_offers"]),
        "pause_requests": list(ctl["pause_requests"]),
        "vacation_days": {y: list(t) for y, t in ctl["vacation_days"].items()},
    }


def clock_summary(state: State) -> dict | None:
    """The clock as a match summary shows it: the full clock view plus ``deadlines`` (seat
    number as a string -> ISO deadline of its running decision) and ``deadline`` (the
    earliest), which ``GET /v1/me/matches`` sorts by. None for a match without a clock."""
    ctl = record(state)
    if ctl is None or ctl["clock"] is None:
        return None
    shown = C.view(ctl["clock"])
    deadlines = {str(e["seat"]): e["deadline"] for e in shown["on_clock"]}
    return {**shown, "deadlines": deadlines, "deadline": min(deadlines.values()) if deadlines else None}


# ---- the wrapper -------------------------------------------------------------------------------
class ControlledGame:
    """A game whose log may also hold control events (``CONTROL_TYPES``). Everything else
    is the wrapped game's own behaviour, unchanged."""

    def __init__(self, inner: Game):
        self.inner = inner

    def __getattr__(self, name: str) -> Any:  # id, title, rulesets, starter_decks, build_config, ...
        return getattr(self.inner, name)

    def setup(self, config: dict, seed: str) -> State:
        return self.inner.setup(config, seed)

    def deciding_seats(self, state: State) -> list[int]:
        if outcome(self, state) is not None:
            return []
        return self.inner.deciding_seats(state)

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        if outcome(self, state) is not None:
            return []
        return self.inner.legal_actions(state, seat)

    def validate(self, state: State, seat: int, action: dict) -> None:
        if outcome(self, state) is not None:
            raise MatchOver("the match is over; no more actions are accepted")
        self.inner.validate(state, seat, action)

    def apply(self, state: State, event: dict) -> State:
        if event.get("type") in CONTROL_TYPES:
            return apply_control(self, state, event)
        return apply_action(self, state, event)

    def outcome(self, state: State) -> dict | None:
        return outcome(self, state)

    def view(self, state: State, viewer: Viewer) -> dict:
        shown = self.inner.view(state, viewer)
        control = view(state)
        if control is not None and isinstance(shown, dict):
            shown = {**shown, "control": control}
        return shown

    def redact_event(self, event: dict, viewer: Viewer, state_before: State) -> dict:
        if event.get("type") in CONTROL_TYPES:
            return event  # control events are public facts
        return self.inner.redact_event(event, viewer, state_before)

    def response_pass(self, state: State, seat: int) -> dict | None:
        return policy_of(self.inner).response_pass(state, seat)


def controlled(game: Game) -> ControlledGame:
    return game if isinstance(game, ControlledGame) else ControlledGame(game)


__all__ = [
    "CLAIMS", "CONTROL_TYPES", "ControlPolicy", "ControlledGame", "JUDGE", "apply_control", "controlled",
    "due", "next_wake", "outcome", "reminders", "seats_that_decided", "validate_control", "view",
]
