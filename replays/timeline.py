"""Where each turn and phase of a match begins: the replay viewer's "next turn", "previous
phase" (``GET /v1/matches/<id>/timeline``).

A mark is ``{"turn", "phase"}`` of a state (``Game.timeline_mark``): public facts every
view shows to everyone, spectators included (the three card games read ``turn.number`` and
``step``; a game without its own reads them from the spectator's view), so a timeline
tells no viewer anything their replay at each version would not. Only the versions where
the mark changes are listed (a boundary), from ``start`` on, over at most ``limit``
versions per call (the fold is paid per version; page on with ``next_start``).
"""
from __future__ import annotations

from typing import Any

from rules.protocol import SPECTATOR, Game, State
from store import MatchStore

from .history import state_at


def mark_from_view(view: Any) -> dict:
    """``{"turn", "phase"}`` as a view shows them: ``turn`` (a number, or an object with
    ``number``) and ``step`` or ``phase`` (a dotted step names its phase first:
    ``draw_round.buy`` is in the draw round); None for what the view lacks."""
    view = view if isinstance(view, dict) else {}
    turn = view.get("turn")
    if isinstance(turn, dict):
        turn = turn.get("number")
    if not isinstance(turn, int) or isinstance(turn, bool):
        turn = None
    phase = view.get("step", view.get("phase"))
    phase = phase.split(".")[0] if isinstance(phase, str) and phase else None
    return {"turn": turn, "phase": phase}


def mark_of(game: Game, state: State) -> dict:
    """The state's mark: the game's own ``timeline_mark`` or, without one, the spectator's view's."""
    own = getattr(game, "timeline_mark", None)
    return own(state) if own is not None else mark_from_view(game.view(state, SPECTATOR))


def boundaries(store: MatchStore, game: Game, match_id: str, start: int, limit: int) -> tuple[list[dict], int | None]:
    """``([{v, turn, phase}], next_start)``: the mark at ``start`` and every later version
    (up to ``start + limit - 1``) whose mark differs from the version before; ``next_start``
    is where the next page begins (None: the head was reached)."""
    state = state_at(store, game, match_id, start)  # 400 version_out_of_range past the head
    head = store.version(match_id)
    end = min(head, start + limit - 1)
    last = mark_of(game, state)
    out = [{"v": start, **last}]
    for event in store.read_events(match_id, after=start, upto=end) if end > start else []:
        state = game.apply(state, event)
        mark = mark_of(game, state)
        if mark != last:
            out.append({"v": event["v"], **mark})
            last = mark
    return out, (end + 1 if end < head else None)
