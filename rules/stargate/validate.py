"""Is one posted action legal now? (issue 13 item 2: validation without listing everything)

``flow.legal_actions`` lists every action of the seat whose chance it is to act: each card
in hand played, assigned or boosting, each activated ability, each paying its costs — and
``validate`` used to build that list to find one action in it. Here the posted action is
judged by the rule of its own type, for the cards it names alone: the same predicates
``actions_hero``, ``actions_villain`` and ``abilities`` list by, so the answer is exactly
"is it in ``legal_actions``" (the property test in tests/rules/stargate/test_validate.py
holds them equal over random and purposeful games). Any other pending decision carries its
few options in the state; the action must be one of them.
"""
from __future__ import annotations

from ..protocol import listed
from . import abilities, actions_hero, actions_villain
from .flow import MISSION_ACTION_LIMIT

#: the fields of each action type of the "act" decision, besides ``type``
FIELDS = {"pass": (), "play": ("card",), "assign": ("card",), "complication": ("card",),
          "boost": ("card", "target"), "activate": ("card", "ability")}


def is_legal(state: dict, seat: int, action: object) -> bool:
    p = state["pending"]
    if state["outcome"] is not None or p is None or p["seat"] != seat:
        return False
    if p["kind"] != "act":
        return listed(action, p["options"])
    return _may_perform(state, seat, action)


def _may_perform(state: dict, seat: int, action: object) -> bool:
    """Performing actions (``flow.performing_actions``): pass, or one of the role's actions
    or an activated ability, while the mission's action limit and MALP allow."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return False
    kind = action["type"]
    fields = FIELDS.get(kind)
    if fields is None or len(action) != len(fields) + 1 or not all(f in action for f in fields):
        return False
    if kind == "pass":
        return True
    t = state["turn"]
    if t.get("actions_this_mission", 0) >= MISSION_ACTION_LIMIT or seat in state["mission"].get("only_pass", []):
        return False
    card, target = action["card"], action.get("target")
    if not isinstance(card, str) or (kind == "boost" and not isinstance(target, str)):
        return False
    if kind == "activate":
        return abilities.is_legal(state, seat, card, action["ability"])
    role = actions_hero if seat == t["hero"] else actions_villain
    return role.is_legal(state, seat, kind, card, target)
