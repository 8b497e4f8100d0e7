"""`subspace serve` on the embedded Redis runs the clock job beside the API (as it runs the
server's player): a clocked match whose deadline passed gets its timeout with no
`subspace clock` process and nobody opening the match."""
from __future__ import annotations

import signal
import subprocess
import time

import pytest
import redis

from rules import clock as C
from store import MatchStore, deadlines
from tests.service.test_serve_process import _get_json, start_serve
from tests.support.processes import stop
from tests.support.tinygame import GAME
from tests.support.waiting import wait_until


@pytest.mark.slow
def test_serve_times_out_an_expired_decision_by_itself(tmp_path, subprocess_env):
    proc, port, url = start_serve(tmp_path, subprocess_env)
    try:
        _get_json(f"http://127.0.0.1:{port}/v1/games")
        conn = redis.Redis.from_url(url)
        store = MatchStore(conn)
        config = GAME.build_config("standard", [{"deck": "ten"}, {"deck": "ten"}])
        match_id = store.create_match({"game": GAME.id, "ruleset": "standard", "config": config, "seed": "s" * 64,
                                       "seed_commitment": "c", "seat_token_hashes": ["a", "b"], "status": "active"},
                                      GAME.setup(config, "s" * 64))
        started = int(time.time() * 1000) - 2 * C.DAY_MS
        spec = C.validate_clock_spec({"days_per_decision": 1, "grace_days": 5})
        store.append(match_id, 0, {"type": "clock_start", "seat": None, "payload": {"clock": spec, "seats": 2}},
                     ts=C.format_ts(started))
        deadlines.schedule(conn, match_id, started + C.DAY_MS)
        wait_until(lambda: [e["type"] for e in store.read_events(match_id)] == ["clock_start", "timeout"],
                   "the clock thread of `subspace serve` to record the timeout", timeout=60)
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                stop(proc)
