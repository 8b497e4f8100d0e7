"""A test per rule (RULES.md), on fixture cards."""
import json

import pytest

from rules.babylon5 import combat, victory
from rules.babylon5 import state as S
from rules.babylon5 import values as V
from rules.babylon5.game import GAME
from rules.errors import IllegalAction

from . import fixtures as F
from .helpers import act, add_card, ambassador, check_invariants, scenario, until


def types(legal):
    return {a["type"] for a in legal}


# ---------------------------------------------------------------- setup

def test_setup_status_tracker_tension_and_unrest_start_values():
    st = GAME.setup(F.config(["human", "narn", "minbari", "centauri"]), "s")
    assert st["tracker"] == {"b5": 4, "shadow": 4, "vorlon": 4}
    assert st["tension"]["centauri/narn"] == 4 and st["tension"]["centauri/human"] == 1
    assert st["tension"]["human/minbari"] == 3 and st["tension"]["minbari/narn"] == 2
    assert set(st["unrest"].values()) == {1}
    assert all(sd["rating"] == 4 for sd in st["seats"])


def test_setup_opening_hand_is_three_cards_of_different_types_chosen_by_each_player():
    st = GAME.setup(F.config(["human", "narn"]), "s")
    for seat in (0, 1):
        for _ in range(3):
            assert st["pending"]["seat"] == seat and st["pending"]["kind"] == "opening_hand"
            legal = GAME.legal_actions(st, seat)
            assert GAME.legal_actions(st, 1 - seat) == []
            st = act(st, legal[0], seat)
        assert len({S.ctype(st, i) for i in st["seats"][seat]["hand"]}) == 3
    assert st["pending"]["kind"] == "declare"
    # the ambassador is in play, in the Inner Circle
    for seat in (0, 1):
        amb = ambassador(st, seat)
        assert st["cards"][amb]["zone"] == "play" and st["cards"][amb]["level"] == "inner"


def test_build_config_checks_races_and_player_count():
    from rules.errors import InvalidRequest
    with pytest.raises(InvalidRequest):
        GAME.build_config("1.3b", [{"deck": "x"}])
    with pytest.raises(InvalidRequest):
        GAME.build_config("2.0", [{"deck": "x"}, {"deck": "y"}])


# ---------------------------------------------------------------- ready round, initiative

def test_initiative_lowest_influence_first_then_ambassador_diplomacy_intrigue_psi_leadership():
    st = scenario(["human", "narn", "minbari"], ratings=[6, 5, 7])
    assert st["turn"]["order"] == [1, 0, 2]
    # equal rating: Delenn (Diplomacy 4) acts after Sheridan and G'Kar (3)
    st = scenario(["minbari", "human"], ratings=[5, 5])
    assert st["turn"]["order"] == [1, 0]
    # Sheridan vs G'Kar: Diplomacy 3 = 3, Intrigue 2 < 3 -> Sheridan first
    st = scenario(["narn", "human"], ratings=[5, 5])
    assert st["turn"]["order"] == [1, 0]


def test_initiative_full_tie_is_broken_at_random_from_the_seed():
    twin = F.amb("fx-twin", "Twin", "centauri", F.ab(3, 3, 3, 1))
    orders = set()
    for seed in range(12):
        st = scenario(["narn", "centauri"], ratings=[5, 5], seed=f"tie{seed}",
                      extra={"fx-twin": twin, "fx-londo": {**twin, "id": "fx-londo"}})
        orders.add(tuple(st["turn"]["order"]))
    assert orders == {(0, 1), (1, 0)}


def test_ready_round_readies_rotated_cards_and_restores_influence():
    st = scenario(["human", "narn"], ratings=[4, 5])
    st = until(st, "act", 0)
    st = act(st, {"type": "build_influence", "by": ambassador(st, 0)}, 0)
    assert st["cards"][ambassador(st, 0)]["rotated"] and V.available(st, 0) == 2 and V.rating(st, 0) == 5
    st = until(st, "declare")
    assert not st["cards"][ambassador(st, 0)]["rotated"] and V.available(st, 0) == 5


# ---------------------------------------------------------------- characters

def test_build_influence_only_at_rating_nine_or_less():
    st = scenario(["human", "narn"], ratings=[10, 4])
    st = until(st, "act", 0)
    assert "build_influence" not in types(GAME.legal_actions(st, 0))
    st = scenario(["human", "narn"], ratings=[9, 4])
    st = until(st, "act", 0)
    assert "build_influence" in types(GAME.legal_actions(st, 0))


def test_sponsor_rotates_an_inner_circle_character_and_pays_the_printed_cost():
    st = scenario(["human", "narn"], ratings=[4, 5], hands={0: ["fx-garibaldi"]})
    st = until(st, "act", 0)
    g = st["seats"][0]["hand"][0]
    st = act(st, {"type": "sponsor", "card": g, "by": ambassador(st, 0)}, 0)
    assert st["cards"][g]["level"] == "supporting" and V.available(st, 0) == 0
    assert st["cards"][ambassador(st, 0)]["rotated"]


def test_loyal_character_of_another_race_costs_double():
    st = scenario(["human", "narn"], ratings=[6, 9], hands={0: ["fx-natoth"]})
    st = until(st, "act", 0)
    assert "sponsor" in types(GAME.legal_actions(st, 0))  # Na'Toth (3) costs the Human 6
    st = scenario(["human", "narn"], ratings=[5, 9], hands={0: ["fx-natoth"]})
    st = until(st, "act", 0)
    assert "sponsor" not in types(GAME.legal_actions(st, 0))


def test_neutral_character_costs_its_printed_influence_for_everyone():
    st = scenario(["human", "narn"], ratings=[4, 5], hands={0: ["fx-trader"]})
    st = until(st, "act", 0)
    st = act(st, {"type": "sponsor", "card": st["seats"][0]["hand"][0], "by": ambassador(st, 0)}, 0)
    assert V.available(st, 0) == 2


def test_characters_are_limited_one_copy_in_play():
    st = scenario(["human", "narn"], ratings=[4, 5], hands={1: ["fx-trader"]})
    add_card(st, 0, "fx-trader", "play")
    st = until(st, "act", 1)
    assert "sponsor" not in types(GAME.legal_actions(st, 1))
    with pytest.raises(IllegalAction, match="Limited"):
        GAME.validate(st, 1, {"type": "sponsor", "card": st["seats"][1]["hand"][0], "by": ambassador(st, 1)})


def test_fleets_are_limited_only_within_the_same_race():
    twin = {**F.DB["fx-narn-fleet"], "id": "fx-twin-fleet", "race": "human"}
    st = scenario(["human", "narn"], ratings=[5, 5], hands={0: ["fx-twin-fleet"], 1: ["fx-narn-fleet"]},
                  extra={"fx-twin-fleet": twin})
    add_card(st, 1, "fx-narn-fleet", "play")
    st = until(st, "act")
    seat = st["pending"]["seat"]
    legal = GAME.legal_actions(st, seat)
    if seat == 0:
        assert "sponsor" in types(legal)  # a human copy of the same title is fine
    else:
        assert "sponsor" not in types(legal)


def test_promotion_costs_sponsor_cost_plus_one_per_inner_circle_member_without_discounts():
    st = scenario(["human", "narn"], ratings=[9, 5])
    g = add_card(st, 0, "fx-garibaldi", "play")
    add_card(st, 0, "fx-prestige", "play")
    add_card(st, 0, "fx-talia", "play", level="inner")
    # a sponsor discount card
    disc = F.card("fx-discount", "Patronage", "group", "neutral", 1,
                  mechanics=[{"kind": "static", "modify": {"sponsor_discount": 2}}])
    add_card(st, 0, "fx-discount", "play", defs={"fx-discount": disc})
    from rules.babylon5 import actions
    assert actions.promote_cost(st, 0, g) == 4 + 2       # Sheridan and Talia in the Inner Circle
    assert actions.sponsor_cost(st, 0, g) == 2           # the discount applies to sponsoring only
    st = until(st, "act", 0)
    st = act(st, {"type": "promote", "card": g, "by": ambassador(st, 0)}, 0)
    assert st["cards"][g]["level"] == "inner" and V.available(st, 0) == 3


def test_groups_fleets_and_locations_are_supporting_and_never_promoted():
    st = scenario(["human", "narn"], ratings=[9, 5])
    for did in ("fx-homeguard", "fx-human-fleet", "fx-mars"):
        add_card(st, 0, did, "play")
    st = until(st, "act", 0)
    assert "promote" not in types(GAME.legal_actions(st, 0))


def test_race_restricted_cards_only_for_that_race():
    st = scenario(["human", "narn"], ratings=[9, 5], hands={0: ["fx-narn-fleet", "fx-human-fleet"]})
    st = until(st, "act", 0)
    sponsored = {a["card"] for a in GAME.legal_actions(st, 0) if a["type"] == "sponsor"}
    assert {S.title(st, c) for c in sponsored} == {"Omega Destroyers"}


def test_starting_ambassador_can_never_be_sponsored_discarded_or_leave_the_inner_circle():
    st = scenario(["human", "narn"], ratings=[9, 5], hands={0: ["fx-delenn"]})
    st = until(st, "act", 0)
    assert "sponsor" not in types(GAME.legal_actions(st, 0))
    amb = ambassador(st, 0)
    assert combat.discard_from_play(st, amb, "test") is False
    assert st["cards"][amb]["zone"] == "play" and st["cards"][amb]["level"] == "inner"


def test_replacing_the_ambassador():
    st = scenario(["human", "narn"], ratings=[9, 5])
    g = add_card(st, 0, "fx-garibaldi", "play")
    old = ambassador(st, 0)
    from rules.babylon5.effects.interpreter import run
    run(st, [{"replace_ambassador": True, "target": "chosen"}], {"you": 0, "chosen": g})
    assert ambassador(st, 0) == g and st["cards"][g]["level"] == "inner"
    assert st["cards"][old]["zone"] == "discard"
    check_invariants(st)


def test_aide_discount_lowers_the_next_sponsor_by_one():
    st = scenario(["narn", "human"], ratings=[4, 5], hands={0: ["fx-warleader"]})
    natoth = add_card(st, 0, "fx-natoth", "play")
    st = until(st, "act", 0)
    st = act(st, {"type": "aide", "card": natoth, "bonus": "discount"}, 0)
    st = act(st, {"type": "pass"}, 1)
    st = act(st, {"type": "sponsor", "card": st["seats"][0]["hand"][0], "by": ambassador(st, 0)}, 0)
    assert V.available(st, 0) == 2  # 3 - 1


# ---------------------------------------------------------------- enhancements, agendas, events

def test_race_enhancement_needs_a_sponsor_and_target_of_that_race_one_copy_per_target():
    st = scenario(["narn", "human"], ratings=[9, 5], hands={0: ["fx-book", "fx-book"]})
    natoth = add_card(st, 0, "fx-natoth", "play")
    add_card(st, 0, "fx-garibaldi", "play")   # a human in the Narn faction: not a valid target
    st = until(st, "act", 0)
    b1, b2 = st["seats"][0]["hand"]
    st = act(st, {"type": "sponsor", "card": b1, "by": ambassador(st, 0)}, 0)
    assert GAME.legal_actions(st, 0) == [{"type": "choose", "target": ambassador(st, 0)},
                                         {"type": "choose", "target": natoth}] or \
        {a["target"] for a in GAME.legal_actions(st, 0)} == {ambassador(st, 0), natoth}
    st = act(st, {"type": "choose", "target": natoth}, 0)
    st = act(st, {"type": "pass"}, 1)
    add_card(st, 0, "fx-warleader", "play", level="inner")
    legal = [a for a in GAME.legal_actions(st, 0) if a["type"] == "sponsor" and a["card"] == b2]
    assert legal  # the ambassador is still a valid target
    st = act(st, legal[0], 0)
    assert natoth not in {a["target"] for a in GAME.legal_actions(st, 0)}  # one copy per target


def test_only_one_global_enhancement_in_play():
    st = scenario(["narn", "human"], ratings=[9, 9], hands={0: ["fx-psi-corps"], 1: ["fx-psi-corps"]})
    st = until(st, "act", 0)
    st = act(st, {"type": "sponsor", "card": st["seats"][0]["hand"][0], "by": ambassador(st, 0)}, 0)
    st = act(st, {"type": "choose", "target": "global"}, 0)
    assert V.ability(st, ambassador(st, 1), "psi") == 1  # Sheridan psi 0 + 1
    assert "sponsor" not in types(GAME.legal_actions(st, 1))


def test_faction_enhancement_adds_power():
    st = scenario(["narn", "human"], ratings=[9, 9], hands={0: ["fx-prestige"]})
    st = until(st, "act", 0)
    before = V.power(st, 0)
    st = act(st, {"type": "sponsor", "card": st["seats"][0]["hand"][0], "by": ambassador(st, 0)}, 0)
    st = act(st, {"type": "choose", "target": 0}, 0)
    assert V.power(st, 0) == before + 1


def test_hidden_agenda_is_face_down_until_revealed_as_an_action():
    st = scenario(["narn", "human"], ratings=[9, 9], hands={0: ["fx-agenda"]})
    st = until(st, "act", 0)
    ag = st["seats"][0]["hand"][0]
    st = act(st, {"type": "sponsor", "card": ag, "by": ambassador(st, 0), "hidden": True}, 0)
    other = GAME.view(st, 1)["seats"][0]["play"]
    assert {"id": None, "controller": 0, "owner": 0, "face_down": True} in other  # no id to link it by
    assert ag not in json.dumps(GAME.view(st, 1))
    assert not any(e.get("title") == "Knowledge Is Power" for e in GAME.view(st, 1)["log"])
    st = act(st, {"type": "pass"}, 1)
    assert {"type": "reveal_agenda"} in GAME.legal_actions(st, 0)
    st = act(st, {"type": "reveal_agenda"}, 0)
    assert any(c.get("title") == "Knowledge Is Power" for c in GAME.view(st, 1)["seats"][0]["play"])


def test_one_agenda_a_new_one_replaces_the_old_and_major_agendas_are_not_discarded():
    st = scenario(["narn", "human"], ratings=[9, 9], hands={0: ["fx-major", "fx-agenda"]})
    st = until(st, "act", 0)
    major, minor = st["seats"][0]["hand"]
    add_card(st, 0, "fx-warleader", "play", level="inner")
    st = act(st, {"type": "sponsor", "card": major, "by": ambassador(st, 0)}, 0)
    st = act(st, {"type": "pass"}, 1)
    legal = GAME.legal_actions(st, 0)
    assert "discard_agenda" not in types(legal)
    assert not [a for a in legal if a["type"] == "sponsor" and a["card"] == minor]  # only a major replaces it
    assert victory.has_major_agenda(st, 0)


def test_major_agenda_blocks_a_standard_victory():
    st = scenario(["narn", "human"], ratings=[9, 4])
    st["seats"][0]["power"] = 12  # 21 power
    st["seats"][1]["power"] = 8   # 12: no major victory
    ag = add_card(st, 0, "fx-major", "play")
    st["seats"][0]["agenda"] = ag
    victory.check(st)
    assert st["outcome"] is None
    combat.discard_from_play(st, ag, "test", force=True)
    victory.check(st)
    assert st["outcome"]["winners"] == [0] and "standard" in st["outcome"]["reason"]


def test_event_effects_last_until_the_end_of_the_turn_and_it_is_discarded():
    st = scenario(["human", "narn"], ratings=[4, 5], hands={0: ["fx-decisive"]})
    st = until(st, "act", 0)
    ev = st["seats"][0]["hand"][0]
    st = act(st, {"type": "play_event", "card": ev}, 0)
    targets = {a["target"] for a in GAME.legal_actions(st, 0)}
    assert ambassador(st, 1) in targets  # any suitable target, whoever controls it
    st = act(st, {"type": "choose", "target": ambassador(st, 1)}, 0)
    assert st["cards"][ev]["zone"] == "discard" and V.ability(st, ambassador(st, 1), "leadership") == 5


# ---------------------------------------------------------------- conflicts

def _declare(st, seat, card_title, target=None):
    card = next(h for h in st["seats"][seat]["hand"] if S.title(st, h) == card_title)
    st = act(st, {"type": "declare_conflict", "card": card}, seat)
    st = until(st, "name_target" if target is not None else "act")
    if target is not None:
        st = act(st, {"type": "name_target", "target": target}, seat)
    return st, st["conflicts"][0]["id"]


def test_conflict_succeeds_only_when_support_exceeds_opposition():
    st = scenario(["human", "narn"], ratings=[4, 5], hands={0: ["fx-dip"]})
    st, k = _declare(st, 0, "Trade Talks", 1)
    st = until(st, "act", 0)
    st = act(st, {"type": "support", "card": ambassador(st, 0), "conflict": k}, 0)   # 3
    st = act(st, {"type": "oppose", "card": ambassador(st, 1), "conflict": k}, 1)    # 3
    st = until(st, "aftermath")
    assert st["conflicts"][0]["won"] is False
    assert st["unrest"]["human"] == 2  # the failure effect


def test_successful_conflict_applies_its_success_effects_and_tension():
    st = scenario(["human", "narn"], ratings=[4, 5], hands={0: ["fx-dip"]})
    st, k = _declare(st, 0, "Trade Talks", 1)
    st = until(st, "act", 0)
    st = act(st, {"type": "support", "card": ambassador(st, 0), "conflict": k}, 0)
    st = until(st, "aftermath")
    assert st["conflicts"][0]["won"] and st["seats"][0]["rating"] == 5 and st["tension"]["human/narn"] == 3


def test_one_conflict_per_faction_per_turn():
    st = scenario(["human", "narn"], ratings=[4, 5], hands={0: ["fx-dip", "fx-raid"]})
    st = act(st, {"type": "declare_conflict", "card": st["seats"][0]["hand"][0]}, 0)
    assert st["pending"]["seat"] == 1


def test_neutralized_cards_contribute_nothing_and_modified_abilities_count_at_resolution():
    st = scenario(["human", "narn"], ratings=[4, 5], hands={0: ["fx-mindwar", "fx-decisive"]})
    talia = add_card(st, 0, "fx-talia", "play")      # psi 3
    gkar = ambassador(st, 1)                          # psi 1
    st, k = _declare(st, 0, "Mind War", 1)
    st = until(st, "act", 0)
    st = act(st, {"type": "support", "card": talia, "conflict": k}, 0)
    st = act(st, {"type": "oppose", "card": gkar, "conflict": k}, 1)
    st["cards"][talia]["neutralized"] = True
    st = until(st, "aftermath")
    assert st["conflicts"][0]["totals"] == {"support": 0, "oppose": 1}


def test_locations_defend_only_conflicts_that_target_them():
    st = scenario(["narn", "human"], ratings=[4, 5], hands={0: ["fx-conquest", "fx-raid"]},
                  tension={"human/narn": 5})
    mars = add_card(st, 1, "fx-mars", "play")
    add_card(st, 0, "fx-narn-fleet", "play")
    st, k = _declare(st, 0, "Conquest", mars)
    st = until(st, "act", 1)
    assert {"type": "oppose", "card": mars, "conflict": k} in GAME.legal_actions(st, 1)
    assert {"type": "support", "card": mars, "conflict": k} not in GAME.legal_actions(st, 1)


def test_war_conflicts_only_against_races_at_war_and_conquest_takes_the_location():
    st = scenario(["narn", "human"], ratings=[4, 5], hands={0: ["fx-conquest"]})
    add_card(st, 1, "fx-mars", "play")
    assert {"type": "declare_conflict", "card": st["seats"][0]["hand"][0]} not in GAME.legal_actions(st, 0)
    st = scenario(["narn", "human"], ratings=[4, 5], hands={0: ["fx-conquest"]}, tension={"human/narn": 5})
    mars = add_card(st, 1, "fx-mars", "play")
    uni = add_card(st, 1, "fx-uniform", "play", on=mars)
    fleet = add_card(st, 0, "fx-narn-fleet", "play")
    st, k = _declare(st, 0, "Conquest", mars)
    st = until(st, "act", 0)
    st = act(st, {"type": "support", "card": fleet, "conflict": k}, 0)
    st = act(st, {"type": "oppose", "card": mars, "conflict": k}, 1)
    st = until(st, "aftermath")
    assert st["conflicts"][0]["won"]
    assert S.controller(st, mars) == 0 and st["cards"][uni]["zone"] == "discard"


def test_lead_fleet_adds_leadership_to_military_one_character_per_fleet():
    st = scenario(["narn", "human"], ratings=[4, 5])
    fleet = add_card(st, 0, "fx-narn-fleet", "play")
    lead = add_card(st, 0, "fx-warleader", "play")
    st = until(st, "act", 0)
    st = act(st, {"type": "lead_fleet", "card": lead, "fleet": fleet}, 0)
    assert V.ability(st, fleet, "military") == 6
    st = act(st, {"type": "pass"}, 1)
    assert not [a for a in GAME.legal_actions(st, 0) if a["type"] == "lead_fleet"]


def test_voters_are_not_participants():
    st = scenario(["human", "narn"], ratings=[4, 5], hands={0: ["fx-league-vote"]})
    st, k = _declare(st, 0, "The League's Support")
    st = act(st, {"type": "support", "card": ambassador(st, 0), "conflict": k}, 0)
    assert "attack" not in types(GAME.legal_actions(st, 1))
    st = until(st, "aftermath")
    assert st["conflicts"][0]["roles"] == {} and st["tracker"]["b5"] == 6


def test_attack_both_deal_damage_neutralize_and_severe_damage():
    st = scenario(["human", "narn"], ratings=[4, 5], hands={0: ["fx-kidnap"]})
    g = add_card(st, 0, "fx-garibaldi", "play")  # intrigue 3, highest 3
    n = add_card(st, 1, "fx-natoth", "play")     # intrigue 3
    t = add_card(st, 1, "fx-trader", "play")
    st, k = _declare(st, 0, "Kidnapping", t)
    st = until(st, "act", 0)
    st = act(st, {"type": "support", "card": g, "conflict": k}, 0)
    st = act(st, {"type": "attack", "card": n}, 1)
    st = act(st, {"type": "choose", "target": g}, 1)
    for c in (g, n):
        assert st["cards"][c]["neutralized"] and st["cards"][c]["damage"] == 3 and st["cards"][c]["severe"] == 0
    assert V.ability(st, g, "diplomacy") == 0


def test_heal_removes_damage_repair_costs_one_influence_per_point():
    st = scenario(["human", "narn"], ratings=[4, 5])
    g = add_card(st, 0, "fx-garibaldi", "play", damage=3, neutralized=True)
    f = add_card(st, 0, "fx-human-fleet", "play", damage=2)
    st = until(st, "act", 0)
    legal = GAME.legal_actions(st, 0)
    assert {"type": "heal", "card": g} in legal  # a neutralized card is ready for healing
    assert not [a for a in legal if a.get("by") == g or (a.get("card") == g and a["type"] != "heal")]
    st = act(st, {"type": "heal", "card": g}, 0)
    assert not st["cards"][g]["neutralized"] and st["cards"][g]["damage"] == 0
    st = act(st, {"type": "pass"}, 1)
    st = act(st, {"type": "repair", "card": f}, 0)
    assert st["cards"][f]["damage"] == 1 and V.available(st, 0) == 3


def test_mercenaries_go_to_the_highest_cumulative_bid():
    st = scenario(["human", "narn"], ratings=[4, 5])
    r = add_card(st, 0, "fx-raiders", "play")
    st = until(st, "act", 0)
    st = act(st, {"type": "pass"}, 0)
    st = act(st, {"type": "offer_mercenaries", "card": r}, 1)
    assert S.controller(st, r) == 1
    st = act(st, {"type": "offer_mercenaries", "card": r}, 0)
    assert S.controller(st, r) == 1          # 1 vs 1: the holder keeps it
    st = act(st, {"type": "offer_mercenaries", "card": r}, 1)
    st = act(st, {"type": "offer_mercenaries", "card": r}, 0)
    st = act(st, {"type": "offer_mercenaries", "card": r}, 1)
    st = act(st, {"type": "offer_mercenaries", "card": r}, 0)
    st = act(st, {"type": "offer_mercenaries", "card": r}, 1)
    assert S.controller(st, r) == 1
    check_invariants(st)


# ---------------------------------------------------------------- action round

def test_action_round_ends_when_all_pass_in_succession_and_a_passer_may_act_again():
    st = scenario(["human", "narn"], ratings=[4, 5])
    st = until(st, "act", 0)
    st = act(st, {"type": "pass"}, 0)
    st = act(st, {"type": "build_influence", "by": ambassador(st, 1)}, 1)
    assert st["pending"] == {"seat": 0, "kind": "act", "prompt": st["pending"]["prompt"]}
    st = act(st, {"type": "build_influence", "by": ambassador(st, 0)}, 0)  # acts again after passing
    st = act(st, {"type": "pass"}, 1)
    st = act(st, {"type": "pass"}, 0)
    assert st["turn"]["round"] != "action_round"


def test_rotated_cards_cannot_act_again():
    st = scenario(["human", "narn"], ratings=[4, 5])
    st = until(st, "act", 0)
    st = act(st, {"type": "build_influence", "by": ambassador(st, 0)}, 0)
    st = act(st, {"type": "pass"}, 1)
    assert not [a for a in GAME.legal_actions(st, 0) if ambassador(st, 0) in (a.get("by"), a.get("card"))]


# ---------------------------------------------------------------- aftermath cards

def test_aftermath_discard_after_play_is_discarded_at_end_of_step_and_lasting_stays():
    st = scenario(["human", "narn"], ratings=[4, 5], hands={0: ["fx-dip", "fx-am-renown", "fx-am-won"]})
    st, k = _declare(st, 0, "Trade Talks", 1)
    st = until(st, "act", 0)
    st = act(st, {"type": "support", "card": ambassador(st, 0), "conflict": k}, 0)
    st = until(st, "aftermath", 0)
    renown = next(h for h in st["seats"][0]["hand"] if S.title(st, h) == "Renown")
    triumph = next(h for h in st["seats"][0]["hand"] if S.title(st, h) == "Triumph")
    st = act(st, {"type": "play_aftermath", "card": renown}, 0)
    st = act(st, {"type": "choose", "target": ambassador(st, 0)}, 0)
    st = act(st, {"type": "pass"}, 1)
    st = act(st, {"type": "play_aftermath", "card": triumph}, 0)
    st = act(st, {"type": "choose", "target": ambassador(st, 0)}, 0)
    assert st["cards"][triumph]["zone"] == "play"  # until the end of the step
    st = act(st, {"type": "pass"}, 1)
    st = act(st, {"type": "pass"}, 0)
    assert st["cards"][triumph]["zone"] == "discard"
    assert st["cards"][renown]["zone"] == "play" and V.ability(st, ambassador(st, 0), "diplomacy") == 4


# ---------------------------------------------------------------- draw round

def test_draw_round_discards_neutralized_supporting_cards_but_not_inner_circle():
    st = scenario(["human", "narn"], ratings=[4, 5])
    sup = add_card(st, 0, "fx-garibaldi", "play", neutralized=True)
    ic = add_card(st, 0, "fx-talia", "play", level="inner", neutralized=True)
    st = until(st, "draw_discard")
    assert st["cards"][sup]["zone"] == "discard" and st["cards"][ic]["zone"] == "play"


def test_draw_one_free_card_and_buy_more_at_three_influence():
    st = scenario(["human", "narn"], ratings=[7, 5])
    st = until(st, "buy", 0)
    hand = len(st["seats"][0]["hand"])
    assert hand == 1
    st = act(st, {"type": "buy"}, 0)
    assert len(st["seats"][0]["hand"]) == 2 and V.available(st, 0) == 4
    assert st["pending"]["kind"] == "buy"
    st = act(st, {"type": "buy"}, 0)
    assert len(st["seats"][0]["hand"]) == 3


def test_empty_deck_costs_an_inner_circle_character_or_the_game():
    st = scenario(["human", "narn"], ratings=[4, 5], deck_size=0)
    t = add_card(st, 0, "fx-talia", "play", level="inner")
    st = until(st, "empty_deck")
    assert st["pending"]["seat"] == 0
    assert GAME.legal_actions(st, 0) == [{"type": "discard_inner_circle", "card": t}]
    st = act(st, {"type": "discard_inner_circle", "card": t}, 0)
    assert st["seats"][1]["lost"] and st["outcome"] == {"winners": [0], "reason": "last player in the game"}


# ---------------------------------------------------------------- victory

def test_power_is_influence_rating_plus_card_bonuses():
    st = scenario(["human", "narn"], ratings=[6, 5])
    add_card(st, 0, "fx-mars", "play")
    add_card(st, 0, "fx-homeguard", "play")
    assert V.power(st, 0) == 8


def test_standard_victory_needs_twenty_power_and_more_than_everyone():
    st = scenario(["human", "narn"], ratings=[9, 9])
    st["seats"][0]["power"] = 11
    st["seats"][1]["power"] = 11
    victory.check(st)
    assert st["outcome"] is None
    st["seats"][0]["power"] = 12
    victory.check(st)
    assert st["outcome"]["winners"] == [0]


def test_shadow_or_vorlon_influence_twenty_allows_only_a_major_victory():
    st = scenario(["human", "narn"], ratings=[9, 4])
    st["seats"][0]["power"] = 12   # 21 vs 4: also 10 more -> major
    st["tracker"]["shadow"] = 20
    st["seats"][1]["power"] = 8    # 12: only 9 behind
    victory.check(st)
    assert st["outcome"] is None
    st["seats"][1]["power"] = 7
    victory.check(st)
    assert st["outcome"] == {"winners": [0], "reason": "major victory"}


def test_b5_influence_twenty_gives_the_leader_in_power_a_standard_victory():
    st = scenario(["human", "narn"], ratings=[6, 5])
    st["tracker"]["b5"] = 20
    victory.check(st)
    assert st["outcome"]["winners"] == [0] and "Babylon 5" in st["outcome"]["reason"]


def test_influence_rating_never_below_three_and_tension_unrest_clamped():
    st = scenario(["human", "narn"], ratings=[4, 5])
    from rules.babylon5.effects.interpreter import run
    run(st, [{"influence": -5, "who": "you"}, {"tension": 9, "between": ["human", "narn"]},
             {"unrest": -3, "who": "you"}], {"you": 0})
    assert V.rating(st, 0) == 3 and st["tension"]["human/narn"] == 5 and st["unrest"]["human"] == 1


def test_illegal_actions_name_the_rule_and_change_nothing():
    import json
    st = scenario(["human", "narn"], ratings=[4, 5], hands={0: ["fx-garibaldi"]})
    st = until(st, "act", 0)
    st["seats"][0]["spent"] = 1
    before = json.dumps(st, sort_keys=True)
    with pytest.raises(IllegalAction, match="costs 4 influence and you have 3"):
        GAME.validate(st, 0, {"type": "sponsor", "card": st["seats"][0]["hand"][0], "by": ambassador(st, 0)})
    with pytest.raises(IllegalAction, match="Inner Circle"):
        GAME.validate(st, 0, {"type": "build_influence", "by": ambassador(st, 1)})
    assert json.dumps(st, sort_keys=True) == before


def test_extra_conflicts_are_declared_one_by_one_and_their_initiator_orders_them():
    extra = F.card("fx-warcouncil", "War Council", "group", "neutral", 2,
                   mechanics=[{"kind": "static", "modify": {"conflicts": 1}}])
    st = scenario(["human", "narn"], ratings=[4, 5], hands={0: ["fx-dip", "fx-raid"]},
                  extra={"fx-warcouncil": extra})
    add_card(st, 0, "fx-warcouncil", "play", defs={"fx-warcouncil": extra})
    st = until(until(st, "act"), "declare", 0)  # turn 2: the static ability counts now
    dip, raid = st["seats"][0]["hand"][:2] if S.title(st, st["seats"][0]["hand"][0]) == "Trade Talks" else \
        st["seats"][0]["hand"][1::-1]
    st = act(st, {"type": "declare_conflict", "card": raid}, 0)
    assert st["pending"]["seat"] == 0  # a second conflict may be declared
    st = act(st, {"type": "declare_conflict", "card": dip}, 0)
    assert st["pending"]["seat"] == 1
    st = until(st, "order_conflicts", 0)
    legal = GAME.legal_actions(st, 0)
    assert len(legal) == 2
    second = [x for x in legal if x["conflict"] == st["conflicts"][1]["id"]][0]
    st = act(st, second, 0)
    assert st["turn"]["resolving"] == second["conflict"]


def test_a_conflicts_doubling_bonus_applies_only_at_resolution():
    double = F.conflict("fx-summit", "Summit", "diplomatic", "faction",
                        [{"kind": "conflict", "multiplier": 2, "multiplier_who": {"type": "character"}}])
    st = scenario(["human", "narn"], ratings=[4, 5], hands={0: ["fx-summit"]}, extra={"fx-summit": double})
    st = act(st, {"type": "declare_conflict", "card": st["seats"][0]["hand"][0]}, 0)
    st = until(st, "name_target", 0)
    st = act(st, {"type": "name_target", "target": 1}, 0)
    st = until(st, "act", 0)
    k = st["conflicts"][0]["id"]
    st = act(st, {"type": "support", "card": ambassador(st, 0), "conflict": k}, 0)
    assert V.ability(st, ambassador(st, 0), "diplomacy") == 3  # not during the Action round
    st = act(st, {"type": "oppose", "card": ambassador(st, 1), "conflict": k}, 1)
    st = until(st, "aftermath")
    assert st["conflicts"][0]["totals"] == {"support": 6, "oppose": 6}


def test_draw_round_voluntary_discards_go_face_up_to_the_discard_pile():
    st = scenario(["human", "narn"], ratings=[4, 5], hands={0: ["fx-dip", "fx-raid"]})
    st = until(st, "draw_discard", 0)
    card = st["seats"][0]["hand"][0]
    st = act(st, {"type": "discard", "card": card}, 0)
    assert st["cards"][card]["zone"] == "discard"
    assert GAME.view(st, 1)["seats"][0]["discard"][-1]["title"] == S.title(st, card)
    st = act(st, {"type": "done"}, 0)
    assert st["pending"]["kind"] in ("draw_discard", "buy")


def test_contingency_only_on_own_cards_of_its_race_and_discarded_with_its_target():
    narn_only = F.card("fx-narn-cont", "Blood Oath", "contingency", "narn", 0, limited=False,
                       attaches_to="character",
                       mechanics=[{"kind": "contingency", "trigger": "attacked", "effects": []}])
    st = scenario(["narn", "human"], ratings=[4, 5], hands={0: ["fx-narn-cont"]}, extra={"fx-narn-cont": narn_only})
    natoth = add_card(st, 0, "fx-natoth", "play")
    add_card(st, 0, "fx-trader", "play")          # own, but not Narn
    add_card(st, 1, "fx-warleader", "play")       # Narn, but not own
    st = until(st, "act", 0)
    st = act(st, {"type": "play_contingency", "card": st["seats"][0]["hand"][0]}, 0)
    opts = {a["target"] for a in GAME.legal_actions(st, 0)}
    assert opts == {natoth, ambassador(st, 0)}
    st = act(st, {"type": "choose", "target": natoth}, 0)
    cont = next(i for i in st["seats"][0]["play"] if st["cards"][i]["face_down"])
    combat.discard_from_play(st, natoth, "test")
    assert st["cards"][cont]["zone"] == "discard"


def test_influence_bonus_cards_raise_the_rating_while_in_play_and_not_neutralized():
    patron = F.card("fx-patron", "Patron", "group", "neutral", 2, influence_bonus=2)
    st = scenario(["human", "narn"], ratings=[4, 5], extra={"fx-patron": patron})
    p = add_card(st, 0, "fx-patron", "play", defs={"fx-patron": patron})
    assert V.rating(st, 0) == 6 and V.power(st, 0) == 6
    st["cards"][p]["neutralized"] = True
    assert V.rating(st, 0) == 4


def test_groups_and_locations_are_limited():
    st = scenario(["human", "narn"], ratings=[9, 9], hands={1: ["fx-homeguard"]})
    add_card(st, 0, "fx-homeguard", "play")
    st = until(st, "act", 1)
    assert not [a for a in GAME.legal_actions(st, 1) if a["type"] == "sponsor"]


def test_a_hidden_major_agenda_still_blocks_a_standard_victory():
    st = scenario(["narn", "human"], ratings=[9, 4])
    st["seats"][0]["power"] = 12
    st["seats"][1]["power"] = 8
    ag = add_card(st, 0, "fx-major", "play", face_down=True)
    st["seats"][0]["agenda"] = ag
    victory.check(st)
    assert st["outcome"] is None


def test_a_military_conflict_that_is_not_a_war_does_not_conquer_and_failure_hits_participating_fleets():
    patrol = F.conflict("fx-patrol", "Patrol", "military", "location", [
        {"kind": "conflict", "success": [{"power": 1, "who": "initiator"}],
         "failure": [{"damage": 1, "target": {"each": {"type": "fleet", "role": "supported"}}}]}])
    st = scenario(["narn", "human"], ratings=[4, 5], hands={0: ["fx-patrol"]}, extra={"fx-patrol": patrol})
    mars = add_card(st, 1, "fx-mars", "play")
    fleet = add_card(st, 0, "fx-narn-fleet", "play")
    st, k = _declare(st, 0, "Patrol", mars)
    st = until(st, "act", 0)
    st = act(st, {"type": "support", "card": fleet, "conflict": k}, 0)
    st = until(st, "aftermath")
    assert st["conflicts"][0]["won"] and S.controller(st, mars) == 1 and st["seats"][0]["power"] == 1
    # and a lost one damages the fleets that supported it
    st = scenario(["narn", "human"], ratings=[4, 5], hands={0: ["fx-patrol"]}, extra={"fx-patrol": patrol})
    mars = add_card(st, 1, "fx-mars", "play")
    fleet = add_card(st, 0, "fx-narn-fleet", "play")
    st, k = _declare(st, 0, "Patrol", mars)
    st = until(st, "act", 0)
    st = act(st, {"type": "support", "card": fleet, "conflict": k}, 0)
    st = act(st, {"type": "oppose", "card": mars, "conflict": k}, 1)
    st["cards"][fleet]["damage"] = 1  # 2 vs 2: lost
    st = until(st, "aftermath")
    assert not st["conflicts"][0]["won"] and st["cards"][fleet]["damage"] == 2
