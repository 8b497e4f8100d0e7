"""Iris (1/146): "Failure text on villain cards is optional. To use the failure text of an
obstacle, your opponent pays 1 power." Played with the real card through the reducer: the
villain decides each villain Failure text (RULES.md "Iris"), paying 1 power for an obstacle's."""
import pytest

from rules.stargate.cards import card_db
from rules.stargate.effects.render import render

from .fixtures import COMBAT_MISSIONS, GEAR, JASON4, MISSIONS, OLAF, find, pass_, put_in_play, real, start, table, to_hand
from .helpers import act, check_invariants

COMBAT = COMBAT_MISSIONS + MISSIONS[:5]
SCIENCE = [MISSIONS[1]] + COMBAT_MISSIONS + MISSIONS[2:6]


def _iris_table(villain_cards, in_play=(), missions=COMBAT, ruleset="current"):
    """Jason (seat 0, the hero) has Iris in play; Paul's ``villain_cards`` are in his hand,
    his ``in_play`` cards in play. Returns the state, the hand cards and the cards in play."""
    iris = real("Iris")
    state = table(deck0=[iris, OLAF] + [GEAR] * 10, deck1=list(villain_cards) + list(in_play) + [GEAR] * 12,
                  missions0=missions, ruleset=ruleset, begin=False)
    put_in_play(state, 0, iris)
    hand = [to_hand(state, 1, g) for g in villain_cards]
    play = [put_in_play(state, 1, g) for g in in_play]
    state = start(state, stop=JASON4)
    return state, hand, play


def _to_texts(state):
    """Both players pass: nobody is assigned, so the mission fails; run to the first text
    decision (or past the texts)."""
    while state["pending"]["kind"] == "act":
        state = pass_(state)
    return state


def _assert_forces_failure_text_mandatory_and_free(*, with_pauls_iris: bool) -> None:
    """Paul (the villain) plays Ori Ground Forces with 2 power; at the texts he is not asked
    whether to use its Failure text and pays nothing (with or without his own Iris in play)."""
    iris, forces = real("Iris"), real("Ori Ground Forces")
    state = table(deck1=([iris] if with_pauls_iris else []) + [forces] + [GEAR] * 12, missions0=COMBAT)
    if with_pauls_iris:
        put_in_play(state, 1, iris)
    obs = to_hand(state, 1, forces)
    state = pass_(state)
    state["seats"][1]["power"] = 2
    state = act(state, {"type": "play", "card": obs})
    state = _to_texts(state)
    assert state["pending"]["kind"] != "use_text"
    assert state["seats"][1]["power"] == 2


def _log(state, event):
    return [e for e in state["log"] if e["event"] == event]


def test_the_villain_pays_1_power_to_use_an_obstacles_failure_text():
    forces = real("Ori Ground Forces")  # Failure: gain power equal to the mission's experience (2)
    state, (obs,), _ = _iris_table([forces])
    state = pass_(state)
    state["seats"][1]["power"] = 5
    state = act(state, {"type": "play", "card": obs})  # costs 2: 3 left
    state = _to_texts(state)
    p = state["pending"]
    assert p["kind"] == "use_text" and p["seat"] == 1
    assert p["options"] == [{"type": "choose", "yes": True}, {"type": "choose", "yes": False}]
    assert "Failure text of Ori Ground Forces" in p["prompt"] and "pay 1 power" in p["prompt"]
    check_invariants(state)
    state = act(state, {"type": "choose", "yes": True})
    assert state["seats"][1]["power"] == 3 - 1 + 2
    assert state["pending"]["kind"] != "use_text" and not _log(state, "text_not_used")


@pytest.mark.parametrize("ruleset", ["current", "first-edition"])
def test_salish_spirits_destroys_a_support_character_only_if_the_villain_pays(ruleset):
    """The rulebook's example obstacle (Base Set, like Iris): the same in both editions."""
    salish = real("Salish Spirits")  # Failure: destroy a support character
    for pay in (True, False):
        state, (obs,), _ = _iris_table([salish], ruleset=ruleset)
        olaf = put_in_play(state, 0, OLAF)
        state = pass_(state)
        state["seats"][1]["power"] = 3
        state = act(state, {"type": "play", "card": obs})  # 1 left
        state = _to_texts(state)
        assert state["pending"]["kind"] == "use_text"
        state = act(state, {"type": "choose", "yes": pay})
        if pay:
            assert state["pending"]["options"] == [{"type": "choose", "card": olaf}]
            state = act(state, {"type": "choose", "card": olaf})
        assert state["cards"][olaf]["zone"] == ("discard" if pay else "play")
        assert state["seats"][1]["power"] == (0 if pay else 1)
        check_invariants(state)


def test_the_villain_may_decline_an_obstacles_failure_text():
    forces = real("Ori Ground Forces")
    state, (obs,), _ = _iris_table([forces])
    state = pass_(state)
    state["seats"][1]["power"] = 5
    state = act(state, {"type": "play", "card": obs})
    state = _to_texts(state)
    state = act(state, {"type": "choose", "yes": False})
    assert state["seats"][1]["power"] == 3  # nothing paid, nothing gained
    assert _log(state, "text_not_used")[-1]["reason"] == "declined"
    assert state["pending"]["kind"] != "use_text"


def test_an_obstacles_failure_text_is_not_used_when_the_villain_cannot_pay():
    forces = real("Ori Ground Forces")
    state, (obs,), _ = _iris_table([forces])
    state = pass_(state)
    state["seats"][1]["power"] = 2
    state = act(state, {"type": "play", "card": obs})  # 0 power left
    state = _to_texts(state)
    assert state["pending"]["kind"] != "use_text"  # no decision offered
    assert state["seats"][1]["power"] == 0
    entry = _log(state, "text_not_used")[-1]
    assert entry["card"] == obs and entry["reason"] == "cost"


def test_without_iris_the_obstacles_failure_text_is_mandatory_and_free():
    _assert_forces_failure_text_mandatory_and_free(with_pauls_iris=False)


def test_an_adversarys_failure_text_is_optional_and_free():
    kali = real("Kali", "The Destroyer")  # Failure: stop a character
    state, _, (k,) = _iris_table([], [kali])
    state = pass_(state)
    state = act(state, {"type": "assign", "card": k})
    state["seats"][1]["power"] = 0  # no power: still offered (no cost for an adversary)
    state = _to_texts(state)
    assert state["pending"]["kind"] == "use_text" and "It is optional" in state["pending"]["prompt"]
    state = act(state, {"type": "choose", "yes": True})
    assert state["pending"]["kind"] == "choose_card" and state["pending"]["seat"] == 1
    target = next(o["card"] for o in state["pending"]["options"] if state["cards"][o["card"]]["state"] == "ready")
    state = act(state, {"type": "choose", "card": target})
    assert state["cards"][target]["state"] == "stopped"
    check_invariants(state)


def test_declining_an_adversarys_failure_text_stops_nobody():
    kali = real("Kali", "The Destroyer")
    state, _, (k,) = _iris_table([], [kali])
    state = pass_(state)
    state = act(state, {"type": "assign", "card": k})
    ready = [i for i in state["seats"][0]["play"] if state["cards"][i]["state"] == "ready"]
    state = _to_texts(state)
    state = act(state, {"type": "choose", "yes": False})
    assert state["pending"]["kind"] == "revive_or_score"
    assert all(state["cards"][i]["state"] == "ready" for i in ready)


def test_each_villain_card_is_decided_after_the_villain_orders_them():
    forces, kali = real("Ori Ground Forces"), real("Kali", "The Destroyer")
    state, (obs,), (k,) = _iris_table([forces], [kali])
    state = pass_(state)
    state["seats"][1]["power"] = 5
    state = act(state, {"type": "play", "card": obs})
    state = pass_(state)
    state = act(state, {"type": "assign", "card": k})
    state = _to_texts(state)
    assert state["pending"]["kind"] == "order_text" and state["pending"]["seat"] == 1
    state = act(state, {"type": "order", "card": obs})
    assert state["pending"]["kind"] == "use_text" and "Ori Ground Forces" in state["pending"]["prompt"]
    state = act(state, {"type": "choose", "yes": True})
    assert state["seats"][1]["power"] == 3 - 1 + 2
    # Kali is the last villain card with text: no order decision, his own offer (free)
    assert state["pending"]["kind"] == "use_text" and "Kali" in state["pending"]["prompt"]
    state = act(state, {"type": "choose", "yes": False})
    assert state["pending"]["kind"] == "revive_or_score"


def test_with_heruur_each_occurrence_of_the_text_is_decided_and_paid_on_its_own():
    forces, heruur = real("Ori Ground Forces"), real("Heru'ur", "Shrewd Rival")
    state, (obs,), (h,) = _iris_table([forces], [heruur])
    state = pass_(state)
    state["seats"][1]["power"] = 5
    state = act(state, {"type": "play", "card": obs})
    state = pass_(state)
    state = act(state, {"type": "assign", "card": h})
    state = _to_texts(state)
    if state["pending"]["kind"] == "order_text":  # Heru'ur has no Failure text of his own
        state = act(state, {"type": "order", "card": obs})
    assert state["pending"]["kind"] == "use_text"
    state = act(state, {"type": "choose", "yes": True})
    assert state["seats"][1]["power"] == 3 - 1 + 2
    assert state["pending"]["kind"] == "use_text"  # the additional occurrence
    state = act(state, {"type": "choose", "yes": False})
    assert state["seats"][1]["power"] == 4
    assert state["pending"]["kind"] == "revive_or_score"


def test_iris_is_ignored_while_her_owner_is_the_villain():
    """A hero card is ignored during its owner's opponent's turn: Paul's Iris does not make
    his own obstacles' Failure text optional."""
    _assert_forces_failure_text_mandatory_and_free(with_pauls_iris=True)


def test_once_iris_is_destroyed_by_a_failure_text_the_rest_are_mandatory_again():
    overload, sabotage = real("System Overload"), real("Sabotage")  # Failure: destroy a gear (each)
    state, (first, second), _ = _iris_table([overload, sabotage], missions=SCIENCE)
    iris = find(state, real("Iris"), 0, "play")[0]
    gear = put_in_play(state, 0, GEAR)
    state = pass_(state)
    state["seats"][1]["power"] = 5
    state = act(state, {"type": "play", "card": first})  # 1: 4 left
    state = pass_(state)
    state = act(state, {"type": "play", "card": second})  # 2: 2 left
    state = _to_texts(state)
    state = act(state, {"type": "order", "card": first})
    state = act(state, {"type": "choose", "yes": True})  # pay 1: destroy a gear
    state = act(state, {"type": "choose", "card": iris})
    assert state["cards"][iris]["zone"] == "discard" and state["seats"][1]["power"] == 1
    # Sabotage's text is mandatory again: no offer, the villain must destroy a gear
    assert state["pending"]["kind"] == "choose_card" and {"type": "choose", "card": gear} in state["pending"]["options"]
    state = act(state, {"type": "choose", "card": gear})
    assert state["cards"][gear]["zone"] == "discard" and state["seats"][1]["power"] == 1


def test_iris_renders_what_the_engine_does():
    card = card_db()[real("Iris")]
    assert render(card["mechanics"]) == ["The Failure text of villain cards is optional.",
                                         "To use the Failure text of an obstacle, your opponent pays 1 power."]


def test_iris_is_no_longer_refused_in_a_deck():
    from rules.stargate.deckbuilding import starter_deck, validate_deck
    deck = starter_deck("oneil")
    deck["deck"] = list(deck["deck"]) + ["1/146"]
    assert not [v for v in validate_deck(deck, "current") if "Iris" in v["message"]]
