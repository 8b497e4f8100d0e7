"""The clock job as a real process (``python -m workers clock``): killed with SIGKILL at the
worst moments — right after an append, right after a reminder, before the index is
rewritten, and at a random moment of a running loop — and restarted, it neither misses nor
doubles a timeout or a reminder.

The matches are made under freezegun in the past (the service's clock is the only one that
is frozen); the job then runs at the real time, when their deadlines and 80 % points have
passed. Fault points are named by ``SUBSPACE_CLOCK_FAULT`` (``workers.clock._fault``).
"""
from __future__ import annotations

import signal
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from freezegun import freeze_time

from store import MatchStore, deadlines
from store.outbox import STREAM
from store.players import PlayerStore
from tests.support.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]
CLOCK = {"days_per_decision": 2, "grace_days": 5}
SEATS = [{"name": "Ann", "deck": "ten"}, {"name": "Bob", "deck": "ten"}]


def _clock_process(env: dict, redis_url: str, fault: str | None = None) -> subprocess.Popen:
    env = {k: v for k, v in env.items() if k != "SUBSPACE_CLOCK_FAULT"}
    if fault:
        env["SUBSPACE_CLOCK_FAULT"] = fault
    return subprocess.Popen([sys.executable, "-m", "workers", "--redis-url", redis_url, "clock", "--interval", "0.1"],
                            env=env, cwd=str(ROOT), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)



def _make(store, redis_conn, created_at: datetime, players: list[str]) -> str:
    from service import matches_logic

    with freeze_time(created_at):
        return matches_logic.create_match(store, "highcard", None, SEATS, seat_players=players, clock=CLOCK)["match_id"]


def _types(store, match_id) -> list[str]:
    return [e["type"] for e in store.read_events(match_id)]


@pytest.mark.slow
def test_the_clock_job_survives_kill_9_without_missing_or_doubling(store, redis_conn, redis_url, tinygame, subprocess_env):
    now = datetime.now(timezone.utc)
    reg = PlayerStore(redis_conn)
    people = [reg.register(display_name=f"P{i}", email=None, webhook_url=f"http://127.0.0.1:9/p{i}",
                           time_zone="UTC")["player"]["player_id"] for i in range(2)]
    expired = [_make(store, redis_conn, now - timedelta(days=3), people) for _ in range(5)]
    reminded = [_make(store, redis_conn, now - timedelta(hours=40), people) for _ in range(5)]
    assert all(_types(store, m) == ["clock_start"] for m in expired + reminded)

    for fault in ("after_append", "after_reminder", "before_reschedule"):
        proc = _clock_process(subprocess_env, redis_url, fault)
        assert proc.wait(timeout=60) == 137, proc.stderr.read().decode()[-2000:]

    proc = _clock_process(subprocess_env, redis_url)
    time.sleep(0.3)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)

    proc = _clock_process(subprocess_env, redis_url)
    try:
        now_ms = int(time.time() * 1000)
        wait_until(lambda: not deadlines.due(redis_conn, now_ms), "the clock job to handle every due match")
        wait_until(lambda: all(_types(store, m) == ["clock_start", "timeout"] for m in expired),
                    "a timeout in every expired match")
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)

    for match_id in expired:
        assert _types(store, match_id) == ["clock_start", "timeout"]  # exactly one timeout each
        assert deadlines.wake_of(redis_conn, match_id) is not None  # the grace end is indexed
    for match_id in reminded:
        assert _types(store, match_id) == ["clock_start"]
    # one reminder per reminded match (each player has one channel), none for expired ones
    entries = redis_conn.xrange(STREAM)
    assert len(entries) == len(reminded)
    assert MatchStore(redis_conn).get_meta(expired[0])["status"] == "active"
