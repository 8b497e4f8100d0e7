"""verify_replay: the revealed seed must match the commitment and re-fold the log."""
from __future__ import annotations

import pytest

from replays import current_state, verify_replay
from rules import rng
from rules.errors import InvalidRequest
from tests.store.helpers import SEED, append_all, new_match, scripted_events


def test_verify_replay_refolds_a_stored_match_to_its_final_state(store, tinygame):
    match_id, config = new_match(store, tinygame)
    append_all(store, match_id, scripted_events(tinygame, config))
    meta = store.get_meta(match_id)
    final = verify_replay(tinygame, meta["config"], meta["seed"], store.read_events(match_id), meta["seed_commitment"])
    assert final == current_state(store, tinygame, match_id)[1]
    assert tinygame.outcome(final) is not None


def test_verify_replay_detects_a_wrong_seed(tinygame):
    config = tinygame.build_config("standard", [{"deck": "ten"}, {"deck": "ten"}])
    events = scripted_events(tinygame, config)
    with pytest.raises(InvalidRequest) as err:
        verify_replay(tinygame, config, "not-the-seed", events, rng.commitment(SEED))
    assert err.value.code == "seed_mismatch"


def test_verify_replay_detects_a_gap_in_the_log(tinygame):
    config = tinygame.build_config("standard", [{"deck": "ten"}, {"deck": "ten"}])
    events = [{**e, "v": i + 1} for i, e in enumerate(scripted_events(tinygame, config))]
    with pytest.raises(InvalidRequest) as err:
        verify_replay(tinygame, config, SEED, events[:2] + events[3:], rng.commitment(SEED))
    assert err.value.code == "replay_gap"
