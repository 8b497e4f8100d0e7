"""Random play of random LEGAL decks, to a result: built from all 415 Premiere cards, and from
the whole covered pool (every card of every set that has mechanics; issue 17 item 5).

Each seat gets a deck that passes deck construction (``deckbuilding.validate_deck``; the
hall-of-fame retirement is waived so that every Premiere card can turn up): five different
missions including a headquarters, at least 20 dilemmas, at least 35 draw cards, at most
three cards of a title — the draw deck mostly of cards that headquarters lets the deck play.
The seeds are fixed. A player picks among the legal actions (biased towards playing cards,
using texts and attempting, so that dilemmas, responses and combat come up). After every
event:

- the invariants of ``helpers.check_invariants`` (each card in exactly one zone, no negative
  counters, scores, attributes or skills, one deciding seat with a legal action, no seat's
  view and no spectator's view showing a hidden card of another seat);
- no negative Range left or used, and the state is plain JSON (it survives a JSON round trip
  unchanged);
- every offered legal action validates and applies without error (each is applied to a copy).

The short variant (two two-player games and one three-player game) runs with the suite; the
``slow`` one plays more seeds.
"""
from __future__ import annotations

import json
import random

import pytest

from rules.startrek2e.cards import card_db
from rules.startrek2e.deckbuilding import validate_deck
from rules.startrek2e.game import GAME

from .helpers import check_invariants, pick_action, sensible_action

DB = card_db()


class Pool:
    """The cards random decks are drawn from, split by where a deck holds them."""

    def __init__(self, cards: list[dict]) -> None:
        self.cards = sorted(cards, key=lambda c: c["id"])
        self.headquarters = [c for c in self.cards if c.get("mission_type") == "headquarters"]
        self.missions = [c for c in self.cards if c["type"] == "mission" and c.get("mission_type") != "headquarters"]
        self.dilemmas = [c for c in self.cards if c["type"] == "dilemma"]
        self.draw = [c for c in self.cards if c["type"] in ("personnel", "ship", "equipment", "event", "interrupt")]


PREMIERE = Pool([c for c in DB.values() if c["set"] == "SE" and not c.get("alternate_of")])
#: Every card the engine plays, from any set, Decipher's or virtual (issue 17 item 5): it
#: grows by itself as each set's mechanics land, so every landed set is played here.
COVERED = Pool([c for c in DB.values() if c["mechanics"] is not None and not c.get("alternate_of")])
POOLS = {"premiere": PREMIERE, "covered": COVERED}


def test_the_pool_is_the_whole_premiere_set():
    assert len(PREMIERE.cards) == 415
    assert all(c["mechanics"] is not None for c in PREMIERE.cards)


def test_the_covered_pool_holds_every_card_with_mechanics_of_every_set():
    assert {c["set"] for c in COVERED.cards} > {"SE"}
    assert len(COVERED.cards) > len(PREMIERE.cards)


# -- decks -----------------------------------------------------------------------------------
def _allowed(hq: dict, card: dict) -> bool:
    """Whether ``hq``'s printed allowance covers ``card`` (personnel and ships; the engine's
    own check is ``stats.hq_allows``, which needs a game)."""
    if card["type"] not in ("personnel", "ship"):
        return True
    for ab in hq["mechanics"]:
        if ab.get("kind") != "headquarters":
            continue
        if set(ab.get("affiliations") or []) & set(card.get("affiliations") or []):
            return True
        for f in ab.get("allow") or []:
            if all(v in ((card.get("icons") if k == "icon" else card.get("affiliations")) or [])
                   for k, v in f.items()):
                return True
    return False


def random_deck(r: random.Random, pool: Pool = PREMIERE) -> dict:
    """A legal deck of the pool's cards (see the module doc)."""
    MISSIONS, DILEMMAS, DRAW = pool.missions, pool.dilemmas, pool.draw
    hq = r.choice(pool.headquarters)
    missions, titles, kinds = [hq], {hq["title"]}, {"planet": 0, "space": 0}
    for m in r.sample(MISSIONS, len(MISSIONS)):
        if len(missions) < 5 and m["title"] not in titles and kinds[m["mission_type"]] < 3:
            missions.append(m)
            titles.add(m["title"])
            kinds[m["mission_type"]] += 1
    copies: dict = {}

    def add(card: dict, part: list, n: int) -> None:
        for _ in range(n):
            if copies.get(card["title"], 0) + (card["title"] in titles) >= 3:
                return
            copies[card["title"]] = copies.get(card["title"], 0) + 1
            part.append(card["id"])

    dilemmas: list = []
    while len(dilemmas) < 20 + r.randrange(5):
        add(r.choice(DILEMMAS), dilemmas, r.choice((1, 1, 2)))
    playable = [c for c in DRAW if _allowed(hq, c)]
    draw: list = []
    size = 35 + r.randrange(40)
    while len(draw) < size:
        add(r.choice(playable) if r.random() < 0.85 else r.choice(DRAW), draw, r.choice((1, 1, 2, 3)))
    deck = {"missions": [m["id"] for m in missions], "dilemmas": dilemmas, "deck": draw}
    assert validate_deck(deck, fmt="open") == []
    return deck


# -- a player ----------------------------------------------------------------------------------
def player(state: dict, seat: int, r: random.Random) -> dict:
    """A random legal action, biased towards playing cards, using card texts, beaming crews to
    ships and planets, moving and attempting."""
    legal = GAME.legal_actions(state, seat)
    kind = state["pending"]["kind"]
    by: dict = {}
    for a in legal:
        by.setdefault(a["type"], []).append(a)
    uses = [a for a in legal if a["type"] not in ("pass", "end_orders", "draw", "end_play")]
    if r.random() < 0.1:
        return r.choice(legal)
    if kind == "play":
        if "play" in by and r.random() < 0.9:
            return r.choice(by["play"])
        return (by.get("draw") or by.get("end_play") or legal)[0]
    if kind in ("respond", "attempt_action"):
        return r.choice(uses) if uses and r.random() < 0.6 else {"type": "pass"}
    if kind == "choose_dilemma":
        picks = [a for a in legal if a["card"]]
        return r.choice(picks) if picks and r.random() < 0.85 else {"type": "choose_dilemma", "card": None}
    if kind != "orders":
        return pick_action(state, seat, r) if kind != "beam_to" or r.random() < 0.3 else sensible_action(state, seat, r)
    for t, p in (("order", 0.5), ("action", 0.5), ("play", 0.5), ("pay_skills", 0.3)):
        if t in by and r.random() < p:
            return r.choice(by[t])
    a = sensible_action(state, seat, r)  # crews ships, flies them, beams down, attempts when ready
    if a["type"] == "beam":
        a = {"type": "beam", "card": a["card"]}
    if a in legal and (a["type"] != "end_orders" or r.random() < 0.7):
        return a
    return pick_action(state, seat, r)


# -- the checks ------------------------------------------------------------------------------
def check_every_option(state: dict, seat: int) -> None:
    """Every legal action validates and applies to a copy of the state without an error."""
    snapshot = json.dumps(state)
    for action in GAME.legal_actions(state, seat):
        copy = json.loads(snapshot)
        GAME.validate(copy, seat, action)
        try:
            GAME.apply(copy, {"seat": seat, "type": "action", "payload": action})
        except Exception as e:  # pragma: no cover - the message names the action
            raise AssertionError(f"{action} (pending {state['pending']['kind']}) fails: {e!r}") from e


def check_state(state: dict) -> None:
    check_invariants(state)
    assert json.loads(json.dumps(state)) == state, "the state is plain JSON"
    for c in state["cards"].values():
        assert c.get("range_used", 0) >= 0 and c.get("range_next", 0) >= 0


def play(seed: int, seats: int, max_actions: int = 3000, pool: str = "premiere") -> dict:
    r = random.Random(seed)
    config = {"ruleset": "open",
              "seats": [{"name": f"seat {s}", **random_deck(r, POOLS[pool])} for s in range(seats)]}
    state = GAME.setup(config, f"{pool}-pool-{seed}")
    check_state(state)
    n = 0
    while state["outcome"] is None and n < max_actions:
        seat = GAME.deciding_seats(state)[0]
        check_every_option(state, seat)
        action = player(state, seat, r)
        state = GAME.apply(state, {"seat": seat, "type": "action", "payload": action})
        n += 1
        check_state(state)
    assert state["outcome"] is not None, f"no result after {n} actions"
    return state


@pytest.mark.parametrize("seed,seats", [(1, 2), (2, 2), (3, 3)])
def test_random_legal_premiere_decks_play_to_a_result_with_every_invariant(seed, seats):
    state = play(seed, seats)
    assert state["outcome"]["winners"]


@pytest.mark.slow
@pytest.mark.parametrize("seed,seats", [(s, 2) for s in range(10, 16)] + [(s, 3) for s in range(20, 23)])
def test_more_random_legal_premiere_decks_play_to_a_result_with_every_invariant(seed, seats):
    state = play(seed, seats)
    assert state["outcome"]["winners"]


@pytest.mark.parametrize("seed,seats", [(101, 2), (102, 3)])
def test_random_legal_decks_of_the_whole_covered_pool_play_to_a_result_with_every_invariant(seed, seats):
    state = play(seed, seats, pool="covered")
    assert state["outcome"]["winners"]


@pytest.mark.slow
@pytest.mark.parametrize("seed,seats", [(s, 2) for s in range(110, 116)] + [(s, 3) for s in range(120, 123)])
def test_more_random_legal_decks_of_the_whole_covered_pool_play_to_a_result(seed, seats):
    state = play(seed, seats, pool="covered")
    assert state["outcome"]["winners"]
