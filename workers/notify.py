"""Delivering notifications from the outbox (``store.outbox``): signed webhooks and e-mail.

``Deliverer.run_once`` promotes due retries, claims deliveries (abandoned ones first) and
settles each: sent → marked and acknowledged in one script; failed → back into the retry
set with exponential back-off (``backoff_s * 2**(attempt-1)``, capped), or to the dead list
after ``max_attempts``. ``run_forever`` loops it, blocking on the stream in between (no
busy loop); ``subspace notify`` runs that. It never runs inside an HTTP request, so a slow
webhook never slows a player's action.

Webhook: ``POST <webhook_url>`` with the JSON body, ``X-Subspace-Signature:
sha256=<hex HMAC-SHA256 of the exact body bytes under the player's webhook secret>``,
``X-Subspace-Delivery`` (unique per delivery: drop repeats) and ``X-Subspace-Event`` (kind);
any 2xx is success. E-mail: plain text through the SMTP server in ``SmtpSettings``.

A webhook URL is chosen by a player, so the worker would POST wherever it points: by
default it refuses a host that resolves to a loopback, private, link-local or otherwise
non-global address (the server's own Redis, a cloud metadata endpoint, the office LAN);
``allow_private_webhooks`` (``subspace notify --allow-private-webhooks``) lifts that for a
closed installation and for tests. The check resolves the name just before connecting; a
DNS answer that changes in between (rebinding) is not caught.
"""
from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import logging
import smtplib
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Callable

import redis

from rules.errors import NotFound
from store.outbox import Claimed, Outbox
from store.players import PlayerStore

log = logging.getLogger(__name__)

SUBJECTS = {
    "your_turn": "Your move in a {game} match",
    "reminder": "Reminder: your {game} decision is due soon",
    "deadline_reminder": "Reminder: your {game} decision is due soon",
    "challenge_invitation": "You are challenged to a {game} match",
}


@dataclass(frozen=True)
class SmtpSettings:
    host: str | None = None  # None: e-mail deliveries go to the dead list (nothing to send through)
    port: int = 25
    sender: str = "subspace@localhost"
    timeout: float = 10.0


def sign(secret: str, body: bytes) -> str:
    """The ``X-Subspace-Signature`` value: ``sha256=`` + hex HMAC-SHA256 of ``body``."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def webhook_body(delivery: dict) -> bytes:
    return json.dumps({
        "delivery_id": delivery["id"], "kind": delivery["kind"], "player_id": delivery["player_id"],
        "match_id": delivery.get("match_id"), "payload": delivery.get("payload") or {}, "created": delivery["created"],
    }, sort_keys=True, separators=(",", ":")).encode()


class DeliveryFailed(Exception):
    """A send that may succeed later (network, 5xx, 4xx from a misconfigured receiver)."""


class Undeliverable(Exception):
    """A send that cannot succeed by retrying (no such player, no SMTP server configured)."""


class Deliverer:
    def __init__(
        self,
        conn: redis.Redis,
        *,
        consumer: str = "notify",
        smtp: SmtpSettings = SmtpSettings(),
        http_timeout: float = 10.0,
        claim_idle_ms: int = 60_000,
        max_attempts: int = 8,
        backoff_s: float = 30.0,
        max_backoff_s: float = 6 * 3600.0,
        clock: Callable[[], float] | None = None,
        allow_private_webhooks: bool = False,
    ):
        self.outbox = Outbox(conn, consumer, claim_idle_ms=claim_idle_ms)
        self.players = PlayerStore(conn)
        self.smtp = smtp
        self.http_timeout = http_timeout
        self.max_attempts = max_attempts
        self.backoff_s = backoff_s
        self.max_backoff_s = max_backoff_s
        self.clock = clock
        self.allow_private_webhooks = allow_private_webhooks

    def backoff(self, attempt: int) -> float:
        """Seconds before try ``attempt + 1`` (attempt counts failures so far, from 1)."""
        return min(self.max_backoff_s, self.backoff_s * 2 ** max(0, attempt - 1))

    def run_once(self, count: int = 10, block_ms: int | None = None) -> dict:
        """One round; returns ``{"sent", "retried", "dead"}`` counts."""
        now = self.clock() if self.clock else None
        self.outbox.promote_due(now)
        tally = {"sent": 0, "retried": 0, "dead": 0}
        for claimed in self.outbox.claim(count, block_ms):
            tally[self.settle(claimed, now)] += 1
        return tally

    def settle(self, claimed: Claimed, now: float | None = None) -> str:
        delivery = claimed.delivery
        try:
            self.send(delivery)
        except Undeliverable as error:
            log.warning("notification %s undeliverable: %s", delivery["id"], error)
            self.outbox.give_up(claimed, str(error))
            return "dead"
        except DeliveryFailed as error:
            attempt = delivery.get("attempt", 0) + 1
            if attempt >= self.max_attempts:
                log.warning("notification %s failed %d times, giving up: %s", delivery["id"], attempt, error)
                self.outbox.give_up(claimed, str(error))
                return "dead"
            self.outbox.retry_later(claimed, self.backoff(attempt), str(error), now)
            return "retried"
        self.outbox.mark_sent(claimed)
        return "sent"

    def send(self, delivery: dict) -> None:
        try:
            player = self.players.get(delivery["player_id"])
        except NotFound:
            raise Undeliverable("the player no longer exists")
        if delivery["channel"] == "webhook":
            self.send_webhook(player, delivery)
        elif delivery["channel"] == "email":
            self.send_email(player, delivery)
        else:
            raise Undeliverable(f"unknown channel {delivery['channel']!r}")

    def send_webhook(self, player: dict, delivery: dict) -> None:
        url = player.get("webhook_url")
        if not url:
            raise Undeliverable("the player has no webhook URL any more")
        if not self.allow_private_webhooks:
            refuse_private_destination(url)
        body = webhook_body(delivery)
        request = urllib.request.Request(url, data=body, method="POST", headers={
            "Content-Type": "application/json",
            "User-Agent": "subspace-notify",
            "X-Subspace-Signature": sign(player["webhook_secret"], body),
            "X-Subspace-Delivery": delivery["id"],
            "X-Subspace-Event": delivery["kind"],
        })
        try:
            with urllib.request.urlopen(request, timeout=self.http_timeout) as response:
                status = response.status
        except urllib.error.HTTPError as error:
            raise DeliveryFailed(f"webhook answered {error.code}")
        except (urllib.error.URLError, OSError, socket.timeout) as error:
            raise DeliveryFailed(f"webhook unreachable: {error}")
        if not 200 <= status < 300:
            raise DeliveryFailed(f"webhook answered {status}")

    def send_email(self, player: dict, delivery: dict) -> None:
        address = player.get("email")
        if not address:
            raise Undeliverable("the player has no e-mail address any more")
        if not self.smtp.host:
            raise Undeliverable("no SMTP server configured (SUBSPACE_SMTP_HOST)")
        message = email_message(delivery, player, self.smtp.sender)
        try:
            with smtplib.SMTP(self.smtp.host, self.smtp.port, timeout=self.smtp.timeout) as smtp:
                smtp.send_message(message)
        except (smtplib.SMTPException, OSError) as error:
            raise DeliveryFailed(f"SMTP failed: {error}")

    def run_forever(self, *, idle_block_ms: int = 5_000, should_stop: Callable[[], bool] = lambda: False) -> None:
        """Deliver until ``should_stop()``; blocks on the stream when there is nothing to do,
        so retries are promoted at least every ``idle_block_ms``."""
        while not should_stop():
            try:
                self.run_once(block_ms=idle_block_ms)
            except redis.ConnectionError:
                log.exception("redis unavailable; retrying")
                time.sleep(idle_block_ms / 1000)


def refuse_private_destination(url: str) -> None:
    """Raise ``Undeliverable`` when ``url``'s host resolves to any non-global address,
    ``DeliveryFailed`` when it does not resolve now (DNS may come back)."""
    parts = urllib.parse.urlsplit(url)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)}
    except socket.gaierror as error:
        raise DeliveryFailed(f"webhook host {host!r} does not resolve: {error}")
    private = sorted(a for a in addresses if not ipaddress.ip_address(a.split("%", 1)[0]).is_global)
    if private:
        raise Undeliverable(f"webhook host {host!r} resolves to a non-public address ({', '.join(private)})")


def email_message(delivery: dict, player: dict, sender: str) -> EmailMessage:
    """A plain-text message; ``Message-ID`` derives from the delivery id so a repeat after a
    crash can be recognised."""
    payload = delivery.get("payload") or {}
    game = payload.get("game", "Subspace")
    subject = payload.get("subject") or SUBJECTS.get(delivery["kind"], "Subspace: {kind}").format(game=game, kind=delivery["kind"])
    lines = [f"Hello {player['display_name']},", ""]
    if payload.get("text"):
        lines.append(str(payload["text"]))
    elif delivery["kind"] == "your_turn":
        lines.append(f"It is your decision in match {delivery.get('match_id')} ({game}).")
    else:
        lines.append(f"{delivery['kind']} for match {delivery.get('match_id')}.")
    if payload.get("deadline"):
        lines.append(f"Deadline: {payload['deadline']} (UTC).")
    message = EmailMessage()
    message["From"] = sender
    message["To"] = player["email"]
    message["Subject"] = subject
    message["Message-ID"] = f"<{hashlib.sha256(delivery['id'].encode()).hexdigest()[:32]}@subspace>"
    message["X-Subspace-Delivery"] = delivery["id"]
    message.set_content("\n".join(lines) + "\n")
    return message
