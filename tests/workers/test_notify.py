"""The notification outbox and its delivery: dedupe, signed webhooks to a real loopback
HTTP receiver, e-mail through a real SMTP server (aiosmtpd), back-off and dead letters,
and crashes between claim and acknowledgement (in-process and with kill -9)."""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import signal
import subprocess
import sys
import textwrap

import pytest

from rules.errors import NotFound
from store.connection import client  # noqa: F401 - the claimer subprocess imports it too
from store.outbox import DEAD, RETRY, STREAM, Outbox, enqueue_notification
from store.players import PlayerStore
from tests.support.receivers import smtp_server, webhook_receiver
from workers.notify import Deliverer, SmtpSettings


@pytest.fixture
def hook():
    with webhook_receiver() as receiver:
        yield receiver


@pytest.fixture
def mail():
    with smtp_server() as sink:
        yield sink


def _player(redis_conn, webhook_url=None, email=None) -> dict:
    return PlayerStore(redis_conn).register(display_name="Ann", email=email, webhook_url=webhook_url, time_zone="UTC")["player"]


def _notify(redis_conn, player, key="m1:v3:s0", kind="your_turn"):
    return enqueue_notification(redis_conn, player_id=player["player_id"], kind=kind, match_id="m1",
                                payload={"game": "highcard", "version": 3}, dedupe_key=key)


def test_enqueue_is_once_per_dedupe_key_and_one_delivery_per_channel(redis_conn, hook):
    player = _player(redis_conn, webhook_url=hook.url, email="ann@example.org")
    assert _notify(redis_conn, player) is True
    assert _notify(redis_conn, player) is False
    assert redis_conn.xlen(STREAM) == 2  # webhook + e-mail, once
    nobody = _player(redis_conn)
    assert _notify(redis_conn, nobody, key="other") is True  # no channel: nothing to deliver
    assert redis_conn.xlen(STREAM) == 2
    with pytest.raises(NotFound):
        enqueue_notification(redis_conn, player_id="nobody", kind="x", match_id=None, payload={}, dedupe_key="k")


def test_webhook_is_signed_with_the_players_secret(redis_conn, hook):
    player = _player(redis_conn, webhook_url=hook.url)
    _notify(redis_conn, player)
    assert Deliverer(redis_conn, allow_private_webhooks=True).run_once() == {"sent": 1, "retried": 0, "dead": 0}
    [request] = hook.requests
    expected = "sha256=" + hmac.new(player["webhook_secret"].encode(), request["body"], hashlib.sha256).hexdigest()
    assert hmac.compare_digest(request["headers"]["X-Subspace-Signature"], expected)
    forged = "sha256=" + hmac.new(b"wrong secret", request["body"], hashlib.sha256).hexdigest()
    assert request["headers"]["X-Subspace-Signature"] != forged
    body = json.loads(request["body"])
    assert body["kind"] == "your_turn" and body["match_id"] == "m1" and body["payload"]["version"] == 3
    assert request["headers"]["X-Subspace-Delivery"] == body["delivery_id"] == "m1:v3:s0:webhook"
    assert Outbox(redis_conn, "x").backlog() == {"stream": 0, "pending": 0, "retry": 0, "dead": 0}
    assert Deliverer(redis_conn, allow_private_webhooks=True).run_once()["sent"] == 0  # nothing twice


def test_email_goes_through_a_real_smtp_server(redis_conn, mail):
    player = _player(redis_conn, email="ann@example.org")
    _notify(redis_conn, player)
    deliverer = Deliverer(redis_conn, allow_private_webhooks=True, smtp=SmtpSettings(host=mail.host, port=mail.port, sender="game@subspace.test"))
    assert deliverer.run_once()["sent"] == 1
    [message] = mail.messages
    assert message["To"] == "ann@example.org" and message["From"] == "game@subspace.test"
    assert "highcard" in message["Subject"]
    assert message["X-Subspace-Delivery"] == "m1:v3:s0:email"
    assert "m1" in message.get_payload()


def test_email_without_an_smtp_server_is_dead_lettered_not_retried_forever(redis_conn):
    _notify(redis_conn, _player(redis_conn, email="ann@example.org"))
    assert Deliverer(redis_conn, allow_private_webhooks=True).run_once()["dead"] == 1
    assert redis_conn.llen(DEAD) == 1


def test_a_failing_webhook_is_retried_with_exponential_backoff(redis_conn, hook):
    player = _player(redis_conn, webhook_url=hook.url)
    _notify(redis_conn, player)
    now = [1_000_000.0]
    deliverer = Deliverer(redis_conn, allow_private_webhooks=True, backoff_s=30, clock=lambda: now[0])
    hook.statuses = [500, 503]
    assert deliverer.run_once()["retried"] == 1
    [(_, due)] = redis_conn.zrange(RETRY, 0, -1, withscores=True)
    assert due == now[0] + 30
    now[0] += 29
    assert deliverer.run_once() == {"sent": 0, "retried": 0, "dead": 0}  # not due yet
    now[0] += 1
    assert deliverer.run_once()["retried"] == 1
    [(_, due)] = redis_conn.zrange(RETRY, 0, -1, withscores=True)
    assert due == now[0] + 60  # doubled
    now[0] += 60
    assert deliverer.run_once()["sent"] == 1
    assert [r["status"] for r in hook.requests] == [500, 503, 200]
    assert len({r["headers"]["X-Subspace-Delivery"] for r in hook.requests}) == 1  # same delivery id


def test_after_max_attempts_a_delivery_goes_to_the_dead_list(redis_conn):
    player = _player(redis_conn, webhook_url="http://127.0.0.1:9/unreachable")
    _notify(redis_conn, player)
    now = [0.0]
    deliverer = Deliverer(redis_conn, allow_private_webhooks=True, max_attempts=3, backoff_s=1, clock=lambda: now[0], http_timeout=2)
    outcomes = []
    for _ in range(3):
        outcomes.append(deliverer.run_once())
        now[0] += 10
    assert [o for o in outcomes] == [{"sent": 0, "retried": 1, "dead": 0}] * 2 + [{"sent": 0, "retried": 0, "dead": 1}]
    dead = json.loads(redis_conn.lindex(DEAD, 0))
    assert dead["attempt"] == 2 and "unreachable" in dead["last_error"]


def test_a_consumer_that_dies_after_claiming_loses_nothing_and_doubles_nothing(redis_conn, hook):
    player = _player(redis_conn, webhook_url=hook.url)
    _notify(redis_conn, player)
    dead_consumer = Outbox(redis_conn, "dead-one")
    assert len(dead_consumer.claim()) == 1  # claimed, then it "dies": never settles
    assert dead_consumer.pending() == 1
    # A live consumer with the normal idle threshold leaves it alone (the owner may be slow) ...
    assert Deliverer(redis_conn, allow_private_webhooks=True, consumer="live", claim_idle_ms=60_000).run_once()["sent"] == 0
    # ... and takes it over once it is idle long enough.
    assert Deliverer(redis_conn, allow_private_webhooks=True, consumer="live", claim_idle_ms=0).run_once()["sent"] == 1
    assert Deliverer(redis_conn, allow_private_webhooks=True, consumer="other", claim_idle_ms=0).run_once()["sent"] == 0
    assert len(hook.requests) == 1
    assert Outbox(redis_conn, "x").backlog() == {"stream": 0, "pending": 0, "retry": 0, "dead": 0}


def test_kill_9_after_claim_then_restart_delivers_exactly_once(redis_conn, hook, subprocess_env):
    player = _player(redis_conn, webhook_url=hook.url)
    _notify(redis_conn, player)
    claimer = textwrap.dedent("""
        import os, sys, time, redis
        from store.connection import client
        from store.outbox import Outbox
        outbox = Outbox(client(os.environ["REDIS_URL"]), "doomed")
        print(len(outbox.claim()), flush=True)
        time.sleep(60)
    """)
    proc = subprocess.Popen([sys.executable, "-c", claimer], env=subprocess_env, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "1"
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    assert hook.requests == [] and Outbox(redis_conn, "x").pending() == 1
    cli = [sys.executable, "-m", "service.cli", "notify", "--once", "--claim-idle", "0", "--allow-private-webhooks"]
    first = subprocess.run(cli, env=subprocess_env, capture_output=True, text=True, timeout=60)
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout.strip().splitlines()[-1])["sent"] == 1
    again = subprocess.run(cli, env=subprocess_env, capture_output=True, text=True, timeout=60)
    assert json.loads(again.stdout.strip().splitlines()[-1])["sent"] == 0
    assert len(hook.requests) == 1


@pytest.mark.parametrize("url", ["http://127.0.0.1:{port}/hook", "http://localhost:{port}/hook", "http://10.1.2.3/hook",
                                 "http://169.254.169.254/latest/meta-data", "http://[::1]:{port}/hook"])
def test_by_default_a_webhook_to_a_private_address_is_refused_unsent(redis_conn, hook, url):
    port = hook.url.split(":")[2].split("/")[0]
    _notify(redis_conn, _player(redis_conn, webhook_url=url.format(port=port)))
    assert Deliverer(redis_conn).run_once() == {"sent": 0, "retried": 0, "dead": 1}
    assert hook.requests == []
    assert "non-public address" in json.loads(redis_conn.lindex(DEAD, 0))["last_error"]


def test_a_worker_survives_its_stream_being_deleted_and_recreated(redis_conn, hook):
    deliverer = Deliverer(redis_conn, allow_private_webhooks=True)
    redis_conn.delete(STREAM)  # e.g. an operator's cleanup: the group goes with it
    _notify(redis_conn, _player(redis_conn, webhook_url=hook.url))
    assert deliverer.run_once()["sent"] == 1 and len(hook.requests) == 1
