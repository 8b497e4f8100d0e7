"""Engagements and combat begun by card text in games of three players (RULES.md
"Multiplayer combat and engagements"): "an opponent's ship" is a ship of any opponent, and
the engagement involves that ship's commander — never only the player on your left."""
from __future__ import annotations

from rules.startrek2e import state as S
from rules.startrek2e.legality import can_join
from rules.startrek2e.game import GAME

from . import fixtures as FX
from .helpers import act, check_invariants, mission, options, pass_responses, put, turn_to
from .test_premiere_ships import FED_CREW, nelvana_trap_springs, real


def started3(seed: str) -> dict:
    """Three players (fed, kli, fed), missions laid out, seat order 0 → 1 → 2 → 0."""
    st = GAME.setup(FX.config_n("fed", "kli", "fed"), seed)
    while st["pending"]["kind"] == "place_mission":
        st = act(st, st["pending"]["options"][0])
    return st


def test_nelvana_trap_engages_the_ship_of_the_opponent_who_moved_there_not_only_the_left_one():
    """Seat 1's Nelvana Trap on seat 0's mission; seat 0 (not seat 1's left, who is seat 2)
    moves his Galaxy there: the cloaked Warbird comes and engages it."""
    st = started3("nelvana-3")
    nelvana_trap_springs(st, plays_at=set(st["seats"][0]["missions"] + st["seats"][2]["missions"]))


def _engagement_in_space(seed: str):
    """Three players: seat 0's crewed Galaxy (Weapons 7) and Attack Pattern, seat 2's staffed
    Runabout (Shields 5) at seat 0's space mission."""
    st = started3(seed)
    space = mission(st, 0, "T-S1")
    galaxy = put(st, 0, "T-SF", "ships", space)
    for g in FED_CREW:
        put(st, 0, g, "aboard", galaxy)
    runabout = put(st, 2, "T-SF2", "ships", space)
    put(st, 2, "T-F8", "aboard", runabout)
    return st, space, galaxy, runabout, put(st, 0, "T-EV2", "core", 0)


def test_an_engagement_may_target_any_opponents_ship_there_and_you_choose_which():
    """Seat 0's Attack Pattern at a mission where seat 1 and seat 2 each have a ship: both are
    offered; engaging seat 2's makes seat 2 the engagement's opponent (only he may add ships)."""
    st, space, galaxy, runabout, attack = _engagement_in_space("engage-3")
    bird = put(st, 1, "T-SK", "ships", space)
    put(st, 1, "T-K1", "aboard", bird)
    bird2 = put(st, 1, "T-SK", "ships", space)  # another Bird of seat 1, staffed
    put(st, 1, "T-K2", "aboard", bird2)
    assistance = real(st, 1, "1S136")  # Render Assistance: "another of your ships … joins"
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": attack, "ability": 1})
    assert {o["card"] for o in st["pending"]["options"]} == {bird, bird2, runabout}
    st = act(st, {"type": "choose", "card": runabout})
    while st["pending"]["seat"] != 1:
        st = act(st, {"type": "pass"})
    assert st["engagement"]["opp"] == 2
    # seat 1 is asked (he holds a "when an engagement begins" interrupt) but is not in it:
    # Render Assistance needs a ship of his involved, and no ship of his may join
    assert st["pending"]["options"] == [{"type": "pass"}] and assistance in st["seats"][1]["hand"]
    assert not can_join(st, bird2, 1)
    st = pass_responses(st)
    eng = next(e for e in st["log"] if e["event"] == "engagement")
    assert (eng["target"], eng["weapons"], eng["shields"]) == (runabout, 7, 5)
    assert attack in st["cards"][runabout]["damage"]  # "if you win": placed on the opponent's ship
    check_invariants(st)


def test_an_engagement_with_only_a_third_players_ship_present_is_begun():
    """The player on your left has no ship there; the other opponent's ship is enough."""
    st, space, galaxy, runabout, attack = _engagement_in_space("engage-third")
    st = turn_to(st, 0, "orders")
    assert {"type": "order", "card": attack, "ability": 1} in options(st, "order")
    st = pass_responses(act(st, {"type": "order", "card": attack, "ability": 1}))
    assert next(e for e in st["log"] if e["event"] == "engagement")["target"] == runabout
    assert S.mission_of(st, galaxy) == space and st["cards"][galaxy]["stopped"]
