"""The effect ``opponent_plays_as_complication`` (Reconnaissance: "Look at your opponent's
hand and choose two cards from it. They play one of them at no cost as a complication.").

Why its own module: a decision of the *other* player in the middle of a card's text, ending
in the villain action "play a complication" (actions_villain.play_complication) without its
cost; interpreter.py only dispatches to it.
"""
from __future__ import annotations

from .. import state as S
from ..actions_villain import play_complication
from . import filters as F
from .frames import _player, set_pending


def opponent_plays_as_complication(state: dict, frame: dict, ctx: dict, arg: dict) -> bool:
    """The controller's opponent chooses one of the cards ``from`` names that are still in his
    hand and places it face down at the current mission, paying nothing (``cost: 0``, the
    only form the cards use). The choice is his even when one card is left; nothing happens
    when none is left or there is no current mission (RULES.md "Reconnaissance")."""
    if arg.get("cost") != 0:
        raise ValueError("opponent_plays_as_complication is implemented at no cost (cost: 0) only")
    named = F.resolve_target(state, arg.get("from", {}), ctx)
    if named is None:
        raise ValueError("opponent_plays_as_complication names its cards with a ref, not a choice")
    seat = _player(ctx, state, "opponent")
    pool = [i for i in named if state["cards"][i]["zone"] == "hand" and state["cards"][i]["owner"] == seat]
    if "answer" in frame:
        ans = frame.pop("answer")
        if ans in pool and S.current_mission(state) is not None:
            play_complication(state, seat, ans, free=True)
        return True
    if not pool or S.current_mission(state) is None:
        return True
    set_pending(state, seat, "choose_card", "Choose the card you play as a complication (at no cost)",
                [{"type": "choose", "card": i} for i in pool])
    return False
