"""Premiere cards about captives, played as printed (their authored mechanics from the card
database) through the reducer: Rescue Captives 1U108, Condition Captive 1R124, Arrest
Order 1R122."""
from rules.startrek2e import glossary as G
from rules.startrek2e import state as S
from rules.startrek2e.effects.render import render_card

from .helpers import act, check_invariants, find, mission, options, put, real, started, turn_to


# -- Rescue Captives: "discard any number of cards … to take an equal number …" -----------------
def test_rescue_captives_takes_as_many_of_your_personnel_from_brigs_as_cards_discarded():
    st = started("rescue-captives")
    hq = mission(st, 0, "T-HQF")
    planet = mission(st, 0, "T-P1")
    held = [put(st, 0, g, "pile", planet) for g in ("T-F1", "T-F2", "T-F3")]
    for i in held:
        G.place_in_brig(st, i, 1)
    theirs = put(st, 1, "T-K1", "pile", mission(st, 1, "T-HQK"))
    G.place_in_brig(st, theirs, 0)  # not one of yours: never offered
    ev = real(st, 0, "T-EV4", "1U108")
    S.move(st, ev, "hand", 0)
    st = turn_to(st, 0, "play")
    hand = len(st["seats"][0]["hand"])
    st = act(st, {"type": "play", "card": ev})
    # discard any number, at most the number of your personnel in opponents' brigs (3)
    assert st["pending"]["kind"] == "choose" and {"type": "choose", "card": None} in options(st)
    paid = []
    for _ in range(2):
        pick = next(o for o in options(st) if o["card"])
        paid.append(pick["card"])
        st = act(st, pick)
    st = act(st, {"type": "choose", "card": None})  # stop after two
    assert all(st["cards"][c]["zone"] == "discard" for c in paid)
    st = act(st, {"type": "choose", "card": hq})  # your headquarters mission
    assert sorted(o["card"] for o in options(st)) == sorted(held)  # only your own personnel
    st = act(st, {"type": "choose", "card": held[0]})
    st = act(st, {"type": "choose", "card": held[2]})
    assert [st["cards"][i]["zone"] for i in held] == ["pile", "brig", "pile"]
    assert all(S.commander(st, i) == 0 and st["cards"][i]["in"] == hq for i in (held[0], held[2]))
    assert st["cards"][ev]["zone"] == "discard" and len(st["seats"][0]["hand"]) == hand - 3
    assert st["cards"][theirs]["zone"] == "brig"
    check_invariants(st)


def test_rescue_captives_discarding_nothing_rescues_nobody():
    st = started("rescue-none")
    held = put(st, 0, "T-F1", "pile", mission(st, 0, "T-P1"))
    G.place_in_brig(st, held, 1)
    ev = real(st, 0, "T-EV4", "1U108")
    S.move(st, ev, "hand", 0)
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": ev})
    st = act(st, {"type": "choose", "card": None})
    if st["pending"]["kind"] == "choose":
        st = act(st, {"type": "choose", "card": mission(st, 0, "T-HQF")})
    assert st["cards"][held]["zone"] == "brig" and st["pending"]["kind"] == "play"


# -- Condition Captive: your captive on your headquarters, under your command -------------------
def test_condition_captive_puts_your_captive_on_your_headquarters_under_your_command():
    st = started("condition")
    hq = mission(st, 0, "T-HQF")
    captive = put(st, 1, "T-K5", "pile", mission(st, 1, "T-HQK"))
    G.place_in_brig(st, captive, 0)
    own = put(st, 0, "T-F2", "pile", mission(st, 0, "T-P1"))
    G.place_in_brig(st, own, 1)  # your personnel in an opponent's brig is not "your captive"
    i = real(st, 0, "T-I2", "1R124")
    S.move(st, i, "hand", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "play", "card": i})
    st = act(st, {"type": "choose", "card": hq})
    assert [o["card"] for o in options(st)] == [captive]
    st = act(st, {"type": "choose", "card": captive})
    c = st["cards"][captive]
    assert (c["zone"], c["in"], c["commander"], c["owner"], c["stopped"]) == ("pile", hq, 0, 1, False)
    assert st["cards"][own]["zone"] == "brig"
    check_invariants(st)


# -- Arrest Order ---------------------------------------------------------------------------------
def _arrest_scene(seed: str, at_hq: bool = False, pistol: str = "1U063", stopped: bool = False):
    st = started(seed)
    where = mission(st, 0, "T-HQF") if at_hq else mission(st, 0, "T-P1")
    garak = real(st, 0, "T-F6", "1R236", "pile", where)  # a [Car] Security personnel
    real(st, 0, "T-EQ1", pistol, "pile", where)
    victims = [put(st, 1, g, "pile", where) for g in ("T-K1", "T-K2")]
    elsewhere = put(st, 1, "T-K3", "pile", mission(st, 0, "T-P2"))
    st["cards"][garak]["stopped"] = stopped
    i = real(st, 0, "T-I2", "1R122")
    S.move(st, i, "hand", 0)
    return turn_to(st, 0, "orders"), garak, victims, elsewhere, i


def test_arrest_order_stops_your_armed_cardassian_to_place_a_random_opponent_present_in_your_brig():
    st, garak, victims, elsewhere, i = _arrest_scene("arrest")
    st = act(st, {"type": "play", "card": i})
    if st["pending"]["kind"] == "choose":  # the cost: which armed [Car] Security personnel
        st = act(st, {"type": "choose", "card": garak})
    assert st["cards"][garak]["stopped"]
    caught = [v for v in victims if st["cards"][v]["zone"] == "brig"]
    assert len(caught) == 1 and st["cards"][caught[0]]["in"] == 0
    assert st["cards"][elsewhere]["zone"] == "pile"  # not present
    check_invariants(st)


def test_arrest_order_needs_a_hand_weapon_he_is_equipped_with_away_from_headquarters():
    st, garak, victims, elsewhere, i = _arrest_scene("arrest-hq", at_hq=True)
    assert {"type": "play", "card": i} not in options(st)
    st, garak, victims, elsewhere, i = _arrest_scene("arrest-phaser", pistol="1U071")  # a [Fed] phaser: not equipped
    assert {"type": "play", "card": i} not in options(st)
    st, garak, victims, elsewhere, i = _arrest_scene("arrest-stopped", stopped=True)  # "you must command": unstopped
    assert {"type": "play", "card": i} not in options(st)
    assert find(st, 0, "1R122", zones=("hand",)) == i


def test_captive_cards_read_as_the_engine_plays_them():
    from rules.startrek2e.cards import card_db
    db = card_db()
    assert render_card(db["1R124"]) == [
        "Order - Put a personnel held in your brig into play at your headquarters mission under your command."]
    assert render_card(db["1R122"])[1] == (
        "Order - Stop one of your unstopped [Car] Security personnel equipped with a Hand Weapon card (except one at "
        "a headquarters mission) to place in your brig one of an opponent's personnel present with that personnel, "
        "selected at random.")
    assert render_card(db["1U108"]) == [
        "Plays in your core. Discard any number of cards (at most the number of personnel held in an opponent's brig "
        "that you own) from hand to put an equal number of personnel held in an opponent's brig that you own into play "
        "at your headquarters mission under your command. Destroy this event."]
