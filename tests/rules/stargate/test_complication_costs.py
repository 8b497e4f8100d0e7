"""What a complication costs, as the real cards change it: "complications cost (you) power
±N to play" (Tanith, Brainwashed Teal'c, Teal'c, Grell, Garshaw, Pandemic Containment,
Retrieve Artifact) and for a while (M9 Pistol). ``legal_actions`` offers a complication
exactly when its modified cost can be paid, and the cost is never below 0 (glossary
"negative numbers"). Every card is played through the reducer."""
import pytest

from rules.errors import IllegalAction
from rules.stargate import stats
from rules.stargate.game import GAME

from .fixtures import (COMBAT_MISSIONS, GEAR, JASON3, JASON4, MISSIONS, PAUL2, RAKNOR, TEALC, VILLAIN_OBSTACLE, add,
                       give_glyph, pass_, put_in_play, real, start, table, team, team_of, to_deciding_to_continue)
from .helpers import act, check_invariants

COMBAT = COMBAT_MISSIONS + MISSIONS[:5]
TANITH = real("Tanith", "Lurker")
BRAINWASHED_TEALC = real("Brainwashed Teal'c")
M9 = real("M9 Pistol")


def _table(*, hero_play=(), villain_play=(), missions0=None, team0=None, begin=True):
    """Jason (seat 0) is the hero; the given cards are in play; the villain (Paul) holds
    obstacles. ``begin``: the hero has passed and the villain acts."""
    kwargs = {"team0": team0} if team0 else {}
    state = table(deck0=list(hero_play) + [GEAR] * 10, deck1=list(villain_play) + [VILLAIN_OBSTACLE] * 12,
                  missions0=missions0 or COMBAT, begin=False, **kwargs)
    played = [put_in_play(state, 0, g) for g in hero_play] + [put_in_play(state, 1, g) for g in villain_play]
    if begin:
        state = start(state, stop=JASON4)
    return state, played


def _offered(state, seat=1):
    return [a for a in GAME.legal_actions(state, seat) if a["type"] == "complication"]


def _complication(state, seat=1):
    return act(state, {"type": "complication", "card": state["seats"][seat]["hand"][0]}, seat)


def test_tanith_lowers_her_controllers_complications_by_one():
    state, _ = _table(villain_play=[TANITH])
    state = pass_(state)
    assert stats.complication_cost(state, 1) == 0  # 1 - 1
    state["seats"][1]["power"] = 0
    # he can pay 0: every card in hand is offered, and playing it costs nothing
    assert len(_offered(state)) == len(state["seats"][1]["hand"])
    state = _complication(state)
    assert state["seats"][1]["power"] == 0
    assert [e for e in state["log"] if e["event"] == "complication"][-1]["cost"] == 0
    # the second complication: 2 - 1 = 1, which he can't pay with 0 power
    state = pass_(state)
    assert stats.complication_cost(state, 1) == 1 and _offered(state) == []
    with pytest.raises(IllegalAction, match="costs 1 power"):
        GAME.validate(state, 1, {"type": "complication", "card": state["seats"][1]["hand"][0]})
    state["seats"][1]["power"] = 1
    state = _complication(state)
    assert state["seats"][1]["power"] == 0
    check_invariants(state)


def test_brainwashed_tealc_lowers_complication_costs_only_while_assigned():
    state, (btc,) = _table(villain_play=[BRAINWASHED_TEALC])
    state = pass_(state)
    assert stats.complication_cost(state, 1) == 1  # in play, not assigned: no change
    state = act(state, {"type": "assign", "card": btc})
    state = pass_(state)
    assert stats.complication_cost(state, 1) == 0
    power = state["seats"][1]["power"]
    state = _complication(state)
    assert state["seats"][1]["power"] == power
    check_invariants(state)


def test_m9_pistol_raises_complication_costs_until_the_end_of_the_mission():
    state, (m9,) = _table(hero_play=[M9])
    block = team_of(state, 0, TEALC)
    state = act(state, {"type": "activate", "card": m9, "ability": 0})
    state = act(state, {"type": "choose", "card": block})
    assert state["cards"][m9]["state"] == "stopped" and state["cards"][block]["blocked"]
    assert stats.complication_cost(state, 1) == 2  # 1 + 1
    # with exactly 1 power the villain can't pay it: no complication is offered
    state["seats"][1]["power"] = 1
    assert _offered(state) == []
    state["seats"][1]["power"] = 2
    assert _offered(state)
    state = _complication(state)
    assert state["seats"][1]["power"] == 0
    assert stats.complication_cost(state, 1) == 3  # one already there: 2, + 1
    # the mission fails (nobody is assigned) and ends: the rule ends with it
    state["seats"][0]["power"] = 5
    state = to_deciding_to_continue(state)
    assert not state["turn"].get("cost_rules")
    state = act(state, {"type": "continue", "yes": True})
    state = pass_(state)
    assert stats.complication_cost(state, 1) == 1
    check_invariants(state)


def test_mission_text_and_a_hero_character_change_the_cost_and_it_is_never_below_zero():
    # Pandemic Containment (the current mission: -1) with Tanith (-1): 1 - 2 = -1, so 0
    state, _ = _table(villain_play=[TANITH], missions0=[real("Pandemic Containment")] + COMBAT)
    state = pass_(state)
    assert stats.complication_cost(state, 1) == 0
    state["seats"][1]["power"] = 0
    state = _complication(state)
    assert state["seats"][1]["power"] == 0  # nothing paid, nothing gained
    state = pass_(state)
    assert stats.complication_cost(state, 1) == 0  # 2 - 2
    state = _complication(state)
    state = pass_(state)
    assert stats.complication_cost(state, 1) == 1  # 3 - 2
    check_invariants(state)


def test_retrieve_artifact_raises_complication_costs_by_one():
    state, _ = _table(missions0=[real("Retrieve Artifact")] + COMBAT)
    state = pass_(state)
    assert stats.complication_cost(state, 1) == 2
    state["seats"][1]["power"] = 1
    assert _offered(state) == []


TOKRA = add(team("fx-tokra", "Tok'ra Agent", 2, traits=["Tok'ra"]))


def test_tealc_with_orion_raises_complication_costs_while_assigned():
    tealc = real("Teal'c", "Enemy of the Goa'uld")
    state, _ = _table(team0=(tealc, RAKNOR, JASON3, PAUL2), begin=False)  # victory total 12: Jason goes first
    t = team_of(state, 0, tealc)
    give_glyph(state, t, COMBAT_MISSIONS[2])  # Orion
    state = start(state, stop=JASON3)
    assert state["turn"]["hero"] == 0
    assert stats.complication_cost(state, 1) == 1  # not assigned yet
    state = act(state, {"type": "assign", "card": t})
    assert stats.complication_cost(state, 1) == 2
    state["seats"][1]["power"] = 1
    assert _offered(state) == []


def test_tealc_without_orion_or_pisces_changes_nothing():
    tealc = real("Teal'c", "Enemy of the Goa'uld")
    state, _ = _table(team0=(tealc, RAKNOR, JASON3, PAUL2), begin=False)
    t = team_of(state, 0, tealc)
    give_glyph(state, t, COMBAT_MISSIONS[0])  # Gemini
    state = start(state, stop=JASON3)
    state = act(state, {"type": "assign", "card": t})
    assert stats.complication_cost(state, 1) == 1


def test_grell_with_both_glyphs_raises_complication_costs_by_two_while_assigned():
    grell_g = real('"Grell"')
    state, (grell,) = _table(hero_play=[grell_g], begin=False)
    give_glyph(state, grell, COMBAT_MISSIONS[4])  # Scorpius
    give_glyph(state, grell, COMBAT_MISSIONS[5])  # Triangulum
    state = start(state, stop=JASON4)
    state = act(state, {"type": "assign", "card": grell})  # the villain acts next
    assert stats.complication_cost(state, 1) == 3
    state["seats"][1]["power"] = 3
    state = _complication(state)
    assert state["seats"][1]["power"] == 0


def test_garshaw_raises_complication_costs_while_ready_and_a_tokra_character_is_assigned():
    garshaw = real("Garshaw")
    state, (g,) = _table(hero_play=[garshaw], team0=(TOKRA, RAKNOR, JASON3, JASON4), begin=False)
    state = start(state, stop=JASON4)
    assert state["turn"]["hero"] == 0
    assert stats.complication_cost(state, 1) == 1  # no Tok'ra character assigned
    state = act(state, {"type": "assign", "card": team_of(state, 0, TOKRA)})
    assert stats.complication_cost(state, 1) == 2
    state["cards"][g]["state"] = "stopped"  # Garshaw no longer ready
    assert stats.complication_cost(state, 1) == 1
