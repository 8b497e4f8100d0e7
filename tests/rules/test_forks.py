"""Forks (issue 14 item 2), pure: ``rules.forks``.

An exact fork at N of a recorded game (the golden replays of each game) continues exactly
as the original did when fed the same actions: the states agree after every action. A
seat's fork of a live position is a re-draw: the seat's own view of it is identical to its
view of the original, the cards it may not identify are not where they were (with a fixed
seed), every RNG state is fresh, and the re-drawn position plays on legally.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules import forks
from rules.protocol import shown_cards
from tests.rules.golden import state_hash

GOLDEN = {
    "stargate": Path(__file__).parent / "stargate" / "golden",
    "startrek2e": Path(__file__).parent / "startrek2e" / "golden",
    "babylon5": Path(__file__).parent / "babylon5" / "golden",
}


def _apply(game, state, ev):
    return game.apply(state, {"seat": ev["seat"], "type": "action", "payload": ev["payload"]})


@pytest.mark.parametrize("game_id", sorted(GOLDEN))
def test_exact_fork_of_a_recorded_game_continues_as_the_original(game_id):
    game = rules.get_game(game_id)
    rec = json.loads(sorted(GOLDEN[game_id].glob("*.json"))[0].read_text())
    events = rec["events"]
    originals = [game.setup(rec["config"], rec["seed"])]
    for ev in events:
        originals.append(_apply(game, json.loads(json.dumps(originals[-1])), ev))
    for at in sorted({0, 1, len(events) // 3, len(events) // 2, len(events) - 1}):
        fork = forks.exact(originals[at])
        for n, ev in enumerate(events[at:], start=at + 1):
            game.validate(fork, ev["seat"], ev["payload"])
            fork = _apply(game, fork, ev)
            assert state_hash(fork) == state_hash(originals[n]), (at, n)
        assert game.outcome(fork) == rec["outcome"]


def _random_position(game_id: str, seed: str, events: int):
    from tests.support.playing import new_game

    game, state = new_game(game_id, 2, seed)
    r = random.Random(seed)
    for _ in range(events):
        seat = game.deciding_seats(state)[0]
        state = game.apply(state, {"seat": seat, "type": "action", "payload": r.choice(game.legal_actions(state, seat))})
    return game, state


def _positions(game_id: str, seed: str, every: int = 7, limit: int = 400):
    """Positions of a random game of ``game_id``, one every ``every`` events."""
    game, state = _random_position(game_id, seed, 0)
    r = random.Random(seed)
    found = []
    for n in range(limit):
        if game.outcome(state) is not None:
            break
        if n % every == 0:
            found.append(json.loads(json.dumps(state)))
        s = game.deciding_seats(state)[0]
        state = game.apply(state, {"seat": s, "type": "action", "payload": r.choice(game.legal_actions(state, s))})
    return game, found


def _unknown_outside_hand_and_deck(game, state, seat) -> bool:
    known = shown_cards(game.view(state, seat))
    return any(c["zone"] not in ("hand", "deck") and card_id not in known for card_id, c in state["cards"].items())


@pytest.mark.parametrize("game_id", sorted(GOLDEN))
@pytest.mark.parametrize("seat", [0, 1])
def test_a_seat_fork_is_a_redraw_that_looks_the_same_to_the_seat(game_id, seat):
    game, positions = _positions(game_id, f"fork-{game_id}", every=9)
    assert len(positions) >= 5
    for state in positions[::2]:
        before = json.dumps(state, sort_keys=True)
        fork = forks.redraw_for_seat(game, state, seat, "fixed-seed")
        assert json.dumps(state, sort_keys=True) == before  # the original is untouched
        assert game.view(fork, seat) == game.view(state, seat)  # the caller sees no difference
        assert fork["rng"] != state["rng"] and fork["rng"]["n"] == 0
        assert forks.redraw_for_seat(game, state, seat, "fixed-seed") == fork  # seeded: reproducible
        _plays_on_legally(game, fork)


def _plays_on_legally(game, fork, events: int = 25):
    r = random.Random(1)
    for _ in range(events):
        if game.outcome(fork) is not None:
            break
        s = game.deciding_seats(fork)[0]
        action = r.choice(game.legal_actions(fork, s))
        game.validate(fork, s, action)
        fork = game.apply(fork, {"seat": s, "type": "action", "payload": action})


@pytest.mark.parametrize("game_id", sorted(GOLDEN))
def test_a_live_fork_works_with_hidden_cards_anywhere(game_id):
    """Face-down cards in play (Babylon 5 conflicts and contingencies, Stargate
    complications), dilemma and mission piles: every position forks for every seat, and
    every card the seat cannot identify is re-drawn wherever it lies."""
    game, positions = _positions(game_id, f"anywhere-{game_id}", every=3, limit=600)
    elsewhere = 0
    for n, state in enumerate(positions):
        for seat in (0, 1):
            if not _unknown_outside_hand_and_deck(game, state, seat) and n % 5:
                continue
            elsewhere += _unknown_outside_hand_and_deck(game, state, seat)
            fork = forks.redraw_for_seat(game, state, seat, f"s{n}")
            assert game.view(fork, seat) == game.view(state, seat)
            _plays_on_legally(game, fork, 10)
    assert elsewhere, "no position with a hidden card outside a hand or deck"


def _other_hidden_mix(game, state, seat, seed):
    """``state`` with the other seats' cards that ``seat`` cannot identify replaced: faces
    permuted among them (within a deck-list section and public type) and swapped for the
    cards of another starter deck, and every deck's order of ids shuffled. ``seat``'s view
    is unchanged: the two positions differ only in what it cannot see."""
    r = random.Random(seed)
    out = json.loads(json.dumps(state))
    known = forks.known_cards(game.view(state, seat), state["cards"])
    sections = forks.SECTION_OF_ZONE[game.id]
    groups: dict = {}
    for card_id, card in out["cards"].items():
        if card_id in known or card.get("owner") == seat:
            continue
        typed = forks._card_type(game.id, out, card) if card["zone"] in forks.STATUS_ZONES[game.id] else None
        groups.setdefault((card["owner"], sections.get(card["zone"], "deck"), typed), []).append(card_id)
    stand_ins = forks._StandIns(game, state)
    other_faces: dict = {}
    for _, entries, defs in stand_ins.decks()[::-1]:
        for section, face, typed in entries:
            other_faces.setdefault((section, typed), []).append(face)
        out.setdefault("defs", {}).update(defs) if "defs" in out else None
    for (owner, section, typed), ids in groups.items():
        faces = [{k: out["cards"][i][k] for k in forks.IDENTITY_KEYS if k in out["cards"][i]} for i in ids]
        r.shuffle(faces)
        spare = other_faces.get((section, typed)) or []
        for n, (card_id, face) in enumerate(zip(ids, faces)):
            if spare and n % 2 == 0:  # half of them from another deck altogether
                face = {k: v for k, v in r.choice(spare).items() if k in forks.IDENTITY_KEYS}
            out["cards"][card_id].update(face)
    for s, seat_zones in enumerate(out["seats"]):
        if s != seat and isinstance(seat_zones.get("deck"), list) and not any(i in known for i in seat_zones["deck"]):
            r.shuffle(seat_zones["deck"])
    assert game.view(out, seat) == game.view(state, seat)
    return out


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(sorted(GOLDEN)), seat=st.integers(0, 1), index=st.integers(0, 40),
       perturbation=st.integers(0, 10**6))
def test_a_live_fork_is_independent_of_the_cards_the_seat_cannot_see(game_id, seat, index, perturbation):
    """The leak property: two originals that differ only in the cards ``seat`` cannot see
    (another mix of the opponent's hidden cards, another deck altogether, another deck
    order) give the very same fork for the same fork seed, so nothing of the real hidden
    cards can reach anyone who plays the fork, in any seat."""
    game, positions = _CACHED_POSITIONS(game_id)
    state = positions[index % len(positions)]
    other = _other_hidden_mix(game, state, seat, perturbation)
    fork_a = forks.redraw_for_seat(game, state, seat, "same-seed")
    fork_b = forks.redraw_for_seat(game, other, seat, "same-seed")
    for viewer in range(len(state["seats"])):
        assert game.view(fork_a, viewer) == game.view(fork_b, viewer)
        assert game.legal_actions(fork_a, viewer) == game.legal_actions(fork_b, viewer)
    assert fork_a == fork_b


_POSITIONS: dict = {}


def _CACHED_POSITIONS(game_id):
    if game_id not in _POSITIONS:
        _POSITIONS[game_id] = _positions(game_id, f"leak-{game_id}", every=5)
    return _POSITIONS[game_id]


@pytest.mark.parametrize("game_id", sorted(GOLDEN))
def test_a_live_fork_draws_another_seats_cards_from_a_stand_in_list(game_id):
    """The other seat's deck list is sealed until the end: its unknown cards come from the
    starter deck sharing most cards with what the forking seat sees of it, less those, by
    deck-list section (the leak property above shows the real mix plays no part)."""
    game, state = _random_position(game_id, f"stand-in-{game_id}", 40)
    fork = forks.redraw_for_seat(game, state, 0, "seed")
    known = forks.known_cards(game.view(state, 0), state["cards"])
    seen = [c for i, c in state["cards"].items() if i in known and c["owner"] == 1]
    decks = forks._StandIns(game, state).decks()

    def overlap(entries):
        left = [forks._key(f) for _, f, _ in entries]
        return sum(1 for c in seen if forks._key(c) in left and not left.remove(forks._key(c)))

    _, entries, _ = max(decks, key=lambda d: overlap(d[1]))
    by_section: dict = {}
    for section, face, _ in entries:
        by_section.setdefault(section, set()).add(forks._key(face))
    redrawn = [c for i, c in fork["cards"].items() if i not in known and c["owner"] == 1]
    assert redrawn
    for card in redrawn:
        section = forks.SECTION_OF_ZONE[game_id].get(card["zone"], "deck")
        assert forks._key(card) in by_section[section], (card["zone"], card)


def test_reseed_replaces_every_rng_state():
    state = {"rng": {"seed": "a", "n": 5}, "deep": [{"r": {"seed": "b", "n": 1}}], "other": {"seed": "x", "n": 1, "k": 2}}
    forks.reseed(state, "new")
    assert state["rng"] == {"seed": "new/fork/rng", "n": 0}
    assert state["deep"][0]["r"] == {"seed": "new/fork/deep/0/r", "n": 0}
    assert state["other"]["seed"] == "x"  # not an RNG state: left alone
