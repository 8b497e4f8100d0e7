"""Waiting for another process in tests (a worker, the clock job, a server)."""
from __future__ import annotations

import time
from typing import Callable


def wait_until(predicate: Callable[[], object], what: str, timeout: float = 60.0, poll: float = 0.05) -> None:
    """Polls a condition; the timeout only bounds a hung test, it asserts nothing timed."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(poll)
