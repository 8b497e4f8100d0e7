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
    for cid in ("1S084", "1C079", "1R114", "1C088", "1C130", "1U264"):
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
