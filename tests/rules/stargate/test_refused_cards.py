"""Official cards that were refused until the engine ran their construct (MISSING.md), each
played in a real game state."""
from rules.stargate import state as S
from rules.stargate.game import GAME

from .fixtures import COMBAT_MISSIONS, GEAR, JASON4, MISSIONS, RAKNOR, TEALC, pass_, real, start, table, team_of, to_hand
from .helpers import act, check_invariants
from .test_blockade import _drive

COMBAT = COMBAT_MISSIONS + MISSIONS[:5]


# ------------------------------------------------------------- Sha're (grant_ability effect)
def test_share_gives_the_current_mission_success_gain_2_power_for_this_mission_only():
    share = real("Sha're", "Beloved Wife and Daughter")
    state = table(deck0=[share] + [GEAR] * 10, missions0=COMBAT, begin=False)
    card = to_hand(state, 0, share)
    state = start(state, stop=JASON4)
    state["seats"][0]["power"] = 10
    mission = S.current_mission(state)
    state = act(state, {"type": "play", "card": card})
    assert state["cards"][mission]["abilities_granted"][0]["granter"] == card
    tealc = team_of(state, 0, TEALC)
    state = pass_(state)  # the villain passes
    state = act(state, {"type": "assign", "card": tealc})
    state = pass_(state)
    state = act(state, {"type": "assign", "card": team_of(state, 0, RAKNOR)})  # combat 3 + 2 > 4
    before = state["seats"][0]["power"]
    while state["pending"]["kind"] == "act" and state["mission"]["result"] is None:
        state = pass_(state)
    assert state["mission"]["result"] == "success"
    assert state["seats"][0]["power"] == before + 2
    state = _drive(state, [])
    assert not state["cards"][mission].get("abilities_granted")  # gone with the mission
    check_invariants(state)


# ------------------------------------------------------- Time Dilation (skip_next_turn)
def test_time_dilation_failure_makes_the_hero_skip_their_next_turn():
    dilation = real("Time Dilation")
    state = table(deck1=[dilation] + [GEAR] * 10, missions0=MISSIONS[1:] + MISSIONS[:1], begin=False)  # science first
    card = to_hand(state, 1, dilation)
    state = start(state, stop=JASON4)
    state["seats"][1]["power"] = 10
    assert state["turn"]["hero"] == 0
    state = pass_(state)  # Jason (hero) passes; Paul (villain) plays the obstacle
    state = act(state, {"type": "play", "card": card})
    state = _drive(state, [])  # nobody assigned: the mission fails; on to the next turn
    assert [e for e in state["log"] if e["event"] == "will_skip_turn"][0]["seat"] == 0
    assert state["turn"]["hero"] == 1  # Paul's turn, as usual
    n = state["turn"]["number"]
    state = _drive(state, [])
    # Jason's next turn is skipped: Paul is the hero player twice in a row
    assert state["turn"]["number"] == n + 1 and state["turn"]["hero"] == 1
    assert [e for e in state["log"] if e["event"] == "turn_skipped"][0]["seat"] == 0
    assert "skip_turns" not in state
    state = _drive(state, [])
    assert state["turn"]["hero"] == 0  # then turns alternate again
    check_invariants(state)


# ------------------------------------- Return Trip (exchange_glyph_with_mission_pile_top)
def test_return_trip_stops_a_character_and_exchanges_his_glyph_for_the_top_mission():
    from .fixtures import give_glyph
    trip = real("Return Trip")
    state = table(deck0=[trip] + [GEAR] * 10, missions0=COMBAT, begin=False)
    tealc = team_of(state, 0, TEALC)
    glyph = give_glyph(state, tealc, COMBAT[3])
    card = to_hand(state, 0, trip)
    state = start(state, stop=JASON4)
    state["seats"][0]["power"] = 10
    top = state["seats"][0]["mission_pile"][0]
    state = act(state, {"type": "play", "card": card})
    for _ in range(5):  # the cost (stop Teal'c, the only character with a glyph), the glyph
        if state["pending"]["kind"] == "act":
            break
        opts = GAME.legal_actions(state, GAME.deciding_seats(state)[0])
        state = act(state, next((o for o in opts if o.get("card") in (tealc, glyph)), opts[0]))
    assert state["cards"][tealc]["state"] == "stopped"
    assert state["cards"][tealc]["glyphs"] == [top]
    assert state["seats"][0]["mission_pile"][0] == glyph and state["cards"][glyph]["zone"] == "mission_pile"
    check_invariants(state)


# ------------------------------------------------------------ Exploitation (force_continue)
def test_exploitation_forces_the_hero_to_continue_for_free_and_the_villain_still_gains():
    exploitation = real("Exploitation")
    state = table(deck1=[exploitation] + [GEAR] * 10, missions0=COMBAT, begin=False)
    card = to_hand(state, 1, exploitation)
    state = start(state, stop=JASON4)
    state["seats"][1]["power"] = 10
    first = S.current_mission(state)
    state = pass_(state)
    state = act(state, {"type": "play", "card": card})
    while state["pending"]["kind"] == "act":
        state = pass_(state)  # nobody assigned: the mission fails
    assert state["mission"]["result"] == "failure"
    assert state["pending"]["kind"] == "yes_no" and state["pending"]["seat"] == 1
    hero_power, villain_power = state["seats"][0]["power"], state["seats"][1]["power"]
    state = act(state, {"type": "choose", "yes": True})
    while state["pending"]["kind"] != "act":
        opts = GAME.legal_actions(state, GAME.deciding_seats(state)[0])
        assert opts[0].get("type") != "continue"  # the hero is not asked
        state = act(state, opts[0])
    assert S.current_mission(state) not in (None, first)
    assert state["seats"][0]["power"] == hero_power
    assert state["seats"][1]["power"] == villain_power + 1  # one failed mission
    check_invariants(state)


# ------------------------------------------------------------------ MALP (after_next_pass)
def test_malp_after_the_opponents_next_pass_he_can_only_pass_until_the_end_of_the_mission():
    from .fixtures import VILLAIN_OBSTACLE, put_in_play
    malp = real("MALP")
    state = table(deck0=[malp] + [GEAR] * 10, deck1=[VILLAIN_OBSTACLE] * 6 + [GEAR] * 6, missions0=COMBAT,
                  begin=False)
    m = put_in_play(state, 0, malp)
    state = start(state, stop=JASON4)
    act_ = next(a for a in GAME.legal_actions(state, 0) if a["type"] == "activate" and a["card"] == m)
    state = act(state, act_)
    while state["pending"]["kind"] != "act":  # the cost: discard a card
        state = act(state, GAME.legal_actions(state, GAME.deciding_seats(state)[0])[0])
    assert state["cards"][m]["zone"] == "discard"
    assert state["pending"]["seat"] == 1
    assert len(GAME.legal_actions(state, 1)) > 1  # before his pass Paul may still act
    state = pass_(state)
    state = act(state, {"type": "assign", "card": team_of(state, 0, TEALC)})
    assert GAME.legal_actions(state, 1) == [{"type": "pass"}]
    state = pass_(state)
    state = act(state, {"type": "assign", "card": team_of(state, 0, RAKNOR)})
    assert GAME.legal_actions(state, 1) == [{"type": "pass"}]
    state = _drive(state, [])  # the next mission / turn: the restriction is gone
    assert "only_pass" not in state["mission"] and "after_next_pass" not in state["mission"]
    check_invariants(state)


# ------------------------------------------------------- Approaching Swarm (counts_as)
def test_approaching_swarm_counts_as_two_replicator_cards_for_blocked_escape():
    swarm, escape = real("Approaching Swarm"), real("Blocked Escape")
    state = table(deck1=[swarm, escape] + [GEAR] * 10, missions0=COMBAT, begin=False)
    e = to_hand(state, 1, escape)
    sw = to_hand(state, 1, swarm)
    state = start(state, stop=JASON4)
    state["seats"][1]["power"] = 10
    S.move(state, sw, "mission")  # the swarm at the current mission, face up
    state = pass_(state)
    state = act(state, {"type": "play", "card": e})
    # "block a character for each other Replicator card at the mission": the swarm is two
    blocked = []
    while state["pending"]["kind"] == "choose_card" and state["pending"]["seat"] == 1:
        opt = next(o for o in state["pending"]["options"] if o.get("card") and o["card"] not in blocked)
        blocked.append(opt["card"])
        state = act(state, opt)
    assert len(blocked) == 2 and all(state["cards"][i]["blocked"] for i in blocked)
    check_invariants(state)



# --------------------------------------------------------- John Sheppard (grant_trigger)
def test_john_sheppard_stopped_gives_each_support_character_played_this_turn_skills_plus_1():
    from rules.stargate import stats
    from .fixtures import OLAF, put_in_play
    sheppard = real("John Sheppard", "Unconventional Leader")
    state = table(deck0=[sheppard, OLAF, OLAF] + [GEAR] * 10, missions0=COMBAT, begin=False)
    j = put_in_play(state, 0, sheppard)
    first = to_hand(state, 0, OLAF)
    state = start(state, stop=JASON4)
    state["seats"][0]["power"] = 10
    act_ = next(a for a in GAME.legal_actions(state, 0) if a["type"] == "activate" and a["card"] == j)
    state = act(state, act_)
    assert state["cards"][j]["state"] == "stopped"
    state = pass_(state)  # the villain passes
    state = act(state, {"type": "play", "card": first})
    assert stats.skill(state, first, "combat") == 3  # Olaf: combat 2, +1 this turn
    state = _drive(state, [])  # the next turn: the trigger and the +1 are gone
    assert not state["turn"].get("granted_triggers")
    assert state["cards"][first]["zone"] != "play" or stats.skill(state, first, "combat") == 2
    check_invariants(state)
