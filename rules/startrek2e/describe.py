"""Why an action is illegal, naming the rule and the cards (``GAME.describe_illegal``)."""
from __future__ import annotations

from . import state as S
from . import stats as ST
from . import legality as LEG


ANSWERS = {"play": ("play", "draw", "end_play", "spend"), "orders": ("beam", "move", "attempt", "order", "play", "end_orders",
                                                         "pay_skills", "action"),
           "attempt_action": ("action", "pass"), "add_dilemma": ("add_dilemma",),
           "choose_dilemma": ("choose_dilemma",), "discard_excess": ("discard",), "respond": ("respond", "pass"),
           "choose": ("choose",), "yes_no": ("yes_no",), "repair": ("repair",), "place_mission": ("place_mission",), "beam_to": ("beam",)}


def _name(state: dict, iid) -> str:
    return S.name(state, iid) if isinstance(iid, str) and iid in state["cards"] else repr(iid)


def _field(action: object, key: str) -> str | None:
    """A field of the posted action, if it is a string (a list or object posted where an id
    belongs names nothing; it must not break the explanation)."""
    value = action.get(key) if isinstance(action, dict) else None
    return value if isinstance(value, str) else None


def describe_illegal(state: dict, seat: int, action: dict) -> str:
    p = state.get("pending") or {}
    kind = action.get("type") if isinstance(action, dict) else None
    card = action.get("card") if isinstance(action, dict) else None
    expected = set(ANSWERS.get(p.get("kind"), ())) | {o.get("type") for o in p.get("options") or []}
    if not isinstance(kind, str) or kind not in expected:
        return (f"'{kind}' does not answer the pending decision ({p.get('kind')}: {p.get('prompt')}); "
                f"expected one of {sorted(t for t in expected if t)}")
    if p.get("kind") == "play" and kind == "play" and isinstance(card, str) and card in state["cards"]:
        d = S.card_def(state, card)
        if card not in state["seats"][seat]["hand"]:
            return f"Play and Draw Cards: {_name(state, card)} is not in your hand"
        if d.get("unique") and LEG.commands_copy(state, seat, d["title"]):
            return f"Uniqueness: you already have a copy of {d['title']} in play (or a captive copy)"
        from .play import play_cost
        at = _field(action, "at")
        cost = play_cost(state, seat, card, at if at in state["cards"] else None)
        if d["type"] != "interrupt" and cost > state["seats"][seat]["counters"]:
            return f"Paying Costs: {_name(state, card)} costs {cost} and you have {state['seats'][seat]['counters']} counters left"
        if d["type"] in ("personnel", "ship") and at in state["cards"]:
            return (f"Playing Specific Kinds of Cards: {_name(state, at)} does not let you play "
                    f"{'/'.join(d.get('affiliations') or ['this'])} {d['type']} there (only at your headquarters that allow them)")
        return f"Playing Specific Kinds of Cards: {_name(state, card)} cannot be played there now"
    if kind == "end_play":
        return (f"Order of Playing and Drawing: while your deck has cards you must spend all seven counters "
                f"({state['seats'][seat]['counters']} left): play or draw")
    if kind == "beam":
        return (f"Beaming: {_name(state, card)} cannot beam to {_name(state, action.get('to'))} — you need an unstopped ship "
                "of yours at that mission, only between its planet/headquarters and your ships there, never mission to "
                "mission or onto an opponent's ship, and only unstopped personnel")
    if kind == "move":
        ship, to = _field(action, "ship"), _field(action, "to")
        if ship in state["cards"] and to in state["cards"] and S.in_play(state, ship) and S.ctype(state, ship) == "ship" \
                and S.ctype(state, to) == "mission":
            here = S.mission_of(state, ship)
            if not ST.staffed(state, ship):
                return f"Staffing a Ship: {_name(state, ship)} is not staffed"
            if here and to != here:
                return (f"Using Range: {_name(state, here)} to {_name(state, to)} needs Range "
                        f"{ST.range_needed(state, here, to, ship)}; {_name(state, ship)} has {ST.range_left(state, ship)} left")
        return "Moving a Ship: only your unstopped, staffed ships move, to another mission within their remaining Range"
    if kind == "attempt":
        m = action.get("mission")
        return (f"Attempting a Mission: {_name(state, m)} cannot be attempted by you now — only your own uncompleted "
                "planet or space missions, with unstopped personnel there (aboard one unstopped ship for space), one of "
                "them matching an affiliation of the mission")
    if kind == "choose_dilemma":
        return ("Facing Dilemmas: choose a drawn dilemma whose cost fits what is left, of a type that fits the mission "
                "(dual fits both), and not a second copy of one already chosen")
    if kind == "discard":
        return f"Discard Excess Cards: {_name(state, card)} is not in your hand"
    return f"'{kind}' is not a legal action now; legal-actions lists what is"
