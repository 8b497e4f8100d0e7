""""Each of your opponents …" and "that opponent" in games of three players (RULES.md "Each of
your opponents"): every opponent is concerned, each for himself — never only the player on
your left, and never any opponent where the text names one. One test per card pattern, each
with the real card; each fails on the one-opponent reading. Also "take … from your discard
pile into hand" (`take_from_discard`): a must, its optionality only the text around it."""
from __future__ import annotations

from rules.startrek2e import state as S
from rules.startrek2e.effects import extra as X

from .helpers import act, check_invariants, find, mission, options, pass_responses, put, real, turn_to
from .test_multiplayer_engagements import started3


def _tng(st: dict) -> None:
    """Seat 0's Picard, Troi and Crusher are [TNG] (the fixture's cards get the icon) and at his
    headquarters."""
    for g in ("T-F1", "T-F7", "T-F2"):
        card = st["extra_cards"][g]
        st["extra_cards"][g] = {**card, "icons": sorted(set(card.get("icons") or []) | {"tng"})}
        put(st, 0, g, "pile", mission(st, 0, "T-HQF"))


def test_powerful_example_makes_each_opponent_destroy_one_of_his_own_events():
    """"Destroy your event to make each of your opponents destroy an event he or she commands":
    seat 1 (two events) and seat 2 (one) each choose one of their own — the player on the left
    is not offered seat 2's events, and seat 2 is not spared."""
    st = started3("powerful-3")
    _tng(st)
    mine = put(st, 0, "T-EV4", "core", 0)
    left = [put(st, 1, "T-EV2", "core", 1), put(st, 1, "T-EV2", "core", 1)]
    right = put(st, 2, "T-EV2", "core", 2)
    pe = real(st, 0, "T-I2", "2R083", "hand", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "play", "card": pe})
    while st["pending"]["seat"] == 0 and st["pending"]["kind"] == "choose":  # the cost: his own event
        st = act(st, {"type": "choose", "card": mine})
    st = pass_responses(st)
    assert st["pending"]["seat"] == 1 and {o["card"] for o in options(st)} == set(left)
    st = act(st, {"type": "choose", "card": left[0]})
    st = pass_responses(st)
    assert st["pending"]["seat"] == 2 and {o["card"] for o in options(st)} == {right}
    st = act(st, {"type": "choose", "card": right})
    st = pass_responses(st)
    assert [st["cards"][i]["zone"] for i in (mine, left[0], left[1], right)] == ["discard", "discard", "core", "discard"]
    check_invariants(st)


def test_peldor_joi_asks_each_opponent_and_each_takes_from_his_own_discard_pile():
    """"Each of your opponents may take a personnel from his or her discard pile into hand": seat 1
    and seat 2 are asked in turn; each who says yes takes one of his own (a must once he said yes:
    no "none" answer)."""
    st = started3("peldor-3")
    hq = mission(st, 0, "T-HQF")
    for g in ("T-F3", "T-F5", "T-F8"):  # three [Baj] personnel: the fixture's made Bajoran
        card = st["extra_cards"][g]
        st["extra_cards"][g] = {**card, "affiliations": ["bajoran"], "affiliation": "bajoran"}
        put(st, 0, g, "pile", hq)
    k1 = put(st, 1, "T-K1", "discard", 1)
    f2 = put(st, 2, "T-F4", "discard", 2)
    peldor = real(st, 0, "T-EV4", "2U051", "hand", 0)
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": peldor})
    asked = []
    while st["pending"]["kind"] in ("choose", "yes_no", "respond"):
        p = st["pending"]
        if p["kind"] == "respond":
            st = act(st, {"type": "pass"})
        elif p["kind"] == "yes_no":
            asked.append(p["seat"])
            st = act(st, {"type": "yes_no", "yes": True})
        else:
            assert {"type": "choose", "card": None} not in options(st)
            st = act(st, options(st)[0])
    assert asked == [1, 2]
    assert st["cards"][k1]["zone"] == "hand" and k1 in st["seats"][1]["hand"]
    assert st["cards"][f2]["zone"] == "hand" and f2 in st["seats"][2]["hand"]
    check_invariants(st)


def test_makbar_makes_only_the_opponents_with_a_captive_in_your_brig_discard():
    """"At the start of each of your turns, each of your opponents who has a captive in your brig
    must discard the top card of his or her deck": seat 2's personnel is in seat 0's brig, seat 1's
    is not — seat 2 discards, seat 1 (the player on the left) does not."""
    st = started3("makbar-3")
    real(st, 0, "T-F6", "1R246", "pile", mission(st, 0, "T-HQF"))
    captive = find(st, 2, "T-F5")
    S.move(st, captive, "brig", 0)
    top1, top2 = st["seats"][1]["deck"][0], st["seats"][2]["deck"][0]
    st = turn_to(st, 0, "turn_start")
    st = pass_responses(st)
    assert st["cards"][top2]["zone"] == "discard" and st["cards"][top1]["zone"] == "deck"
    check_invariants(st)


def test_michael_eddington_forbids_interrupts_only_to_the_opponent_whose_ship_is_engaged():
    """"While an opponent's ship is in an engagement at this mission, that opponent cannot play
    interrupts": seat 1's Eddington, seat 0's Galaxy engaged there — seat 0 cannot play interrupts,
    seat 2 (no ship in it) still can."""
    st = started3("eddington-3")
    space = mission(st, 0, "T-S1")
    galaxy = put(st, 0, "T-SF", "ships", space)
    for g in ("T-F1", "T-F3", "T-F5", "T-F7"):
        put(st, 0, g, "aboard", galaxy)
    bird = put(st, 1, "T-SK", "ships", space)
    for g in ("T-K1", "T-K2"):
        put(st, 1, g, "aboard", bird)
    real(st, 1, "T-K3", "2R127", "aboard", bird)
    st["engagement"] = {"seat": 1, "opp": 0, "mission": space, "attackers": [bird], "defenders": [galaxy]}
    assert X.interrupts_forbidden(st, 0)
    assert not X.interrupts_forbidden(st, 2)


def _stir_crazy(seed: str, completed_by: int):
    """Seat 0's Stir Crazy; seat 2 (on seat 0's right) begins an attempt of his planet mission;
    seat ``completed_by`` has completed a planet mission before."""
    st = started3(seed)
    stir = real(st, 0, "T-EV4", "3C058", "core", 0)
    st["seats"][completed_by]["completed"].append("planet")
    planet = mission(st, 2, "T-P2")
    for g in ("T-F2", "T-F5"):
        put(st, 2, g, "pile", planet)
    st = turn_to(st, 2, "orders")
    st = act(st, {"type": "attempt", "mission": planet})
    offered = False
    while st["pending"]["kind"] == "respond":
        use = [o for o in options(st) if o.get("card") == stir]
        offered = offered or bool(use)
        st = act(st, {"type": "pass"})
    return offered


def test_stir_crazy_reads_the_missions_of_the_player_on_your_right_only():
    """"When the player on your right begins a mission attempt, if he or she has already completed a
    mission of the same type": seat 1's completed planet mission does not count for seat 2's attempt."""
    assert _stir_crazy("stir-3-right", completed_by=2)
    assert not _stir_crazy("stir-3-left", completed_by=1)
