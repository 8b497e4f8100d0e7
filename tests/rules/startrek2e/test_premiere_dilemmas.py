"""Premiere cards about who faces a dilemma and dilemmas that stay on a mission, played as
printed (their authored mechanics from the card database) through the reducer: The Tides of
Fortune 1U144, Quarren Labor Shortage 1U047, A Living Death 1U001, Limited Welcome 1S034."""
from rules.startrek2e import state as S
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card

from . import fixtures as FX
from .helpers import act, attempt, check_invariants, mission, options, put, real, respond, started, turn_to

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


# -- A Living Death: on the mission until the end of the turn; everyone on the planet weaker ------
def test_a_living_death_weakens_everyone_on_the_planet_but_treacherous_ones_until_the_end_of_turn():
    from rules.startrek2e import stats as ST
    st = started("living-death")
    real(st, 1, "T-D1", "1U001")
    m = mission(st, 0, "T-P1")  # Anthropology, Diplomacy, Integrity>20
    team = [put(st, 0, g, "pile", m) for g in ("T-F1", "T-F7", "T-F2", "T-F5")]  # Integrity 24
    envoy = put(st, 1, "T-K6", "pile", m)  # Treachery
    worf = put(st, 1, "T-K1", "pile", m)
    ship = put(st, 0, "T-SF", "ships", m)
    data = put(st, 0, "T-F4", "aboard", ship)  # at this mission, not on the planet
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["1U001"])
    d = next(i for i in st["cards"] if st["cards"][i]["guid"] == "1U001")
    assert st["cards"][d]["zone"] == "on" and st["cards"][d]["in"] == m
    assert not st["cards"][m].get("completed")  # Integrity 24 - 4 = 20 is not > 20
    assert [ST.value(st, i, "integrity") for i in team] == [5, 5, 5, 5]
    assert ST.value(st, worf, "strength") == 8 and ST.value(st, worf, "cunning") == 5
    assert ST.value(st, envoy, "integrity") == 6 and ST.value(st, data, "integrity") == 6
    st = act(st, {"type": "end_orders"})
    while st["turn"]["player"] == 0:
        st = act(st, options(st)[0])
    assert st["cards"][d]["zone"] == "under" and ST.value(st, team[0], "integrity") == 6
    check_invariants(st)
    assert render_card(DB["1U001"])[1] == (
        "While this dilemma is on a mission, each personnel at this mission on the planet (except a Treachery "
        "personnel) is Integrity -1.")


# -- Limited Welcome: nine go on; it waits on the mission to be added to a later draw ------------
def test_limited_welcome_stops_all_but_nine_and_joins_the_dilemmas_drawn_at_the_next_attempt():
    st = started("welcome")
    real(st, 1, "T-D1", "1S034")
    m = mission(st, 0, "T-P2")
    guids = ("T-F1", "T-F1", "T-F2", "T-F2", "T-F3", "T-F3", "T-F4", "T-F4", "T-F5", "T-F5", "T-F7")
    for g in guids:
        put(st, 0, g, "pile", m)
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["1S034"])
    d = next(i for i in st["cards"] if st["cards"][i]["guid"] == "1S034")
    stops = [e for e in st["log"] if e["event"] == "stopped"]
    assert st["cards"][d]["zone"] == "on" and st["cards"][d]["in"] == m
    # eleven attempted: two stopped by the dilemma, the nine went on (and completed Rescue Colonists)
    assert st["cards"][m].get("completed") and len(stops) == 2
    assert render_card(DB["1S034"]) == [
        "Select nine random personnel. Stop each personnel (except those personnel). Place this dilemma on this "
        "mission; when this mission is attempted again, after the dilemmas are drawn its owner may add it to those drawn."]


def test_limited_welcome_may_be_added_to_those_drawn_when_this_mission_is_attempted_again():
    st = started("welcome-again")
    real(st, 1, "T-D1", "1S034")
    m = mission(st, 0, "T-P1")  # stays uncompleted: no Anthropology below
    team = [put(st, 0, g, "pile", m) for g in ("T-F2", "T-F3", "T-F4")]
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["1S034"])
    d = next(i for i in st["cards"] if st["cards"][i]["guid"] == "1S034")
    assert st["cards"][d]["zone"] == "on" and not st["cards"][m].get("completed")
    for i in team:
        st["cards"][i]["stopped"] = False  # a later turn
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "attempt", "mission": m})
    st = respond(st)
    assert st["pending"]["kind"] == "add_dilemma" and st["pending"]["seat"] == 1
    assert options(st) == [{"type": "add_dilemma", "card": d}, {"type": "add_dilemma", "card": None}]
    st = act(st, {"type": "add_dilemma", "card": d})
    assert d in st["seats"][1]["drawn"] and len(st["seats"][1]["drawn"]) == 4  # three drawn + this one
    st = act(st, {"type": "choose_dilemma", "card": d})
    st = act(st, {"type": "choose_dilemma", "card": None})
    st = respond(st)
    assert st["cards"][d]["zone"] == "on"  # faced again, back on the mission
    check_invariants(st)
