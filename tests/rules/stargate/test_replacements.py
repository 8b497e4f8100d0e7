"""Optional and paid replacement effects ("each time … would be destroyed / incapacitated /
stopped, you may … instead"), each played by its real card through the reducer: the owner
takes the replacement, declines it, and is not asked when its cost can't be paid."""
from rules.stargate import state as S
from rules.stargate.game import GAME

from .fixtures import GEAR, JASON4, MISSIONS, OLAF, find, pass_, put_in_play, real, start, table
from .helpers import act, check_invariants

COMBAT_FIRST = MISSIONS[2:] + MISSIONS[:2]  # a Combat mission first (Salish Spirits can be played)


def _until(state, kind):
    """Pass at each act until a decision of ``kind`` is pending (other decisions: first option)."""
    for _ in range(40):
        p = state["pending"]
        if p["kind"] == kind:
            return state
        if p["kind"] == "act":
            state = pass_(state)
        else:
            state = act(state, GAME.legal_actions(state, p["seat"])[0])
    raise AssertionError(f"no {kind} decision")


def _salish_spirits_destroys_olaf(card_guids, power=3):
    """Jason (hero) has Olaf and ``card_guids`` in play; Paul plays Salish Spirits ("Failure:
    Destroy a support character."), nobody is assigned, the mission fails and Paul chooses
    Olaf. Returns the state right after that choice, and the instances."""
    spirits = real("Salish Spirits")
    state = table(deck0=list(card_guids) + [OLAF] + [GEAR] * 10, deck1=[spirits] + [GEAR] * 10,
                  missions0=COMBAT_FIRST, begin=False)
    olaf = put_in_play(state, 0, OLAF)
    cards = [put_in_play(state, 0, g) for g in card_guids]
    obstacle = find(state, spirits, 1)[0]
    S.move(state, obstacle, "hand")
    state = start(state, stop=JASON4)
    state = pass_(state)  # Jason passes
    state["seats"][1]["power"] = 5
    state = act(state, {"type": "play", "card": obstacle})
    state["seats"][0]["power"] = power
    state = _until(state, "choose_card")
    assert state["pending"]["seat"] == 1 and {"type": "choose", "card": olaf} in state["pending"]["options"]
    state = act(state, {"type": "choose", "card": olaf})
    return state, olaf, cards


# ------------------------------------------------------------------- Healing Device
HEALING = "f3f6be0b-601d-4ce8-9fbc-efd071f2789f"


def test_healing_device_stops_itself_and_pays_2_to_stop_the_support_character_instead():
    state, olaf, [device] = _salish_spirits_destroys_olaf([HEALING])
    p = state["pending"]
    assert p["kind"] == "replace" and p["seat"] == 0 and "Olaf would be destroyed" in p["prompt"]
    assert "Healing Device" in p["prompt"]
    take = {"type": "replace", "card": olaf, "source": device, "ability": 0}
    assert GAME.legal_actions(state, 0) == [take, {"type": "replace", "card": olaf, "source": None}]
    assert GAME.view(state, 1)["pending"]["prompt"] == p["prompt"]  # the opponent sees what is asked
    state = act(state, take)
    assert state["cards"][olaf]["zone"] == "play" and state["cards"][olaf]["state"] == "stopped"
    assert state["cards"][device]["state"] == "stopped" and state["seats"][0]["power"] == 1
    assert any(e["event"] == "replaced" and e["card"] == olaf for e in state["log"])
    check_invariants(state)


def test_healing_device_declined_the_support_character_is_destroyed():
    state, olaf, [device] = _salish_spirits_destroys_olaf([HEALING])
    state = act(state, {"type": "replace", "card": olaf, "source": None})
    assert state["cards"][olaf]["zone"] == "discard"
    assert state["cards"][device]["state"] == "ready" and state["seats"][0]["power"] == 3
    check_invariants(state)


def test_healing_device_is_not_offered_when_its_cost_cant_be_paid():
    state, olaf, [device] = _salish_spirits_destroys_olaf([HEALING], power=1)
    assert state["pending"]["kind"] != "replace"
    assert state["cards"][olaf]["zone"] == "discard" and state["cards"][device]["state"] == "ready"
    check_invariants(state)


# ------------------------------------------------------ stopping an incapacitated card
def test_recuperate_stops_an_incapacitated_character_and_a_plain_stop_does_not():
    recuperate = real("Recuperate")
    state = table(deck0=[recuperate, OLAF] + [GEAR] * 10, begin=False)
    olaf = put_in_play(state, 0, OLAF)
    card = find(state, recuperate, 0)[0]
    S.move(state, card, "hand")
    state = start(state, stop=JASON4)
    state["cards"][olaf]["state"] = "incapacitated"
    from rules.stargate import glossary
    glossary.stop(state, olaf)  # "stop a character" does not heal
    assert state["cards"][olaf]["state"] == "incapacitated"
    state["seats"][0]["power"] = 2
    state = act(state, {"type": "play", "card": card})
    assert state["pending"]["options"] == [{"type": "choose", "card": olaf}]
    state = act(state, {"type": "choose", "card": olaf})
    assert state["cards"][olaf]["state"] == "stopped"
    check_invariants(state)
