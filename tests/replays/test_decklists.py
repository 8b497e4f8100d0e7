"""Decklist commitments: a finished match's revealed lists hash to the published
commitments and build the config it was set up from; a forged list fails."""
from __future__ import annotations

import pytest

from replays import decklist_commitment, verify_decklists, verify_replay
from rules.errors import InvalidRequest
from service import matches_logic
from store import MatchStore


def _finished_match(store: MatchStore, tinygame, decks=("ten", list(range(1, 12)))):
    created = matches_logic.create_match(store, "highcard", None, [{"name": "Ann", "deck": decks[0]}, {"name": "Bob", "deck": decks[1]}])
    match_id = created["match_id"]
    meta = store.get_meta(match_id)
    state = tinygame.setup(meta["config"], meta["seed"])
    version = 0
    while tinygame.outcome(state) is None:
        seat = tinygame.deciding_seats(state)[0]
        event = {"type": "action", "seat": seat, "payload": tinygame.legal_actions(state, seat)[0]}
        version = store.append(match_id, version, event).version
        state = tinygame.apply(state, event)
    return created, store.get_meta(match_id), store.read_events(match_id)


def test_revealed_lists_match_commitments_and_build_the_played_config(store, tinygame):
    created, meta, events = _finished_match(store, tinygame)
    assert created["decklist_commitments"] == meta["decklist_commitments"]
    verify_decklists(tinygame, meta["ruleset"], meta["config"], meta["decklist_commitments"], meta["decklists"])
    verify_replay(tinygame, meta["config"], meta["seed"], events, meta["seed_commitment"])


def test_a_forged_list_fails(store, tinygame):
    _, meta, _ = _finished_match(store, tinygame)
    forged = [dict(d) for d in meta["decklists"]]
    forged[1]["deck"] = list(range(5, 16))  # Bob claims other cards
    with pytest.raises(InvalidRequest) as err:
        verify_decklists(tinygame, meta["ruleset"], meta["config"], meta["decklist_commitments"], forged)
    assert err.value.code == "decklist_mismatch" and err.value.details == {"seat": 1}


def test_committed_lists_that_were_not_dealt_fail(store, tinygame):
    """A server that commits honestly but deals another deck is caught: the lists do not
    build the pinned config."""
    _, meta, _ = _finished_match(store, tinygame)
    dealt = {**meta["config"], "decks": [meta["config"]["decks"][0], list(range(1, 21))]}
    with pytest.raises(InvalidRequest) as err:
        verify_decklists(tinygame, meta["ruleset"], dealt, meta["decklist_commitments"], meta["decklists"])
    assert err.value.code == "decklist_not_played"


def test_the_commitment_depends_on_the_salt_and_the_list():
    assert decklist_commitment([1, 2], "a") != decklist_commitment([1, 2], "b")
    assert decklist_commitment([1, 2], "a") != decklist_commitment([2, 1], "a")
    assert decklist_commitment({"b": 1, "a": 2}, "s") == decklist_commitment({"a": 2, "b": 1}, "s")
