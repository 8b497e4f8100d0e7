"""The driver: run automatic steps until a decision is pending, and apply answers.

Every rule module either changes the state and names the next ``state["step"]`` or sets
``state["pending"]`` (the decision of exactly one seat). ``advance`` runs the effect stack
second (after any open response window: a response happens when its trigger happens,
before the rest of the effect that caused it), then the current step.
"""
from __future__ import annotations

from . import actions as A
from . import dilemmas as D
from . import glossary as G
from . import orders as O
from . import play as P
from . import setup, turn
from . import state as S
from .effects import filters as F
from .effects import interpreter as I
from .effects import on_event as ON
from .triggers import answer as answer_window
from .triggers import fire, state_rules
from .triggers import window_step
from .effects import frames as FR


def _play_step(state: dict) -> None:
    P.play_and_draw_cards(state)


STEPS = {
    "arrange": setup.arrange_step,
    "turn_start": turn.turn_start,
    "play": _play_step,
    "orders": O.execute_orders,
    "draw_dilemmas": D.draw_dilemmas,
    "add_dilemmas": D.add_dilemmas,
    "choose_dilemmas": D.choose_dilemmas,
    "dilemmas_chosen": D.finish_choosing,
    "face_dilemmas": D.face_dilemmas,
    "mission_requirements": D.mission_requirements,
    "discard_excess": turn.discard_excess,
    "repair": turn.repair_step,
    "turn_end": turn.turn_end,
}


def advance(state: dict) -> dict:
    for _ in range(100000):
        if state["outcome"] is not None:
            state["pending"] = None
            return state
        if state["pending"] is not None:
            return state
        if window_step(state):  # responses happen as their trigger happens, before the rest of an effect
            continue
        if state["stack"]:
            I.run(state)
            continue
        if state_rules(state):  # "If you command {Jadzia Dax}, place this personnel …" (Ezri Dax)
            continue
        if ON.decay(state):  # "Decay: N": N cards on the event destroy it (RULES.md "Decay")
            continue
        STEPS[state["step"]](state)
    raise RuntimeError("the game did not settle")  # pragma: no cover


def legal_actions(state: dict, seat: int) -> list[dict]:
    p = state["pending"]
    if state["outcome"] is not None or p is None or p["seat"] != seat:
        return []
    return list(p["options"])


def answer(state: dict, seat: int, action: dict) -> dict:
    """Apply the answer to the pending decision, then run until the next decision (within
    ``state.applying``: the match's cards are known not to change while it runs)."""
    with S.applying(state):
        return _answer(state, seat, action)


def _answer(state: dict, seat: int, action: dict) -> dict:
    p = state["pending"]
    state["pending"] = None
    kind, t = p["kind"], action["type"]
    turn_ = state["turn"]
    if kind == "place_mission":
        setup.place(state, seat, action["card"])
    elif kind == "respond":
        answer_window(state, seat, action)
    elif kind == "attempt_action":  # "while attempting / facing a dilemma, you may …"
        if t == "pay_skills":  # a price on skills while attempting (Under Scrutiny): paid here
            pay_for_skills(state, seat, action["card"])
        else:
            A.answer(state, seat, action)
    elif kind in ("choose", "yes_no"):
        state["stack"][-1]["work"]["answer"] = (action["card"] if "card" in action else
                                                action["seat"] if "seat" in action else
                                                action["skill"] if "skill" in action else
                                                action["card_type"] if "card_type" in action else
                                                action["number"] if "number" in action else
                                                action["count"] if "count" in action else
                                                action["title"] if "title" in action else action["yes"])
    elif kind == "choose_dilemma":
        D.answer_choice(state, action["card"])
    elif kind == "add_dilemma":  # Limited Welcome
        D.answer_add(state, action["card"])
    elif kind == "discard_excess":
        G.to_discard_pile(state, action["card"])
        S.log(state, "discarded", seat=seat, card=action["card"], title=S.name(state, action["card"]))
    elif kind == "repair":
        turn_["repairs"].append(action["ship"])
        if action["card"]:
            G.repair(state, action["ship"], action["card"])
    elif kind == "play":
        if t == "draw":
            P.draw_for_counter(state, seat)
        elif t == "spend":  # "you may spend 1 counter to …" (ability kind counter_action)
            P.spend_counters(state, seat, action["card"], action["ability"])
        elif t == "play" and action.get("using"):  # "you may discard a card from hand to make that personnel cost -1"
            P.begin_play(state, seat, action["card"], action.get("at"), action["using"])
        elif t == "play":
            P.play_card(state, seat, action["card"], action.get("at"))
        elif t == "end_play":
            state["seats"][seat]["counters"] = 0
            state["step"] = "orders"
            fire(state, "opponent_orders_begin", seat=seat)  # "when an opponent begins the Execute Orders segment"
    elif kind == "beam_to":
        O.beam(state, seat, action["card"], action["to"])
    elif kind == "orders":
        turn_["orders"] += 1
        if t == "beam":
            O.choose_beam_destination(state, seat, action["card"])
        elif t == "move":
            O.move_ship(state, seat, action["ship"], action["to"])
        elif t == "attempt":
            D.attempt_mission(state, seat, action["mission"], action.get("ship"), action.get("using"))
        elif t == "order":
            O.use_order(state, seat, action["card"], action["ability"])
        elif t == "action":
            A.use(state, seat, action["card"], action["ability"])
        elif t == "play":
            P.play_card(state, seat, action["card"], None)
        elif t == "pay_skills":  # "must discard a card from hand to use that personnel's skills"
            pay_for_skills(state, seat, action["card"])
        elif t == "end_orders":
            state["step"] = "discard_excess"
    return advance(state)


def pay_for_skills(state: dict, seat: int, iid: str) -> None:
    """"Must discard a card from hand to use that personnel's skills": a discard pushed for
    the seat (moved here from effects/extra.py: it is an answer to a decision, and extra.py
    is part of the card language below every effect)."""
    state["turn"]["used"].append(f"skills_paid:{iid}")
    S.log(state, "paid_for_skills", seat=seat, card=iid, title=S.name(state, iid))
    FR.push(state, [{"discard": {"count": 1, "from": "hand"}}], F.ctx_for(state, iid, you=seat))
