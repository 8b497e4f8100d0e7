"""Match control over HTTP, under freezegun: the service's one clock (``utc_now_iso``) is
frozen, moved by hand, and stamped on every event; the clock job (``workers.clock.tick``)
runs in-process at the frozen time.

Every refusal is a 4xx with a clear code and appends nothing; every accepted request is one
event in the log that every viewer sees.
"""
from __future__ import annotations

import re
from datetime import timedelta

import pytest
from freezegun import freeze_time

from store import MatchStore, deadlines
from store.outbox import STREAM
from store.players import PlayerStore
from tests.service.helpers import bearer, deciding_seat, legal, post, tokens, url
from workers.clock import tick

T0 = "2026-03-01T12:00:00Z"
CLOCK = {"days_per_decision": 2, "grace_days": 1}


@pytest.fixture
def frozen():
    with freeze_time(T0) as f:
        yield f


def create(client, clock=CLOCK, game="highcard", seats=None):
    body = {"game": game, "seats": seats or [{"name": "Ann", "deck": "ten"}, {"name": "Bob", "deck": "ten"}]}
    if clock is not None:
        body["clock"] = clock
    return client.post("/v1/matches", json=body)


def control(client, match, seat, verb, body=None, token=None):
    headers = bearer(token or tokens(match)[seat]) if seat is not None or token else {}
    return client.post(url(match, f"/{verb}"), headers=headers, json=body or {})


def version(client, match) -> int:
    return client.get(url(match)).json["version"]


def assert_refused(client, match, response, status, code):
    before = version(client, match)
    assert response.status_code == status, response.json
    assert response.json["error"]["code"] == code
    assert response.json["error"]["message"]
    assert version(client, match) == before


# ---- creating with a clock -------------------------------------------------------------------------
@pytest.mark.parametrize("bad", [{"days_per_decision": 0}, {"days_per_decision": 15}, {"bank_days": 2},
                                 {"days_per_decision": 3, "minutes": 1}, {"days_per_decision": "3"}])
def test_a_bad_clock_is_refused_and_no_match_is_created(client, frozen, bad):
    before = client.get("/v1/matches").json["total"]
    response = create(client, clock=bad)
    assert response.status_code == 400 and response.json["error"]["code"] == "invalid_clock"
    assert response.json["error"]["details"]
    assert client.get("/v1/matches").json["total"] == before


def test_a_clocked_match_opens_with_clock_start_and_shows_who_is_on_the_clock(client, frozen):
    match = create(client).json
    assert match["version"] == 1 and match["clock"]["days_per_decision"] == 2
    summary = client.get(url(match)).json
    seat = summary["deciding_seats"][0]
    assert summary["clock"]["deadlines"] == {str(seat): "2026-03-03T12:00:00.000Z"}
    assert summary["clock"]["deadline"] == "2026-03-03T12:00:00.000Z"
    events = client.get(url(match, "/events"), headers=bearer(tokens(match)[0])).json["events"]
    assert [e["type"] for e in events] == ["clock_start"]
    for who in (0, 1):
        view = client.get(url(match, "/state"), headers=bearer(tokens(match)[who])).json["view"]
        assert view["control"]["clock"]["on_clock"][0]["seat"] == seat
    assert deadlines.wake_of(client.application.extensions["subspace"].conn, match["match_id"]) is not None


def test_a_match_without_a_clock_is_unchanged(client, frozen):
    match = create(client, clock=None).json
    assert match["version"] == 0 and match["clock"] is None
    summary = client.get(url(match)).json
    assert summary["clock"] is None and summary["control"] is None


# ---- claims and the clock job ----------------------------------------------------------------------
def test_claim_before_the_deadline_then_timeout_then_claim(client, frozen):
    match = create(client).json
    absent = deciding_seat(client, match)
    other = 1 - absent
    conn = client.application.extensions["subspace"].conn
    assert_refused(client, match, control(client, match, other, "claim", {"seat": absent, "kind": "win"}),
                   422, "deadline_not_passed")
    frozen.tick(timedelta(days=1))
    assert tick(conn)["appended"] == 0
    frozen.tick(timedelta(days=1, minutes=1))
    assert tick(conn)["appended"] == 1
    assert tick(conn)["appended"] == 0  # nothing twice
    events = client.get(url(match, "/events"), headers=bearer(tokens(match)[other])).json["events"]
    assert events[-1]["type"] == "timeout" and events[-1]["payload"]["seat"] == absent
    assert client.get(url(match)).json["clock"]["on_clock"][0]["timed_out"] is True
    assert_refused(client, match, control(client, match, absent, "claim", {"seat": absent, "kind": "win"}),
                   403, "not_an_opponent")
    response = control(client, match, other, "claim", {"seat": absent, "kind": "win"})
    assert response.status_code == 201 and response.json["event"] == "claim"
    summary = client.get(url(match)).json
    assert summary["status"] == "finished" and summary["outcome"]["winners"] == [other]
    assert summary["outcome"]["ended_by"] == "claim" and summary["seed"]
    frozen.tick(timedelta(days=1))
    assert tick(conn) == {"matches": 1, "appended": 0, "reminders": 0}  # its look at the grace end: nothing left
    assert deadlines.wake_of(conn, match["match_id"]) is None


def test_the_grace_period_decides_without_anyone_opening_the_match(client, frozen):
    match = create(client).json
    absent = deciding_seat(client, match)
    conn = client.application.extensions["subspace"].conn
    frozen.tick(timedelta(days=2, minutes=1))
    tick(conn)
    frozen.tick(timedelta(days=1))
    assert tick(conn)["appended"] == 1
    meta = MatchStore(conn).get_meta(match["match_id"])
    assert meta["status"] == "finished" and meta["outcome"]["winners"] == [1 - absent]
    assert meta["outcome"]["ended_by"] == "timeout"


def test_an_expired_response_window_is_passed_by_the_server(client, frozen):
    """Stargate: the villain's chance to act during the hero's mission is a response window."""
    games = client.get("/v1/games").json["games"]
    decks = [d["id"] for d in next(g for g in games if g["id"] == "stargate")["starter_decks"]]
    response = create(client, clock={"days_per_decision": 3, "response_hours": 6}, game="stargate",
                      seats=[{"name": "A", "deck": decks[0]}, {"name": "B", "deck": decks[1]}])
    match = response.json
    conn = client.application.extensions["subspace"].conn
    for _ in range(400):
        summary = client.get(url(match)).json
        if summary["clock"]["on_clock"][0]["window"] == "response":
            break
        seat = summary["deciding_seats"][0]
        listing = legal(client, match, seat)
        assert post(client, match, seat, listing["version"], listing["actions"][0]).status_code == 201
    else:
        pytest.fail("no response window met")
    entry = summary["clock"]["on_clock"][0]
    assert entry["deadline"].startswith("2026-03-01T18:0")  # six hours, not three days
    frozen.tick(timedelta(hours=6, minutes=1))
    heard = []  # what `subspace clock` tells the "your turn" notifier
    assert tick(conn, on_appended=lambda conn, **event: heard.append(event))["appended"] >= 1
    assert heard[0]["version"] == summary["version"] + 1 and heard[0]["before"] == [entry["seat"]]
    events = client.get(url(match, "/events?after=%d" % summary["version"]), headers=bearer(tokens(match)[0])).json
    first = events["events"][0]
    assert first["type"] == "action" and first["seat"] == entry["seat"] and first["payload"] == {"type": "pass"}
    assert first["auto"] == "response_deadline"


def test_the_index_only_moves_earlier_until_the_job_sets_it(client, frozen):
    """A later deadline (add-time) does not push the wake-up out: only the job sets it exactly."""
    match = create(client).json
    conn = client.application.extensions["subspace"].conn
    seat = deciding_seat(client, match)
    first = deadlines.wake_of(conn, match["match_id"])
    assert control(client, match, 1 - seat, "add-time", {"seat": seat, "hours": 24}).status_code == 201
    assert deadlines.wake_of(conn, match["match_id"]) == first
    deadlines.schedule(conn, match["match_id"], 0)
    tick(conn)
    assert deadlines.wake_of(conn, match["match_id"]) > first


# ---- vacation, add-time, pause ---------------------------------------------------------------------
def test_vacation_moves_the_deadline_and_the_allowance_is_enforced(client, frozen):
    match = create(client).json
    seat = deciding_seat(client, match)
    assert_refused(client, match, control(client, match, seat, "vacation", {"days": 31}), 400, "vacation_too_long")
    assert control(client, match, seat, "vacation", {"days": 20}).status_code == 201
    assert client.get(url(match)).json["clock"]["deadline"].startswith("2026-03-23T12:00")
    assert_refused(client, match, control(client, match, seat, "vacation", {"days": 11}), 400, "vacation_too_long")
    assert_refused(client, match, control(client, match, seat, "vacation", {"days": 0}), 400, "invalid_request")


def _register(redis_conn, name: str = "Ann") -> dict:
    return PlayerStore(redis_conn).register(display_name=name, email=None, webhook_url=None, time_zone="UTC")


def _matches_of(client, player: dict, n: int, clock=CLOCK) -> list[dict]:
    """``n`` matches with ``player`` in seat 0 (and an anonymous seat 1)."""
    from service import matches_logic

    rt = client.application.extensions["subspace"]
    return [matches_logic.create_match(rt.store, "highcard", None, [{"name": "Ann", "deck": "ten"}, {"name": "Bob", "deck": "ten"}],
                                       seat_players=[player["player"]["player_id"], None], clock=clock) for _ in range(n)]


def test_a_registered_players_allowance_counts_calendar_days_across_matches(client, frozen, redis_conn):
    """The allowance is a person's days off: the same days in a second match cost nothing
    more; new days do, whichever match they are taken in."""
    ann = _register(redis_conn)
    first, second = _matches_of(client, ann, 2)
    assert control(client, first, None, "vacation", {"days": 25}, token=ann["token"]).status_code == 201
    assert control(client, second, None, "vacation", {"days": 25}, token=ann["token"]).status_code == 201  # the same days
    frozen.tick(timedelta(days=40))
    (later,) = _matches_of(client, ann, 1)
    assert_refused(client, later, control(client, later, None, "vacation", {"days": 6}, token=ann["token"]),
                   400, "vacation_too_long")
    assert control(client, later, None, "vacation", {"days": 5}, token=ann["token"]).status_code == 201


def test_a_players_vacation_stops_every_clock_of_theirs_at_once(client, frozen, redis_conn):
    ann = _register(redis_conn)
    clocked = _matches_of(client, ann, 2)
    (unclocked,) = _matches_of(client, ann, 1, clock=None)
    before = {m["match_id"]: version(client, m) for m in clocked + [unclocked]}
    me = bearer(ann["token"])
    refused = client.post("/v1/me/vacation", json={"days": 31}, headers=me)
    assert refused.status_code == 400 and refused.json["error"]["code"] == "vacation_too_long"
    assert {m["match_id"]: version(client, m) for m in clocked + [unclocked]} == before  # nothing appended
    taken = client.post("/v1/me/vacation", json={"days": 10}, headers=me)
    assert taken.status_code == 201, taken.json
    assert sorted(m["match_id"] for m in taken.json["matches"]) == sorted(m["match_id"] for m in clocked)
    assert taken.json["skipped"] == [{"match_id": unclocked["match_id"], "code": "no_clock"}]
    for match in clocked:
        events = client.get(url(match, "/events")).json["events"]
        assert events[-1]["type"] == "vacation" and events[-1]["seat"] == 0
    # ten days charged once, not twice: twenty more fit, twenty-one do not
    (later,) = _matches_of(client, ann, 1)
    frozen.tick(timedelta(days=20))
    assert_refused(client, later, control(client, later, None, "vacation", {"days": 21}, token=ann["token"]),
                   400, "vacation_too_long")
    assert client.post("/v1/me/vacation", json={"days": 1}).status_code == 401


def test_add_time_by_the_opponent(client, frozen):
    match = create(client).json
    seat = deciding_seat(client, match)
    assert_refused(client, match, control(client, match, seat, "add-time", {"seat": seat, "hours": 5}), 403, "own_clock")
    assert control(client, match, 1 - seat, "add-time", {"seat": seat, "hours": 5}).status_code == 201
    assert client.get(url(match)).json["clock"]["deadline"].startswith("2026-03-03T17:00")


def test_add_time_by_a_judge_who_holds_no_seat(make_app, redis_conn, frozen):
    """A judge (named for the server, or for one match in its meta) gives a seat time; the
    event carries no seat. A registered player who is no judge, or a judge of another match,
    is refused and nothing is appended."""
    players = PlayerStore(redis_conn)
    server_judge, match_judge, bystander = (
        players.register(display_name=name, email=None, webhook_url=None, time_zone="UTC") for name in ("Jo", "Kim", "Lee"))
    client = make_app(SUBSPACE_JUDGES=server_judge["player"]["player_id"]).test_client()
    match, other = create(client).json, create(client).json
    MatchStore(redis_conn).update_meta(match["match_id"], judges=[match_judge["player"]["player_id"]])
    seat = deciding_seat(client, match)
    assert_refused(client, match, control(client, match, None, "add-time", {"seat": seat, "hours": 5}, token=bystander["token"]),
                   403, "not_a_seat")
    assert control(client, match, None, "add-time", {"seat": seat, "hours": 5}, token=server_judge["token"]).status_code == 201
    assert client.get(url(match)).json["clock"]["deadline"].startswith("2026-03-03T17:00")
    assert control(client, match, None, "add-time", {"seat": seat, "hours": 1}, token=match_judge["token"]).status_code == 201
    assert_refused(client, other, control(client, other, None, "add-time", {"seat": deciding_seat(client, other), "hours": 1},
                                          token=match_judge["token"]), 403, "not_a_seat")
    assert_refused(client, match, control(client, match, None, "resign", token=server_judge["token"]), 403, "not_a_seat")
    events = client.get(url(match, "/events")).json["events"]
    assert [e["seat"] for e in events if e["type"] == "add_time"] == [None, None]


def test_pause_needs_both_and_resume_gives_the_time_back(client, frozen):
    match = create(client).json
    conn = client.application.extensions["subspace"].conn
    assert control(client, match, 0, "pause").status_code == 201
    assert_refused(client, match, control(client, match, 0, "pause"), 422, "already_requested")
    assert control(client, match, 1, "pause").status_code == 201
    assert client.get(url(match)).json["clock"]["paused"] is True
    frozen.tick(timedelta(days=10))
    assert tick(conn)["appended"] == 0
    assert control(client, match, 0, "resume").status_code == 201
    assert client.get(url(match)).json["clock"]["deadline"].startswith("2026-03-13T12:0")


# ---- resign, abort, draw ---------------------------------------------------------------------------
def test_resign_and_who_may_not(client, frozen):
    match = create(client, clock=None).json
    other = create(client, clock=None).json
    assert_refused(client, match, control(client, match, None, "resign"), 401, "unauthorized")
    assert_refused(client, match, control(client, match, None, "resign", token=tokens(other)[0]), 401, "unauthorized")
    response = control(client, match, 0, "resign")
    assert response.status_code == 201 and response.json == {"version": 1, "event": "resign"}
    summary = client.get(url(match)).json
    assert summary["status"] == "finished" and summary["outcome"]["winners"] == [1]
    assert_refused(client, match, control(client, match, 1, "resign"), 409, "match_over")
    replay = client.get(url(match, "/replay"), headers=bearer(tokens(match)[1])).json
    assert replay["seed"] and replay["viewer"] == "judge"


def test_abort_only_before_every_seat_decided(client, frozen):
    match = create(client).json
    seat = deciding_seat(client, match)
    listing = legal(client, match, seat)
    assert post(client, match, seat, listing["version"], listing["actions"][0]).status_code == 201
    aborted = create(client).json
    assert control(client, aborted, 0, "abort").status_code == 201
    assert client.get(url(aborted)).json["outcome"]["ended_by"] == "abort"
    seat = deciding_seat(client, match)
    listing = legal(client, match, seat)
    assert post(client, match, seat, listing["version"], listing["actions"][0]).status_code == 201
    assert_refused(client, match, control(client, match, 0, "abort"), 422, "too_late_to_abort")


def test_a_draw_by_agreement(client, frozen):
    match = create(client).json
    assert_refused(client, match, control(client, match, 1, "draw", {"op": "accept"}), 422, "no_draw_offer")
    assert control(client, match, 0, "draw", {"op": "offer"}).status_code == 201
    assert control(client, match, 1, "draw", {"op": "decline"}).status_code == 201
    assert control(client, match, 0, "draw", {"op": "offer"}).status_code == 201
    assert control(client, match, 1, "draw", {"op": "accept"}).status_code == 201
    assert client.get(url(match)).json["outcome"] == {"winners": [], "reason": "draw by agreement", "ended_by": "draw"}


def test_a_retry_with_the_same_key_appends_once(client, frozen):
    match = create(client).json
    headers = {**bearer(tokens(match)[0]), "Idempotency-Key": "offer-1"}
    first = client.post(url(match, "/draw"), headers=headers, json={"op": "offer"})
    again = client.post(url(match, "/draw"), headers=headers, json={"op": "offer"})
    assert first.status_code == again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert version(client, match) == 2


# ---- reminders ---------------------------------------------------------------------------------
def test_the_80_percent_reminder_goes_through_the_outbox_once(client, frozen, redis_conn):
    from service import matches_logic

    players = PlayerStore(redis_conn)
    ids = [players.register(display_name=n, email=None, webhook_url=f"http://127.0.0.1:9/{n}", time_zone="UTC")
           for n in ("Ann", "Bob")]
    rt = client.application.extensions["subspace"]
    match = matches_logic.create_match(rt.store, "highcard", None, [{"name": "Ann", "deck": "ten"}, {"name": "Bob", "deck": "ten"}],
                                       seat_players=[p["player"]["player_id"] for p in ids], clock=CLOCK)
    frozen.tick(timedelta(hours=38))
    assert tick(redis_conn)["reminders"] == 0
    frozen.tick(timedelta(hours=1))  # 39 h of 48 h: past 80 %
    assert tick(redis_conn)["reminders"] == 1
    assert tick(redis_conn)["reminders"] == 0 and redis_conn.xlen(STREAM) == 1
    frozen.tick(timedelta(hours=3))
    deadlines.schedule(redis_conn, match["match_id"], 0)  # looked at again: still only once
    assert tick(redis_conn)["reminders"] == 0 and redis_conn.xlen(STREAM) == 1


# ---- leaks ---------------------------------------------------------------------------------------
def test_control_errors_and_events_name_no_card(client, frozen):
    """Refusals and control events carry only public facts: the same words for both seats
    (but the seat number), and no card id at all."""
    games = client.get("/v1/games").json["games"]
    decks = [d["id"] for d in next(g for g in games if g["id"] == "stargate")["starter_decks"]]
    match = create(client, game="stargate", seats=[{"name": "A", "deck": decks[0]}, {"name": "B", "deck": decks[1]}]).json
    bodies = {}
    for seat in (0, 1):
        texts = []
        for verb, body in (("claim", {"seat": 1 - seat, "kind": "win"}), ("draw", {"op": "accept"}),
                           ("add-time", {"seat": seat, "hours": 1}), ("vacation", {"days": 99}),
                           ("resume", {}), ("claim", {"seat": 7, "kind": "win"})):
            response = control(client, match, seat, verb, body)
            assert 400 <= response.status_code < 500
            texts.append(response.get_data(as_text=True).replace(f"seat {seat}", "seat X").replace(f"seat {1 - seat}", "seat Y"))
        bodies[seat] = texts
        assert not any(re.search(r"\bc\d+\b", t) for t in texts)
    assert control(client, match, 0, "draw", {"op": "offer"}).status_code == 201
    for seat in (0, 1, None):
        headers = bearer(tokens(match)[seat]) if seat is not None else {}
        events = client.get(url(match, "/events"), headers=headers).json["events"]
        assert [e["payload"] for e in events if e["type"] != "action"] == [
            {"clock": events[0]["payload"]["clock"], "seats": 2}, {"seats": 2}]
