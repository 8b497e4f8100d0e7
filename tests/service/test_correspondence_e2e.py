"""Issue 11's "Done means" story end to end, under freezegun: a Stargate match between two
registered players on a days-per-decision clock — a vacation pauses the clock of the player
on it, the 80 % reminder arrives as a signed webhook, the deadline passes, the clock job
records the timeout, the opponent claims the win — and the replay shows each at its
version.

The match comes from a challenge (Ann opens it with her deck and the clock, Bob accepts with
his), and at the end the revealed deck lists are checked against the commitments.
"""
from __future__ import annotations

import hashlib
import hmac
import json
from datetime import timedelta

from freezegun import freeze_time

import rules
from replays import verify_decklists

from tests.support.receivers import webhook_receiver
from workers.clock import tick
from workers.notify import Deliverer

T0 = "2026-05-04T09:00:00Z"
CLOCK = {"days_per_decision": 2, "response_hours": 6, "grace_days": 3}


def _register(client, name: str, hook_url: str) -> dict:
    response = client.post("/v1/players", json={"display_name": name, "webhook_url": hook_url, "time_zone": "UTC"})
    assert response.status_code == 201, response.json
    return response.json


def test_a_correspondence_match_from_start_to_a_claimed_timeout(client, redis_conn):
    with webhook_receiver() as hook, freeze_time(T0) as frozen:
        ann, bob = _register(client, "Ann", hook.url), _register(client, "Bob", hook.url)
        who = {ann["player_id"]: ann, bob["player_id"]: bob}
        decks = [d["id"] for d in next(g for g in client.get("/v1/games").json["games"]
                                       if g["id"] == "stargate")["starter_decks"]]
        # Ann challenges Bob with her deck; Bob accepts with his; the match starts
        opened = client.post("/v1/challenges", headers={"Authorization": f"Bearer {ann['token']}"},
                             json={"game": "stargate", "deck": decks[0], "clock": CLOCK, "invited": [bob["player_id"]]})
        assert opened.status_code == 201, opened.json
        accepted = client.post(f"/v1/challenges/{opened.json['challenge_id']}/accept",
                               headers={"Authorization": f"Bearer {bob['token']}"}, json={"deck": decks[1]})
        assert accepted.status_code == 200 and accepted.json["status"] == "started", accepted.json
        m = accepted.json["match_id"]
        match = client.get(f"/v1/matches/{m}").json
        token_of = {s["seat"]: who[s["player_id"]]["token"] for s in match["seats"]}
        auth = {seat: {"Authorization": f"Bearer {tok}"} for seat, tok in token_of.items()}

        # a few decisions over the days, each seat with its own player token
        for _ in range(6):
            frozen.tick(timedelta(hours=5))
            summary = client.get(f"/v1/matches/{m}").json
            seat = summary["deciding_seats"][0]
            listing = client.get(f"/v1/matches/{m}/legal-actions", headers=auth[seat]).json
            response = client.post(f"/v1/matches/{m}/actions", headers=auth[seat],
                                   json={"expected_version": listing["version"], "action": listing["actions"][0]})
            assert response.status_code == 201, response.json
        summary = client.get(f"/v1/matches/{m}").json
        absent = summary["deciding_seats"][0]
        other = 1 - absent
        entry = summary["clock"]["on_clock"][0]
        assert entry["seat"] == absent and entry["window"] == "main"
        deadline_before = entry["deadline"]

        # a vacation: the absent player's clock stops for three days
        response = client.post(f"/v1/matches/{m}/vacation", headers=auth[absent], json={"days": 3})
        assert response.status_code == 201
        v_vacation = response.json["version"]
        deadline = client.get(f"/v1/matches/{m}").json["clock"]["deadline"]
        assert deadline > deadline_before

        # the 80 % reminder: a signed webhook, once
        frozen.tick(timedelta(days=3, hours=23))  # 2 days + 3 of vacation = 5 days; 80 % = 96 h
        assert tick(redis_conn)["reminders"] == 0
        frozen.tick(timedelta(hours=1))
        assert tick(redis_conn)["reminders"] == 1
        Deliverer(redis_conn, allow_private_webhooks=True).run_once(count=50)
        reminders = [r for r in hook.requests if json.loads(r["body"])["kind"] == "deadline_reminder"]
        assert len(reminders) == 1
        body = json.loads(reminders[0]["body"])
        assert body["match_id"] == m and body["payload"] == {"seat": absent, "deadline": deadline, "game": "stargate"}
        secret = who[match["seats"][absent]["player_id"]]["webhook_secret"]
        assert reminders[0]["headers"]["X-Subspace-Signature"] == \
            "sha256=" + hmac.new(secret.encode(), reminders[0]["body"], hashlib.sha256).hexdigest()

        # a claim too early is refused; the deadline passes; the clock job records the timeout
        early = client.post(f"/v1/matches/{m}/claim", headers=auth[other], json={"seat": absent, "kind": "win"})
        assert early.status_code == 422 and early.json["error"]["code"] == "deadline_not_passed"
        frozen.tick(timedelta(days=1))
        assert tick(redis_conn)["appended"] == 1
        v_timeout = client.get(f"/v1/matches/{m}").json["version"]

        # the opponent claims the win: the match is over
        response = client.post(f"/v1/matches/{m}/claim", headers=auth[other], json={"seat": absent, "kind": "win"})
        assert response.status_code == 201
        v_claim = response.json["version"]
        summary = client.get(f"/v1/matches/{m}").json
        assert summary["status"] == "finished" and summary["outcome"]["winners"] == [other]
        assert summary["outcome"]["ended_by"] == "claim" and summary["seed"]

        # the replay shows each at its version
        events = {e["v"]: e for e in client.get(f"/v1/matches/{m}/events?limit=1000").json["events"]}
        assert events[1]["type"] == "clock_start"
        assert events[v_vacation]["type"] == "vacation" and events[v_vacation]["seat"] == absent
        assert events[v_timeout]["type"] == "timeout" and events[v_timeout]["payload"]["seat"] == absent
        assert events[v_claim]["type"] == "claim" and events[v_claim]["seat"] == other

        def clock_at(version: int) -> dict:
            replay = client.get(f"/v1/matches/{m}/replay?at={version}").json
            return replay["view"]["control"]["clock"]["on_clock"][0]

        assert clock_at(v_vacation - 1)["deadline"] == deadline_before
        assert clock_at(v_vacation)["deadline"] == deadline
        assert clock_at(v_timeout - 1)["timed_out"] is False
        assert clock_at(v_timeout)["timed_out"] is True
        final = client.get(f"/v1/matches/{m}/replay?at={v_claim}").json
        assert final["view"]["control"]["outcome"]["ended_by"] == "claim"
        assert len(events) == v_claim  # nothing else was appended

        # the deck lists committed at the start are revealed and check out
        verify_decklists(rules.get_game("stargate"), summary["ruleset"], final["config"],
                         summary["decklist_commitments"], summary["decklists"])
