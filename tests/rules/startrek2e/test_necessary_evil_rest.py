"""Necessary Evil (set 4, issue 17): the cards authored after Consume — each played through the reducer with
the real card (its authored mechanics from the card database), hidden piles and hands checked in every view
(EFFECTS.md §4 "Necessary Evil, the rest")."""
import json
import re

from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card
from rules.startrek2e.game import GAME

from .helpers import act, attempt, check_invariants, mission, options, put, real, respond, started, turn_to

DB = card_db()
_ID = re.compile(r'"(c[0-9]+)"')


def _seen(st: dict, viewer) -> set:
    return set(_ID.findall(json.dumps(GAME.view(st, viewer))))


def _as(st: dict, iid: str, n: int, **facts) -> str:
    base = st["extra_cards"][st["cards"][iid]["guid"]]
    key = f"X-NR{n}"
    st["extra_cards"][key] = {**base, "id": key, "title": f"Officer {n}", **facts}
    st["cards"][iid]["guid"] = key
    return iid


def _planet(seed: str, team, *dilemmas: str):
    st = started(seed)
    m = mission(st, 0, "T-P1")
    people = [put(st, 0, g, "pile", m) for g in team]
    for old, cid in zip(("T-D1", "T-D2", "T-D3", "T-D4"), dilemmas):
        real(st, 1, old, cid)
    return st, m, people


# ---------------------------------------------------------------- verb select_by_exclusion (Lying in Wait)
def test_lying_in_wait_the_commander_excludes_one_then_the_dilemmas_owner_chooses():
    """Cave-In (unmet: no Transporters) randomly selects two to return to hand; seat 0 commands a [Rom]
    personnel there and plays Lying in Wait: he excludes one, seat 1 chooses the two."""
    st, m, team = _planet("lying", ("T-F1", "T-F2", "T-F3", "T-F5"), "4U010")
    _as(st, team[3], 0, affiliations=["romulan"])
    liw = real(st, 0, "T-EV1", "4U090", "hand", 0)
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["4U010"], respond_with=liw)
    assert st["pending"]["seat"] == 0 and st["pending"]["kind"] == "choose"
    assert {o["card"] for o in options(st)} == set(team)
    st = act(st, {"type": "choose", "card": team[0]})  # Picard is excluded
    assert st["pending"]["seat"] == 1 and {o["card"] for o in options(st)} == set(team[1:])
    assert not _seen(st, 0) & set(st["seats"][1]["dilemmas"])
    st = act(st, {"type": "choose", "card": team[1]})
    st = act(st, {"type": "choose", "card": team[3]})
    st = respond(st)
    assert st["cards"][team[1]]["zone"] == "hand" and st["cards"][team[3]]["zone"] == "hand"
    assert st["cards"][team[0]]["zone"] == "pile" and st["cards"][team[2]]["zone"] == "pile"
    assert st["cards"][liw]["zone"] == "discard"
    check_invariants(st)


def test_lying_in_wait_needs_a_romulan_at_that_mission():
    st, m, team = _planet("lying-none", ("T-F1", "T-F2", "T-F3", "T-F5"), "4U010")
    liw = real(st, 0, "T-EV1", "4U090", "hand", 0)
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["4U010"], respond_with=liw)
    assert st["cards"][liw]["zone"] == "hand"  # never offered: no [Rom] personnel at Survey Planet
    assert sum(st["cards"][c]["zone"] == "hand" for c in team) == 2  # the random selection as usual
    assert "the dilemma's owner chooses from the remaining eligible personnel" in " ".join(render_card(DB["4U090"]))
    check_invariants(st)
