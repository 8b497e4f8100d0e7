"""Correspondence clocks: days per decision, a time bank with an increment, a short
deadline for response windows, a grace period, vacations and mutual pauses.

Pure arithmetic over a plain-JSON clock record that lives in ``state["control"]["clock"]``
(``rules/control.py`` folds the events that change it). Time is never read here: every
function takes the moment as data, milliseconds since the Unix epoch, which the control
layer takes from the ``ts`` the service stamps on each event (``parse_ts``).

Why these rules (lichess correspondence, GEMP "Glacial"): each *main* decision gets the
full ``days_per_decision`` afresh (a slow week does not eat next week's time); when it runs
out the seat's time bank is spent before the deadline passes, and every decision answered
adds ``increment_hours`` back to the bank (capped at its starting size). A *response
window* — a short "do you respond?" question asked of the player who is not acting — gets
``response_hours`` and no bank: when it passes the server answers the window with the
game's pass (``rules.control``), so a pass never waits a day.
"""
from __future__ import annotations

from datetime import datetime, timezone

from .errors import InvalidRequest

HOUR_MS = 3600 * 1000
DAY_MS = 24 * HOUR_MS
REMINDER_FRACTION = 0.8  # "when 80 % of the time is gone" (lichess)
VACATION_DAYS_PER_YEAR = 30  # allowance per player (or per seat of an anonymous match)

# field: (lowest, highest, default; None = required)
_LIMITS: dict[str, tuple[int, int, int | None]] = {
    "days_per_decision": (1, 14, None),
    "bank_days": (0, 30, 0),
    "increment_hours": (0, 72, 0),
    "response_hours": (1, 72, 12),
    "grace_days": (0, 14, 3),
}


def validate_clock_spec(spec: object) -> dict:
    """The normalised clock of a match (defaults filled in), or ``InvalidRequest`` with
    ``code="invalid_clock"`` naming every bad field. The match creation and challenge
    endpoints both call this, so a clock is checked by one set of rules."""
    if not isinstance(spec, dict):
        raise InvalidRequest("clock must be an object such as {\"days_per_decision\": 3}", code="invalid_clock")
    problems: dict[str, str] = {}
    unknown = sorted(set(spec) - set(_LIMITS))
    for key in unknown:
        problems[key] = f"unknown clock field; known fields: {', '.join(_LIMITS)}"
    out: dict[str, int] = {}
    for key, (low, high, default) in _LIMITS.items():
        value = spec.get(key, default)
        if value is None:
            problems[key] = "required"
            continue
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            problems[key] = f"must be a whole number from {low} to {high}"
            continue
        out[key] = value
    if not problems and out["response_hours"] > out["days_per_decision"] * 24:
        problems["response_hours"] = "a response window may not be longer than a main decision"
    if problems:
        raise InvalidRequest(
            "bad clock: " + "; ".join(f"{k}: {v}" for k, v in problems.items()),
            code="invalid_clock",
            details=problems,
        )
    return out


# ---- time as data --------------------------------------------------------------------------
def parse_ts(ts: str) -> int:
    """Milliseconds since the epoch of an event timestamp (``2026-11-22T10:00:00.123Z``)."""
    moment = datetime.fromisoformat(ts.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return int(round(moment.timestamp() * 1000))


def format_ts(ms: int | None) -> str | None:
    """The event timestamp format for ``ms`` (None stays None)."""
    if ms is None:
        return None
    moment = datetime.fromtimestamp(ms / 1000, tz=timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def year_of(ms: int) -> int:
    return datetime.fromtimestamp(ms / 1000, tz=timezone.utc).year


# ---- the clock record ------------------------------------------------------------------------
def new_clock(spec: dict, seats: int, at: int) -> dict:
    """A clock just started at ``at``: full banks, nobody on the clock yet."""
    bank = spec["bank_days"] * DAY_MS
    return {
        "spec": dict(spec),
        "started": at,
        "bank": [bank] * seats,
        "on_clock": {},  # str(seat) -> {since, deadline, window: "main"|"response"}
        "away_until": [None] * seats,  # vacation end per seat
        "paused_since": None,
        "timed_out": {},  # str(seat) -> deadline that passed (until the seat acts)
    }


def _now(clock: dict, at: int) -> int:
    """While the clock is paused no time passes: everything happens at the pause's start."""
    return clock["paused_since"] if clock["paused_since"] is not None else at


def start_decision(clock: dict, seat: int, window: str, at: int) -> None:
    """``seat`` must decide from ``at`` (or from the end of its vacation)."""
    spec = clock["spec"]
    since = max(_now(clock, at), clock["away_until"][seat] or 0)
    if window == "response":
        deadline = since + spec["response_hours"] * HOUR_MS
    else:
        deadline = since + spec["days_per_decision"] * DAY_MS + clock["bank"][seat]
    clock["on_clock"][str(seat)] = {"since": since, "deadline": deadline, "window": window}


def end_decision(clock: dict, seat: int, at: int) -> None:
    """``seat`` answered at ``at``: spend the bank it overran into, add the increment."""
    entry = clock["on_clock"].pop(str(seat), None)
    clock["timed_out"].pop(str(seat), None)
    if entry is None or entry["window"] != "main":
        return
    spec = clock["spec"]
    used = max(0, _now(clock, at) - entry["since"])
    overrun = max(0, used - spec["days_per_decision"] * DAY_MS)
    bank = max(0, clock["bank"][seat] - overrun) + spec["increment_hours"] * HOUR_MS
    clock["bank"][seat] = min(bank, bank_cap(spec))


def bank_cap(spec: dict) -> int:
    """A bank never grows past its starting size — or, for a clock with an increment and
    no starting bank, past one decision's days (else the increment could not help)."""
    days = spec["bank_days"] or (spec["days_per_decision"] if spec["increment_hours"] else 0)
    return days * DAY_MS


def extend(clock: dict, seat: int, ms: int) -> None:
    """Add time to ``seat``'s running decision (``add_time``); a timed-out seat is back."""
    entry = clock["on_clock"].get(str(seat))
    if entry is not None:
        entry["deadline"] += ms
        clock["timed_out"].pop(str(seat), None)


def take_vacation(clock: dict, seat: int, at: int, ms: int) -> int:
    """``seat`` is away from ``at`` for ``ms``; its running deadline moves by the time the
    vacation adds. Returns when the vacation ends."""
    start = max(_now(clock, at), clock["away_until"][seat] or 0)
    until = start + ms
    clock["away_until"][seat] = until
    entry = clock["on_clock"].get(str(seat))
    if entry is not None:
        entry["deadline"] += until - start
        clock["timed_out"].pop(str(seat), None)
    return until


def pause(clock: dict, at: int) -> None:
    if clock["paused_since"] is None:
        clock["paused_since"] = at


def resume(clock: dict, at: int) -> None:
    """End a pause: every running decision gets the paused time back."""
    since = clock["paused_since"]
    if since is None:
        return
    clock["paused_since"] = None
    gap = max(0, at - since)
    for entry in clock["on_clock"].values():
        entry["since"] += gap
        entry["deadline"] += gap
    clock["away_until"] = [None if u is None else (u + gap if u > since else u) for u in clock["away_until"]]


def reminder_at(entry: dict) -> int:
    """When 80 % of a running decision's time is gone."""
    return entry["since"] + int((entry["deadline"] - entry["since"]) * REMINDER_FRACTION)


def grace_end(clock: dict, deadline: int) -> int:
    return deadline + clock["spec"]["grace_days"] * DAY_MS


def expired(clock: dict, at: int) -> list[int]:
    """Seats whose running deadline has passed at ``at`` and that have not yet been timed
    out (none while paused)."""
    if clock["paused_since"] is not None:
        return []
    return sorted(int(s) for s, e in clock["on_clock"].items()
                  if e["deadline"] <= at and s not in clock["timed_out"])


def wake_points(clock: dict) -> list[int]:
    """Every future moment at which the clock job may have something to do: reminders,
    deadlines and grace ends. Paused clocks have none (nothing runs out)."""
    if clock["paused_since"] is not None:
        return []
    points = []
    for seat, entry in clock["on_clock"].items():
        if seat in clock["timed_out"]:
            points.append(grace_end(clock, clock["timed_out"][seat]))
        else:
            points += [reminder_at(entry), entry["deadline"]]
    return sorted(points)


def view(clock: dict) -> dict:
    """What everyone may see of the clock (all public: times and who is on the clock)."""
    return {
        "spec": clock["spec"],
        "paused": clock["paused_since"] is not None,
        "paused_since": format_ts(clock["paused_since"]),
        "bank_ms": list(clock["bank"]),
        "on_clock": [
            {"seat": int(s), "since": format_ts(e["since"]), "deadline": format_ts(e["deadline"]),
             "window": e["window"], "timed_out": s in clock["timed_out"],
             "grace_ends": format_ts(grace_end(clock, clock["timed_out"][s])) if s in clock["timed_out"] else None}
            for s, e in sorted(clock["on_clock"].items(), key=lambda kv: int(kv[0]))
        ],
        "away_until": [format_ts(u) for u in clock["away_until"]],
    }
