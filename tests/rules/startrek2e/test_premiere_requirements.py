"""Premiere cards that change what a mission or a dilemma requires, played as printed (their
authored mechanics from the card database) through the reducer: Secret Conspiracy 1R137,
Warrior's Birthright 1C119, Dathon 1R324."""
from rules.startrek2e import state as S
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card
from rules.startrek2e.game import GAME

from . import fixtures as FX
from .helpers import act, attempt, check_invariants, mission, options, put, real, started, turn_to

DB = card_db()


# -- Secret Conspiracy: the spies' skills join the mission's requirements --------------------------
def _conspiracy(seed: str):
    st = started(seed)
    m = mission(st, 0, "T-P1")  # Anthropology, Diplomacy, Integrity>20
    team = [put(st, 0, g, "pile", m) for g in ("T-F1", "T-F7", "T-F2", "T-F5")]  # Integrity 24
    spy = real(st, 1, "T-K6", "1U368", "pile", m)  # Selveth: Astrometrics, Engineer, Geology, Intelligence, 2 Navigation, Treachery
    i = real(st, 1, "T-I2", "1R137")
    S.move(st, i, "hand", 1)
    return turn_to(st, 0, "orders"), m, team, spy, i


def test_secret_conspiracy_adds_the_spies_skills_so_the_attempt_fails():
    st, m, team, spy, i = _conspiracy("conspiracy")
    st = attempt(st, m, respond_with=i)
    assert not st["cards"][m].get("completed") and all(st["cards"][p]["stopped"] for p in team)
    added = st["cards"][m]["added_requirements"]
    assert [x["req"] for x in added] == [{"skills": {"Astrometrics": 1, "Engineer": 1, "Geology": 1, "Navigation": 2,
                                                     "Treachery": 1}}]  # except Intelligence
    shown = next(x for x in GAME.view(st, 0)["seats"][0]["missions"] if x["id"] == m)
    assert shown["added_requirements"] == [added[0]["req"]]  # everyone sees what the mission now requires
    # until the end of that opponent's turn
    st = act(st, {"type": "end_orders"})
    while st["turn"]["player"] == 0:
        st = act(st, options(st)[0])
    assert "added_requirements" not in st["cards"][m]
    check_invariants(st)


def test_secret_conspiracy_not_played_lets_the_mission_be_completed():
    st, m, team, spy, i = _conspiracy("conspiracy-pass")
    st = attempt(st, m)
    assert st["cards"][m].get("completed") and i in st["seats"][1]["hand"]


def test_secret_conspiracy_needs_your_romulan_intelligence_personnel_at_that_mission():
    st, m, team, spy, i = _conspiracy("conspiracy-away")
    S.move(st, spy, "pile", mission(st, 1, "T-HQK"))
    st["pending"] = None
    st = turn_to(st, 0, "orders")
    st = attempt(st, m)
    assert st["cards"][m].get("completed")
    assert not any(e["event"] == "requirements_added" for e in st["log"])


def test_secret_conspiracy_reads_as_the_engine_plays_it():
    assert render_card(DB["1R137"]) == [
        "Play when an opponent's personnel is about to complete a mission, if you command a [Rom] Intelligence "
        "personnel at that mission: add the skills (except Intelligence) of each of your [Rom] Intelligence personnel "
        "at that mission to the mission's requirements until the end of this turn."]


# -- Warrior's Birthright: meet Integrity and Cunning requirements with Strength ------------------
GATE = FX.dilemma("X-G", "Gate of Wits", "dual", 1, [  # a requirement: meeting it helps
    {"unless": {"attributes": {"cunning": 20}}, "then": [{"stop": {"all": {}}}]}])
TRAP = FX.dilemma("X-T", "Honest Trap", "dual", 1, [  # "if you have Integrity>20": meeting it hurts
    {"if": {"meets": {"attributes": {"integrity": 20}}}, "then": [{"stop": {"all": {}}}]}])


def _birthright(seed: str, play: bool = True):
    st = started(seed)
    for d in (GATE, TRAP):
        st["extra_cards"][d["id"]] = d
    m = mission(st, 0, "T-P1")  # Anthropology, Diplomacy, Integrity>20
    team = [real(st, 0, old, new, "pile", m) for old, new in (("T-F1", "T-K6"), ("T-F2", "T-K1"), ("T-F3", "T-K2"))]
    # Envoy, Worf, Kurn: Integrity 18, Cunning 18, Strength 21
    ev = real(st, 0, "T-EV1", "1C119")
    S.move(st, ev, "hand", 0)
    st = turn_to(st, 0, "play")
    if play:
        plays = [o for o in options(st) if o.get("card") == ev]
        assert {o["at"] for o in plays} == set(st["seats"][0]["missions"])  # your missions
        st = act(st, {"type": "play", "card": ev, "at": m})
        assert st["cards"][ev]["zone"] == "attached" and st["cards"][ev]["in"] == m
    st["pending"] = None
    return turn_to(st, 0, "orders"), m, team


def test_warriors_birthright_meets_the_missions_and_the_dilemmas_requirements_with_strength():
    st, m, team = _birthright("birthright")
    for n, d in enumerate(("X-G", "X-T")):
        st["cards"][st["seats"][1]["dilemmas"][-1 - n]]["guid"] = d
    st = attempt(st, m, dilemmas=["X-G", "X-T"])
    assert not any(e["event"] == "stopped" for e in st["log"])  # Cunning>20 met with Strength 21; the trap not sprung
    assert st["cards"][m].get("completed") and st["seats"][0]["score"] == 35  # Integrity>20 met with Strength
    check_invariants(st)


def test_warriors_birthright_needs_three_klingons_and_works_only_at_its_mission():
    st, m, team = _birthright("birthright-none", play=False)
    st = attempt(st, m)
    assert not st["cards"][m].get("completed")  # Integrity 18 without the event
    st = started("birthright-two")
    real(st, 0, "T-F1", "T-K6", "pile", mission(st, 0, "T-P1"))
    real(st, 0, "T-F2", "T-K1", "pile", mission(st, 0, "T-P1"))
    ev = real(st, 0, "T-EV1", "1C119")
    S.move(st, ev, "hand", 0)
    st = turn_to(st, 0, "play")
    assert not [o for o in options(st) if o.get("card") == ev]  # two [Kli] personnel are not enough


# -- Dathon: Strength requirements of dilemmas met with Integrity, with another diplomat ----------
def _dathon(seed: str, partners: tuple):
    st = started(seed)
    wall = FX.dilemma("X-W", "Wall of Muscle", "dual", 1, [
        {"unless": {"attributes": {"strength": 24}}, "then": [{"stop": {"all": {}}}]}])
    st["extra_cards"]["X-W"] = wall
    st["cards"][st["seats"][1]["dilemmas"][-1]]["guid"] = "X-W"
    m = mission(st, 0, "T-P1")
    dathon = real(st, 0, "T-F6", "1R324", "pile", m)  # Integrity 8, Strength 6, 2 Diplomacy
    team = [dathon] + [put(st, 0, g, "pile", m) for g in ("T-F4",) + partners]
    return turn_to(st, 0, "orders"), m, team


def test_dathon_meets_a_dilemmas_strength_requirement_with_integrity_beside_another_diplomat():
    st, m, team = _dathon("dathon", ("T-F7", "T-F1"))  # Troi and Picard: Integrity 26, Strength 24
    st = attempt(st, m, dilemmas=["X-W"])
    assert not any(e["event"] == "stopped" for e in st["log"])
    assert st["cards"][m].get("completed")
    st, m, team = _dathon("dathon-alone", ("T-F2", "T-F3"))  # Crusher and La Forge: no other Diplomacy
    st = attempt(st, m, dilemmas=["X-W"])
    first_stop = next(n for n, e in enumerate(st["log"]) if e["event"] == "stopped")
    assert first_stop < next(n for n, e in enumerate(st["log"]) if e["event"] == "failed")


def test_warriors_birthright_and_dathon_read_as_the_engine_plays_them():
    assert render_card(DB["1C119"])[2] == (
        "While you are attempting the mission where this event is, you may meet Integrity and Cunning requirements "
        "of the mission and of each dilemma you face using Strength instead.")
    assert render_card(DB["1R324"]) == [
        "While this personnel is facing a dilemma and this personnel is present with your other Diplomacy personnel, "
        "you may meet Strength requirements of each dilemma you face using Integrity instead."]
