"""Starting a Game.

Each player puts his four team characters in play, shuffles his 12 missions into his
mission pile and the rest into his deck. His team's point values are the victory total of
the player whose total comes from him (two players: the opponent; three or more: the
player on his right, i.e. each player's total comes from the player on his left). The
higher victory total goes first (random among ties); the player on the first player's left
stops one of the first player's team characters (with three or more players the second
player also stops one of his own). Everyone draws eight, then decides on one optional
mulligan, the first player first.
"""
from __future__ import annotations

from .. import rng
from . import state as S
from .effects import interpreter as I
from .replacements import stop
from .rulesets import RULESETS


def _new_card(guid: str, owner: int, zone: str) -> dict:
    return {"guid": guid, "owner": owner, "zone": zone, "state": None, "glyphs": [], "mods": [],
            "blocked": False, "face_down": False, "tokens": 0}


def starting_a_game(config: dict, seed: str, extra_cards: dict | None = None) -> dict:
    ruleset = config.get("ruleset", "current")
    if ruleset not in RULESETS:
        from ..errors import InvalidRequest
        raise InvalidRequest(f"unknown Stargate ruleset {ruleset!r}")
    r = rng.new_rng(seed, "stargate")
    seats_cfg = config["seats"]
    n = len(seats_cfg)
    # Instance ids are dealt from a shuffled list so an id never reveals which card it is
    # (a player who sees "c17" in his hand learns nothing about "c18").
    entries = [(s, part, guid) for s, seat in enumerate(seats_cfg)
               for part in ("team", "missions", "deck") for guid in seat[part]]
    ids = [f"c{k + 1}" for k in range(len(entries))]
    rng.shuffle(r, ids)
    state: dict = {
        "game": "stargate", "ruleset": ruleset, "rng": r, "cards": {}, "seats": [],
        "mission": {"current": [], "cards": [], "difficulty_mods": [], "result": None},
        "turn": {"hero": 0, "villain": 1 % n, "number": 0, "successes": 0, "missions_played": 0},
        "step": "setup_stop", "pending": None, "stack": [], "trigger_queue": [], "delayed": [],
        "queue": [], "outcome": None, "log": [], "progress_turn": 0,
    }
    if extra_cards:
        state["extra_cards"] = extra_cards
    for s, seat in enumerate(seats_cfg):
        state["seats"].append({"name": seat.get("name", f"seat {s}"), "team": [], "hand": [], "deck": [],
                               "discard": [], "mission_pile": [], "score_pile": [], "play": [],
                               "failed": [], "power": 0, "victory_from": (s + 1) % n})
    for (s, part, guid), iid in zip(entries, ids):
        zone = {"team": "play", "missions": "mission_pile", "deck": "deck"}[part]
        state["cards"][iid] = _new_card(guid, s, zone)
        state["seats"][s][zone].append(iid)
        if part == "team":
            state["seats"][s]["team"].append(iid)
            state["cards"][iid]["state"] = "ready"
    for seat in state["seats"]:
        rng.shuffle(r, seat["mission_pile"])
        rng.shuffle(r, seat["deck"])
    from .stats import victory_total
    totals = [victory_total(state, s) for s in range(n)]
    best = max(totals)
    tied = [s for s in range(n) if totals[s] == best]
    first = tied[0] if len(tied) == 1 else rng.choice(r, tied)
    state["first_player"] = first
    state["turn"].update({"hero": first, "villain": (first + 1) % n})
    S.log(state, "victory_totals", totals=totals, first_player=first)
    # who stops whose character: the player on the first player's left stops one of his;
    # with three or more players the second player stops one of his own.
    stops = [{"chooser": (first + 1) % n, "owner": first}]
    if n >= 3:
        second = (first + 1) % n
        stops.append({"chooser": second, "owner": second})
    state["setup_stops"] = stops
    state["mulligans"] = [(first + k) % n for k in range(n)]
    for s in range(n):
        for _ in range(S.HAND_SIZE):
            I.draw(state, s)
    return state


def setup_step(state: dict) -> None:
    """Pending decisions of Starting a Game, in order: stop a character, then mulligans."""
    if state["setup_stops"]:
        st = state["setup_stops"][0]
        opts = [{"type": "stop_character", "card": i} for i in state["seats"][st["owner"]]["team"]
                if state["cards"][i]["state"] == "ready"]
        I.set_pending(state, st["chooser"], "setup_stop", "Stop one of the first player's team characters"
                      if st["chooser"] != st["owner"] else "Stop one of your own team characters", opts)
        return
    if state["mulligans"]:
        s = state["mulligans"][0]
        I.set_pending(state, s, "mulligan", "Shuffle your opening hand back and draw a new one?",
                      [{"type": "mulligan", "yes": True}, {"type": "mulligan", "yes": False}])
        return
    state["step"] = "turn_start"


def answer(state: dict, action: dict) -> None:
    if action["type"] == "stop_character":
        state["setup_stops"].pop(0)
        stop(state, action["card"])
    elif action["type"] == "mulligan":
        s = state["mulligans"].pop(0)
        if action["yes"]:
            seat = state["seats"][s]
            n = len(seat["hand"])
            for iid in list(seat["hand"]):
                S.move(state, iid, "deck")
            rng.shuffle(state["rng"], seat["deck"])
            for _ in range(n):
                I.draw(state, s)
            S.log(state, "mulligan", seat=s)
