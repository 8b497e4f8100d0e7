"""The POST that ends a match answers before the heavy steps of a finished match
(``workers.after_event.finish_match``: the analytics re-fold the whole match, the archive
compresses it), which run once the answer is sent (inline mode) or in the fold job (rq
mode); the analytics still count the match, and if the process dies before those steps the
sweep runs them (the match stays hinted)."""
from __future__ import annotations

import random

import pytest

import rules
from service import matches_logic
from store import keys
from store.stats import StatsStore
from tests.service.helpers import bearer
from workers import fold_pending, sweep

GAME = "stargate"


@pytest.fixture
def rt(app):
    return app.extensions["subspace"]


def _one_action_from_the_end(rt) -> tuple[str, list[str], dict]:
    """A match of real decks stored up to the event before its last (a random legal game
    from its own seed): its id, the seat tokens and the last event, still to be posted."""
    game = rules.get_game(GAME)
    decks = [d["id"] for d in game.starter_decks()][:2]
    created = matches_logic.create_match(rt.store, GAME, None, [{"name": f"P{i}", "deck": d} for i, d in enumerate(decks)])
    match_id, tokens = created["match_id"], [s["token"] for s in created["seats"]]
    meta = rt.store.get_meta(match_id)
    state, pick, events = game.setup(meta["config"], meta["seed"]), random.Random(match_id), []
    while game.outcome(state) is None:
        seat = game.deciding_seats(state)[0]
        event = {"type": "action", "seat": seat, "payload": pick.choice(game.legal_actions(state, seat))}
        state = game.apply(state, {**event, "v": len(events) + 1})
        events.append(event)
    for v, event in enumerate(events[:-1]):
        rt.store.append(match_id, v, event)
    fold_pending(rt.conn, match_id)
    rt.conn.srem(keys.LAGGING, match_id)
    return match_id, tokens, events[-1]


def _post_last(client, match_id: str, tokens: list[str], last: dict, version: int):
    """The POST of ``last``, its response not closed yet (as a server has it while sending)."""
    return client.post(f"/v1/matches/{match_id}/actions", headers=bearer(tokens[last["seat"]]),
                       json={"expected_version": version, "action": last["payload"]}, buffered=False)


def test_the_ending_post_answers_first_and_the_match_is_counted_and_archived_after(client, rt):
    match_id, tokens, last = _one_action_from_the_end(rt)
    version = rt.store.version(match_id)
    response = _post_last(client, match_id, tokens, last, version)
    assert response.status_code == 201, response.json
    # The answer is out; its body's close has not run yet: finished, not counted, hinted.
    assert rt.store.get_meta(match_id)["status"] == "finished"
    assert not StatsStore(rt.conn).has(GAME, match_id) and not rt.store.is_archived(match_id)
    assert rt.conn.sismember(keys.LAGGING, match_id)
    response.close()  # the server closes the response once it is sent
    assert StatsStore(rt.conn).has(GAME, match_id) and rt.store.is_archived(match_id)
    assert not rt.conn.sismember(keys.LAGGING, match_id)
    assert len(rt.store.read_events(match_id)) == version + 1


def test_if_the_process_dies_after_the_ending_answer_the_sweep_counts_the_match(client, rt):
    match_id, tokens, last = _one_action_from_the_end(rt)
    response = _post_last(client, match_id, tokens, last, rt.store.version(match_id))
    assert response.status_code == 201  # ... and the process dies before the response's close
    assert not StatsStore(rt.conn).has(GAME, match_id)
    report = sweep(rt.conn)  # caught up but hinted: the sweep runs the steps for the head
    assert report.settled == [match_id]
    assert StatsStore(rt.conn).has(GAME, match_id) and rt.store.is_archived(match_id)
