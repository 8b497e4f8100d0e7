"""The engine plays the cards engineer's starter decks end to end (built by build_config)."""
import itertools

import pytest

from rules.babylon5.game import GAME

from .helpers import check_invariants, random_game

DECKS = [d["id"] for d in GAME.starter_decks()]


def _config(decks, turn_limit=200):
    cfg = GAME.build_config("1.3b", [{"deck": d, "name": d} for d in decks])
    cfg["turn_limit"] = turn_limit
    return cfg


def test_there_are_five_starter_decks_of_different_races():
    """Five players can play: every seat needs a different race (the Non-Aligned are the fifth)."""
    assert len(DECKS) == 5
    assert len({d["race"] for d in GAME.starter_decks()}) == 5


@pytest.mark.parametrize("a,b", list(itertools.combinations(DECKS, 2)))
def test_every_starter_pairing_plays_to_a_result(a, b):
    state, n = random_game(_config([a, b]), f"pair-{a}-{b}", check_every=4, views_every=0)
    assert state["outcome"] is not None and state["outcome"]["reason"]


@pytest.mark.parametrize("players", [3, 4])
def test_starter_decks_multiplayer_with_invariants_after_every_event(players):
    state, n = random_game(_config(DECKS[:players], turn_limit=200), f"multi-{players}", check_every=1,
                           views_every=10)
    assert state["outcome"] is not None
    check_invariants(state)


def test_same_race_twice_is_refused():
    from rules.errors import DeckInvalid
    with pytest.raises(DeckInvalid, match="different race"):
        GAME.build_config("1.3b", [{"deck": DECKS[0]}, {"deck": DECKS[0]}])


def test_a_two_player_starter_game_to_the_end_with_views_checked_after_every_event():
    state, n = random_game(_config(DECKS[1:3]), "views-every-event", check_every=1, views_every=1)
    assert state["outcome"] is not None and n > 300


@pytest.mark.parametrize("seed", ["five-a", "five-b"])
def test_five_players_each_with_a_starter_deck_of_a_different_race_play_to_a_result(seed):
    """Item 11 of issue 12: the fifth race (the Non-Aligned) makes five-player games possible."""
    assert sorted(GAME.starter_decks(), key=lambda d: d["id"]) and len(DECKS) == 5
    state, n = random_game(_config(DECKS, turn_limit=200), seed, check_every=3, views_every=30)
    assert state["outcome"] is not None and state["outcome"]["winners"]
    assert len(state["seats"]) == 5 and len({s["race"] for s in state["seats"]}) == 5
    check_invariants(state)
