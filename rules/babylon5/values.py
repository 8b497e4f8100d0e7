"""The numbers the Babylon 5 rules derive from the state: current abilities, influence
rating, available influence, power and sponsoring discounts.

Why a module of their own (the layer above ``state``): every round reads the same few
derived numbers and they must agree everywhere; they depend on the cards in play and their
modifiers, never the other way round, so effects and phases import them and ``state`` (the
plain JSON and the printed facts) imports nothing.
"""
from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Any, Iterator

from rules.read_scope import read_only

from . import state as S


# ---------------------------------------------------------------- continuous modifiers

def _who_matches(state: dict, who: Any, source: str, target: str) -> bool:
    if who in (None, "self"):
        return target == source
    if who == "you":
        return S.controller(state, target) == S.controller(state, source)
    return S.matches(state, target, who, S.controller(state, source))


_READ = threading.local()


@contextmanager
def reading(state: dict) -> Iterator[None]:
    """Within this block ``state`` is only read (a view), so the continuous modifiers in play
    are listed once and reused: a view reads every ability of every card in play, the
    influence, power and discounts of every seat and the deciding seat's options, and each
    number walked every card in play of every seat. Per thread, because the service renders
    matches in several threads at once."""
    with read_only(_READ, state):
        yield


def _static_sources(state: dict):
    """(source card, ability, attached-to card or None, attached faction or None) of every
    continuous modifier in play (listed once inside :func:`reading`)."""
    scope = getattr(_READ, "scope", None)
    if scope is None or scope[0] is not state:
        return _walk_static_sources(state)
    listed = scope[1].get("sources")
    if listed is None:
        listed = scope[1]["sources"] = list(_walk_static_sources(state))
    return listed


def _walk_static_sources(state: dict):
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
            tgt = S.enh_target_kind(state, src) if k == "enhancement" else None
            if tgt == "global":
                if S.matches(state, iid, ab.get("who") or {}, S.controller(state, src)):
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
    if stat == "military" and S.ctype(state, iid) == "fleet":
        for lid in S.play_cards(state, S.controller(state, iid)):
            lc = state["cards"][lid]
            if lc["leads"] == iid and lc["rotated"] and not lc["neutralized"]:
                total += ability(state, lid, "leadership")
    if stat in ("diplomacy", "intrigue", "leadership") and c["zone"] == "play":
        for aid in S.play_cards(state):
            ac = state["cards"][aid]
            if ac["aide_bonus"] == stat and ac["rotated"] and not ac["neutralized"] and S.aide_of(state, aid) == c["def"]:
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
            tgt = S.enh_target_kind(state, src)
            if tgt == "global" or (tgt == "faction" and on_faction == seat):
                total += v
        elif k == "aftermath":
            if on_faction == seat or (on is not None and S.controller(state, on) == seat):
                total += v
        elif S.controller(state, src) == seat and ab.get("who") in (None, "you", "self"):
            total += v
    for m in state["mods"]:
        if m["seat"] == seat and m["stat"] == stat:
            total += m["delta"]
    return total


def printed(state: dict, iid: str, stat: str) -> int:
    dd = S.d(state, iid)
    if stat == "military":
        return dd.get("military") or 0
    return (dd.get("abilities") or {}).get(stat) or 0


def base_stats(state: dict, iid: str) -> tuple[str, ...]:
    t = S.ctype(state, iid)
    if t == "character":
        return S.ABILITIES
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


# ---------------------------------------------------------------- faction numbers

def rating(state: dict, seat: int) -> int:
    """Influence rating: the base rating, card bonuses and modifiers; never below 3."""
    bonus = sum((S.d(state, i).get("influence_bonus") or 0) for i in state["seats"][seat]["play"]
                if S.is_active_card(state, i))
    return max(S.MIN_RATING, state["seats"][seat]["rating"] + bonus + faction_mod(state, seat, "influence"))


def available(state: dict, seat: int) -> int:
    sd = state["seats"][seat]
    return max(0, rating(state, seat) + sd.get("bonus_influence", 0) - sd["spent"])


def power(state: dict, seat: int) -> int:
    """Power = influence rating + card power bonuses (+ power counters and modifiers)."""
    bonus = sum((S.d(state, i).get("power_bonus") or 0) for i in state["seats"][seat]["play"]
                if S.is_active_card(state, i))
    return rating(state, seat) + bonus + state["seats"][seat]["power"] + faction_mod(state, seat, "power")


def sponsor_discount(state: dict, seat: int, card: str | None = None, stat: str = "sponsor_discount") -> int:
    """Discounts of the faction; a ``static`` discount with a ``who`` filter applies only to
    sponsoring (or promoting) cards that match it."""
    total = faction_mod(state, seat, stat)
    if card is not None:
        for src, ab, _on, _fac in _static_sources(state):
            v = ab["modify"].get(stat)
            if v and ab["kind"] == "static" and S.controller(state, src) == seat \
                    and isinstance(ab.get("who"), dict) and S.matches(state, card, ab["who"], seat):
                total += v
    return total
