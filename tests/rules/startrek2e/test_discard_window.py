"""About to be placed in your discard pile (issue 17; EFFECTS.md §1 trigger event
``about_to_place_in_discard_pile``; RULES.md "About to be placed in your discard pile"): the window
fired on every road a card takes to its owner's discard pile (``glossary.to_discard_pile``: killed,
destroyed, destroyed after play, discarded, placed by a text; ``glossary.played_to_discard``: a played
interrupt), answered by an "instead" that takes the card elsewhere; ``placed_in_discard_pile`` fires
only when the window closes with the card still there. Played with the real Vorta Cloning 3C067,
Jadzia Dax 4R139 and Odo 4R130."""
from rules.startrek2e import flow
from rules.startrek2e import glossary as G
from rules.startrek2e import state as S
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card

from .helpers import act, check_invariants, find, mission, options, put, real, redeal, respond, started, turn_to

DB = card_db()


def _settle(st: dict) -> dict:
    """After a glossary act done outside the reducer (as an order's verb would): the game goes on
    from the orders step, serving the windows it opened first."""
    st["pending"] = None
    return flow.advance(st)


def _offered(st: dict, card: str) -> bool:
    return st["pending"]["kind"] == "respond" and any(o.get("card") == card for o in options(st))


# ---------------------------------------------------------------- Vorta Cloning 3C067
def test_vorta_cloning_takes_a_killed_vorta_into_hand_instead_for_a_card_removed_from_hand():
    st = started("vorta-cloning")
    hq = mission(st, 0, "T-HQF")
    vorta = redeal(st, put(st, 0, "T-F2", "pile", hq), "X-VORTA", species="Vorta")
    other = put(st, 0, "T-F3", "pile", hq)
    cloning = real(st, 0, "T-EV1", "3C067", "core", 0)
    st = turn_to(st, 0, "orders")
    hand = list(st["seats"][0]["hand"])
    assert hand
    G.kill(st, other)  # not a Vorta: no window, straight to the pile
    st = _settle(st)
    assert st["cards"][other]["zone"] == "discard" and not _offered(st, cloning)
    G.kill(st, vorta)
    st = _settle(st)
    assert _offered(st, cloning)  # the Vorta waits in the pile while the window is open
    st = act(st, {"type": "respond", "card": cloning, "ability": 1})
    paid = hand[0]
    st = act(st, {"type": "choose", "card": paid})  # the card revealed and removed from the game
    st = respond(st)
    assert st["cards"][vorta]["zone"] == "hand" and st["cards"][vorta]["in"] == 0
    assert st["cards"][paid]["zone"] == "out"
    assert render_card(DB["3C067"])[1].startswith(
        "When you are about to place a Vorta personnel in your discard pile, you may reveal a card in your hand")
    check_invariants(st)


def test_vorta_cloning_is_not_offered_without_a_card_in_hand_and_the_vorta_stays_discarded():
    st = started("vorta-cloning-empty")
    hq = mission(st, 0, "T-HQF")
    vorta = redeal(st, put(st, 0, "T-F2", "pile", hq), "X-VORTA", species="Vorta")
    cloning = real(st, 0, "T-EV1", "3C067", "core", 0)
    st = turn_to(st, 0, "orders")
    for c in list(st["seats"][0]["hand"]):
        S.move(st, c, "deck", 0)
    G.kill(st, vorta)
    st = _settle(st)
    assert not _offered(st, cloning)
    assert st["cards"][vorta]["zone"] == "discard"


def test_placed_in_discard_pile_fires_once_the_window_closes_with_the_card_still_there():
    """A text hearing ``placed_in_discard_pile`` (a fixture event: "when you place a card in your discard
    pile, score 5 points") is not heard while Vorta Cloning's window is open for the same card; it is
    heard once that window is passed — and never when the card was taken into hand instead."""
    hear = {"X-HEAR": {"id": "X-HEAR", "title": "Hearer", "type": "event", "cost": 0, "mechanics": [
        {"kind": "event", "destroy_after": False},
        {"kind": "trigger", "on": "placed_in_discard_pile", "effects": [{"score": {"amount": 5}}]}]}}
    st = started("after-window", extra=hear)
    hq = mission(st, 0, "T-HQF")
    first = redeal(st, put(st, 0, "T-F2", "pile", hq), "X-VORTA", species="Vorta")
    second = redeal(st, put(st, 0, "T-F3", "pile", hq), "X-VORTA", species="Vorta")
    cloning = real(st, 0, "T-EV1", "3C067", "core", 0)
    hearer = put(st, 0, "T-EV2", "core", 0)
    st["cards"][hearer]["guid"] = "X-HEAR"
    st = turn_to(st, 0, "orders")
    score = st["seats"][0]["score"]
    G.kill(st, first)
    assert st["windows"][0]["event"] == "about_to_place_in_discard_pile" and st["seats"][0]["score"] == score
    st = _settle(st)
    assert _offered(st, cloning)
    st = respond(st)  # passed: now it has been placed
    assert st["cards"][first]["zone"] == "discard" and st["seats"][0]["score"] == score + 5
    G.kill(st, second)
    st = _settle(st)
    st = act(st, {"type": "respond", "card": cloning, "ability": 1})
    st = act(st, {"type": "choose", "card": st["seats"][0]["hand"][0]})
    st = respond(st)
    assert st["cards"][second]["zone"] == "hand" and st["seats"][0]["score"] == score + 5  # never placed
    check_invariants(st)


# ---------------------------------------------------------------- Jadzia Dax 4R139
def test_jadzia_dax_places_an_event_destroyed_after_play_on_the_bottom_of_the_deck_instead():
    st = started("jadzia-dax")
    hq = mission(st, 0, "T-HQF")
    jadzia = real(st, 0, "T-F7", "4R139", "pile", hq)
    supply = find(st, 0, "T-EV4")  # Supply Run: destroyed after its play
    S.move(st, supply, "hand", 0)
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": supply})
    while st["pending"]["kind"] == "respond" and not _offered(st, jadzia):
        st = act(st, {"type": "pass"})
    assert _offered(st, jadzia)
    st = act(st, {"type": "respond", "card": jadzia, "ability": 0})
    st = respond(st)
    assert st["seats"][0]["deck"][-1] == supply  # the bottom of its owner's deck
    assert st["cards"][jadzia]["stopped"]  # the cost
    assert render_card(DB["4R139"]) == [
        "When you are about to place an event in your discard pile, you may stop this personnel to place that "
        "card on the bottom of its owner's deck."]
    check_invariants(st)


def test_jadzia_dax_is_not_offered_for_a_personnel_nor_when_stopped():
    st = started("jadzia-dax-no")
    hq = mission(st, 0, "T-HQF")
    jadzia = real(st, 0, "T-F7", "4R139", "pile", hq)
    victim = put(st, 0, "T-F3", "pile", hq)
    ev = put(st, 0, "T-EV2", "core", 0)
    st = turn_to(st, 0, "orders")
    G.kill(st, victim)
    st = _settle(st)
    assert not _offered(st, jadzia)
    st["cards"][jadzia]["stopped"] = True
    G.destroy(st, ev)
    st = _settle(st)
    assert not _offered(st, jadzia) and st["cards"][ev]["zone"] == "discard"


# ---------------------------------------------------------------- Odo 4R130
def test_odo_places_a_played_infiltration_interrupt_on_top_of_the_deck_while_present_with_an_opponent():
    st = started("odo")
    hq = mission(st, 0, "T-HQF")
    odo = real(st, 0, "T-F7", "4R130", "pile", hq)
    intruder = put(st, 1, "T-K1", "pile", hq)  # an opponent's personnel present with Odo
    lucky = redeal(st, find(st, 0, "T-I2"), "X-INF", keywords=["Infiltration"])
    S.move(st, lucky, "hand", 0)
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": lucky})
    assert _offered(st, odo)
    st = act(st, {"type": "respond", "card": odo, "ability": 0})
    st = respond(st)
    assert st["seats"][0]["deck"][0] == lucky  # on top of the deck, before its download resolves
    while st["pending"]["kind"] == "choose":  # Lucky Find's download: take nothing
        st = act(st, {"type": "choose", "card": None})
    assert st["cards"][lucky]["zone"] == "deck"
    check_invariants(st)
    assert render_card(DB["4R130"]) == [
        "When you are about to place an Infiltration card in your discard pile, if this personnel is present with an "
        "opponent's personnel, you may place that card on top of its owner's deck."]
    S.move(st, intruder, "discard", 1)  # no opponent's personnel present: not offered
    lucky2 = redeal(st, find(st, 0, "T-I2"), "X-INF", keywords=["Infiltration"])
    S.move(st, lucky2, "hand", 0)
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": lucky2})
    assert not _offered(st, odo)
