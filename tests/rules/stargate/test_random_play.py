"""Random legal play: games end, and the invariants hold after every event."""
import itertools

import pytest

from rules.stargate.game import GAME

from .helpers import check_invariants, random_game

DECKS = [d["id"] for d in GAME.starter_decks()]


@pytest.mark.parametrize("i", range(len(DECKS)))
def test_random_play_checks_invariants_after_every_event(i):
    state, n = random_game(DECKS[i], DECKS[(i + 1) % len(DECKS)], f"inv-{i}")
    assert state["outcome"] is not None
    check_invariants(state)


@pytest.mark.parametrize("a,b", list(itertools.combinations(DECKS, 2)))
def test_all_66_starter_pairings_play_to_a_result(a, b):
    state, n = random_game(a, b, f"pair-{a}-{b}", check_every=25)
    assert state["outcome"] is not None and state["outcome"]["reason"]


@pytest.mark.parametrize("i", range(4))
def test_first_edition_random_play_reaches_a_result(i):
    state, _ = random_game(DECKS[i], DECKS[-1 - i], f"fe-{i}", ruleset="first-edition", check_every=10)
    assert state["outcome"] is not None
    assert state["ruleset"] == "first-edition"


def test_replaying_the_same_actions_from_the_same_seed_gives_the_same_state():
    import json
    a, _ = random_game(DECKS[0], DECKS[1], "same")
    b, _ = random_game(DECKS[0], DECKS[1], "same")
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def test_three_player_random_play_rotates_hero_and_villain_to_a_result():
    import random

    from rules.stargate import deckbuilding

    seats = [{"name": str(i), **deckbuilding.resolve_deck(deckbuilding.starter_deck(d))}
             for i, d in enumerate(DECKS[:3])]
    state = GAME.setup({"ruleset": "current", "seats": seats}, "three-players")
    r = random.Random(3)
    pairs = set()
    n = 0
    while state["outcome"] is None and n < 20000:
        seat = GAME.deciding_seats(state)[0]
        state = GAME.apply(state, {"seat": seat, "type": "action", "payload": r.choice(GAME.legal_actions(state, seat))})
        n += 1
        if state["step"] == "actions":
            pairs.add((state["turn"]["hero"], state["turn"]["villain"]))
            inactive = ({0, 1, 2} - {state["turn"]["hero"], state["turn"]["villain"]}).pop()
            assert state["seats"][inactive]["power"] == 0
        if n % 10 == 0:
            check_invariants(state)
    assert state["outcome"] is not None
    assert pairs <= {(0, 1), (1, 2), (2, 0)} and len(pairs) >= 2
