"""The FILTER keys about ships and where cards are (EFFECTS.md §3): ``on_event``, ``host``,
``at_trigger_from``, ``ship_commander``, ``with_attached``, ``aboard_ref``, ``commander_aboard``.

Why apart from ``ships.py`` (the verbs that move ships and place cards): the filters read
them, and the filters are a layer below every verb (the package docstring lists the layers).
"""
from __future__ import annotations

from .. import state as S


FILTER_KEYS = {"on_event", "host", "at_trigger_from", "ship_commander", "with_attached", "aboard_ref",
               "commander_aboard", "damaging"}


def this_ship(state: dict, src: str):
    """"This ship" for a card's text: the card itself (a ship), the ship it is aboard, or the
    ship it is played or placed on (an event on a ship, a damage card)."""
    c = state["cards"][src]
    if c["zone"] == "ships":
        return src
    if c["zone"] in ("aboard", "attached", "damage"):
        host = c["in"]
        return host if S.ctype(state, host) == "ship" else None
    return None


def commander_keywords(state: dict, iid: str) -> list:
    """The ship titles a personnel's "Commander: <ship>" keywords name (Glossary "Commander")."""
    return [k.split(":", 1)[1].strip() for k in S.card_def(state, iid).get("keywords") or []
            if k.lower().startswith("commander:")]


def match_key(state: dict, iid: str, k: str, v, ctx: dict) -> bool:
    """One filter key of :data:`FILTER_KEYS` for card ``iid``."""
    from . import filters as F
    c = state["cards"][iid]
    src = ctx.get("source")
    if k == "on_event":  # a ship (or a personnel: Anything or Anyone) placed on an event (matching FILTER v)
        host = c["in"] if c["zone"] == "ships" or (c["zone"] == "aboard" and S.ctype(state, c["in"]) == "event") \
            else None
        ok = host is not None and state["cards"][host]["zone"] != "missions" and (
            v is True or (isinstance(v, dict) and F.matches(state, host, v, ctx)))
        return ok == bool(v)
    if k == "host":  # the card this card is played or placed on ("this ship" of an event on a ship)
        sc = state["cards"].get(src) if src else None
        return (sc is not None and sc["zone"] in ("attached", "damage") and sc["in"] == iid) == bool(v)
    if k == "at_trigger_from":  # at the mission the ship of a "moves" event moved away from
        frm = (ctx.get("event") or {}).get("from")
        here = iid if S.ctype(state, iid) == "mission" else S.mission_of(state, iid)
        return (frm is not None and here == frm) == bool(v)
    if k == "ship_commander":  # "this ship's Commander": Commander: <this ship's title>
        ship = this_ship(state, src) if src else None
        ok = ship is not None and S.title(state, ship) in commander_keywords(state, iid)
        return ok == bool(v)
    if k == "damaging":  # a Damage card on a matching ship ("your Damage cards on an opponent's ship": No Escape)
        host = c["in"] if c["zone"] == "damage" else None
        return host is not None and F.matches(state, host, v, ctx)
    if k == "commander_aboard":  # "a ship with its Commander aboard": a personnel aboard whose
        # "Commander: <ship>" keyword names this ship's title (Deploy the Fleet, Running a Tight Ship)
        title = S.title(state, iid) if S.ctype(state, iid) == "ship" else None
        # an unstopped one the ship's commander commands, as for Inspiring Leader (RULES.md "A ship's Commander")
        ok = title is not None and any(
            S.ctype(state, p) == "personnel" and not state["cards"][p].get("stopped")
            and S.commander(state, p) == S.commander(state, iid) and title in commander_keywords(state, p)
            for p in c.get("aboard") or ())
        return ok == bool(v)
    if k == "with_attached":  # a card with a matching event played on it ("limit one per ship")
        return any(F.matches(state, a, v, ctx) for a in c.get("attached", ()))
    if k == "aboard_ref":  # aboard one of the remembered ships
        return c["zone"] == "aboard" and c["in"] in (ctx.get("refs") or {}).get(v, [])
    return True


# -- placing (not moving) ------------------------------------------------------------
