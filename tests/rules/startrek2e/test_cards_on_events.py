"""Cards placed on an event (issue 17; EFFECTS.md §4 "Cards on an event"; RULES.md "Cards placed on
an event"): the zone ``placed`` (effects/on_event.py), the verb ``place_on_event``, FILTER ``scope:
on_this_event``, the event leaving play, and face-down cards kept from the other players' views —
each played through the reducer with the real card that needs it."""
import json
import re

from rules.startrek2e import state as S
from rules.startrek2e import stats as ST
from rules.startrek2e import glossary as G
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card
from rules.startrek2e.game import GAME

from .helpers import act, check_invariants, find, mission, options, put, real, started, turn_to

DB = card_db()
_ID = re.compile(r'"(c[0-9]+)"')


def _seen(st: dict, viewer) -> set:
    """Every card id anywhere in ``viewer``'s view — seats, log, pending decision and its options."""
    return set(_ID.findall(json.dumps(GAME.view(st, viewer))))


def _as(st: dict, iid: str, key: str, **facts) -> str:
    """Re-deal the card ``iid`` as a fixture card ``key`` with other printed facts."""
    base = st["extra_cards"][st["cards"][iid]["guid"]]
    st["extra_cards"][key] = {**base, "id": key, **facts}
    st["cards"][iid]["guid"] = key
    return iid


def _borg(st: dict, seat: int, hq: str, guid: str, n: int) -> str:
    return _as(st, put(st, seat, guid, "pile", hq), f"X-BOR{n}", affiliations=["borg"])


# ---------------------------------------------------------------- Biological Distinctiveness 4U042
def test_biological_distinctiveness_places_a_personnel_you_command_but_do_not_own_and_counts_it():
    st = started("bio-dist")
    hq = mission(st, 0, "T-HQF")
    drones = [_borg(st, 0, hq, g, n) for n, g in enumerate(("T-F2", "T-F3", "T-F4"))]
    bd = real(st, 0, "T-EV1", "4U042", "core", 0)
    theirs = put(st, 1, "T-K1", "pile", hq)  # Worf, owned by seat 1, commanded by seat 0 (infiltrated)
    st["cards"][theirs]["commander"] = 0
    mine = put(st, 0, "T-F5", "pile", hq)  # owned and commanded by seat 0: not a choice
    before = ST.value(st, drones[0], "integrity")
    cunning, strength, plain = (ST.value(st, drones[1], "cunning"), ST.value(st, drones[2], "strength"),
                                ST.value(st, mine, "integrity"))
    st = turn_to(st, 0, "orders")
    assert {"type": "order", "card": bd, "ability": 5} in options(st)
    st = act(st, {"type": "order", "card": bd, "ability": 5})
    if st["pending"]["kind"] == "choose":  # the only choice may be asked or taken at once
        assert [o["card"] for o in st["pending"]["options"]] == [theirs]
        st = act(st, {"type": "choose", "card": theirs})
    c = st["cards"][theirs]
    assert (c["zone"], c["in"]) == ("placed", bd)
    assert not S.in_play(st, theirs) and S.commander(st, theirs) is None  # out of play, nobody commands him
    assert st["cards"][mine]["zone"] == "pile"
    # "each of your [Bor] personnel is attributes +1 for each personnel on this event"
    assert ST.value(st, drones[0], "integrity") == before + 1
    assert ST.value(st, drones[1], "cunning") == cunning + 1 and ST.value(st, drones[2], "strength") == strength + 1
    assert ST.value(st, mine, "integrity") == plain  # not [Bor]
    v = GAME.view(st, 1)
    event = next(e for e in v["seats"][0]["core"] if e["id"] == bd)
    assert [p["id"] for p in event["placed"]] == [theirs]  # placed face up: public
    check_invariants(st)
    # the event leaves play: the cards on it go to their owners' discard piles
    G.destroy(st, bd)
    assert st["cards"][theirs]["zone"] == "discard" and st["cards"][theirs]["in"] == 1
    assert ST.value(st, drones[0], "integrity") == before
    assert render_card(DB["4U042"])[2] == "Each of your [Bor] personnel is Integrity +1 for each personnel on this event."
    assert render_card(DB["4U042"])[5] == "Order - Place one of your personnel owned by an opponent on this event."
    check_invariants(st)


def test_the_order_is_not_offered_without_a_personnel_you_command_but_do_not_own():
    st = started("bio-dist-none")
    hq = mission(st, 0, "T-HQF")
    for n, g in enumerate(("T-F2", "T-F3", "T-F4")):
        _borg(st, 0, hq, g, n)
    bd = real(st, 0, "T-EV1", "4U042", "core", 0)
    st = turn_to(st, 0, "orders")
    assert not [o for o in options(st, "order") if o["card"] == bd]


def test_cards_placed_face_down_on_an_event_are_seen_only_by_their_owner():
    """The leak test: a face-down card on an event (taken from a hidden hand) shows in the other
    seats' views, log and events as ``{"id": null, "face_down": true}``; its owner and the judge
    see it. Played with a fixture event whose order places a card from hand face down (the real
    cards that place face down — You've Always Been My Favorite, Storage Compartment — are tested
    below with the same view check, check_invariants)."""
    extra = {"X-STASH": {"id": "X-STASH", "title": "Stash", "type": "event", "cost": 0, "mechanics": [
        {"kind": "event", "destroy_after": False},
        {"kind": "order", "effects": [{"place_on_event": {"choose": {"scope": "hand"}, "face_down": True}}]}]}}
    st = started("face-down", extra=extra)
    stash = find(st, 0, "T-EV1")
    st["cards"][stash]["guid"] = "X-STASH"
    S.move(st, stash, "core", 0)
    st["cards"][stash]["commander"] = 0
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": stash, "ability": 1})
    card = st["pending"]["options"][0]["card"]
    st = act(st, {"type": "choose", "card": card})
    assert st["cards"][card]["zone"] == "placed" and st["cards"][card]["face_down"]
    assert card not in _seen(st, 1) and card not in _seen(st, "spectator")
    assert card in _seen(st, 0) and card in _seen(st, "judge")
    shown = next(e for e in GAME.view(st, 1)["seats"][0]["core"] if e["id"] == stash)["placed"]
    assert shown == [{"id": None, "face_down": True, "owner": 0}]
    check_invariants(st)
    G.destroy(st, stash)  # off the event: face up again, in its owner's discard pile
    assert st["cards"][card]["zone"] == "discard" and "face_down" not in st["cards"][card]
    check_invariants(st)
