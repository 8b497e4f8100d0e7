"""Rulebook "Turn Sequence": start of turn, (1) play and draw cards, (2) execute orders,
(3) discard excess cards, end-of-turn actions, then every stopped card of every player is
unstopped and every ship's Range restored; the next player is the one on the left.
"""
from __future__ import annotations

from . import glossary as G
from . import state as S
from .effects import extra as X
from .effects.ships import owed_range
from .effects import tallies as TL
from .effects import turn_scoped as TS
from .triggers import fire
from .victory import decks_empty


def turn_start(state: dict) -> None:
    t = state["turn"]
    t["number"] += 1
    t["orders"] = 0
    t["used"] = []
    t["repairs"] = []
    t.pop("no_attempt", None)  # "you cannot attempt that same mission again this turn" (Indomitable)
    state["seats"][t["player"]]["counters"] = S.COUNTERS
    t.pop("optional_counters", None)
    S.log(state, "turn", seat=t["player"], number=t["number"])
    TL.new_turn(state)  # what each player drew and played this turn (CONDITION this_turn)
    # "until the start of your next turn": those of the player whose turn begins end now
    state["mods"] = [x for x in state["mods"] if not (x["until"] == "start_of_your_next_turn"
                                                      and x.get("seat") == t["player"])]
    TL.expire_titles(state, t["player"])  # "This effect lasts until the start of your next turn" (Sensing a Trap)
    owed_range(state, t["player"])  # Range already used by a move "using its Range from your next turn"
    fire(state, "start_of_turn", seat=t["player"])  # "at the start of each of your turns"
    # "During each of your Play and Draw Cards segments, you may spend 1 additional counter for each …"
    X.add_optional_counters(state, t["player"], X.extra_counters(state, t["player"]))
    state["step"] = "play"


def discard_excess(state: dict) -> None:
    seat = state["turn"]["player"]
    hand = state["seats"][seat]["hand"]
    if len(hand) > S.HAND_LIMIT:
        S.set_pending(state, seat, "discard_excess", f"Discard down to seven cards ({len(hand)} in hand)",
                      [{"type": "discard", "card": i} for i in hand])
        return
    fire(state, "end_of_turn", seat=seat)  # "at the end of each of your turns"
    fire(state, "right_turn_ends", seat=seat)  # "at the end of the opponent on your right's turn" (At an Impasse)
    TS.end_of_turn(state)  # "at the end of this turn, kill that personnel" (said this turn; run first)
    state["step"] = "repair"


def repair_step(state: dict) -> None:
    """Damage: at the end of each of your turns you may remove one damage card from each
    of your ships at a headquarters that lets you play it."""
    seat = state["turn"]["player"]
    done = state["turn"]["repairs"]
    for ship in S.ships_in_play(state, seat):
        if ship not in done and G.repairable(state, ship):
            S.set_pending(state, seat, "repair", f"Remove a damage card from {S.name(state, ship)}?",
                          [{"type": "repair", "ship": ship, "card": d} for d in state["cards"][ship]["damage"]]
                          + [{"type": "repair", "ship": ship, "card": None}])
            return
    state["step"] = "turn_end"


def turn_end(state: dict) -> None:
    m_over = []
    for m in S.all_missions(state):  # dilemmas placed "until the end of this turn" are overcome
        for d in list(state["cards"][m]["on"]):
            if state["cards"][d].get("until_end_of_turn"):
                m_over.append((d, m))
    from .dilemmas import overcome
    for d, m in m_over:
        overcome(state, d, m)
    from .effects.requirements import expire
    expire(state)  # requirements added "until the end of that opponent's turn"
    TS.turn_over(state)  # "for the rest of this turn" ends
    state["mods"] = [x for x in state["mods"] if x["until"] in ("permanent", "start_of_your_next_turn")]
    for c in state["cards"].values():
        c["stopped"] = False
        if "range_used" in c:
            c["range_used"] = 0
    for s in state["seats"]:
        s["counters"] = 0
    if decks_empty(state):
        return
    state["turn"]["player"] = S.left_of(state, state["turn"]["player"])
    state["step"] = "turn_start"
