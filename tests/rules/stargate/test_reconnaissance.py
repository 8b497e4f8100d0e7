"""Reconnaissance (1/126): "Look at your opponent's hand and choose two cards from it. They
play one of them at no cost as a complication." Played with the real card through the
reducer (RULES.md "Reconnaissance")."""
import json

import pytest

from rules.stargate import state as S
from rules.stargate import stats
from rules.stargate.cards import card_db
from rules.stargate.effects.render import render
from rules.stargate.game import GAME

from .fixtures import ADVERSARY, COMBAT_MISSIONS, GEAR, JASON4, MISSIONS, OLAF, VILLAIN_OBSTACLE, find, put_in_play, real, start, table, to_hand
from .helpers import act, check_invariants

COMBAT = COMBAT_MISSIONS + MISSIONS[:5]


def _recon_table(villain_hand, ruleset="current", hero_play=()):
    """Jason (seat 0, the hero) holds Reconnaissance with 5 power; Paul holds exactly
    ``villain_hand``. Returns the state, Reconnaissance and Paul's hand (in that order)."""
    recon = real("Reconnaissance")
    state = table(deck0=[recon] + list(hero_play) + [GEAR] * 10,
                  deck1=list(villain_hand) + [GEAR] * 12, missions0=COMBAT, ruleset=ruleset, begin=False)
    ev = to_hand(state, 0, recon)
    for g in hero_play:
        put_in_play(state, 0, g)
    state = start(state, stop=JASON4)
    for iid in list(state["seats"][1]["hand"]):
        S.move(state, iid, "deck")
    hand = []
    for g in villain_hand:
        iid = next(i for i in find(state, g, 1, "deck") if i not in hand)
        S.move(state, iid, "hand")
        hand.append(iid)
    state["seats"][0]["power"] = 5
    return state, ev, hand


def _revealed(state, seat):
    return [c["id"] for c in GAME.view(state, seat)["pending"].get("revealed", [])]


@pytest.mark.parametrize("ruleset", ["current", "first-edition"])
def test_the_hero_picks_two_cards_and_the_villain_plays_one_of_them_as_a_complication_at_no_cost(ruleset):
    state, ev, (obs, adv, gear) = _recon_table([VILLAIN_OBSTACLE, ADVERSARY, GEAR], ruleset)
    villain_power = state["seats"][1]["power"] = 0  # "at no cost": he needs no power
    difficulty = stats.difficulty(state)
    state = act(state, {"type": "play", "card": ev})
    assert state["seats"][0]["power"] == 4
    # "look at your opponent's hand": the hero sees it (only he does) and picks one card at a time
    p = state["pending"]
    assert p["kind"] == "choose_card" and p["seat"] == 0
    assert {o["card"] for o in p["options"]} == {obs, adv, gear}  # exactly two: no "stop choosing"
    assert set(_revealed(state, 0)) == {obs, adv, gear} and "revealed" not in GAME.view(state, 1)["pending"]
    check_invariants(state)
    state = act(state, {"type": "choose", "card": obs})
    assert {o["card"] for o in state["pending"]["options"]} == {adv, gear} and state["pending"]["seat"] == 0
    state = act(state, {"type": "choose", "card": adv})
    # "they play one of them": the villain's choice between the two picked cards
    p = state["pending"]
    assert p["kind"] == "choose_card" and p["seat"] == 1
    assert p["options"] == [{"type": "choose", "card": obs}, {"type": "choose", "card": adv}]
    assert GAME.legal_actions(state, 1) == p["options"] and GAME.legal_actions(state, 0) == []
    check_invariants(state)
    before = json.loads(json.dumps(state))
    choice = {"seat": 1, "type": "action", "payload": {"type": "choose", "card": adv}}
    state = act(state, choice["payload"])
    # the hero saw both picked cards: the villain's choice is not named to him (nor to a spectator)
    assert GAME.redact_event(choice, 0, before)["payload"] == {"type": "choose", "card": None}
    assert GAME.redact_event(choice, "spectator", before)["payload"]["card"] is None
    assert GAME.redact_event(choice, 1, before) == choice
    c = state["cards"][adv]
    assert c["zone"] == "mission" and c["face_down"]
    assert state["seats"][1]["power"] == villain_power  # nothing paid
    assert stats.difficulty(state) == difficulty + 1
    assert state["cards"][obs]["zone"] == "hand" and state["cards"][gear]["zone"] == "hand"
    assert [e for e in state["log"] if e["event"] == "complication"][-1]["cost"] == 0
    # it is a complication like any other: the next one costs 2
    assert stats.complication_cost(state) == 2
    assert state["pending"]["kind"] == "act" and state["turn"]["to_act"] == 1
    # the hero does not see which card it is in the view (a complication is face down)
    assert [x for x in GAME.view(state, 0)["mission"]["cards"] if x["face_down"]] == \
        [{"id": None, "owner": 1, "face_down": True}]
    assert adv not in json.dumps(GAME.view(state, 0)["mission"])
    check_invariants(state)


def test_the_villain_may_play_the_other_picked_card():
    state, ev, (obs, adv) = _recon_table([VILLAIN_OBSTACLE, ADVERSARY])
    state = act(state, {"type": "play", "card": ev})
    state = act(state, {"type": "choose", "card": obs})
    state = act(state, {"type": "choose", "card": adv})
    state = act(state, {"type": "choose", "card": obs})
    assert state["cards"][obs]["zone"] == "mission" and state["cards"][obs]["face_down"]
    assert state["cards"][adv]["zone"] == "hand"


def test_with_one_card_in_hand_the_hero_picks_it_and_the_villain_plays_it():
    state, ev, (only,) = _recon_table([OLAF])  # any card, even a hero card, can be a complication
    state = act(state, {"type": "play", "card": ev})
    assert state["pending"]["options"] == [{"type": "choose", "card": only}] and state["pending"]["seat"] == 0
    state = act(state, {"type": "choose", "card": only})
    assert state["pending"]["options"] == [{"type": "choose", "card": only}] and state["pending"]["seat"] == 1
    state = act(state, {"type": "choose", "card": only})
    assert state["cards"][only]["zone"] == "mission" and state["cards"][only]["face_down"]
    assert state["seats"][1]["hand"] == []


def test_with_an_empty_hand_nothing_happens():
    state, ev, _ = _recon_table([])
    difficulty = stats.difficulty(state)
    state = act(state, {"type": "play", "card": ev})
    assert state["pending"]["kind"] == "act" and state["turn"]["to_act"] == 1
    assert state["cards"][ev]["zone"] == "discard" and stats.difficulty(state) == difficulty
    assert not [i for i in S.at_mission(state) if state["cards"][i].get("face_down")]


def test_the_complication_counts_for_the_cost_of_the_next_and_each_time_your_opponent_plays_one_triggers():
    """Darian: "each time your opponent plays a complication" — the villain plays it."""
    darian = real("Darian", "Freedom Fighter")
    state, ev, (a, b, c) = _recon_table([GEAR, GEAR, VILLAIN_OBSTACLE], hero_play=[darian])
    state = act(state, {"type": "play", "card": ev})  # 5 - 1 = 4
    state = act(state, {"type": "choose", "card": a})
    state = act(state, {"type": "choose", "card": b})
    state = act(state, {"type": "choose", "card": a})
    assert state["seats"][0]["power"] == 4 + 1  # Darian is ready: his owner gains 1
    state["seats"][1]["power"] = 2
    state = act(state, {"type": "complication", "card": c})  # the second complication: 2 power
    assert state["seats"][1]["power"] == 0 and state["seats"][0]["power"] == 6


def test_reconnaissance_renders_what_the_engine_does():
    card = card_db()[real("Reconnaissance")]
    assert render(card["mechanics"]) == [
        "When you play this event, look at your opponent's hand and choose two cards from it. Your opponent plays "
        "one of the picked cards as a complication at the current mission at no cost."]


def test_reconnaissance_is_no_longer_refused_in_a_deck():
    from rules.stargate.deckbuilding import starter_deck, validate_deck
    deck = starter_deck("oneil")
    deck["deck"] = list(deck["deck"]) + ["1/126"]
    assert not [v for v in validate_deck(deck, "current") if "Reconnaissance" in v["message"]]
    assert not [v for v in validate_deck(deck, "first-edition") if "Reconnaissance" in v["message"]]
