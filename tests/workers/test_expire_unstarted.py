"""Abandoned unstarted matches expire (issue 10 item 5): a match with no event at all,
created more than N hours ago, is deleted by the sweep; one with an event never is."""
from __future__ import annotations

import time

from click.testing import CliRunner

from service.cli import main
from store import keys
from tests.store.helpers import append_all, new_match, scripted_events
from workers.expiry import expire_unstarted

HOUR = 3600.0


def test_old_unstarted_matches_expire_and_nothing_else_does(store, redis_conn, tinygame):
    abandoned, _ = new_match(store, tinygame)
    redis_conn.hset(keys.standing_orders(abandoned), "0", b"[]")
    redis_conn.zadd(keys.DEADLINES, {abandoned: 1})
    started, config = new_match(store, tinygame)
    append_all(store, started, scripted_events(tinygame, config, n=1))
    later = time.time() + 73 * HOUR
    assert expire_unstarted(redis_conn, 72, now=time.time()) == []  # nothing is 72 h old yet
    assert expire_unstarted(redis_conn, 72, now=later) == [abandoned]
    assert not store.exists(abandoned)
    assert not [k for k in redis_conn.keys(f"{{m:{abandoned}}}*")], "every key of the match is gone"
    assert not any(redis_conn.zscore(index, abandoned) for index in (keys.DEADLINES, keys.BOTS_DUE, keys.UNSTARTED))
    assert store.list_matches() == [started] and store.exists(started)
    assert expire_unstarted(redis_conn, 72, now=later + 1000 * HOUR) == []  # started: kept for ever


def test_zero_hours_expires_nothing(store, redis_conn, tinygame):
    new_match(store, tinygame)
    assert expire_unstarted(redis_conn, 0, now=time.time() + 1000 * HOUR) == []


def test_a_match_whose_first_append_lost_its_index_update_is_kept(store, redis_conn, tinygame):
    """The index is a hint: the delete itself checks the log is empty, atomically."""
    match_id, config = new_match(store, tinygame)
    append_all(store, match_id, scripted_events(tinygame, config, n=1))
    redis_conn.zadd(keys.UNSTARTED, {match_id: 0})  # as if the ZREM after the append was lost
    assert expire_unstarted(redis_conn, 1, now=time.time() + 2 * HOUR) == []
    assert store.exists(match_id) and not redis_conn.zscore(keys.UNSTARTED, match_id)


def test_the_sweep_command_expires_them(store, redis_url, tinygame, redis_conn):
    match_id, _ = new_match(store, tinygame)
    redis_conn.zadd(keys.UNSTARTED, {match_id: time.time() - 5 * HOUR})
    result = CliRunner().invoke(main, ["sweep", "--redis-url", redis_url, "--unstarted-hours", "4"])
    assert result.exit_code == 0, result.output
    assert "1 unstarted match(es) older than 4 h expired" in result.output
    assert not store.exists(match_id)


def _annotate(redis_conn, match_id: str, comment: str) -> None:
    from rules.aggregates import annotations as notes
    from store.annotations import AnnotationStore

    note = {"id": f"n-{comment}", "version": 0, "comment": comment, "mark": None, "tags": [], "visibility": "public",
            "author": {"seat": 0, "player_id": None, "name": "A"}, "author_key": "k", "by_seat": True,
            "created": "2026-11-24T00:00:00.000Z", "edited": None}
    AnnotationStore(redis_conn).update(match_id, lambda state: notes.added(note, note["created"]))


def test_an_expired_matchs_notes_go_with_it(store, redis_conn, tinygame):
    """Notes may anchor at version 0 of a match nobody started: when it expires they are
    deleted in the same script, and the kept match's notes stay."""
    abandoned, _ = new_match(store, tinygame)
    started, config = new_match(store, tinygame)
    append_all(store, started, scripted_events(tinygame, config, n=1))
    _annotate(redis_conn, abandoned, "gone")
    _annotate(redis_conn, started, "kept")
    assert redis_conn.exists(keys.notes(abandoned, "state"), keys.notes(abandoned, "events")) == 2
    assert expire_unstarted(redis_conn, 72, now=time.time() + 73 * HOUR) == [abandoned]
    assert not [k for k in redis_conn.keys(f"{{m:{abandoned}}}*")]
    assert redis_conn.exists(keys.notes(started, "state"), keys.notes(started, "events")) == 2


def test_orphaned_notes_are_removed_by_the_full_sweep(store, redis_conn, tinygame, redis_url):
    """Notes whose match is gone any other way (deleted by hand, or before deletion took
    notes along) are removed by ``sweep --full``; a live match's notes are not."""
    from workers.expiry import remove_orphaned_notes

    gone, _ = new_match(store, tinygame)
    live, _ = new_match(store, tinygame)
    _annotate(redis_conn, gone, "orphan")
    _annotate(redis_conn, live, "kept")
    redis_conn.delete(keys.meta(gone), keys.events(gone), keys.projection(gone), keys.snapshots(gone))
    redis_conn.set("{m:not a match}:notes:state", b"x")  # not a match key: left alone
    assert remove_orphaned_notes(redis_conn) == [gone]
    assert not [k for k in redis_conn.keys(f"{{m:{gone}}}*")]
    assert redis_conn.exists(keys.notes(live, "state")) and redis_conn.exists("{m:not a match}:notes:state")
    assert remove_orphaned_notes(redis_conn) == []
    _annotate(redis_conn, gone, "again")  # an orphan again: the CLI's full sweep removes it
    result = CliRunner().invoke(main, ["sweep", "--full", "--redis-url", redis_url])
    assert result.exit_code == 0, result.output
    assert "1 orphaned annotation stream(s) removed" in result.output
    assert not redis_conn.exists(keys.notes(gone, "state"))
