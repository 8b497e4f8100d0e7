"""Reading a Server-Sent Events body in tests."""
from __future__ import annotations

import json
from typing import Iterator


def messages(response) -> Iterator[dict]:
    """Parse the streamed body of ``response`` (test client, ``buffered=False``) message by
    message as it arrives: ``{"id", "event", "data"}`` or ``{"comment": text}``."""
    pending = b""
    for chunk in response.response:
        pending += chunk if isinstance(chunk, bytes) else chunk.encode()
        while b"\n\n" in pending:
            raw, pending = pending.split(b"\n\n", 1)
            message: dict = {}
            for line in raw.decode().split("\n"):
                if line.startswith(":"):
                    message["comment"] = line[1:].strip()
                    continue
                name, _, value = line.partition(": ")
                message[name] = json.loads(value) if name == "data" else value
            yield message


def take_events(stream: Iterator[dict], count: int) -> list[dict]:
    """The next ``count`` event messages (skipping comments)."""
    taken: list[dict] = []
    while len(taken) < count:
        message = next(stream)
        if "data" in message:
            taken.append(message)
    return taken
