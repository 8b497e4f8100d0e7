"""Which notifications a match event queues (service/notifications.py)."""
from __future__ import annotations

from service.notifications import newly_deciding, notify_your_turn
from store.players import PlayerStore


def test_newly_deciding_is_after_minus_before():
    assert newly_deciding([0], [1]) == [1]
    assert newly_deciding([0], [0]) == []
    assert newly_deciding([0, 1], [0, 1, 2]) == [2]
    assert newly_deciding([], []) == []


def test_the_same_event_queues_once(redis_conn):
    player = PlayerStore(redis_conn).register(display_name="Bob", email=None, webhook_url="http://127.0.0.1:9/x", time_zone="UTC")
    meta = {"game": "highcard", "seat_players": [None, player["player"]["player_id"]]}
    assert notify_your_turn(redis_conn, match_id="m", meta=meta, version=4, before=[0], after=[1]) == 1
    assert notify_your_turn(redis_conn, match_id="m", meta=meta, version=4, before=[0], after=[1]) == 0
    assert notify_your_turn(redis_conn, match_id="m", meta=meta, version=5, before=[1], after=[1]) == 0
    assert notify_your_turn(redis_conn, match_id="m", meta=meta, version=6, before=[1], after=[0]) == 0  # anonymous
