"""fold: one copy per batch, events applied in place, input untouched."""
from __future__ import annotations

from replays import fold as fold_module
from replays.fold import fold
from store import codec
from tests.store.helpers import SEED, scripted_events


class _RecordingGame:
    """Wraps a game and records the identity of the state each apply receives."""

    def __init__(self, game):
        self.game = game
        self.seen: list[int] = []

    def apply(self, state, event):
        self.seen.append(id(state))
        return self.game.apply(state, event)


def test_fold_copies_once_and_applies_every_event_in_place(tinygame, monkeypatch):
    config = tinygame.build_config("long", [{"deck": "twenty"}, {"deck": "twenty"}])
    start = tinygame.setup(config, SEED)
    before = codec.dumps(start)
    events = scripted_events(tinygame, config)
    copies = []
    real_copy = fold_module.copy_state
    monkeypatch.setattr(fold_module, "copy_state", lambda s: copies.append(1) or real_copy(s))
    recorder = _RecordingGame(tinygame)

    final = fold_module.fold(recorder, start, events)

    assert len(copies) == 1
    assert len(set(recorder.seen)) == 1 and recorder.seen[0] != id(start)
    assert codec.dumps(start) == before  # the caller's state is untouched
    assert tinygame.outcome(final) is not None


def test_folding_in_batches_equals_folding_at_once(tinygame):
    config = tinygame.build_config("long", [{"deck": "twenty"}, {"deck": "twenty"}])
    start = tinygame.setup(config, SEED)
    events = scripted_events(tinygame, config)
    whole = fold(tinygame, start, events)
    stepwise = start
    for i in range(0, len(events), 5):
        stepwise = fold(tinygame, stepwise, events[i:i + 5])
    assert stepwise == whole
