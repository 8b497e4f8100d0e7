"""Triggered effects ("when", "each time", "at"): collected, then ordered by the hero player.

Glossary "triggered effects": several effects triggered by the same thing resolve one at a
time in an order chosen by the hero player — a pending decision (choose the next one) only
when there is more than one.
"""
from __future__ import annotations

from . import state as S
from . import stats
from .effects import filters as F
from .effects import interpreter as I


ACTIVE_ONLY = {"stopped_self"}
# the events ``fire`` is called with somewhere in the engine (test_effect_coverage.py: a
# trigger on any other event would never fire)
EVENTS = {"assign_self", "card_discarded", "card_played", "character_assigned", "adversary_assigned",
          "debrief_start", "destroyed_self", "earn_different_glyph_self", "earn_glyph_self",
          "glyph_earned", "glyph_earned_from_self", "mission_played", "mission_succeeded",
          "mission_failed", "obstacle_played", "opponent_plays_complication", "play_self",
          "player_passes", "power_phase_end", "power_phase_start", "revive_self", "score_self",
          "stopped_self", "turn_end", "before_mission_played"}


def _matches_who(state: dict, ab: dict, src: str, info: dict) -> bool:
    who = ab.get("who")
    if who is None:
        return True
    ctx = stats.ctx_for(state, src)
    card = info.get("card")
    if who.get("side") and len(who) == 1 and info.get("seat") is not None and card is None:
        me = S.controller(state, src)
        return (info["seat"] == me) == (who["side"] == "you")
    if card is None:
        if info.get("seat") is not None and "side" in who:
            me = S.controller(state, src)
            return (info["seat"] == me) == (who["side"] == "you")
        return True
    return F.matches(state, card, who, ctx)


def fire(state: dict, event: str, *, card: str | None = None, seat: int | None = None, **extra) -> None:
    """Queue every active trigger listening for ``event``.

    ``*_self`` events listen on the card itself (``card``), even if it is not in play any
    more (an event being played, an adversary just scored)."""
    found: list[tuple[str, int]] = []
    if event.endswith("_self") and card is not None:
        sources = [card]
        # "each time he becomes stopped" is text of a card in play: only while it is used
        if event not in ACTIVE_ONLY or stats.is_active(state, card):
            for idx, ab in enumerate(S.card_def(state, card).get("mechanics") or []):
                if ab.get("kind") == "trigger" and ab.get("on") == event and F.glyphs_satisfied(state, ab, card):
                    found.append((card, idx))
    else:
        for src, ab in stats.active_abilities(state, "trigger"):
            if ab.get("on") != event:
                continue
            if not _matches_who(state, ab, src, {"card": card, "seat": seat}):
                continue
            idx = (S.card_def(state, src).get("mechanics") or []).index(ab)
            found.append((src, idx))
        for g in state["turn"].get("granted_triggers", []):
            # "each time you play a support character this turn, …" (John Sheppard): a
            # trigger an effect gave its controller until the end of the turn
            ab = g["ability"]
            if ab.get("on") == event and _matches_who(state, ab, g["source"], {"card": card, "seat": seat}):
                found.append((g["source"], ab))
    for src, idx in found:
        builtin = {}
        if card is not None:
            builtin["trigger_card"] = [card]
        if seat is not None:
            builtin["that_player"] = seat
        builtin.update(extra)
        entry = {"source": src, "ability": idx, "builtin": builtin, "controller": S.controller(state, src)}
        if isinstance(idx, dict):  # a granted trigger: the ability itself, its granter's controller
            g = next(g for g in state["turn"]["granted_triggers"] if g["ability"] is idx)
            entry.update({"ability": None, "granted": idx, "controller": g["controller"]})
        state["trigger_queue"].append(entry)


def step(state: dict) -> bool:
    """Move one queued trigger to the stack (asking the hero to order them). ``True`` if
    anything happened."""
    q = state["trigger_queue"]
    if not q:
        return False
    if len(q) > 1 and "trigger_choice" not in state["turn"]:
        I.set_pending(state, S.hero(state), "order_triggers", "Choose the triggered effect to resolve next",
                      [{"type": "order", "index": k} for k in range(len(q))])
        return True
    k = state["turn"].pop("trigger_choice", 0)
    t = q.pop(k)
    ab = t["granted"] if t.get("granted") is not None else (S.card_def(state, t["source"]).get("mechanics") or [])[t["ability"]]
    ctx = {"source": t["source"], "controller": t["controller"], "refs": {**state["cards"][t["source"]].get("refs", {}), **t["builtin"]}}
    if "if" in ab and not F.condition(state, ab["if"], ctx):
        return True
    effects = list(ab.get("cost", [])) + list(ab.get("effects", []))
    if ab.get("optional"):
        if not I.can_pay(state, ctx, ab.get("cost", [])):
            return True
        effects = [{"may": {"who": "you", "effects": effects}}]
    I.push(state, effects, t["source"], t["controller"], t["builtin"], label="trigger")
    return True
