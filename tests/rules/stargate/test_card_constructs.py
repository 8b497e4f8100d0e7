"""The last official cards' constructs, each exercised by its real card in a game state:
granted text, text that occurs an additional time, revive replacements, boosting and
playing by other cards' rules, "each time … discard pile", playing at normal cost."""
from rules.stargate import state as S
from rules.stargate import stats
from rules.stargate.game import GAME

from .fixtures import (ADVERSARY, COMBAT_MISSIONS, GEAR, JASON3, JASON4, MISSIONS, OLAF, PAUL2, SGC_OFFICER, RAKNOR, TEALC,
                       VILLAIN_OBSTACLE, _card, add, find, give_glyph, pass_, put_in_play, real, start, table,
                       team_of, to_hand)
from .helpers import act, check_invariants

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
    # the event's text and Sina's trigger happen together: the hero orders them
    assert state["pending"]["kind"] == "order_triggers"
    state = act(state, {"type": "order", "index": 1})  # the event's own text first
    state = act(state, {"type": "choose", "card": team_of(state, 0, TEALC)})
    assert state["pending"]["kind"] == "yes_no" and state["pending"]["seat"] == 0
    state = act(state, {"type": "choose", "yes": True})
    assert state["cards"][ev]["zone"] == "hand" and state["cards"][sina]["state"] == "stopped"
    # again: Sina is stopped, so the cost can't be paid and nothing is asked
    state = pass_(state)
    state["seats"][0]["power"] = 5
    state = act(state, {"type": "play", "card": ev})
    state = act(state, {"type": "order", "index": 1})
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
