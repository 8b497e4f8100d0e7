"""The fault suite (issue 10, "Done means"): the service as deployed — gunicorn with
``ops/gunicorn.conf.py``, real ``subspace worker`` processes, a private Redis with AOF —
under a bounded load of players, while fold workers are killed with SIGKILL and Redis is
killed with SIGKILL and restarted. Checked afterwards:

- no acknowledged event is lost: every 201 of an action names a version whose stored
  event is that action by that seat, and every match's log holds only acknowledged actions
  (no retried action applied twice);
- no projection is stuck after one ``subspace sweep``: every projection reaches its
  stream's head and equals a pure fold of the log;
- during each Redis outage the service answers 503 ``store_unavailable`` with Retry-After
  (never a 500), and after it 201 again, from the same gunicorn master (no restart).

Bounded: ``LOAD_SECONDS`` of load from ``PLAYERS`` client threads, every wait capped.
The figures are printed (``pytest -s``) as one ``fault suite:`` line.
"""
from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import time

import pytest
import redis as redis_py

from replays.fold import fold
from store import MatchStore
from tests.support.fault_rig import ROOT, GaveUp, Gunicorn, Tally, Workers, call, request
from tests.support.redis_server import RedisServer

LOAD_SECONDS = float(os.environ.get("SUBSPACE_FAULT_SECONDS", "24"))  # longer runs by hand; CI keeps 24
PLAYERS = 4
WORKER_KILL_EVERY = 1.0  # seconds
REDIS_RESTARTS_AT = tuple(LOAD_SECONDS * f for f in (0.25, 0.625))  # seconds into the load
OUTAGE_SECONDS = 2.0


def _play(port: int, tally: Tally, stop: threading.Event, pick: random.Random, matches: list) -> None:
    """One player client: create High Card matches and play both seats to the end."""
    while not stop.is_set():
        status, created = call(port, tally, "POST", "/v1/matches", {
            "game": "highcard", "seats": [{"name": "Ann", "deck": "ten"}, {"name": "Bob", "deck": "ten"}]})
        assert status == 201, created
        match_id = created["match_id"]
        matches.append(match_id)
        auth = [{"Authorization": f"Bearer {s['token']}"} for s in created["seats"]]
        while not stop.is_set():
            status, summary = call(port, tally, "GET", f"/v1/matches/{match_id}")
            assert status == 200, summary
            if not summary["deciding_seats"]:
                break
            seat = summary["deciding_seats"][0]
            status, listing = call(port, tally, "GET", f"/v1/matches/{match_id}/legal-actions", headers=auth[seat])
            assert status == 200, listing
            action = pick.choice(listing["actions"])
            key = f"{seat}-{listing['version']}"
            status, posted = call(port, tally, "POST", f"/v1/matches/{match_id}/actions",
                                  {"expected_version": listing["version"], "action": action},
                                  {**auth[seat], "Idempotency-Key": key})
            assert status == 201, (status, posted)
            with tally.lock:
                tally.acked.append({"match": match_id, "version": posted["version"], "seat": seat,
                                    "action": action, "at": time.monotonic()})


def _probe_outage(port: int, match_id: str, until: float) -> list[tuple[int, str | None, str | None]]:
    """Requests during an outage, without retrying: (status, code, Retry-After)."""
    seen = []
    while time.monotonic() < until:
        try:
            status, headers, body = request(port, "GET", f"/v1/matches/{match_id}", timeout=10)
            seen.append((status, body.get("error", {}).get("code"), headers.get("retry-after")))
        except OSError:
            seen.append((0, None, None))
        time.sleep(0.2)
    return seen


@pytest.mark.slow
def test_no_acknowledged_event_lost_no_projection_stuck_and_503_then_201(tmp_path, subprocess_env, tinygame):
    server = RedisServer(tmp_path / "redis", appendfsync="everysec").start()
    env = {**subprocess_env, "REDIS_URL": server.url}
    api = workers = None
    try:
        api = Gunicorn(env, tmp_path).start()
        master_pid = api.process.pid
        workers = Workers(env, tmp_path).start()
        tally, stop, matches = Tally(), threading.Event(), []
        errors: list[BaseException] = []

        def player(n: int) -> None:
            try:
                _play(api.port, tally, stop, random.Random(n), matches)
            except (AssertionError, GaveUp) as error:
                errors.append(error)

        threads = [threading.Thread(target=player, args=(n,), daemon=True) for n in range(PLAYERS)]
        start = time.monotonic()
        for thread in threads:
            thread.start()

        probes, restarts_done, next_kill, kill_index = [], [], start + WORKER_KILL_EVERY, 0
        outages: list[tuple[float, float]] = []
        while time.monotonic() - start < LOAD_SECONDS and not errors:
            now = time.monotonic()
            due = [at for at in REDIS_RESTARTS_AT if at not in restarts_done and now - start >= at]
            if due and matches:
                restarts_done.append(due[0])
                server.kill()  # SIGKILL: no SHUTDOWN, no final fsync
                down_at = time.monotonic()
                probes += _probe_outage(api.port, matches[0], down_at + OUTAGE_SECONDS)
                server.start()
                outages.append((down_at, time.monotonic()))
            if now >= next_kill:
                workers.kill_one(kill_index)
                kill_index += 1
                next_kill = now + WORKER_KILL_EVERY
            time.sleep(0.05)
        stop.set()
        for thread in threads:
            thread.join(timeout=120)
        assert not errors, errors
        assert not any(t.is_alive() for t in threads), "a player client hung"
        assert len(outages) == len(REDIS_RESTARTS_AT)

        # One sweep, then the (running) workers drain the queue.
        sweep = subprocess.run([sys.executable, "-m", "service.cli", "sweep"], env=env, cwd=str(ROOT),
                               capture_output=True, text=True, timeout=60)
        assert sweep.returncode == 0, sweep.stderr
        store = MatchStore(redis_py.Redis.from_url(server.url))

        def stuck() -> list[str]:
            return [m for m in set(matches) if store.projection_version(m) < store.version(m)]

        deadline = time.monotonic() + 60
        while stuck() and time.monotonic() < deadline:
            time.sleep(0.2)
        stuck_after_sweep = stuck()

        # Every acknowledged action is stored, at its version, once.
        lost, by_match = [], {}
        for ack in tally.acked:
            by_match.setdefault(ack["match"], set()).add(ack["version"])
            stored = store.read_events(ack["match"], after=ack["version"] - 1, upto=ack["version"])
            if not stored or stored[0]["seat"] != ack["seat"] or stored[0]["payload"] != ack["action"]:
                lost.append(ack)
        unacknowledged = {m: store.version(m) - len(by_match.get(m, ())) for m in set(matches)}
        unacknowledged = {m: n for m, n in unacknowledged.items() if n}
        wrong_projection = []
        for match_id in set(matches):
            meta = store.get_meta(match_id)
            expected = fold(tinygame, tinygame.setup(meta["config"], meta["seed"]), store.read_events(match_id))
            if store.load_projection(match_id) != (store.version(match_id), expected):
                wrong_projection.append(match_id)

        after_outage = [sum(1 for a in tally.acked if a["at"] > up) for _, up in outages]
        figures = {
            "actions_acknowledged": len(tally.acked), "matches": len(set(matches)),
            "worker_kills": workers.kills, "redis_restarts": len(outages),
            "lost": len(lost), "unacknowledged_in_log": sum(unacknowledged.values()),
            "stuck_after_one_sweep": len(stuck_after_sweep), "projection_mismatches": len(wrong_projection),
            "statuses": dict(sorted(tally.statuses.items())), "client_retries": tally.retries,
            "probe_statuses": sorted({p[0] for p in probes}), "sweep": sweep.stdout.splitlines()[0],
        }
        print(f"\nfault suite: {figures}")

        assert not lost, lost[:5]
        assert not unacknowledged, unacknowledged
        assert not stuck_after_sweep, stuck_after_sweep
        assert not wrong_projection, wrong_projection
        assert tally.statuses[500] == 0 and all(p[0] != 500 for p in probes)
        assert probes and all(p[0] == 503 and p[1] == "store_unavailable" and p[2] for p in probes), probes
        assert all(n > 0 for n in after_outage), f"no 201 after an outage: {after_outage}"
        assert api.process.poll() is None and api.process.pid == master_pid  # never restarted
        assert not workers.exited(), "a worker process died on its own"
    finally:
        if workers is not None:
            workers.stop()
        if api is not None:
            api.stop()
        server.stop()
