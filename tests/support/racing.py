"""Racing requests in tests: release N callers at the same instant and collect answers."""
from __future__ import annotations

import threading
from typing import Callable, TypeVar

T = TypeVar("T")


def run_together(target: Callable[[int], T], count: int, timeout: float = 60.0) -> list[T]:
    """``target(i)`` for i in 0..count-1, each in its own thread, all released by one
    barrier; their results (in finishing order). The timeout only bounds a hung test."""
    barrier = threading.Barrier(count)
    results: list[T] = []
    lock = threading.Lock()

    def run(i: int) -> None:
        barrier.wait(timeout=timeout)
        result = target(i)
        with lock:
            results.append(result)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=timeout)
    assert len(results) == count, f"{count - len(results)} racer(s) did not finish"
    return results
