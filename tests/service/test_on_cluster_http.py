"""A whole match over HTTP on a local three-master Redis Cluster, served as deployed (gunicorn,
gevent, three worker processes), in every CI run (issue 13 item 7).

Two registered players meet through a challenge and play High Card to the end; along the
way every cross-slot index is used on the cluster: the match index and the players' match
lists, the outbox (``your_turn``), the rate-limit counters, and pub/sub (a long poll parked on one worker is woken by an action another worker
appends).
"""
from __future__ import annotations

import threading

import pytest

from store.open_waits import OpenWaits
from store.outbox import STREAM
from tests.support.fault_rig import Gunicorn, request
from tests.support.waiting import wait_until


@pytest.fixture
def server(subprocess_env, cluster_url, tmp_path):
    env = {**subprocess_env, "REDIS_URL": cluster_url, "SUBSPACE_RATE_LIMITS": "on"}
    api = Gunicorn(env, tmp_path, web_workers=3, fold_mode="inline").start()
    try:
        yield api.port
    finally:
        api.stop()


def _player(port: int, name: str) -> dict:
    status, _, body = request(port, "POST", "/v1/players", {"display_name": name, "time_zone": "UTC",
                                                              "webhook_url": "http://127.0.0.1:9/hook"})
    assert status == 201, body
    return body


def test_two_players_play_a_match_to_the_end_on_a_cluster(server, cluster_conn):
    port = server
    ann, bob = _player(port, "Ann"), _player(port, "Bob")
    auth = {p["player_id"]: {"Authorization": f"Bearer {p['token']}"} for p in (ann, bob)}
    status, _, challenge = request(port, "POST", "/v1/challenges", {"game": "highcard", "deck": "ten", "seats": 2,
                                                                      "invited": [bob["player_id"]]},
                                   headers=auth[ann["player_id"]])
    assert status == 201, challenge
    status, _, accepted = request(port, "POST", f"/v1/challenges/{challenge['challenge_id']}/accept", {"deck": "ten"},
                                  headers=auth[bob["player_id"]])
    assert status == 200 and accepted["status"] == "started", accepted
    base = f"/v1/matches/{accepted['match_id']}"
    _, _, summary = request(port, "GET", base)
    holders = [seat["player_id"] for seat in summary["seats"]]

    version, woken = summary["version"], {}
    while True:
        _, _, state = request(port, "GET", f"{base}/state")
        if state.get("outcome") is not None or not state["deciding_seats"]:
            break
        seat = state["deciding_seats"][0]
        headers = auth[holders[seat]]
        _, _, legal = request(port, "GET", f"{base}/legal-actions", headers=headers)
        poll = None
        if version == 2:  # a long poll parked (on any worker) while another appends
            poll = threading.Thread(target=lambda v=version: woken.update(
                answer=request(port, "GET", f"{base}/state?min_version={v + 1}&wait=20")))
            poll.start()
            wait_until(lambda: OpenWaits(cluster_conn).count("127.0.0.1") == 1, "the long poll parked", timeout=20)
        status, _, posted = request(port, "POST", f"{base}/actions",
                                    {"expected_version": version, "action": legal["actions"][0]}, headers=headers)
        assert status == 201, posted
        version = posted["version"]
        if poll is not None:
            poll.join(20)
            assert woken["answer"][0] == 200 and woken["answer"][2]["version"] == version
    _, _, summary = request(port, "GET", base)
    assert summary["status"] == "finished" and summary["version"] == version > 4

    for player in (ann, bob):  # each player's own index of matches (a cross-slot key per player)
        _, _, mine = request(port, "GET", "/v1/me/matches", headers=auth[player["player_id"]])
        assert [m["match_id"] for m in mine["matches"]] == [accepted["match_id"]]
    _, _, listed = request(port, "GET", "/v1/matches")
    assert accepted["match_id"] in [m["match_id"] for m in listed["matches"]]
    assert cluster_conn.xlen(STREAM) > 0  # your_turn notifications queued in the outbox
    counted = [k for k in cluster_conn.scan_iter(match="*subspace:rl/*", target_nodes="all") if b"actions_per_" in k]
    assert counted  # the rate limits counted the actions on the cluster (a SCAN over every master)
