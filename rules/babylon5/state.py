"""The Babylon 5 game state: zones, card facts and the numbers the rules compute.

Why one module: every round reads the same few derived numbers (current abilities,
influence rating, available influence, power, initiative) and they must agree everywhere.
The state is plain JSON: ``cards`` (instances), ``defs`` (the facts of every card used, so a
log re-folds without the card pool), ``seats`` (zone lists), the status tracker, the turn,
the conflicts, temporary modifiers (``mods``), the pending decision and the RNG.
"""
from __future__ import annotations

from typing import Any

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


# ---------------------------------------------------------------- continuous modifiers

def _who_matches(state: dict, who: Any, source: str, target: str) -> bool:
    if who in (None, "self"):
        return target == source
    if who == "you":
        return controller(state, target) == controller(state, source)
    return matches(state, target, who, controller(state, source))


def _static_sources(state: dict):
    """(source card, ability, attached-to card or None, attached faction or None) of every
    continuous modifier in play."""
    for s, seat in enumerate(state["seats"]):
        if seat["lost"]:
            continue
        for iid in seat["play"]:
            c = state["cards"][iid]
            if c["face_down"] or c["neutralized"] or c.get("conflict"):
                continue
            m = state["defs"][c["def"]].get("mechanics")
            if not m:
                continue
            for ab in m:
                k = ab.get("kind")
                if k == "static":
                    w = ab.get("while")
                    if w == "rotated" and not c["rotated"] or w == "ready" and c["rotated"]:
                        continue
                    yield iid, ab, None, None
                elif k in ("enhancement", "aftermath") and ab.get("modify"):
                    yield iid, ab, c["on"], c["on_faction"]
                elif k == "agenda" and ab.get("modify"):
                    yield iid, ab, None, None


def card_mod(state: dict, iid: str, stat: str) -> int:
    total = 0
    for src, ab, on, _fac in _static_sources(state):
        v = ab["modify"].get(stat)
        if not v:
            continue
        k = ab["kind"]
        if k in ("enhancement", "aftermath"):
            tgt = enh_target_kind(state, src) if k == "enhancement" else None
            if tgt == "global":
                if matches(state, iid, ab.get("who") or {}, controller(state, src)):
                    total += v
            elif on == iid:
                total += v
        elif k == "agenda":
            if ab.get("who") and _who_matches(state, ab["who"], src, iid):
                total += v
        elif _who_matches(state, ab.get("who"), src, iid):
            total += v
    for m in state["mods"]:
        if m["card"] == iid and m["stat"] == stat:
            total += m["delta"]
    c = state["cards"][iid]
    if stat == "military" and ctype(state, iid) == "fleet":
        for lid in play_cards(state, controller(state, iid)):
            lc = state["cards"][lid]
            if lc["leads"] == iid and lc["rotated"] and not lc["neutralized"]:
                total += ability(state, lid, "leadership")
    if stat in ("diplomacy", "intrigue", "leadership") and c["zone"] == "play":
        for aid in play_cards(state):
            ac = state["cards"][aid]
            if ac["aide_bonus"] == stat and ac["rotated"] and not ac["neutralized"] and aide_of(state, aid) == c["def"]:
                total += 1
    return total


def faction_mod(state: dict, seat: int, stat: str) -> int:
    total = 0
    for src, ab, on, on_faction in _static_sources(state):
        v = ab["modify"].get(stat)
        if not v:
            continue
        k = ab["kind"]
        if k == "enhancement":
            tgt = enh_target_kind(state, src)
            if tgt == "global" or (tgt == "faction" and on_faction == seat):
                total += v
        elif k == "aftermath":
            if on_faction == seat or (on is not None and controller(state, on) == seat):
                total += v
        elif controller(state, src) == seat and ab.get("who") in (None, "you", "self"):
            total += v
    for m in state["mods"]:
        if m["seat"] == seat and m["stat"] == stat:
            total += m["delta"]
    return total


def printed(state: dict, iid: str, stat: str) -> int:
    dd = d(state, iid)
    if stat == "military":
        return dd.get("military") or 0
    return (dd.get("abilities") or {}).get(stat) or 0


def base_stats(state: dict, iid: str) -> tuple[str, ...]:
    t = ctype(state, iid)
    if t == "character":
        return ABILITIES
    if t in ("fleet", "location"):
        return ("military",)
    return ()


def ability(state: dict, iid: str, stat: str) -> int:
    """Current ability: printed + every modifier − damage (never below 0)."""
    c = state["cards"][iid]
    v = printed(state, iid, stat) + card_mod(state, iid, stat) - c["damage"] - c["severe"]
    return max(0, v)


def highest(state: dict, iid: str) -> int:
    """The highest ability (before damage): damage reaching it neutralizes the card."""
    vals = [printed(state, iid, s) + card_mod(state, iid, s) for s in base_stats(state, iid)]
    return max([1] + vals)


def aide_of(state: dict, iid: str) -> str | None:
    dd = d(state, iid)
    if dd.get("aide_of"):
        return dd["aide_of"]
    for ab in mech(state, iid, "aide"):
        return ab["ambassador"]
    return None


def enh_target_kind(state: dict, iid: str) -> str:
    for ab in mech(state, iid, "enhancement"):
        t = ab.get("target")
        if isinstance(t, str):
            return t
        if isinstance(t, dict):
            return t.get("type")
    return d(state, iid).get("attaches_to") or "character"


# ---------------------------------------------------------------- faction numbers

def rating(state: dict, seat: int) -> int:
    """Influence rating: the base rating, card bonuses and modifiers; never below 3."""
    bonus = sum((d(state, i).get("influence_bonus") or 0) for i in state["seats"][seat]["play"]
                if is_active_card(state, i))
    return max(MIN_RATING, state["seats"][seat]["rating"] + bonus + faction_mod(state, seat, "influence"))


def available(state: dict, seat: int) -> int:
    sd = state["seats"][seat]
    return max(0, rating(state, seat) + sd.get("bonus_influence", 0) - sd["spent"])


def power(state: dict, seat: int) -> int:
    """Power = influence rating + card power bonuses (+ power counters and modifiers)."""
    bonus = sum((d(state, i).get("power_bonus") or 0) for i in state["seats"][seat]["play"]
                if is_active_card(state, i))
    return rating(state, seat) + bonus + state["seats"][seat]["power"] + faction_mod(state, seat, "power")


def sponsor_discount(state: dict, seat: int, card: str | None = None, stat: str = "sponsor_discount") -> int:
    """Discounts of the faction; a ``static`` discount with a ``who`` filter applies only to
    sponsoring (or promoting) cards that match it."""
    total = faction_mod(state, seat, stat)
    if card is not None:
        for src, ab, _on, _fac in _static_sources(state):
            v = ab["modify"].get(stat)
            if v and ab["kind"] == "static" and controller(state, src) == seat \
                    and isinstance(ab.get("who"), dict) and matches(state, card, ab["who"], seat):
                total += v
    return total


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
