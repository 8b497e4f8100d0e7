"""Effect verbs on a player's hand and glyphs: drawing, discarding (chosen, random, by the
other player), moving a glyph, a glyph to the mission pile, a mission placed as a glyph.

Moved out of ``interpreter`` (which dispatches to them) to keep each module to one job.
"""
from __future__ import annotations

from ... import rng
from .. import state as S
from . import filters as F
from .frames import _player, _remember, _targets, ctx_of, set_pending


# --------------------------------------------------------------- player verbs
def draw(state: dict, seat: int) -> bool:
    """Draw one card; drawing from an empty deck does nothing (the game does not end)."""
    deck = state["seats"][seat]["deck"]
    if not deck:
        return False
    S.move(state, deck[0], "hand")
    return True


def _discard(state: dict, frame: dict, ctx: dict, arg: dict) -> bool:
    seat = _player(ctx, state, arg.get("who"))
    hand = state["seats"][seat]["hand"]
    flt = arg.get("filter")
    pool = [i for i in hand if not flt or F.matches(state, i, flt, ctx)]
    count = arg.get("count", 1)
    # "any number": until the player stops or the hand is empty (not the hand size, which
    # shrinks as he discards)
    n = (len(pool) if arg.get("random") else 99) if count == "any" else max(0, F.amount(state, count, ctx))
    if arg.get("random"):
        for _ in range(min(n, len(pool))):
            pick = rng.choice(state["rng"], pool)
            pool.remove(pick)
            S.move(state, pick, "discard")
            S.log(state, "discarded", seat=seat, card=pick)
        return True
    chosen = frame.setdefault("chosen", [])
    if "answer" in frame:
        ans = frame.pop("answer")
        if ans is None:
            return True
        S.move(state, ans, "discard")
        S.log(state, "discarded", seat=seat, card=ans)
        chosen.append(ans)
        _remember(state, ctx, frame.get("remember_as"), list(chosen))
    pool = [i for i in state["seats"][seat]["hand"] if not flt or F.matches(state, i, flt, ctx)]
    if len(chosen) >= n or not pool:
        return True
    opts = [{"type": "choose", "card": i} for i in pool]
    if count == "any" or arg.get("up_to"):
        opts.append({"type": "choose", "card": None})
    # ``chooser``: the other player looks at the hand and picks (Ribbon Device Torture)
    picker = _player(ctx, state, arg["chooser"]) if "chooser" in arg else seat
    set_pending(state, picker, "choose_card", "Choose a card to discard", opts)
    if picker != seat:
        state["pending"]["reveal"] = list(state["seats"][seat]["hand"])
    return False


def _move_glyph(state: dict, frame: dict, ctx: dict, arg: dict) -> bool:
    """Move a glyph from one character to another (the second does not *earn* it): the
    most recently placed glyph of the first character moves."""
    if "from_cards" not in frame:
        cards = _targets(state, frame, ctx, arg.get("from", {}))
        if cards is None:
            return False
        frame["from_cards"] = cards
        frame.pop("chosen", None)
        frame["ctx"].setdefault("builtin", {})["from"] = cards
        ctx = ctx_of(state, frame)
    src = [i for i in frame["from_cards"] if state["cards"][i]["glyphs"]]
    if not src:
        frame.pop("from_cards")
        _remember(state, ctx, frame.get("remember_as"), [])
        return True
    to = _targets(state, frame, ctx, arg.get("to", {}))
    if to is None:
        return False
    frame.pop("from_cards")
    moved = []
    if to:
        g = state["cards"][src[0]]["glyphs"][-1]
        S.move(state, g, "glyph", under=to[0])
        S.log(state, "glyph_moved", glyph=g, to=to[0])
        moved = [src[0], to[0]]
    # ``remember`` names both characters ("stop both of those characters", Kor Mak Joining)
    _remember(state, ctx, frame.get("remember_as"), moved)
    return True


def _glyph_to_mission_pile(state: dict, frame: dict, ctx: dict, arg: dict) -> bool:
    """Put a glyph from beneath a character on the bottom (or top) of its owner's mission
    pile. ``same_experience`` (Moloc): also every other glyph of that character worth the
    same experience, which the owner then orders one at a time ("in any order")."""
    glyphs = _targets(state, frame, ctx, arg.get("glyph", {}))
    if glyphs is None:
        return False
    moved = []
    for g in glyphs:
        c = state["cards"][g]
        if c["zone"] != "glyph":
            continue
        group = [g]
        if arg.get("same_experience"):
            xp = S.card_def(state, g).get("experience")
            group += [o for o in state["cards"][c["under"]]["glyphs"]
                      if o != g and S.card_def(state, o).get("experience") == xp]
        for o in group:
            S.move(state, o, "mission_pile", top=arg.get("position", "bottom") == "top")
            S.log(state, "glyph_to_mission_pile", card=o)
        if len(group) > 1 and arg.get("position", "bottom") == "bottom":
            state.setdefault("glyph_orders", []).append({"seat": c["owner"], "cards": group})
        moved += group
    _remember(state, ctx, frame.get("remember_as"), moved)
    return True


def _place_glyph(state: dict, frame: dict, ctx: dict, arg: dict) -> bool:
    """Place a mission card as a glyph beneath a character ("places the top card of their
    mission pile as a glyph beneath …"): it is not *earned* (no "each time he earns" text)."""
    hosts = _targets(state, frame, ctx, arg.get("host", {}))
    if hosts is None:
        return False
    hosts = [h for h in hosts if state["cards"][h]["zone"] in ("play", "mission") and S.is_character(state, h)]
    cards = [i for i in (F.resolve_target(state, arg.get("card", {}), ctx) or [])
             if S.ctype(state, i) == "mission" and state["cards"][i]["zone"] == "mission_pile"]
    if hosts and cards:
        S.move(state, cards[0], "glyph", under=hosts[0])
        S.log(state, "glyph_placed", glyph=cards[0], card=hosts[0])
        state["progress_turn"] = state["turn"]["number"]
    return True
