"""Call to Arms (set 3, issue 17): the events, interrupts, dilemmas, missions and equipment —
each new construct played through the reducer with the real Call to Arms card (its authored
mechanics from the card database), and the hidden piles and hands checked in every view
(EFFECTS.md §4 "Call to Arms"; RULES.md "Call to Arms (set 3) readings").

A mission's own ``attempt_with`` (``missions: {"self": true}``, ``regardless: false``):
"You may attempt and complete this mission using your [Dom] personnel with these requirements"
(Camping Trip and fifteen others) — unlike For the Cause it says nothing of effects preventing
the attempt, so "cannot attempt" keywords and "cannot complete" texts still hold; ``points``:
"… for 35 points using your [Bor] personnel" (Destroy Transwarp Hub)."""
import json
import re

from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card
from rules.startrek2e.game import GAME

from .helpers import act, check_invariants, mission, options, put, respond, started, turn_to

DB = card_db()
_ID = re.compile(r'"(c[0-9]+)"')


def _seen(st: dict, viewer) -> set:
    """Every card id anywhere in ``viewer``'s view — seats, log, pending decision and its options."""
    return set(_ID.findall(json.dumps(GAME.view(st, viewer))))


def _as(st: dict, guid: str, n: int, affiliation: str, skills: dict, **attrs) -> str:
    """A fixture personnel re-dealt as a card of ``affiliation`` with ``skills``."""
    base = st["extra_cards"][guid]
    key = f"X-CA{n}"
    st["extra_cards"][key] = {**base, "id": key, "title": f"Trooper {n}", "affiliations": [affiliation],
                              "icons": [], "skills": skills, **attrs}
    return key


def _real_mission(st: dict, seat: int, fixture: str, cid: str) -> str:
    m = mission(st, seat, fixture)
    st["extra_cards"][cid] = DB[cid]
    st["cards"][m]["guid"] = cid
    return m


def _no_dilemmas(st: dict) -> dict:
    st = respond(st)
    while st["pending"]["kind"] == "choose_dilemma":  # seat 1 sets no dilemma
        st = act(st, {"type": "choose_dilemma", "card": None})
    return respond(st)


def _camping(seed: str):
    """Seat 0's Camping Trip ([Baj][Fed][Fer] planet; "using your [Dom] personnel … Anthropology,
    Intelligence, Security, Treachery, and Cunning>34") with four Dominion personnel of Cunning 9 and a
    Federation personnel on it."""
    st = started(seed)
    m = _real_mission(st, 0, "T-P1", "3U084")
    skills = [{"Anthropology": 1}, {"Intelligence": 1}, {"Security": 1}, {"Treachery": 1}]
    dom = []
    for n, (guid, sk) in enumerate(zip(("T-F1", "T-F3", "T-F5", "T-F7"), skills)):
        key = _as(st, guid, n, "dominion", sk, cunning=9)
        iid = put(st, 0, guid, "pile", m)
        st["cards"][iid]["guid"] = key
        dom.append(iid)
    fed = put(st, 0, "T-F2", "pile", m)
    return turn_to(st, 0, "orders"), m, dom, fed


def test_camping_trip_lets_dominion_personnel_attempt_and_complete_with_its_requirements():
    st, m, dom, fed = _camping("camping")
    opts = [o for o in options(st, "attempt") if o["mission"] == m]
    assert {"type": "attempt", "mission": m, "using": [m, 0]} in opts  # the mission's own text
    score = st["seats"][0]["score"]
    st = act(st, {"type": "attempt", "mission": m, "using": [m, 0]})
    assert st["attempt"]["personnel"] == dom and fed not in st["attempt"]["personnel"]  # the [Dom] only
    st = _no_dilemmas(st)
    assert st["cards"][m].get("completed")  # four skills, Cunning 36>34
    assert st["seats"][0]["score"] == score + DB["3U084"]["points"]
    assert not _seen(st, 0) & set(st["seats"][1]["dilemmas"])  # seat 1's pile stays hidden
    assert render_card(DB["3U084"]) == [
        "You may attempt and complete this mission using your [Dom] personnel with these requirements: "
        "Anthropology, Intelligence, Security, Treachery and Cunning>34."]
    check_invariants(st)


def test_camping_trip_keeps_cannot_attempt_and_its_requirements():
    st, m, dom, fed = _camping("camping-bound")
    key = st["cards"][dom[3]]["guid"]  # the Treachery personnel "cannot attempt missions"
    st["extra_cards"][key]["mechanics"] = [{"kind": "keyword", "keyword": "cant_attempt"}]
    st = act(st, {"type": "attempt", "mission": m, "using": [m, 0]})
    assert dom[3] not in st["attempt"]["personnel"]  # not "regardless of effects preventing" (For the Cause)
    st = _no_dilemmas(st)
    assert not st["cards"][m].get("completed")  # no Treachery, Cunning 27: the requirements are not met
    assert all(st["cards"][c]["stopped"] for c in dom[:3])
    check_invariants(st)


def test_camping_trip_is_not_offered_without_dominion_personnel():
    st, m, dom, fed = _camping("camping-none")
    for c in dom:
        st["cards"][c]["stopped"] = True
    st = turn_to(st, 0, "orders")  # the options are made again
    assert [o for o in options(st, "attempt") if o["mission"] == m] == [{"type": "attempt", "mission": m}]


def test_destroy_transwarp_hub_scores_35_points_when_the_borg_complete_it():
    """ "You may attempt and complete this mission for 35 points using your [Bor] personnel":
    a mission worth 50 scores 35 completed this way (``points``)."""
    st = started("transwarp")
    m = _real_mission(st, 0, "T-S1", "3U087")
    ship = put(st, 0, "T-SF", "ships", m)
    skills = [{"Engineer": 1}, {"Programming": 1}, {"Security": 1}, {"Security": 1}]
    borg = []
    for n, (guid, sk) in enumerate(zip(("T-F1", "T-F3", "T-F5", "T-F7"), skills)):
        key = _as(st, guid, n, "borg", sk, cunning=9)
        iid = put(st, 0, guid, "aboard", ship)
        st["cards"][iid]["guid"] = key
        borg.append(iid)
    st = turn_to(st, 0, "orders")
    using = {"type": "attempt", "mission": m, "ship": ship, "using": [m, 0]}
    assert using in options(st, "attempt")
    score = st["seats"][0]["score"]
    st = _no_dilemmas(act(st, using))
    assert st["cards"][m].get("completed")
    assert DB["3U087"]["points"] == 50 and st["seats"][0]["score"] == score + 35
    assert "for 35 points using your [Bor] personnel" in render_card(DB["3U087"])[0]
    check_invariants(st)
