"""Deterministic randomness derived from the match seed.

The generator's whole state is a small JSON dict ``{"seed": str, "n": int}`` kept inside
the game state, so folding the same events from the same seed always gives the same
shuffles, and a finished match can be re-folded by anyone once the seed is revealed.
Each draw is SHA-256(seed ":" n) — no process randomness, no global ``random``.
"""
from __future__ import annotations

import hashlib
from typing import MutableSequence, TypeVar

T = TypeVar("T")


def new_rng(seed: str, stream: str = "") -> dict:
    """A fresh generator state; ``stream`` separates independent sequences."""
    return {"seed": f"{seed}/{stream}" if stream else seed, "n": 0}


def _next64(rng: dict) -> int:
    digest = hashlib.sha256(f"{rng['seed']}:{rng['n']}".encode()).digest()
    rng["n"] += 1
    return int.from_bytes(digest[:8], "big")


def randbelow(rng: dict, n: int) -> int:
    """Uniform integer in [0, n) by rejection sampling (no modulo bias)."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = _next64(rng)
        if x < limit:
            return x % n


def shuffle(rng: dict, items: MutableSequence[T]) -> None:
    """Fisher–Yates shuffle in place."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def choice(rng: dict, items: list[T]) -> T:
    return items[randbelow(rng, len(items))]


def commitment(seed: str) -> str:
    """SHA-256 hex of the secret seed, published when the match is created."""
    return hashlib.sha256(seed.encode()).hexdigest()
