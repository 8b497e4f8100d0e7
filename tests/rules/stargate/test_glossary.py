"""One test per glossary entry (and the rules the glossary's examples illustrate)."""

from rules.stargate import state as S
from rules.stargate import stats
from rules.stargate.game import GAME

from .fixtures import (ADVERSARY, GEAR, JASON3, JASON4, MISSIONS, OLAF, PAUL2, RAKNOR, TEALC,
                       VILLAIN_OBSTACLE, give_glyph, pass_, put_in_play, real, start, table, team_of, to_hand)
from .helpers import act

ARTOK = real("Artok")
BRATAC = real("Bra'tac", "Jaffa Master")
SEASONED = real("Seasoned Travelers")
YOUNG_JACK = real("Young Jack")
SVETLANA = real("Svetlana Markov")
MAYBOURNE = real("Harold Maybourne", "Ally of Opportunity")
RINGS = real("Transport Rings")
ZUKHOV = real("Zukhov")
LIBRA, ORION, SCORPIUS, TRIANGULUM = MISSIONS[1], MISSIONS[2], MISSIONS[4], MISSIONS[5]


def test_skills_bratac_gives_artok_combat_only():
    state = table(team0=(BRATAC, TEALC, JASON3, JASON4), deck0=[ARTOK] * 3 + [GEAR] * 10, begin=False)
    give_glyph(state, team_of(state, 0, BRATAC), LIBRA)
    artok = put_in_play(state, 0, ARTOK)
    state = start(state, stop=JASON4)
    assert S.card_def(state, artok)["skills"] == {"combat": 2}
    assert stats.skills(state, artok) == {"combat": 3}


def test_skills_rating_0_is_not_no_rating_seasoned_travelers_gives_tealc_science():
    state = table(deck0=[SEASONED] * 3 + [GEAR] * 10, begin=False)
    tealc = team_of(state, 0, TEALC)
    give_glyph(state, tealc, LIBRA)
    card = to_hand(state, 0, SEASONED)
    state = start(state, stop=JASON4)
    assert stats.skill(state, tealc, "science") == 0
    state = act(state, {"type": "play", "card": card})
    state = act(state, {"type": "choose", "card": tealc})
    assert stats.skill(state, tealc, "science") == 1
    # Olaf-like support characters without a rating stay without it
    assert stats.skills(state, tealc)["combat"] == 4


def test_skills_named_skills_young_jack_gains_skills_he_lacks():
    from .fixtures import SGC_OFFICER
    state = table(team0=(SGC_OFFICER, TEALC, JASON3, JASON4), deck0=[YOUNG_JACK] * 2 + [GEAR] * 10, begin=False)
    jack = put_in_play(state, 0, YOUNG_JACK)
    state = start(state, stop=JASON4)
    assert stats.skills(state, jack) == {"ingenuity": 1}
    state = act(state, {"type": "assign", "card": team_of(state, 0, SGC_OFFICER)})
    assert stats.skills(state, jack) == {"ingenuity": 2, "science": 1, "combat": 1}


def test_glyph_text_applies_once_svetlana_markov():
    state = table(team0=(SVETLANA, TEALC, JASON3, JASON4), begin=False)
    sv = team_of(state, 0, SVETLANA)
    give_glyph(state, sv, TRIANGULUM)
    give_glyph(state, sv, MISSIONS[11])  # a second Triangulum
    state = start(state, stop=JASON4)
    assert stats.skill(state, sv, "ingenuity") == 3  # printed 2, +1 once


def test_glyph_costs_are_held_not_spent_harold_maybourne():
    state = table(team0=(MAYBOURNE, TEALC, RAKNOR, PAUL2), begin=False)
    hm = team_of(state, 0, MAYBOURNE)
    state = start(state, stop=PAUL2)
    assert not [a for a in GAME.legal_actions(state, 0) if a["type"] == "activate"]  # no Scorpius yet
    state = table(team0=(MAYBOURNE, TEALC, RAKNOR, PAUL2), begin=False)
    hm = team_of(state, 0, MAYBOURNE)
    g = give_glyph(state, hm, SCORPIUS)
    state = start(state, stop=PAUL2)
    tealc = team_of(state, 0, TEALC)
    before = stats.skill(state, tealc, "combat")
    state = act(state, {"type": "activate", "card": hm, "ability": 0})
    assert state["cards"][hm]["state"] == "stopped"
    assert state["cards"][hm]["glyphs"] == [g]          # the glyph is still there
    assert stats.skill(state, tealc, "combat") == before + 1
    assert stats.skill(state, hm, "combat") == 0        # "all other team characters"


def test_stopped_transport_rings_cannot_pay_its_stop_cost():
    state = table(deck0=[RINGS] * 2 + [GEAR] * 10, begin=False)
    rings = put_in_play(state, 0, RINGS)
    state = start(state, stop=JASON4)
    state["seats"][0]["power"] = 10
    assert {"type": "activate", "card": rings, "ability": 0} in GAME.legal_actions(state, 0)
    state["cards"][rings]["state"] = "stopped"
    assert {"type": "activate", "card": rings, "ability": 0} not in GAME.legal_actions(state, 0)


def test_promotion_token_zukhov_point_value_5_to_max_6_moves_the_victory_total():
    state = table(team0=(ZUKHOV, TEALC, JASON3, JASON4))
    z = team_of(state, 0, ZUKHOV)
    before = stats.victory_total(state, 1)
    state["cards"][z]["tokens"] = 1
    assert stats.number(state, z, "point_value") == 6
    assert stats.victory_total(state, 1) == before + 1
    state["cards"][z]["tokens"] = 3
    assert stats.number(state, z, "point_value") == 6


def test_complication_costs_1_then_2_then_3():
    state = table()
    state["seats"][1]["power"] = 10
    costs = []
    for _ in range(3):
        state = pass_(state) if state["pending"]["seat"] == 0 else state
        before = state["seats"][1]["power"]
        state = act(state, {"type": "complication", "card": state["seats"][1]["hand"][0]})
        costs.append(before - state["seats"][1]["power"])
    assert costs == [1, 2, 3]


def test_complication_by_turning_an_obstacle_face_down_ends_its_effects():
    from rules.stargate.glossary import turn_face_down
    from .fixtures import COMBAT_MISSIONS
    state = table(missions0=COMBAT_MISSIONS + MISSIONS[:5])
    state = pass_(state)
    obs = to_hand(state, 1, VILLAIN_OBSTACLE)
    before = stats.difficulty(state)
    state = act(state, {"type": "play", "card": obs})
    assert stats.difficulty(state) == before + 1            # its Combat 1
    state["cards"][obs]["mods"].append({"stat": "difficulty", "amount": 3, "until": "end_of_mission"})
    assert stats.difficulty(state) == before + 4
    assert turn_face_down(state, obs)
    assert state["cards"][obs]["face_down"] and state["cards"][obs]["mods"] == []
    assert stats.difficulty(state) == before + 1            # now a complication: +1
    assert stats.complication_cost(state) == 2


def test_no_negative_numbers_clamp_at_zero_and_recompute():
    state = table()
    tealc = team_of(state, 0, TEALC)
    state["cards"][tealc]["mods"] += [{"stat": "science", "amount": -3, "until": "end_of_turn"}]
    assert stats.skill(state, tealc, "science") == 0
    state["cards"][tealc]["mods"] += [{"stat": "science", "amount": 2, "until": "end_of_turn"}]
    assert stats.skill(state, tealc, "science") == 0  # 0 - 3 + 2 = -1 → 0: recomputed from the start


def test_ready_an_assigned_card_stops_contributing():
    from rules.stargate.glossary import ready
    state = table()
    tealc = team_of(state, 0, TEALC)
    state = act(state, {"type": "assign", "card": tealc})
    state["cards"][tealc]["state"] = "stopped"
    ready(state, tealc)
    assert state["cards"][tealc]["zone"] == "play" and stats.total_skills(state) == 0


def test_stopped_a_stopped_card_cannot_be_stopped_again():
    from rules.stargate.replacements import stop
    state = table()
    tealc = team_of(state, 0, TEALC)
    assert stop(state, tealc) and not stop(state, tealc)


def test_incapacitated_cards_are_readied_then_stopped_at_the_start_of_their_owners_turn():
    from rules.stargate.glossary import ready
    from rules.stargate.replacements import incapacitate
    state = table()
    tealc = team_of(state, 0, TEALC)
    assert incapacitate(state, tealc) and not incapacitate(state, tealc)
    assert not ready(state, tealc)                     # no card can ready an incapacitated card
    state = pass_(state)
    state = pass_(state)
    state = act(state, {"type": "continue", "yes": False})
    assert state["cards"][tealc]["state"] == "incapacitated"   # not readied in the debrief
    # Paul's turn, then Jason's next turn begins: readied and immediately stopped
    while state["turn"]["hero"] != 0 and state["outcome"] is None:
        p = state["pending"]
        state = act(state, {"type": "pass"} if p["kind"] == "act" else GAME.legal_actions(state, p["seat"])[-1])
    assert state["cards"][tealc]["state"] == "stopped"


def test_blocked_characters_cannot_be_assigned():
    state = table()
    tealc = team_of(state, 0, TEALC)
    state["cards"][tealc]["blocked"] = True
    assert {"type": "assign", "card": tealc} not in GAME.legal_actions(state, 0)


def test_uniqueness_one_character_per_title_in_play():
    state = table(deck0=[OLAF] * 3 + [GEAR] * 10, begin=False)
    put_in_play(state, 0, OLAF)
    o2 = to_hand(state, 0, OLAF)
    state = start(state, stop=JASON4)
    state["seats"][0]["power"] = 10
    assert {"type": "play", "card": o2} not in GAME.legal_actions(state, 0)
    assert any(a["type"] == "boost" for a in GAME.legal_actions(state, 0)) is False  # Olaf not assigned


def test_support_character_needs_a_rating_in_the_mission_skill_team_character_does_not():
    state = table(begin=False)
    state = start(state, stop=JASON4)
    skill = next(iter(S.card_def(state, S.current_mission(state))["skills"]))
    olaf = put_in_play(state, 0, OLAF)
    legal = GAME.legal_actions(state, 0)
    assert ({"type": "assign", "card": olaf} in legal) == (skill == "combat")
    assert {"type": "assign", "card": team_of(state, 0, TEALC)} in legal


def test_adversary_one_per_mission_and_only_with_a_rating_in_the_skill():
    state = table(deck1=[ADVERSARY] * 3 + [GEAR] * 10, missions0=[MISSIONS[2]] + MISSIONS[:2] + MISSIONS[3:])
    a1 = put_in_play(state, 1, ADVERSARY)
    a2 = put_in_play(state, 1, ADVERSARY)
    state = pass_(state)
    legal = GAME.legal_actions(state, 1)
    skill = next(iter(S.card_def(state, S.current_mission(state))["skills"]))
    has = skill in ("combat", "culture")
    assert ({"type": "assign", "card": a1} in legal) == has
    if has:
        state = act(state, {"type": "assign", "card": a1})
        state = pass_(state)
        assert {"type": "assign", "card": a2} not in GAME.legal_actions(state, 1)


def test_traits_filter_by_trait():
    from rules.stargate.effects.filters import matches
    state = table()
    tealc = team_of(state, 0, TEALC)
    assert matches(state, tealc, {"trait": "Jaffa", "type": "character", "subtype": "team"}, {"controller": 0})
    assert not matches(state, tealc, {"trait": "SGC"}, {"controller": 0})


def test_dominion_score_one_dominion_obstacle_with_the_adversary():
    from .fixtures import COMBAT_MISSIONS, _card, add
    dom = add(_card("fx-dom", "Dominion Obstacle", "obstacle", allegiance="villain", cost=1, skills={"combat": 1},
                    mechanics=[{"kind": "keyword", "keyword": "dominion"}]))
    state = table(deck1=[ADVERSARY] * 2 + [dom] * 2 + [GEAR] * 10, missions0=COMBAT_MISSIONS + MISSIONS[:5])
    adv = put_in_play(state, 1, ADVERSARY)
    obs = to_hand(state, 1, dom)
    state = pass_(state)
    state = act(state, {"type": "assign", "card": adv})
    state = pass_(state)
    state = act(state, {"type": "play", "card": obs})
    state = pass_(state)
    state = pass_(state)
    state = act(state, {"type": "adversary", "choice": "score"})
    assert state["pending"]["kind"] == "dominion"
    state = act(state, {"type": "choose", "card": obs})
    assert state["seats"][1]["score_pile"] == [adv, obs]


def test_states_one_of_four_for_characters_none_for_obstacles():
    from .fixtures import COMBAT_MISSIONS
    state = table(missions0=COMBAT_MISSIONS + MISSIONS[:5])
    for iid in state["seats"][0]["play"]:
        assert state["cards"][iid]["state"] in ("ready", "assigned", "stopped", "incapacitated")
    state = pass_(state)
    obs = to_hand(state, 1, VILLAIN_OBSTACLE)
    state = act(state, {"type": "play", "card": obs})
    assert state["cards"][obs]["state"] is None


def test_keywords_withdraw_is_an_activated_ability_of_the_obstacle():
    from rules.stargate.effects.schema import validate_mechanics
    assert validate_mechanics([{"kind": "activated", "keyword": "withdraw", "cost": [{"destroy": {"self": True}}],
                                "effects": [{"gain_power": {"amount": 2, "who": "you"}}]}]) == []


def test_destroyed_support_characters_glyphs_go_to_the_bottom_in_the_owners_order():
    from rules.stargate.replacements import destroy
    from rules.stargate.flow import advance
    state = table(begin=False)
    olaf = put_in_play(state, 0, OLAF)
    g1 = give_glyph(state, olaf, MISSIONS[1])
    g2 = give_glyph(state, olaf, MISSIONS[2])
    state = start(state, stop=JASON4)
    pending = state["pending"]
    state["pending"] = None
    destroy(state, olaf)
    advance(state)
    assert state["pending"]["kind"] == "order_glyphs" and state["pending"]["seat"] == 0
    state = act(state, {"type": "order_glyph", "card": g2})
    assert state["seats"][0]["mission_pile"][-2:] == [g2, g1]
    assert state["cards"][olaf]["zone"] == "discard"
    assert state["pending"]["kind"] == pending["kind"]


def test_a_cards_own_play_cost_text_works_from_the_hand_big_bug():
    """"This obstacle costs power -1 to play for each other Replicator card at the current
    mission" is read while Big Bug is in the villain's hand (it is about playing it)."""
    from tests.rules.stargate.fixtures import add, _card

    replicator = add(_card("fx-repl", "Plain Replicator", "obstacle", allegiance="villain", cost=1,
                           skills={"combat": 1}, traits=["Replicator"]))
    big_bug = real("Big Bug")
    state = table(deck1=[big_bug, replicator] + [VILLAIN_OBSTACLE] * 20)
    bug = to_hand(state, 1, big_bug)
    assert stats.play_cost(state, bug) == 4
    other = to_hand(state, 1, replicator)
    S.move(state, other, "mission")
    assert stats.play_cost(state, bug) == 3
