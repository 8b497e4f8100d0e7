"""Fixture cards and tables for rule tests.

Cards named after the rulebook's worked examples carry the example's numbers and no text
unless the example is about their text, in which case the real card from ``card_db()`` is
used. ``table()`` builds a started two-player game whose hands, mission piles and power a
test then arranges (arranging is test set-up, not a game action).
"""
from __future__ import annotations

from rules.stargate import state as S
from rules.stargate.cards import card_by_title
from rules.stargate.game import GAME

from .helpers import act


def _card(guid, title, type_, *, subtype=None, allegiance="hero", cost=None, skills=None, traits=(),
          experience=None, glyph=None, revive=None, firepower=None, subtitle=None, mechanics=None):
    return {"guid": guid, "title": title, "subtitle": subtitle, "type": type_, "subtype": subtype,
            "allegiance": allegiance, "cost": cost, "skills": skills or {}, "traits": list(traits),
            "experience": experience, "firepower": firepower, "revive": revive, "glyph": glyph,
            "mechanics": mechanics or [], "official": True, "set": 0, "number": guid}


def team(guid, title, cost, skills=None, traits=()):
    return _card(guid, title, "character", subtype="team", cost=cost,
                 skills=skills or {"culture": 1, "science": 1, "combat": 1, "ingenuity": 1}, traits=traits)


FIX = {}


def add(card):
    FIX[card["guid"]] = card
    return card["guid"]


# The worked example's cards (stats from the rulebook).
TEALC = add(team("fx-tealc", "Teal'c", 3, {"culture": 2, "science": 0, "combat": 3, "ingenuity": 1}, ["Jaffa"]))
RAKNOR = add(team("fx-raknor", "Rak'nor", 3, {"culture": 2, "science": 0, "combat": 2, "ingenuity": 1}, ["Jaffa"]))
JASON3 = add(team("fx-j3", "Jason Three", 3))
JASON4 = add(team("fx-j4", "Jason Four", 4))
PAUL2 = add(team("fx-p2", "Paul Two", 2))
PAUL3 = add(team("fx-p3", "Paul Three", 3))
PAUL4 = add(team("fx-p4", "Paul Four", 4))
PAUL5 = add(team("fx-p5", "Paul Five", 5))
SGC_OFFICER = add(team("fx-sgc", "SGC Officer", 2, traits=["SGC"]))
OLAF = add(_card("fx-olaf", "Olaf", "character", subtype="support", cost=3, skills={"combat": 2}))
GEAR = add(_card("fx-gear", "Plain Gear", "gear", cost=1))
ADVERSARY = add(_card("fx-adv", "Plain Adversary", "adversary", allegiance="villain", cost=3,
                      skills={"combat": 2, "culture": 1}, revive=2))
VILLAIN_OBSTACLE = add(_card("fx-obs", "Plain Obstacle", "obstacle", allegiance="villain", cost=1, skills={"combat": 1}))
SCIENCE_OBSTACLE = add(_card("fx-sobs", "Science Obstacle", "obstacle", allegiance="villain", cost=1, skills={"science": 2}))
HERO_SHIP = add(_card("fx-hship", "Hero Ship", "ship", cost=1, firepower=2))


def mission(n, skill="combat", difficulty=4, experience=2, glyph="gemini"):
    return add(_card(f"fx-m{n}", f"Mission {n}", "mission", allegiance="mission", skills={skill: difficulty},
                     experience=experience, glyph=glyph))


MISSIONS = [mission(n, skill=("culture", "science", "combat", "ingenuity")[n % 4],
                    glyph=("gemini", "libra", "orion", "pisces", "scorpius", "triangulum")[n % 6]) for n in range(12)]
COMBAT_MISSIONS = [mission(100 + n, glyph=("gemini", "libra", "orion", "pisces", "scorpius", "triangulum", "gemini")[n])
                   for n in range(7)]

ZERO_XP_MISSIONS = [mission(200 + n, experience=0) for n in range(7)]
BIG_XP_MISSION = mission(300, experience=4)


def real(title, subtitle=None):
    return card_by_title(title, subtitle)["guid"]


def table(team0=(TEALC, RAKNOR, JASON3, JASON4), team1=(PAUL2, PAUL3, PAUL4, PAUL5), *, deck0=None, deck1=None,
          missions0=None, missions1=None, seed="fixture", ruleset="current", begin=True, stop=None, n_seats=2):
    """A started game (turn 1, seat 0 first if its victory total is higher)."""
    filler = [GEAR] * 10 + [VILLAIN_OBSTACLE] * 10 + [OLAF] * 3
    seats = [{"name": "Jason", "team": list(team0), "missions": list(missions0 or MISSIONS),
              "deck": list(deck0 if deck0 is not None else filler)},
             {"name": "Paul", "team": list(team1), "missions": list(missions1 or MISSIONS),
              "deck": list(deck1 if deck1 is not None else filler)}]
    cfg = {"ruleset": ruleset, "seats": seats[:n_seats], "extra_cards": FIX}
    state = GAME.setup(cfg, seed)
    if missions0:  # the first listed mission is the one Jason plays first
        pile = state["seats"][0]["mission_pile"]
        top = next(i for i in pile if state["cards"][i]["guid"] == missions0[0])
        pile.remove(top)
        pile.insert(0, top)
    if begin:
        state = start(state, stop=stop)
    return state


def start(state, stop=None):
    """Answer Starting a Game's decisions: stop a character (the last one), no mulligans."""
    while state["pending"]["kind"] == "setup_stop":
        opts = state["pending"]["options"]
        pick = next((o for o in opts if S.card_def(state, o["card"])["guid"] == stop), opts[-1])
        state = act(state, pick)
    while state["pending"]["kind"] == "mulligan":
        state = act(state, {"type": "mulligan", "yes": False})
    return state


def find(state, guid, seat=None, zone=None):
    """Instance ids of ``guid`` (optionally of one seat / in one zone)."""
    return [i for i, c in state["cards"].items() if c["guid"] == guid and (seat is None or c["owner"] == seat)
            and (zone is None or c["zone"] == zone)]


def to_hand(state, seat, guid):
    """Arrange: move an instance of ``guid`` from the seat's deck (or discard) into its hand."""
    iid = (find(state, guid, seat, "deck") + find(state, guid, seat, "discard") + find(state, guid, seat, "hand"))[0]
    if state["cards"][iid]["zone"] != "hand":
        S.move(state, iid, "hand")
    return iid


def put_in_play(state, seat, guid, zone="deck"):
    iid = (find(state, guid, seat, zone) + find(state, guid, seat, "hand") + find(state, guid, seat, "discard"))[0]
    S.move(state, iid, "play")
    state["cards"][iid]["state"] = "ready"
    return iid


def give_glyph(state, char, mission_guid):
    """Arrange: a glyph beneath ``char`` (a mission instance taken from its owner's pile)."""
    owner = state["cards"][char]["owner"]
    iid = find(state, mission_guid, owner, "mission_pile")[0]
    S.move(state, iid, "glyph", under=char)
    return iid


def team_of(state, seat, guid):
    return find(state, guid, seat, "play")[0] if find(state, guid, seat, "play") else find(state, guid, seat)[0]


def hero_act(state, action):
    return act(state, action, state["turn"]["hero"])


def villain_act(state, action):
    return act(state, action, state["turn"]["villain"])


def pass_(state):
    return act(state, {"type": "pass"})


def to_deciding_to_continue(state):
    """Pass, and take the first option of every other decision, until the hero is asked
    whether to continue (the mission has ended)."""
    for _ in range(60):
        if state["pending"]["kind"] == "continue":
            return state
        seat = GAME.deciding_seats(state)[0]
        state = act(state, {"type": "pass"} if state["pending"]["kind"] == "act" else GAME.legal_actions(state, seat)[0])
    raise AssertionError("the mission did not end")
