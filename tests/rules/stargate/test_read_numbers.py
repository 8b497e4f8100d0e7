"""The numbers the reader guard (test_stat_readers.py) found no reader consulted, each
changed by its real card played through the reducer: complications' difficulty (Camulus,
Prevent Theft), a character's own experience (George Hammond, Tolinev), the cost of cards
in a villain score pile (Goa'uld Ha'tak), the cost of playing another mission (Restore
Symbiotic Balance) and a boost's bonus (Defend the Byrsa); and the glyphs and experience of
characters while they are assigned."""
from rules.protocol import JUDGE
from rules.stargate import state as S
from rules.stargate import stats, victory
from rules.stargate.game import GAME

from .fixtures import (ADVERSARY, COMBAT_MISSIONS, GEAR, JASON3, JASON4, MISSIONS, PAUL2, RAKNOR, TEALC,
                       VILLAIN_OBSTACLE, add, find, give_glyph, pass_, put_in_play, real, start, table, team, team_of,
                       to_hand)
from .helpers import act, check_invariants

COMBAT = COMBAT_MISSIONS + MISSIONS[:5]
RUSSIAN = add(team("fx-russian", "Russian Officer", 2, traits=["Russian"]))


def _complication(state):
    return act(state, {"type": "complication", "card": state["seats"][1]["hand"][0]}, 1)


# ------------------------------------------------------------- complications' difficulty
def test_camulus_assigned_gives_each_complication_difficulty_plus_one():
    state = table(deck1=[real("Camulus")] + [VILLAIN_OBSTACLE] * 12, missions0=COMBAT, begin=False)
    cam = put_in_play(state, 1, real("Camulus"))
    state = start(state, stop=JASON4)
    state = pass_(state)
    state["seats"][1]["power"] = 10
    base = stats.difficulty(state)
    state = _complication(state)
    assert stats.difficulty(state) == base + 1  # Camulus is not assigned
    state = pass_(state)
    state = act(state, {"type": "assign", "card": cam}, 1)
    with_camulus = base + 1 + stats.skill(state, cam, "combat")
    assert stats.difficulty(state) == with_camulus + 1  # the complication now adds 2
    state = pass_(state)
    state = _complication(state)
    assert stats.difficulty(state) == with_camulus + 1 + 2
    check_invariants(state)


def test_prevent_theft_gives_complications_difficulty_plus_one():
    state = table(missions0=[real("Prevent Theft")] + COMBAT)
    state = pass_(state)
    assert stats.difficulty(state) == 3
    state = _complication(state)
    assert stats.difficulty(state) == 3 + 2
    assert GAME.view(state, 0)["mission"]["difficulty"] == 5


# --------------------------------------------------------------- a character's experience
def test_george_hammond_gets_experience_for_each_different_glyph_even_while_assigned():
    george = real("George Hammond", "Front Line General")
    state = table(team0=(george, RAKNOR, JASON3, PAUL2), missions0=COMBAT, begin=False)  # Jason goes first
    g = team_of(state, 0, george)
    give_glyph(state, g, COMBAT_MISSIONS[0])  # Gemini, 2 experience
    give_glyph(state, g, COMBAT_MISSIONS[1])  # Libra, 2 experience
    give_glyph(state, g, COMBAT_MISSIONS[6])  # Gemini again: not a different glyph
    state = start(state, stop=JASON3)
    assert stats.experience(state, 0) == 6 + 2
    state = act(state, {"type": "assign", "card": g})
    assert stats.experience(state, 0) == 6 + 2 and stats.glyph_count(state, 0) == 3  # assigned: still his
    assert GAME.view(state, JUDGE)["seats"][0]["experience"] == 8
    state["cards"][g]["state"] = "incapacitated"  # his text is ignored; his glyphs still count
    assert stats.experience(state, 0) == 6


def test_george_hammonds_experience_can_win_the_game():
    george = real("George Hammond", "Front Line General")
    state = table(team0=(george, RAKNOR, JASON3, PAUL2), missions0=COMBAT, begin=False)
    g = team_of(state, 0, george)
    for k in range(5):  # five different glyphs, 2 experience each: 10 + 5 = 15 >= 14 (10 alone is not)
        give_glyph(state, g, COMBAT_MISSIONS[k])
    assert victory.check(state) == {"winners": [0], "reason": "experience 15 reached the victory total 14"}


def test_tolinev_gets_experience_for_each_other_russian_character_sharing_a_glyph():
    tolinev = real("Tolinev")
    state = table(team0=(tolinev, RUSSIAN, JASON3, PAUL2), missions0=COMBAT, begin=False)
    t, r = team_of(state, 0, tolinev), team_of(state, 0, RUSSIAN)
    give_glyph(state, t, COMBAT_MISSIONS[0])  # Gemini
    give_glyph(state, r, COMBAT_MISSIONS[6])  # Gemini
    give_glyph(state, team_of(state, 0, JASON3), COMBAT_MISSIONS[1])  # not Russian
    state = start(state, stop=JASON3)
    assert stats.experience(state, 0) == 6 + 1


# ------------------------------------------------------------- the villain score pile cost
def test_gould_hatak_adds_one_to_each_gould_card_in_its_owners_score_pile_during_his_villain_turn():
    hatak, tanith = real("Goa'uld Ha'tak"), real("Tanith", "Lurker")
    state = table(deck1=[hatak, tanith, ADVERSARY] + [GEAR] * 10, begin=False)
    put_in_play(state, 1, hatak)
    for g in (tanith, ADVERSARY):
        S.move(state, (find(state, g, 1, "deck") + find(state, g, 1, "hand"))[0], "score_pile")
    state = start(state, stop=JASON4)
    assert state["turn"]["villain"] == 1
    assert stats.score_pile_cost(state, 1) == 4 + 1 + 3  # Tanith is Goa'uld; the plain adversary is not
    assert GAME.view(state, 1)["seats"][1]["score_pile_cost"] == 8
    state["turn"]["hero"], state["turn"]["villain"] = 1, 0  # his hero turn: his villain cards are ignored
    assert stats.score_pile_cost(state, 1) == 7


def test_a_scored_cards_own_cost_text_is_about_playing_it_not_its_cost_in_a_score_pile():
    sekhmet = real("Sekhmet")  # "While no characters are assigned, Sekhmet costs power -2 to play." (cost 2)
    state = table(deck1=[sekhmet] + [GEAR] * 12)
    S.move(state, (find(state, sekhmet, 1, "deck") + find(state, sekhmet, 1, "hand"))[0], "score_pile")
    assert not [i for i in S.at_mission(state) if S.is_character(state, i)]  # her condition holds
    assert stats.score_pile_cost(state, 1) == 2


# --------------------------------------------------- the cost of playing another mission
def test_restore_symbiotic_balance_failure_makes_playing_a_mission_cost_one_more_this_turn():
    state = table(missions0=[real("Restore Symbiotic Balance")] + COMBAT)  # Science 4: nobody assigned
    state["seats"][0]["power"], state["seats"][1]["power"] = 5, 0
    state = pass_(state)
    state = pass_(state)
    assert state["pending"]["kind"] == "continue" and "costs 2" in state["pending"]["prompt"]
    state = act(state, {"type": "continue", "yes": True})
    assert [s["power"] for s in state["seats"]] == [3, 2]  # the villain gains what the hero pays
    state = pass_(state)
    state = pass_(state)
    assert "costs 3" in state["pending"]["prompt"]  # two failed missions + 1
    state = act(state, {"type": "continue", "yes": True})
    assert [s["power"] for s in state["seats"]] == [0, 5]
    check_invariants(state)


def test_without_enough_power_for_the_raised_cost_the_hero_cannot_continue():
    state = table(missions0=[real("Restore Symbiotic Balance")] + COMBAT)
    state["seats"][0]["power"] = 1  # 1 failed mission + 1 = 2
    state = pass_(state)
    state = pass_(state)
    assert state["pending"]["kind"] != "continue" and not state["turn"].get("cost_rules")


# --------------------------------------------------------------------- a boost's bonus
def test_defend_the_byrsa_gives_a_boosted_character_an_additional_skills_plus_one():
    state = table(deck0=[TEALC, TEALC] + [GEAR] * 10, missions0=[real("Defend the Byrsa")] + COMBAT, begin=False)
    to_hand(state, 0, TEALC)
    state = start(state, stop=JASON4)
    t = team_of(state, 0, TEALC)
    state = act(state, {"type": "assign", "card": t})
    state = pass_(state)
    before = stats.skill(state, t, "combat")
    state = act(state, next(a for a in GAME.legal_actions(state, 0) if a["type"] == "boost" and a["target"] == t))
    assert stats.skill(state, t, "combat") == before + 2


def test_defend_the_byrsa_does_not_change_an_adversary_boost():
    state = table(deck1=[ADVERSARY] * 3 + [GEAR] * 10, missions0=[real("Defend the Byrsa")] + COMBAT, begin=False)
    adv = put_in_play(state, 1, ADVERSARY)
    to_hand(state, 1, ADVERSARY)
    state = start(state, stop=JASON4)
    state = pass_(state)
    state = act(state, {"type": "assign", "card": adv}, 1)
    state = pass_(state)
    before = stats.difficulty(state)
    state = act(state, next(a for a in GAME.legal_actions(state, 1) if a["type"] == "boost" and a["target"] == adv), 1)
    assert stats.difficulty(state) == before + 1


def test_an_obstacle_taken_below_zero_difficulty_adds_nothing_and_lowers_nothing():
    """Two Zat Guns on one Combat obstacle of difficulty 1: its difficulty is 0, not -1
    (glossary "negative numbers": each number is clamped), so the mission keeps its own."""
    zat = real("Zat Gun")
    state = table(deck0=[zat, zat] + [GEAR] * 10, deck1=[VILLAIN_OBSTACLE] * 13, missions0=COMBAT, begin=False)
    guns = [put_in_play(state, 0, zat), put_in_play(state, 0, zat)]
    state = start(state, stop=JASON4)
    state = pass_(state)
    state = act(state, {"type": "play", "card": state["seats"][1]["hand"][0]}, 1)
    obs = next(i for i in S.at_mission(state) if S.ctype(state, i) == "obstacle")
    mission_alone = stats.difficulty(state) - 1
    state["seats"][0]["power"] = 5
    for gun in guns:
        state = act(state, {"type": "activate", "card": gun, "ability": 0})
        state = act(state, {"type": "choose", "card": obs})
        state = act(state, {"type": "choose", "option": 0})  # pay 1: difficulty -1
        state = pass_(state)  # the villain passes, the hero acts again
    assert [m["amount"] for m in state["cards"][obs]["mods"]] == [-1, -1]
    assert stats.difficulty(state) == mission_alone
