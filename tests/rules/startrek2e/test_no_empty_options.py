"""Options that would change nothing are not offered (RULES.md "Options that do nothing are
not offered"; effects/useful.py): each test plays the real Premiere card through the reducer
and checks the list of legal actions."""
from __future__ import annotations

from rules.startrek2e import state as S
from rules.startrek2e.cards import card_db

from .helpers import act, check_invariants, mission, options, pass_responses, put, started, turn_to
from .test_premiere_ships import real

DB = card_db()


def test_robin_lefler_lists_only_stopped_personnel_with_somewhere_to_beam():
    """Robin's stopped crew on the planet may beam up to your Galaxy there; a stopped
    personnel aboard your stopped runabout has nowhere to go (beaming uses an unstopped ship
    of yours) and is not listed."""
    st = started("lefler-nowhere")
    planet = mission(st, 0, "T-P1")
    put(st, 0, "T-SF", "ships", planet)
    runabout = put(st, 0, "T-SF2", "ships", planet)
    robin = real(st, 0, "1U282", "pile", planet)
    tired = put(st, 0, "T-F1", "pile", planet)
    stranded = put(st, 0, "T-F5", "aboard", runabout)
    for i in (tired, stranded, runabout):
        st["cards"][i]["stopped"] = True
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": robin, "ability": 0})
    assert {o["card"] for o in st["pending"]["options"]} == {tired, robin, None}
    check_invariants(st)


def test_dimensional_shifting_offers_only_ships_someone_of_yours_could_go_aboard():
    """A ship at a mission where all your personnel and equipment are already aboard it is
    not offered; the opponent's ship at the planet where your personnel stand is."""
    st = started("shifting-aboard")
    planet, space = mission(st, 0, "T-P1"), mission(st, 0, "T-S1")
    bird = put(st, 1, "T-SK", "ships", planet)
    put(st, 1, "T-K1", "aboard", bird)
    picard = put(st, 0, "T-F1", "pile", planet)
    galaxy = put(st, 0, "T-SF", "ships", space)
    put(st, 0, "T-F5", "aboard", galaxy)  # your only card at that mission is aboard already
    shifting = real(st, 0, "1R125")
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "play", "card": shifting})
    assert [o["card"] for o in st["pending"]["options"]] == [bird]
    st = act(st, {"type": "choose", "card": bird})
    assert {o["card"] for o in st["pending"]["options"]} == {picard, None}
    check_invariants(st)


def test_blind_spot_may_follow_when_the_move_can_be_paid():
    """Counterpart of test_premiere_ships' 'cannot follow' test: with next turn's Range free,
    the follow is offered and made."""
    st = started("blind-near")
    start, dest = mission(st, 0, "T-S1"), mission(st, 0, "T-P1")
    galaxy = put(st, 0, "T-SF", "ships", start)
    for g in ("T-F1", "T-F2", "T-F3", "T-F4"):
        put(st, 0, g, "aboard", galaxy)
    bird = put(st, 1, "T-SK", "ships", start)
    for g in ("T-K1", "T-K2"):
        put(st, 1, g, "aboard", bird)
    spot = real(st, 1, "1C081", "attached", bird)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "move", "ship": galaxy, "to": dest})
    st = pass_responses(act(st, {"type": "respond", "card": spot, "ability": 1}))
    assert S.mission_of(st, bird) == dest


def test_condition_captive_offers_only_a_captive_you_could_command():
    """"Put your captive into play under your command": a unique captive whose copy you
    already command cannot be, so choosing him would do nothing; he is not offered."""
    st = started("captive-unique", a="kli", b="fed")
    hq = mission(st, 0, "T-HQK")
    worf = put(st, 0, "T-K1", "pile", hq)
    captives = [put(st, 1, g, "pile", mission(st, 1, "T-HQF")) for g in ("T-F1", "T-F5")]
    for c in captives:
        S.move(st, c, "brig", 0)
        st["cards"][c].update(commander=None, stopped=False)
    st["cards"][captives[0]]["guid"] = st["cards"][worf]["guid"]  # a second Worf, his owner's
    condition = real(st, 0, "1R124")
    st = turn_to(st, 0, "orders")
    st = pass_responses(act(st, {"type": "play", "card": condition}))
    st = act(st, {"type": "choose", "card": hq})  # your headquarters mission
    assert [o["card"] for o in st["pending"]["options"]] == [captives[1]]
    st = act(st, {"type": "choose", "card": captives[1]})
    assert st["cards"][captives[1]]["in"] == hq and S.commander(st, captives[1]) == 0
    check_invariants(st)


def test_kevin_uxbridge_does_not_offer_an_event_that_cannot_leave_play():
    """Engage Cloak with a ship on it cannot leave play: destroying it would do nothing."""
    st = started("uxbridge", a="kli", b="fed")
    cloak = real(st, 1, "1R087", "core", 1)
    galaxy = put(st, 1, "T-SF", "ships", mission(st, 1, "T-HQF"))
    st["cards"][cloak]["ships"] = []
    S.move(st, galaxy, "ships", cloak)
    other = put(st, 1, "T-EV1", "core", 1)
    kevin = real(st, 0, "1R129")
    st["seats"][0]["score"] = 5
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "play", "card": kevin})
    st = pass_responses(st)
    assert {o["card"] for o in st["pending"]["options"]} == {other}


def _kurn_scene(seed: str, kurns_ship_stopped: bool):
    """Seat 0's Galaxy begins an engagement against seat 1's Bird; seat 1's Kurn is aboard
    another Klingon ship at that mission."""
    st = started(seed)
    space = mission(st, 0, "T-S1")
    galaxy = put(st, 0, "T-SF", "ships", space)
    for g in ("T-F1", "T-F2", "T-F3", "T-F7"):
        put(st, 0, g, "aboard", galaxy)
    bird, other = put(st, 1, "T-SK", "ships", space), put(st, 1, "T-SK", "ships", space)
    put(st, 1, "T-K1", "aboard", bird)
    put(st, 1, "T-K3", "aboard", bird)
    kurn = real(st, 1, "1R309", "aboard", other)  # Kurn: command icon, [Kli]
    put(st, 1, "T-K3", "aboard", other)
    st["cards"][other]["stopped"] = kurns_ship_stopped
    attack = put(st, 0, "T-EV2", "core", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": attack, "ability": 1})
    if st["pending"]["kind"] == "choose":  # the opponent's ship
        st = act(st, {"type": "choose", "card": bird})
    return st, kurn, other


def test_kurn_may_have_his_ship_join_only_when_it_can():
    st, kurn, other = _kurn_scene("kurn-joins", kurns_ship_stopped=False)
    assert {"type": "respond", "card": kurn, "ability": 0} in options(st)
    st = pass_responses(act(st, {"type": "respond", "card": kurn, "ability": 0}))
    assert st["cards"][other]["stopped"] is False  # the defenders are not stopped by the rules
    assert any(e["event"] == "joined_engagement" and e["ship"] == other for e in st["log"])
    st, kurn, other = _kurn_scene("kurn-stopped", kurns_ship_stopped=True)
    assert not (st["pending"] and {"type": "respond", "card": kurn, "ability": 0} in st["pending"]["options"])


def test_iks_lukara_with_no_weapons_left_is_not_asked_to_add_them():
    """Adding 0 to a total changes nothing: the yes/no question is not asked."""
    st = started("lukara-zero", a="kli", b="fed")
    planet = mission(st, 0, "T-P1")
    lukara = real(st, 0, "1U400", "ships", planet)
    st["mods"].append({"card": lukara, "stat": "weapons", "amount": -8, "until": "permanent"})
    put(st, 0, "T-K1", "pile", planet)
    for g in ("T-F5", "T-F1"):
        put(st, 1, g, "pile", planet)
    ambush = put(st, 0, "T-EV3", "core", 0)
    st = turn_to(st, 0, "orders")
    st = pass_responses(act(st, {"type": "order", "card": ambush, "ability": 1}))
    assert st["pending"]["kind"] != "yes_no"
    assert next(e for e in st["log"] if e["event"] == "combat")["strength"] == 9


def test_whether_a_free_you_may_is_asked_never_depends_on_the_hand():
    """A "you may" whose effect picks from the hand is treated as able to change something:
    asking or not asking it is public, and must not tell the opponent what the hand holds."""
    from rules.startrek2e.effects import filters as F
    from rules.startrek2e.effects.useful import may_change
    st = started("may-hand")
    src = mission(st, 0, "T-HQF")
    for i in list(st["seats"][0]["hand"]):
        S.move(st, i, "discard", 0)
    ctx = F.ctx_for(st, src, you=0)
    place = [{"place_on_deck_top": {"choose": {"scope": "hand", "owner": "you", "type": "personnel"}, "count": 1}}]
    assert may_change(st, place, ctx)  # an empty hand: still "could" (hidden)
    ships = [{"place_on_deck_top": {"choose": {"type": "ship", "owner": "you"}, "count": 1}}]
    assert not may_change(st, [{"remove_damage": {"choose": {"type": "ship", "owner": "you"}}}], ctx)
    assert may_change(st, ships, ctx) is False  # no ship of yours in play: public, provably nothing
