"""Random selections (glossary "Selections") and "select again" (MISSING.md item 28).

Why a module of its own: a random TARGET is drawn from the seed in ``interpreter.targets``;
a card that lets a player "ignore its result and select again" (Alien Gambling Device) must
see the result *before* the effect uses it. So a random selection made at one mission
fires ``random_selection`` (data: ``mission``, ``cards`` = the result, ``seat`` = the player
whose text selects); if that opens a response window (or a mandatory text acts), the
effect waits with its result in ``work["random_pick"]``. A response with the verb
``reselect`` asks for a new draw: the effect then discards its result and selects again
(a new random selection, with its own window). Nothing is fired or logged when nobody can
answer, so games without such a card play exactly as before.

"At a mission" = every card the selection draws from is at that one mission (RULES.md
"Random selections at a mission"); a selection among cards in a hand, or across
missions, is not made at a mission.
"""
from __future__ import annotations

from ... import rng as R
from .. import state as S


def _draw(state: dict, pool: list, count: int) -> list:
    pool = list(pool)
    out = []
    for _ in range(min(count, len(pool))):
        pick = R.choice(state["rng"], pool)
        pool.remove(pick)
        out.append(pick)
    return out


def _mission(state: dict, pool: list):
    missions = {S.mission_of(state, i) if S.in_play(state, i) else None for i in pool}
    return missions.pop() if len(missions) == 1 else None


def select(state: dict, frame: dict, pool: list, count: int):
    """The random result for this effect (``None`` while the ``random_selection`` window is
    answered)."""
    work = frame["work"]
    if "random_pick" in work:
        if not state.pop("reselect", False):
            return work.pop("random_pick")
        work.pop("random_pick")  # "ignore its result and select again"
        S.log(state, "selected_again", seat=frame["ctx"]["you"])
    out = _draw(state, pool, count)
    m = _mission(state, pool) if out else None
    if m is None:
        return out
    from ..triggers import fire
    from ..triggers import _urgent
    height, before = len(state["stack"]), len(state["windows"])
    fire(state, "random_selection", mission=m, cards=list(out), seat=frame["ctx"]["you"])
    opened = len(state["windows"]) > before
    _urgent(state, before, height)
    if not opened and len(state["stack"]) == height:
        return out
    S.log(state, "randomly_selected", cards=list(out), titles=[S.name(state, i) for i in out], mission=m)
    work["random_pick"] = out
    return None


def reselect(state: dict, frame: dict, eff: dict, arg: dict) -> bool:
    """``reselect`` (in a ``random_selection`` response): the selection that fired the window
    is made again when its effect goes on."""
    state["reselect"] = True
    return True
