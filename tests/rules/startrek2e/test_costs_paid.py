"""Costs are paid, not prevented (RULES.md "Costs are paid, not prevented"): a stop or a kill
that is a text's COST fires no "about to be stopped/killed" window, so no response can undo
the payment; the same verb as an EFFECT can still be prevented. Each test plays the real
Premiere card (Kovat 1U243, Arrest Order 1R122, Corbin Entek 1R230, Trazko 1R226) against a
made-up prevention text."""
from __future__ import annotations

from rules.startrek2e import glossary as G
from rules.startrek2e import state as S

from . import fixtures as FX
from .helpers import act, check_invariants, find, mission, options, put, real, started, turn_to
from .test_premiere_attempts import _kovat_scene
from rules.startrek2e.effects import frames as FR

SPARE_MINE = FX.card("X-SPARE", "Last Stand", "interrupt", cost=0, mechanics=[
    {"kind": "interrupt", "when": "about_to_be_killed", "if": {"trigger_card": {"owned_by": "you"}},
     "effects": [{"prevent": {}}]}])
HOLD_ON = FX.card("X-HOLD", "Hold the Line", "event", cost=0, mechanics=[
    {"kind": "event"},
    {"kind": "trigger", "on": "about_to_be_stopped", "optional": True, "if": {"trigger_card": {"owner": "you"}},
     "effects": [{"prevent": {}}]}])


def _give(st: dict, seat: int, card: dict, zone: str, holder, old: str | None = None) -> str:
    """``seat``'s card (``old``, or his first event) becomes the fixture ``card`` in ``zone``;
    a "when" interrupt is registered as its deck list would (setup does this for real decks)."""
    st["extra_cards"][card["id"]] = card
    iid = find(st, seat, old or ("T-EV4" if seat == 0 else "T-EV1"))
    st["cards"][iid]["guid"] = card["id"]
    S.move(st, iid, zone, holder)
    if zone in S.IN_PLAY:
        st["cards"][iid].update(commander=seat, stopped=False)
    for ab in S.abilities(st, iid, "interrupt"):
        if ab.get("when") and ab["when"] not in st["seats"][seat]["when_events"]:
            st["seats"][seat]["when_events"].append(ab["when"])
    return iid


def test_kovat_kills_your_captive_as_a_cost_its_owner_cannot_prevent_it():
    st, m, kovat, team, prisoner = _kovat_scene("kovat-cost")
    spare = _give(st, 1, SPARE_MINE, "hand", 1)
    from .helpers import attempt
    st = attempt(st, m)
    st = act(st, {"type": "action", "card": kovat, "ability": 0})
    st = act(st, {"type": "choose", "card": prisoner})
    assert st["cards"][prisoner]["zone"] == "discard"  # killed: the cost is paid
    assert spare in st["seats"][1]["hand"]  # nobody was asked to prevent it
    assert st["cards"][m].get("completed")  # and the +3 happened
    check_invariants(st)


def test_corbin_entek_kills_his_captive_as_a_cost_its_owner_cannot_prevent_it():
    """Corbin Entek: "Order - Kill your captive to destroy an event that captive's owner
    commands." The kill is the cost (issue 12, pattern 8): the captive's owner is not asked to
    prevent it — he used to be, and then lost his event all the same."""
    st = started("entek-cost", a="kli", b="fed")
    hq = mission(st, 0, "T-HQK")
    entek = real(st, 0, "T-K6", "1R230", "pile", hq)
    prisoner = put(st, 1, "T-F1", "pile", mission(st, 1, "T-HQF"))
    G.place_in_brig(st, prisoner, 0)
    spare = _give(st, 1, SPARE_MINE, "hand", 1)
    event = _give(st, 1, HOLD_ON, "core", 1, old="T-F2")
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": entek, "ability": 0})
    if st["pending"]["kind"] == "choose" and prisoner in [o.get("card") for o in st["pending"]["options"]]:
        st = act(st, {"type": "choose", "card": prisoner})
    assert not (st["pending"]["kind"] == "respond" and st["pending"]["seat"] == 1)  # nobody was asked
    assert st["cards"][prisoner]["zone"] == "discard" and spare in st["seats"][1]["hand"]
    if st["pending"]["kind"] == "choose":  # the event to destroy
        st = act(st, {"type": "choose", "card": event})
    assert st["cards"][event]["zone"] == "discard"
    check_invariants(st)


def test_trazko_kills_as_an_effect_its_owner_may_prevent_it():
    """The control: the same prevention answers a kill made by an effect (Trazko: "Return this
    personnel to his owner's hand to kill an opponent's Treachery personnel present" — the
    return is the cost, the kill the effect)."""
    st = started("trazko-effect", a="kli", b="fed")
    planet = mission(st, 0, "T-P1")
    trazko = real(st, 0, "T-K6", "1R226", "pile", planet)
    victim = put(st, 1, "T-F1", "pile", planet)
    st["extra_cards"]["X-TRE"] = FX.personnel("X-TRE", "Schemer", "federation", {"Treachery": 1})
    st["cards"][victim]["guid"] = "X-TRE"
    spare = _give(st, 1, SPARE_MINE, "hand", 1)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": trazko, "ability": 0})
    if st["pending"]["kind"] == "choose":
        st = act(st, {"type": "choose", "card": victim})
    assert st["cards"][trazko]["zone"] == "hand"  # the cost is paid first
    assert st["pending"]["kind"] == "respond" and st["pending"]["seat"] == 1
    st = act(st, {"type": "respond", "card": spare, "ability": 0})
    assert st["cards"][victim]["zone"] == "pile"  # spared


def test_arrest_order_stops_its_personnel_as_a_cost_no_response_prevents_it():
    st = started("arrest-cost")
    planet = mission(st, 0, "T-P1")
    garak = real(st, 0, "T-F6", "1R236", "pile", planet)  # a [Car] Security personnel
    real(st, 0, "T-EQ1", "1U063", "pile", planet)  # a Cardassian Phaser Pistol
    victim = put(st, 1, "T-K1", "pile", planet)
    hold = _give(st, 0, HOLD_ON, "core", 0)
    order = real(st, 0, "T-I2", "1R122")
    S.move(st, order, "hand", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "play", "card": order})
    if st["pending"]["kind"] == "choose":
        st = act(st, {"type": "choose", "card": garak})
    assert not (st["pending"]["kind"] == "respond" and {"type": "respond", "card": hold, "ability": 1}
                in st["pending"]["options"])
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert st["cards"][garak]["stopped"] and st["cards"][victim]["zone"] == "brig"
    check_invariants(st)


def test_hold_the_line_prevents_a_stop_made_by_an_effect():
    """The control for Arrest Order: the made-up response does answer a stop by an effect."""
    st = started("hold-effect")
    planet = mission(st, 0, "T-P1")
    picard = put(st, 0, "T-F1", "pile", planet)
    hold = _give(st, 0, HOLD_ON, "core", 0)
    from rules.startrek2e import flow
    from rules.startrek2e.effects import filters as F
    st = turn_to(st, 0, "orders")
    FR.push(st, [{"stop": {"all": {"type": "personnel", "owner": "you"}}}], F.ctx_for(st, picard, you=0))
    st["pending"] = None
    st = flow.advance(st)
    assert {"type": "respond", "card": hold, "ability": 1} in options(st)
    st = act(st, {"type": "respond", "card": hold, "ability": 1})
    assert not st["cards"][picard]["stopped"]
