"""Glossary "blockade": a villain card takes the top card of its opponent's mission pile face
up beneath it; one mission per card (the older one goes face down to the bottom of its
owner's mission pile); the mission goes to the bottom of its owner's pile when the card
leaves play (RULES.md "Blockade"); none in the first edition. Then each blockade card
(Anubis Warlord, Adria's Mothership, Aschen Harvester, Baal's Ha'tak, Ori Fighter) played."""
from rules.stargate import glossary, replacements, stats
from rules.stargate import state as S
from rules.stargate.effects import filters as F
from rules.stargate.game import GAME
from rules.stargate.view import view

from .fixtures import (COMBAT_MISSIONS, GEAR, JASON4, MISSIONS, OLAF, VILLAIN_OBSTACLE, _card, add, pass_,
                       put_in_play, real, start, table)
from .helpers import act, check_invariants

COMBAT = COMBAT_MISSIONS + MISSIONS[:5]
VILLAIN_SHIP = add(_card("fx-bl-vship", "Blockade Test Ship", "ship", allegiance="villain", cost=1, firepower=1))


def _table(*guids, ruleset="current", deck0=None, missions0=COMBAT):
    state = table(deck0=deck0, deck1=list(guids) + [VILLAIN_OBSTACLE] + [GEAR] * 10, missions0=missions0,
                  ruleset=ruleset, begin=False)
    cards = [put_in_play(state, 1, g) for g in guids]
    return state, cards


def _pile(state, seat=0):
    return state["seats"][seat]["mission_pile"]


# ------------------------------------------------------------------------- the rule
def test_blockade_places_the_top_of_the_opponents_mission_pile_face_up_beneath_the_card():
    state, (ship,) = _table(VILLAIN_SHIP)
    top = _pile(state)[0]
    n = len(_pile(state))
    assert glossary.blockade(state, ship, 0)
    c = state["cards"][top]
    assert c["zone"] == "beneath" and c["under"] == ship and not c["face_down"] and c["blockaded"]
    assert len(_pile(state)) == n - 1 and top not in _pile(state)
    assert S.blockaded_by(state, ship) == [top]
    # face up: the opponent of the blockading card's controller sees which mission it is
    seen = next(x for x in view(state, 0)["seats"][1]["play"] if x["id"] == ship)
    assert seen["beneath"][0]["id"] == top


def test_blockade_one_mission_per_card_the_older_goes_face_down_to_the_bottom_of_its_owners_pile():
    state, (ship,) = _table(VILLAIN_SHIP)
    first = _pile(state)[0]
    glossary.blockade(state, ship, 0)
    second = _pile(state)[0]
    glossary.blockade(state, ship, 0)
    assert S.blockaded_by(state, ship) == [second]
    assert _pile(state)[-1] == first and state["cards"][first]["zone"] == "mission_pile"
    assert not state["cards"][first].get("blockaded")


def test_blockade_with_a_one_card_pile_takes_it_and_returns_the_older_one():
    state, (ship,) = _table(VILLAIN_SHIP)
    glossary.blockade(state, ship, 0)
    old = S.blockaded_by(state, ship)[0]
    for m in list(_pile(state))[1:]:
        S.move(state, m, "discard")
    last = _pile(state)[0]
    glossary.blockade(state, ship, 0)
    assert S.blockaded_by(state, ship) == [last] and _pile(state) == [old]


def test_blockade_from_an_empty_pile_does_nothing():
    state, (ship,) = _table(VILLAIN_SHIP)
    for m in list(_pile(state)):
        S.move(state, m, "discard")
    assert not glossary.blockade(state, ship, 0)
    assert S.blockaded_by(state, ship) == []


def test_blockade_the_mission_goes_to_the_bottom_of_its_owners_pile_when_the_card_leaves_play():
    state, (ship,) = _table(VILLAIN_SHIP)
    m = _pile(state)[0]
    glossary.blockade(state, ship, 0)
    replacements.destroy(state, ship)
    assert state["cards"][ship]["zone"] == "discard"
    assert _pile(state)[-1] == m and not state["cards"][m].get("blockaded")
    assert m not in state["seats"][0]["discard"]
    assert S.blockaded_missions(state) == []


def test_blockade_blockaded_missions_counts_all_yours_or_one_cards():
    state, (a, b) = _table(VILLAIN_SHIP, VILLAIN_SHIP)
    second_ship = add(_card("fx-bl-2ship", "Second Seat Ship", "ship", allegiance="villain", cost=1, firepower=1))
    state2 = table(deck0=[second_ship] + [GEAR] * 10, deck1=[VILLAIN_SHIP] * 2 + [GEAR] * 10, begin=False)
    glossary.blockade(state, a, 0)
    glossary.blockade(state, b, 0)
    ctx = {"source": a, "controller": 1, "refs": {}}
    assert F.amount(state, {"blockaded_missions": "all"}, ctx) == 2
    assert F.amount(state, {"blockaded_missions": "all_yours"}, ctx) == 2
    assert F.amount(state, {"blockaded_missions": "all_yours"}, {**ctx, "controller": 0}) == 0
    assert F.amount(state, {"blockaded_missions": {"self": True}}, ctx) == 1
    # a card seat 0 controls blockading seat 1's pile counts for "all" but not for seat 1's cards
    h = put_in_play(state2, 0, second_ship)
    glossary.blockade(state2, h, 1)
    assert F.amount(state2, {"blockaded_missions": "all"}, {"source": h, "controller": 1, "refs": {}}) == 1
    assert F.amount(state2, {"blockaded_missions": "all_yours"}, {"source": h, "controller": 1, "refs": {}}) == 0


def test_blockade_a_blockaded_mission_is_not_a_card_beneath_for_cards_beneath():
    state, (ship,) = _table(VILLAIN_SHIP)
    glossary.blockade(state, ship, 0)
    assert F.amount(state, {"cards_beneath": {"self": True}}, {"source": ship, "controller": 1, "refs": {}}) == 0


def test_blockade_does_not_exist_in_the_first_edition():
    state, (ship,) = _table(VILLAIN_SHIP, ruleset="first-edition")
    top = _pile(state)[0]
    assert not glossary.blockade(state, ship, 0)
    assert _pile(state)[0] == top and S.blockaded_missions(state) == []


# ------------------------------------------------------------------- the cards, played
def _drive(state, answers):
    """Pass at each act; answer each pending decision of a kind in ``answers`` (a list of
    (kind, action)), in turn; any other decision takes its first option. Stops right after
    the last answer (or at the next turn)."""
    answers = list(answers)
    n = state["turn"]["number"]
    for _ in range(60):
        p = state["pending"]
        if state["turn"]["number"] != n:
            break
        if answers and p["kind"] == answers[0][0]:
            state = act(state, answers.pop(0)[1])
            if not answers:
                return state
        elif p["kind"] == "act":
            state = pass_(state)
        else:
            seat = GAME.deciding_seats(state)[0]
            state = act(state, GAME.legal_actions(state, seat)[0])
    return state


YES = ("yes_no", {"type": "choose", "yes": True})


def _assigned(*guids, deck0=None):
    """The villain's cards in play, then assigned to Jason's first (combat) mission."""
    state, cards = _table(*guids, deck0=deck0)
    state = start(state, stop=JASON4)
    state = pass_(state)
    for c in cards:
        if state["pending"]["seat"] != 1:
            state = pass_(state)
        state = act(state, {"type": "assign", "card": c})
    return state, cards


def test_ori_fighter_failure_pays_2_to_blockade_a_mission():
    state, (f,) = _assigned(real("Ori Fighter"))
    top = _pile(state)[0]
    power = state["seats"][1]["power"]
    state = _drive(state, [YES])
    assert state["mission"]["result"] == "failure"
    assert S.blockaded_by(state, f) == [top]
    assert state["seats"][1]["power"] == power - 2
    check_invariants(state)


def test_ori_fighter_declined_blockades_nothing():
    state, (f,) = _assigned(real("Ori Fighter"))
    power = state["seats"][1]["power"]
    state = _drive(state, [("yes_no", {"type": "choose", "yes": False})])
    assert S.blockaded_missions(state) == [] and state["seats"][1]["power"] == power


def test_aschen_harvester_victory_gains_1_power_for_each_blockaded_mission():
    harvester = real("Aschen Harvester")
    state, (h, other) = _table(harvester, VILLAIN_SHIP)
    glossary.blockade(state, h, 0)
    glossary.blockade(state, other, 0)
    state = start(state, stop=JASON4)
    state = pass_(state)
    state = act(state, {"type": "assign", "card": h})
    power = state["seats"][1]["power"]
    # ship battle: the villain's ship alone achieves victory; then the mission fails and
    # the Failure text asks (declined here)
    state = _drive(state, [("yes_no", {"type": "choose", "yes": False})])
    assert state["mission"]["result"] == "failure"
    assert state["seats"][1]["power"] == power + 2


def test_aschen_harvester_failure_pays_2_to_blockade():
    state, (h,) = _assigned(real("Aschen Harvester"))
    top = _pile(state)[0]
    state = _drive(state, [YES])
    assert S.blockaded_by(state, h) == [top]


def test_baals_hatak_victory_pays_3_to_blockade_then_failure_stops_a_character_per_blockaded_mission():
    state, (b,) = _assigned(real("Baal's Ha'tak", "Mighty Warship"))
    top = _pile(state)[0]
    power = state["seats"][1]["power"]
    state = _drive(state, [YES])
    assert S.blockaded_by(state, b) == [top] and state["seats"][1]["power"] == power - 3
    # Failure: one blockaded mission, so the villain stops one character
    while state["pending"]["kind"] != "choose_card":
        state = pass_(state) if state["pending"]["kind"] == "act" else act(
            state, GAME.legal_actions(state, GAME.deciding_seats(state)[0])[0])
    assert state["pending"]["seat"] == 1 and state["mission"]["result"] == "failure"
    target = next(o["card"] for o in state["pending"]["options"] if o.get("card"))
    state = act(state, {"type": "choose", "card": target})
    assert state["cards"][target]["state"] == "stopped"
    assert state["pending"]["kind"] != "choose_card"  # only one: one blockaded mission
    check_invariants(state)


def test_adrias_mothership_victory_blockades_then_failure_destroys_a_support_character_per_blockaded_mission():
    state, cards = _table(real("Adria's Mothership"))
    m = cards[0]
    olaf = put_in_play(state, 0, OLAF)
    state = start(state, stop=JASON4)
    state = pass_(state)
    state = act(state, {"type": "assign", "card": m})
    top = _pile(state)[0]
    power = state["seats"][1]["power"]
    state = _drive(state, [YES])
    assert S.blockaded_by(state, m) == [top] and state["seats"][1]["power"] == power - 3
    state = _drive(state, [])  # Failure: destroy a support character (Olaf, the only one)
    assert state["cards"][olaf]["zone"] == "discard"
    check_invariants(state)


def test_anubis_warlord_ships_get_firepower_per_blockaded_mission_and_his_failure_blockades():
    anubis = real("Anubis", "Warlord")
    state, (a, ship) = _table(anubis, VILLAIN_SHIP, missions0=MISSIONS)  # a culture mission: his skill
    assert stats.number(state, ship, "firepower") == 1
    glossary.blockade(state, ship, 0)
    assert stats.number(state, ship, "firepower") == 2
    state = start(state, stop=JASON4)
    state = pass_(state)
    state = act(state, {"type": "assign", "card": a})
    top = _pile(state)[0]
    state = _drive(state, [YES])
    assert S.blockaded_by(state, a) == [top]
    assert stats.number(state, ship, "firepower") == 3

