"""Premiere cards used during a mission attempt, played as printed (their authored mechanics
from the card database) through the reducer: the attempting player's action points
(RULES.md "Actions during a mission attempt") — Kovat 1U243, Elim Garak 1R236."""
from rules.startrek2e import glossary as G
from rules.startrek2e import state as S
from rules.startrek2e import stats as ST
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card

from . import fixtures as FX
from .helpers import act, attempt, check_invariants, find, mission, options, put, real, started, turn_to

DB = card_db()


def _survey(st: dict, integrity: int) -> str:
    """Seat 0's planet mission needing Anthropology and Integrity>``integrity``."""
    st["extra_cards"]["X-SV"] = FX.mission("X-SV", "Survey", "planet", reqs=[
        {"skills": {"Anthropology": 1}, "attributes": {"integrity": integrity}}], affs=("cardassian", "federation"))
    m = mission(st, 0, "T-P1")
    st["cards"][m]["guid"] = "X-SV"
    return m


# -- Kovat: "you may kill your captive to make this personnel attributes +3" -------------------
def _kovat_scene(seed: str, captive: bool = True, integrity: int = 19):
    st = started(seed)
    m = _survey(st, integrity)
    kovat = real(st, 0, "T-F6", "1U243", "pile", m)  # Integrity 5
    team = [kovat, put(st, 0, "T-F5", "pile", m), put(st, 0, "T-F2", "pile", m)]  # 5 + 6 + 6 = 17
    prisoner = None
    if captive:
        prisoner = put(st, 1, "T-K2", "pile", mission(st, 1, "T-HQK"))
        G.place_in_brig(st, prisoner, 0)
    return turn_to(st, 0, "orders"), m, kovat, team, prisoner


def test_kovat_kills_your_captive_before_the_requirements_are_checked_and_completes_the_mission():
    st, m, kovat, team, prisoner = _kovat_scene("kovat")
    st = attempt(st, m)
    assert st["pending"]["kind"] == "attempt_action" and st["pending"]["seat"] == 0
    assert options(st) == [{"type": "action", "card": kovat, "ability": 0}, {"type": "pass"}]
    st = act(st, {"type": "action", "card": kovat, "ability": 0})
    st = act(st, {"type": "choose", "card": prisoner})  # the cost: which captive (the only one)
    assert st["cards"][prisoner]["zone"] == "discard" and st["cards"][prisoner]["owner"] == 1
    # 17 + 3 = 20 > 19: completed; the +3 lasted only until the end of that attempt
    assert st["cards"][m].get("completed") and st["seats"][0]["score"] == 35
    assert ST.value(st, kovat, "integrity") == 5 and ST.value(st, kovat, "strength") == 3
    check_invariants(st)


def test_kovat_passing_fails_and_without_a_captive_nobody_is_asked():
    st, m, kovat, team, prisoner = _kovat_scene("kovat-pass")
    st = attempt(st, m)
    st = act(st, {"type": "pass"})
    assert not st["cards"][m].get("completed") and all(st["cards"][i]["stopped"] for i in team)
    assert st["cards"][prisoner]["zone"] == "brig"
    st, m, kovat, team, _ = _kovat_scene("kovat-none", captive=False)
    st = attempt(st, m)
    assert st["pending"]["kind"] == "orders" and not st["cards"][m].get("completed")


def test_kovat_while_facing_a_dilemma_and_only_once_each_turn():
    """The action point after a dilemma's reveal, before its text: a dilemma stopping
    everyone unless Integrity>12 is met only with Kovat's +3, which lasts the attempt."""
    st, m, kovat, team, prisoner = _kovat_scene("kovat-facing", integrity=13)
    st["extra_cards"]["X-D"] = FX.dilemma("X-D", "Test of Will", "dual", 1, [
        {"unless": {"attributes": {"integrity": 12}}, "then": [{"stop": {"all": {}}}]}])
    st["cards"][st["seats"][1]["dilemmas"][0]]["guid"] = "X-D"
    S.move(st, team[2], "hand", 0)  # Kovat and Tasha: Integrity 11, 14 with the +3
    st = attempt(st, m, dilemmas=["X-D"])
    a = st["attempt"]
    assert st["pending"]["kind"] == "attempt_action" and a["current"] is not None and not a["resolving"]
    st = act(st, {"type": "action", "card": kovat, "ability": 0})
    st = act(st, {"type": "choose", "card": prisoner})
    assert st["cards"][prisoner]["zone"] == "discard"
    assert not any(e["event"] == "stopped" for e in st["log"])  # the dilemma was met
    # once each turn: no open action at the requirements point, nobody is asked; 14 > 13
    assert st["pending"]["kind"] == "orders" and st["cards"][m].get("completed")


# -- Elim Garak: "discard a personnel from hand to give him one of its skills" --------------
def _garak_scene(seed: str):
    st = started(seed)
    m = mission(st, 0, "T-P2")  # Medical + Security, or 2 Leadership
    garak = real(st, 0, "T-F6", "1R236", "pile", m)  # Security, Treachery, …
    put(st, 0, "T-F4", "pile", m)  # Data: a Federation personnel may attempt it
    return st, m, garak


def test_elim_garak_gains_a_skill_of_the_personnel_discarded_and_completes_the_mission():
    st, m, garak = _garak_scene("garak")
    crusher = find(st, 0, "T-F2")
    S.move(st, crusher, "hand", 0)
    st = turn_to(st, 0, "orders")
    st = attempt(st, m)
    assert {"type": "action", "card": garak, "ability": 0} in options(st)
    st = act(st, {"type": "action", "card": garak, "ability": 0})
    assert st["pending"]["kind"] == "choose"  # the cost: only personnel in hand are offered
    assert all(S.ctype(st, o["card"]) == "personnel" for o in options(st)) and crusher in [o["card"] for o in options(st)]
    st = act(st, {"type": "choose", "card": crusher})
    assert st["cards"][crusher]["zone"] == "discard"
    assert {o["skill"] for o in options(st)} == {"Medical", "Biology"}  # printed skills of the discarded card
    st = act(st, {"type": "choose", "skill": "Medical"})
    assert ST.value(st, garak, "Medical") == 1
    st = act(st, {"type": "pass"})  # the point is offered again after an action
    assert st["cards"][m].get("completed") and st["seats"][0]["score"] == 30
    assert ST.value(st, garak, "Medical") == 0  # until the end of that mission attempt
    check_invariants(st)


def test_elim_garak_asks_whenever_the_hand_holds_cards_but_offers_only_pass_without_a_personnel():
    """Being asked never tells the opponent whether a personnel is in hand."""
    st, m, garak = _garak_scene("garak-hidden")
    hand = st["seats"][0]["hand"]
    for i in [i for i in hand if S.ctype(st, i) == "personnel"]:
        S.move(st, i, "discard", 0)
    if not hand:
        S.move(st, find(st, 0, "T-EV4"), "hand", 0)
    st = turn_to(st, 0, "orders")
    st = attempt(st, m)
    assert st["pending"]["kind"] == "attempt_action" and options(st) == [{"type": "pass"}]
    st = act(st, {"type": "pass"})
    assert not st["cards"][m].get("completed")
    st, m, garak = _garak_scene("garak-empty")
    for i in list(st["seats"][0]["hand"]):
        S.move(st, i, "discard", 0)
    st = turn_to(st, 0, "orders")
    st = attempt(st, m)
    assert st["pending"]["kind"] == "orders"  # an empty hand: nothing is open, nobody is asked


def test_kovat_and_elim_garak_read_as_the_engine_plays_them():
    assert render_card(DB["1U243"]) == [
        "While this personnel is attempting a mission, you may kill a personnel held in your brig to give this "
        "personnel attributes +3 until the end of this mission attempt. You may do this only once each turn."]
    assert render_card(DB["1R236"]) == [
        "While this personnel is attempting a mission, you may discard a personnel from hand to give this personnel "
        "one skill of your choice from that discarded personnel until the end of this mission attempt."]
    assert DB["1R236~2"]["mechanics"] == DB["1R236"]["mechanics"]
