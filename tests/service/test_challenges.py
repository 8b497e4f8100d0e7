"""Challenges over HTTP: open with your deck, accept with yours, the match starts with
both players seated (fairly, from the seed) and neither deck shown to the other; every
bad input is a 4xx that appends nothing; expiry by the sweep; a start interrupted by a
crash is finished once, by the sweep."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest
from freezegun import freeze_time

from replays import verify_decklists
from service.challenges_logic import Challenges
from service.matches_logic import seat_order
from store.challenges import ChallengeStore
from tests.service.helpers import bearer, register_player
from tests.support.hidden import numbers

ANN_DECK = list(range(1, 13))
BOB_DECK = [7001, 7002, 7003, 7004, 7005, 7006, 7007, 7008, 7009, 7010]  # numbers nobody else has


def _open(client, player, **fields):
    body = {"game": "highcard", "deck": ANN_DECK, **fields}
    return client.post("/v1/challenges", json=body, headers=bearer(player["token"]))


def _events(redis_conn, challenge_id):
    return ChallengeStore(redis_conn).records.events(challenge_id)


@pytest.fixture
def ann(client):
    return register_player(client, "Ann")


@pytest.fixture
def bob(client):
    return register_player(client, "Bob", email="bob@hidden.example", webhook_url="https://bob.hidden.example/hook")


def _bob_leaks(body) -> set[int]:
    return numbers(body) & set(BOB_DECK)


def test_a_challenge_becomes_a_match_and_nobody_sees_the_other_deck(client, ann, bob, redis_conn, tinygame):
    opened = _open(client, ann)
    assert opened.status_code == 201, opened.json
    challenge = opened.json
    assert challenge["status"] == "open" and challenge["players"] == [ann["player_id"]]
    assert challenge["your_deck"] == ANN_DECK and challenge["open"] is True
    cid = challenge["challenge_id"]
    assert client.get(f"/v1/challenges/{cid}").json["your_deck"] is None  # a spectator

    accepted = client.post(f"/v1/challenges/{cid}/accept", json={"deck": BOB_DECK}, headers=bearer(bob["token"]))
    assert accepted.status_code == 200, accepted.json
    assert accepted.json["status"] == "started" and accepted.json["your_deck"] == BOB_DECK
    match_id = accepted.json["match_id"]

    # Everything Ann (or a spectator) can read now: no trace of Bob's deck, no token.
    ann_reads = [
        client.get(f"/v1/challenges/{cid}", headers=bearer(ann["token"])),
        client.get(f"/v1/challenges/{cid}"),
        client.get("/v1/challenges", headers=bearer(ann["token"])),
        client.get(f"/v1/matches/{match_id}"),
        client.get(f"/v1/matches/{match_id}", headers=bearer(ann["token"])),
        client.get(f"/v1/matches/{match_id}/state", headers=bearer(ann["token"])),
        client.get(f"/v1/matches/{match_id}/state"),
        client.get(f"/v1/matches/{match_id}/events", headers=bearer(ann["token"])),
        client.get(f"/v1/matches/{match_id}/replay", headers=bearer(ann["token"])),
        client.get(f"/v1/matches/{match_id}/legal-actions", headers=bearer(ann["token"])),
        client.get("/v1/me/matches", headers=bearer(ann["token"])),
        client.get("/v1/me", headers=bearer(ann["token"])),
    ]
    for response in [opened] + ann_reads:
        assert response.status_code == 200 or response.status_code == 201, response.json
        text = response.get_data(as_text=True)
        assert _bob_leaks(response.json) == set(), (response.request.path, _bob_leaks(response.json))
        assert '"token"' not in text and bob["token"] not in text and bob["webhook_secret"] not in text
        assert "hidden.example" not in text  # Bob's e-mail and webhook are his business
    assert ann_reads[0].json["your_deck"] == ANN_DECK and ann_reads[0].json["match_id"] == match_id

    summary = client.get(f"/v1/matches/{match_id}").json
    assert sorted(s["player_id"] for s in summary["seats"]) == sorted([ann["player_id"], bob["player_id"]])
    assert len(summary["decklist_commitments"]) == 2 and summary["decklists"] is None
    mine = [m["match_id"] for m in client.get("/v1/me/matches", headers=bearer(bob["token"])).json["matches"]]
    assert mine == [match_id]

    # Play it out with player tokens only.
    tokens = {s["seat"]: (ann if s["player_id"] == ann["player_id"] else bob)["token"] for s in summary["seats"]}
    while True:
        info = client.get(f"/v1/matches/{match_id}").json
        if not info["deciding_seats"]:
            break
        seat = info["deciding_seats"][0]
        listing = client.get(f"/v1/matches/{match_id}/legal-actions", headers=bearer(tokens[seat])).json
        action = next(a for a in listing["actions"] if a["type"] == "play")
        posted = client.post(f"/v1/matches/{match_id}/actions", headers=bearer(tokens[seat]),
                             json={"expected_version": listing["version"], "action": action})
        assert posted.status_code == 201, posted.json

    final = client.get(f"/v1/matches/{match_id}").json
    assert final["status"] == "finished"
    reveals = final["decklists"]
    assert {json.dumps(r["deck"]) for r in reveals} == {json.dumps(ANN_DECK), json.dumps(BOB_DECK)}
    replay = client.get(f"/v1/matches/{match_id}/replay").json
    verify_decklists(tinygame, final["ruleset"], replay["config"], final["decklist_commitments"], reveals)
    # Seats were ordered by the (now revealed) seed: the creator was entry 0, the acceptor entry 1.
    entries = [ann["player_id"], bob["player_id"]]
    assert [s["player_id"] for s in final["seats"]] == [entries[i] for i in seat_order(final["seed"], 2)]


def test_the_seat_order_is_drawn_from_the_seed_and_varies():
    orders = {tuple(seat_order(f"seed-{i}", 2)) for i in range(40)}
    assert orders == {(0, 1), (1, 0)}
    assert seat_order("abc", 5) == seat_order("abc", 5) and sorted(seat_order("abc", 5)) == list(range(5))


@pytest.mark.parametrize("body, status, code", [
    ({"game": "nope"}, 400, "unknown_game"),
    ({"ruleset": "nope"}, 400, "unknown_ruleset"),
    ({"deck": [1, 2]}, 422, "deck_invalid"),
    ({"seats": 3}, 422, "deck_invalid"),  # High Card is a two-player game
    ({"seats": 9}, 400, "invalid_request"),
    ({"clock": {"days_per_decision": 0}}, 400, "invalid_clock"),
    ({"invited": ["nobody-at-all"]}, 400, "unknown_player"),
    ({"open": False}, 400, "not_enough_invitations"),
    ({"expires_in_hours": 0}, 400, "invalid_request"),
    ({"deck": None}, 400, "invalid_request"),
])
def test_bad_challenges_are_refused_and_nothing_is_stored(client, ann, redis_conn, body, status, code):
    response = _open(client, ann, **body)
    assert response.status_code == status, response.json
    assert response.json["error"]["code"] == code
    assert redis_conn.keys("{c:*") == [] and redis_conn.zcard("subspace:challenges:open") == 0


def test_a_bad_deck_names_only_your_own_violations(client, ann):
    response = _open(client, ann, deck=[1, 2, 3])
    assert response.status_code == 422
    assert "your deck" in response.json["error"]["message"]
    assert all(v.get("seat", 0) == 0 for v in response.json["error"]["details"])


def test_inviting_yourself_or_too_many_is_refused(client, ann, bob):
    carl = register_player(client, "Carl")
    assert _open(client, ann, invited=[ann["player_id"]]).json["error"]["code"] == "cannot_invite_yourself"
    many = _open(client, ann, invited=[bob["player_id"], carl["player_id"]])
    assert many.status_code == 400 and many.json["error"]["code"] == "too_many_invitations"


def test_opening_needs_a_player_token(client, match):
    assert client.post("/v1/challenges", json={"game": "highcard", "deck": ANN_DECK}).status_code == 401
    seat_token = match["seats"][0]["token"]
    assert _open(client, {"token": seat_token}).status_code == 401


def _answer_refused(client, redis_conn, cid, path, player, status, code, body=None):
    before = len(_events(redis_conn, cid))
    response = client.post(f"/v1/challenges/{cid}/{path}", json=body, headers=bearer(player["token"]))
    assert response.status_code == status, response.json
    assert response.json["error"]["code"] == code
    assert len(_events(redis_conn, cid)) == before


def test_answers_that_are_not_allowed(client, ann, bob, redis_conn):
    cid = _open(client, ann).json["challenge_id"]
    _answer_refused(client, redis_conn, cid, "accept", ann, 409, "own_challenge", {"deck": ANN_DECK})
    _answer_refused(client, redis_conn, cid, "accept", bob, 422, "deck_invalid", {"deck": [1]})
    _answer_refused(client, redis_conn, cid, "accept", bob, 400, "invalid_request", {})
    _answer_refused(client, redis_conn, cid, "decline", bob, 403, "not_invited")
    _answer_refused(client, redis_conn, cid, "cancel", bob, 403, "not_creator")
    assert client.post("/v1/challenges/nope/accept", json={"deck": BOB_DECK}, headers=bearer(bob["token"])).status_code == 404
    # Full (started): nobody else may take a seat.
    assert client.post(f"/v1/challenges/{cid}/accept", json={"deck": BOB_DECK}, headers=bearer(bob["token"])).status_code == 200
    carl = register_player(client, "Carl")
    _answer_refused(client, redis_conn, cid, "accept", carl, 409, "challenge_started", {"deck": BOB_DECK})
    _answer_refused(client, redis_conn, cid, "cancel", ann, 409, "challenge_started")


def test_a_cancelled_challenge_cannot_be_accepted(client, ann, bob, redis_conn):
    cid = _open(client, ann).json["challenge_id"]
    cancelled = client.post(f"/v1/challenges/{cid}/cancel", headers=bearer(ann["token"]))
    assert cancelled.status_code == 200 and cancelled.json["status"] == "cancelled"
    _answer_refused(client, redis_conn, cid, "accept", bob, 409, "challenge_cancelled", {"deck": BOB_DECK})
    assert client.get("/v1/challenges", headers=bearer(bob["token"])).json["challenges"] == []


def test_an_invitation_is_private_and_declining_closes_it(client, ann, bob, redis_conn):
    eve = register_player(client, "Eve")
    challenge = _open(client, ann, invited=[bob["player_id"]]).json
    cid = challenge["challenge_id"]
    assert challenge["open"] is False
    assert client.get(f"/v1/challenges/{cid}", headers=bearer(eve["token"])).status_code == 404
    assert client.get(f"/v1/challenges/{cid}").status_code == 404
    assert client.get("/v1/challenges", headers=bearer(eve["token"])).json["challenges"] == []
    assert [c["challenge_id"] for c in client.get("/v1/challenges", headers=bearer(bob["token"])).json["challenges"]] == [cid]
    assert client.post(f"/v1/challenges/{cid}/accept", json={"deck": BOB_DECK}, headers=bearer(eve["token"])).status_code == 404
    declined = client.post(f"/v1/challenges/{cid}/decline", headers=bearer(bob["token"]))
    assert declined.status_code == 200 and declined.json["status"] == "declined"
    _answer_refused(client, redis_conn, cid, "accept", bob, 409, "challenge_declined", {"deck": BOB_DECK})


def test_an_unanswered_challenge_expires(client, ann, bob, redis_conn, app):
    start = datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc)
    with freeze_time(start):
        cid = _open(client, ann, expires_in_hours=24).json["challenge_id"]
    with freeze_time(start + timedelta(hours=25)):
        # Past its expiry and not yet swept: refused all the same.
        _answer_refused(client, redis_conn, cid, "accept", bob, 409, "challenge_expired", {"deck": BOB_DECK})
    challenges = Challenges(redis_conn)
    assert challenges.sweep(start + timedelta(hours=23)) == {"expired": [], "started": []}
    assert challenges.sweep(start + timedelta(hours=24)) == {"expired": [cid], "started": []}
    assert client.get(f"/v1/challenges/{cid}").json["status"] == "expired"
    assert challenges.sweep(start + timedelta(hours=48)) == {"expired": [], "started": []}
    assert [e["type"] for e in _events(redis_conn, cid)] == ["opened", "expired"]


def test_a_start_cut_short_by_a_crash_is_finished_once_by_the_sweep(client, ann, bob, redis_conn):
    from rules.aggregates import challenges as C

    cid = _open(client, ann).json["challenge_id"]
    challenges = Challenges(redis_conn)
    # The accepting request died right after recording its acceptance ...
    challenges.store.records.update(cid, lambda s: C.event("accepted", "2026-01-01T00:00:00.000Z", player_id=bob["player_id"], deck=BOB_DECK))
    # ... or even after creating the match, before recording "started".
    _, state = challenges.store.records.load(cid)
    orphan = challenges._create_match(state)
    assert challenges.sweep() == {"expired": [], "started": [cid]}
    assert client.get(f"/v1/challenges/{cid}").json["match_id"] == orphan  # reused, not a second match
    assert challenges.sweep() == {"expired": [], "started": []}
    assert [m["match_id"] for m in client.get("/v1/me/matches", headers=bearer(ann["token"])).json["matches"]] == [orphan]


def test_subspace_sweep_expires_challenges(client, ann, redis_conn, redis_url):
    from click.testing import CliRunner

    from service.cli import main

    with freeze_time(datetime(2020, 1, 1, tzinfo=timezone.utc)):
        cid = _open(client, ann, expires_in_hours=1).json["challenge_id"]
    swept = CliRunner().invoke(main, ["sweep", "--redis-url", redis_url])
    assert swept.exit_code == 0, swept.output
    assert "challenges: 1 expired, 0 started" in swept.output
    assert client.get(f"/v1/challenges/{cid}").json["status"] == "expired"


def test_a_stargate_challenge_checks_each_deck_alone_and_starts(client, ann, bob):
    bad = client.post("/v1/challenges", json={"game": "stargate", "deck": {"team": [], "missions": [], "deck": []}},
                      headers=bearer(ann["token"]))
    assert bad.status_code == 422 and bad.json["error"]["code"] == "deck_invalid"
    assert all(v.get("seat", 0) == 0 for v in bad.json["error"]["details"])
    cid = client.post("/v1/challenges", json={"game": "stargate", "deck": "oneil"}, headers=bearer(ann["token"])).json["challenge_id"]
    accepted = client.post(f"/v1/challenges/{cid}/accept", json={"deck": "apophis"}, headers=bearer(bob["token"]))
    assert accepted.status_code == 200 and accepted.json["status"] == "started"
    match_id = accepted.json["match_id"]
    ann_state = client.get(f"/v1/matches/{match_id}/state", headers=bearer(ann["token"])).json
    assert ann_state["seat"] in (0, 1) and ann_state["match_id"] == match_id
    assert "apophis" not in client.get(f"/v1/challenges/{cid}", headers=bearer(ann["token"])).get_data(as_text=True)


def test_a_challenge_clock_is_normalised_and_runs_in_the_match(client, ann, bob):
    challenge = _open(client, ann, clock={"days_per_decision": 3}).json
    assert challenge["clock"]["days_per_decision"] == 3 and len(challenge["clock"]) > 1  # defaults filled in
    cid = challenge["challenge_id"]
    match_id = client.post(f"/v1/challenges/{cid}/accept", json={"deck": BOB_DECK}, headers=bearer(bob["token"])).json["match_id"]
    summary = client.get(f"/v1/matches/{match_id}").json
    assert summary["clock"] is not None
    decider = summary["deciding_seats"][0]
    who = ann if summary["seats"][decider]["player_id"] == ann["player_id"] else bob
    [entry] = client.get("/v1/me/matches", headers=bearer(who["token"])).json["matches"]
    assert entry["your_decision"] is True and entry["deadline"] == summary["clock"]["deadlines"][str(decider)]
    other = bob if who is ann else ann
    [waiting] = client.get("/v1/me/matches", headers=bearer(other["token"])).json["matches"]
    assert waiting["your_decision"] is False and waiting["deadline"] is None


def test_invitees_are_told_and_the_first_decider_learns_the_match_began(client, redis_conn):
    from store import codec
    from store.outbox import STREAM

    ann = register_player(client, "Ann", webhook_url="http://127.0.0.1:9/ann")
    bob = register_player(client, "Bob", webhook_url="http://127.0.0.1:9/bob")
    cid = _open(client, ann, invited=[bob["player_id"]]).json["challenge_id"]
    queued = [codec.loads(f[b"d"]) for _, f in redis_conn.xrange(STREAM)]
    assert [(d["player_id"], d["kind"]) for d in queued] == [(bob["player_id"], "challenge_invitation")]
    assert queued[0]["payload"]["challenge_id"] == cid and "Ann" in queued[0]["payload"]["text"]
    assert numbers(queued[0]["payload"]) & set(ANN_DECK) == set()  # no card of Ann's deck
    match_id = client.post(f"/v1/challenges/{cid}/accept", json={"deck": BOB_DECK}, headers=bearer(bob["token"])).json["match_id"]
    summary = client.get(f"/v1/matches/{match_id}").json
    decider = summary["seats"][summary["deciding_seats"][0]]["player_id"]
    turns = [codec.loads(f[b"d"]) for _, f in redis_conn.xrange(STREAM)][1:]
    assert [(d["player_id"], d["kind"], d["match_id"]) for d in turns] == [(decider, "your_turn", match_id)]
    Challenges(redis_conn).sweep()  # a second start attempt (nothing to do) queues nothing more
    assert redis_conn.xlen(STREAM) == 2
