"""Embedded Redis start/stop: a real server, data surviving a restart thanks to AOF."""
from __future__ import annotations

import redis

from store.embedded import start_embedded


def test_embedded_redis_survives_restart_with_aof(tmp_path):
    data = tmp_path / "data"
    server = start_embedded(data)
    try:
        client = redis.Redis.from_url(server.url)
        client.xadd("{m:x}:events", {"e": b"1"}, id="1-0")
        assert client.config_get("appendonly")["appendonly"] == "yes"
        assert client.config_get("appendfsync")["appendfsync"] == "everysec"
        assert client.config_get("maxmemory-policy")["maxmemory-policy"] == "noeviction"
        client.close()
    finally:
        server.stop()
    assert server.process.returncode is not None
    assert (data / "appendonly.aof").exists()

    again = start_embedded(data)
    try:
        client = redis.Redis.from_url(again.url)
        assert client.xlen("{m:x}:events") == 1
        client.close()
    finally:
        again.stop()


def test_second_start_attaches_to_the_running_server(tmp_path):
    first = start_embedded(tmp_path)
    try:
        second = start_embedded(tmp_path)
        assert second.url == first.url and not second.owned
        second.stop()  # not the owner: leaves the server running
        assert redis.Redis.from_url(first.url).ping()
    finally:
        first.stop()


def test_long_data_dir_gets_a_short_socket_path(tmp_path):
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    with start_embedded(deep) as server:
        assert len(str(server.socket_path)) <= 100
        assert redis.Redis.from_url(server.url).ping()


def test_concurrent_starts_on_one_folder_share_one_server(tmp_path):
    import threading

    handles = []
    threads = [threading.Thread(target=lambda: handles.append(start_embedded(tmp_path))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert len(handles) == 4 and len({h.url for h in handles}) == 1
        assert sum(h.owned for h in handles) == 1
    finally:
        for h in handles:
            h.stop()
