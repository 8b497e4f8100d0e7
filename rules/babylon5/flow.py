"""The turn: ready_round, conflict_round, action_round, resolution_round, draw_round.

Why a step machine: every rule either changes the state and names the next
``state["step"]`` (named after the chapters: ``ready_round.sustain``, ``conflict_round.declare``,
``action_round``, ``resolution_round``, ``draw_round.buy`` …) or sets ``state["pending"]`` (the decision of exactly one seat).
``advance`` asks queued decisions first — forced discards, contingency triggers, a target
choice — then finishes an attack, then runs the current step. Simultaneous choices
(opening hands, face-down conflicts, discards, buying) are asked seat by seat in
initiative order, each hidden from the others.
"""
from __future__ import annotations

from .. import rng as R
from . import actions, combat, conflicts, setup, victory
from . import state as S
from . import values as V
from .effects.interpreter import draw, run

ACTION_LIMIT = 400  # RULES.md: a safety limit on actions per Action round


def pend(state: dict, seat: int, kind: str, prompt: str) -> None:
    state["pending"] = {"seat": seat, "kind": kind, "prompt": prompt}


# ---------------------------------------------------------------- ready_round

def turn_start(state: dict) -> None:
    t = state["turn"]
    t["number"] += 1
    t["round"] = "ready_round"
    t["index"] = 0
    S.log(state, "turn", None, number=t["number"])
    state["step"] = "ready_round.sustain"


def sustainable(state: dict, seat: int) -> list[str]:
    """Rotated cards continuing an action that may be sustained (Sustained Action)."""
    out = []
    for iid in state["seats"][seat]["play"]:
        c = state["cards"][iid]
        if not c["rotated"] or c["sustained"]:
            continue
        if c["leads"] or c["aide_bonus"] or any(m["source"] == iid and m["until"] == "while_rotated"
                                                for m in state["mods"]):
            out.append(iid)
    return out


def ready_round_sustain(state: dict) -> None:
    t = state["turn"]
    seats = S.order(state)
    while t["index"] < len(seats):
        s = seats[t["index"]]
        if sustainable(state, s):
            pend(state, s, "sustain", "Ready round: keep a card rotated to sustain its action, or ready the rest")
            return
        t["index"] += 1
    state["step"] = "ready_round.ready_restore_initiative"


def ready_round_ready(state: dict) -> None:
    """Step 1 ready every rotated card not sustained; step 2 restore influence;
    step 3 determine initiative."""
    for s in S.alive(state):
        for iid in state["seats"][s]["play"]:
            c = state["cards"][iid]
            if c["sustained"]:
                c["sustained"] = False
                continue
            if c["rotated"]:
                c["rotated"] = False
                c["leads"] = None
                c["aide_bonus"] = None
                state["mods"] = [m for m in state["mods"] if not (m["until"] == "while_rotated" and m["source"] == iid)]
            c["bids"] = {}
        state["seats"][s]["spent"] = 0
        state["seats"][s]["aide_discount"] = 0
        state["seats"][s]["bonus_influence"] = 0
    initiative(state)
    state["turn"]["round"] = "conflict_round"
    state["turn"]["index"] = 0
    state["step"] = "conflict_round.declare"


def initiative(state: dict) -> None:
    """Lowest influence rating first; ties: higher printed ambassador Diplomacy, then
    Intrigue, Psi, Leadership acts later; then at random from the seed."""
    def key(s):
        amb = state["seats"][s]["ambassador"]
        return (V.rating(state, s),) + tuple(V.printed(state, amb, a) for a in S.TIE_BREAK) + (
            R.randbelow(state["rng"], 1 << 30),)
    seats = S.alive(state)
    keys = {s: key(s) for s in seats}
    state["turn"]["order"] = sorted(seats, key=lambda s: keys[s])
    S.log(state, "initiative", None, order=list(state["turn"]["order"]))


# ---------------------------------------------------------------- conflict_round

def conflict_round_declare(state: dict) -> None:
    t = state["turn"]
    seats = S.order(state)
    if t["index"] < len(seats):
        pend(state, seats[t["index"]], "declare", "Conflict round: declare one conflict face down, "
             "by your agenda, or none")
        return
    state["step"] = "conflict_round.reveal"


# ---------------------------------------------------------------- action_round

def action_round_start(state: dict) -> None:
    t = state["turn"]
    t.update(round="action_round", to_act=0, passes=0, actions=0)
    state["step"] = "action_round"


def action_round(state: dict) -> None:
    t = state["turn"]
    seats = S.order(state)
    if t["passes"] >= len(seats) or t["actions"] >= ACTION_LIMIT:
        t.update(round="resolution_round", resolving=None, phase=None)
        state["step"] = "resolution_round"
        return
    t["to_act"] %= len(seats)
    pend(state, seats[t["to_act"]], "act", "Action round: perform one action or pass")


# ---------------------------------------------------------------- resolution_round

def resolution_round(state: dict) -> None:
    t = state["turn"]
    if t["resolving"] is None:
        todo = conflicts.ordered_conflicts(state)
        if not todo:
            t.update(round="draw_round", index=0)
            state["step"] = "draw_round.discard_neutralized"
            return
        k = todo[0]
        mine = [x for x in todo if x["initiator"] == k["initiator"]]
        if len(mine) > 1:
            if t.get("first") not in [x["id"] for x in mine]:
                pend(state, k["initiator"], "order_conflicts", "You started several conflicts: "
                     "choose which one is resolved next")
                return
            k = next(x for x in mine if x["id"] == t["first"])
        t["first"] = None
        t.update(resolving=k["id"], phase="aftermath", to_act=0, passes=0)
        conflicts.resolve_current(state, k)
        return
    k = conflicts.current_conflict(state)
    seats = S.order(state)
    if t["passes"] >= len(seats):
        conflicts.finish_conflict(state, k)
        t["resolving"] = None
        return
    t["to_act"] %= len(seats)
    pend(state, seats[t["to_act"]], "aftermath", "Play an aftermath card or pass")


# ---------------------------------------------------------------- draw_round

def draw_round_discard_neutralized(state: dict) -> None:
    """Step 1: discard neutralized Supporting cards (not Inner Circle ones)."""
    for s in S.alive(state):
        for iid in list(state["seats"][s]["play"]):
            c = state["cards"][iid]
            if c["zone"] == "play" and c["neutralized"] and c["level"] != "inner":
                combat.discard_from_play(state, iid, "neutralized supporting card (Draw round step 1)")
    state["turn"]["index"] = 0
    state["step"] = "draw_round.discard"


def _seat_round(state: dict, kind: str, prompt: str, wants, next_step: str) -> None:
    t = state["turn"]
    seats = S.order(state)
    while t["index"] < len(seats):
        if wants(seats[t["index"]]):
            pend(state, seats[t["index"]], kind, prompt)
            return
        t["index"] += 1
    t["index"] = 0
    state["step"] = next_step


def draw_round_discard(state: dict) -> None:
    _seat_round(state, "draw_discard", "Draw round: discard cards from your hand, one at a time, or stop",
                lambda s: bool(state["seats"][s]["hand"]), "draw_round.draw")


def draw_round_draw(state: dict) -> None:
    """Step 3: everyone draws one; an empty deck costs an Inner Circle character or the game."""
    t = state["turn"]
    seats = S.order(state)
    while t["index"] < len(seats):
        s = seats[t["index"]]
        if state["seats"][s]["deck"]:
            draw(state, s, 1)
            t["index"] += 1
            continue
        ic = [i for i in S.inner_circle(state, s) if i != state["seats"][s]["ambassador"]]
        if ic:
            pend(state, s, "empty_deck", "Your deck is empty: discard an Inner Circle character")
            return
        victory.lose(state, s, "could not draw and had no Inner Circle character but the ambassador to discard")
        if state["outcome"]:
            return
        seats = S.order(state)
    t["index"] = 0
    state["step"] = "draw_round.buy"


def draw_round_buy(state: dict) -> None:
    _seat_round(state, "buy", f"Draw round: buy a card for {S.BUY_COST} influence, or stop",
                lambda s: V.available(state, s) >= S.BUY_COST and bool(state["seats"][s]["deck"]), "draw_round.victory")


def draw_round_victory(state: dict) -> None:
    victory.check(state)
    if state["outcome"]:
        return
    end_of_turn(state)


def end_of_turn(state: dict) -> None:
    state["mods"] = [m for m in state["mods"] if m["until"] != "end_of_turn"]
    if state["turn"]["number"] >= state["turn_limit"]:
        victory.turn_limit(state)
        return
    state["step"] = "turn_start"


STEPS = {
    "opening_hand": setup.opening_step,
    "turn_start": turn_start,
    "ready_round.sustain": ready_round_sustain,
    "ready_round.ready_restore_initiative": ready_round_ready,
    "conflict_round.declare": conflict_round_declare,
    "conflict_round.reveal": conflicts.reveal_step,
    "action_round.start": action_round_start,
    "action_round": action_round,
    "resolution_round": resolution_round,
    "draw_round.discard_neutralized": draw_round_discard_neutralized,
    "draw_round.discard": draw_round_discard,
    "draw_round.draw": draw_round_draw,
    "draw_round.buy": draw_round_buy,
    "draw_round.victory": draw_round_victory,
}


def advance(state: dict) -> dict:
    guard = 0
    while state["outcome"] is None and state["pending"] is None:
        guard += 1
        if guard > 100000:  # pragma: no cover - a bug, not a rule
            raise RuntimeError("babylon5: the flow made no progress")
        if state["forced"]:
            f = state["forced"][0]
            if not state["seats"][f["seat"]]["hand"] or state["seats"][f["seat"]]["lost"] or f["count"] <= 0:
                state["forced"].pop(0)
                continue
            pend(state, f["seat"], "forced_discard", f"Discard a card from your hand ({f['count']} to go)")
            break
        if state["triggers"]:
            tr = state["triggers"][0]
            card = tr["card"]
            if not S.in_play(state, card) or not state["cards"][card]["face_down"] or state["seats"][tr["seat"]]["lost"]:
                state["triggers"].pop(0)
                continue
            pend(state, tr["seat"], "contingency", f"Something happened to the card your face-down contingency {card} is under: "
                 "reveal it if its trigger is met, or keep it hidden")
            break
        if state.get("choice"):
            ch = state["choice"]
            ch["options"] = [o for o in ch["options"]
                             if not isinstance(o, str) or o in ("global", "all") or S.in_play(state, o)]
            if not ch["options"]:
                _cancel_choice(state)
                continue
            pend(state, ch["seat"], "choose", ch["prompt"])
            break
        if state.get("attack"):
            combat.finish_attack(state)
            continue
        STEPS[state["step"]](state)
    return state


def _cancel_choice(state: dict) -> None:
    ch = state.pop("choice")
    card = ch.get("card")
    if card and state["cards"][card]["zone"] in ("hand", "play") and ch["op"] in (
            "event_target", "contingency_target", "aftermath_target", "enhancement_target"):
        c = state["cards"][card]
        if c["zone"] == "play" and ch["op"] == "enhancement_target":
            combat.discard_from_play(state, card, "no valid target", force=True)
        elif c["zone"] == "play":
            S.move(state, card, "discard")
        elif ch["op"] != "aftermath_target":
            S.move(state, card, "discard")


# ---------------------------------------------------------------- decisions

def legal_actions(state: dict, seat: int) -> list[dict]:
    p = state["pending"]
    if state["outcome"] is not None or p is None or p["seat"] != seat:
        return []
    kind = p["kind"]
    sd = state["seats"][seat]
    if kind == "opening_hand":
        return [{"type": "choose_opening", "card": c} for c in setup.opening_options(state, seat)]
    if kind == "sustain":
        return [{"type": "sustain", "card": i} for i in sustainable(state, seat)] + [{"type": "ready_rest"}]
    if kind == "declare":
        return conflicts.declare_options(state, seat)
    if kind == "name_target":
        k = next(x for x in state["conflicts"] if not x["named"])
        return [{"type": "name_target", "target": o} for o in conflicts.target_options(state, seat, k["ability"])]
    if kind == "act":
        return actions.legal(state, seat)
    if kind == "choose":
        return [{"type": "choose", "target": o} for o in state["choice"]["options"]]
    if kind == "contingency":
        tr = state["triggers"][0]
        return ([{"type": "reveal_contingency"}] if tr["matches"] else []) + [{"type": "keep_hidden"}]
    if kind == "forced_discard":
        return [{"type": "discard", "card": h} for h in sd["hand"]]
    if kind == "order_conflicts":
        first = conflicts.ordered_conflicts(state)[0]["initiator"]
        return [{"type": "resolve_next", "conflict": k["id"]} for k in conflicts.ordered_conflicts(state)
                if k["initiator"] == first]
    if kind == "aftermath":
        return conflicts.aftermath_options(state, seat, conflicts.current_conflict(state))
    if kind == "draw_discard":
        return [{"type": "discard", "card": h} for h in sd["hand"]] + [{"type": "done"}]
    if kind == "empty_deck":
        return [{"type": "discard_inner_circle", "card": i} for i in S.inner_circle(state, seat)
                if i != sd["ambassador"]]
    if kind == "buy":
        return [{"type": "buy"}, {"type": "done"}]
    return []


def answer(state: dict, seat: int, a: dict) -> dict:
    p = state["pending"]
    state["pending"] = None
    kind = p["kind"]
    t = state["turn"]
    typ = a["type"]
    if kind == "opening_hand":
        setup.choose_opening(state, seat, a["card"])
    elif kind == "sustain":
        if typ == "sustain":
            state["cards"][a["card"]]["sustained"] = True
            S.log(state, "sustained", seat, card=a["card"], title=S.title(state, a["card"]))
        else:
            t["index"] += 1
    elif kind == "declare":
        if typ != "no_conflict":
            conflicts.declare(state, seat, a)
            if conflicts.declared(state, seat) >= conflicts.allowed_conflicts(state, seat):
                t["index"] += 1
        else:
            S.log(state, "no_conflict", seat)
            t["index"] += 1
    elif kind == "name_target":
        conflicts.name_target(state, seat, a["target"])
    elif kind == "act":
        t["actions"] += 1
        if typ == "pass":
            t["passes"] += 1
            S.log(state, "pass", seat)
        else:
            t["passes"] = 0
            actions.perform(state, seat, a)
        t["to_act"] += 1
    elif kind == "choose":
        actions.answer_choice(state, seat, a["target"])
    elif kind == "contingency":
        tr = state["triggers"].pop(0)
        if typ == "reveal_contingency":
            reveal_contingency(state, tr["card"], tr["ctx"])
    elif kind == "forced_discard":
        S.move(state, a["card"], "discard")
        S.log(state, "discarded_from_hand", seat, card=a["card"], title=S.title(state, a["card"]))
        state["forced"][0]["count"] -= 1
        if state["forced"][0]["count"] <= 0:
            state["forced"].pop(0)
    elif kind == "order_conflicts":
        t["first"] = a["conflict"]
    elif kind == "aftermath":
        if typ == "pass":
            t["passes"] += 1
        else:
            t["passes"] = 0
            k = conflicts.current_conflict(state)
            card = a["card"]
            state["seats"][seat]["spent"] += S.d(state, card).get("cost") or 0
            targets = conflicts.aftermath_targets(state, seat, card, k)
            S.move(state, card, "play", seat)  # played face up: public from now on
            actions.ask(state, seat, "aftermath_target", targets,
                        f"Choose the target of {S.title(state, card)}", card=card)
        t["to_act"] += 1
    elif kind == "draw_discard":
        if typ == "done":
            t["index"] += 1
        else:
            S.move(state, a["card"], "discard")
            S.log(state, "discarded_from_hand", seat, card=a["card"], title=S.title(state, a["card"]))
    elif kind == "empty_deck":
        combat.discard_from_play(state, a["card"], "deck empty: an Inner Circle character instead of a draw")
        t["index"] += 1
    elif kind == "buy":
        if typ == "done":
            t["index"] += 1
        else:
            state["seats"][seat]["spent"] += S.BUY_COST
            draw(state, seat, 1)
            S.log(state, "bought", seat)
    return advance(state)


def reveal_contingency(state: dict, iid: str, ctx: dict) -> None:
    c = state["cards"][iid]
    c["face_down"] = False
    S.log(state, "contingency_revealed", c["seat"], card=iid, title=S.title(state, iid), on=ctx.get("attached"))
    for ab in S.mech(state, iid, "contingency"):
        run(state, ab.get("effects"), {**ctx, "you": c["seat"], "source": iid})
    combat.discard_from_play(state, iid, "contingency carried out", force=True)
