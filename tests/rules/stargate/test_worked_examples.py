"""Every worked example of the rulebook (Jason and Paul), named after it."""
from rules.stargate import state as S
from rules.stargate import stats

from .fixtures import (COMBAT_MISSIONS, JASON4, MISSIONS, OLAF, RAKNOR, TEALC, find, give_glyph, pass_, real,
                       start, table, team_of, to_hand)
from .helpers import act

SUPPLY_RAID = real("Supply Raid")
SALISH = real("Salish Spirits")


def test_starting_a_game_jason_and_paul_victory_totals_14_and_13_jason_first():
    state = table(begin=False)
    assert [stats.victory_total(state, s) for s in (0, 1)] == [14, 13]
    assert state["first_player"] == 0
    # Paul (seat 1) stops one of Jason's team characters
    assert state["pending"]["kind"] == "setup_stop" and state["pending"]["seat"] == 1
    assert {S.card_def(state, o["card"])["guid"] for o in state["pending"]["options"]} == {
        S.card_def(state, i)["guid"] for i in state["seats"][0]["team"]}


def test_power_phase_two_glyphs_give_five_power_to_each_player():
    state = table(begin=False)
    give_glyph(state, state["seats"][0]["team"][0], MISSIONS[0])
    give_glyph(state, state["seats"][0]["team"][1], MISSIONS[1])
    state = start(state)
    assert [s["power"] for s in state["seats"]] == [5, 5]


def _supply_raid_table():
    missions = [SUPPLY_RAID] + MISSIONS[1:]
    state = table(missions0=missions, deck1=[SALISH] + [OLAF] * 10 + [OLAF] * 3, begin=False, stop=JASON4)
    pile = state["seats"][0]["mission_pile"]
    sr = find(state, SUPPLY_RAID, 0)[0]
    pile.remove(sr)
    pile.insert(0, sr)
    olafs = [to_hand(state, 0, OLAF), to_hand(state, 0, OLAF)]
    salish = to_hand(state, 1, SALISH)
    state = start(state, stop=JASON4)
    state["seats"][0]["power"] = state["seats"][1]["power"] = 5  # "the 5 power he can spend this turn"
    return state, olafs, salish


def test_example_of_performing_actions_supply_raid_step_by_step():
    state, (olaf, olaf2), salish = _supply_raid_table()
    tealc, raknor = team_of(state, 0, TEALC), team_of(state, 0, RAKNOR)
    assert S.card_def(state, S.current_mission(state))["title"] == "Supply Raid"
    assert stats.difficulty(state) == 4
    state = act(state, {"type": "assign", "card": tealc})            # Jason assigns Teal'c (3 Combat)
    state = pass_(state)                                             # Paul passes
    state = act(state, {"type": "play", "card": olaf})               # Olaf costs 3 of 5
    assert state["seats"][0]["power"] == 2
    state = pass_(state)                                             # Paul passes again
    state = act(state, {"type": "assign", "card": olaf})
    assert stats.total_skills(state) == 5
    state = act(state, {"type": "play", "card": salish})             # Salish Spirits: 2 power, +2 Combat
    assert state["seats"][1]["power"] == 3 and stats.difficulty(state) == 6
    from rules.stargate.game import GAME
    boost = next(a for a in GAME.legal_actions(state, 0) if a["type"] == "boost" and a["target"] == olaf)
    assert S.card_def(state, boost["card"])["title"] == "Olaf"
    state = act(state, boost)                                        # Jason boosts Olaf
    assert stats.skill(state, olaf, "combat") == 3 and stats.total_skills(state) == 6
    comp = state["seats"][1]["hand"][0]
    state = act(state, {"type": "complication", "card": comp})       # costs 1, leaves 2
    assert state["seats"][1]["power"] == 2 and stats.difficulty(state) == 7
    state = act(state, {"type": "assign", "card": raknor})           # Rak'nor, 2 Combat
    assert stats.total_skills(state) == 8
    state = pass_(state)                                             # Paul passes
    # determine success: 8 Combat against difficulty 7 — and Supply Raid's Success text
    state = pass_(state)                                             # Jason passes behind him
    result = [e for e in state["log"] if e["event"] == "mission_result"][-1]
    assert result == {"event": "mission_result", "result": "success", "skills": 8, "difficulty": 7}
    assert state["seats"][1]["power"] == 0                           # "Your opponent loses 2 power"
    # the obstacle and the complication are destroyed; Jason picks who earns the glyph
    assert state["cards"][salish]["zone"] == "discard" and state["cards"][comp]["zone"] == "discard"
    assert state["pending"]["kind"] == "earn_glyph"
    state = act(state, {"type": "earn_glyph", "card": tealc})
    assert state["cards"][tealc]["glyphs"] == [find(state, SUPPLY_RAID, 0)[0]]
    # all assigned characters became stopped
    assert {state["cards"][i]["state"] for i in (tealc, olaf, raknor)} == {"stopped"}


def test_use_failure_text_salish_spirits_destroys_a_support_character():
    state, (olaf, _), salish = _supply_raid_table()
    state = act(state, {"type": "play", "card": olaf})
    state = act(state, {"type": "play", "card": salish})
    state = act(state, {"type": "assign", "card": olaf})
    state = pass_(state)
    state = pass_(state)
    assert [e for e in state["log"] if e["event"] == "mission_result"][-1]["result"] == "failure"
    # Paul chooses the support character to destroy
    assert state["pending"]["seat"] == 1 and state["pending"]["kind"] == "choose_card"
    state = act(state, {"type": "choose", "card": olaf})
    assert state["cards"][olaf]["zone"] == "discard"


def test_deciding_to_continue_costs_one_power_per_failed_mission_paid_to_the_villain():
    state = table(missions0=COMBAT_MISSIONS + MISSIONS[:5])
    state["seats"][0]["power"], state["seats"][1]["power"] = 5, 0
    # fail two missions (assign nobody), continuing after each
    state = pass_(state)
    state = pass_(state)
    assert state["pending"]["kind"] == "continue" and "costs 1" in state["pending"]["prompt"]
    state = act(state, {"type": "continue", "yes": True})
    assert [s["power"] for s in state["seats"]] == [4, 1]
    state = pass_(state)
    state = pass_(state)
    assert "costs 2" in state["pending"]["prompt"]
    state = act(state, {"type": "continue", "yes": True})
    assert [s["power"] for s in state["seats"]] == [2, 3]


def test_debrief_jason_draws_two_and_paul_draws_three():
    state = table()
    tealc = team_of(state, 0, TEALC)
    # Jason played no card on his second attempt but two earlier; Paul played three cards.
    for iid in state["seats"][0]["hand"][:2]:
        S.move(state, iid, "discard")
    for iid in state["seats"][1]["hand"][:3]:
        S.move(state, iid, "discard")
    decks = [len(s["deck"]) for s in state["seats"]]
    state = pass_(state)
    state = pass_(state)
    state = act(state, {"type": "continue", "yes": False})
    assert [len(s["hand"]) for s in state["seats"]] == [8, 8]
    assert [decks[s] - len(state["seats"][s]["deck"]) for s in (0, 1)] == [2, 3]
    assert state["cards"][tealc]["state"] == "ready"


def test_winning_the_game_victory_total_15():
    from .fixtures import PAUL3, PAUL4, PAUL5
    state = table(team1=(PAUL5, PAUL4, PAUL3, PAUL3), begin=False)
    assert stats.victory_total(state, 0) == 15
