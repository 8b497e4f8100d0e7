"""Call to Arms (set 3, issue 17) personnel and ships: each construct the set added, played
through the reducer with a real Call to Arms card (its authored mechanics from the card
database), and a few of the set's cards whose texts the language already said, played once
so that a wrong reading of the language fails here and not only in a random game.

Constructs: a ``play_cost`` whose ``amount`` is an AMOUNT ("When you play this personnel, for
each Assault event you command, he is cost -1": Jorem, Nerot, Mullen; "for each personnel you
command but do not own": Acclimation Drone) and a negative ``times`` in a static's AMOUNT
("Integrity -1 … for each non-Bajoran present (limit -3)": Tahna Los)."""
from rules.startrek2e import state as S
from rules.startrek2e import stats as ST
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card
from rules.startrek2e.play import play_cost

from .helpers import act, attempt, check_invariants, mission, options, put, real, respond, started, turn_to

DB = card_db()


def _hq(st, seat: int = 0) -> str:
    return mission(st, seat, "T-HQF" if seat == 0 else "T-HQK")


def _real_hq(st, cid: str) -> str:
    """Seat 0's fixture headquarters turned into the real headquarters ``cid``."""
    hq = _hq(st)
    st["extra_cards"][cid] = DB[cid]
    st["cards"][hq]["guid"] = cid
    return hq


# ---------------------------------------------------------------- play_cost with an AMOUNT
def test_jorem_costs_one_less_for_each_assault_event_you_command_and_not_an_opponents():
    st = started("ca-jorem")
    hq = _hq(st)
    jorem = real(st, 0, "T-F6", "3C111", "hand", 0)
    printed = DB["3C111"]["cost"]
    assert play_cost(st, 0, jorem, hq) == printed
    real(st, 1, "T-K1", "2U032", "core", 1)  # an opponent's Assault event does not count
    assert play_cost(st, 0, jorem, hq) == printed
    real(st, 0, "T-F7", "2U032", "core", 0)  # Born for Conquest [Assault]
    assert play_cost(st, 0, jorem, hq) == printed - 1
    real(st, 0, "T-F8", "2C056", "core", 0)  # Power to the Weapons is a Maneuver: no change
    assert play_cost(st, 0, jorem, hq) == printed - 1
    real(st, 0, "T-F5", "1R073", "core", 0)  # A Chance for Glory [Assault, Maneuver]
    assert play_cost(st, 0, jorem, hq) == max(0, printed - 2)
    assert render_card(DB["3C111"]) == [
        "When you play this personnel, this personnel is Cost -1 for each of your Assault event."]
    check_invariants(st, views=False)


def test_jorem_is_played_for_the_reduced_cost():
    st = started("ca-jorem-play")
    hq = _real_hq(st, "1S188")  # Deep Space 9: [DS9] cards (Jorem is a [Baj][DS9] personnel)
    jorem = real(st, 0, "T-F6", "3C111", "hand", 0)
    real(st, 0, "T-F7", "2U032", "core", 0)
    st = turn_to(st, 0, "play")
    before = st["seats"][0]["counters"]
    play = next(o for o in options(st) if o.get("type") == "play" and o.get("card") == jorem and o.get("at") == hq)
    st = respond(act(st, play))
    assert st["cards"][jorem]["zone"] == "pile"
    assert st["seats"][0]["counters"] == before - (DB["3C111"]["cost"] - 1)
    check_invariants(st)


def test_acclimation_drone_costs_one_less_for_each_personnel_you_command_but_do_not_own():
    st = started("ca-acclimation")
    hq = _hq(st)
    drone = real(st, 0, "T-F6", "3C118", "hand", 0)
    printed = DB["3C118"]["cost"]
    assert play_cost(st, 0, drone, hq) == printed
    taken = put(st, 1, "T-K1", "pile", hq)  # seat 1's personnel under seat 0's command
    st["cards"][taken]["commander"] = 0
    assert play_cost(st, 0, drone, hq) == printed - 1
    check_invariants(st, views=False)


# ---------------------------------------------------------------- negative AMOUNT in a static
def test_tahna_los_loses_integrity_and_gains_strength_for_each_non_bajoran_present():
    st = started("ca-tahna")
    hq = _hq(st)
    tahna = real(st, 0, "T-F6", "3U115", "pile", hq)
    base_i, base_s = ST.value(st, tahna, "integrity"), ST.value(st, tahna, "strength")
    assert (base_i, base_s) == (DB["3U115"]["integrity"], DB["3U115"]["strength"])
    for n, g in enumerate(("T-F1", "T-F2", "T-F3", "T-F4"), start=1):  # Federation fixtures (not Bajoran)
        put(st, 0, g, "pile", hq)
        k = min(n, 3)
        assert ST.value(st, tahna, "integrity") == base_i - k and ST.value(st, tahna, "strength") == base_s + k
    assert render_card(DB["3U115"])[0] == ("This personnel is Integrity -1 for each personnel present "
                                           "(except a Bajoran personnel) (limit -3).")
    check_invariants(st, views=False)


# ---------------------------------------------------------------- cards the language already said
def test_computation_and_opposition_drones_raise_the_other_borg_present():
    st = started("ca-drones")
    hq = _hq(st)
    comp = real(st, 0, "T-F6", "3C126", "pile", hq)
    opp = real(st, 0, "T-F7", "3C134", "pile", hq)
    assert ST.value(st, comp, "strength") == DB["3C126"]["strength"] + 1  # Opposition's other Borg
    assert ST.value(st, opp, "cunning") == DB["3C134"]["cunning"] + 1  # Computation's other Borg
    assert ST.value(st, comp, "cunning") == DB["3C126"]["cunning"]  # not itself
    check_invariants(st, views=False)


def test_calibration_drone_puts_the_hand_on_the_bottom_and_draws_as_many():
    st = started("ca-calibration")
    hq = _hq(st)
    drone = real(st, 0, "T-F6", "3S124", "pile", hq)
    st = turn_to(st, 0, "orders")
    hand = list(st["seats"][0]["hand"])
    deck_before = len(st["seats"][0]["deck"])
    st = respond(act(st, {"type": "order", "card": drone, "ability": 0}))
    assert st["cards"][drone]["zone"] == "discard"
    assert len(st["seats"][0]["hand"]) == len(hand)
    assert len(st["seats"][0]["deck"]) == deck_before
    assert set(hand) <= set(st["seats"][0]["deck"]) | set(st["seats"][0]["hand"])
    check_invariants(st)


# ---------------------------------------------------------------- AMOUNT completed_missions
def test_norah_satie_is_attributes_plus_one_for_each_mission_you_have_completed():
    st = started("ca-norah")
    hq = _hq(st)
    norah = real(st, 0, "T-F6", "3U178", "pile", hq)
    printed = [DB["3U178"][a] for a in ("integrity", "cunning", "strength")]
    assert [ST.value(st, norah, a) for a in ("integrity", "cunning", "strength")] == printed
    st["seats"][1]["completed"] = ["planet", "space"]  # the opponent's completions do not count
    assert [ST.value(st, norah, a) for a in ("integrity", "cunning", "strength")] == printed
    st["seats"][0]["completed"] = ["planet", "space"]
    assert [ST.value(st, norah, a) for a in ("integrity", "cunning", "strength")] == [v + 2 for v in printed]
    assert render_card(DB["3U178"])[0] == "This personnel is Integrity +1 for each mission you have completed."
    check_invariants(st, views=False)


def test_elim_garak_discards_a_personnel_to_go_to_hand_instead_of_dying_to_a_dilemma():
    st = started("ca-garak")
    m = mission(st, 0, "T-P1")
    garak = real(st, 0, "T-F6", "3U144", "pile", m)
    put(st, 0, "T-F1", "pile", m)
    spare = put(st, 0, "T-F8", "hand", 0)  # a personnel to discard
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["T-D2"])  # Sickness: unless Medical, the opponent kills one
    assert st["pending"]["seat"] == 1
    st = act(st, next(o for o in options(st) if o.get("card") == garak))
    assert any(o.get("card") == garak for o in options(st))  # Garak's response is offered
    st = respond(st, garak)
    if st["pending"] and st["pending"]["seat"] == 0 and any(o.get("card") == spare for o in options(st)):
        st = act(st, next(o for o in options(st) if o.get("card") == spare))
    st = respond(st)
    assert st["cards"][garak]["zone"] == "hand" and st["cards"][spare]["zone"] == "discard"
    check_invariants(st)


# ---------------------------------------------------------------- draw who each, discard who each_opponent
def _started3(seed: str) -> dict:
    """Three players (fed, kli, fed), missions laid out."""
    from rules.startrek2e.game import GAME

    from . import fixtures as FX
    st = GAME.setup(FX.config_n("fed", "kli", "fed"), seed)
    while st["pending"]["kind"] == "place_mission":
        st = act(st, st["pending"]["options"][0])
    return st


def _run(st, effects, source, you=0):
    from rules.startrek2e import flow
    from rules.startrek2e.effects import filters as F
    from rules.startrek2e.effects import frames as FR
    from rules.startrek2e.effects.schema import validate_mechanics
    assert validate_mechanics([{"kind": "dilemma", "effects": effects}]) == []
    FR.push(st, effects, F.ctx_for(st, source, you=you))
    st["pending"] = None
    return flow.advance(st)


def test_dukat_makes_each_opponent_discard_the_top_three_cards_of_his_deck():
    st = _started3("ca-dukat")
    dukat = real(st, 0, "T-F6", "3R143", "pile", mission(st, 0, "T-HQF"))
    effects = DB["3R143"]["mechanics"][0]["effects"]
    decks = [list(st["seats"][s]["deck"]) for s in range(3)]
    st = _run(st, effects, dukat)
    assert st["seats"][0]["deck"] == decks[0]  # not Dukat's own player
    for s in (1, 2):
        assert st["seats"][s]["deck"] == decks[s][3:]
        assert all(st["cards"][c]["zone"] == "discard" for c in decks[s][:3])
    assert "each of your opponents discards the top three cards of his or her deck" in render_card(DB["3R143"])[0]
    check_invariants(st, views=False)


def test_keevan_has_each_player_draw_a_card_in_a_game_of_three():
    st = _started3("ca-keevan")
    keevan = real(st, 0, "T-F6", "3U157", "pile", mission(st, 0, "T-HQF"))
    effects = DB["3U157"]["mechanics"][0]["effects"]
    hands = [len(st["seats"][s]["hand"]) for s in range(3)]
    st = _run(st, effects, keevan)
    assert [len(st["seats"][s]["hand"]) for s in range(3)] == [h + 1 for h in hands]
    assert render_card(DB["3U157"])[0].endswith("you may have each player draw a card.")
    check_invariants(st, views=False)


# ---------------------------------------------------------------- trigger opponent_mission_failed
def test_tenaktalar_scores_ten_when_an_opponents_attempt_at_its_mission_fails():
    st = started("ca-tenaktalar")
    m = mission(st, 0, "T-P1")
    put(st, 0, "T-F6", "pile", m)  # an Ensign alone cannot meet Survey Planet's requirements
    ship = real(st, 1, "T-SK", "3R204", "ships", m)
    for g, cid in (("T-K1", "3U170"), ("T-K2", "3U160"), ("T-K3", "3U172")):  # Weyoun [Cmd], two [Staff]
        real(st, 1, g, cid, "aboard", ship)
    st = turn_to(st, 0, "orders")
    before = st["seats"][1]["score"]
    st = respond(attempt(st, m))
    assert any(e["event"] == "failed" for e in st["log"])
    assert st["seats"][1]["score"] == before + 10
    assert render_card(DB["3R204"]) == [
        "When an opponent's mission attempt fails, if this ship is a staffed ship at that mission, score 10 points."]
    check_invariants(st)


def test_tenaktalar_does_not_score_when_unstaffed_or_elsewhere():
    st = started("ca-tenaktalar-empty")
    m = mission(st, 0, "T-P1")
    put(st, 0, "T-F6", "pile", m)
    real(st, 1, "T-SK", "3R204", "ships", m)  # nobody aboard
    st = turn_to(st, 0, "orders")
    before = st["seats"][1]["score"]
    st = respond(attempt(st, m))
    assert st["seats"][1]["score"] == before
    check_invariants(st)


# ---------------------------------------------------------------- ability play_at
def test_yelsar_may_be_played_at_your_headquarters_at_mouth_of_the_wormhole_only():
    st = started("ca-yelsar")  # the fixture Earth headquarters: [Fed] and [NA] cards
    yelsar = real(st, 0, "T-F6", "3C117", "hand", 0)
    st = turn_to(st, 0, "play")
    assert not [o for o in options(st) if o.get("type") == "play" and o.get("card") == yelsar]  # Earth: no
    st = started("ca-yelsar-ds9")
    ds9 = _real_hq(st, "1S188")  # Deep Space 9 allows [DS9] cards; Yelsar has no [DS9] icon
    yelsar = real(st, 0, "T-F6", "3C117", "hand", 0)
    ensign = next(i for i in st["seats"][0]["hand"] if st["cards"][i]["guid"] != "3C117"
                  and st["cards"][i]["guid"].startswith("T-F"))
    st = turn_to(st, 0, "play")
    plays = [o for o in options(st) if o.get("type") == "play"]
    assert any(o["card"] == yelsar and o["at"] == ds9 for o in plays)
    assert not any(o["card"] == ensign for o in plays)  # a [Fed] personnel without [DS9] still may not
    st = respond(act(st, next(o for o in plays if o["card"] == yelsar)))
    assert st["cards"][yelsar]["zone"] == "pile"
    assert render_card(DB["3C117"]) == ["You may play this personnel at your headquarters mission at {Mouth of the Wormhole}."]
    check_invariants(st)


# ---------------------------------------------------------------- keyword move_range_change
def test_xhosa_needs_one_less_range_between_a_badlands_mission_and_another():
    st = started("ca-xhosa")
    hq, p1, p2 = _hq(st), mission(st, 0, "T-P1"), mission(st, 0, "T-P2")
    st["extra_cards"]["1U205"] = DB["1U205"]  # Verify Evidence, a Region: Badlands space mission
    st["cards"][p2]["guid"] = "1U205"
    xhosa = real(st, 0, "T-SF", "3R207", "ships", hq)
    other = put(st, 0, "T-SF2", "ships", hq)
    assert ST.range_needed(st, hq, p2, xhosa) == ST.range_needed(st, hq, p2) - 1  # HQ -> Badlands
    assert ST.range_needed(st, p2, p1, xhosa) == ST.range_needed(st, p2, p1) - 1  # Badlands -> elsewhere
    assert ST.range_needed(st, hq, p1, xhosa) == ST.range_needed(st, hq, p1)  # neither is Badlands
    assert ST.range_needed(st, hq, p2, other) == ST.range_needed(st, hq, p2)  # another ship: no change
    real(st, 0, "T-F1", "3R191", "aboard", xhosa)  # Kasidy Yates, [NA] [Cmd]: Xhosa is staffed
    st = turn_to(st, 0, "orders")
    need = ST.range_needed(st, hq, p2, xhosa)
    st = respond(act(st, {"type": "move", "ship": xhosa, "to": p2}))
    assert S.mission_of(st, xhosa) == p2 and st["cards"][xhosa]["range_used"] == need
    assert render_card(DB["3R207"]) == ["When this ship is about to move between a mission in Region: Badlands and a "
                                        "mission that is not, subtract 1 from the Range required."]
    check_invariants(st)


# ---------------------------------------------------------------- examine PICK with a filter
def test_pardek_reveals_four_and_may_discard_only_a_personnel_among_them():
    st = started("ca-pardek")
    m = mission(st, 0, "T-P1")
    pardek = real(st, 0, "T-F6", "3R196", "pile", m)
    witness = put(st, 1, "T-K1", "pile", m)  # an opponent's personnel present
    deck = st["seats"][1]["deck"]
    top = list(deck[:4])
    personnel = [c for c in top if st["cards"][c]["guid"].startswith("T-K")]
    others = [c for c in deck if not st["cards"][c]["guid"].startswith("T-K")]
    if not personnel or len(personnel) == 4:  # make the top four hold personnel and other cards
        mix = [c for c in deck if st["cards"][c]["guid"].startswith("T-K")][:2] + others[:2]
        for c in mix:
            deck.remove(c)
        deck[:0] = mix
        top, personnel = list(deck[:4]), mix[:2]
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": pardek, "ability": 0})
    assert options(st) == [{"type": "choose", "card": witness}]  # whose personnel he is present with (his cost)
    st = act(st, options(st)[0])
    offered = {o["card"] for o in options(st)}
    assert offered == set(personnel) | {None}  # only a personnel revealed, or none
    st = respond(act(st, {"type": "choose", "card": personnel[0]}))
    assert st["cards"][personnel[0]]["zone"] == "discard" and st["cards"][pardek]["zone"] == "hand"
    assert st["seats"][1]["deck"][:3] == [c for c in top if c != personnel[0]]  # the rest in the same order
    check_invariants(st)


# ---------------------------------------------------------------- verb name_card_type + FILTER named_type
def _jack_game(seed: str):
    st = started(seed)
    jack = real(st, 0, "T-F6", "3R175", "pile", _hq(st))
    hand = st["seats"][1]["hand"]
    for c in [c for c in hand if S.ctype(st, c) != "personnel"]:  # the opponent's hand: personnel only
        hand.remove(c)
        st["seats"][1]["deck"].append(c)
        st["cards"][c]["zone"] = "deck"
    return turn_to(st, 0, "orders"), jack


def test_jack_places_the_revealed_card_on_top_of_the_deck_when_it_is_the_named_type():
    for named, moved in (("personnel", True), ("event", False)):
        st, jack = _jack_game(f"ca-jack-{named}")
        hand = list(st["seats"][1]["hand"])
        st = act(st, {"type": "order", "card": jack, "ability": 0})
        assert {o["card_type"] for o in options(st)} == {"personnel", "ship", "equipment", "event", "interrupt"}
        st = respond(act(st, {"type": "choose", "card_type": named}))
        assert st["cards"][jack]["stopped"]
        left = st["seats"][1]["hand"]
        if moved:
            assert len(left) == len(hand) - 1 and st["seats"][1]["deck"][0] in hand
        else:
            assert left == hand
        assert any(e["event"] == "named_card_type" and e["card_type"] == named for e in st["log"])
        check_invariants(st)


def test_patrick_cannot_name_ship_and_sends_a_matching_top_card_to_the_bottom():
    st = started("ca-patrick")
    patrick = real(st, 0, "T-F6", "3U179", "pile", _hq(st))
    st = turn_to(st, 0, "orders")
    top = st["seats"][1]["deck"][0]
    st = act(st, {"type": "order", "card": patrick, "ability": 0})
    assert {o["card_type"] for o in options(st)} == {"personnel", "equipment", "event", "interrupt"}
    named = S.ctype(st, top) if S.ctype(st, top) != "ship" else "personnel"
    st = respond(act(st, {"type": "choose", "card_type": named}))
    deck = st["seats"][1]["deck"]
    assert (deck[-1] == top) == (S.ctype(st, top) == named)
    check_invariants(st)


# ---------------------------------------------------------------- TARGET deck_bottom
def test_sarina_douglas_puts_the_bottom_card_of_your_deck_on_top_unseen():
    st = started("ca-sarina")
    sarina = real(st, 0, "T-F6", "3U181", "pile", _hq(st))
    st = turn_to(st, 0, "orders")
    deck = list(st["seats"][0]["deck"])
    st = respond(act(st, {"type": "order", "card": sarina, "ability": 0}))
    assert st["cards"][sarina]["stopped"]
    assert st["seats"][0]["deck"] == [deck[-1]] + deck[:-1]
    assert not any(e.get("card") == deck[-1] or deck[-1] in (e.get("cards") or []) for e in st["log"])  # not shown
    assert render_card(DB["3U181"]) == [
        "Order - Stop this personnel to place the bottom card of your deck on top of its owner's deck."]
    check_invariants(st)


# ---------------------------------------------------------------- opponent_about_to_draw_dilemmas + fewer dilemmas
def _damar_attempt(seed: str, use: bool):
    st = started(seed)
    m = mission(st, 0, "T-P1")
    damar = real(st, 0, "T-F6", "3R141", "pile", m)
    team = [damar] + [put(st, 0, g, "pile", m) for g in ("T-F1", "T-F7")]
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "attempt", "mission": m})
    offered = False
    while st["pending"]["kind"] == "respond":
        mine = [o for o in options(st) if o.get("card") == damar]
        offered = offered or bool(mine)
        st = act(st, mine[0] if mine and use else {"type": "pass"})
        if mine and use:
            st = act(st, options(st)[0])  # the card discarded from hand
            use = False
    drew = next(e["count"] for e in reversed(st["log"]) if e["event"] == "drew_dilemmas")
    return st, team, drew, offered


def test_damar_discards_a_card_to_make_the_opponent_draw_one_dilemma_fewer():
    st, team, drew, offered = _damar_attempt("ca-damar", use=True)
    assert offered and drew == len(team) - 1
    assert any(e["event"] == "extra_dilemmas" and e["draw"] == -1 for e in st["log"])
    check_invariants(st)
    st, team, drew, offered = _damar_attempt("ca-damar-no", use=False)
    assert offered and drew == len(team)
    check_invariants(st)


# ---------------------------------------------------------------- verb exchange_hands_with_deck_bottom
def test_yelgrun_kills_a_dominion_non_changeling_so_each_hand_is_exchanged_with_the_deck_bottom():
    st = started("ca-yelgrun")
    hq = _hq(st)
    yelgrun = real(st, 0, "T-F6", "3R173", "pile", hq)
    victim = real(st, 0, "T-F7", "3U160", "pile", hq)  # Limara'Son, a [Dom] Jem'Hadar
    real(st, 0, "T-F8", "3S154", "pile", hq)  # a Founder Leader (a Changeling): never the victim
    st = turn_to(st, 0, "orders")
    before = [(list(st["seats"][s]["hand"]), list(st["seats"][s]["deck"])) for s in (0, 1)]
    st = act(st, {"type": "order", "card": yelgrun, "ability": 0})
    if st["pending"]["kind"] == "choose":  # the only eligible victim may be chosen for you
        assert {o["card"] for o in options(st)} == {victim}
        st = act(st, {"type": "choose", "card": victim})
    st = respond(st)
    assert st["cards"][victim]["zone"] == "discard"
    for s, (hand, deck) in zip((0, 1), before):
        n = len(hand)
        assert sorted(st["seats"][s]["hand"]) == sorted(deck[-n:])
        assert st["seats"][s]["deck"][:-n] == deck[:-n] and sorted(st["seats"][s]["deck"][-n:]) == sorted(hand)
    check_invariants(st)


def test_invasive_drone_returns_to_hand_to_place_your_personnel_aboard_your_ship_there():
    st = started("ca-invasive")
    m = mission(st, 0, "T-P1")
    drone = real(st, 0, "T-F6", "3C131", "pile", m)
    crew = [put(st, 0, g, "pile", m) for g in ("T-F1", "T-F7")]
    ship = put(st, 0, "T-SF", "ships", m)
    theirs = put(st, 1, "T-SK", "ships", m)  # an opponent's ship there is not a choice
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": drone, "ability": 0})
    assert {o["card"] for o in options(st)} == {ship} and theirs
    st = act(st, {"type": "choose", "card": ship})
    for c in crew:
        st = act(st, {"type": "choose", "card": c})
    if st["pending"]["kind"] == "choose":
        st = act(st, {"type": "choose", "card": None})
    st = respond(st)
    assert st["cards"][drone]["zone"] == "hand"
    assert all(st["cards"][c]["zone"] == "aboard" and st["cards"][c]["in"] == ship for c in crew)
    check_invariants(st)


# ---------------------------------------------------------------- every authored card in play, every order offered
def test_each_call_to_arms_personnel_and_ship_in_play_offers_orders_that_apply():
    """Each authored Call to Arms personnel (at a planet, with your personnel and ship and an
    opponent's personnel there) and ship (staffed by fixtures) is put in play; its commander's orders are
    listed and every order it offers applies to a copy of the game without error."""
    import copy

    from rules.startrek2e.cards import mechanics_files
    ids = sorted(set(mechanics_files()["ca_personnel.json"]) | set(mechanics_files()["ca_ships.json"]))
    ids = [i for i in ids if not i.startswith("_")]
    assert len(ids) >= 60
    for cid in ids:
        st = started(f"ca-each-{cid}")
        m = mission(st, 0, "T-P1")
        put(st, 0, "T-F1", "pile", m)
        put(st, 1, "T-K1", "pile", m)
        if DB[cid]["type"] == "ship":
            card = real(st, 0, "T-SF", cid, "ships", m)
            for g in ("T-F2", "T-F7", "T-F5"):
                put(st, 0, g, "aboard", card)
        else:
            card = real(st, 0, "T-F6", cid, "pile", m)
            put(st, 0, "T-SF", "ships", m)  # a ship of yours there (Invasive Drone, Transwarp Drone)
        st = turn_to(st, 0, "orders")
        for o in options(st):
            if o.get("card") == card:
                after = act(copy.deepcopy(st), o)
                check_invariants(after, views=False)
