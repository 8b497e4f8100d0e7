"""The real Premiere cards of the deck-and-hand group, each played through the reducer with
its authored mechanics from the card database (fixture cards are re-labelled as the real
card, so the engine reads the real facts and mechanics): counts chosen at play time and
"an equal number", cards placed on a deck in a chosen or random order, a new deck formed
from the discard pile, examined cards swapped with discard-pile cards."""
from rules.startrek2e import flow
from rules.startrek2e import state as S
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.schema import validate_mechanics

from . import fixtures as FX
from .helpers import act, add_card, check_invariants, find, mission, options, put, started, turn_to

DB = card_db()


def real(st, seat, fixture_guid, real_id, zone=None, holder=None):
    """Re-label one of ``seat``'s fixture cards as the real card ``real_id`` (and move it)."""
    iid = find(st, seat, fixture_guid)
    st["cards"][iid]["guid"] = real_id
    if zone == "hand":
        S.move(st, iid, "hand", seat)
    elif zone == "discard":
        S.move(st, iid, "discard", seat)
    elif zone is not None:
        put(st, seat, real_id, zone, holder)
    return iid


def test_the_cards_of_this_group_are_authored_and_valid():
    for cid in ("1S084", "1C079", "1R114", "1C088", "1C130", "1U264", "1R294", "1R313", "1R267",
                "1R061", "1C015", "1U326", "1R090", "1R109"):
        assert DB[cid]["mechanics"], cid
        assert validate_mechanics(DB[cid]["mechanics"]) == [], cid


# -- D'Arsay Archive 1S084 ------------------------------------------------------------------
def test_darsay_archive_hand_shuffled_to_the_bottom_then_an_equal_number_drawn():
    st = started("darsay")
    archive = real(st, 0, "T-EV4", "1S084", "hand")
    st = turn_to(st, 0, "play")
    hand = [c for c in st["seats"][0]["hand"] if c != archive]
    top = list(st["seats"][0]["deck"][:len(hand)])
    st = act(st, {"type": "play", "card": archive})
    deck = st["seats"][0]["deck"]
    assert sorted(deck[-len(hand):]) == sorted(hand)  # the whole hand went to the bottom
    assert sorted(st["seats"][0]["hand"]) == sorted(top)  # and as many cards were drawn from the top
    assert st["cards"][archive]["zone"] == "discard"  # "Destroy this event"
    check_invariants(st)


def test_darsay_archive_order_at_the_bottom_comes_from_the_seed():
    orders = set()
    for seed in ("darsay-a", "darsay-b", "darsay-c", "darsay-d"):
        st = started(seed)
        archive = real(st, 0, "T-EV4", "1S084", "hand")
        st = turn_to(st, 0, "play")
        hand = [st["cards"][c]["guid"] for c in st["seats"][0]["hand"] if c != archive]
        st = act(st, {"type": "play", "card": archive})
        bottom = [st["cards"][c]["guid"] for c in st["seats"][0]["deck"][-len(hand):]]
        orders.add(tuple(bottom) == tuple(hand))
    assert False in orders  # shuffled, not kept in hand order


# -- Bajoran Gratitude Festival 1C079 -----------------------------------------------------------
def _three_bajorans(st, seat=0, n=3):
    hq = mission(st, seat, "T-HQF")
    return [real(st, seat, g, r, "pile", hq) for g, r in (("T-F6", "1C207"), ("T-F8", "1C210"), ("T-F7", "1C225"))[:n]]


def test_bajoran_gratitude_festival_needs_three_bajorans_and_draws_as_many_as_removed():
    st = started("festival")
    fest = real(st, 0, "T-EV4", "1C079", "hand")
    _three_bajorans(st, n=2)
    st = turn_to(st, 0, "play")
    assert not [o for o in options(st) if o.get("card") == fest]  # only two [Baj] personnel
    st = started("festival")
    fest = real(st, 0, "T-EV4", "1C079", "hand")
    _three_bajorans(st)
    pile = [real(st, 0, g, g, "discard") for g in ("T-F1", "T-F2", "T-EQ1")]
    st = turn_to(st, 0, "play")
    hand = len(st["seats"][0]["hand"])
    st = act(st, [o for o in options(st) if o.get("card") == fest][0])
    assert st["pending"]["kind"] == "choose" and {"type": "choose", "card": None} in options(st)  # up to four
    st = act(st, {"type": "choose", "card": pile[0]})
    st = act(st, {"type": "choose", "card": pile[2]})
    st = act(st, {"type": "choose", "card": None})  # stop at two
    assert [st["cards"][c]["zone"] for c in pile] == ["out", "discard", "out"]
    assert len(st["seats"][0]["hand"]) == hand - 1 + 2  # the event left the hand; two drawn
    assert st["cards"][fest]["zone"] == "discard"


# -- Tapestry 1R114 -------------------------------------------------------------------------
def test_tapestry_forms_a_new_deck_of_the_personnel_and_ships_of_the_discard_pile():
    st = started("tapestry")
    tap = real(st, 0, "T-EV4", "1R114", "hand")
    pers = [real(st, 0, g, g, "discard") for g in ("T-F1", "T-F2")]
    ship = real(st, 0, "T-SF", "T-SF", "discard")
    other = [real(st, 0, g, g, "discard") for g in ("T-EQ1", "T-EV1")]
    old_deck = list(st["seats"][0]["deck"])
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": tap})
    seat = st["seats"][0]
    assert sorted(seat["deck"]) == sorted(pers + [ship])
    assert set(old_deck) <= set(seat["out"]) and set(other) <= set(seat["out"]) and tap in seat["out"]
    assert seat["discard"] == []
    check_invariants(st)


# -- Feast on the Dying 1C088 -------------------------------------------------------------------
def test_feast_on_the_dying_swaps_one_examined_card_and_replaces_them_in_the_order_chosen():
    st = started("feast")
    feast = real(st, 0, "T-EV4", "1C088", "hand")
    gone = real(st, 0, "T-F1", "T-F1", "discard")
    other = real(st, 0, "T-F2", "T-F2", "discard")
    st = turn_to(st, 0, "play")
    a, b = st["seats"][0]["deck"][:2]
    st = act(st, {"type": "play", "card": feast})
    assert st["pending"]["kind"] == "choose" and {o["card"] for o in options(st)} == {a, b, None}
    assert st["pending"]["seat"] == 0 and set(_revealed(st, 0)) == {a, b}
    st = act(st, {"type": "choose", "card": a})  # replace the top card …
    assert {o["card"] for o in options(st)} == {gone, other}
    st = act(st, {"type": "choose", "card": gone})  # … with a card of the discard pile
    assert {o["card"] for o in options(st)} == {b, None}  # the new card is not replaced again
    st = act(st, {"type": "choose", "card": None})
    assert st["cards"][a]["zone"] == "discard"
    st = act(st, {"type": "choose", "card": b})  # any order: b on top, then the card from the pile
    assert st["seats"][0]["deck"][:2] == [b, gone]
    assert st["cards"][feast]["zone"] == "out"  # "Remove this event from the game"
    check_invariants(st)


def _revealed(st, seat):
    from rules.startrek2e.game import GAME
    return [c["id"] for c in GAME.view(st, seat)["pending"]["revealed"]]


def test_feast_on_the_dying_with_an_empty_discard_pile_only_reorders():
    st = started("feast-empty")
    feast = real(st, 0, "T-EV4", "1C088", "hand")
    st = turn_to(st, 0, "play")
    a, b = st["seats"][0]["deck"][:2]
    st = act(st, {"type": "play", "card": feast})
    st = act(st, {"type": "choose", "card": b})
    assert st["seats"][0]["deck"][:2] == [b, a] and st["seats"][0]["discard"] == []


# -- Lasting Peace 1C130 ----------------------------------------------------------------------
def test_lasting_peace_places_an_equal_number_of_bajoran_and_other_personnel_on_top():
    st = started("peace")
    hq = mission(st, 0, "T-HQF")
    real(st, 0, "T-F6", "1C211", "pile", hq)  # a [Baj] Diplomacy personnel
    peace = real(st, 0, "T-I2", "1C130", "hand")
    baj = [real(st, 0, g, r, "discard") for g, r in (("T-F8", "1C207"), ("T-F7", "1C214"))]
    fed = real(st, 0, "T-F1", "T-F1", "discard")
    real(st, 0, "T-EQ1", "T-EQ1", "discard")
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "play", "card": peace})
    assert {o["card"] for o in options(st)} == set(baj) | {None}
    st = act(st, {"type": "choose", "card": baj[1]})  # one non-[Baj] personnel: at most one [Baj]
    assert {o["card"] for o in options(st)} == {fed}
    st = act(st, {"type": "choose", "card": fed})
    st = act(st, {"type": "choose", "card": fed})  # in any order: the other [Fed] personnel on top
    assert st["seats"][0]["deck"][:2] == [fed, baj[1]] and baj[0] in st["seats"][0]["discard"]
    check_invariants(st)


def test_lasting_peace_needs_a_bajoran_diplomat():
    st = started("peace-no")
    hq = mission(st, 0, "T-HQF")
    real(st, 0, "T-F6", "1C207", "pile", hq)  # [Baj], no Diplomacy
    peace = real(st, 0, "T-I2", "1C130", "hand")
    st = turn_to(st, 0, "orders")
    assert not [o for o in options(st) if o.get("card") == peace]


# -- Gideon Seyetik 1U264 ---------------------------------------------------------------------
def _complete_with_gideon(seed, science=True):
    reqs = [{"skills": {"Science": 1}}] if science else [{"skills": {"Astrometrics": 1}}]
    extra = add_card({}, FX.mission("T-P2", "Terraform", "planet", reqs=reqs))
    st = started(seed, extra=extra)
    m = mission(st, 0, "T-P2")
    gideon = real(st, 0, "T-F6", "1U264", "pile", m)
    st = turn_to(st, 0, "orders")
    st["attempt"] = {"seat": 0, "mission": m, "ship": None, "personnel": [gideon], "dilemma_owner": 1,
                     "budget": 0, "spent": 0, "current": None, "resolving": False}
    st["step"] = "mission_requirements"
    st["pending"] = None
    return flow.advance(st), m, gideon


def test_gideon_seyetik_discards_up_to_four_to_draw_as_many():
    st, m, gideon = _complete_with_gideon("gideon")
    assert st["cards"][m].get("completed")
    st = act(st, {"type": "respond", "card": gideon, "ability": 0})
    hand = list(st["seats"][0]["hand"])
    top = st["seats"][0]["deck"][:3]
    for c in hand[:3]:
        st = act(st, {"type": "choose", "card": c})
    st = act(st, {"type": "choose", "card": None})
    assert all(st["cards"][c]["zone"] == "discard" for c in hand[:3])
    assert sorted(st["seats"][0]["hand"]) == sorted(hand[3:] + top)


def test_gideon_seyetik_only_at_a_mission_requiring_science():
    st, m, gideon = _complete_with_gideon("gideon-no", science=False)
    assert st["cards"][m].get("completed")
    assert not [o for o in options(st) if o.get("card") == gideon]


# -- Bo'rak 1R294 and Morka 1R313: downloads and cards placed on top of a deck ----------------
from .helpers import real as real_in_play  # noqa: E402
from rules.startrek2e.effects import frames as FR


def _downloading(seed, morka=False, borak=True):
    st = started(seed)
    hq = mission(st, 1, "T-HQK")
    guards = []
    if borak:
        guards.append(real_in_play(st, 1, "T-K3", "1R294", "pile", hq))
    if morka:
        guards.append(real_in_play(st, 1, "T-K4", "1R313", "pile", hq))
    real(st, 0, "T-I2", "T-I2", "hand")  # Lucky Find: download a personnel
    st = turn_to(st, 0, "play")
    lucky = next(o["card"] for o in options(st) if o.get("card") and st["cards"][o["card"]]["guid"] == "T-I2")
    return st, lucky, guards  # (copies in hand are interchangeable: the one the play list offers)


def test_borak_an_opponents_download_goes_on_top_of_his_deck_instead_of_his_hand():
    st, lucky, _ = _downloading("borak")
    st = act(st, {"type": "play", "card": lucky})
    pick = next(o["card"] for o in options(st) if o["card"])
    st = act(st, {"type": "choose", "card": pick})
    assert st["seats"][0]["deck"][0] == pick and pick not in st["seats"][0]["hand"]
    assert any(e["event"] == "downloaded" and e["card"] == pick for e in st["log"])  # shown to all
    check_invariants(st)


def test_borak_does_not_touch_his_own_players_downloads():
    st, _, _ = _downloading("borak-own")
    lucky = real(st, 1, "T-I2", "T-I2", "hand")
    st = turn_to(st, 1, "play")
    st = act(st, {"type": "play", "card": lucky})
    pick = next(o["card"] for o in options(st) if o["card"])
    st = act(st, {"type": "choose", "card": pick})
    assert pick in st["seats"][1]["hand"]


def _opponent_places_on_top(st, seat=0):
    """``seat`` places one of his discarded cards on top of his own deck by a text of his."""
    from rules.startrek2e.effects import filters as F
    card = real(st, seat, "T-F1", "T-F1", "discard")
    hq = mission(st, seat, "T-HQF")
    FR.push(st, [{"place_on_deck_top": {"ref": "x"}}], {**F.ctx_for(st, hq, you=seat), "refs": {"x": [card]}})
    st["pending"] = None
    return flow.advance(st), card


def test_morka_sends_the_card_an_opponent_puts_on_top_to_the_bottom_for_a_discard():
    st, _, (morka,) = _downloading("morka", morka=True, borak=False)
    st, card = _opponent_places_on_top(st)
    assert st["pending"]["kind"] == "respond" and st["pending"]["seat"] == 1
    assert {"type": "respond", "card": morka, "ability": 0} in options(st)
    hand = len(st["seats"][1]["hand"])
    st = act(st, {"type": "respond", "card": morka, "ability": 0})
    st = act(st, {"type": "choose", "card": st["seats"][1]["hand"][0]})  # Morka's cost
    st = pass_all(st)
    assert st["seats"][0]["deck"][-1] == card and st["seats"][0]["deck"][0] != card
    assert len(st["seats"][1]["hand"]) == hand - 1
    check_invariants(st)


def test_morka_may_decline_and_works_only_on_an_opponents_cards():
    st, _, (morka,) = _downloading("morka-no", morka=True, borak=False)
    st, card = _opponent_places_on_top(st)
    st = pass_all(st)
    assert st["seats"][0]["deck"][0] == card
    # Morka's own player placing his card on top: no window
    st, _, (morka,) = _downloading("morka-own", morka=True, borak=False)
    card = real(st, 1, "T-K1", "T-K1", "discard")
    from rules.startrek2e.effects import filters as F
    FR.push(st, [{"place_on_deck_top": {"ref": "x"}}], {**F.ctx_for(st, morka), "refs": {"x": [card]}})
    st["pending"] = None
    st = flow.advance(st)
    assert st["seats"][1]["deck"][0] == card and st["pending"]["kind"] != "respond"


def pass_all(st):
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    return st


# -- Jean-Luc Picard 1R267: facing a dilemma, discard a card to download Escape ----------------
def test_picard_downloads_escape_while_facing_a_dilemma_and_escape_then_answers_the_kill():
    from .helpers import attempt
    st = started("picard")
    m = mission(st, 0, "T-P1")
    picard = real_in_play(st, 0, "T-F1", "1R267", "pile", m)
    put(st, 0, "T-F5", "pile", m), put(st, 0, "T-F7", "pile", m)
    escape = real(st, 0, "T-EV1", "1R127")  # in the deck
    assert st["cards"][escape]["zone"] == "deck"
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["T-D2"])  # Sickness: unless Medical, the opponent kills one
    assert st["pending"]["kind"] == "attempt_action"
    assert {"type": "action", "card": picard, "ability": 0} in options(st)
    hand = list(st["seats"][0]["hand"])
    st = act(st, {"type": "action", "card": picard, "ability": 0})
    st = act(st, {"type": "choose", "card": hand[0]})  # the cost: a card from hand
    assert {"type": "choose", "card": escape} in options(st)
    st = act(st, {"type": "choose", "card": escape})
    assert escape in st["seats"][0]["hand"] and st["cards"][hand[0]]["zone"] == "discard"
    while st["pending"]["kind"] == "attempt_action":
        st = act(st, {"type": "pass"})
    if st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 1:  # who is killed
        st = act(st, options(st)[0])
    assert st["pending"]["kind"] == "respond" and st["pending"]["seat"] == 0
    assert any(o.get("card") == escape for o in options(st))
    check_invariants(st)


def test_morka_is_not_offered_without_a_card_to_discard():
    st, lucky, (borak, morka) = _downloading("morka-empty", morka=True)
    for c in list(st["seats"][1]["hand"]):
        S.move(st, c, "discard", 1)
    st = act(st, {"type": "play", "card": lucky})
    pick = next(o["card"] for o in options(st) if o["card"])
    st = act(st, {"type": "choose", "card": pick})
    assert st["pending"]["kind"] != "respond" and st["seats"][0]["deck"][0] == pick


# -- Chula: Echoes 1C015 and Alien Gambling Device 1R061: random selections -----------------
def _to_selection(st):
    """Pass every response window up to the first ``random_selection`` one."""
    while st["pending"]["kind"] in ("respond", "attempt_action") and not (
            st["windows"] and st["windows"][0]["event"] == "random_selection"):
        st = act(st, {"type": "pass"})
    return st


def _attempt(st, m, dilemma):
    pile = st["seats"][1]["dilemmas"]
    d = next(i for i in pile if st["cards"][i]["guid"] == dilemma)
    pile.remove(d)
    pile.insert(0, d)
    st = _to_selection(act(st, {"type": "attempt", "mission": m}))
    st = act(st, next(o for o in options(st) if o["card"] and st["cards"][o["card"]]["guid"] == dilemma))
    return _to_selection(act(st, {"type": "choose_dilemma", "card": None}))


def _echoes_scene(seed, team_guids, agd=()):
    st = started(seed)
    st["extra_cards"]["X-EZ"] = FX.mission("X-EZ", "Easy", "planet", reqs=[{"attributes": {"integrity": 1}}])
    m = mission(st, 0, "T-P1")
    st["cards"][m]["guid"] = "X-EZ"
    team = [put(st, 0, g, "pile", m) for g in team_guids]
    devices = [real_in_play(st, seat, "T-EQ1" if seat == 0 else "T-EQ2", "1R061", "pile", m) for seat in agd]
    real_in_play(st, 1, "T-D8", "1C015")  # in seat 1's dilemma pile
    st = turn_to(st, 0, "orders")
    st = _attempt(st, m, "1C015")
    return (st if agd else _to_selection(st)), m, team, devices


def test_chula_echoes_stops_the_three_when_the_highest_cunning_is_even():
    st, m, team, _ = _echoes_scene("echoes-even", ("T-F2", "T-F3", "T-F5"))  # Cunning 6, 6, 6
    assert all(st["cards"][i]["stopped"] for i in team) and not st["cards"][m].get("completed")
    st, m, team, _ = _echoes_scene("echoes-odd", ("T-F2", "T-F4", "T-F6"))  # 6, 9, 5: highest 9
    assert not any(st["cards"][i]["stopped"] for i in team) and st["cards"][m].get("completed")
    check_invariants(st)


def test_alien_gambling_device_ignores_a_random_selection_at_its_mission_and_selects_again():
    team_guids = ("T-F2", "T-F3", "T-F5", "T-F4")  # three of Cunning 6 and Data (9)
    st, m, team, (mine, theirs) = _echoes_scene("agd", team_guids, agd=(0, 1))
    first = [e for e in st["log"] if e["event"] == "randomly_selected"]
    assert st["pending"]["kind"] == "respond" and st["pending"]["seat"] == 0 and len(first) == 1
    assert {"type": "respond", "card": mine, "ability": 0} in options(st)
    st = act(st, {"type": "respond", "card": mine, "ability": 0})
    # the new selection is a random selection at this mission too: the opponent's device may
    # answer it; the first device only once each turn
    while st["pending"]["kind"] == "respond":
        assert {"type": "respond", "card": mine, "ability": 0} not in options(st)
        st = act(st, {"type": "pass"})
    picks = [e for e in st["log"] if e["event"] == "randomly_selected"]
    assert len(picks) == 2 and any(e["event"] == "selected_again" for e in st["log"])
    final = picks[-1]["cards"]
    highest = max(6 if st["cards"][i]["guid"] != "T-F4" else 9 for i in final)
    stopped = {i for i in team if st["cards"][i]["stopped"]}
    assert stopped == (set(final) if highest % 2 == 0 else set())
    assert "reselect" not in st
    check_invariants(st)


def test_alien_gambling_device_elsewhere_is_not_asked():
    st = started("agd-far")
    real_in_play(st, 0, "T-EQ1", "1R061", "pile", mission(st, 0, "T-P2"))
    st["extra_cards"]["X-EZ"] = FX.mission("X-EZ", "Easy", "planet", reqs=[{"attributes": {"integrity": 1}}])
    m = mission(st, 0, "T-P1")
    st["cards"][m]["guid"] = "X-EZ"
    for g in ("T-F2", "T-F3", "T-F5", "T-F4"):
        put(st, 0, g, "pile", m)
    real_in_play(st, 1, "T-D8", "1C015")
    st = _attempt(turn_to(st, 0, "orders"), m, "1C015")
    assert st["pending"]["kind"] != "respond"
    assert not any(e["event"] == "randomly_selected" for e in st["log"])


# -- Etana Jol 1U326 ------------------------------------------------------------------------
def test_etana_jol_discards_a_card_matching_her_ships_affiliation_to_draw_once_each_turn():
    st = started("etana")
    hq = mission(st, 0, "T-HQF")
    ship = put(st, 0, "T-SF", "ships", hq)
    etana = real_in_play(st, 0, "T-F6", "1U326", "aboard", ship)
    fed = real(st, 0, "T-F2", "T-F2", "hand")
    kli_ship = real(st, 0, "T-SF2", "T-SF2", "hand")
    st["extra_cards"]["X-KS"] = FX.ship("X-KS", "Raider", "klingon")
    st["cards"][kli_ship]["guid"] = "X-KS"
    st = turn_to(st, 0, "orders")
    order = {"type": "order", "card": etana, "ability": 0}
    assert order in options(st)
    hand = len(st["seats"][0]["hand"])
    st = act(st, order)
    offered = {o["card"] for o in options(st)}
    assert fed in offered and kli_ship not in offered  # a [Fed] personnel or ship only
    assert all(S.ctype(st, c) in ("personnel", "ship") for c in offered)
    st = act(st, {"type": "choose", "card": fed})
    assert st["cards"][fed]["zone"] == "discard" and len(st["seats"][0]["hand"]) == hand  # one out, one drawn
    assert order not in options(st)  # only once each turn
    check_invariants(st)


def test_etana_jol_needs_to_be_aboard_your_ship_and_a_matching_card():
    st = started("etana-no")
    hq = mission(st, 0, "T-HQF")
    etana = real_in_play(st, 0, "T-F6", "1U326", "pile", hq)
    st = turn_to(st, 0, "orders")
    assert not [o for o in options(st, "order") if o.get("card") == etana]
    st = started("etana-hand")
    hq = mission(st, 0, "T-HQF")
    ship = put(st, 0, "T-SF", "ships", hq)
    etana = real_in_play(st, 0, "T-F6", "1U326", "aboard", ship)
    for c in list(st["seats"][0]["hand"]):
        if S.ctype(st, c) in ("personnel", "ship"):
            S.move(st, c, "discard", 0)
    st = turn_to(st, 0, "orders")
    assert not [o for o in options(st, "order") if o.get("card") == etana]  # no [Fed] personnel or ship in hand


# -- How Would You Like a Trip to Romulus? 1R090 --------------------------------------------------
def test_trip_to_romulus_downloads_the_commander_of_your_ship_or_the_ship_of_your_commander():
    st = started("romulus")
    hq = mission(st, 0, "T-HQF")
    enterprise = real_in_play(st, 0, "T-SF", "1R392", "ships", hq)  # U.S.S. Enterprise-E
    picard = real(st, 0, "T-F1", "1S268")  # Commander: U.S.S. Enterprise-E, in the deck
    real(st, 0, "T-F7", "1R267")  # another Commander of that ship, in the deck
    trip = real(st, 0, "T-EV4", "1R090", "hand")
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": trip})
    st = act(st, {"type": "yes_no", "yes": True})  # a Commander that corresponds with your ship
    offered = {o["card"] for o in options(st)} - {None}
    assert picard in offered and {st["cards"][c]["guid"] for c in offered} == {"1S268", "1R267"}
    st = act(st, {"type": "choose", "card": picard})
    assert picard in st["seats"][0]["hand"] and st["cards"][trip]["zone"] == "discard"
    assert enterprise
    # the other way round: your Commander in play, his ship in the deck
    st = started("romulus-2")
    hq = mission(st, 0, "T-HQF")
    real_in_play(st, 0, "T-F1", "1R267", "pile", hq)
    ship = real(st, 0, "T-SF", "1R392")
    other = real(st, 0, "T-SF2", "1R391")  # U.S.S. Defiant: not his ship
    trip = real(st, 0, "T-EV4", "1R090", "hand")
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": trip})
    st = act(st, {"type": "yes_no", "yes": False})
    offered = {o["card"] for o in options(st)} - {None}
    assert offered == {ship} and other not in offered
    st = act(st, {"type": "choose", "card": ship})
    assert ship in st["seats"][0]["hand"]
    check_invariants(st)


# -- Resistance Tactics 1R109: prevent a combat or an engagement as it begins -------------------
def _tactics_scene(seed, bajoran=True):
    st = started(seed)
    planet = mission(st, 0, "T-P1")
    mine = [real_in_play(st, 0, "T-F6", "1C207", "pile", planet) if bajoran else put(st, 0, "T-F6", "pile", planet),
            put(st, 0, "T-F5", "pile", planet)]
    worf = put(st, 1, "T-K1", "pile", planet)
    tactics = real_in_play(st, 0, "T-EV4", "1R109", "core", 0)
    ambush = put(st, 1, "T-EV3", "core", 1)
    st = turn_to(st, 1, "orders")
    return st, mine, worf, tactics, ambush


def test_resistance_tactics_prevents_a_combat_involving_your_bajoran_and_stops_everyone_involved():
    st, mine, worf, tactics, ambush = _tactics_scene("tactics")
    st = act(st, {"type": "order", "card": ambush, "ability": 1})
    while st["pending"]["kind"] == "respond" and st["pending"]["seat"] == 1:
        st = act(st, {"type": "pass"})
    assert {"type": "respond", "card": tactics, "ability": 1} in options(st)
    st = act(st, {"type": "respond", "card": tactics, "ability": 1})
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert all(st["cards"][i]["stopped"] for i in mine + [worf])
    assert all(st["cards"][i]["zone"] == "pile" for i in mine)  # Ambush's "if you win, kill …" never happened
    assert st["cards"][tactics]["zone"] == "discard"  # its cost
    assert any(e["event"] == "combat_prevented" for e in st["log"]) and not any(e["event"] == "combat" for e in st["log"])
    assert st.get("combat") is None
    check_invariants(st)


def test_resistance_tactics_needs_your_bajoran_involved():
    st, mine, worf, tactics, ambush = _tactics_scene("tactics-no", bajoran=False)
    st = act(st, {"type": "order", "card": ambush, "ability": 1})
    while st["pending"]["kind"] == "respond":
        assert {"type": "respond", "card": tactics, "ability": 1} not in options(st)
        st = act(st, {"type": "pass"})
    assert any(e["event"] == "combat" for e in st["log"])


def test_resistance_tactics_prevents_an_engagement_and_stops_the_ships_and_crews():
    st = started("tactics-eng")
    space = mission(st, 0, "T-S1")
    runabout = put(st, 0, "T-SF2", "ships", space)
    anara = real_in_play(st, 0, "T-F6", "1C207", "aboard", runabout)
    bird = put(st, 1, "T-SK", "ships", space)
    crew = [put(st, 1, g, "aboard", bird) for g in ("T-K1", "T-K3")]
    tactics = real_in_play(st, 0, "T-EV4", "1R109", "core", 0)
    pattern = put(st, 1, "T-EV2", "core", 1)
    st = turn_to(st, 1, "orders")
    st = act(st, {"type": "order", "card": pattern, "ability": 1})
    while st["pending"]["kind"] == "respond" and st["pending"]["seat"] == 1:
        st = act(st, {"type": "pass"})
    st = act(st, {"type": "respond", "card": tactics, "ability": 2})
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert all(st["cards"][i]["stopped"] for i in [runabout, anara, bird] + crew)
    assert not st["cards"][runabout]["damage"]  # "if you win, place it as damage" never happened
    assert any(e["event"] == "engagement_prevented" for e in st["log"]) and st.get("engagement") is None
    check_invariants(st)


# -- Process Identification 1U107 ------------------------------------------------------------
def test_process_identification_takes_one_and_places_the_others_on_the_bottom_in_the_order_chosen():
    """"Take one of those cards into hand and place the others on the bottom of your deck in
    any order": the player names them one at a time, the first named highest."""
    st = started("process-id", a="kli", b="fed")
    hq = mission(st, 0, "T-HQK")
    for g in ("T-K1", "T-K2", "T-K3"):
        iid = put(st, 0, g, "pile", hq)
        st["cards"][iid]["guid"] = "X-CAR"
    st["extra_cards"]["X-CAR"] = FX.personnel("X-CAR", "Glinn", "cardassian", {"Security": 1}, unique=False)
    event = real(st, 0, "T-EV4", "1U107", "hand")
    st = turn_to(st, 0, "play")
    top5 = list(st["seats"][0]["deck"][:5])
    st = act(st, {"type": "play", "card": event})
    st = act(st, {"type": "choose", "card": top5[2]})  # the one taken into hand
    rest = [top5[i] for i in (4, 0, 3, 1)]  # the order the player names them in
    for c in rest[:-1]:
        assert "bottom" in st["pending"]["prompt"] and {o["card"] for o in options(st)} >= {c}
        st = act(st, {"type": "choose", "card": c})
    assert top5[2] in st["seats"][0]["hand"]
    assert st["seats"][0]["deck"][-4:] == rest  # first named highest, last at the very bottom
    check_invariants(st)
