"""Energize (set 2, issue 17), the cards about costs, hands, beaming and combat: each construct
played through the reducer with the real Energize card (its authored mechanics from the card
database) — ``personnel_killed`` data ``by`` read by CONDITION ``trigger_by`` (Kahless), …"""
from rules.startrek2e import state as S
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card

from .helpers import act, check_invariants, find, mission, options, put, real, started, turn_to

DB = card_db()


def _drive(st, seat: int, pick, limit: int = 40):
    """Answer ``seat``'s decisions with ``pick(st)`` (None = stop), pass the others' windows."""
    for _ in range(limit):
        p = st["pending"]
        if p is None:
            break
        choice = pick(st) if p["seat"] == seat else None
        if choice is not None:
            st = act(st, choice)
        elif p["kind"] == "respond":
            st = act(st, {"type": "pass"})
        else:
            break
    return st


# ---------------------------------------------------------------- personnel_killed by: trigger_by (Kahless)
def _kahless(seed: str):
    """Seat 1 begins Born for Conquest's combat at seat 0's T-P1 with Kargan (Officer,
    Strength 7) against Harana (Strength 5) and wins: a random opponent's personnel involved is
    killed by seat 1's text. Kahless sits at seat 1's headquarters with a [Kli] ship; a [Kli]
    personnel of cost 1 is in seat 1's hand."""
    st = started(seed)
    m = mission(st, 0, "T-P1")
    victim = real(st, 0, "T-F6", "2C149", "pile", m)
    real(st, 1, "T-K2", "2R139", "pile", m)
    conquest = real(st, 1, "T-EV1", "2U032", "core", 1)
    home = mission(st, 1, "T-HQK")
    kahless = real(st, 1, "T-K1", "2R138", "pile", home)
    ship = put(st, 1, "T-SK", "ships", home)
    warrior = find(st, 1, "T-K3")
    S.move(st, warrior, "hand", 1)
    st = turn_to(st, 1, "orders")
    st = act(st, {"type": "order", "card": conquest, "ability": 1})
    return st, victim, kahless, ship, warrior


def test_kahless_places_a_klingon_from_hand_aboard_your_klingon_ship_when_you_kill_in_combat():
    st, victim, kahless, ship, warrior = _kahless("kahless")
    offered = []

    def pick(st):
        p = st["pending"]
        if p["kind"] == "respond":
            use = {"type": "respond", "card": kahless, "ability": 0}
            offered.append(use in options(st))
            return use if use in options(st) else {"type": "pass"}
        if p["kind"] == "choose":
            return next((o for o in options(st) if o.get("card") in (ship, warrior)), options(st)[0])
        return None
    st = _drive(st, 1, pick)
    assert st["cards"][victim]["zone"] == "discard"
    assert any(offered)
    assert st["cards"][warrior]["zone"] == "aboard" and st["cards"][warrior]["in"] == ship
    assert S.commander(st, warrior) == 1
    assert render_card(DB["2R138"])[0].startswith("When you kill a personnel owned by an opponent")
    check_invariants(st)



# ---------------------------------------------------------------- a choice among remembered cards in a pile
def _kosst_amojan(seed: str, other_hq: bool = False):
    """Seat 0's headquarters made {Bajor} (Gift of the Prophets), Winn Adami (a Kai) there, the
    event in hand; three cards in his discard pile, one of them a Prophet card."""
    st = started(seed)
    hq = mission(st, 0, "T-HQF")
    st["extra_cards"]["1U152"] = DB["1U152"]
    st["cards"][hq]["guid"] = "1U152"
    if other_hq:
        st["cards"][mission(st, 0, "T-P2")]["guid"] = "T-HQF"
    winn = real(st, 0, "T-F1", "1U228", "pile", hq)
    ev = real(st, 0, "T-EV1", "2R067")
    S.move(st, ev, "hand", 0)
    pile = [real(st, 0, g, c) for g, c in (("T-F2", "1U228"), ("T-F3", "2C149"), ("T-I1", "2C092"))]
    for c in pile:
        S.move(st, c, "discard", 0)
    return turn_to(st, 0, "play"), ev, winn, pile


def test_the_text_of_the_kosst_amojan_needs_bajor_and_no_other_headquarters():
    st, ev, winn, pile = _kosst_amojan("kosst-two-hq", other_hq=True)
    assert not any(o.get("card") == ev for o in options(st, "play"))
    st, ev, winn, pile = _kosst_amojan("kosst")
    assert any(o.get("card") == ev for o in options(st, "play"))


def test_the_text_of_the_kosst_amojan_the_opponent_splits_two_chosen_cards_between_hand_and_removal():
    st, ev, winn, pile = _kosst_amojan("kosst-order")
    st = act(st, {"type": "play", "card": ev})
    st = _drive(st, 0, lambda st: None)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": ev, "ability": 2})
    while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0:
        offered = {o["card"] for o in options(st)}
        if winn in offered:  # the cost: stop the Kai
            st = act(st, {"type": "choose", "card": winn})
            continue
        assert pile[2] not in offered  # the Prophet card is not offered
        st = act(st, {"type": "choose", "card": sorted(offered - {winn})[0]})
    assert st["cards"][winn]["stopped"]
    assert st["pending"]["seat"] == 1 and {o["card"] for o in options(st)} == {pile[0], pile[1]}
    st = act(st, {"type": "choose", "card": pile[1]})  # the opponent gives Harana back
    assert st["cards"][pile[1]]["zone"] == "hand" and st["cards"][pile[0]]["zone"] == "out"
    assert st["cards"][pile[2]]["zone"] == "discard"
    assert "return one of those cards (your opponent chooses)" in render_card(DB["2R067"])[2]
    check_invariants(st)


# ---------------------------------------------------------------- examine PICK exchange (Khazara)
def _khazara(seed: str, cloaked: bool = True):
    """Seat 0's Khazara at his headquarters, on his Engage Cloak (or not)."""
    st = started(seed)
    hq = mission(st, 0, "T-HQF")
    ship = real(st, 0, "T-SF", "2R178", "ships", hq)
    if cloaked:
        cloak = real(st, 0, "T-EV1", "1R087", "core", 0)
        st["cards"][cloak].setdefault("ships", [])
        S.move(st, ship, "ships", cloak)
    return turn_to(st, 0, "orders"), ship


def test_khazara_on_engage_cloak_exchanges_a_card_of_the_opponents_hand_with_his_deck_top():
    st, ship = _khazara("khazara-open", cloaked=False)
    assert not any(o.get("card") == ship for o in options(st, "order"))
    st, ship = _khazara("khazara")
    hand, top = list(st["seats"][1]["hand"]), st["seats"][1]["deck"][0]
    st = act(st, {"type": "order", "card": ship, "ability": 0})
    assert st["pending"]["seat"] == 0 and {o["card"] for o in options(st)} == set(hand)
    assert sorted(st["pending"]["reveal"]) == sorted(hand)  # the examiner sees the hand he chooses from
    pick = hand[-1]
    st = act(st, {"type": "choose", "card": pick})
    assert st["seats"][1]["deck"][0] == pick and top in st["seats"][1]["hand"] and pick not in st["seats"][1]["hand"]
    from rules.startrek2e.game import GAME
    seen = GAME.view(st, 0)
    assert top not in str({k: v for k, v in seen.items() if k != "log"}) and top not in str(seen["log"])
    assert "exchanges it with the top card of his or her deck" in render_card(DB["2R178"])[0]
    check_invariants(st)


# ---------------------------------------------------------------- examine random from hand, revealed (Shared Delicacy)
def _delicacy(seed: str, captive: bool = True):
    st = started(seed)
    hq = mission(st, 0, "T-HQF")
    for g, cid in (("T-F1", "1U232"), ("T-F2", "1U244"), ("T-F3", "1R245")):
        real(st, 0, g, cid, "pile", hq)
    if captive:
        S.move(st, next(i for i in st["seats"][1]["deck"] if S.ctype(st, i) == "personnel"), "brig", 0)
    ev = real(st, 0, "T-I2", "2U086")
    S.move(st, ev, "hand", 0)
    return turn_to(st, 0, "orders"), ev


def test_shared_delicacy_reveals_a_random_card_of_the_captives_owners_hand_who_discards_it_or_three():
    st, ev = _delicacy("delicacy-free", captive=False)
    assert not any(o.get("card") == ev for o in options(st, "play"))
    for keep in (True, False):
        st, ev = _delicacy(f"delicacy-{keep}")
        hand, deck = list(st["seats"][1]["hand"]), list(st["seats"][1]["deck"])
        st = act(st, {"type": "play", "card": ev})
        st = _drive(st, 0, lambda st: None)
        shown = [e for e in st["log"] if e["event"] == "revealed_cards"][-1]
        assert len(shown["cards"]) == 1 and shown["cards"][0] in hand and "private" not in shown  # to all
        card = shown["cards"][0]
        assert st["pending"]["seat"] == 1 and st["pending"]["kind"] == "yes_no"  # its owner chooses
        st = act(st, {"type": "yes_no", "yes": not keep})
        st = _drive(st, 1, lambda st: options(st)[0] if st["pending"]["kind"] == "choose" else None)
        if keep:  # the top three of his deck instead
            assert st["cards"][card]["zone"] == "hand" and all(st["cards"][c]["zone"] == "discard" for c in deck[:3])
        else:
            assert st["cards"][card]["zone"] == "discard" and st["seats"][1]["deck"] == deck
        check_invariants(st)
    assert render_card(DB["2U086"])[1].startswith("Order - Reveal a random card from an opponent's hand")


# ---------------------------------------------------------------- keyword beam_cost (Tama), trigger opponent_beamed (Kitara)
def _beaming(seed: str, ship_cid: str, hand: int):
    """Seat 0's Galaxy with two crew at his planet T-P1, seat 1's staffed ``ship_cid`` there
    too; seat 0 holds ``hand`` cards."""
    from rules.startrek2e import stats as ST
    st = started(seed)
    m = mission(st, 0, "T-P1")
    galaxy = put(st, 0, "T-SF", "ships", m)
    crew = [put(st, 0, g, "aboard", galaxy) for g in ("T-F1", "T-F5")]
    theirs = real(st, 1, "T-SK", ship_cid, "ships", m)
    for g in ("T-K1", "T-K2", "T-K3", "T-N1"):  # Guinan: one of a non-aligned ship's affiliation
        put(st, 1, g, "aboard", theirs)
    if ship_cid == "2R169":  # Kitara: a Bajoran aboard
        real(st, 1, "T-K4", "1C214", "aboard", theirs)
    assert ST.staffed(st, theirs)
    while len(st["seats"][0]["hand"]) > hand:
        S.move(st, st["seats"][0]["hand"][0], "deck", 0)
    return turn_to(st, 0, "orders"), m, galaxy, crew, theirs


def test_tama_makes_an_opponent_discard_a_card_to_beam_to_or_from_this_planet():
    st, m, galaxy, crew, tama = _beaming("tama-empty", "2U177", 0)
    assert not any(o.get("type") == "beam" for o in options(st))  # the price cannot be paid
    st, m, galaxy, crew, tama = _beaming("tama", "2U177", 2)
    assert {"type": "beam", "card": crew[0]} in options(st)
    st = act(st, {"type": "beam", "card": crew[0]})
    st = act(st, {"type": "beam", "card": crew[0], "to": m})
    assert st["pending"]["seat"] == 0 and st["pending"]["kind"] == "choose"  # which card to discard
    st = act(st, options(st)[0])
    assert st["cards"][crew[0]]["zone"] == "pile" and len(st["seats"][0]["hand"]) == 1
    assert len(st["seats"][0]["discard"]) == 1
    st = act(st, {"type": "beam", "card": crew[0]})  # and back up: another card
    st = act(st, {"type": "beam", "card": crew[0], "to": galaxy})
    st = act(st, options(st)[0])
    assert st["cards"][crew[0]]["in"] == galaxy and st["seats"][0]["hand"] == []
    assert not any(o.get("type") == "beam" for o in options(st))
    assert "an opponent must discard one card from hand to beam" in render_card(DB["2U177"])[0]
    check_invariants(st)


def test_kitara_takes_a_card_from_the_discard_pile_when_an_opponent_beams_at_this_planet():
    st, m, galaxy, crew, kitara = _beaming("kitara", "2R169", 3)
    back = st["seats"][1]["deck"][0]
    S.move(st, back, "discard", 1)
    st = act(st, {"type": "beam", "card": crew[0]})
    st = act(st, {"type": "beam", "card": crew[0], "to": m})
    assert st["pending"]["seat"] == 1 and {"type": "respond", "card": kitara, "ability": 0} in options(st)
    st = act(st, {"type": "respond", "card": kitara, "ability": 0})
    st = act(st, {"type": "choose", "card": back})
    assert st["cards"][back]["zone"] == "hand"
    assert render_card(DB["2R169"])[0].startswith("When an opponent beams a card to or from this mission")
    check_invariants(st)


# ---------------------------------------------------------------- verb place_damage, FILTER damage_card (Samuels)
def _samuels(seed: str, damaged: bool = False):
    """William Patrick Samuels on seat 0's planet T-P1, seat 1's Bird of Prey there; Pierce Their
    Defenses (a card with a Damage text) and a card without one in seat 0's hand."""
    st = started(seed)
    m = mission(st, 0, "T-P1")
    sam = real(st, 0, "T-F5", "2U132", "pile", m)
    bird = put(st, 1, "T-SK", "ships", m)
    if damaged:
        S.move(st, st["seats"][1]["dilemmas"][0], "damage", bird)
    dmg = real(st, 0, "T-EV2", "1U104")
    S.move(st, dmg, "hand", 0)
    plain = find(st, 0, "T-EV4")
    S.move(st, plain, "hand", 0)
    return turn_to(st, 0, "orders"), sam, bird, dmg, plain


def test_william_patrick_samuels_stops_to_place_a_damage_card_from_hand_on_an_undamaged_opponents_ship():
    st, sam, bird, dmg, plain = _samuels("samuels-damaged", damaged=True)
    assert not any(o.get("card") == sam for o in options(st, "order"))  # that ship is damaged already
    st, sam, bird, dmg, plain = _samuels("samuels")
    st = act(st, {"type": "order", "card": sam, "ability": 0})
    while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0:
        offered = {o["card"] for o in options(st)}
        assert plain not in offered  # no Damage text
        st = act(st, {"type": "choose", "card": bird if bird in offered else dmg})
    assert st["cards"][sam]["stopped"]
    assert st["cards"][bird]["damage"] == [dmg] and st["cards"][dmg]["zone"] == "damage"
    assert "place a card in your hand with a Damage text on an opponent's ship" in render_card(DB["2U132"])[0]
    check_invariants(st)


# ---------------------------------------------------------------- verb add_combat_strength (Vision of Violence)
def _vision(seed: str):
    """Seat 1 begins Born for Conquest's combat at seat 0's T-P1: Kargan (7) and Worf (9) against
    Jabara (4) and Brilgar (6), both [Baj]; Odo (Strength 8, [Baj]) in seat 0's discard pile,
    Vision of Violence in his hand."""
    st = started(seed)
    m = mission(st, 0, "T-P1")
    for g, cid in (("T-F6", "1C214"), ("T-F8", "1C210")):
        real(st, 0, g, cid, "pile", m)
    odo = real(st, 0, "T-F4", "1R220")
    S.move(st, odo, "discard", 0)
    vision = real(st, 0, "T-I1", "2C092")
    S.move(st, vision, "hand", 0)
    real(st, 1, "T-K2", "2R139", "pile", m)
    put(st, 1, "T-K1", "pile", m)
    conquest = real(st, 1, "T-EV1", "2U032", "core", 1)
    st = turn_to(st, 1, "orders")
    return act(st, {"type": "order", "card": conquest, "ability": 1}), vision, odo


def test_vision_of_violence_adds_a_discarded_bajorans_strength_to_your_total_in_combat():
    for use, lost in ((False, True), (True, False)):
        st, vision, odo = _vision(f"vision-{use}")
        played = []

        def pick(st):
            mine = [o for o in options(st) if o.get("card") == vision]
            if st["pending"]["kind"] == "respond" and mine and use:
                played.append(mine[0])
                return mine[0]
            if st["pending"]["kind"] == "choose":
                return {"type": "choose", "card": odo} if {"type": "choose", "card": odo} in options(st) else options(st)[0]
            return {"type": "pass"} if st["pending"]["kind"] == "respond" else None
        st = _drive(st, 0, pick)
        st = _drive(st, 1, lambda st: options(st)[0] if st["pending"]["kind"] == "choose" else None)
        assert bool(played) == use
        combat = [e for e in st["log"] if e["event"] == "combat"][-1]
        assert combat["against"] == 10 + (8 if use else 0)
        assert (st["seats"][1]["score"] == 10) is lost  # Born for Conquest's "if you win"
        check_invariants(st)
    assert "add the Strength of a [Baj] personnel in your discard pile" in render_card(DB["2C092"])[0]


# ---------------------------------------------------------------- gain_skills one + each (Bank Heist)
def test_bank_heist_the_thief_gains_one_skill_from_each_personnel_revealed_from_the_opponents_deck():
    from rules.startrek2e import stats as ST

    from . import fixtures as FX
    from .helpers import attempt
    for use in (False, True):
        st = started(f"heist-{use}")
        m = mission(st, 0, "T-P1")
        for g in ("T-F1", "T-F7"):
            put(st, 0, g, "pile", m)
        thief = real(st, 0, "T-F5", "2C160", "pile", m)  # Vekor: a Thief (Medical, Navigation, Science)
        st["extra_cards"]["X-BIO"] = FX.dilemma("X-BIO", "Biology Test", "dual", 0, [
            {"unless": {"skills": {"Biology": 1, "Law": 1}}, "then": [{"stop": {"all": {}}}]}])
        st["cards"][next(i for i in st["seats"][1]["dilemmas"] if st["cards"][i]["guid"] == "T-D8")]["guid"] = "X-BIO"
        top = [find(st, 1, g) for g in ("T-K4", "T-EV1", "T-K6")]  # Medical Biology; an event; Law Diplomacy
        for c in reversed(top):
            S.move(st, c, "deck", 1, top=True)
        st["extra_cards"]["T-K6"] = {**st["extra_cards"]["T-K6"], "skills": {"Law": 1, "Diplomacy": 1}}
        heist = real(st, 0, "T-I1", "2U074")
        S.move(st, heist, "hand", 0)
        st = turn_to(st, 0, "orders")
        st = attempt(st, m, dilemmas=["X-BIO"], respond_with=heist if use else None)
        if use:
            while st["pending"]["kind"] == "respond" or (st["pending"]["kind"] == "choose" and "card" in options(st)[0]):
                st = act(st, options(st)[0])  # the window closes, the heist resolves; the Thief is chosen
            assert st["pending"]["seat"] == 0 and [o["skill"] for o in options(st)] == ["Biology", "Medical"]
            st = act(st, {"type": "choose", "skill": "Biology"})
            assert [o["skill"] for o in options(st)] == ["Diplomacy", "Law"]  # the event gives nothing
            st = act(st, {"type": "choose", "skill": "Law"})
            gained = [e["source"] for e in st["log"] if e["event"] == "gained_skills" and e["card"] == thief]
            assert gained == [top[0], top[2]]  # Biology from the first, Law from the third
            assert st["seats"][1]["deck"][:3] == top  # replaced in the same order
            shown = [e for e in st["log"] if e["event"] == "revealed_cards"][-1]
            assert shown["cards"] == top and "private" not in shown
        st = _drive(st, 0, lambda st: None)
        log = [e["event"] for e in st["log"]]
        end = log.index("overcome")
        assert ("stopped" in log[:end]) is not use  # Biology and Law met the dilemma only with the heist
        assert ST.value(st, thief, "Law") == 0  # until the end of that dilemma
        check_invariants(st)
    assert "one skill of your choice from each of those cards that is a personnel" in render_card(DB["2U074"])[0]


# ---------------------------------------------------------------- may each start left, put_into_play as_played, CONDITION card_owner
def test_common_ground_each_player_from_the_left_places_a_personnel_from_hand_at_a_headquarters():
    st = started("common-ground")
    hq = mission(st, 0, "T-HQF")
    for g, cid in (("T-F1", "1C258"), ("T-F2", "1C260"), ("T-F3", "1C273")):  # three [TNG] personnel
        real(st, 0, g, cid, "pile", hq)
    ev = real(st, 0, "T-EV4", "2R035")
    tng = real(st, 0, "T-F6", "1C274")
    plain = find(st, 0, "T-F8")  # O'Brien: no [TNG] icon
    for c in (ev, tng, plain):
        S.move(st, c, "hand", 0)
    theirs = find(st, 1, "T-K3")
    S.move(st, theirs, "hand", 1)
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": ev})
    st = _drive(st, 0, lambda st: None)
    asked = []
    for _ in range(12):
        p = st["pending"]
        if p["kind"] == "yes_no":
            asked.append(p["seat"])
            st = act(st, {"type": "yes_no", "yes": True})
        elif p["kind"] == "choose":
            offered = {o.get("card") for o in options(st)}
            if p["seat"] == 0 and tng in offered:
                assert plain not in offered  # "Yours must be a [TNG] personnel"
                st = act(st, {"type": "choose", "card": tng})
            elif p["seat"] == 1 and theirs in offered:
                assert offered <= set(st["seats"][1]["hand"])  # only his own hand, only to him
                st = act(st, {"type": "choose", "card": theirs})
            else:
                st = act(st, options(st)[0])  # the headquarters
        elif p["kind"] == "respond":
            st = act(st, {"type": "pass"})
        else:
            break
    assert asked == [1, 0]  # starting with the player to the left
    assert tuple(S.location(st, tng)) == ("pile", hq) and S.commander(st, tng) == 0
    assert tuple(S.location(st, theirs)) == ("pile", mission(st, 1, "T-HQK")) and S.commander(st, theirs) == 1
    assert st["cards"][plain]["zone"] == "hand" and st["cards"][ev]["zone"] == "discard"
    assert "Starting with the player to your left, each player may" in render_card(DB["2R035"])[1]
    check_invariants(st)


# ---------------------------------------------------------------- ability cost_change, CONDITION this_turn played
def _costs_scene(seed: str, seat: int = 0):
    """``seat``'s play step, with his headquarters; cost-1 personnel ready in hand."""
    st = started(seed)
    return st, mission(st, seat, "T-HQF" if seat == 0 else "T-HQK")


def _allow(st, aff: str) -> None:
    """Seat 0's headquarters lets him play ``aff`` personnel too."""
    hq = st["extra_cards"]["T-HQF"]
    st["extra_cards"]["T-HQF"] = {**hq, "mechanics": [{"kind": "headquarters", "affiliations": ["federation", "non-aligned", aff]}]}


def _play_offers(st, card):
    return [o for o in options(st, "play") if o["card"] == card]


def test_crowd_control_makes_a_second_cost_1_personnel_in_a_turn_cost_3_for_any_player():
    st, hq = _costs_scene("crowd")
    real(st, 1, "T-EV1", "2C039", "core", 1)  # the opponent's event: it counts every player's plays
    first, second = find(st, 0, "T-F6"), find(st, 0, "T-F8")  # Ensign and O'Brien: cost 1
    for c in (first, second):
        S.move(st, c, "hand", 0)
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": first, "at": hq})
    assert st["seats"][0]["counters"] == 7 - 1
    st = act(st, {"type": "play", "card": second, "at": hq})
    assert st["seats"][0]["counters"] == 7 - 1 - 3  # exactly one other cost-1 personnel this turn: +2
    played = [e for e in st["log"] if e["event"] == "played"]
    assert [e["cost"] for e in played[-2:]] == [1, 3]
    check_invariants(st)


def test_crowd_control_does_not_count_the_personnel_of_an_earlier_turn_nor_a_third():
    st, hq = _costs_scene("crowd-turns")
    real(st, 0, "T-EV1", "2C039", "core", 0)
    cheap = [find(st, 0, g) for g in ("T-F6", "T-F8")]
    for c in cheap:
        S.move(st, c, "hand", 0)
    from rules.startrek2e.effects import tallies as TL
    TL.note_played(st, 0, find(st, 0, "T-F6"))  # last turn's play …
    TL.new_turn(st)  # … forgotten as the next turn begins (turn.turn_start)
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": cheap[0], "at": hq})
    assert st["seats"][0]["counters"] == 6  # the play before this turn does not count
    check_invariants(st)


def test_shadow_operation_romulan_costing_3_costs_1_when_first_and_your_ship_is_at_an_opponents_mission():
    from . import fixtures as FX
    for first, at_theirs in ((True, True), (False, True), (True, False)):
        st = started(f"shadow-{first}-{at_theirs}")
        st["extra_cards"]["X-ROM"] = FX.personnel("X-ROM", "Romulan Agent", "romulan", {"Intelligence": 1}, cost=3)
        hq = mission(st, 0, "T-HQF")
        _allow(st, "romulan")
        real(st, 0, "T-EV1", "2R061", "core", 0)
        agent = find(st, 0, "T-F1")  # a cost-3 personnel turned Romulan
        st["cards"][agent]["guid"] = "X-ROM"
        S.move(st, agent, "hand", 0)
        where = mission(st, 1, "T-P1") if at_theirs else mission(st, 0, "T-P1")
        ship = put(st, 0, "T-SF2", "ships", where)
        put(st, 0, "T-F5", "aboard", ship)  # staffs the Runabout ([Stf])
        st = turn_to(st, 0, "play")
        if not first:
            st = act(st, {"type": "play", "card": next(o["card"] for o in options(st, "play")
                                                     if S.ctype(st, o["card"]) == "personnel" and o["card"] != agent), "at": hq})
        left = st["seats"][0]["counters"]
        st = act(st, {"type": "play", "card": agent, "at": hq})
        assert left - st["seats"][0]["counters"] == (1 if first and at_theirs else 3)
        check_invariants(st)


def test_keiko_obrien_discards_a_card_to_make_a_bajoran_played_at_her_mission_cost_one_less():
    st, hq = _costs_scene("keiko")
    _allow(st, "bajoran")
    keiko = real(st, 0, "T-F7", "2R125", "pile", hq)
    kira = real(st, 0, "T-F1", "1R216")  # Kira Nerys: [Baj], cost 3
    S.move(st, kira, "hand", 0)
    st = turn_to(st, 0, "play")
    st["seats"][0]["counters"] = 2  # only the discount lets her be played
    st["pending"] = None
    from rules.startrek2e import flow
    st = flow.advance(st)
    offers = _play_offers(st, kira)
    assert offers == [{"type": "play", "card": kira, "at": hq, "using": [keiko]}]
    hand = len(st["seats"][0]["hand"])
    st = act(st, offers[0])
    assert st["pending"]["seat"] == 0 and st["pending"]["kind"] == "choose"  # which card to discard
    assert kira not in {o["card"] for o in options(st)}  # never the personnel being played
    st = act(st, options(st)[0])
    assert st["cards"][kira]["zone"] == "pile" and st["seats"][0]["counters"] == 0
    assert len(st["seats"][0]["hand"]) == hand - 2
    from rules.startrek2e.game import GAME
    assert "options" not in GAME.view(st, 1)["pending"] or GAME.view(st, 1)["pending"]["seat"] == 1
    check_invariants(st)
    assert render_card(DB["2R125"])[0].startswith("When you are about to play a [Baj] personnel at this mission")


def test_temba_passes_to_the_player_on_your_right_to_make_a_personnel_cost_three_less():
    st, hq = _costs_scene("temba")
    temba = real(st, 0, "T-EV1", "2U066", "core", 0)
    picard = find(st, 0, "T-F1")  # cost 3
    S.move(st, picard, "hand", 0)
    st = turn_to(st, 0, "play")
    offers = _play_offers(st, picard)
    assert {"type": "play", "card": picard, "at": hq} in offers
    st = act(st, {"type": "play", "card": picard, "at": hq, "using": [temba]})
    assert st["seats"][0]["counters"] == 7  # cost 3 - 3
    assert st["cards"][temba]["zone"] == "core" and st["cards"][temba]["in"] == 1 and S.commander(st, temba) == 1
    assert st["cards"][picard]["zone"] == "pile"
    check_invariants(st)
    st = turn_to(st, 1, "play")  # now the opponent may use it for his own personnel
    assert any(o.get("using") == [temba] and S.ctype(st, o["card"]) == "personnel" for o in options(st, "play"))
    assert "give command of this event to the player on your right" in render_card(DB["2U066"])[2]


def _long_play_phase(st: dict, seat: int, entries: int) -> dict:
    """``seat`` draws ``entries`` times in his play phase (a card of his hand goes back on top of
    his deck before each draw, unlogged; a counter more for each): the turn's log grows past the
    200 entries the state keeps."""
    st["seats"][seat]["counters"] += entries
    for _ in range(entries):
        S.move(st, st["seats"][seat]["hand"][-1], "deck", seat)
        st["seats"][seat]["deck"].insert(0, st["seats"][seat]["deck"].pop())
        st = act(st, {"type": "draw"})
    return st


def test_crowd_control_counts_a_play_made_more_than_200_log_entries_earlier_in_the_turn():
    """The log keeps only its last 200 entries: read from it, a cost-1 personnel played before a
    long play phase was forgotten (the second one cost 1, not 3). The turn's tallies keep it."""
    st, hq = _costs_scene("crowd-long-turn")
    real(st, 1, "T-EV1", "2C039", "core", 1)
    first, second = find(st, 0, "T-F6"), find(st, 0, "T-F8")
    for c in (first, second):
        S.move(st, c, "hand", 0)
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": first, "at": hq})
    st = _long_play_phase(st, 0, 210)
    assert not any(e["event"] == "played" and e["card"] == first for e in st["log"])  # gone from the log
    assert not any(e["event"] == "turn" for e in st["log"])  # and so is where the turn began
    st["seats"][0]["counters"] = 7
    st = act(st, {"type": "play", "card": second, "at": hq})
    assert st["seats"][0]["counters"] == 7 - 3
    check_invariants(st)
