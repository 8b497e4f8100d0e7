"""The driver: run automatic steps until a decision is pending, and apply answers.

Why: every rule module either changes the state and names the next ``state["step"]``, or
sets ``state["pending"]`` (the decision of exactly one seat). ``advance`` runs the effect
stack first, then queued triggers (ordered by the hero), then the current step.
"""
from __future__ import annotations

from . import abilities, actions_hero, actions_villain, debrief, deciding_to_continue, resolve, setup, turn, victory
from . import state as S
from .effects import interpreter as I
from .glossary import leave_play
from .replacements import incapacitate
from .triggers import fire
from .triggers import step as trigger_step

MISSION_ACTION_LIMIT = 60  # RULES.md: "Action limit per mission"


def act_step(state: dict) -> None:
    t = state["turn"]
    state["pending"] = {"seat": t["to_act"], "kind": "act", "prompt": "Perform an action or pass", "options": None}


def after_actions(state: dict) -> None:
    state["step"] = "ship_battle"


STEPS = {
    "setup_stop": setup.setup_step,
    "turn_start": turn.turn_start,
    "power_end": turn.power_end,
    "mission_play": turn.mission_phase,
    "actions": act_step,
    "ship_battle": resolve.ship_battle,
    "victory_text": resolve.victory_text,
    "victory_texts": resolve.success_and_failure_text,
    "determine": resolve.determine_success,
    "texts": resolve.success_and_failure_text,
    "stop_assigned": resolve.stop_assigned,
    "revive_or_score": resolve.revive_or_score,
    "destroy_obstacles": resolve.destroy_obstacles,
    "earn_glyph": resolve.earn_a_glyph,
    "mission_end": deciding_to_continue.end_of_mission,
    "continue": deciding_to_continue.deciding_to_continue,
    "debrief": debrief.debrief,
    "debrief_ready": debrief.debrief_ready,
    "failed_missions": debrief.failed_missions,
    "refill": debrief.refill,
    "turn_end": debrief.turn_end,
}


def advance(state: dict, checked: bool = False) -> dict:
    """Run automatic steps until a decision is pending or the game is over. ``checked``:
    the caller has just found no winner in this very state; the victory check is a pure
    function of the state, so it runs again only once some step has changed it (it was
    three quarters of a fold's time, and the first check after an answer repeated the one
    the answer made)."""
    for _ in range(100000):
        if state["outcome"] is not None:
            state["pending"] = None
            return state
        if state["pending"] is not None:
            return state
        if glyph_order_step(state):
            checked = False
            continue
        if state["stack"]:
            I.run(state)
            checked = False
            continue
        if discard_resolved_events(state):
            checked = False
            continue
        if trigger_step(state):
            checked = False
            continue
        if not checked and victory.check(state):
            continue
        STEPS[state["step"]](state)
        checked = False
    raise RuntimeError("the game did not settle")  # pragma: no cover


def discard_resolved_events(state: dict) -> bool:
    """Rulebook (Performing Actions, play an event): "carry out the text, then place the
    event in your discard pile". An event played waits in ``state["resolving"]`` until no
    frame of its text is on the stack and none of its triggers is queued; then it goes to
    its owner's discard pile. Its text cannot take it back from there (Perks, Conservation,
    Leave Behind No Trace) and "each time you place an event in your discard pile" (Sina)
    hears it after the text. An event its text moved elsewhere stays there."""
    waiting = state.get("resolving")
    if not waiting:
        return False
    busy = {f.get("ctx", {}).get("source") for f in state["stack"]} | {t["source"] for t in state["trigger_queue"]}
    done = [i for i in waiting if i not in busy]
    for iid in done:
        S.move(state, iid, "discard")
    return bool(done)


def glyph_order_step(state: dict) -> bool:
    """A destroyed support character's glyphs go to the bottom of the mission pile in the
    order of the owner's choice: he picks the next one until one is left."""
    orders = state.get("glyph_orders")
    if not orders:
        return False
    order = orders[0]
    if len(order["cards"]) <= 1:
        orders.pop(0)
        return True
    I.set_pending(state, order["seat"], "order_glyphs", "Choose the next glyph to put on the bottom of your mission pile",
                  [{"type": "order_glyph", "card": i} for i in order["cards"]])
    return True


def performing_actions(state: dict, seat: int) -> list[dict]:
    """Legal actions of the seat whose chance it is to act: pass, plus its role's actions."""
    t = state["turn"]
    out = [{"type": "pass"}]
    if t.get("actions_this_mission", 0) >= MISSION_ACTION_LIMIT:
        return out
    if seat in state["mission"].get("only_pass", []):
        return out  # "he can do nothing but pass until the end of the mission" (MALP)
    if seat == t["hero"]:
        out += actions_hero.legal(state, seat)
    else:
        out += actions_villain.legal(state, seat)
    out += abilities.legal(state, seat)
    return out


def legal_actions(state: dict, seat: int) -> list[dict]:
    p = state["pending"]
    if state["outcome"] is not None or p is None or p["seat"] != seat:
        return []
    if p["kind"] == "act":
        return performing_actions(state, seat)
    return list(p["options"])


def perform(state: dict, seat: int, action: dict) -> None:
    t = state["turn"]
    kind = action["type"]
    if kind == "pass":
        t["passes"] += 1
        S.log(state, "passed", seat=seat)
        waiting = state["mission"].get("after_next_pass", [])
        if seat in waiting:
            # MALP: from this pass on, this player can only pass until the end of the mission
            waiting.remove(seat)
            state["mission"].setdefault("only_pass", []).append(seat)
            S.log(state, "only_pass", seat=seat)
        fire(state, "player_passes", seat=seat)
        if t["passes"] >= 2:
            state["step"] = "ship_battle"
            return
    else:
        t["passes"] = 0
        t["actions_this_mission"] = t.get("actions_this_mission", 0) + 1
        if kind == "play":
            actions_hero.play_card(state, seat, action["card"])
        elif kind == "assign":
            actions_hero.assign(state, seat, action["card"])
        elif kind == "boost":
            actions_hero.boost(state, seat, action["card"], action["target"])
        elif kind == "complication":
            actions_villain.play_complication(state, seat, action["card"])
        elif kind == "activate":
            abilities.activate(state, seat, action["card"], action["ability"])
    t["to_act"] = t["villain"] if seat == t["hero"] else t["hero"]


def answer(state: dict, seat: int, action: dict) -> dict:
    """Apply the answer to the pending decision, then run until the next decision (within
    ``state.applying``: the match's cards are known not to change while it runs)."""
    with S.applying(state):
        return _answer(state, seat, action)


def _answer(state: dict, seat: int, action: dict) -> dict:
    p = state["pending"]
    state["pending"] = None
    kind = p["kind"]
    if kind in ("setup_stop", "mulligan"):
        setup.answer(state, action)
    elif kind == "act":
        perform(state, seat, action)
    elif kind in ("choose_card", "yes_no", "choose_one"):
        frame = state["stack"][-1]
        frame["answer"] = action["card"] if "card" in action else action["yes"] if "yes" in action else action["option"]
        if action.get("bottom"):
            frame["to_bottom"] = True
    elif kind == "replace":
        # a replacement effect chosen (or none: ``source`` null) in the middle of an event
        state["stack"][-1]["answer"] = {"source": action["source"], "ability": action.get("ability")}
    elif kind == "order_triggers":
        t = state["turn"]
        t["trigger_choice"] = action["index"]
    elif kind == "order_text":
        resolve.use_text(state, action["card"])
    elif kind == "use_text":
        resolve.answer_text(state, action["yes"])
    elif kind == "incapacitate_ship":
        if action["card"]:
            incapacitate(state, action["card"])
    elif kind == "revive_or_score":
        resolve.answer_adversary(state, action["choice"])
    elif kind == "dominion":
        if action["card"]:
            leave_play(state, action["card"], "score_pile")
    elif kind == "earn_glyph":
        resolve.earn(state, action["card"])
    elif kind == "continue":
        deciding_to_continue.answer(state, action["yes"])
    elif kind == "order_failed":
        debrief.bottom(state, action["card"])
    elif kind == "order_glyphs":
        order = state["glyph_orders"][0]
        order["cards"].remove(action["card"])
        S.move(state, action["card"], "mission_pile")
        for rest in order["cards"]:  # the others stay below it until chosen
            S.move(state, rest, "mission_pile")
    elif kind == "discard_down":
        S.move(state, action["card"], "discard")
    return advance(state, checked=victory.check(state) is None)
