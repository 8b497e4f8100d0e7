"""``subspace export / verify / import`` (issue 14 item 1): a batch exported with --all,
verified offline (no Redis), imported into an empty server and exported again unchanged;
a tampered file is refused with its event number and exit status 1."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from replays import interchange
from service import matches_logic
from service.cli import main

SEATS = [{"name": "Ann", "deck": "ten"}, {"name": "Bob", "deck": "ten"}]


def _highcard(rt, finish: bool) -> str:
    created = matches_logic.create_match(rt.store, "highcard", None, SEATS)
    tokens = [s["token"] for s in created["seats"]]
    match_id = created["match_id"]
    game = matches_logic.load_match(rt.store, match_id).game
    for _ in range(2 if not finish else 100):
        version, state = matches_logic.current_state(rt.store, game, match_id)
        seats = game.deciding_seats(state)
        if not seats:
            break
        action = game.legal_actions(state, seats[0])[0]
        matches_logic.post_action(rt, match_id, tokens[seats[0]], version, action)
    return match_id


def _bodies(folder: Path) -> list[str]:
    return sorted(interchange.body_of(p.read_text()) for p in folder.glob("*.ndjson"))


def test_export_all_verify_import_and_export_again(app, redis_url, redis_conn, tmp_path):
    rt = app.extensions["subspace"]
    finished = [_highcard(rt, True) for _ in range(3)]
    _highcard(rt, False)  # live: --all leaves it out
    runner = CliRunner()
    first = tmp_path / "first"
    result = runner.invoke(main, ["export", "--all", "--since", "2000-01-01", "--out", str(first), "--redis-url", redis_url])
    assert result.exit_code == 0, result.output
    assert sorted(p.stem for p in first.glob("*.ndjson")) == sorted(finished)

    files = sorted(str(p) for p in first.glob("*.ndjson"))
    result = runner.invoke(main, ["verify", *files])  # offline: no Redis option at all
    assert result.exit_code == 0, result.output
    assert "3 verified, 0 refused" in result.output

    redis_conn.flushdb()
    result = runner.invoke(main, ["import", *files, "--redis-url", redis_url])
    assert result.exit_code == 0, result.output
    assert result.output.count("imported as") == 3
    second = tmp_path / "second"
    result = runner.invoke(main, ["export", "--all", "--out", str(second), "--redis-url", redis_url])
    assert result.exit_code == 0, result.output
    assert _bodies(second) == _bodies(first)

    lines = Path(files[0]).read_text().splitlines()
    event = json.loads(lines[2])
    event["payload"]["card"] = 999  # a card no deck holds
    lines[2] = interchange.canonical(event)
    forged = tmp_path / "forged.ndjson"
    forged.write_text("\n".join(lines) + "\n")
    result = runner.invoke(main, ["verify", str(forged)])
    assert result.exit_code == 1
    assert "refused (event_not_folding, event 2, line 3)" in result.output
