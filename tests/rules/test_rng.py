"""The seeded RNG: same seed, same shuffles; different seeds, different shuffles."""
from __future__ import annotations

from collections import Counter

import pytest

from rules import rng


def test_same_seed_gives_the_same_shuffle():
    a, b = list(range(50)), list(range(50))
    rng.shuffle(rng.new_rng("seed-1"), a)
    rng.shuffle(rng.new_rng("seed-1"), b)
    assert a == b and a != list(range(50))


def test_different_seeds_or_streams_differ():
    a, b, c = list(range(50)), list(range(50)), list(range(50))
    rng.shuffle(rng.new_rng("seed-1"), a)
    rng.shuffle(rng.new_rng("seed-2"), b)
    rng.shuffle(rng.new_rng("seed-1", "missions"), c)
    assert a != b and a != c


def test_state_is_json_and_resumable():
    r = rng.new_rng("s")
    [rng.randbelow(r, 10) for _ in range(5)]  # advance the stream before saving it
    saved = dict(r)
    rest = [rng.randbelow(r, 10) for _ in range(5)]
    assert [rng.randbelow(saved, 10) for _ in range(5)] == rest


def test_randbelow_is_roughly_uniform():
    r = rng.new_rng("uniform")
    counts = Counter(rng.randbelow(r, 6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < n < 1200 for n in counts.values())


def test_randbelow_rejects_empty_range():
    with pytest.raises(ValueError):
        rng.randbelow(rng.new_rng("x"), 0)


def test_commitment_is_sha256_of_the_seed():
    assert rng.commitment("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
