"""A purposeful Star Trek CCG 2E player: state + seat + seed -> one of the legal actions.

Why: random legal play never completes a mission (every random game ends 0–0 when the decks
run out), so neither the tests nor a person practising against the server would see how
the game is won. This player plays to the win condition (100 points with a planet and a
space mission completed): it chooses the mission its crew can meet, gathers the crew on a
staffed ship, flies there, beams down for a planet, and attempts only when the team meets
the requirements (with a margin for the dilemmas to come); as the dilemma owner it spends
the budget on the costliest dilemmas first.

Fair play: it reads only what its seat's view shows — the board, its own hand and the
dilemmas it drew — never a deck order or an opponent's hand. Pure: a ``random.Random``
seeded from the passed ``seed`` breaks ties; no global random.
"""
from __future__ import annotations

import random

from . import orders as O
from . import state as S
from . import stats as ST

MIN_TEAM = 6  # a team this big (or the whole crew) sets out: dilemmas will stop some of it


def choose(state: dict, seat: int, actions: list[dict], seed: str) -> dict:
    """The action this player takes now (one of ``actions``)."""
    rnd = random.Random(seed)
    kind = (state.get("pending") or {}).get("kind")
    if kind in ("orders", "beam_to"):
        with ST.frozen(state):
            return _orders(state, seat, actions, rnd)
    if kind == "play":
        return _play(state, seat, actions, rnd)
    if kind == "choose_dilemma":
        return _dilemma(state, actions)
    if kind == "respond":
        passes = [a for a in actions if a["type"] == "pass"]
        return rnd.choice(actions) if rnd.random() < 0.5 or not passes else passes[0]
    return rnd.choice(actions)


# -- playing cards --------------------------------------------------------------------------
def _play(state: dict, seat: int, actions: list[dict], rnd: random.Random) -> dict:
    plays = [a for a in actions if a["type"] == "play"]
    staffed = any(ST.staffed(state, s) for s in _my_ships(state, seat))
    personnel = len(_my_personnel(state, seat))

    def value(a: dict) -> tuple:
        t = S.ctype(state, a["card"])
        if t == "ship":
            want = 3 if not staffed and personnel >= 2 else 0
        elif t == "personnel":
            want = 2
        else:
            want = 1
        return (want, ST.value(state, a["card"], "cost"), rnd.random())

    if plays:
        best = max(plays, key=value)
        if value(best)[0] > 0:
            return best
    draws = [a for a in actions if a["type"] == "draw"]  # drawing hastens the empty-deck end: only when short
    if draws and len(state["seats"][seat]["hand"]) < 3 and len(state["seats"][seat]["deck"]) > 10:
        return draws[0]
    ends = [a for a in actions if a["type"] == "end_play"]
    return ends[0] if ends else rnd.choice(actions)


# -- orders: target, gather, fly, beam down, attempt ---------------------------------------
def _my_ships(state: dict, seat: int) -> list[str]:
    return [i for i in S.cards_in_play(state) if S.ctype(state, i) == "ship" and S.commander(state, i) == seat]


def _my_personnel(state: dict, seat: int) -> list[str]:
    return [i for i in S.personnel_in_play(state, seat) if not state["cards"][i]["stopped"]]


def _meets(state: dict, team: list[str], m: str) -> bool:
    return bool(team) and ST.meets(state, team, ST.mission_requirements(state, m), check="mission") \
        and O.affiliation_matches(state, m, team)


def _attemptable(state: dict, seat: int) -> list[str]:
    """Missions of this seat's own row it has not completed and that have requirements."""
    return [m for m in state["seats"][seat]["missions"]
            if not state["cards"][m].get("completed") and S.card_def(state, m).get("requirements")]


def _home(state: dict, seat: int) -> str | None:
    """The headquarters: this seat's mission without requirements (where it plays personnel)."""
    return next((m for m in state["seats"][seat]["missions"] if not S.card_def(state, m).get("requirements")), None)


def _carrier(state: dict, seat: int) -> str | None:
    """The ship the crew travels in: the one with most aboard (crew beamed aboard staffs it)."""
    ships = _my_ships(state, seat)
    return max(ships, key=lambda s: (len(state["cards"][s]["aboard"]), s)) if ships else None


def _party(state: dict, seat: int, carrier: str) -> list[str]:
    """Who can fly together: aboard the carrier, plus those on the ground where it is."""
    here = S.mission_of(state, carrier)
    ground = [i for i in state["cards"][here]["pile"] if S.ctype(state, i) == "personnel"
              and S.commander(state, i) == seat and not state["cards"][i]["stopped"]]
    aboard = [i for i in state["cards"][carrier]["aboard"] if S.ctype(state, i) == "personnel"
              and not state["cards"][i]["stopped"]]
    return aboard + ground


def _target(state: dict, seat: int, party: list[str]) -> str | None:
    """The mission the party can meet: the type still missing for the win first, then the
    most points; ``None`` when it meets none yet (it waits at home for more crew)."""
    done = set(state["seats"][seat]["completed"])
    met = [m for m in _attemptable(state, seat) if _meets(state, party, m)]
    if not met:
        return None
    return max(met, key=lambda m: (S.mission_type(state, m) not in done, ST.value(state, m, "points"), m))


def _orders(state: dict, seat: int, actions: list[dict], rnd: random.Random) -> dict:
    by_type: dict[str, list[dict]] = {}
    for a in actions:
        by_type.setdefault(a["type"], []).append(a)
    carrier = _carrier(state, seat)
    step = _plan(state, seat, carrier, by_type) if carrier else None
    if step is not None:
        return step
    ends = by_type.get("end_orders")
    return ends[0] if ends else rnd.choice(actions)


def _plan(state: dict, seat: int, carrier: str, by_type: dict) -> dict | None:
    """The next order of the plan: gather at home, fly to a mission the party meets with a
    margin, beam down for a planet, attempt; back home when the party falls short."""
    home, here = _home(state, seat), S.mission_of(state, carrier)
    party = _party(state, seat, carrier)
    if here in _attemptable(state, seat) and _meets(state, party, here):
        planet = S.mission_type(state, here) == "planet"
        aboard = [i for i in state["cards"][carrier]["aboard"] if not state["cards"][i]["stopped"]]
        if planet and aboard:
            return _beam(by_type, aboard, here)
        for a in by_type.get("attempt", []):
            if a["mission"] == here and a.get("ship") == (None if planet else carrier):
                return a
        return None
    if here != home:
        ground = [i for i in state["cards"][here]["pile"] if S.ctype(state, i) == "personnel"
                  and S.commander(state, i) == seat]
        if ground:  # pick up whoever is left on the planet
            return _beam(by_type, ground, carrier)
        return _move(by_type, carrier, home)
    ground = [i for i in party if state["cards"][i]["zone"] == "pile"]
    if ground:
        return _beam(by_type, ground, carrier)
    target = _target(state, seat, party)
    crew = len(_my_personnel(state, seat))
    if target is not None and len(party) >= min(crew, MIN_TEAM):
        return _move(by_type, carrier, target)
    return None


def _beam(by_type: dict, cards: list[str], to: str) -> dict | None:
    """Beam one of ``cards`` to ``to``: the destination answer, or the order naming the card."""
    for a in by_type.get("beam", []):
        if a.get("to") == to and a["card"] in cards:
            return a
    for a in by_type.get("beam", []):
        if "to" not in a and a["card"] in cards:
            return a
    return None


def _move(by_type: dict, ship: str, to: str | None) -> dict | None:
    return next((a for a in by_type.get("move", []) if a["ship"] == ship and a["to"] == to), None)


# -- dilemmas -------------------------------------------------------------------------------
def _dilemma(state: dict, actions: list[dict]) -> dict:
    """The costliest dilemma first (it is the strongest the budget allows); stop when none."""
    cards = [a for a in actions if a.get("card") is not None]
    if not cards:
        return actions[-1]
    return max(cards, key=lambda a: (ST.value(state, a["card"], "cost"), a["card"]))
