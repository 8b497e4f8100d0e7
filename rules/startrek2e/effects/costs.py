"""Whether a text's cost can be paid (glossary "Cost": requirements are checked, then the
cost is paid; an action whose cost cannot be paid cannot be taken).

Why one function: orders ("Order - stop this personnel to …") and the actions a player
takes while attempting a mission ("you may kill your captive to …", "discard a personnel
from hand to …") offer a text only when its whole cost can be paid, and the same check must
hold for both. ``known=False`` answers what the opponents can see: a cost paid from the
hand counts only the number of cards held (RULES.md "Actions during a mission attempt":
being offered an action never tells them what the hand holds).
"""
from __future__ import annotations

from .. import state as S
from . import filters as F

TARGETED = ("stop", "kill", "destroy", "return_to_pile", "return_to_hand", "place_on_deck_top",
            "place_on_deck_bottom", "remember", "place_in_discard", "remove_from_game", "reveal", "place_on_event")


def payable(state: dict, seat: int, iid: str, cost: list, *, known: bool = True, event: dict | None = None) -> bool:
    """Every part of ``cost`` (a list of cost effects of card ``iid`` used by ``seat``) can be paid now;
    ``event``: the data of the event a response answers ("stop that personnel": Cargo Haul's
    Acquisition personnel aboard the ship that moved)."""
    ctx = F.ctx_for(state, iid, you=seat, **({"event": event} if event is not None else {}))
    return _payable_from(state, seat, iid, list(cost), ctx, known)


def _payable_from(state: dict, seat: int, iid: str, cost: list, ctx: dict, known: bool) -> bool:
    for n, c in enumerate(cost):
        verb = next((k for k in c if k not in ("as", "order")), None)
        arg = c.get(verb) or {}
        if verb == "discard":
            if not _discard_payable(state, seat, arg, ctx, known):
                return False
        elif not known and isinstance(arg, dict) and (arg.get("choose") or {}).get("scope") == "hand":
            # "place a [Bor] personnel from hand on this event to …" (Unyielding) asked of a player in a
            # response window: only how many cards he holds counts, as for a discard from hand
            if len([i for i in state["seats"][seat]["hand"] if i != ctx["source"]]) < F.amount(state, arg.get("count", 1), ctx):
                return False
        elif verb in TARGETED and isinstance(arg, dict) and arg:
            if not _target_payable(state, iid, verb, arg, ctx):
                return False
            if verb == "remember" and c.get("as"):  # a later part naming it ("aboard that ship") reads
                ctx["refs"][c["as"]] = _pool(state, arg, ctx)  # any card it could name (Changeling Sabotage)
            elif c.get("as") and known and "choose" in arg and arg.get("count", 1) == 1 and _named_later(cost[n + 1:], c["as"]):
                # a card chosen while paying that a later part of the cost names ("Discard a card from hand and
                # reveal an event from hand": Broca — the card discarded must be another one): payable when
                # some choice of it leaves the rest payable (one event alone in hand pays nothing)
                return any(_payable_from(state, seat, iid, cost[n + 1:],
                                         {**ctx, "refs": {**ctx["refs"], c["as"]: [pick]}}, known)
                           for pick in _pool(state, arg, ctx))
    return True


def _named_later(cost: list, name: str) -> bool:
    """Whether a part of ``cost`` reads the cards named ``name`` ({"ref": name} anywhere in it)."""
    def walk(x) -> bool:
        if isinstance(x, dict):
            return x.get("ref") == name or any(walk(v) for v in x.values())
        return isinstance(x, list) and any(walk(v) for v in x)
    return walk(cost)


def _pool(state: dict, t: dict, ctx: dict) -> list:
    """The cards a cost's TARGET could name (every candidate of its choice)."""
    for form in ("choose", "random", "all"):
        if form in t:
            return F.candidates(state, t[form], ctx)
    return list((ctx.get("refs") or {}).get(t.get("ref"), [])) if "ref" in t else []


def _discard_payable(state: dict, seat: int, arg: dict, ctx: dict, known: bool) -> bool:
    who = ctx["you"] if arg.get("who", "you") == "you" else ctx["opp"]
    zone = "deck" if arg.get("from") == "deck_top" else "hand"
    pool = [i for i in state["seats"][who][zone] if i != ctx["source"]]  # a card never pays for itself
    if known and "filter" in arg:
        pool = [i for i in pool if F.matches(state, i, arg["filter"], ctx)]
    need = 0 if arg.get("up_to") else F.amount(state, arg.get("count", 1), ctx)
    return len(pool) >= need


def _target_payable(state: dict, iid: str, verb: str, t: dict, ctx: dict) -> bool:
    """A cost that names cards: there must be enough of them (a stop only of unstopped ones)."""
    if "self" in t:
        return S.in_play(state, iid) and not (verb == "stop" and not _stoppable(state, iid))
    for form in ("choose", "random", "all"):
        if form in t:
            pool = F.candidates(state, t[form], ctx)
            if verb == "stop":
                pool = [i for i in pool if _stoppable(state, i)]
            if form == "all" or t.get("count") == "any":  # "any number of" (Invasive Drone): none will do
                return True
            return len(pool) >= F.amount(state, t.get("count", 1), ctx)
    return True


def _stoppable(state: dict, iid: str, *, by_dilemma: bool = False) -> bool:
    """A card that stopping would stop (unstopped, not "cannot be stopped" — by a dilemma's text
    too, when ``by_dilemma``)."""
    from .extra import cant_be_stopped
    return not state["cards"][iid].get("stopped") and not cant_be_stopped(state, iid, by_dilemma=by_dilemma)
