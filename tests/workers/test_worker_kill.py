"""A real RQ worker process killed with SIGKILL mid-fold loses nothing: the sweep and a
burst worker bring the projection up to the stream, equal to a pure fold."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import rules
from replays.fold import fold
from store import keys
from tests.store.helpers import SEED, append_all, new_match, scripted_events
from tests.support.waiting import wait_until
from tests.workers.slowgame import GAME as SLOW
from workers import enqueue_fold, sweep_lagging


pytestmark = pytest.mark.rq  # fold jobs and RQ workers


def _wait_until(predicate, what: str) -> None:
    wait_until(predicate, what, timeout=30.0, poll=0.01)


RQ = str(Path(sys.executable).with_name("rq"))


def _rq_worker(env: dict, redis_url: str, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [RQ, "worker", "fold", "--url", redis_url, "--worker-class", "rq.SimpleWorker",
         "--serializer", "json", "--quiet", *extra],
        env=env, cwd=str(Path(__file__).resolve().parents[2]),
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )


@pytest.mark.slow
def test_worker_killed_mid_fold_then_sweep_and_burst_worker_catch_up(store, redis_conn, redis_url, tinygame, subprocess_env):
    env = {**subprocess_env, "SUBSPACE_EXTRA_GAMES": "tests.workers.slowgame:GAME", "SLOWGAME_DELAY": "0.25"}
    rules.register(SLOW)
    try:
        match_id, config = new_match(store, tinygame, game_id=SLOW.id)
        events = scripted_events(tinygame, config)  # same rules as the slow game, folded fast
        append_all(store, match_id, events[:6])
        assert enqueue_fold(redis_conn, match_id)

        worker = _rq_worker(env, redis_url)
        try:
            # The job clears the coalescing flag as it starts; it then needs ~6 × 0.25 s.
            _wait_until(lambda: not redis_conn.exists(keys.fold_queued(match_id)), "the fold job to start")
            os.kill(worker.pid, signal.SIGKILL)
            worker.wait(timeout=10)
        finally:
            if worker.poll() is None:
                worker.kill()
                worker.wait()
        assert worker.returncode == -signal.SIGKILL
        assert store.load_projection(match_id)[0] == 0  # killed mid-fold: nothing written

        append_all(store, match_id, events[6:])  # more play while no worker runs
        assert sweep_lagging(redis_conn) == [match_id]

        burst = _rq_worker(env, redis_url, "--burst")
        _, err = burst.communicate(timeout=120)
        assert burst.returncode == 0, err.decode()[-2000:]

        version, state = store.load_projection(match_id)
        assert version == store.version(match_id) == len(events)
        assert state == fold(tinygame, tinygame.setup(config, SEED), events)
        assert not redis_conn.sismember(keys.LAGGING, match_id)
    finally:
        rules.unregister(SLOW.id)
