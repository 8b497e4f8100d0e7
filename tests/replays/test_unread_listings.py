"""A batch fold may leave unlisted the options nobody reads (issue 13).

``replays.fold.apply_in_place`` applies every event followed by a game action inside
``rules.read_scope.listings_unread``: Star Trek then leaves the orders and play steps'
options unlisted (their answers name the action and never read the list), which was half of
a Star Trek fold. Whatever the batches, the state a fold returns must equal the state of
applying each event alone (every option listed after every event), after every batch of
random, purposeful and golden games of every game, with control events among the actions.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import orjson
import pytest

import rules
from replays.fold import apply_in_place, copy_state
from rules import read_scope
from tests.support.playing import bot_chooser, new_game, random_chooser

ROOT = Path(__file__).resolve().parents[1] / "rules"
GAMES = ("stargate", "startrek2e", "babylon5")


def _played(game_id: str, kind: str, seed: str) -> tuple[dict, list[dict]]:
    game, state = new_game(game_id, 2, seed, offset=len(seed))
    start = copy_state(state)
    chooser = random_chooser(seed) if kind == "random" else bot_chooser(game, seed)
    events = []
    for _ in range(500):
        seats = game.deciding_seats(state)
        if not seats:
            break
        event = {"seat": seats[0], "type": "action", "payload": chooser(state, seats[0], game.legal_actions(state, seats[0]))}
        state = game.apply(state, event)
        events.append(event)
    return start, events


def _golden(path: Path) -> tuple[dict, list[dict]]:
    rec = json.loads(path.read_text())
    game = rules.get_game(path.parent.parent.name)
    return game.setup(rec["config"], rec["seed"]), [
        {"seat": e["seat"], "type": "action", "payload": e["payload"]} for e in rec["events"]]


SOURCES = [(g, "played", (kind, f"unread-{g}-{kind}")) for g in GAMES for kind in ("random", "bot")] + [
    (g, "golden", p) for g in GAMES for p in sorted((ROOT / g / "golden").glob("*.json"))[:2]]


def _with_control_events(events: list[dict], r: random.Random) -> list[dict]:
    """A few draw offers and declines among the actions (control events: the state before
    one is read by ``rules.control``, so it lists everything)."""
    out = []
    for e in events:
        if r.random() < 0.03:
            out.append({"seat": r.choice([0, 1]), "type": r.choice(["draw_offer", "draw_decline"]), "payload": {}})
        out.append(e)
    return out


@pytest.mark.parametrize("game_id,what,spec", SOURCES, ids=lambda x: x.stem if isinstance(x, Path) else str(x))
def test_a_batch_fold_equals_applying_every_event_alone(game_id, what, spec, monkeypatch):
    game = rules.get_game(game_id)
    start, events = _played(game_id, *spec) if what == "played" else _golden(spec)
    r = random.Random(f"{game_id}-{spec}")
    events = _with_control_events(events, r)
    eager, state = [], copy_state(start)
    for event in events:  # every option listed after every event
        state = apply_in_place(game, state, [event])
        eager.append(orjson.dumps(state))
    unlisted = [0]
    real = read_scope.listing_unread

    def counted() -> bool:
        unlisted[0] += real()
        return real()

    for module in ("rules.startrek2e.orders", "rules.startrek2e.play"):
        monkeypatch.setattr(f"{module}.listing_unread", counted)
    state, n = copy_state(start), 0
    while n < len(events):
        size = r.choice([1, 2, 3, 5, 8, 13, 40])
        state = apply_in_place(game, state, events[n:n + size])
        n = min(n + size, len(events))
        assert orjson.dumps(state) == eager[n - 1], f"after event {n}"
    assert len(events) > 100
    if game_id == "startrek2e":
        assert unlisted[0] > 50  # the orders and play steps were left unlisted inside the batches


def test_only_events_followed_by_a_game_action_leave_listings_unread():
    seen = []

    class Recording:
        def apply(self, state, event):
            seen.append((event["n"], read_scope.listing_unread()))
            return state

    events = [{"n": 1, "type": "action"}, {"n": 2, "type": "action"}, {"n": 3, "type": "action"},
              {"n": 4, "type": "draw_offer"}, {"n": 5, "type": "action"}]
    apply_in_place(Recording(), {}, events)
    assert seen == [(1, True), (2, True), (3, False), (4, True), (5, False)]
    assert not read_scope.listing_unread()
