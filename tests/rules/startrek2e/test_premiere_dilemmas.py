"""Premiere cards about who faces a dilemma and dilemmas that stay on a mission, played as
printed (their authored mechanics from the card database) through the reducer: The Tides of
Fortune 1U144."""
from rules.startrek2e import state as S
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card

from . import fixtures as FX
from .helpers import act, attempt, check_invariants, mission, put, real, respond, started, turn_to

DB = card_db()


# -- The Tides of Fortune: your ship's crew faces your own space dilemma, score 10 ----------------
def _tides(seed: str, dilemma: str = "1C031"):
    st = started(seed)
    m = mission(st, 0, "T-S1")  # Navigation, Security, Cunning>18
    ship = put(st, 0, "T-SF", "ships", m)
    team = [put(st, 0, g, "aboard", ship) for g in ("T-F1", "T-F4", "T-F5", "T-F3")]
    scout = real(st, 1, "T-SK", "1C412", "ships", m)  # Romulan Scout Vessel: two staff icons
    crew = [real(st, 1, g, c, "aboard", scout) for g, c in (("T-K4", "1C355"), ("T-K5", "1C358"))]
    if dilemma:
        real(st, 1, "T-D1", dilemma)
    i = real(st, 1, "T-I2", "1U144")
    S.move(st, i, "hand", 1)
    return turn_to(st, 0, "orders"), m, team, scout, crew, i


def test_the_tides_of_fortune_your_crew_faces_your_space_dilemma_instead_and_you_score_10():
    """Invidium Leak (unless Engineer and 2 Programming, or 2 Medical: stop all) stops the
    Romulan crew facing it instead; the attempting personnel go on and complete the mission."""
    st, m, team, scout, crew, i = _tides("tides")
    st = attempt(st, m, dilemmas=["1C031"], ship=st["cards"][team[0]]["in"], respond_with=i)
    if st["pending"]["kind"] == "choose":  # which of your staffed [Rom] ships there (the only one)
        st = act(st, {"type": "choose", "card": scout})
    st = respond(st)
    assert all(st["cards"][c]["stopped"] for c in crew)
    assert st["seats"][1]["score"] == 10
    assert st["cards"][m].get("completed") and st["seats"][0]["score"] == 40
    under = [st["cards"][d]["guid"] for d in st["cards"][m]["under"]]
    assert under == ["1C031"]  # overcome at the mission as usual
    check_invariants(st)


def test_the_tides_of_fortune_only_for_a_non_consume_space_dilemma_and_a_staffed_romulan_ship():
    st, m, team, scout, crew, i = _tides("tides-dual", dilemma=None)
    ship = st["cards"][team[0]]["in"]
    st = attempt(st, m, dilemmas=["T-D1"], ship=ship, respond_with=i)  # a dual dilemma
    assert i in st["seats"][1]["hand"] and st["seats"][1]["score"] == 0
    st, m, team, scout, crew, i = _tides("tides-unstaffed")
    S.move(st, crew[0], "hand", 1)  # one staff icon missing: not staffed
    st = attempt(st, m, dilemmas=["1C031"], ship=st["cards"][team[0]]["in"], respond_with=i)
    assert i in st["seats"][1]["hand"] and st["seats"][1]["score"] == 0
    st, m, team, scout, crew, i = _tides("tides-consume")
    consume = FX.dilemma("X-C", "Consuming Leak", "space", 1, DB["1C031"]["mechanics"][0]["effects"])
    consume["keywords"] = ["Consume: 1"]
    st["extra_cards"]["X-C"] = consume
    d = next(x for x in st["seats"][1]["dilemmas"] if st["cards"][x]["guid"] == "1C031")
    st["cards"][d]["guid"] = "X-C"
    st = attempt(st, m, dilemmas=["X-C"], ship=st["cards"][team[0]]["in"], respond_with=i)
    assert i in st["seats"][1]["hand"] and st["seats"][1]["score"] == 0


def test_the_tides_of_fortune_reads_as_the_engine_plays_it():
    assert render_card(DB["1U144"]) == [
        "Play when one of your dilemmas is revealed to an opponent's attempting personnel, if that card is a space "
        "dilemma (except a Consume card) and you command a staffed [Rom] ship at that mission: one of your staffed "
        "[Rom] ships at that mission and your personnel aboard it face that dilemma instead, then score 10 points."]


# -- Quarren Labor Shortage: "unless at least half your personnel are not [NA]" ------------------
def _quarren(seed: str, guids: tuple):
    st = started(seed)
    real(st, 1, "T-D1", "1U047")
    m = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", m) for g in guids]
    return turn_to(st, 0, "orders"), m, team


def test_quarren_labor_shortage_half_not_non_aligned_is_enough():
    st, m, team = _quarren("quarren-half", ("T-N1", "T-N1", "T-F1", "T-F7"))  # two [NA], two [Fed]
    st = attempt(st, m, dilemmas=["1U047"])
    assert not any(e["event"] == "stopped" for e in st["log"])
    assert [st["cards"][d]["guid"] for d in st["cards"][m]["under"]] == ["1U047"]


def test_quarren_labor_shortage_stops_everyone_and_returns_to_its_pile():
    st, m, team = _quarren("quarren-short", ("T-N1", "T-N1", "T-F1"))  # two [NA] of three
    st = attempt(st, m, dilemmas=["1U047"])
    assert all(st["cards"][p]["stopped"] for p in team) and not st["cards"][m].get("completed")
    d = next(i for i in st["cards"] if st["cards"][i]["guid"] == "1U047")
    assert st["cards"][d]["zone"] == "dilemmas" and st["seats"][1]["dilemmas"][-1] == d
    assert render_card(DB["1U047"]) == [
        "Unless at least half of your personnel are not [NA] personnel, stop all your attempting personnel, then "
        "place this dilemma on the bottom of its owner's dilemma pile."]
