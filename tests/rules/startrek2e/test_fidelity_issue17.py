"""Rules-fidelity patterns of issue 17 (Star Trek 2E, Call to Arms and Necessary Evil), each played
with the real cards: the fix is in the engine or in every authored card the pattern touches, and
each test here fails without it."""
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card

from .helpers import act, attempt, check_invariants, mission, options, put, real, started, turn_to

DB = card_db()


def _text(cid: str) -> str:
    return " ".join(render_card(DB[cid]))


def _name_at_end_of_turn(st: dict, seat: int, title: str) -> dict:
    """Sensing a Trap's "At the end of each of your turns, name a card": ``seat`` ends his turn and
    names ``title``."""
    st = turn_to(st, seat, "turn_end")
    while st["pending"]["kind"] != "choose" or "title" not in st["pending"]["options"][0]:
        st = act(st, options(st)[0])
    assert {"type": "choose", "title": title} in options(st)
    return act(st, {"type": "choose", "title": title})


# ------------------------------------------------ (1) an interrupt is played: card_played
def test_sensing_a_trap_scores_an_order_interrupt_the_opponent_plays():
    """Sensing a Trap: "When an opponent plays that card, score 10 points." Seat 0 names
    One-Upsmanship; seat 1 plays it as an order interrupt (play.play_card): 10 points (an interrupt
    fired no ``card_played``, so it scored nothing)."""
    st = started("trap-order-interrupt", a="kli", b="kli")
    trap = real(st, 0, "T-EV2", "3U053", "core", 0)
    st["cards"][trap]["commander"] = 0
    st = _name_at_end_of_turn(st, 0, "One-Upsmanship")
    upsmanship = real(st, 1, "T-I2", "4U092", "hand", 1)
    st = turn_to(st, 1, "orders")
    st = act(st, next(o for o in options(st) if o.get("card") == upsmanship))
    while st["pending"]["kind"] in ("choose", "respond", "yes_no"):
        st = act(st, {"type": "pass"} if st["pending"]["kind"] == "respond" else options(st)[0])
        if st["pending"]["kind"] == "orders":
            break
    assert st["seats"][0]["score"] == 10
    check_invariants(st)


def test_sensing_a_trap_scores_a_response_interrupt_the_opponent_plays():
    """The same for an interrupt played in a response window (triggers.answer): seat 1 names The
    Promise; seat 0 plays it when a dilemma is revealed to his attempting Klingons: seat 1 scores 10."""
    st = started("trap-when-interrupt", a="kli", b="kli")
    trap = real(st, 1, "T-EV2", "3U053", "core", 1)
    st["cards"][trap]["commander"] = 1
    st = _name_at_end_of_turn(st, 1, "The Promise")
    promise = real(st, 0, "T-I1", "1S143", "hand", 0)
    m = mission(st, 0, "T-P1")
    for g in ("T-K1", "T-K2", "T-K6"):
        put(st, 0, g, "pile", m)
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=("T-D8",), respond_with=promise)
    assert st["cards"][promise]["zone"] == "discard"
    while st["pending"]["kind"] in ("choose", "respond"):
        st = act(st, {"type": "pass"} if st["pending"]["kind"] == "respond" else options(st)[0])
    assert st["seats"][1]["score"] == 10
    check_invariants(st)


def test_bashir_and_lovok_answer_their_players_infiltration_interrupt():
    """Bashir and Lovok (Infiltrators on an opponent's planet, present with his Worf): "When you play
    an Infiltration card, if this personnel is present with an opponent's personnel, you may draw a
    card" / "… your opponent discards a card at random from hand". Pseudopod is an Infiltration
    interrupt (an order): Bashir is offered and draws, Lovok makes seat 1 discard (neither answered
    an interrupt). The response comes before Pseudopod's cost is chosen, as for an event's."""
    st = started("bashir-pseudopod", a="fed", b="kli")
    m = mission(st, 1, "T-P1")
    bashir = real(st, 0, "T-F1", "3R150", "pile", m)
    lovok = real(st, 0, "T-F2", "3U161", "pile", m)
    put(st, 1, "T-K1", "pile", m)
    pod = real(st, 0, "T-I2", "3R076", "hand", 0)
    st = turn_to(st, 0, "orders")
    hand0, hand1 = len(st["seats"][0]["hand"]), len(st["seats"][1]["hand"])
    st = act(st, {"type": "play", "card": pod})
    assert {"type": "respond", "card": bashir, "ability": 0} in options(st)
    st = act(st, {"type": "respond", "card": bashir, "ability": 0})
    assert len(st["seats"][0]["hand"]) == hand0 - 1 + 1  # Pseudopod played, one card drawn
    st = act(st, {"type": "choose", "card": lovok})  # Pseudopod's cost: Lovok returns to hand
    assert st["cards"][lovok]["zone"] == "hand"
    assert len(st["seats"][1]["hand"]) == hand1 - 1  # Lovok's text (still pending as he left): one discarded
    check_invariants(st)
