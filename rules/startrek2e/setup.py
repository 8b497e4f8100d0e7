"""Rulebook "Setting Up the Game".

Each player lays his five missions in a row in the order he chooses (a pending decision:
the next mission to the right, one at a time); dilemma piles and draw decks are shuffled
from the seed; the first player is chosen at random from the seed; everyone draws seven.
Instance ids are dealt in a shuffled order so an id reveals nothing about its card.
"""
from __future__ import annotations

from .. import rng as R
from . import glossary as G
from . import state as S

HOSTS = {"mission": ("pile", "ships", "under", "on", "attached"), "ship": ("aboard", "damage", "attached"),
         "personnel": ("attached",), "equipment": ("attached",)}


def setting_up(config: dict, seed: str) -> dict:
    extra = config.get("extra_cards") or {}
    state = {"game": "startrek2e", "ruleset": config.get("ruleset", "standard"), "rng": R.new_rng(seed, "startrek2e"),
             "extra_cards": extra, "cards": {}, "seats": [], "mods": [], "stack": [], "windows": [],
             "attempt": None, "combat": None, "engagement": None, "pending": None, "outcome": None, "log": [], "step": "arrange",
             "turn": {"number": 0, "player": 0, "first": None, "orders": 0, "used": [], "repairs": []}}
    entries = []
    for s, seat in enumerate(config["seats"]):
        state["seats"].append({"name": seat.get("name", f"seat {s}"), "score": 0, "completed": [], "counters": 0,
                               "when_events": [],
                               **{z: [] for z in S.SEAT_ZONES}})
        for zone, key in (("unplaced", "missions"), ("dilemmas", "dilemmas"), ("deck", "deck")):
            for guid in seat[key]:
                entries.append((s, zone, guid))
    ids = [f"c{n + 1}" for n in range(len(entries))]
    R.shuffle(state["rng"], ids)
    for iid, (s, zone, guid) in zip(ids, entries):
        d = S.guid_def(state, guid)
        c = {"guid": guid, "owner": s, "zone": zone, "in": s, "stopped": False, "commander": None}
        for z in HOSTS.get(d["type"], ()):
            c[z] = []
        state["cards"][iid] = c
        state["seats"][s][zone].append(iid)
    for iid, c in state["cards"].items():
        for ab in S.abilities(state, iid, "interrupt"):
            if ab.get("when"):
                events = state["seats"][c["owner"]]["when_events"]
                if ab["when"] not in events:
                    events.append(ab["when"])
    for s, seat in enumerate(state["seats"]):
        seat["when_events"].sort()
        seat["unplaced"].sort(key=lambda i: config["seats"][s]["missions"].index(state["cards"][i]["guid"]))
        R.shuffle(state["rng"], seat["dilemmas"])
        R.shuffle(state["rng"], seat["deck"])
    return state


def arrange_step(state: dict) -> None:
    for s, seat in enumerate(state["seats"]):
        if len(seat["unplaced"]) == 1:
            place(state, s, seat["unplaced"][0])
        if seat["unplaced"]:
            S.set_pending(state, s, "place_mission", "Choose the next mission to lay out, left to right",
                          [{"type": "place_mission", "card": i} for i in seat["unplaced"]])
            return
    first = R.randbelow(state["rng"], len(state["seats"]))
    state["turn"]["first"] = first
    state["turn"]["player"] = first
    S.log(state, "first_player", seat=first)
    for s in range(len(state["seats"])):
        G.draw(state, s, 7, opening=True)
    state["step"] = "turn_start"


def place(state: dict, seat: int, iid: str) -> None:
    S.move(state, iid, "missions", seat)
    state["cards"][iid]["commander"] = seat
    S.log(state, "mission_placed", seat=seat, card=iid, title=S.name(state, iid))
