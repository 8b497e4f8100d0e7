"""Rules-fidelity patterns of issue 17 (Star Trek 2E, Call to Arms and Necessary Evil), each played
with the real cards: the fix is in the engine or in every authored card the pattern touches, and
each test here fails without it."""
import json
import re
from pathlib import Path

import pytest

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


# ------------------------------------------------ (2) "an event in your core": FILTER in_core
SHARED = Path(__file__).resolve().parents[3].parent / "shared" / "cards" / "star-trek-ccg-2e" / "cards.txt"
needs_shared = pytest.mark.skipif(not SHARED.is_file(), reason="the card database is not checked out")


def _printed() -> dict:
    """The printed text of each card, by collector's id (read from the card database's path)."""
    from rules.startrek2e.cards.importer import read_rows
    out: dict = {}
    for row in read_rows(SHARED.read_text(encoding="utf-8")):
        out.setdefault(row["CollectorsInfo"], row.get("Text", ""))
    return out


def _authored() -> dict:
    from rules.startrek2e.cards import mechanics_files
    return {cid: card for cards in mechanics_files().values() for cid, card in cards.items()
            if not cid.startswith("_") and card.get("mechanics") is not None}


@needs_shared
def test_every_event_in_your_core_is_read_in_a_core():
    """"While you command an event in your core" (Anneli), "more events in your core" (Rusot, Seskal),
    "the event in your core that has the highest cost" (Morik), "each event in each player's core"
    (Founder Architect), "an event in your core" (Rodak'koden, B'Etor, Lursa, Defragmentation Drone,
    Talnot): an event played on a card is not in a core. Every authored card whose printed text says
    so reads FILTER ``in_core`` (ten Necessary Evil personnel read "an event you command")."""
    printed, wrong = _printed(), []
    core = re.compile(r"events? (you command )?in (your|his or her|each player's|an opponent's) core", re.I)
    for cid, card in _authored().items():
        text = re.sub(r"Plays in your core\.", "", printed.get(cid.split("~")[0], ""))
        m = json.dumps(card["mechanics"])  # "plays an event in his or her core": plays_in_core (Party Atmosphere)
        if core.search(text) and '"in_core"' not in m and '"plays_in_core"' not in m:
            wrong.append(f"{cid} {card['title']}")
    assert not wrong, wrong
    assert "Destroy one of your events in your core to draw" in _text("4C111")


def test_anneli_and_morik_count_only_events_in_your_core():
    """Anneli: "While you command an event in your core, this personnel is attributes +1"; Morik: "The
    cost of the event in your core that has the highest cost is added to this personnel's attributes".
    Legal Proceedings (cost 1) played on a mission is commanded but not in the core: nothing; Attack
    Pattern (cost 2) in the core: +1 / +2."""
    from rules.startrek2e import stats as ST
    st = started("anneli-morik")
    hq = mission(st, 0, "T-HQF")
    anneli = real(st, 0, "T-F2", "4C099", "pile", hq)
    morik = real(st, 0, "T-F3", "4C163", "pile", hq)
    base = {c: ST.value(st, c, "cunning") for c in (anneli, morik)}
    on_mission = real(st, 0, "T-EV3", "2C047", "attached", mission(st, 0, "T-P1"))
    st["cards"][on_mission]["commander"] = 0
    assert {c: ST.value(st, c, "cunning") for c in (anneli, morik)} == base
    put(st, 0, "T-EV2", "core", 0)
    assert ST.value(st, anneli, "cunning") == base[anneli] + 1
    assert ST.value(st, morik, "cunning") == base[morik] + 2
    check_invariants(st)
