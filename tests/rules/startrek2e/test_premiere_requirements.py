"""Premiere cards that change what a mission or a dilemma requires, played as printed (their
authored mechanics from the card database) through the reducer: Secret Conspiracy 1R137."""
from rules.startrek2e import state as S
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card
from rules.startrek2e.game import GAME

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
