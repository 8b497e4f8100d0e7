"""Real loopback receivers for notification tests: an HTTP server recording webhook
POSTs (and answering with a status the test chooses) and an SMTP server (aiosmtpd)
recording mails. Both listen on 127.0.0.1 on a free port."""
from __future__ import annotations

import socket
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from email import message_from_bytes
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Iterator


@dataclass
class WebhookReceiver:
    url: str
    requests: list[dict] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)  # answers to give, in order (then 200)

    def next_status(self) -> int:
        return self.statuses.pop(0) if self.statuses else 200


@contextmanager
def webhook_receiver() -> Iterator[WebhookReceiver]:
    receiver: WebhookReceiver

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - http.server's name
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            status = receiver.next_status()
            receiver.requests.append({"path": self.path, "headers": dict(self.headers), "body": body, "status": status})
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    receiver = WebhookReceiver(url=f"http://127.0.0.1:{server.server_address[1]}/hook")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield receiver
    finally:
        server.shutdown()
        server.server_close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class MailSink:
    host: str
    port: int
    messages: list[Message] = field(default_factory=list)


@contextmanager
def smtp_server() -> Iterator[MailSink]:
    from aiosmtpd.controller import Controller

    sink: MailSink

    class Handler:
        async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name
            sink.messages.append(message_from_bytes(envelope.original_content or envelope.content))
            return "250 OK"

    port = _free_port()  # aiosmtpd's controller cannot start on port 0 (it connects to check)
    controller = Controller(Handler(), hostname="127.0.0.1", port=port)
    controller.start()
    sink = MailSink(host="127.0.0.1", port=port)
    try:
        yield sink
    finally:
        controller.stop()
