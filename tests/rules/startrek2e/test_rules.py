"""A test per rule of the rulebook, named after it."""
import pytest

from rules.errors import IllegalAction, MatchOver, NotYourDecision
from rules.startrek2e import dilemmas as D
from rules.startrek2e import flow
from rules.startrek2e import state as S
from rules.startrek2e import stats as ST
from rules.startrek2e.game import GAME

from . import fixtures as FX
from .helpers import act, add_card, check_invariants, find, mission, new_game, options, put, started, turn_to
from rules.startrek2e import legality as LEG


def pass_responses(st):
    while st["pending"] and st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    return st


def _advance(st):
    st["pending"] = None
    return flow.advance(st)


# -- Setting Up the Game ---------------------------------------------------------------
def test_setting_up_missions_are_laid_out_in_a_row_in_the_owners_chosen_order():
    st = new_game(seed="setup")
    assert st["pending"]["kind"] == "place_mission" and st["pending"]["seat"] == 0
    order = [o["card"] for o in st["pending"]["options"]][::-1]
    for m in order[:4]:
        st = act(st, {"type": "place_mission", "card": m})
    assert st["seats"][0]["missions"] == order  # the last one is placed without a choice
    assert st["pending"]["seat"] == 1


def test_setting_up_seven_cards_shuffled_piles_random_first_player():
    firsts = set()
    for seed in ("a", "b", "c", "d", "e", "f"):
        st = started(seed)
        assert all(len(s["hand"]) == 7 for s in st["seats"])
        assert all(len(s["dilemmas"]) == 20 for s in st["seats"])
        firsts.add(st["turn"]["first"])
        assert st["pending"]["seat"] == st["turn"]["first"] and st["pending"]["kind"] == "play"
    assert firsts == {0, 1}
    a, b = started("same"), started("same")
    assert a["seats"][0]["deck"] == b["seats"][0]["deck"]  # shuffles come from the seed only


def test_players_take_turns_to_the_left():
    st = started("turns")
    first = st["turn"]["player"]
    st = act(st, {"type": "end_play"}) if {"type": "end_play"} in options(st) else st
    while st["turn"]["player"] == first:
        st = act(st, next((o for o in options(st) if o["type"] in ("draw", "end_play", "end_orders")), options(st)[0]))
    assert st["turn"]["player"] == (first + 1) % 2


# -- 1. Play and Draw Cards ----------------------------------------------------------------
def test_seven_counters_must_all_be_spent_while_the_deck_has_cards():
    st = started("counters")
    seat = st["pending"]["seat"]
    assert st["seats"][seat]["counters"] == 7
    assert {"type": "end_play"} not in options(st)
    for _ in range(7):
        st = act(st, {"type": "draw"})
    assert options(st) == [o for o in options(st) if o["type"] in ("play", "end_play")]
    assert {"type": "end_play"} in options(st)
    assert len(st["seats"][seat]["hand"]) == 14


def test_paying_costs_a_card_costing_more_than_the_counters_left_cannot_be_played():
    st = started("costs")
    for _ in range(6):
        st = act(st, {"type": "draw"})
    assert all(ST.value(st, o["card"], "cost") <= 1 for o in options(st, "play") if S.ctype(st, o["card"]) != "interrupt")


def test_personnel_and_ships_are_played_at_a_headquarters_that_allows_their_affiliation():
    st = started("hq")
    seat = 0
    st = turn_to(st, 0, "play")
    picard = find(st, 0, "T-F1")
    S.move(st, picard, "hand", 0)
    st = _advance(st)
    plays = [o for o in options(st, "play") if o["card"] == picard]
    assert plays == [{"type": "play", "card": picard, "at": mission(st, 0, "T-HQF")}]
    st = act(st, plays[0])
    assert st["cards"][picard]["zone"] == "pile" and S.commander(st, picard) == seat
    # a Klingon card at a Federation headquarters: no place to play it
    st["extra_cards"]["X-K"] = FX.personnel("X-K", "Kor", "klingon", {"Honor": 1})
    kor = find(st, 0, "T-F2")
    st["cards"][kor]["guid"] = "X-K"
    S.move(st, kor, "hand", 0)
    st = _advance(st)
    assert not [o for o in options(st, "play") if o["card"] == kor]


def test_equipment_is_played_at_any_of_your_headquarters_and_events_to_the_core():
    st = turn_to(started("eq"), 0, "play")
    kit, ev = find(st, 0, "T-EQ1"), find(st, 0, "T-EV1")
    S.move(st, kit, "hand", 0)
    S.move(st, ev, "hand", 0)
    st = _advance(st)
    assert {"type": "play", "card": kit, "at": mission(st, 0, "T-HQF")} in options(st)
    st = act(st, {"type": "play", "card": ev})
    assert ev in st["seats"][0]["core"]


def test_uniqueness_only_one_copy_of_a_unique_card_in_play_per_player():
    st = turn_to(started("unique"), 0, "play")
    put(st, 0, "T-F1", "pile", mission(st, 0, "T-HQF"))
    second = find(st, 0, "T-F1")
    S.move(st, second, "hand", 0)
    st = _advance(st)
    assert not [o for o in options(st, "play") if o["card"] == second]
    with pytest.raises(IllegalAction):
        GAME.validate(st, 0, {"type": "play", "card": second, "at": mission(st, 0, "T-HQF")})


def test_interrupts_are_free_and_discarded_after_use():
    st = turn_to(started("int"), 0, "play")
    lucky = find(st, 0, "T-I2")
    S.move(st, lucky, "hand", 0)
    st = _advance(st)
    st = act(st, {"type": "play", "card": lucky})
    assert st["seats"][0]["counters"] == 7 and st["cards"][lucky]["zone"] == "discard"
    assert st["pending"]["kind"] == "choose"  # its download: the player picks the card (or none)


# -- 2. Execute Orders -----------------------------------------------------------------------
def _fed_ship_at(st, m):
    ship = put(st, 0, "T-SF2", "ships", m)  # staffing [staff]
    crew = put(st, 0, "T-F3", "aboard", ship)
    return ship, crew


def test_beaming_planet_to_ship_ship_to_planet_ship_to_ship_never_mission_to_mission():
    st = started("beam")
    planet, other = mission(st, 0, "T-P1"), mission(st, 0, "T-P2")
    ship, crew = _fed_ship_at(st, planet)
    ship2 = put(st, 0, "T-SF", "ships", planet)
    tasha = put(st, 0, "T-F5", "pile", planet)
    far = put(st, 0, "T-F2", "pile", other)
    st = turn_to(st, 0, "orders")
    beams = LEG.beam_options(st, 0)
    assert {"type": "beam", "card": tasha} in options(st, "beam")
    st2 = act(st, {"type": "beam", "card": tasha})
    assert st2["pending"]["kind"] == "beam_to" and {"type": "beam", "card": tasha, "to": ship} in options(st2)
    st2 = act(st2, {"type": "beam", "card": tasha, "to": ship})
    assert st2["cards"][tasha]["zone"] == "aboard" and st2["pending"]["kind"] == "orders"
    assert {"type": "beam", "card": tasha, "to": ship} in beams
    assert {"type": "beam", "card": crew, "to": planet} in beams
    assert {"type": "beam", "card": crew, "to": ship2} in beams
    assert not [b for b in beams if b["card"] == far]  # no ship at that mission
    assert not [b for b in beams if b["to"] == other]


def test_beaming_never_onto_or_off_an_opponents_ship_and_not_to_a_space_mission():
    st = started("beam2")
    space = mission(st, 0, "T-S1")
    ship, crew = _fed_ship_at(st, space)
    kship = put(st, 1, "T-SK", "ships", space)
    put(st, 1, "T-K1", "aboard", kship)
    st = turn_to(st, 0, "orders")
    beams = LEG.beam_options(st, 0)
    assert all(b["to"] != kship and b["to"] != space for b in beams)


def test_moving_a_ship_needs_staffing_and_range():
    st = started("move")
    earth = mission(st, 0, "T-HQF")
    ship = put(st, 0, "T-SF2", "ships", earth)
    st = turn_to(st, 0, "orders")
    assert not options(st, "move")  # not staffed
    crew = put(st, 0, "T-F3", "aboard", ship)
    st = _advance(st)
    dests = {o["to"] for o in options(st, "move")}
    assert mission(st, 0, "T-S1") in dests
    st["cards"][crew]["stopped"] = True
    st = _advance(st)
    assert not options(st, "move")


def test_range_plus_two_across_quadrants_minus_two_within_one_region():
    st = started("range")
    earth, nebula = mission(st, 0, "T-HQF"), mission(st, 0, "T-S2")  # alpha span 2, gamma span 4
    assert ST.range_needed(st, earth, nebula) == 2 + 4 + 2
    patrol, outpost = mission(st, 1, "T-S3"), mission(st, 1, "T-P3")  # both in the Neutral Zone
    assert ST.range_needed(st, patrol, outpost) == 3 + 3 - 2


def test_attempting_a_mission_only_your_own_planet_or_space_missions():
    st = started("attempt")
    put(st, 0, "T-F1", "pile", mission(st, 0, "T-P1"))
    put(st, 0, "T-F2", "pile", mission(st, 1, "T-P1"))  # at the opponent's copy
    put(st, 0, "T-F5", "pile", mission(st, 0, "T-HQF"))
    st = turn_to(st, 0, "orders")
    assert options(st, "attempt") == [{"type": "attempt", "mission": mission(st, 0, "T-P1")}]


def test_attempting_needs_a_matching_affiliation_icon():
    st = started("aff")
    st["extra_cards"]["X-R"] = FX.personnel("X-R", "Tomalak", "romulan", {"Treachery": 1})
    r = find(st, 0, "T-F1")
    st["cards"][r]["guid"] = "X-R"
    put(st, 0, "X-R", "pile", mission(st, 0, "T-P1"))
    st = turn_to(st, 0, "orders")
    assert not options(st, "attempt")


def test_space_missions_are_attempted_by_the_personnel_aboard_one_unstopped_ship():
    st = started("space")
    space = mission(st, 0, "T-S1")
    ship, crew = _fed_ship_at(st, space)
    st = turn_to(st, 0, "orders")
    assert options(st, "attempt") == [{"type": "attempt", "mission": space, "ship": ship}]
    st["cards"][ship]["stopped"] = True
    st = _advance(st)
    assert not options(st, "attempt")


def _attempt_planet(seed, guids, extra=None, under=0):
    st = started(seed, extra=extra)
    planet = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", planet) for g in guids]
    for _ in range(under):
        S.move(st, st["seats"][1]["dilemmas"][-1], "under", planet)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "attempt", "mission": planet})
    return st, planet, team


def test_facing_dilemmas_the_opponent_draws_one_per_attempting_personnel():
    st, planet, team = _attempt_planet("face", ["T-F1", "T-F2", "T-F3"])
    assert len(st["seats"][1]["drawn"]) == 3 and st["attempt"]["budget"] == 3
    assert st["pending"]["seat"] == 1


def test_facing_dilemmas_total_cost_no_two_copies_no_space_dilemma_on_a_planet():
    st, planet, team = _attempt_planet("face2", ["T-F1", "T-F2", "T-F3", "T-F4", "T-F5", "T-F6"])
    drawn = st["seats"][1]["drawn"]
    for o in options(st, "choose_dilemma"):
        if o["card"]:
            assert st["extra_cards"][st["cards"][o["card"]]["guid"]]["dilemma_type"] in ("planet", "dual")
    while options(st, "choose_dilemma") != [{"type": "choose_dilemma", "card": None}] and st["step"] == "choose_dilemmas":
        pick = next(o for o in options(st, "choose_dilemma") if o["card"])
        st = act(st, pick)
        titles = [S.title(st, i) for i in st["seats"][1]["stack"]]
        assert len(titles) == len(set(titles))
        assert sum(ST.value(st, i, "cost") for i in st["seats"][1]["stack"]) <= 6
    assert drawn is st["seats"][1]["drawn"]


def test_dilemmas_not_chosen_go_face_up_under_the_pile_and_a_face_up_card_reshuffles():
    st, planet, team = _attempt_planet("faceup", ["T-F1", "T-F2"])
    drawn = list(st["seats"][1]["drawn"])
    st = act(st, {"type": "choose_dilemma", "card": None})
    pile = st["seats"][1]["dilemmas"]
    assert pile[-2:] == drawn and all(st["cards"][i]["face_up"] for i in drawn)
    # drawing reaches a face-up card: the pile is shuffled face down
    st2 = started("faceup2")
    pile = st2["seats"][1]["dilemmas"]
    for i in pile[:19]:
        S.move(st2, i, "dilemmas", 1)
        st2["cards"][i]["face_up"] = True
    st2["attempt"] = {"seat": 0, "mission": mission(st2, 0, "T-P1"), "ship": None,
                      "personnel": [put(st2, 0, g, "pile", mission(st2, 0, "T-P1")) for g in ("T-F1", "T-F2", "T-F3")],
                      "dilemma_owner": 1, "budget": 0, "spent": 0, "current": None, "resolving": False}
    D.draw_dilemmas(st2)
    assert len(st2["seats"][1]["drawn"]) == 3
    assert not any(st2["cards"][i]["face_up"] for i in st2["seats"][1]["dilemmas"])
    assert any(e["event"] == "reshuffled_dilemmas" for e in st2["log"])


def test_chosen_dilemmas_are_faced_in_the_order_chosen_and_overcome_go_under_the_mission():
    extra = add_card({}, FX.dilemma("X-Z", "Calm", "dual", 0, []))
    st, planet, team = _attempt_planet("order", ["T-F1", "T-F7", "T-F5", "T-F2"], extra=extra)
    drawn = st["seats"][1]["drawn"]
    for i in list(drawn)[:2]:
        st["cards"][i]["guid"] = "X-Z"
    # only one copy of "Calm" may be chosen
    calm = [o for o in options(st, "choose_dilemma") if o["card"] and S.title(st, o["card"]) == "Calm"]
    assert len(calm) == 1
    st = act(st, calm[0])
    assert not [o for o in options(st, "choose_dilemma") if o["card"] and S.title(st, o["card"]) == "Calm"]
    st = pass_responses(act(st, {"type": "choose_dilemma", "card": None}))
    assert calm[0]["card"] in st["cards"][planet]["under"]


def test_a_wrong_type_dilemma_is_overcome_without_effect():
    extra = add_card({}, FX.dilemma("X-SP", "Vacuum", "space", 0, [{"kill": {"all": {}}}]))
    st, planet, team = _attempt_planet("wrong", ["T-F1"], extra=extra)
    st = act(st, {"type": "choose_dilemma", "card": None})
    st = turn_to(st, 0, "orders")
    st["cards"][team[0]]["stopped"] = False
    d = st["seats"][1]["dilemmas"][0]
    st["cards"][d]["guid"] = "X-SP"
    st["attempt"] = {"seat": 0, "mission": planet, "ship": None, "personnel": team, "dilemma_owner": 1,
                     "budget": 1, "spent": 0, "current": None, "resolving": False}
    S.move(st, d, "stack", 1)
    st["step"] = "face_dilemmas"
    st = _advance(st)
    assert d in st["cards"][planet]["under"] and st["cards"][team[0]]["zone"] == "pile"


def test_when_all_attempting_personnel_are_stopped_the_rest_are_overcome():
    extra = add_card({}, FX.dilemma("X-ALL", "Stasis", "dual", 1, [{"stop": {"all": {}}}]))
    st, planet, team = _attempt_planet("allstop", ["T-F1", "T-F2", "T-F3"], extra=extra)
    drawn = st["seats"][1]["drawn"]
    st["cards"][drawn[0]]["guid"] = "X-ALL"
    first = drawn[0]
    st = act(st, {"type": "choose_dilemma", "card": first})
    rest = [o["card"] for o in options(st, "choose_dilemma") if o["card"]][:1]
    for r in rest:
        st = act(st, {"type": "choose_dilemma", "card": r})
    if st["step"] == "choose_dilemmas":
        st = act(st, {"type": "choose_dilemma", "card": None})
    st = pass_responses(st)
    assert all(st["cards"][i]["stopped"] for i in team)
    assert first in st["cards"][planet]["under"]
    for r in rest:
        assert r in st["cards"][planet]["under"]  # never revealed, considered overcome
    assert not st["cards"][planet].get("completed")


def test_checking_mission_requirements_success_scores_points_and_completes():
    # Survey Planet: Anthropology + Diplomacy, Integrity > 20
    st, planet, team = _attempt_planet("success", ["T-F1", "T-F7", "T-F5", "T-F2"])
    st = act(st, {"type": "choose_dilemma", "card": None})
    assert st["cards"][planet]["completed"] and st["seats"][0]["score"] == 35
    assert st["seats"][0]["completed"] == ["planet"]
    st = _advance(turn_to(st, 0, "orders"))
    assert not options(st, "attempt")  # may not attempt it again


def test_attribute_requirements_must_be_higher_than_the_number():
    st = started("attr")
    a = put(st, 0, "T-F1", "pile", mission(st, 0, "T-P1"))  # Integrity 6
    b = put(st, 0, "T-F7", "pile", mission(st, 0, "T-P1"))
    assert not ST.meets(st, [a, b], {"attributes": {"integrity": 12}})
    assert ST.meets(st, [a, b], {"attributes": {"integrity": 11}})


def test_if_your_attempt_fails_all_remaining_personnel_are_stopped():
    st, planet, team = _attempt_planet("fail", ["T-F2", "T-F3"])
    st = act(st, {"type": "choose_dilemma", "card": None})
    assert all(st["cards"][i]["stopped"] for i in team) and not st["cards"][planet].get("completed")
    assert st["step"] == "orders"


# -- 3. Discard Excess Cards and the end of the turn ----------------------------------------
def test_discard_excess_cards_down_to_seven():
    st = turn_to(started("excess"), 0, "orders")
    for _ in range(3):
        S.move(st, st["seats"][0]["deck"][0], "hand", 0)
    st = _advance(st)
    st = act(st, {"type": "end_orders"})
    for _ in range(3):
        assert st["pending"]["kind"] == "discard_excess"
        st = act(st, options(st)[0])
    assert len(st["seats"][0]["hand"]) == 7 and st["turn"]["player"] == 1


def test_end_of_turn_all_stopped_cards_unstop_and_range_is_restored():
    st = started("eot")
    ship, crew = _fed_ship_at(st, mission(st, 0, "T-HQF"))
    other = put(st, 1, "T-K1", "pile", mission(st, 1, "T-HQK"))
    st["cards"][crew]["stopped"] = st["cards"][other]["stopped"] = True
    st["cards"][ship]["range_used"] = 5
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "end_orders"})
    assert not st["cards"][crew]["stopped"] and not st["cards"][other]["stopped"]
    assert ST.range_left(st, ship) == 7


def test_start_of_turn_actions_once_each_turn():
    extra = add_card({}, FX.personnel("X-S", "Scholar", "federation", {"Anthropology": 1}, mechanics=[
        {"kind": "trigger", "on": "start_of_turn", "optional": True, "effects": [{"draw": {"count": 1}}]}]))
    st = started("sot", extra=extra)
    c = find(st, 0, "T-F6")
    st["cards"][c]["guid"] = "X-S"
    put(st, 0, "X-S", "pile", mission(st, 0, "T-HQF"))
    st = turn_to(st, 0, "turn_start")
    assert st["pending"]["kind"] == "respond"
    hand = len(st["seats"][0]["hand"])
    st = act(st, {"type": "respond", "card": c, "ability": 0})
    assert len(st["seats"][0]["hand"]) == hand + 1 and st["pending"]["kind"] == "play"


# -- Winning the Game --------------------------------------------------------------------------
def test_winning_100_points_with_a_planet_and_a_space_mission_ends_the_game_at_once():
    st, planet, team = _attempt_planet("win", ["T-F1", "T-F7", "T-F5", "T-F2"])
    st["seats"][0]["score"] = 70
    st["seats"][0]["completed"] = ["space"]
    st = act(st, {"type": "choose_dilemma", "card": None})
    assert st["outcome"]["winners"] == [0] and GAME.deciding_seats(st) == []
    with pytest.raises(MatchOver):
        GAME.validate(st, 0, {"type": "end_orders"})


def test_winning_100_points_without_a_space_mission_is_not_a_win():
    st, planet, team = _attempt_planet("nowin", ["T-F1", "T-F7", "T-F5", "T-F2"])
    st["seats"][0]["score"] = 90
    st = act(st, {"type": "choose_dilemma", "card": None})
    assert st["outcome"] is None and st["seats"][0]["score"] == 125


@pytest.mark.parametrize("scores,completed,winners,reason", [
    ([40, 60], [["planet", "space"], ["planet"]], [0], "planet and a space"),
    ([40, 60], [["planet"], []], [0], "a mission completed"),
    ([40, 60], [[], []], [1], "highest score"),
    ([50, 50], [["planet", "space"], ["space", "planet"]], [0, 1], "planet and a space"),
])
def test_when_all_draw_decks_are_empty_the_fallbacks_apply_in_order(scores, completed, winners, reason):
    st = turn_to(started("empty"), 0, "orders")
    for s, seat in enumerate(st["seats"]):
        for i in list(seat["deck"]):
            S.move(st, i, "discard", s)
        seat["score"] = scores[s]
        seat["completed"] = completed[s]
    st = act(st, {"type": "end_orders"})
    while st["outcome"] is None and st["pending"]["kind"] == "discard_excess":
        st = act(st, options(st)[0])
    assert st["outcome"]["winners"] == winners and reason in st["outcome"]["reason"]


def test_an_empty_deck_lets_you_end_play_with_counters_left():
    st = turn_to(started("nodeck"), 0, "play")
    for i in list(st["seats"][0]["deck"]):
        S.move(st, i, "discard", 0)
    st = _advance(st)
    assert {"type": "end_play"} in options(st) and {"type": "draw"} not in options(st)


# -- decisions belong to exactly one seat -------------------------------------------------------
def test_only_the_deciding_seat_may_act():
    st = started("deciding")
    other = 1 - st["pending"]["seat"]
    with pytest.raises(NotYourDecision):
        GAME.validate(st, other, {"type": "draw"})
    check_invariants(st)


def test_a_ship_attribute_in_a_requirement_is_the_attempting_ships():
    """"Unless you have 2 Leadership and Weapons>8": Weapons is the ship's, not the crew's."""
    st = started("shipreq")
    space = mission(st, 0, "T-S1")
    galaxy = put(st, 0, "T-SF", "ships", space)  # weapons 7
    crew = [put(st, 0, g, "aboard", galaxy) for g in ("T-F1", "T-F7")]
    assert ST.meets(st, crew, {"attributes": {"weapons": 6}})
    assert not ST.meets(st, crew, {"attributes": {"weapons": 7}})
