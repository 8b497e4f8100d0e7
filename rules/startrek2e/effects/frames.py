"""The effect stack's frames: pushing a text's effects (its cost first), a child frame, the
seat a side names, remembering chosen cards, who breaks a tie in a selection.

Why apart from the interpreter (which runs the frames): every verb module, the triggers,
the actions and the dilemmas push frames, and they are all layers below the interpreter,
which dispatches to them (the package docstring lists the layers).
"""
from __future__ import annotations


PUSHED = "pushed"


def push(state: dict, effects: list, ctx: dict, cost: list | None = None) -> None:
    """A new frame: the text's ``cost`` (paid first; ``costs`` = how many of the effects are
    its cost — RULES.md "Costs are paid, not prevented") then its ``effects``."""
    frame = {"effects": list(cost or []) + list(effects), "i": 0, "ctx": ctx, "work": {}}
    if cost:
        frame["costs"] = len(cost)
    state["stack"].append(frame)


def paying(frame: dict) -> bool:
    """The frame is paying its text's cost now (glossary "Cost": paid before the action
    happens, never answered by "about to be …" texts)."""
    return frame["i"] < frame.get("costs", 0)


def _child(state: dict, frame: dict, effects: list) -> str:
    frame["i"] += 1
    frame["work"] = {}
    if effects:
        state["stack"].append({"effects": list(effects), "i": 0, "ctx": frame["ctx"], "work": {}})
    return PUSHED


def _seat(ctx: dict, side: str) -> int:
    return ctx["you"] if side == "you" else ctx["opp"]


# -- targets -----------------------------------------------------------------------


def _remember(frame: dict, eff: dict, cards: list) -> None:
    if "as" in eff:
        frame["ctx"]["refs"][eff["as"]] = list(cards)


def tie_breaker(state: dict, ctx: dict) -> int:
    """Who picks among the cards tied for "the personnel with the highest cost / the most
    Cunning …" — a selection no player makes: the player who commands the card specifying the
    selection, and for a dilemma its owner (RULES.md "Ties in selections": the official
    English glossary, and the Czech "owner of the cards" read as that card's owner)."""
    c = state["cards"][ctx["source"]]
    if ctx.get("dilemma") or c.get("commander") is None:
        return c["owner"]
    return c["commander"]
