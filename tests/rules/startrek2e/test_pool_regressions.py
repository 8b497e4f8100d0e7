"""Breaks the Premiere-pool random play (test_random_play_card_pools.py) found, each
fixed and replayed here with the real card through the reducer."""
from __future__ import annotations

from rules.startrek2e.game import GAME

from .helpers import act, attempt, check_view, mission, options, put, real, started, turn_to


def test_a_personnel_returned_to_hand_during_an_attempt_is_not_shown_in_the_attempt():
    """Chula: Pick One to Save Two returns an attempting personnel to its owner's hand; the
    attempt in the opponent's view no longer names him (his id would point into the hand)."""
    st = started("chula-pick")
    planet = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", planet) for g in ("T-F1", "T-F2", "T-F3", "T-F4")]
    real(st, 1, "T-D1", "1C016")
    st = turn_to(st, 0, "orders")
    st = attempt(st, planet, dilemmas=["1C016", "T-D2"])
    if st["pending"]["kind"] == "attempt_action":
        st = act(st, {"type": "pass"})
    assert st["pending"]["kind"] == "yes_no"  # return one of the three, or stop all three
    st = act(st, {"type": "yes_no", "yes": True})
    back = options(st)[0]["card"]
    st = act(st, {"type": "choose", "card": back})
    assert back in st["seats"][0]["hand"]
    assert back in team and st["attempt"] is not None  # the others go on with the attempt
    assert back not in GAME.view(st, 1)["attempt"]["personnel"]
    for viewer in (1, "spectator"):
        check_view(st, viewer)
