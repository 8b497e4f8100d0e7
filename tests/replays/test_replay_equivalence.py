"""The state at every version of a match, as a replay reads it (``replays.states_at``: a
stored snapshot, an archive's checkpoint placed by fold cost, or the projection, plus the
events in between; archives through the per-process cache), equals the fold of the log from
scratch — running and archived, for every viewer, and no viewer of a running match is shown
a card it could not see then.

Where states are kept depends on how long each event took to fold
(``replays.checkpoints``, ``MatchStore.append_projected``'s ``fold_cost``, ``workers.fold_pending``); here a fake clock makes chosen
events expensive, so the placement varies with the examples (``choose``'s placement itself:
``test_checkpoints_follow_the_fold_cost``).
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from replays import checkpoints, state_at
from rules import rng
from rules.errors import Forbidden
from rules.protocol import JUDGE, SPECTATOR
from service import matches_logic
from store import MatchStore, archive, codec, hash_token
from tests.support.hidden import numbers
from workers import fold_pending

TOKENS = ["token-0", "token-1"]
MINE, THEIRS = list(range(1, 11)), list(range(101, 111))  # seat 1's numbers never show as a count or a turn


class FoldClock:
    """A clock read twice around each event's fold (``replays.checkpoints.CLOCK``): the
    k-th pair of reads is ``costs[k % len(costs)]`` seconds apart."""

    def __init__(self, costs: list[float]):
        self.costs, self.calls, self.now = costs, 0, 0.0

    def __call__(self) -> float:
        if self.calls % 2:
            self.now += self.costs[(self.calls // 2) % len(self.costs)]
        self.calls += 1
        return self.now


def new_highcard_match(store: MatchStore, game, seed: str) -> tuple[str, dict]:
    config = game.build_config("long", [{"name": "Ann", "deck": MINE}, {"name": "Bob", "deck": THEIRS}])
    meta = {"game": game.id, "ruleset": "long", "engine_version": game.engine_version, "config": config,
            "seed": seed, "seed_commitment": rng.commitment(seed),
            "seat_token_hashes": [hash_token(t) for t in TOKENS], "status": "active"}
    return store.create_match(meta, game.setup(config, seed)), config


def random_events(game, state: dict, pick: random.Random, limit: int) -> tuple[list[dict], list[dict]]:
    """Random legal events from ``state`` (to the end or ``limit``) and the states after
    each (index v: the state at version v)."""
    events, states = [], [codec.loads(codec.dumps(state))]
    while game.outcome(state) is None and len(events) < limit:
        seat = game.deciding_seats(state)[0]
        event = {"type": "action", "seat": seat, "payload": pick.choice(game.legal_actions(state, seat))}
        state = game.apply(state, {**event, "v": len(events) + 1})
        events.append(event)
        states.append(codec.loads(codec.dumps(state)))
    return events, states


def store_events(store: MatchStore, conn, match_id: str, events: list[dict], batches: list[int]) -> None:
    """Append ``events`` and fold them in batches of the given sizes (cycled), as the fold
    job does; the batch with the last event of a finished match archives it."""
    version, i = 0, 0
    while version < len(events):
        size = max(1, batches[i % len(batches)])
        for event in events[version:version + size]:
            store.append(match_id, version, event)
            version += 1
        fold_pending(conn, match_id)
        i += 1


def scratch_states(store: MatchStore, game, match_id: str) -> list[dict]:
    """The states at versions 0..head folded from scratch: ``setup`` and the stored log."""
    meta = store.get_meta(match_id)
    state = game.setup(meta["config"], meta["seed"])
    states = [codec.loads(codec.dumps(state))]
    for event in store.read_events(match_id):
        state = game.apply(state, event)
        states.append(codec.loads(codec.dumps(state)))
    return states


def assert_every_version_as_scratch(store: MatchStore, game, match_id: str, tokens: list[str]) -> list[dict]:
    """state_at and the replay endpoint's view, for every viewer, at every version, against
    a fold from scratch of the stored log; returns those states."""
    states = scratch_states(store, game, match_id)
    finished = game.outcome(states[-1]) is not None
    for version, scratch in enumerate(states):
        assert state_at(store, game, match_id, version) == scratch, version
        if finished:  # every perspective may be asked for
            for perspective, viewer in (("judge", JUDGE), ("spectator", SPECTATOR), ("0", 0), ("1", 1)):
                shown = matches_logic.replay(store, match_id, None, version, perspective)
                assert shown["view"] == game.view(scratch, viewer), (version, perspective)
        else:  # each viewer sees only its own
            for token, viewer in ((None, SPECTATOR), *((t, s) for s, t in enumerate(tokens))):
                shown = matches_logic.replay(store, match_id, token, version)
                assert shown["view"] == game.view(scratch, viewer), (version, viewer)
    return states


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.text("abcdef0123", min_size=4, max_size=8), finish=st.booleans(),
       costs=st.lists(st.sampled_from([0.0, 0.0, 0.0004, 0.0013, 0.003, 0.02]), min_size=1, max_size=9),
       batches=st.lists(st.integers(1, 7), min_size=1, max_size=4), every=st.integers(0, 4))
def test_the_state_at_every_version_is_the_fold_from_scratch(store, redis_conn, tinygame, monkeypatch,
                                                              seed, finish, costs, batches, every):
    monkeypatch.setattr(checkpoints, "CLOCK", FoldClock(costs))
    monkeypatch.setattr("workers.jobs.FINISHED_SNAPSHOT_EVERY", every)
    match_id, config = new_highcard_match(store, tinygame, seed)
    events, _ = random_events(tinygame, tinygame.setup(config, seed), random.Random(seed), 1000)
    if not finish:
        events = events[:-1]
    store_events(store, redis_conn, match_id, events, batches)
    assert store.is_archived(match_id) == finish
    states = assert_every_version_as_scratch(store, tinygame, match_id, TOKENS)
    archive.CACHE.clear()  # the same reads with nothing cached
    assert all(state_at(store, tinygame, match_id, v) == states[v] for v in range(0, len(states), 3))


def test_a_running_match_shows_no_seat_the_other_seats_hidden_cards_at_any_version(store, redis_conn, tinygame):
    match_id, config = new_highcard_match(store, tinygame, "hidden-1")
    events, _ = random_events(tinygame, tinygame.setup(config, "hidden-1"), random.Random(3), 1000)
    store_events(store, redis_conn, match_id, events[:-1], [3])  # still running
    for version, scratch in enumerate(scratch_states(store, tinygame, match_id)):
        theirs = scratch["seats"][1]
        hidden = set(theirs["hand"]) | set(theirs["deck"]) | set(theirs["bluffed"])
        assert hidden, version
        for token in (None, TOKENS[0]):
            shown = matches_logic.replay(store, match_id, token, version)
            assert not numbers(shown["view"]) & hidden, (version, token)
        with pytest.raises(Forbidden):  # another perspective only once the match is over
            matches_logic.replay(store, match_id, TOKENS[0], version, "1")


def test_a_rewritten_archive_is_never_answered_from_the_cached_one(store, redis_conn, tinygame):
    """The cache's key is the archive itself: after a re-fold's new snapshots (here: another
    state stored at version 0) every read sees the new archive."""
    match_id, config = new_highcard_match(store, tinygame, "rewrite")
    events, _ = random_events(tinygame, tinygame.setup(config, "rewrite"), random.Random(1), 1000)
    store_events(store, redis_conn, match_id, events, [100])
    states = scratch_states(store, tinygame, match_id)
    assert state_at(store, tinygame, match_id, 0) == states[0]  # cached now
    other = {**states[0], "turn": 99}
    store.replace_projection(match_id, len(events), states[-1], [(0, other)])
    assert state_at(store, tinygame, match_id, 0) == other


def test_the_archive_cache_is_bounded_and_keeps_the_latest_used():
    def blob(n: int) -> bytes:
        events = [{"v": v, "type": "action", "seat": 0, "payload": {"n": n}} for v in range(1, 4)]
        return archive.pack(events, {0: {"state": n, "pad": "x" * 1000}})

    one, two, three = blob(1), blob(2), blob(3)
    size = archive.unpack(one).size
    cache = archive.ArchiveCache(max_bytes=2 * size + size // 2)
    first = cache.unpack(one)
    assert cache.unpack(one) is first  # the same immutable object: nothing to copy
    cache.unpack(two)
    cache.unpack(one)  # used: now the latest
    cache.unpack(three)  # over the bound: the least recently used (two) goes
    assert len(cache) == 2 and cache.unpack(one) is first
    events = first.events(1, 2)
    events[0]["payload"]["n"] = 42  # a caller's own copy
    assert first.events(1, 2)[0]["payload"]["n"] == 1
    assert archive.ArchiveCache(0).unpack(one) is not archive.ArchiveCache(0).unpack(one)  # 0: no cache


def test_checkpoints_follow_the_fold_cost(tinygame):
    config = tinygame.build_config("long", [{"name": "A", "deck": MINE}, {"name": "B", "deck": THEIRS}])
    start = tinygame.setup(config, "cost")
    events, states = random_events(tinygame, codec.loads(codec.dumps(start)), random.Random(2), 1000)
    events = [{**e, "v": v} for v, e in enumerate(events, 1)]
    costs = [0.0006, 0.0006, 0.0006, 0.0006, 0.03, 0.0]
    chosen = checkpoints.choose(tinygame, codec.loads(codec.dumps(start)), events, codec.dumps(states[-1]),
                                budget=0.002, max_gap=50, max_count=1000, clock=FoldClock(costs))
    assert set(chosen) == {v for v in range(1, len(events) + 1) if v % 6 in (4, 5)}  # 4 x 0.6 ms, then 30 ms
    assert all(codec.loads(raw) == states[v] for v, raw in chosen.items())
    few = checkpoints.choose(tinygame, codec.loads(codec.dumps(start)), events, None, budget=0.002, max_gap=50,
                             max_count=3, clock=FoldClock(costs))
    assert 0 < len(few) <= 3 and set(few) <= set(chosen)  # a larger budget: a subset
    elsewhere = checkpoints.choose(tinygame, codec.loads(codec.dumps(start)), events, codec.dumps(states[1]),
                                   clock=FoldClock(costs))
    assert elsewhere == {}  # its fold does not end at the stored final state: none


@pytest.mark.parametrize("game_id", ["stargate", "startrek2e", "babylon5"])
def test_real_games_every_version_every_viewer(store, redis_conn, monkeypatch, game_id):
    """The first 60 events of a random game of each real engine, running, then archived as
    ``finish_match`` archives (its checkpoints chosen by fold cost; a whole game to its end
    takes minutes here), with events made expensive by turns."""
    from service.matches_logic import create_match
    from workers.after_event import archive_checkpoints

    game = rules.get_game(game_id)
    decks = [d["id"] for d in game.starter_decks()][:2]
    created = create_match(store, game_id, None, [{"name": "a", "deck": decks[0]}, {"name": "b", "deck": decks[-1]}])
    match_id, tokens = created["match_id"], [s["token"] for s in created["seats"]]
    meta = store.get_meta(match_id)
    events, _ = random_events(game, game.setup(meta["config"], meta["seed"]), random.Random(game_id), 60)
    monkeypatch.setattr(checkpoints, "CLOCK", FoldClock([0.0, 0.0003, 0.0, 0.0025, 0.0, 0.0, 0.0011]))
    store_events(store, redis_conn, match_id, events, [1, 4, 9])
    running = assert_every_version_as_scratch(store, game, match_id, tokens)
    assert store.archive_finished(match_id, 0, checkpoints=archive_checkpoints(store, match_id))
    assert len(store.snapshot_versions(match_id)) > 1  # checkpoints besides version 0
    assert assert_every_version_as_scratch(store, game, match_id, tokens) == running


def test_a_seats_post_keeps_a_snapshot_once_its_events_took_the_budget_to_fold(store, tinygame):
    """``append_projected(fold_cost=...)``, as the POST calls it: the script adds each event's
    fold time to the projection's ``spent`` and keeps the state once it reaches the budget."""
    from store.match_store import stored_event

    match_id, config = new_highcard_match(store, tinygame, "budget")
    events, _ = random_events(tinygame, tinygame.setup(config, "budget"), random.Random(5), 7)
    costs = [0.0008, 0.0008, 0.0008, 0.0001, 0.03, 0.0001, 0.0001]
    state = tinygame.setup(config, "budget")
    for v, (event, cost) in enumerate(zip(events, costs)):
        stored = stored_event(event, v + 1)
        state = tinygame.apply(state, stored)
        store.append_projected(match_id, v, stored, state, fold_cost=(cost, 0.002))
    assert store.snapshot_versions(match_id) == [0, 3, 5]  # 3 x 0.8 ms; then one of 30 ms
    assert_every_version_as_scratch(store, tinygame, match_id, TOKENS)


def test_the_fold_job_carries_the_fold_time_since_the_last_snapshot_across_batches(store, redis_conn, tinygame,
                                                                                   monkeypatch):
    """One event per fold job (a bot's or the clock's appends): 0.8 ms each reaches the 2 ms
    budget every third event, whatever the batches."""
    monkeypatch.setattr(checkpoints, "CLOCK", FoldClock([0.0008]))
    monkeypatch.setattr("workers.jobs.SNAPSHOT_BUDGET_SECONDS", 0.002)
    monkeypatch.setattr("workers.jobs.SNAPSHOT_EVERY", 1000)
    match_id, config = new_highcard_match(store, tinygame, "batches")
    events, _ = random_events(tinygame, tinygame.setup(config, "batches"), random.Random(4), 1000)
    store_events(store, redis_conn, match_id, events[:8], [1, 2, 1])
    assert store.snapshot_versions(match_id) == [0, 3, 6]
    assert_every_version_as_scratch(store, tinygame, match_id, TOKENS)
