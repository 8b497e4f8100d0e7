"""Ship Battle: victory, incapacitating one loser ship, Victory text; none in first edition."""
from rules.stargate import stats
from rules.stargate.game import GAME

from .fixtures import GEAR, HERO_SHIP, JASON4, _card, add, pass_, put_in_play, start, table
from .helpers import act

VILLAIN_SHIP = add(_card("fx-vship", "Villain Ship", "ship", allegiance="villain", cost=1, firepower=1))
VICTORY_SHIP = add(_card("fx-victory", "Victory Ship", "ship", cost=1, firepower=3, subtitle="Flagship", mechanics=[
    {"kind": "victory", "effects": [{"gain_power": {"amount": 2, "who": "you"}}]}]))


def _battle(ruleset="current"):
    state = table(deck0=[VICTORY_SHIP, HERO_SHIP] + [GEAR] * 10, deck1=[VILLAIN_SHIP] * 2 + [GEAR] * 10,
                  ruleset=ruleset, begin=False)
    hs = put_in_play(state, 0, VICTORY_SHIP)
    vs = put_in_play(state, 1, VILLAIN_SHIP)
    state = start(state, stop=JASON4)
    return state, hs, vs


def test_ship_battle_higher_firepower_achieves_victory_and_may_incapacitate_a_loser_ship():
    state, hs, vs = _battle()
    state = act(state, {"type": "assign", "card": hs})
    state = act(state, {"type": "assign", "card": vs})
    power = state["seats"][0]["power"]
    state = pass_(state)
    state = pass_(state)
    assert state["pending"]["kind"] == "incapacitate_ship" and state["pending"]["seat"] == 0
    state = act(state, {"type": "choose", "card": vs})
    assert state["cards"][vs]["state"] == "incapacitated"
    assert state["seats"][0]["power"] == power + 2          # Victory text on the assigned ship


def test_first_edition_has_no_ship_battle_and_no_ship_assignment():
    state, hs, vs = _battle("first-edition")
    assert {"type": "assign", "card": hs} not in GAME.legal_actions(state, 0)
    state = pass_(state)
    state = pass_(state)
    assert not [e for e in state["log"] if e["event"] == "ship_battle"]


def test_boost_a_ship_gets_firepower_plus_one():
    state = table(deck0=[HERO_SHIP] * 3 + [GEAR] * 10, begin=False)
    from .fixtures import to_hand
    ship = put_in_play(state, 0, HERO_SHIP)
    to_hand(state, 0, HERO_SHIP)
    state = start(state, stop=JASON4)
    state = act(state, {"type": "assign", "card": ship})
    state = pass_(state)
    boost = next(a for a in GAME.legal_actions(state, 0) if a["type"] == "boost")
    state = act(state, boost)
    assert stats.number(state, ship, "firepower") == 3


def test_victory_text_of_several_ships_in_the_victors_order():
    second = add(_card("fx-victory2", "Second Victory Ship", "ship", cost=0, firepower=1, subtitle="Escort",
                       mechanics=[{"kind": "victory", "effects": [{"lose_power": {"amount": 1, "who": "opponent"}}]}]))
    state = table(deck0=[VICTORY_SHIP, second] + [GEAR] * 10, begin=False)
    a = put_in_play(state, 0, VICTORY_SHIP)
    b = put_in_play(state, 0, second)
    state = start(state, stop=JASON4)
    state = act(state, {"type": "assign", "card": a})
    state = pass_(state)
    state = act(state, {"type": "assign", "card": b})
    state = pass_(state)
    state = pass_(state)
    assert state["pending"]["kind"] == "order_text" and state["pending"]["seat"] == 0
    state = act(state, {"type": "order", "card": b})
    assert state["seats"][1]["power"] == 2 and state["seats"][0]["power"] == 5
