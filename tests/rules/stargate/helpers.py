"""Test helpers: play Stargate games by rules actions, and check the engine's invariants."""
from __future__ import annotations

import json
import random

from rules.stargate import state as S
from rules.stargate import stats
from rules.stargate.game import GAME


def act(state: dict, action: dict, seat: int | None = None) -> dict:
    """Apply ``action`` for the deciding seat after checking it is legal (as the service does)."""
    if seat is None:
        seat = GAME.deciding_seats(state)[0]
    GAME.validate(state, seat, action)
    return GAME.apply(state, {"seat": seat, "type": "action", "payload": action})


def check_invariants(state: dict, *, views: bool = True) -> None:
    # each card in exactly one zone
    seen: dict[str, int] = {}
    for lst in S.all_zone_lists(state):
        for iid in lst:
            seen[iid] = seen.get(iid, 0) + 1
    assert set(seen) == set(state["cards"]), "a card is in no zone"
    assert all(n == 1 for n in seen.values()), [i for i, n in seen.items() if n != 1]
    for iid in state["cards"]:
        assert iid in S.zone_list(state, iid)
    # power never negative, no negative numbers
    for s, seat in enumerate(state["seats"]):
        assert seat["power"] >= 0
        for iid in seat["play"] + state["mission"]["cards"]:
            assert all(v >= 0 for v in stats.skills(state, iid).values())
    assert stats.difficulty(state) >= 0
    # the pending decision belongs to exactly one seat
    if state["outcome"] is None:
        assert len(GAME.deciding_seats(state)) == 1
        assert GAME.legal_actions(state, GAME.deciding_seats(state)[0])
    if views:
        for s in range(len(state["seats"])):
            _check_view(state, s)


def _cards_in(node, out: dict) -> None:
    if isinstance(node, dict):
        if "id" in node and "guid" in node:
            out[node["id"]] = node["guid"]
        for v in node.values():
            _cards_in(v, out)
    elif isinstance(node, list):
        for v in node:
            _cards_in(v, out)


def _check_view(state: dict, viewer: int) -> None:
    v = GAME.view(state, viewer)
    json.dumps(v)
    shown: dict = {}
    # cards a card's text lets the deciding seat look at are legitimately shown to it
    _cards_in({k: x for k, x in v.items() if k != "pending"}, shown)
    if v["pending"]:
        _cards_in({k: x for k, x in v["pending"].items() if k != "revealed"}, shown)
        if v["pending"]["seat"] != viewer:
            assert "revealed" not in v["pending"]
    assert "rng" not in v
    for s, seat in enumerate(state["seats"]):
        assert v["seats"][s]["deck"] is None and v["seats"][s]["mission_pile"] is None
        hidden = list(seat["deck"]) + list(seat["mission_pile"])
        if s != viewer:
            hidden += seat["hand"]
            assert v["seats"][s]["hand"] is None
            hidden += [i for i in state["mission"]["cards"] if state["cards"][i].get("face_down")
                       and state["cards"][i]["owner"] == s]
        leaked = [i for i in hidden if i in shown]
        assert not leaked, (viewer, leaked)


def random_game(deck_a: str, deck_b: str, seed: str, ruleset: str = "current", *, check_every: int = 1,
                max_actions: int = 20000) -> tuple[dict, int]:
    cfg = GAME.build_config(ruleset, [{"deck": deck_a}, {"deck": deck_b}])
    state = GAME.setup(cfg, seed)
    r = random.Random(seed)
    n = 0
    check_invariants(state)
    while state["outcome"] is None and n < max_actions:
        seat = GAME.deciding_seats(state)[0]
        state = GAME.apply(state, {"seat": seat, "type": "action", "payload": r.choice(GAME.legal_actions(state, seat))})
        n += 1
        if check_every and n % check_every == 0:
            check_invariants(state)
    json.dumps(state)
    return state, n


def play_salted_games(cards: list[str], copies: int, seed: str, *, games: int = 4, limit: int = 3000) -> dict:
    """Random legal play of ``games`` games whose decks are ``copies`` of each card in ``cards``
    plus 20 cards of a random starter deck (its team and missions), checking the one-zone
    invariant every 5 actions and the views every 25; returns how often each pending kind was
    asked, so a test can check its cards' decisions really came up."""
    from collections import Counter

    from rules.stargate.cards import starters
    asked: Counter = Counter()
    for k in range(games):
        r = random.Random(k)
        seats = []
        for s in range(2):
            st = r.choice(starters())
            filler = [e["guid"] for e in st["deck"] for _ in range(e["qty"])]
            seats.append({"name": str(s), "team": st["team"], "missions": st["missions"],
                          "deck": cards * copies + r.sample(filler, min(20, len(filler)))})
        state = GAME.setup({"ruleset": "current", "seats": seats}, f"{seed}{k}")
        n = 0
        while state["outcome"] is None and n < limit:
            seat = GAME.deciding_seats(state)[0]
            asked[state["pending"]["kind"]] += 1
            state = GAME.apply(state, {"seat": seat, "type": "action",
                                       "payload": r.choice(GAME.legal_actions(state, seat))})
            n += 1
            if n % 5 == 0:
                check_invariants(state, views=n % 25 == 0)
    return asked
