"""rules.clock: the clock spec and the arithmetic of deadlines, banks, vacations, pauses."""
from __future__ import annotations

import pytest

from rules import clock as C
from rules.errors import InvalidRequest

T0 = C.parse_ts("2026-03-01T12:00:00.000Z")
DAY, HOUR = C.DAY_MS, C.HOUR_MS


def spec(**kw):
    return C.validate_clock_spec({"days_per_decision": 2, **kw})


def test_a_spec_gets_its_defaults():
    assert C.validate_clock_spec({"days_per_decision": 3}) == {
        "days_per_decision": 3, "bank_days": 0, "increment_hours": 0, "response_hours": 12, "grace_days": 3}


@pytest.mark.parametrize("bad, field", [
    ({}, "days_per_decision"),
    ({"days_per_decision": 0}, "days_per_decision"),
    ({"days_per_decision": 15}, "days_per_decision"),
    ({"days_per_decision": "3"}, "days_per_decision"),
    ({"days_per_decision": True}, "days_per_decision"),
    ({"days_per_decision": 3, "bank_days": -1}, "bank_days"),
    ({"days_per_decision": 3, "increment_hours": 73}, "increment_hours"),
    ({"days_per_decision": 3, "grace_days": 30}, "grace_days"),
    ({"days_per_decision": 1, "response_hours": 48}, "response_hours"),
    ({"days_per_decision": 3, "minutes": 5}, "minutes"),
])
def test_a_bad_spec_is_refused_naming_the_field(bad, field):
    with pytest.raises(InvalidRequest) as err:
        C.validate_clock_spec(bad)
    assert err.value.code == "invalid_clock"
    assert field in err.value.details


def test_a_spec_must_be_an_object():
    with pytest.raises(InvalidRequest):
        C.validate_clock_spec([3])


def test_timestamps_round_trip():
    assert C.format_ts(C.parse_ts("2026-03-01T12:00:00.250Z")) == "2026-03-01T12:00:00.250Z"
    assert C.format_ts(None) is None


def test_each_main_decision_gets_its_days_and_the_bank():
    clock = C.new_clock(spec(bank_days=1), 2, T0)
    C.start_decision(clock, 0, "main", T0)
    assert clock["on_clock"]["0"]["deadline"] == T0 + 3 * DAY  # 2 days + 1 day of bank
    C.end_decision(clock, 0, T0 + 2 * DAY + 6 * HOUR)  # 6 hours into the bank
    assert clock["bank"][0] == DAY - 6 * HOUR
    assert clock["on_clock"] == {}


def test_the_increment_refills_the_bank_up_to_its_size():
    clock = C.new_clock(spec(bank_days=1, increment_hours=12), 2, T0)
    C.start_decision(clock, 0, "main", T0)
    C.end_decision(clock, 0, T0 + HOUR)
    assert clock["bank"][0] == DAY  # capped at the starting bank
    C.start_decision(clock, 0, "main", T0 + HOUR)
    C.end_decision(clock, 0, T0 + HOUR + 2 * DAY + 20 * HOUR)  # 20 h of bank spent, 12 h back
    assert clock["bank"][0] == DAY - 20 * HOUR + 12 * HOUR


def test_an_increment_without_a_bank_builds_one_up_to_a_decision():
    clock = C.new_clock(spec(increment_hours=24), 2, T0)
    for i in range(5):
        C.start_decision(clock, 0, "main", T0)
        C.end_decision(clock, 0, T0)
    assert clock["bank"][0] == 2 * DAY


def test_a_response_window_gets_the_short_deadline_and_no_bank():
    clock = C.new_clock(spec(bank_days=5, response_hours=6), 2, T0)
    C.start_decision(clock, 1, "response", T0)
    assert clock["on_clock"]["1"]["deadline"] == T0 + 6 * HOUR
    C.end_decision(clock, 1, T0 + 7 * HOUR)
    assert clock["bank"][1] == 5 * DAY


def test_a_vacation_moves_the_running_deadline_and_delays_the_next():
    clock = C.new_clock(spec(), 2, T0)
    C.start_decision(clock, 0, "main", T0)
    until = C.take_vacation(clock, 0, T0 + HOUR, 3 * DAY)
    assert until == T0 + HOUR + 3 * DAY
    assert clock["on_clock"]["0"]["deadline"] == T0 + 5 * DAY
    C.start_decision(clock, 0, "main", T0 + 2 * HOUR)  # a new decision while away starts when back
    assert clock["on_clock"]["0"]["since"] == until


def test_a_pause_stops_time_and_gives_it_back():
    clock = C.new_clock(spec(), 2, T0)
    C.start_decision(clock, 0, "main", T0)
    C.pause(clock, T0 + DAY)
    assert C.expired(clock, T0 + 10 * DAY) == []
    assert C.wake_points(clock) == []
    C.resume(clock, T0 + 4 * DAY)
    assert clock["on_clock"]["0"]["deadline"] == T0 + 5 * DAY
    assert C.expired(clock, T0 + 5 * DAY) == [0]


def test_wake_points_are_the_reminder_then_the_deadline_then_the_grace_end():
    clock = C.new_clock(spec(grace_days=1), 2, T0)
    C.start_decision(clock, 1, "main", T0)
    reminder = T0 + int(2 * DAY * 0.8)
    assert C.wake_points(clock) == [reminder, T0 + 2 * DAY]
    clock["timed_out"]["1"] = T0 + 2 * DAY
    assert C.wake_points(clock) == [T0 + 3 * DAY]


def test_add_time_extends_only_a_running_decision():
    clock = C.new_clock(spec(), 2, T0)
    C.start_decision(clock, 1, "main", T0)
    C.extend(clock, 1, 5 * HOUR)
    C.extend(clock, 0, 5 * HOUR)
    assert clock["on_clock"] == {"1": {"since": T0, "deadline": T0 + 2 * DAY + 5 * HOUR, "window": "main"}}
