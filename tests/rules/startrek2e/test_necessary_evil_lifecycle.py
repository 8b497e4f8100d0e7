"""Necessary Evil (set 4, issue 17): the cards that need the Call to Arms skill-use and dilemma-
lifecycle constructs (``ne_lifecycle.json``), each played through the reducer with the real card:
``exchange_with_pile_top`` with a TARGET beneath a mission (Worf) and FILTER ``in_trigger_team`` with
``used_skills`` (Solbor)."""
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card

from .helpers import act, attempt, check_invariants, find, mission, options, put, real, respond, started, turn_to

DB = card_db()


def test_worf_exchanges_a_dilemma_beneath_your_mission_with_the_top_of_its_owners_pile():
    st = started("ne-worf")
    hq = mission(st, 0, "T-HQF")
    m = mission(st, 0, "T-P1")
    old = find(st, 1, "T-D8", ("dilemmas",))
    st["seats"][1]["dilemmas"].remove(old)
    st["cards"][m]["under"].append(old)
    st["cards"][old].update(zone="under", face_up=True)
    st["cards"][old]["in"] = m
    top = st["seats"][1]["dilemmas"][0]
    worf = real(st, 0, "T-F6", "4U150", "pile", hq)
    event = put(st, 0, "T-EV1", "core", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": worf, "ability": 0})
    while st["pending"]["kind"] == "choose":
        pick = event if {"type": "choose", "card": event} in options(st) else old
        st = act(st, {"type": "choose", "card": pick})
    st = respond(st)
    assert st["cards"][event]["zone"] == "discard"
    assert st["seats"][1]["dilemmas"][0] == old and not st["cards"][old]["face_up"]
    assert st["cards"][top]["zone"] == "under" and st["cards"][top]["in"] == m and st["cards"][top]["face_up"]
    check_invariants(st)


def test_the_lifecycle_cards_of_necessary_evil_read_as_played():
    assert "with the top card of its owner's dilemma pile" in " ".join(render_card(DB["4U150"]))


# ---------------------------------------------------------------- FILTER in_trigger_team + used_skills (Solbor)
def _solbor(seed: str, vedek_skills: dict):
    st = started(seed)
    m = mission(st, 0, "T-P1")
    for g in ("T-F1", "T-F3", "T-F7"):  # Picard: Diplomacy, Anthropology; Troi: both too
        put(st, 0, g, "pile", m)
    solbor = real(st, 0, "T-F6", "4R108", "pile", m)
    base = st["extra_cards"]["T-F5"]
    st["extra_cards"]["X-VED"] = {**base, "id": "X-VED", "title": "Vedek", "affiliations": ["bajoran"],
                                  "keywords": ["Vedek"], "skills": vedek_skills, "unique": False}
    vedek = put(st, 0, "T-F5", "pile", m)
    st["cards"][vedek]["guid"] = "X-VED"
    st = turn_to(st, 0, "orders")
    return respond(attempt(st, m)), m, solbor


def test_solbor_scores_when_another_vedek_used_a_skill_to_complete_the_mission_he_was_in():
    st, m, solbor = _solbor("ne-solbor", {"Diplomacy": 1})
    assert st["cards"][m].get("completed") and st["seats"][0]["score"] == 35 + 5
    check_invariants(st)


def test_solbor_does_not_score_when_the_vedeks_skills_were_not_needed():
    st, m, solbor = _solbor("ne-solbor-no", {"Security": 1})
    assert st["cards"][m].get("completed") and st["seats"][0]["score"] == 35
    check_invariants(st)
