"""Optional and paid replacement effects ("each time … would be destroyed / incapacitated /
stopped, you may … instead"), each played by its real card through the reducer: the owner
takes the replacement, declines it, and is not asked when its cost can't be paid."""
from rules.stargate import replacements
from rules.stargate import state as S
from rules.stargate.game import GAME

from .fixtures import (GEAR, HERO_SHIP, JASON3, JASON4, MISSIONS, OLAF, SGC_OFFICER, TEALC, _card, add, find, pass_,
                       put_in_play, real, start, table)
from .helpers import act, check_invariants, play_salted_games

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
    replacements.stop(state, olaf)  # "stop a character" does not heal
    assert state["cards"][olaf]["state"] == "incapacitated"
    state["seats"][0]["power"] = 2
    state = act(state, {"type": "play", "card": card})
    assert state["pending"]["options"] == [{"type": "choose", "card": olaf}]
    state = act(state, {"type": "choose", "card": olaf})
    assert state["cards"][olaf]["state"] == "stopped"
    check_invariants(state)


# ------------------------------------------------------------------------- Carmichael
def _villain_obstacle_fails_the_mission(obstacle_title, *, team0=None, deck0=(), missions0=COMBAT_FIRST, arrange=None,
                                        stop=JASON4):
    """Jason (hero) passes; Paul plays the real obstacle; nobody is assigned, so the mission
    fails and the obstacle's Failure text starts. ``arrange(state)`` runs after the start."""
    obstacle = real(obstacle_title)
    kw = {"team0": team0} if team0 else {}
    state = table(deck0=list(deck0) + [OLAF] + [GEAR] * 10, deck1=[obstacle] + [GEAR] * 10,
                  missions0=missions0, begin=False, **kw)
    cards = [put_in_play(state, 0, g) for g in deck0]
    card = find(state, obstacle, 1)[0]
    S.move(state, card, "hand")
    state = start(state, stop=stop)
    if arrange:
        arrange(state)
    state = pass_(state)
    state["seats"][1]["power"] = 9
    state = act(state, {"type": "play", "card": card})
    return state, cards


CARMICHAEL = real("Carmichael")


def _carmichael(power=3):
    def arrange(state):
        state["seats"][0]["power"] = power
    state, [carmichael] = _villain_obstacle_fails_the_mission("Endure the Tests", deck0=[CARMICHAEL], arrange=arrange)
    from .fixtures import team_of
    tealc = team_of(state, 0, TEALC)
    state = _until(state, "choose_card")
    state = act(state, {"type": "choose", "card": tealc})  # "Failure: Incapacitate a team character."
    return state, carmichael, tealc


def test_carmichael_stops_himself_and_pays_2_to_stop_the_character_instead_of_incapacitating():
    state, carmichael, tealc = _carmichael()
    assert state["pending"]["kind"] == "replace" and state["pending"]["seat"] == 0
    assert "Teal'c would be incapacitated" in state["pending"]["prompt"]
    state = act(state, {"type": "replace", "card": tealc, "source": carmichael, "ability": 0})
    assert state["cards"][tealc]["state"] == "stopped" and state["cards"][carmichael]["state"] == "stopped"
    assert state["seats"][0]["power"] == 1
    check_invariants(state)


def test_carmichael_declined_the_character_is_incapacitated():
    state, carmichael, tealc = _carmichael()
    state = act(state, {"type": "replace", "card": tealc, "source": None})
    assert state["cards"][tealc]["state"] == "incapacitated" and state["cards"][carmichael]["state"] == "ready"
    assert state["seats"][0]["power"] == 3


def test_carmichael_is_not_offered_without_2_power():
    state, carmichael, tealc = _carmichael(power=1)
    assert state["pending"]["kind"] != "replace" and state["cards"][tealc]["state"] == "incapacitated"


# ----------------------------------------------------------------------------- Kelmaa
KELMAA = real("Kelmaa")
SCORPIUS, TRIANGULUM = MISSIONS[4], MISSIONS[5]
KELMAA_TEAM = (KELMAA, TEALC, SGC_OFFICER, JASON3)  # 13 points: Jason still plays first


def _kelmaa_incapacitated(glyphs, power=3):
    from .fixtures import give_glyph, team_of

    def arrange(state):
        for g in glyphs:
            give_glyph(state, team_of(state, 0, KELMAA), g)
        state["seats"][0]["power"] = power
    state, _ = _villain_obstacle_fails_the_mission("Endure the Tests", team0=KELMAA_TEAM, arrange=arrange,
                                                   stop=JASON3)
    kelmaa = team_of(state, 0, KELMAA)
    state = _until(state, "choose_card")
    return act(state, {"type": "choose", "card": kelmaa}), kelmaa


def test_kelmaa_with_scorpius_pays_2_to_be_stopped_instead_of_incapacitated():
    state, kelmaa = _kelmaa_incapacitated([SCORPIUS])
    assert state["pending"]["kind"] == "replace" and "Kelmaa would be incapacitated" in state["pending"]["prompt"]
    state = act(state, {"type": "replace", "card": kelmaa, "source": kelmaa, "ability": 0})
    assert state["cards"][kelmaa]["state"] == "stopped" and state["seats"][0]["power"] == 1
    check_invariants(state)


def test_kelmaa_declines_and_is_incapacitated():
    state, kelmaa = _kelmaa_incapacitated([SCORPIUS])
    state = act(state, {"type": "replace", "card": kelmaa, "source": None})
    assert state["cards"][kelmaa]["state"] == "incapacitated" and state["seats"][0]["power"] == 3


def test_kelmaa_is_not_asked_without_scorpius_or_without_2_power():
    for glyphs, power in (([], 3), ([SCORPIUS], 1)):
        state, kelmaa = _kelmaa_incapacitated(glyphs, power)
        assert state["pending"]["kind"] != "replace" and state["cards"][kelmaa]["state"] == "incapacitated"


def _kelmaa_with(glyphs):
    from .fixtures import give_glyph, team_of
    state = table(team0=KELMAA_TEAM, deck0=[OLAF] + [GEAR] * 10, missions0=COMBAT_FIRST, begin=False)
    olaf = put_in_play(state, 0, OLAF)
    kelmaa = team_of(state, 0, KELMAA)
    for g in glyphs:
        give_glyph(state, kelmaa, g)
    state = start(state, stop=JASON3)
    state["cards"][olaf]["state"] = "incapacitated"
    return state, kelmaa, olaf


def test_kelmaa_triangulum_stops_and_incapacitates_her_to_stop_an_incapacitated_character():
    state, kelmaa, olaf = _kelmaa_with([TRIANGULUM])
    state = act(state, {"type": "activate", "card": kelmaa, "ability": 1})
    assert state["cards"][kelmaa]["state"] == "incapacitated"
    assert {"type": "choose", "card": olaf} in state["pending"]["options"]
    state = act(state, {"type": "choose", "card": olaf})
    assert state["cards"][olaf]["state"] == "stopped"  # "they are no longer incapacitated"
    check_invariants(state)


def test_kelmaa_with_both_glyphs_may_pay_2_instead_of_being_incapacitated_by_her_own_cost():
    state, kelmaa, olaf = _kelmaa_with([TRIANGULUM, SCORPIUS])
    state["seats"][0]["power"] = 2
    state = act(state, {"type": "activate", "card": kelmaa, "ability": 1})
    assert state["pending"]["kind"] == "replace"
    state = act(state, {"type": "replace", "card": kelmaa, "source": kelmaa, "ability": 0})
    state = act(state, {"type": "choose", "card": olaf})  # the cost counts as paid (RULES.md)
    assert state["cards"][kelmaa]["state"] == "stopped" and state["cards"][olaf]["state"] == "stopped"
    assert state["seats"][0]["power"] == 0


# ---------------------------------------------------------------------- Lindsey Novak
LINDSEY = real("Lindsey Novak")
BIG_VILLAIN_SHIP = add(_card("fx-bigvship", "Big Villain Ship", "ship", allegiance="villain", cost=1, firepower=3))


def _ship_battle_lost(lindsey_state="ready"):
    """Jason's ship loses the ship battle; Paul (the victor) incapacitates it."""
    state = table(deck0=[LINDSEY, HERO_SHIP] + [GEAR] * 10, deck1=[BIG_VILLAIN_SHIP] + [GEAR] * 10, begin=False)
    lindsey = put_in_play(state, 0, LINDSEY)
    ship = put_in_play(state, 0, HERO_SHIP)
    villain_ship = put_in_play(state, 1, BIG_VILLAIN_SHIP)
    state = start(state, stop=JASON4)
    state["cards"][lindsey]["state"] = lindsey_state
    state = act(state, {"type": "assign", "card": ship})
    state = act(state, {"type": "assign", "card": villain_ship})
    state = pass_(state)
    state = pass_(state)
    assert state["pending"]["kind"] == "incapacitate_ship" and state["pending"]["seat"] == 1
    return act(state, {"type": "choose", "card": ship}), lindsey, ship


def test_lindsey_novak_stops_herself_to_stop_the_ship_instead_of_incapacitating_it():
    state, lindsey, ship = _ship_battle_lost()
    assert state["pending"]["kind"] == "replace" and state["pending"]["seat"] == 0
    assert "Hero Ship would be incapacitated" in state["pending"]["prompt"]
    state = act(state, {"type": "replace", "card": ship, "source": lindsey, "ability": 0})
    assert state["cards"][ship]["state"] == "stopped" and state["cards"][ship]["zone"] == "play"
    assert state["cards"][lindsey]["state"] == "stopped"
    check_invariants(state)


def test_lindsey_novak_declined_the_ship_is_incapacitated():
    state, lindsey, ship = _ship_battle_lost()
    state = act(state, {"type": "replace", "card": ship, "source": None})
    assert state["cards"][ship]["state"] == "incapacitated" and state["cards"][lindsey]["state"] == "ready"


def test_lindsey_novak_already_stopped_is_not_offered():
    state, lindsey, ship = _ship_battle_lost("stopped")
    assert state["pending"]["kind"] != "replace" and state["cards"][ship]["state"] == "incapacitated"


# ------------------------------------------------------------------------------ Siler
SILER = real("Siler")
SCIENCE_FIRST = MISSIONS[1:] + MISSIONS[:1]


def _siler_at_the_end_of_a_mission(siler_assigned=True, siler_state="ready"):
    """Carmichael (science 2) is assigned to a Science mission, and Siler too (or not);
    both players pass and the mission resolves: everything assigned would be stopped."""
    state = table(deck0=[SILER, CARMICHAEL] + [GEAR] * 10, missions0=SCIENCE_FIRST, begin=False)
    siler = put_in_play(state, 0, SILER)
    carmichael = put_in_play(state, 0, CARMICHAEL)
    state = start(state, stop=JASON4)
    state = act(state, {"type": "assign", "card": carmichael})
    state = pass_(state)
    if siler_assigned:
        state = act(state, {"type": "assign", "card": siler})
    else:
        state["cards"][siler]["state"] = siler_state
    while state["pending"]["kind"] == "act":
        state = pass_(state)
    return _until_any(state, {"replace", "earn_glyph", "continue", "revive_or_score"}), siler, carmichael


def _until_any(state, kinds):
    for _ in range(40):
        p = state["pending"]
        if p["kind"] in kinds:
            return state
        state = act(state, GAME.legal_actions(state, p["seat"])[0])
    raise AssertionError(f"none of {kinds}")


def test_siler_assigned_stops_himself_to_ready_another_assigned_support_character_at_the_end_of_the_mission():
    state, siler, carmichael = _siler_at_the_end_of_a_mission()
    p = state["pending"]
    assert p["kind"] == "replace" and "Carmichael would be stopped" in p["prompt"]
    state = act(state, {"type": "replace", "card": carmichael, "source": siler, "ability": 0})
    assert state["cards"][carmichael]["state"] == "ready" and state["cards"][carmichael]["zone"] == "play"
    assert state["cards"][siler]["state"] == "stopped" and state["cards"][siler]["zone"] == "play"
    check_invariants(state)


def test_siler_declined_everything_assigned_is_stopped():
    state, siler, carmichael = _siler_at_the_end_of_a_mission()
    state = act(state, {"type": "replace", "card": carmichael, "source": None})
    assert state["cards"][carmichael]["state"] == "stopped" and state["cards"][siler]["state"] == "stopped"
    assert state["pending"]["kind"] != "replace"


def test_siler_already_stopped_is_not_offered():
    state, siler, carmichael = _siler_at_the_end_of_a_mission(siler_assigned=False, siler_state="stopped")
    assert state["pending"]["kind"] != "replace" and state["cards"][carmichael]["state"] == "stopped"


def test_siler_in_his_row_readies_a_support_character_stopped_by_an_effect():
    state = table(deck0=[SILER, OLAF] + [GEAR] * 10, begin=False)
    siler, olaf = put_in_play(state, 0, SILER), put_in_play(state, 0, OLAF)
    state = start(state, stop=JASON4)
    from rules.stargate.effects import interpreter as I
    from rules.stargate.flow import advance
    I.push(state, [{"stop": {"all": {"type": "character", "subtype": "support"}}}], olaf, 1)  # "stop all support characters"
    state["pending"] = None
    advance(state)
    # both would be stopped at once: Siler is offered for Olaf (not for himself)
    assert state["pending"]["kind"] == "replace" and state["pending"]["options"][0]["card"] == olaf
    state = act(state, {"type": "replace", "card": olaf, "source": siler, "ability": 0})
    assert state["cards"][olaf]["state"] == "ready" and state["cards"][siler]["state"] == "stopped"


# ------------------------------------------------------------------------------ Xe'ls
XELS = real("Xe'ls")
CULTURE_FIRST = MISSIONS  # Mission 0 (Culture): Salish Spirits has a Culture rating, Xe'ls stays


def _xels(cards=(XELS,), xels_state="ready"):
    def arrange(state):
        put_in_play(state, 0, OLAF)
        for iid in find(state, XELS, 0, "play"):
            state["cards"][iid]["state"] = xels_state
    state, found = _villain_obstacle_fails_the_mission("Salish Spirits", deck0=list(cards), missions0=CULTURE_FIRST,
                                                       arrange=arrange)
    olaf = find(state, OLAF, 0, "play")[0]
    state = _until(state, "choose_card")
    return act(state, {"type": "choose", "card": olaf}), found, olaf


def test_xels_stops_himself_instead_of_a_support_character_being_destroyed():
    state, [xels], olaf = _xels()
    assert state["pending"]["kind"] == "replace" and "Olaf would be destroyed" in state["pending"]["prompt"]
    state = act(state, {"type": "replace", "card": olaf, "source": xels, "ability": 1})
    assert state["cards"][olaf]["zone"] == "play" and state["cards"][olaf]["state"] == "ready"  # nothing else
    assert state["cards"][xels]["state"] == "stopped"
    check_invariants(state)


def test_xels_declined_the_support_character_is_destroyed():
    state, [xels], olaf = _xels()
    state = act(state, {"type": "replace", "card": olaf, "source": None})
    assert state["cards"][olaf]["zone"] == "discard" and state["cards"][xels]["state"] == "ready"


def test_xels_already_stopped_is_not_offered():
    state, [xels], olaf = _xels(xels_state="stopped")
    assert state["pending"]["kind"] != "replace" and state["cards"][olaf]["zone"] == "discard"


def test_xels_and_healing_device_the_owner_chooses_which_replacement_applies():
    state, [xels, device], olaf = _xels((XELS, HEALING))
    opts = state["pending"]["options"]
    assert opts == [{"type": "replace", "card": olaf, "source": xels, "ability": 1},
                    {"type": "replace", "card": olaf, "source": device, "ability": 0},
                    {"type": "replace", "card": olaf, "source": None}]
    state = act(state, opts[1])  # one replacement per event: Healing Device, Xe'ls stays ready
    assert state["cards"][olaf]["state"] == "stopped" and state["cards"][xels]["state"] == "ready"
    assert state["cards"][device]["state"] == "stopped" and state["pending"]["kind"] != "replace"


def test_xels_is_destroyed_when_his_owner_plays_a_combat_mission():
    state = table(deck0=[XELS] + [GEAR] * 10, missions0=COMBAT_FIRST, begin=False)
    xels = put_in_play(state, 0, XELS)
    state = start(state, stop=JASON4)
    assert state["cards"][xels]["zone"] == "discard"


# ----------------------------------------------------------------------- Kull Warrior
KULL = real("Kull Warrior")


def _kull_at_revive_or_score(deck_left=None):
    """Paul assigns Kull Warrior; the mission resolves and Paul decides what happens to him."""
    state = table(deck1=[KULL] + [GEAR] * 20, missions0=COMBAT_FIRST, begin=False)
    kull = put_in_play(state, 1, KULL)
    state = start(state, stop=JASON4)
    state = pass_(state)
    state = act(state, {"type": "assign", "card": kull})
    if deck_left is not None:
        deck = state["seats"][1]["deck"]
        for iid in deck[deck_left:]:
            S.move(state, iid, "discard")
    return _until_any(state, {"revive_or_score"}), kull


def test_kull_warrior_pays_his_revive_cost_to_prevent_his_destruction():
    state, kull = _kull_at_revive_or_score()
    state = act(state, {"type": "adversary", "choice": "destroy"})  # "… destroy him"
    assert state["pending"]["kind"] == "replace" and state["pending"]["seat"] == 1
    assert "Kull Warrior would be destroyed" in state["pending"]["prompt"]
    top5 = state["seats"][1]["deck"][:5]
    state = act(state, {"type": "replace", "card": kull, "source": kull, "ability": 0})
    assert all(state["cards"][i]["zone"] == "discard" for i in top5)  # revive cost 5, paid
    assert state["cards"][kull]["zone"] == "play" and state["cards"][kull]["state"] == "stopped"
    check_invariants(state)


def test_kull_warrior_declined_is_destroyed():
    state, kull = _kull_at_revive_or_score()
    deck = len(state["seats"][1]["deck"])
    state = act(state, {"type": "adversary", "choice": "destroy"})
    state = act(state, {"type": "replace", "card": kull, "source": None})
    assert state["cards"][kull]["zone"] == "discard" and len(state["seats"][1]["deck"]) == deck


def test_kull_warrior_is_not_offered_with_fewer_cards_in_the_deck_than_his_revive_cost():
    state, kull = _kull_at_revive_or_score(deck_left=4)
    state = act(state, {"type": "adversary", "choice": "destroy"})
    assert state["pending"]["kind"] != "replace" and state["cards"][kull]["zone"] == "discard"
    assert len(state["seats"][1]["deck"]) == 4


# ----------------------------------------------------------------------------- Shak'l
SHAKL = real("Shak'l")
GOAULD_ADVERSARY = add(_card("fx-gadv", "Goa'uld Adversary", "adversary", allegiance="villain", cost=2,
                             skills={"combat": 1}, revive=2, traits=["Goa'uld"]))


def _revive_with_shakl(adversary=GOAULD_ADVERSARY, hand=True):
    state = table(deck1=[SHAKL, adversary] + [GEAR] * 20, missions0=COMBAT_FIRST, begin=False)
    shakl = put_in_play(state, 1, SHAKL)
    adv = put_in_play(state, 1, adversary) if adversary != SHAKL else shakl
    state = start(state, stop=JASON4)
    if not hand:
        for iid in list(state["seats"][1]["hand"]):
            S.move(state, iid, "discard")
    state = pass_(state)
    state = act(state, {"type": "assign", "card": adv})
    state = _until_any(state, {"revive_or_score"})
    return act(state, {"type": "adversary", "choice": "revive"}), shakl, adv


def test_shakl_discards_a_card_from_hand_instead_of_taking_one_from_the_deck_card_by_card():
    state, shakl, adv = _revive_with_shakl()
    p = state["pending"]
    assert p["kind"] == "replace" and p["seat"] == 1 and "To revive Goa'uld Adversary" in p["prompt"]
    deck = list(state["seats"][1]["deck"])
    card = state["seats"][1]["hand"][0]
    state = act(state, {"type": "replace", "card": adv, "source": shakl, "ability": 0})
    state = act(state, {"type": "choose", "card": card})  # the card to discard
    assert state["cards"][card]["zone"] == "discard" and state["seats"][1]["deck"] == deck
    assert state["cards"][adv]["zone"] == "mission"  # the second card of the revive cost is asked next
    state = act(state, {"type": "replace", "card": adv, "source": None})
    assert state["cards"][deck[0]]["zone"] == "discard" and state["seats"][1]["deck"] == deck[1:]
    assert state["cards"][adv]["zone"] == "play" and state["cards"][adv]["state"] == "stopped"
    check_invariants(state)


def test_shakl_declined_every_card_comes_from_the_deck():
    state, shakl, adv = _revive_with_shakl()
    deck = list(state["seats"][1]["deck"])
    state = act(state, {"type": "replace", "card": adv, "source": None})
    state = act(state, {"type": "replace", "card": adv, "source": None})
    assert state["seats"][1]["deck"] == deck[2:] and state["cards"][adv]["state"] == "stopped"


def test_shakl_is_not_offered_with_an_empty_hand_nor_for_a_non_goauld_adversary():
    for adversary, hand in ((GOAULD_ADVERSARY, False), (SHAKL, True)):
        state, shakl, adv = _revive_with_shakl(adversary, hand)
        assert state["pending"]["kind"] != "replace"
        assert state["cards"][adv]["zone"] == "play" and state["cards"][adv]["state"] == "stopped"


# ------------------------------------------------------------------------ random play
REPLACEMENT_CARDS = ["1/145", "2/40", "2/93", "3/40", "2/67", "2/74", "2/13", "1/22"]


def test_random_games_full_of_replacement_cards_play_to_the_end_with_the_invariants():
    """Random legal play with decks made of the eight cards (and starter cards): replacement
    decisions come up, the one-zone invariant, views and legality hold after every action."""
    from rules.stargate.cards import by_ref
    cards = [by_ref(r)["guid"] for r in REPLACEMENT_CARDS if by_ref(r)["type"] != "character"
             or by_ref(r)["subtype"] != "team"]
    assert play_salted_games(cards, 3, "replacements")["replace"] > 0


def test_the_eight_cards_read_as_the_engine_plays_them():
    from rules.stargate.cards import by_ref
    from rules.stargate.effects.render import render
    expected = {
        "1/145": ["Each time a support character would be destroyed, you may stop this gear and pay 2 power. "
                  "If you do, stop that character instead."],
        "2/40": ["Each time another character would be incapacitated, you may stop Carmichael and pay 2 power. "
                 "If you do, stop that character instead."],
        "2/93": ["Scorpius: Each time Kelmaa would be incapacitated, you may pay 2 power. If you do, stop Kelmaa instead.",
                 "Triangulum: Stop and incapacitate Kelmaa — Stop an incapacitated character."],
        "3/40": ["Each time one of your ships would be incapacitated, you may stop Lindsey Novak. "
                 "If you do, stop that ship instead."],
        "2/67": ["Each time another support character would be stopped, you may stop Siler. "
                 "If you do, ready that character instead."],
        "2/74": ["Each time you play a mission, if the current mission is a Combat mission, destroy Xe'ls.",
                 "Each time another gear or support character would be destroyed, you may stop Xe'ls instead."],
        "2/13": ["Each time Kull Warrior would be destroyed, you may pay Kull Warrior's revive cost instead."],
        "1/22": ["Each time you would take a card from the top of your deck to revive one of your Goa'uld adversaries, "
                 "you may discard a card instead."],
    }
    for ref, text in expected.items():
        card = by_ref(ref)
        assert render(card["mechanics"], card) == text, ref
