"""``may``: an optional text, and whose choice it is (MISSING.md item 27, EFFECTS.md §2).

``{"may": {}}`` or ``{"may": {"who": "you"}}``: you decide whether ``then`` happens.
``{"who": "opponent"}``: the opponent decides, and ``then`` is done by him (he is "you" in
it). ``{"who": "each"}`` ("each player may draw a card"): every player in turn — you
first, then to your left — says yes or no, then ``then`` runs once for each player who
said yes, in that order, with that player as "you".
"""
from __future__ import annotations

from .. import state as S


def _order(state: dict, first: int) -> list:
    n = len(state["seats"])
    return [(first + k) % n for k in range(n)]


def may(state: dict, frame: dict, eff: dict, arg: dict):
    ctx, work = frame["ctx"], frame["work"]
    who = (arg or {}).get("who", "you")
    if "ask" not in work and who == "you":
        from .useful import may_change
        if not may_change(state, eff.get("then") or [], ctx):
            return True  # "you may …" when it could change nothing: not asked (RULES.md)
    if "ask" not in work:
        first = S.left_of(state, ctx["you"]) if (arg or {}).get("start") == "left" else ctx["you"]
        work["ask"] = [ctx["you"]] if who == "you" else (  # "starting with the player to your left" (Common Ground)
            [ctx["opp"]] if who == "opponent" else _order(state, first))
        if who == "each_opponent":  # "each of your opponents may …" (Peldor Joi): from your left
            work["ask"] = _order(state, ctx["you"])[1:]
        work["yes"] = []
    if "answer" in work:
        if work.pop("answer"):
            work["yes"].append(work["ask"][0])
        work["ask"].pop(0)
    if work["ask"]:
        S.set_pending(state, work["ask"][0], "yes_no", f"Use the text of {S.name(state, ctx['source'])}?",
                      [{"type": "yes_no", "yes": True}, {"type": "yes_no", "yes": False}])
        return False
    yes = work["yes"]
    frame["i"] += 1
    frame["work"] = {}
    for seat in reversed(yes):  # the first to say yes acts first (top of the stack)
        sub = dict(ctx, you=seat, opp=S.left_of(state, seat) if seat != ctx["you"] else ctx["opp"])
        if who == "each_opponent":  # he does it as "you"; "opponent" is the player whose text it is
            sub.update(opp=ctx["you"], that_opp=True)
        if eff.get("then"):
            state["stack"].append({"effects": list(eff["then"]), "i": 0, "ctx": sub, "work": {}})
    return "pushed"


def as_player(state: dict, frame: dict, eff: dict, arg: dict):
    """``{"as_player": {"who": "mission_owner"}, "then": [...]}``: "this mission's owner places a card from
    hand on top of his or her deck" (U.S.S. Defiant) — ``then`` is done by the owner of the mission where
    this card is (he is "you" in it), whoever uses the text; nothing when the card is at no mission."""
    ctx = frame["ctx"]
    m = S.mission_of(state, ctx["source"])
    frame["i"] += 1
    frame["work"] = {}
    if m is None or not eff.get("then"):
        return "pushed"
    seat = state["cards"][m]["owner"]
    sub = dict(ctx, you=seat, opp=S.left_of(state, seat) if seat != ctx["you"] else ctx["opp"])
    state["stack"].append({"effects": list(eff["then"]), "i": 0, "ctx": sub, "work": {}})
    return "pushed"


def each_opponent(state: dict, frame: dict, eff: dict, arg: dict):
    """``{"each_opponent": {}, "then": [...]}``: "make each of your opponents destroy an event he or
    she commands" (Powerful Example), "each of your opponents who has a captive in your brig must
    discard …" (Makbar). ``then`` runs once for each opponent, from the one on your left, as your
    text (you stay "you") with that opponent as "opponent" — only him: "an opponent's event" is
    his, ``who: opponent`` is he (RULES.md "Each of your opponents")."""
    ctx = frame["ctx"]
    frame["i"] += 1
    frame["work"] = {}
    for seat in reversed(_order(state, ctx["you"])[1:]):  # the one on your left acts first (top of the stack)
        state["stack"].append({"effects": list(eff.get("then") or []), "i": 0,
                               "ctx": dict(ctx, opp=seat, that_opp=True), "work": {}})
    return "pushed"


def choose_opponent(state: dict, frame: dict, eff: dict, arg: dict):
    """``{"choose_opponent": {}, "then": [...]}``: "choose an opponent. You may draw a card for each
    headquarters mission he or she commands" (Examination Drone), "choose an opponent to draw a card"
    (Holographic Hoax). You choose one of your opponents (each is offered, ``{"type": "choose", "seat": n}``;
    with one opponent nobody is asked); ``then`` runs as your text with him as "opponent" — only him
    (RULES.md "Choose an opponent")."""
    ctx, work = frame["ctx"], frame["work"]
    others = _order(state, ctx["you"])[1:]
    if (arg or {}).get("if"):  # "if this personnel is present with an opponent's personnel, … that opponent's
        # hand" (Deanna Troi): only the opponents for whom it holds, each read as "that opponent"
        from . import filters as F
        others = [o for o in others if F.condition(state, arg["if"], dict(ctx, opp=o, that_opp=True))]
    if "answer" not in work and len(others) > 1:
        S.set_pending(state, ctx["you"], "choose", f"{S.name(state, ctx['source'])}: choose an opponent",
                      [{"type": "choose", "seat": o} for o in others])
        return False
    seat = work.pop("answer", others[0] if others else None)
    frame["i"] += 1
    frame["work"] = {}
    if seat is not None and eff.get("then"):
        if len(others) > 1:  # said only when there was a choice (a game of two reads as before)
            S.log(state, "chose_opponent", seat=ctx["you"], opponent=seat, card=ctx["source"])
        state["stack"].append({"effects": list(eff["then"]), "i": 0, "ctx": dict(ctx, opp=seat, that_opp=True), "work": {}})
    return "pushed"


def choose_one(state: dict, frame: dict, eff: dict, arg: dict):
    """``{"choose_one": {"options": [[effects], [effects]], "chooser"?: SIDE}}`` (MISSING.md
    item 40): "Choose one: … or …". The chooser (default you) answers the first option
    (yes) or the second (no); the chosen effects then run. Either may be chosen even if it
    would do nothing ("do as much as you can")."""
    from .frames import _child, _seat
    work = frame["work"]
    if "answer" not in work:
        seat = _seat(frame["ctx"], arg.get("chooser", "you"))
        S.set_pending(state, seat, "yes_no", f"{S.name(state, frame['ctx']['source'])}: the first option (yes) or the second (no)?",
                      [{"type": "yes_no", "yes": True}, {"type": "yes_no", "yes": False}])
        return False
    return _child(state, frame, arg["options"][0 if work["answer"] else 1])
