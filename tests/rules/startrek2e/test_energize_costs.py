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

