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
    """The random result for this effect (``None`` while the ``about_to_select`` or
    ``random_selection`` window is answered)."""
    work = frame["work"]
    if "random_pick" not in work:
        pool = _before_the_draw(state, frame, pool, count)
        if pool is None:
            return None
        if "chosen_pick" in work:  # "instead choose … to be selected" (Set Up): no draw at all
            return work.pop("chosen_pick")
    if "random_pick" in work:
        if not state.pop("reselect", False):
            return work.pop("random_pick")
        work.pop("random_pick")  # "ignore its result and select again"
        S.log(state, "selected_again", seat=frame["ctx"]["you"])
    out = _draw(state, pool, count)
    m = _mission(state, pool) if out else None
    if m is None:
        return out
    from ..triggers import fire_urgent
    if not fire_urgent(state, "random_selection", mission=m, cards=list(out), seat=frame["ctx"]["you"],
                       by_dilemma=bool(frame["ctx"].get("dilemma"))):  # "made by a dilemma" (Change of Heart)
        return out
    S.log(state, "randomly_selected", cards=list(out), titles=[S.name(state, i) for i in out], mission=m)
    work["random_pick"] = out
    return None


def _before_the_draw(state: dict, frame: dict, pool: list, count: int):
    """"When … is about to be randomly selected" (trigger event ``about_to_select``, data: ``mission``,
    ``pool`` = the eligible cards, ``count``, ``seat``): fired once per selection made at one mission,
    before the draw, only when a card in play hears it. The responses change the selection
    (``state["selection_change"]``: ``excluded`` cards leave the pool — Remata'Klan; ``chosen`` cards
    are the result — Set Up); the pool to draw from is returned (``None`` while they are answered)."""
    work = frame["work"]
    change = state.pop("selection_change", None) if work.pop("selection_asked", False) else None
    if change is not None or "selection_done" in work:
        work["selection_done"] = True
        excluded = (change or {}).get("excluded") or []
        pool = [i for i in pool if i not in excluded]
        if change and change.get("chosen"):
            chosen = [i for i in change["chosen"] if i in pool][:count]
            work["chosen_pick"] = chosen + _draw(state, [i for i in pool if i not in chosen], count - len(chosen))
        return pool
    m = _mission(state, pool) if pool else None
    if m is None or not _heard(state):
        return pool
    from ..triggers import fire_urgent
    state["selection_change"] = {}
    if not fire_urgent(state, "about_to_select", mission=m, pool=list(pool), count=count, seat=frame["ctx"]["you"],
                       by_dilemma=bool(frame["ctx"].get("dilemma"))):
        state.pop("selection_change", None)
        work["selection_done"] = True
        return pool
    work["selection_asked"] = True
    return None


def _heard(state: dict) -> bool:
    """A card in play has a text hearing ``about_to_select`` (nothing is fired otherwise, so games
    without such a card draw exactly as before)."""
    return any(S.in_play_having(state, ("on", "about_to_select", optional)) for optional in (True, False)) or any(
        "about_to_select" in (seat.get("when_events") or ()) for seat in state["seats"])  # an interrupt (Lying in Wait)


def exclude(state: dict, frame: dict, card: str) -> None:
    """``exclude_from_selection`` TARGET (an ``about_to_select`` response): "you may exclude another
    [Dom] personnel present from that selection" (Remata'Klan)."""
    change = state.setdefault("selection_change", {})
    change.setdefault("excluded", []).append(card)
    S.log(state, "excluded_from_selection", seat=frame["ctx"]["you"], card=card, title=S.name(state, card))


def choose(state: dict, frame: dict, card: str) -> None:
    """``select_instead`` TARGET (an ``about_to_select`` response): "instead choose the opponent's
    personnel to be selected from all eligible possibilities" (Set Up) — the chosen cards are the
    result; no draw is made (a selection of more cards draws the rest)."""
    change = state.setdefault("selection_change", {})
    change.setdefault("chosen", []).append(card)
    S.log(state, "chose_selection", seat=frame["ctx"]["you"], card=card, title=S.name(state, card))


def reselect(state: dict, frame: dict, eff: dict, arg: dict) -> bool:
    """``reselect`` (in a ``random_selection`` response): the selection that fired the window
    is made again when its effect goes on."""
    state["reselect"] = True
    return True


def select_by_exclusion(state: dict, frame: dict, eff: dict, arg: dict) -> bool:
    """``select_by_exclusion`` ``{}`` (an ``about_to_select`` response): "make the selection as follows
    instead: the player who commands the eligible personnel excludes one from that selection, then the
    dilemma's owner chooses from the remaining eligible personnel" (Lying in Wait). One single choice at
    a time: the commander excludes one, then the dilemma's owner chooses as many as the selection
    selects (the result: no draw is made). Cards another response excluded already stay out."""
    data = frame["ctx"].get("event") or {}
    work = frame["work"]
    change = state.setdefault("selection_change", {})
    pool = [i for i in data.get("pool") or () if i in state["cards"] and S.in_play(state, i)
            and i not in change.get("excluded", ())]
    a = state.get("attempt")
    if not pool or a is None:
        return True
    if "answer" in work:
        ans = work.pop("answer")
        if "excluded" not in work:
            work["excluded"] = ans
            if ans is not None:
                exclude(state, frame, ans)
        elif ans is not None:
            work.setdefault("chosen", []).append(ans)
    if "excluded" not in work:
        commander = S.commander(state, pool[0])
        seat: int = int(data.get("seat", a["seat"]) if commander is None else commander)
        S.set_pending(state, seat, "choose", f"Exclude a personnel from the selection ({S.name(state, frame['ctx']['source'])})",
                      [{"type": "choose", "card": i} for i in pool])
        return False
    chosen = work.setdefault("chosen", [])
    left = [i for i in pool if i not in chosen and i != work["excluded"]]
    if len(chosen) < int(data.get("count") or 1) and left:
        S.set_pending(state, a["dilemma_owner"], "choose",
                      f"Choose a personnel to be selected ({S.name(state, frame['ctx']['source'])})",
                      [{"type": "choose", "card": i} for i in left])
        return False
    for c in chosen:
        choose(state, frame, c)
    return True

