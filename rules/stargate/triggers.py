"""Triggered effects ("when", "each time", "at"): collected, then ordered by the hero player.

Glossary "triggered effects": several effects triggered by the same thing resolve one at a
time in an order chosen by the hero player — a pending decision (choose the next one) only
when there is more than one.
"""
from __future__ import annotations

from typing import Any

from . import state as S
from . import stats
from .effects import filters as F
from .effects.choices import can_pay
from .effects.frames import push, set_pending


ACTIVE_ONLY = {"stopped_self"}
# the events ``fire`` is called with somewhere in the engine (test_effect_coverage.py: a
# trigger on any other event would never fire)
EVENTS = {"assign_self", "card_discarded", "card_played", "character_assigned", "adversary_assigned",
          "debrief_start", "destroyed_self", "earn_different_glyph_self", "earn_glyph_self",
          "glyph_earned", "glyph_earned_from_self", "mission_played", "mission_succeeded",
          "mission_failed", "obstacle_played", "opponent_plays_complication", "play_self",
          "player_passes", "power_phase_end", "power_phase_start", "revive_self", "score_self",
          "stopped_self", "turn_end", "before_mission_played"}


# The player an event names (``fire(…, seat=)``: who played, passed, whose phase it is) and
# whom a trigger on it means when its ``who`` has no ``side``: the event's own words —
# "each time your opponent plays a complication", "each time your opponent is about to play
# a mission", "each time you play a mission", "at the start of your debrief phase" / "your
# power phase" / "the end of your turn", "when you succeed / fail". The other events say
# whose in the trigger's ``who`` ("each time a player passes", "each time an obstacle is
# played" mean anyone's).
EVENT_SIDE = {"opponent_plays_complication": "opponent", "before_mission_played": "opponent",
              "mission_played": "you", "debrief_start": "you", "power_phase_start": "you",
              "power_phase_end": "you", "turn_end": "you", "mission_succeeded": "you", "mission_failed": "you"}


def _matches_who(state: dict, ab: dict, src: str, controller: int, event: str, info: dict) -> bool:
    """Does the trigger ``ab`` of ``src`` (controlled by ``controller``) listen to this
    occurrence? The player the event names must be on the trigger's side (its ``who.side``,
    else the event's own ``EVENT_SIDE``), and the card it names must match the rest."""
    who = ab.get("who") or {}
    side = who.get("side", EVENT_SIDE.get(event, "any"))
    seat = info.get("seat")
    if seat is not None and side != "any" and (seat == controller) != (side == "you"):
        return False
    card = info.get("card")
    if card is None or not who:
        return True
    ctx = {**stats.ctx_for(state, src), "controller": controller}
    return F.matches(state, card, who, ctx)


def fire(state: dict, event: str, *, card: str | None = None, seat: int | None = None, **extra) -> None:
    """Queue every active trigger listening for ``event``.

    ``*_self`` events listen on the card itself (``card``), even if it is not in play any
    more (an event being played, an adversary just scored)."""
    found: list[tuple[str, int]] = []
    if event.endswith("_self") and card is not None:
        # "each time he becomes stopped" is text of a card in play: only while it is used
        if event not in ACTIVE_ONLY or stats.is_active(state, card):
            for idx, ab in enumerate(S.card_def(state, card).get("mechanics") or []):
                if ab.get("kind") == "trigger" and ab.get("on") == event and F.glyphs_satisfied(state, ab, card):
                    found.append((card, idx))
    else:
        for src, ab in stats.triggers_hearing(state, event):
            if not _matches_who(state, ab, src, S.controller(state, src), event, {"card": card, "seat": seat}):
                continue
            idx = (S.card_def(state, src).get("mechanics") or []).index(ab)
            found.append((src, idx))
        for g in state["turn"].get("granted_triggers", []):
            # "each time you play a support character this turn, …" (John Sheppard): a
            # trigger an effect gave its controller until the end of the turn
            ab = g["ability"]
            if ab.get("on") == event and _matches_who(state, ab, g["source"], g["controller"], event,
                                                      {"card": card, "seat": seat}):
                found.append((g["source"], ab))
    for src, idx in found:
        builtin: dict[str, Any] = {}
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
        set_pending(state, S.hero(state), "order_triggers", "Choose the triggered effect to resolve next",
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
        if not can_pay(state, ctx, ab.get("cost", [])):
            return True
        effects = [{"may": {"who": "you", "effects": effects}}]
    push(state, effects, t["source"], t["controller"], t["builtin"], label="trigger")
    return True
