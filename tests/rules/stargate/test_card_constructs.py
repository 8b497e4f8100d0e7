"""The last official cards' constructs, each exercised by its real card in a game state:
granted text, text that occurs an additional time, revive replacements, boosting and
playing by other cards' rules, "each time … discard pile", playing at normal cost."""
from rules.stargate import state as S
from rules.stargate import stats
from rules.stargate.game import GAME

from .fixtures import (ADVERSARY, COMBAT_MISSIONS, GEAR, JASON3, JASON4, MISSIONS, OLAF, PAUL2, SGC_OFFICER, RAKNOR, TEALC,
                       BIG_XP_MISSION, _card, add, find, give_glyph, pass_, put_in_play, real, start, table,
                       team_of, to_hand)
from .helpers import act, check_invariants, play_salted_games

COMBAT = COMBAT_MISSIONS + MISSIONS[:5]
GAIN_ON_FAILURE = add(_card("fx-gainfail", "Greedy Obstacle", "obstacle", allegiance="villain", cost=0,
                            skills={"combat": 1}, mechanics=[{"kind": "failure", "effects": [
                                {"gain_power": {"amount": 1, "who": "you"}}]}]))
REWARD_MISSION = add(_card("fx-reward", "Reward Mission", "mission", allegiance="mission", skills={"ingenuity": 1},
                           experience=1, glyph="orion", mechanics=[{"kind": "success", "effects": [
                               {"gain_power": {"amount": 1, "who": "you"}}]}]))
JAFFA_ADVERSARY = add(_card("fx-jadv", "Jaffa Adversary", "adversary", allegiance="villain", cost=2,
                            skills={"combat": 1}, revive=1, traits=["Jaffa"]))
NID_AGENT = add(_card("fx-nid", "NID Agent", "character", subtype="team", cost=3,
                      skills={"culture": 1, "science": 1, "combat": 1, "ingenuity": 1}, traits=["NID"]))


def _pass_until(state, kinds):
    """Both players pass until a decision of one of ``kinds`` (or the next act) is pending."""
    while state["pending"]["kind"] == "act":
        state = pass_(state)
        if state["pending"]["kind"] in kinds:
            return state
    return state


def _power(state, seat, n):
    state["seats"][seat]["power"] = n


def _take(state, seat, guid, zone, k=0):
    """Arrange: the k-th instance of ``guid`` of ``seat`` (wherever it is) moved to ``zone``."""
    iid = find(state, guid, seat)[k]
    if state["cards"][iid]["zone"] != zone:
        S.move(state, iid, zone)
    return iid


# ------------------------------------------------------------------ Sina, Tactician
def test_sina_takes_a_tokra_event_back_from_the_discard_pile_by_stopping():
    sina_g, ambush = real("Sina"), real("Antiquity")
    state = table(deck0=[sina_g, ambush, ambush] + [GEAR] * 10, begin=False)
    sina = put_in_play(state, 0, sina_g)
    ev = to_hand(state, 0, ambush)
    state = start(state, stop=JASON4)
    state = act(state, {"type": "play", "card": ev})
    # the event's text is carried out, then it goes to the discard pile and Sina hears it
    state = act(state, {"type": "choose", "card": team_of(state, 0, TEALC)})
    assert state["pending"]["kind"] == "yes_no" and state["pending"]["seat"] == 0
    state = act(state, {"type": "choose", "yes": True})
    assert state["cards"][ev]["zone"] == "hand" and state["cards"][sina]["state"] == "stopped"
    # again: Sina is stopped, so the cost can't be paid and nothing is asked
    state = pass_(state)
    state["seats"][0]["power"] = 5
    state = act(state, {"type": "play", "card": ev})
    state = act(state, {"type": "choose", "card": team_of(state, 0, TEALC)})
    assert state["pending"]["kind"] == "act" and state["cards"][ev]["zone"] == "discard"
    check_invariants(state)


# ------------------------------------------------------------ Heru'ur, Jennifer Hailey
def test_heruur_assigned_makes_each_villain_failure_text_occur_twice():
    heruur = real("Heru'ur", "Shrewd Rival")
    state = table(deck1=[heruur, GAIN_ON_FAILURE] + [GEAR] * 10, missions0=COMBAT)
    h = put_in_play(state, 1, heruur)
    obs = to_hand(state, 1, GAIN_ON_FAILURE)
    state = pass_(state)
    state = act(state, {"type": "assign", "card": h})
    state = pass_(state)
    state = act(state, {"type": "play", "card": obs})
    before = state["seats"][1]["power"]
    state = _pass_until(state, {"revive_or_score"})
    assert state["mission"]["result"] == "failure"
    assert state["seats"][1]["power"] == before + 2


JEN_TEAM = (real("Jennifer Hailey"), PAUL2, SGC_OFFICER, TEALC)  # victory total 13: Jason goes first


def test_jennifer_hailey_with_gemini_makes_the_missions_success_text_occur_twice():
    jen = real("Jennifer Hailey")
    state = table(team0=JEN_TEAM, missions0=[REWARD_MISSION] + COMBAT, begin=False)
    j = team_of(state, 0, jen)
    give_glyph(state, j, MISSIONS[0])  # Gemini
    state = start(state, stop=PAUL2)
    state = act(state, {"type": "assign", "card": j})
    before = state["seats"][0]["power"]
    state = _pass_until(state, {"earn_glyph", "continue"})
    assert state["mission"]["result"] == "success"
    assert state["seats"][0]["power"] == before + 2


def test_jennifer_hailey_without_the_glyph_changes_nothing():
    jen = real("Jennifer Hailey")
    state = table(team0=JEN_TEAM, missions0=[REWARD_MISSION] + COMBAT, begin=False)
    j = team_of(state, 0, jen)
    state = start(state, stop=PAUL2)
    state = act(state, {"type": "assign", "card": j})
    before = state["seats"][0]["power"]
    state = _pass_until(state, {"earn_glyph", "continue"})
    assert state["seats"][0]["power"] == before + 1


# ------------------------------------------------------------------------ Mimic device
def test_mimic_device_boosts_a_team_character_with_another_team_characters_title():
    mimic = real("Mimic device")
    state = table(deck0=[mimic, TEALC, TEALC] + [GEAR] * 10, missions0=COMBAT, begin=False)
    raknor = team_of(state, 0, RAKNOR)
    card = to_hand(state, 0, TEALC)  # a Teal'c card: the title of one of Jason's other team characters
    state = start(state, stop=JASON4)
    state = act(state, {"type": "assign", "card": raknor})
    state = pass_(state)
    assert {"type": "boost", "card": card, "target": raknor} not in GAME.legal_actions(state, 0)
    put_in_play(state, 0, mimic)
    assert {"type": "boost", "card": card, "target": raknor} in GAME.legal_actions(state, 0)
    before = stats.skill(state, raknor, "combat")
    state = act(state, {"type": "boost", "card": card, "target": raknor})
    assert stats.skill(state, raknor, "combat") == before + 1


# ------------------------------------------------------------------ Replicator Carter
def test_replicator_carter_plays_a_second_replicator_obstacle_of_a_title_at_no_cost():
    carter, spray = real("Replicator Carter", "Disarming Foe"), real("Corrosive Spray")
    state = table(deck1=[carter, spray, spray, spray] + [GEAR] * 10, missions0=COMBAT)
    c = put_in_play(state, 1, carter)
    first, second = _take(state, 1, spray, "hand", 0), _take(state, 1, spray, "hand", 1)
    state = pass_(state)
    state = act(state, {"type": "play", "card": first})  # 2 power: nothing free yet
    assert state["seats"][1]["power"] == 1
    state = pass_(state)
    assert {"type": "play", "card": second} not in GAME.legal_actions(state, 1)  # 1 power, costs 2
    state = act(state, {"type": "assign", "card": c})
    state = pass_(state)
    assert {"type": "play", "card": second} in GAME.legal_actions(state, 1)
    state = act(state, {"type": "play", "card": second})
    assert state["cards"][second]["zone"] == "mission" and state["seats"][1]["power"] == 1


# -------------------------------------------------------------------------- Osiris
def test_osiris_gives_each_of_your_obstacles_without_withdraw_withdraw_x_equal_to_its_cost():
    osiris = real("Osiris", "Emissary of Anubis")
    spray = real("Corrosive Spray")
    state = table(deck1=[osiris, spray] + [GEAR] * 10, missions0=COMBAT)
    put_in_play(state, 1, osiris)
    obs = to_hand(state, 1, spray)
    state = pass_(state)
    state = act(state, {"type": "play", "card": obs})
    state = pass_(state)
    acts = [a for a in GAME.legal_actions(state, 1) if a["type"] == "activate" and a["card"] == obs]
    assert len(acts) == 1 and str(acts[0]["ability"]).startswith("granted:")
    power = state["seats"][1]["power"]
    state = act(state, acts[0])
    assert state["cards"][obs]["zone"] == "discard" and state["seats"][1]["power"] == power + 2
    check_invariants(state)


# -------------------------------------------------------------------------- Sindar
def test_sindar_in_the_score_pile_gives_the_opponents_missions_a_failure_text():
    sindar = real("Sindar")
    state = table(deck1=[sindar, JAFFA_ADVERSARY, ADVERSARY] + [GEAR] * 10, missions0=COMBAT)
    _take(state, 1, sindar, "score_pile")
    jaffa = _take(state, 1, JAFFA_ADVERSARY, "discard")
    _take(state, 1, ADVERSARY, "discard")
    state = _pass_until(state, {"choose_card"})  # nobody assigned: the mission fails
    assert state["pending"]["seat"] == 1
    assert {o["card"] for o in state["pending"]["options"]} == {jaffa, None}
    state = act(state, {"type": "choose", "card": jaffa})
    assert state["cards"][jaffa]["zone"] == "hand"


# --------------------------------------------------------------------------- Bauer
def test_bauer_lets_the_hero_look_at_the_top_mission_and_stop_bauer_to_bottom_it():
    bauer = real("Bauer")
    state = table(team0=(NID_AGENT, TEALC, RAKNOR, JASON3), deck0=[bauer] + [GEAR] * 10,
                  missions0=[REWARD_MISSION] + COMBAT, begin=False)
    b = put_in_play(state, 0, bauer)
    state = start(state, stop=JASON3)
    state = act(state, {"type": "assign", "card": team_of(state, 0, NID_AGENT)})
    state = _pass_until(state, {"yes_no", "order_text"})
    if state["pending"]["kind"] == "order_text":  # the mission's own Success text and Bauer's
        state = act(state, state["pending"]["options"][0])
    while state["pending"]["kind"] != "yes_no":
        state = act(state, state["pending"]["options"][0])
    top = state["seats"][0]["mission_pile"][0]
    assert [c["id"] for c in GAME.view(state, 0)["pending"]["revealed"]] == [top]
    state = act(state, {"type": "choose", "yes": True})
    assert state["seats"][0]["mission_pile"][-1] == top and state["cards"][b]["state"] == "stopped"


def test_bauer_gives_nothing_without_an_assigned_nid_character():
    bauer = real("Bauer")
    state = table(deck0=[bauer] + [GEAR] * 10, missions0=[REWARD_MISSION] + COMBAT, begin=False)
    put_in_play(state, 0, bauer)
    state = start(state, stop=JASON4)
    state = act(state, {"type": "assign", "card": team_of(state, 0, TEALC)})
    top = state["seats"][0]["mission_pile"][0]
    state = _pass_until(state, {"yes_no"})
    assert state["pending"]["kind"] != "yes_no" and state["seats"][0]["mission_pile"][0] == top


# -------------------------------------------------------------------- Cronus, Netan
def test_cronus_destroys_another_adversary_instead_of_paying_his_revive_cost_and_readies():
    cronus = real("Cronus")
    state = table(deck1=[cronus, ADVERSARY] + [GEAR] * 10, missions0=COMBAT)
    c = put_in_play(state, 1, cronus)
    other = put_in_play(state, 1, ADVERSARY)
    state = pass_(state)
    state = act(state, {"type": "assign", "card": c})
    deck = len(state["seats"][1]["deck"])
    state = _pass_until(state, {"revive_or_score"})
    assert {"type": "adversary", "choice": "revive_instead"} in state["pending"]["options"]
    state = act(state, {"type": "adversary", "choice": "revive_instead"})
    assert state["pending"]["options"] == [{"type": "choose", "card": other}]  # "another adversary"
    state = act(state, {"type": "choose", "card": other})
    assert state["cards"][other]["zone"] == "discard"
    assert state["cards"][c]["zone"] == "play" and state["cards"][c]["state"] == "ready"
    assert len(state["seats"][1]["deck"]) == deck  # no revive cost paid


def test_netan_revive_cost_cards_go_to_hand():
    netan = real("Netan")
    state = table(deck1=[netan] + [GEAR] * 20, missions0=COMBAT)
    n = put_in_play(state, 1, netan)
    state = pass_(state)
    state = act(state, {"type": "assign", "card": n})
    state = _pass_until(state, {"revive_or_score"})
    top4 = state["seats"][1]["deck"][:4]
    discard = list(state["seats"][1]["discard"])
    state = act(state, {"type": "adversary", "choice": "revive"})
    assert all(state["cards"][i]["zone"] == "hand" for i in top4)
    assert state["seats"][1]["discard"] == discard


# --------------------------------------------------------------------------- Harlan
def test_harlan_plays_a_second_support_character_of_a_title_then_destroys_it_at_the_end_of_the_turn():
    harlan = real("Harlan")
    state = table(deck0=[harlan] + [OLAF] * 3 + [GEAR] * 10, begin=False)
    h = put_in_play(state, 0, harlan)
    first = put_in_play(state, 0, OLAF)
    second = to_hand(state, 0, OLAF)
    state = start(state, stop=JASON4)
    assert {"type": "play", "card": second} not in GAME.legal_actions(state, 0)  # uniqueness
    state = act(state, {"type": "activate", "card": h, "ability": 0})
    assert {"type": "choose", "card": second} in state["pending"]["options"]
    power = state["seats"][0]["power"]
    state = act(state, {"type": "choose", "card": second})
    assert state["cards"][second]["zone"] == "play" and state["seats"][0]["power"] == power - 3
    # the turn ends: the character Harlan played is destroyed, the other one stays
    while state["turn"]["number"] == 1:
        opts = GAME.legal_actions(state, GAME.deciding_seats(state)[0])
        state = act(state, {"type": "pass"} if {"type": "pass"} in opts else
                    next((o for o in opts if o.get("yes") is False), opts[0]))
    assert state["cards"][second]["zone"] == "discard" and state["cards"][first]["zone"] == "play"


# ----------------------------------------------------------------------- Intimidation
def test_intimidation_gives_an_assigned_nid_team_character_the_skills_of_the_discarded_card():
    intim = real("Intimidation")
    state = table(team0=(NID_AGENT, TEALC, RAKNOR, JASON3), deck0=[intim, OLAF] + [GEAR] * 10,
                  missions0=COMBAT, begin=False)
    ev = to_hand(state, 0, intim)
    olaf = to_hand(state, 0, OLAF)
    state = start(state, stop=JASON3)
    assert {"type": "play", "card": ev} not in GAME.legal_actions(state, 0)  # no NID assigned
    agent = team_of(state, 0, NID_AGENT)
    state = act(state, {"type": "assign", "card": agent})
    state = pass_(state)
    _power(state, 0, 3)
    state = act(state, {"type": "play", "card": ev})
    state = act(state, {"type": "choose", "card": agent})
    state = act(state, {"type": "choose", "card": olaf})
    assert state["cards"][olaf]["zone"] == "discard"
    assert stats.skills(state, agent) == {"culture": 1, "science": 1, "combat": 3, "ingenuity": 1}


def _resolve_failing_mission(state, choices=()):
    """Both pass at a mission nobody can win; then answer decisions: each answer in
    ``choices`` is used in turn when its kind is pending, otherwise the first option."""
    choices = list(choices)
    state = _pass_until(state, {"choose_card", "yes_no", "revive_or_score", "order_text"})
    return state


def _finish_turn(state):
    """Pass / decline / take the first option until the next turn begins."""
    n = state["turn"]["number"]
    while state["turn"]["number"] == n and state["outcome"] is None:
        opts = GAME.legal_actions(state, GAME.deciding_seats(state)[0])
        pick = next((o for o in opts if o == {"type": "pass"} or o.get("yes") is False or
                     o.get("card", 0) is None), opts[0])
        state = act(state, pick)
    return state


# ---------------------------------------------------------------- cards beneath a card
def test_orlin_gets_a_card_beneath_each_time_he_is_stopped_and_skills_minus_one_for_each():
    orlin = real("Orlin", "Fading Genius")
    state = table(deck0=[orlin] + [GEAR] * 12, begin=False)
    o = put_in_play(state, 0, orlin)
    state = start(state, stop=JASON4)
    assert stats.skills(state, o) == {"culture": 3, "science": 3, "ingenuity": 2}
    top = state["seats"][0]["deck"][0]
    from rules.stargate.replacements import stop
    stop(state, o)
    from rules.stargate.flow import advance
    state["pending"] = None
    advance(state)
    assert state["cards"][o]["beneath"] == [top] and state["cards"][top]["face_down"]
    assert stats.skills(state, o) == {"culture": 2, "science": 2, "ingenuity": 1}
    view = GAME.view(state, 1)
    assert view["seats"][0]["play"][[c["id"] for c in view["seats"][0]["play"]].index(o)]["beneath"] == \
        [{"id": None, "owner": 0, "face_down": True}]
    check_invariants(state)


def test_mot_keeps_a_card_from_hand_beneath_him_and_cashes_it_in_for_its_cost():
    mot = real("Mot")
    state = table(deck1=[mot, ADVERSARY] + [GEAR] * 12, missions0=COMBAT)
    m = put_in_play(state, 1, mot)
    card = _take(state, 1, ADVERSARY, "hand")  # cost 3
    state = pass_(state)
    _power(state, 1, 3)
    state = act(state, {"type": "activate", "card": m, "ability": 0})
    assert {"type": "choose", "card": card} in state["pending"]["options"]
    state = act(state, {"type": "choose", "card": card})
    assert state["cards"][m]["blocked"] and state["cards"][m]["beneath"] == [card]
    assert state["seats"][1]["power"] == 0 and not state["cards"][card]["face_down"]
    # only one card beneath him at a time
    state = pass_(state)
    assert {"type": "activate", "card": m, "ability": 0} not in GAME.legal_actions(state, 1)
    state = act(state, {"type": "activate", "card": m, "ability": 1})
    state = act(state, {"type": "choose", "card": card})
    assert state["cards"][card]["zone"] == "discard" and state["seats"][1]["power"] == 3
    check_invariants(state)


def test_lucian_alliance_freighter_stashes_cards_for_power_then_cashes_them_in():
    freighter = real("Lucian Alliance Freighter")
    state = table(deck1=[freighter] + [GEAR] * 12, missions0=COMBAT)
    f = put_in_play(state, 1, freighter)
    state = pass_(state)
    _power(state, 1, 2)
    state = act(state, {"type": "assign", "card": f})
    state = act(state, {"type": "choose", "yes": True})
    state = act(state, {"type": "choose", "option": 0})
    hand = list(state["seats"][1]["hand"])
    state = act(state, {"type": "choose", "card": hand[0]})
    state = act(state, {"type": "choose", "card": hand[1]})  # X = 2: as much as he can pay
    assert state["cards"][f]["beneath"] == hand[:2] and state["seats"][1]["power"] == 0
    # next time: gain 1 power per card beneath, the cards go to the discard pile
    from rules.stargate.effects import interpreter as I
    from rules.stargate.flow import advance
    I.push(state, [{"choose_one": [[{"gain_power": {"amount": 0, "who": "you"}}],
                                   [{"gain_power": {"amount": {"cards_beneath": {"self": True}}, "who": "you"}},
                                    {"discard_card": {"all": {"beneath": "self"}}}]], "chooser": "you"}], f, 1)
    state["pending"] = None
    advance(state)
    state = act(state, {"type": "choose", "option": 1})
    assert state["seats"][1]["power"] == 2 and all(state["cards"][i]["zone"] == "discard" for i in hand[:2])


def test_quarantine_container_keeps_the_chosen_obstacle_and_forbids_its_title():
    qc, spray = real("Quarantine Container"), real("Corrosive Spray")
    state = table(deck0=[qc] + [GEAR] * 12, deck1=[spray] * 3 + [GEAR] * 12, missions0=COMBAT)
    q = put_in_play(state, 0, qc)
    first, second = _take(state, 1, spray, "hand", 0), _take(state, 1, spray, "hand", 1)
    state = pass_(state)
    state = act(state, {"type": "play", "card": first})
    state = act(state, {"type": "activate", "card": q, "ability": 0})
    state = act(state, {"type": "choose", "card": first})
    _power(state, 1, 5)
    assert {"type": "play", "card": second} in GAME.legal_actions(state, 1)  # not beneath yet
    state = _pass_until(state, {"revive_or_score"})
    while state["cards"][first]["zone"] == "mission":
        state = act(state, state["pending"]["options"][0])
    assert state["cards"][first]["zone"] == "beneath" and state["cards"][q]["beneath"] == [first]
    state = _finish_turn(state)   # Paul's turn: Jason's gear is not used
    state = _finish_turn(state)   # Jason's turn again: Paul can't play a Corrosive Spray
    _power(state, 1, 5)
    if state["pending"]["seat"] == 0:
        state = pass_(state)
    skill = next(iter(S.card_def(state, S.current_mission(state))["skills"]))
    if skill in ("combat", "science"):
        assert {"type": "play", "card": second} not in GAME.legal_actions(state, 1)


# ------------------------------------------------------------- cards placed on a card
BY_SKILL = {"culture": MISSIONS[0], "science": MISSIONS[1], "combat": MISSIONS[2], "ingenuity": MISSIONS[3]}


def _failed_with_obstacle(obstacle_guid, deck0=None, team_choice=None):
    """Jason fails a mission (difficulty 4, in the obstacle's first skill) where Paul played
    ``obstacle_guid``; Paul places it on Teal'c (or the first option)."""
    from rules.stargate.cards import card_db
    skill = next(iter(card_db()[obstacle_guid]["skills"]))
    state = table(deck0=deck0, deck1=[obstacle_guid] * 2 + [GEAR] * 12, missions0=[BY_SKILL[skill]] + COMBAT)
    obs = _take(state, 1, obstacle_guid, "hand")
    state = pass_(state)
    _power(state, 1, 5)
    state = act(state, {"type": "play", "card": obs})
    state = _pass_until(state, {"choose_card"})
    tealc = team_of(state, 0, TEALC)
    state = act(state, {"type": "choose", "card": tealc if {"type": "choose", "card": tealc}
                        in state["pending"]["options"] else state["pending"]["options"][0]["card"]})
    return state, obs, tealc


def test_forced_labor_camp_blocks_its_character_until_any_player_pays_3_to_destroy_it():
    flc = real("Forced Labor Camp")
    state, obs, tealc = _failed_with_obstacle(flc)
    assert state["cards"][obs]["on"] == tealc and state["cards"][obs]["zone"] == "play"
    state = _finish_turn(state)  # the mission ends: the obstacle stays on Teal'c
    assert state["cards"][obs]["on"] == tealc
    state = _finish_turn(state)  # Jason's next turn: Teal'c is blocked
    assert state["turn"]["hero"] == 0 and state["cards"][tealc]["state"] == "ready"
    assert {"type": "assign", "card": tealc} not in GAME.legal_actions(state, 0)
    _power(state, 0, 3)
    state = act(state, {"type": "activate", "card": obs, "ability": 2})  # Jason may perform it
    assert state["cards"][obs]["zone"] == "discard" and state["seats"][0]["power"] == 0
    state = pass_(state)
    state = pass_(state) if state["pending"]["seat"] == 1 else state
    assert {"type": "assign", "card": tealc} in GAME.legal_actions(state, 0)


def test_under_suspicion_makes_the_opponent_pay_2_to_assign_and_goes_at_a_success():
    us = real("Under Suspicion")
    state, obs, tealc = _failed_with_obstacle(us)
    state = _finish_turn(state)
    state = _finish_turn(state)
    assert state["turn"]["hero"] == 0
    _power(state, 0, 1)
    assert {"type": "assign", "card": tealc} not in GAME.legal_actions(state, 0)
    _power(state, 0, 2)
    state = act(state, {"type": "assign", "card": tealc})
    assert state["seats"][0]["power"] == 0
    # Jason succeeds at a mission: the obstacle is destroyed
    state["mission"]["difficulty_mods"].append(-99)
    state = _pass_until(state, {"earn_glyph", "continue", "choose_card"})
    assert state["cards"][obs]["zone"] == "discard"


def test_payoff_stops_its_character_when_a_political_obstacle_is_played_unless_he_pays():
    payoff, blackmailed = real("Payoff"), real("Blackmailed")
    state = table(deck1=[payoff, blackmailed] + [GEAR] * 12, missions0=[MISSIONS[0]] + COMBAT)
    obs = _take(state, 1, payoff, "hand")
    state = pass_(state)
    _power(state, 1, 5)
    state = act(state, {"type": "play", "card": obs})
    state = _pass_until(state, {"choose_card"})
    tealc = team_of(state, 0, TEALC)
    state = act(state, {"type": "choose", "card": tealc})
    state = _finish_turn(state)
    state = _finish_turn(state)
    assert state["turn"]["hero"] == 0
    # a culture mission so Paul can play Blackmailed (Political, Culture 2)
    pol = _take(state, 1, blackmailed, "hand")
    state["mission"]["skill_override"] = "culture"
    state = pass_(state) if state["pending"]["seat"] == 0 else state
    _power(state, 1, 5)
    _power(state, 0, 0)
    state = act(state, {"type": "play", "card": pol})
    # Jason can't pay: Teal'c is stopped
    assert state["cards"][tealc]["state"] == "stopped"


def test_payoff_the_character_stays_ready_when_his_owner_pays():
    payoff, blackmailed = real("Payoff"), real("Blackmailed")
    state = table(deck1=[payoff, blackmailed] + [GEAR] * 12, missions0=[MISSIONS[0]] + COMBAT)
    obs = _take(state, 1, payoff, "hand")
    state = pass_(state)
    _power(state, 1, 5)
    state = act(state, {"type": "play", "card": obs})
    state = _pass_until(state, {"choose_card"})
    tealc = team_of(state, 0, TEALC)
    state = act(state, {"type": "choose", "card": tealc})
    state = _finish_turn(state)
    state = _finish_turn(state)
    pol = _take(state, 1, blackmailed, "hand")
    state["mission"]["skill_override"] = "culture"
    state = pass_(state) if state["pending"]["seat"] == 0 else state
    _power(state, 1, 5)
    _power(state, 0, 1)
    state = act(state, {"type": "play", "card": pol})
    assert state["pending"]["kind"] == "yes_no" and state["pending"]["seat"] == 0
    state = act(state, {"type": "choose", "yes": True})
    assert state["seats"][0]["power"] == 0 and state["cards"][tealc]["state"] == "ready"


def test_debilitated_blocks_a_team_character_and_only_his_owner_may_pay_to_destroy_it():
    deb = real("Debilitated")
    state, obs, tealc = _failed_with_obstacle(deb)
    assert state["cards"][obs]["on"] == tealc
    state = _finish_turn(state)
    state = _finish_turn(state)
    assert {"type": "assign", "card": tealc} not in GAME.legal_actions(state, 0)
    xp = S.card_def(state, S.current_mission(state))["experience"]
    _power(state, 0, xp)
    _power(state, 1, 10)
    state = act(state, {"type": "activate", "card": obs, "ability": 2})
    assert state["cards"][obs]["zone"] == "discard" and state["seats"][0]["power"] == 0


def test_canopic_jar_stops_an_assigned_adversary_and_blocks_it_until_a_mission_fails():
    jar = real("Canopic Jar")
    state = table(deck0=[jar] + [GEAR] * 12, deck1=[ADVERSARY] * 2 + [GEAR] * 12, missions0=COMBAT)
    j = put_in_play(state, 0, jar)
    adv = put_in_play(state, 1, ADVERSARY)
    state = pass_(state)
    state = act(state, {"type": "assign", "card": adv})
    assert {"type": "activate", "card": j, "ability": 0} in GAME.legal_actions(state, 0)
    state = act(state, {"type": "activate", "card": j, "ability": 0})
    state = act(state, {"type": "choose", "card": adv})
    assert state["cards"][adv]["state"] == "stopped" and state["cards"][j]["on"] == adv
    assert {"type": "activate", "card": j, "ability": 0} not in GAME.legal_actions(state, 1)
    # the mission fails (nobody assigned): the jar is destroyed
    state = _pass_until(state, {"choose_card"})
    assert state["cards"][j]["zone"] == "discard"


def test_atoniek_armband_goes_on_the_blocked_character_for_skills_plus_2_until_the_end_of_the_turn():
    armband = real("Atoniek Armband")
    state = table(deck0=[armband] + [GEAR] * 12, missions0=COMBAT)
    a = put_in_play(state, 0, armband)
    tealc = team_of(state, 0, TEALC)
    state = act(state, {"type": "activate", "card": a, "ability": 0})
    state = act(state, {"type": "choose", "card": tealc})
    assert state["cards"][tealc]["blocked"] and state["cards"][a]["on"] == tealc
    assert stats.skills(state, tealc)["combat"] == 5
    state = pass_(state)
    assert {"type": "activate", "card": a, "ability": 0} not in GAME.legal_actions(state, 0)  # once each turn
    state = _finish_turn(state)
    assert "on" not in state["cards"][a] and state["cards"][a]["zone"] == "play"


def test_babysitting_job_blocks_everyone_else_until_the_chosen_character_is_assigned():
    job = real("Babysitting Job")
    state = table(deck1=[job] + [GEAR] * 12, missions0=[COMBAT[0]] + COMBAT)  # skill: combat (Babysitting Job has 0)
    obs = _take(state, 1, job, "hand")
    state = pass_(state)
    state = act(state, {"type": "play", "card": obs})
    tealc, raknor = team_of(state, 0, TEALC), team_of(state, 0, RAKNOR)
    assert {"type": "choose", "card": tealc} in state["pending"]["options"]
    state = act(state, {"type": "choose", "card": tealc})
    legal = GAME.legal_actions(state, 0)
    assert {"type": "assign", "card": raknor} not in legal and {"type": "assign", "card": tealc} in legal
    state = act(state, {"type": "assign", "card": tealc})
    state = pass_(state)
    assert {"type": "assign", "card": raknor} in GAME.legal_actions(state, 0)


# --------------------------------------------------------------------------- glyphs
def test_cor_ai_swaps_a_glyph_for_the_top_of_its_owners_mission_pile():
    corai = real("Cor-ai")
    state = table(deck1=[corai] + [GEAR] * 12, missions0=COMBAT, begin=False)
    tealc = team_of(state, 0, TEALC)
    g = give_glyph(state, tealc, MISSIONS[1])
    state = start(state, stop=JASON4)
    obs = _take(state, 1, corai, "hand")
    state = pass_(state)
    _power(state, 1, 5)
    state = act(state, {"type": "play", "card": obs})
    state = _pass_until(state, {"choose_card"})
    assert state["pending"]["options"] == [{"type": "choose", "card": g}]
    top = state["seats"][0]["mission_pile"][0]
    state = act(state, {"type": "choose", "card": g})
    assert state["cards"][tealc]["glyphs"] == [top] and state["seats"][0]["mission_pile"][-1] == g


def test_moloc_scored_sends_a_glyph_and_its_same_experience_siblings_to_the_bottom_in_the_owners_order():
    moloc = real("Moloc")
    state = table(deck1=[moloc] + [GEAR] * 12, missions0=COMBAT_MISSIONS + MISSIONS[:4] + [BIG_XP_MISSION], begin=False)
    tealc = team_of(state, 0, TEALC)
    g1, g2 = give_glyph(state, tealc, MISSIONS[1]), give_glyph(state, tealc, MISSIONS[3])  # both experience 2
    g3 = give_glyph(state, tealc, BIG_XP_MISSION)
    state = start(state, stop=JASON4)
    m = put_in_play(state, 1, moloc)
    state = pass_(state)
    state = act(state, {"type": "assign", "card": m})
    state = _pass_until(state, {"revive_or_score"})
    state = act(state, {"type": "adversary", "choice": "score"})
    state = act(state, {"type": "choose", "card": g1})
    assert state["pending"]["kind"] == "order_glyphs" and state["pending"]["seat"] == 0
    state = act(state, {"type": "order_glyph", "card": g2})
    assert state["cards"][tealc]["glyphs"] == [g3]
    assert state["seats"][0]["mission_pile"][-2:] == [g2, g1]


def test_vala_mal_doran_trades_a_libra_or_pisces_glyph_for_the_top_mission():
    vala = real("Vala Mal Doran", "Con Artist")
    state = table(team0=(vala, PAUL2, SGC_OFFICER, JASON3), missions0=COMBAT, begin=False)
    v = team_of(state, 0, vala)
    state = start(state, stop=PAUL2)
    assert not [a for a in GAME.legal_actions(state, 0) if a["type"] == "activate"]  # no Libra/Pisces glyph
    g = give_glyph(state, v, MISSIONS[1])  # Libra
    top = state["seats"][0]["mission_pile"][0]
    state = act(state, {"type": "activate", "card": v, "ability": 0})
    state = act(state, {"type": "choose", "card": g})
    assert state["cards"][v]["glyphs"] == [top] and state["cards"][v]["state"] == "stopped"
    assert state["seats"][0]["mission_pile"][-1] == g


# --------------------------------------------------------------------- traits, types
def test_tyler_gets_all_the_chosen_characters_traits_until_the_end_of_the_mission():
    tyler = real('"Tyler"')
    state = table(deck0=[tyler] + [GEAR] * 12, missions0=COMBAT)
    t = put_in_play(state, 0, tyler)
    tealc = team_of(state, 0, TEALC)
    from rules.stargate.effects.filters import matches
    assert not matches(state, t, {"trait": "Jaffa"}, {"controller": 0})
    state = act(state, {"type": "activate", "card": t, "ability": 0})
    state = act(state, {"type": "choose", "card": state["pending"]["options"][0]["card"]})  # the discard
    state = act(state, {"type": "choose", "card": tealc})
    assert matches(state, t, {"trait": "Jaffa"}, {"controller": 0})
    state = _pass_until(state, {"choose_card"})
    while state["step"] != "continue" and state["turn"]["number"] == 1 and state["pending"]["kind"] != "continue":
        state = act(state, state["pending"]["options"][0])
    assert not matches(state, t, {"trait": "Jaffa"}, {"controller": 0})


def test_daniel_jackson_prior_of_the_ori_is_an_ori_adversary_during_his_opponents_turn():
    dj = real("Daniel Jackson", "Prior of the Ori")
    state = table(deck0=[dj] + [GEAR] * 20, missions0=COMBAT, missions1=[MISSIONS[0]] + COMBAT)
    d = put_in_play(state, 0, dj)
    culture = find(state, MISSIONS[0], 1, "mission_pile")[0]  # Paul's first mission needs Culture
    S.move(state, culture, "mission_pile", top=True)
    assert S.card_def(state, d)["type"] == "character"  # Jason's turn
    state = _finish_turn(state)  # Paul's turn: Jason is the villain
    assert state["turn"]["hero"] == 1
    card = S.card_def(state, d)
    assert card["type"] == "adversary" and "Ori" in card["traits"] and card["revive"] == 5
    if state["pending"]["seat"] == 1:
        state = pass_(state)
    assert {"type": "assign", "card": d} in GAME.legal_actions(state, 0)  # Culture 3: the mission needs Culture
    state = act(state, {"type": "assign", "card": d})
    state = _pass_until(state, {"revive_or_score"})
    assert state["pending"]["kind"] == "revive_or_score"
    assert {"type": "adversary", "choice": "score"} not in state["pending"]["options"]  # he can't be scored
    assert {"type": "adversary", "choice": "revive"} in state["pending"]["options"]


# ------------------------------------------------------------------------------ fuzz
NEW_CARDS = ["1/16", "1/228", "1/18", "1/30", "1/48", "1/140", "1/209", "1/220", "1/233", "1/283", "2/7", "2/23", "2/62",
             "2/68", "2/73", "2/122", "2/142", "2/149", "2/258", "2/292", "3/9", "3/12", "3/13", "3/28", "3/105",
             "3/165", "3/229"]


def test_random_games_full_of_these_cards_play_to_the_end_with_the_invariants():
    """Random legal play with decks made of the cards above (and starter cards), checking the
    one-zone invariant, views and legality after every action."""
    from rules.stargate.cards import by_ref
    play_salted_games([by_ref(r)["guid"] for r in NEW_CARDS], 2, "constructs")


# ------------------------------------------------------------------ change of control
def test_the_enemy_within_turns_a_support_character_into_the_villains_adversary():
    tew = real("The Enemy Within")
    state = table(deck0=[OLAF] + [GEAR] * 12, deck1=[tew] + [GEAR] * 20,
                  missions0=[BY_SKILL["science"]] + COMBAT, begin=False)
    olaf = put_in_play(state, 0, OLAF)
    state = start(state, stop=JASON4)
    obs = _take(state, 1, tew, "hand")
    state = pass_(state)
    _power(state, 1, 5)
    state = act(state, {"type": "play", "card": obs})
    state = _pass_until(state, {"choose_card"})
    assert {"type": "choose", "card": olaf} in state["pending"]["options"]
    state = act(state, {"type": "choose", "card": olaf})
    card = S.card_def(state, olaf)
    assert S.controller(state, olaf) == 1 and olaf in state["seats"][1]["play"] and olaf not in state["seats"][0]["play"]
    assert card["type"] == "adversary" and card["mechanics"] == [] and "Goa'uld" in card["traits"] and card["revive"] == 3
    assert state["cards"][olaf]["state"] == "stopped" and state["cards"][obs]["on"] == olaf
    check_invariants(state)
    state = _finish_turn(state)  # Paul's turn: his adversary is a villain card, not used
    state = _finish_turn(state)  # Jason's turn: Paul may assign his new adversary
    assert state["turn"]["hero"] == 0
    skill = next(iter(S.card_def(state, S.current_mission(state))["skills"]))
    if state["pending"]["seat"] == 0:
        state = pass_(state)
    assert ({"type": "assign", "card": olaf} in GAME.legal_actions(state, 1)) == (skill == "combat")
    if skill == "combat":
        state = act(state, {"type": "assign", "card": olaf})
        state = _pass_until(state, {"revive_or_score"})
        assert {"type": "adversary", "choice": "score"} not in state["pending"]["options"]  # can't be scored
        state = act(state, {"type": "adversary", "choice": "destroy"})
    else:
        from rules.stargate.replacements import destroy
        destroy(state, olaf, by=0)
    # destroyed: the character goes to its owner's discard pile, the obstacle to its owner's
    assert olaf in state["seats"][0]["discard"] and state["cards"][obs]["zone"] == "discard"
    assert obs in state["seats"][1]["discard"] and "controller" not in state["cards"][olaf]
