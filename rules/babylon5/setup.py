"""Starting a game (rulebook 1.3b facts; the chapters leave setup out — Gap 3).

Each faction starts with its starting ambassador in play (Inner Circle), influence rating 4,
and an opening hand of three cards of different types that the player chooses from the
deck, then shuffles. B5, Shadow and Vorlon influence start at 4; tensions at their 1.3b
values; unrest at 1.
"""
from __future__ import annotations

from .. import rng as R
from . import state as S


def all_defs(extra) -> dict:
    try:
        from .cards import card_db
        pool = dict(card_db())
    except Exception:  # the card pool is optional for fixture-card games
        pool = {}
    if isinstance(extra, dict):
        pool.update(extra)
    elif isinstance(extra, list):
        pool.update({c["id"]: c for c in extra})
    return pool


def new_card(def_id: str, owner: int, zone: str) -> dict:
    return {"def": def_id, "owner": owner, "seat": owner, "zone": zone, "rotated": False, "neutralized": False,
            "face_down": False, "sustained": False, "damage": 0, "severe": 0, "level": None, "on": None,
            "on_faction": None, "leads": None, "aide_bonus": None, "bids": {}}


def starting_a_game(config: dict, seed: str) -> dict:
    pool = all_defs(config.get("extra_cards"))
    rng = R.new_rng(seed, "babylon5")
    seats_cfg = config["seats"]
    entries = []
    defs: dict = {}
    for s, sc in enumerate(seats_cfg):
        amb = sc["ambassador"]
        deck = list(sc["deck"])
        if amb in deck:
            deck.remove(amb)
        for did in [amb] + deck:
            if did not in pool:
                raise KeyError(f"unknown card id {did!r} in seat {s}'s deck")
            defs[did] = pool[did]
        entries.append((s, amb, "play"))
        entries += [(s, did, "deck") for did in deck]
    R.shuffle(rng, entries)  # instance ids carry no information
    cards = {f"c{n + 1}": new_card(did, s, zone) for n, (s, did, zone) in enumerate(entries)}
    races = [pool[sc["ambassador"]]["race"] for sc in seats_cfg]
    state = {
        "game": "babylon5", "ruleset": config.get("ruleset", "1.3b"), "defs": defs, "cards": cards,
        "seats": [], "tracker": {t: 4 for t in S.TRACKS}, "tension": {}, "unrest": {},
        "turn": {"number": 0, "round": "setup", "order": list(range(len(seats_cfg))), "passes": 0, "to_act": 0,
                 "index": 0},
        "conflicts": [], "mods": [], "forced": [], "triggers": [], "pending": None, "outcome": None,
        "step": "opening_hand", "rng": rng, "log": [], "turn_limit": config.get("turn_limit", 60),
        "next_conflict": 1,
    }
    for s, sc in enumerate(seats_cfg):
        state["seats"].append({"name": sc.get("name", f"seat {s}"), "race": races[s], "ambassador": None,
                               "deck": [], "hand": [], "play": [], "discard": [], "rating": S.START_RATING,
                               "spent": 0, "power": 0, "agenda": None, "lost": False, "aide_discount": 0,
                               "opening": []})
    for iid, c in cards.items():
        state["seats"][c["owner"]][c["zone"]].append(iid)
        if c["zone"] == "play":
            c["level"] = "inner"
            state["seats"][c["owner"]]["ambassador"] = iid
    for seat in state["seats"]:
        seat["deck"].sort(key=lambda i: int(i[1:]))
    all_races = sorted(set(races) | {"human", "minbari", "centauri", "narn"})
    for i, a in enumerate(all_races):
        state["unrest"][a] = 1
        for b in all_races[i + 1:]:
            lo, hi = sorted((a, b))
            state["tension"][S.pair(a, b)] = S.START_TENSION.get((lo, hi), 2)
    return state


def opening_options(state: dict, seat: int) -> list[str]:
    """Card ids (by kind) still choosable: a type not chosen yet."""
    sd = state["seats"][seat]
    taken = {S.ctype(state, i) for i in sd["hand"]}
    return sorted({state["cards"][i]["def"] for i in sd["deck"] if S.ctype(state, i) not in taken})


def opening_step(state: dict) -> None:
    for s, sd in enumerate(state["seats"]):
        if len(sd["hand"]) < 3 and opening_options(state, s) and not sd.get("opening_done"):
            state["pending"] = {"seat": s, "kind": "opening_hand",
                                "prompt": "Opening hand: choose a card of a type not yet in your hand "
                                          f"({len(sd['hand'])}/3 chosen)"}
            return
    for sd in state["seats"]:
        R.shuffle(state["rng"], sd["deck"])
        sd.pop("opening", None)
        sd.pop("opening_done", None)
    state["step"] = "turn_start"


def choose_opening(state: dict, seat: int, def_id: str) -> None:
    sd = state["seats"][seat]
    iid = next(i for i in sd["deck"] if state["cards"][i]["def"] == def_id)
    S.move(state, iid, "hand", seat)
    S.log(state, "opening_card", seat, private=True, card=iid, title=S.title(state, iid))
