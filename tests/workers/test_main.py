"""``python -m workers sweep|work`` (what the systemd units run)."""
from __future__ import annotations

import pytest

from tests.store.helpers import append_all, new_match, scripted_events
from workers import fold_queue
from workers.__main__ import main


@pytest.mark.rq
def test_sweep_then_burst_work_from_the_command_line(store, redis_conn, redis_url, tinygame, capsys):
    match_id, config = new_match(store, tinygame)
    events = scripted_events(tinygame, config, n=4)
    append_all(store, match_id, events)
    assert main(["--redis-url", redis_url, "sweep"]) == 0
    assert "1 lagging" in capsys.readouterr().out
    assert fold_queue(redis_conn).count == 1
    assert main(["--redis-url", redis_url, "work", "--burst"]) == 0
    assert store.load_projection(match_id)[0] == 4


def test_missing_redis_url_is_a_usage_error(monkeypatch):
    monkeypatch.delenv("REDIS_URL", raising=False)
    with pytest.raises(SystemExit) as exit_:
        main(["sweep"])
    assert exit_.value.code == 2
