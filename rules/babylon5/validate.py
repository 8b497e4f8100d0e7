"""Is one posted action legal now? (issue 13 item 2: validation without listing everything)

``flow.legal_actions`` of the Action round lists every action of the seat — each hand card
sponsored by each sponsor, each card in play promoted, activated, leading, attacking, each
contribution to each conflict, every aide and mercenary — and ``validate`` used to build
that list to find one action in it. Here a posted action is judged by its type: only the
actions of the one card (or conflict) it names are listed, by the very functions ``legal``
lists with (``actions.hand_actions``, ``play_actions``, ``conflict_actions`` ...), so the
answer is exactly "is it in ``legal_actions``" (the property test in
tests/rules/babylon5/test_validate.py holds them equal over random and purposeful games).
Declaring a conflict is judged for the one conflict card named; the other decisions have a
few options, listed as ``legal_actions`` lists them.
"""
from __future__ import annotations

from ..protocol import listed
from . import actions as A
from . import conflicts, flow
from . import state as S
from . import values as V

#: Action-round types judged by the hand card they name
HAND = frozenset({"sponsor", "play_event", "play_contingency"})
#: Action-round types judged by the seat's card in play they name (``actions.play_actions``)
IN_PLAY = frozenset({"promote", "activate", "lead_fleet", "attack", "heal", "repair"})


def is_legal(state: dict, seat: int, action: object) -> bool:
    p = state["pending"]
    if state["outcome"] is not None or p is None or p["seat"] != seat:
        return False
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return False
    if p["kind"] == "act":
        return listed(action, _act_options(state, seat, action))
    if p["kind"] == "declare":
        return listed(action, _declare_options(state, seat, action))
    return listed(action, flow.legal_actions(state, seat))


def _act_options(state: dict, seat: int, action: dict) -> list[dict]:
    """The Action round's legal actions that could equal ``action``: those of its type about
    the card (or conflict) it names."""
    kind, card = action["type"], action.get("card")
    sd = state["seats"][seat]
    if kind == "pass":
        return [{"type": "pass"}]
    if kind in ("reveal_agenda", "discard_agenda"):
        return A.agenda_actions(state, seat)
    if kind == "build_influence":
        return A.build_actions(state, seat, V.available(state, seat), A.sponsors(state, seat))
    if not isinstance(card, str):
        return []
    if kind in HAND:
        if card not in sd["hand"]:
            return []
        return A.hand_actions(state, seat, card, V.available(state, seat), A.sponsors(state, seat))
    if kind in IN_PLAY:
        if card not in sd["play"]:
            return []
        return A.play_actions(state, seat, card, V.available(state, seat), A.sponsors(state, seat), kind)
    if kind in ("support", "oppose"):
        if card not in sd["play"]:
            return []
        return [a for k in state["conflicts"] if k["id"] == action.get("conflict")
                for a in A.conflict_actions(state, seat, k, card)]
    if kind in ("aide", "offer_mercenaries"):
        if card not in S.play_cards(state):
            return []
        if kind == "aide":
            return A.aide_actions(state, seat, card)
        return A.mercenary_actions(state, card, V.available(state, seat))
    return []


def _declare_options(state: dict, seat: int, action: dict) -> list[dict]:
    """The conflict round's options that could equal ``action``: a conflict card from hand
    is judged alone (``conflicts.declarable``)."""
    kind, card = action["type"], action.get("card")
    if kind == "declare_conflict":
        if not isinstance(card, str) or card not in state["seats"][seat]["hand"]:
            return []
        return [{"type": "declare_conflict", "card": card}] \
            if conflicts.declarable(state, seat, card, V.available(state, seat)) else []
    return conflicts.declare_options(state, seat, conflict_cards=False)
