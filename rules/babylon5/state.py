"""The Babylon 5 game state: zones, card facts, filters and the log — the bottom layer.

Everything here reads or writes the plain state and the printed facts only; the numbers the
rules derive from them (current abilities, influence, power) are one layer up, in
``values.py``, so this module imports nothing of the game. The state is plain JSON: ``cards`` (instances), ``defs`` (the facts of every card used, so a
log re-folds without the card pool), ``seats`` (zone lists), the status tracker, the turn,
the conflicts, temporary modifiers (``mods``), the pending decision and the RNG.
"""
from __future__ import annotations


ABILITIES = ("diplomacy", "intrigue", "leadership", "psi")
TIE_BREAK = ("diplomacy", "intrigue", "psi", "leadership")  # Determine Initiative
CONFLICT_STAT = {"diplomatic": "diplomacy", "intrigue": "intrigue", "military": "military", "psi": "psi"}
ZONES = ("deck", "hand", "play", "discard")
TRACKS = ("b5", "shadow", "vorlon")
START_RATING = 4
MIN_RATING = 3
BUILD_LIMIT = 9
BUY_COST = 3
WAR = 5
# Starting tensions (rulebook 1.3b): Narn–Centauri 4, Human–Centauri 1, Human–Minbari 3, others 2.
START_TENSION = {("centauri", "narn"): 4, ("centauri", "human"): 1, ("human", "minbari"): 3}


def pair(a: str, b: str) -> str:
    return "/".join(sorted((a, b)))


def d(state: dict, iid: str) -> dict:
    """The card facts of an instance."""
    return state["defs"][state["cards"][iid]["def"]]


def mech(state: dict, iid: str, kind: str | None = None) -> list[dict]:
    m = state["defs"][state["cards"][iid]["def"]].get("mechanics")
    if not m:
        return []
    return m if kind is None else [a for a in m if a.get("kind") == kind]


def title(state: dict, iid: str) -> str:
    return d(state, iid)["title"]


def label(state: dict, iid: str) -> str:
    return f"{title(state, iid)} ({iid})"


def ctype(state: dict, iid: str) -> str:
    return d(state, iid)["type"]


def move(state: dict, iid: str, zone: str, seat: int | None = None, top: bool = False) -> None:
    """Move a card between zone lists (``seat`` defaults to the card's owner)."""
    c = state["cards"][iid]
    state["seats"][c["seat"]][c["zone"]].remove(iid)
    seat = c["owner"] if seat is None else seat
    lst = state["seats"][seat][zone]
    if top:
        lst.insert(0, iid)
    else:
        lst.append(iid)
    c["zone"], c["seat"] = zone, seat
    if zone != "play":
        for k in ("rotated", "neutralized", "face_down", "sustained"):
            c[k] = False
        c.update(damage=0, severe=0, level=None, on=None, on_faction=None, leads=None, aide_bonus=None,
                 bids={})


def controller(state: dict, iid: str) -> int:
    return state["cards"][iid]["seat"]


def in_play(state: dict, iid: str) -> bool:
    return state["cards"][iid]["zone"] == "play"


def alive(state: dict) -> list[int]:
    return [s for s, seat in enumerate(state["seats"]) if not seat["lost"]]


def order(state: dict) -> list[int]:
    """Initiative order of the turn (lowest first), players still in the game."""
    return [s for s in state["turn"]["order"] if not state["seats"][s]["lost"]]


def play_cards(state: dict, seat: int | None = None) -> list[str]:
    seats = [seat] if seat is not None else range(len(state["seats"]))
    return [i for s in seats for i in state["seats"][s]["play"]]


def is_active_card(state: dict, iid: str) -> bool:
    """A face-up card in play whose text works (not a conflict, not face down, not neutralized)."""
    c = state["cards"][iid]
    return c["zone"] == "play" and not c["face_down"] and not c["neutralized"] and not c.get("conflict")


def race_of_seat(state: dict, seat: int) -> str:
    return state["seats"][seat]["race"]


def card_race(state: dict, iid: str) -> str:
    return d(state, iid).get("race") or "neutral"


def inner_circle(state: dict, seat: int) -> list[str]:
    return [i for i in state["seats"][seat]["play"] if state["cards"][i]["level"] == "inner"]


def can_act(state: dict, iid: str) -> bool:
    """Ready and not neutralized (a neutralized card is ready only for healing)."""
    c = state["cards"][iid]
    return c["zone"] == "play" and not c["rotated"] and not c["neutralized"] and not c["face_down"]


# ---------------------------------------------------------------- facts of a card in play

def aide_of(state: dict, iid: str) -> str | None:
    dd = d(state, iid)
    if dd.get("aide_of"):
        return dd["aide_of"]
    for ab in mech(state, iid, "aide"):
        return ab["ambassador"]
    return None


def enh_target_kind(state: dict, iid: str) -> str | None:
    for ab in mech(state, iid, "enhancement"):
        t = ab.get("target")
        if isinstance(t, str):
            return t
        if isinstance(t, dict):
            return t.get("type")
    return d(state, iid).get("attaches_to") or "character"


# ---------------------------------------------------------------- restrictions

def restricted_ok(state: dict, seat: int, iid: str) -> bool:
    """Race-restricted cards (a race in the card type) only for that race's player."""
    t = ctype(state, iid)
    race = card_race(state, iid)
    if t == "character" or race == "neutral":
        return True
    return race == race_of_seat(state, seat)


# ---------------------------------------------------------------- filters

def matches(state: dict, iid: str, f: dict, you: int | None, role_in: dict | None = None) -> bool:
    """Does the card match a filter (EFFECTS.md section 3)?"""
    dd, c = d(state, iid), state["cards"][iid]
    for k, v in (f or {}).items():
        if k == "type":
            if dd["type"] not in (v if isinstance(v, list) else [v]):
                return False
        elif k == "subtype":
            if dd.get("subtype") not in (v if isinstance(v, list) else [v]):
                return False
        elif k == "race":
            if card_race(state, iid) not in (v if isinstance(v, list) else [v]):
                return False
        elif k == "controller":
            if v == "you" and c["seat"] != you or v == "opponent" and c["seat"] == you:
                return False
            if v == "initiator" and (role_in is None or c["seat"] != role_in.get("initiator")):
                return False
        elif k == "level":
            if c["level"] != v:
                return False
        elif k == "title":
            if dd["title"] != v:
                return False
        elif k == "trait":
            if v not in (dd.get("traits") or []):
                return False
        elif k == "ambassador":
            if (state["seats"][c["seat"]]["ambassador"] == iid) != v:
                return False
        elif k == "rotated":
            if c["rotated"] != v:
                return False
        elif k == "neutralized":
            if c["neutralized"] != v:
                return False
        elif k == "role":
            if role_in is None:
                return False
            roles = role_in.get("roles", {}).get(iid, [])
            if not roles or (v != "any" and v not in roles):
                return False
    return True


def log(state: dict, event: str, seat: int | None = None, private: bool = False, **kw) -> None:
    entry = {"event": event, "seat": seat, **kw}
    if private:
        entry["private"] = True
    state["log"].append(entry)
    if len(state["log"]) > 200:
        del state["log"][:-200]
