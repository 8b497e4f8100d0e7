"""The rules-fidelity patterns of issue 12 (Stargate), each played with real cards: the
pattern's root fix is in the engine or the effect language, and these tests fail without it."""
from rules.stargate import state as S
from rules.stargate.cards import card_db
from rules.stargate.effects import interpreter as I

from rules.stargate.game import GAME

from .fixtures import (ADVERSARY, GEAR, MISSIONS, OLAF, TEALC, VILLAIN_OBSTACLE, find, give_glyph, put_in_play, real,
                       start, table, team_of, to_hand)
from .helpers import act, check_invariants


def _discard_all(state, seat):
    for iid in list(state["seats"][seat]["discard"]):
        S.move(state, iid, "deck")


# ------------------------------------------------ (1) an event's text, then the discard pile
def test_perks_with_an_empty_discard_pile_does_not_take_itself_back():
    """Rulebook: carry out the event's text, then discard it. Perks ("take a hero card from
    your discard pile into your hand") played with an empty discard pile finds nothing —
    it used to find itself, a loop of free plays."""
    perks_g = real("Perks")
    state = table(deck0=[perks_g] * 2 + [GEAR] * 10)
    perks = to_hand(state, 0, perks_g)
    _discard_all(state, 0)
    state["seats"][0]["power"] = 5
    state = act(state, {"type": "play", "card": perks}, 0)
    while state["pending"]["kind"] != "act":
        state = act(state, state["pending"]["options"][0], state["pending"]["seat"])
    assert state["cards"][perks]["zone"] == "discard"
    assert perks not in state["seats"][0]["hand"]
    check_invariants(state)


def test_leave_behind_no_trace_takes_another_event_not_itself():
    """Leave Behind No Trace ("take an event from your discard pile"): the only event it can
    take is one already there before it was played."""
    lbnt_g, perks_g = real("Leave Behind No Trace"), real("Perks")
    state = table(deck0=[lbnt_g, perks_g] + [GEAR] * 10)
    lbnt = to_hand(state, 0, lbnt_g)
    _discard_all(state, 0)
    perks = find(state, perks_g, 0)[0]
    S.move(state, perks, "discard")
    state["seats"][0]["power"] = 5
    state = act(state, {"type": "play", "card": lbnt}, 0)
    if state["pending"]["kind"] == "choose_card":
        assert {o.get("card") for o in state["pending"]["options"]} <= {perks, None}
        state = act(state, {"type": "choose", "card": perks}, 0)
    assert perks in state["seats"][0]["hand"] and state["cards"][lbnt]["zone"] == "discard"
    check_invariants(state)


# ------------------------------------------------ (2) "your opponent may …": his choice, his cards
def test_prevent_invasion_the_villain_takes_an_obstacle_from_his_own_discard_pile():
    """Prevent Invasion: "your opponent may take an obstacle card from their discard pile into
    hand". The villain says yes and picks from the villain's pile — it used to be the hero
    who picked, from the hero's pile."""
    pi = real("Prevent Invasion")
    state = table(missions0=[pi] + MISSIONS[:5], begin=False)
    theirs = find(state, VILLAIN_OBSTACLE, 1)[0]
    mine = find(state, VILLAIN_OBSTACLE, 0)[0]
    for seat, iid in ((1, theirs), (0, mine)):
        _discard_all(state, seat)
        S.move(state, iid, "discard")
    state = start(state)
    assert state["pending"]["kind"] == "yes_no" and state["pending"]["seat"] == 1
    state = act(state, {"type": "choose", "yes": True}, 1)
    if state["pending"]["kind"] == "choose_card":
        assert state["pending"]["seat"] == 1
        assert [o["card"] for o in state["pending"]["options"] if o.get("card")] == [theirs]
        state = act(state, {"type": "choose", "card": theirs}, 1)
    assert theirs in state["seats"][1]["hand"] and mine in state["seats"][0]["discard"]
    check_invariants(state)


def test_disable_orbital_weapon_the_villain_pays_for_and_scores_the_adversary():
    """Disable Orbital Weapon's Success: "your opponent may pay power equal to an adversary's
    cost. If they do, they score that adversary" — the villain pays from his power."""
    dow = real("Disable Orbital Weapon")
    state = table(missions0=[dow] + MISSIONS[:5], deck1=[ADVERSARY] + [GEAR] * 10)
    adv = put_in_play(state, 1, ADVERSARY)
    hero, villain = state["turn"]["hero"], state["turn"]["villain"]
    state["seats"][hero]["power"], state["seats"][villain]["power"] = 0, 3
    cur = S.current_mission(state)
    state["pending"] = None
    I.push(state, S.card_def(state, cur)["mechanics"][0]["effects"], cur, hero)
    I.run(state)
    assert state["pending"]["seat"] == villain
    state["pending"] = None
    state["stack"][-1]["answer"] = True
    I.run(state)
    if state["pending"] and state["pending"]["kind"] == "choose_card":
        assert state["pending"]["seat"] == villain
        state["stack"][-1]["answer"] = adv
        state["pending"] = None
        I.run(state)
    assert state["cards"][adv]["zone"] == "score_pile" and state["seats"][villain]["power"] == 0
    assert state["seats"][hero]["power"] == 0


# ------------------------------------------------ (3) ignored cards are not there for anybody
def test_loki_cannot_pay_his_cost_with_the_villains_ignored_support_character():
    """Rulebook: during his opponent's turn, a player's hero cards are "ignored by both
    players". Loki ("stop a support character — …") may not stop the villain's support
    character to pay: with only that one ready, the ability is not offered."""
    loki_g = real("Loki", "Banished Scientist")
    state = table(deck0=[loki_g, OLAF] + [GEAR] * 10, deck1=[OLAF, VILLAIN_OBSTACLE] + [GEAR] * 10)
    hero, villain = state["turn"]["hero"], state["turn"]["villain"]
    assert hero == 0
    loki = put_in_play(state, 0, loki_g)
    give_glyph(state, loki, MISSIONS[3])  # pisces
    olaf = put_in_play(state, villain, OLAF)
    S.move(state, find(state, VILLAIN_OBSTACLE, 1)[0], "mission")
    acts = [a for a in GAME.legal_actions(state, 0) if a["type"] == "activate" and a["card"] == loki]
    assert acts == []
    # with a support character of his own, he can
    mine = put_in_play(state, 0, OLAF)
    acts = [a for a in GAME.legal_actions(state, 0) if a["type"] == "activate" and a["card"] == loki]
    assert acts
    state = act(state, acts[0], 0)
    if state["pending"]["kind"] == "choose_card":
        assert [o["card"] for o in state["pending"]["options"]] == [mine]
        state = act(state, {"type": "choose", "card": mine}, 0)
    assert state["cards"][mine]["state"] == "stopped" and state["cards"][olaf]["state"] == "ready"


def test_goauld_bomb_does_not_offer_the_villain_his_own_ignored_glyph():
    """Goa'uld Bomb's Failure: "choose a glyph. Your opponent puts it on the bottom of their
    mission pile." The villain's own characters (hero cards) are ignored during the hero's
    turn, so their glyphs are not offered — only the hero's."""
    bomb_g = real("Goa'uld Bomb")
    state = table(deck1=[bomb_g] + [GEAR] * 10)
    hero, villain = state["turn"]["hero"], state["turn"]["villain"]
    hero_glyph = give_glyph(state, state["seats"][hero]["play"][0], MISSIONS[1])
    villain_glyph = give_glyph(state, state["seats"][villain]["play"][0], MISSIONS[2])
    bomb = find(state, bomb_g, villain)[0]
    S.move(state, bomb, "mission")
    state["pending"] = None
    I.push(state, S.card_def(state, bomb)["mechanics"][0]["effects"], bomb, villain)
    I.run(state)
    offered = {o["card"] for o in state["pending"]["options"]} if state["pending"] else set()
    assert villain_glyph not in offered
    assert hero_glyph in offered or state["cards"][hero_glyph]["zone"] == "mission_pile"


# ------------------------------------------------ (4) power paid inside a text is a cost
def test_zat_gun_offers_only_the_options_the_player_can_pay_for():
    """Zat Gun: "pay power as listed below — 1: difficulty -1; 2: lose its Failure text; 3:
    destroy it". With 1 power only the first is offered (the engine used to clamp power at 0
    and let him destroy the obstacle for 1)."""
    zat_g = real("Zat Gun")
    state = table(deck0=[zat_g] + [GEAR] * 10, deck1=[VILLAIN_OBSTACLE] + [GEAR] * 10)
    zat = put_in_play(state, 0, zat_g)
    obs = find(state, VILLAIN_OBSTACLE, 1)[0]
    S.move(state, obs, "mission")
    state["cards"][obs]["state"] = None
    state["seats"][0]["power"] = 1
    state["pending"] = None
    I.push(state, S.card_def(state, zat)["mechanics"][0]["effects"], zat, 0)
    I.run(state)
    if state["pending"]["kind"] == "choose_card":
        state["stack"][-1]["answer"], state["pending"] = obs, None
        I.run(state)
    assert state["pending"]["kind"] == "choose_one"
    assert [o["option"] for o in state["pending"]["options"]] == [0]


def test_peter_tanner_offers_only_support_characters_whose_price_he_can_pay():
    """Peter Tanner: "you may pay power equal to a support character's highest skill. If you
    do, stop that character." Olaf (Combat 2) is not offered to a player with 1 power; paying
    is never clamped to what he has."""
    tanner_g = real("Peter Tanner", "Alien Deserter")
    state = table(deck0=[tanner_g, OLAF] + [GEAR] * 10)
    tanner = put_in_play(state, 0, tanner_g)
    olaf = put_in_play(state, 0, OLAF)
    state["seats"][0]["power"] = 1
    state["pending"] = None
    I.push(state, S.card_def(state, tanner)["mechanics"][0]["effects"], tanner, 0)
    I.run(state)
    if state["pending"] and state["pending"]["kind"] == "yes_no":
        state["stack"][-1]["answer"], state["pending"] = True, None
        I.run(state)
    assert state["pending"] is None or olaf not in {o.get("card") for o in state["pending"]["options"]}
    assert state["cards"][olaf]["state"] == "ready" and state["seats"][0]["power"] == 1


# ------------------------------------------------ (5) a boost: the player picks the card discarded
def test_boost_offers_every_same_title_card_in_hand():
    """Rulebook, boost: "discard a card with the same title". With two Teal'c cards in hand
    (two different printings), the hero chooses which one goes — the first was always taken."""
    tealc_cards = [c["guid"] for c in card_db().values() if c["title"] == "Teal'c" and c["type"] == "character" and c.get("official")][:2]
    state = table(deck0=tealc_cards + [GEAR] * 10)
    tealc = team_of(state, 0, TEALC)
    state = act(state, {"type": "assign", "card": tealc}, 0)
    state = act(state, {"type": "pass"}, 1)
    in_hand = [to_hand(state, 0, g) for g in tealc_cards]
    boosts = [a["card"] for a in GAME.legal_actions(state, 0) if a["type"] == "boost" and a["target"] == tealc]
    assert sorted(boosts) == sorted(in_hand)
    state = act(state, {"type": "boost", "card": in_hand[1], "target": tealc}, 0)
    assert state["cards"][in_hand[1]]["zone"] == "discard" and state["cards"][in_hand[0]]["zone"] == "hand"


def test_zat_gun_is_not_offered_without_the_power_for_any_option():
    """With no power, none of Zat Gun's "pay 1 / 2 / 3 power" options can be paid: the gear
    is not offered at all (it used to be stopped for nothing)."""
    zat_g = real("Zat Gun")
    state = table(deck0=[zat_g] + [GEAR] * 10, deck1=[VILLAIN_OBSTACLE] + [GEAR] * 10)
    zat = put_in_play(state, 0, zat_g)
    S.move(state, find(state, VILLAIN_OBSTACLE, 1)[0], "mission")
    state["seats"][0]["power"] = 0
    assert not [a for a in GAME.legal_actions(state, 0) if a.get("card") == zat]
    state["seats"][0]["power"] = 1
    assert [a for a in GAME.legal_actions(state, 0) if a.get("card") == zat]
