"""Reflections 2.0 (set 6, issue 17): the 6P### cards, played through the reducer with the real card
(MISSING.md "Reflections 2.0"; EFFECTS.md §4 "Reflections 2.0" names the constructs the set added)."""
from rules.startrek2e import stats as ST
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card

from .helpers import act, check_invariants, mission, options, put, real, respond, started, turn_to

DB = card_db()
FED_MISSIONS = ("T-P1", "T-P2", "T-S1", "T-S2")


def _play(st: dict, card: str, seat: int = 0) -> dict:
    st = turn_to(st, seat, "play")
    opts = [o for o in options(st) if o.get("card") == card]
    assert opts, "not playable"
    return act(st, opts[0])


def _set_missions(st: dict, **facts) -> None:
    """Give seat 0's non-headquarters missions (the fixture's) these printed facts."""
    for g in FED_MISSIONS:
        st["extra_cards"][g] = {**st["extra_cards"][g], **facts}


# ---------------------------------------------------------------- CONDITION each_mission
def test_uss_defiant_adds_5_counters_only_when_each_non_headquarters_mission_is_gamma_quadrant():
    """U.S.S. Defiant, Repurposed Warship: "When you play this ship, if each of your non-headquarters
    missions is a [GQ] mission, you may spend 5 additional counters this turn." Seat 0's four missions
    all [GQ]: played for its 7 counters, the response leaves 5 to spend; one [AQ] mission (the
    fixture's Survey Planet): no response is offered and no counter comes."""
    for quadrant, expected in (("gamma", 5), (None, 0)):
        st = started(f"defiant-{quadrant}")
        if quadrant:
            _set_missions(st, quadrant=quadrant)
        defiant = real(st, 0, "T-SF", "6P061", "hand", 0)
        st = _play(st, defiant)
        offered = st["pending"]["kind"] == "respond" and any(o.get("card") == defiant for o in options(st))
        assert offered == bool(quadrant)
        st = respond(st, defiant)
        assert st["cards"][defiant]["zone"] == "ships"
        assert st["seats"][0]["counters"] == expected
        check_invariants(st)
    assert render_card(DB["6P061"]) == ["When you play this ship, if each of your non-headquarters missions is a [GQ] "
                                        "mission, you may spend 5 additional counters this turn."]


def test_yarka_makes_bajorans_present_attributes_plus_1_while_each_mission_is_bajoran():
    """Yarka: "While each of your non-headquarters missions is a [Baj] mission, each of your Bajorans
    present is attributes +1." Yarka and a Bajoran ensign at seat 0's headquarters: +1 to each of
    their attributes when every non-headquarters mission is [Baj]; nothing while one is not."""
    st = started("yarka")
    hq = mission(st, 0, "T-HQF")
    yarka = real(st, 0, "T-F7", "6P041", "pile", hq)
    ensign = put(st, 0, "T-F6", "pile", hq)
    st["extra_cards"]["T-F6"] = {**st["extra_cards"]["T-F6"], "species": "Bajoran"}
    human = put(st, 0, "T-F5", "pile", hq)
    base = {c: ST.value(st, c, "cunning") for c in (yarka, ensign, human)}
    _set_missions(st, attempt_affiliations=["bajoran"])
    assert [ST.value(st, c, "cunning") - base[c] for c in (yarka, ensign, human)] == [1, 1, 0]
    assert ST.value(st, ensign, "integrity") == 6 and ST.value(st, ensign, "strength") == 6
    st["extra_cards"]["T-S2"] = {**st["extra_cards"]["T-S2"], "attempt_affiliations": ["federation"]}
    assert [ST.value(st, c, "cunning") - base[c] for c in (yarka, ensign, human)] == [0, 0, 0]
    check_invariants(st)


# ---------------------------------------------------------------- engagement_began_by on engagement_ended
def _engagement(seed: str, began_by_lamat: bool) -> tuple:
    st = started(seed, a="kli", b="fed")
    m = mission(st, 1, "T-S1")
    base = st["extra_cards"]["T-EV2"]
    st["extra_cards"]["X-RAID"] = {**base, "id": "X-RAID", "title": "Raid", "mechanics": [
        {"kind": "event"},
        {"kind": "order", "cost": [{"destroy": {"self": True}}], "effects": [{"begin_engagement": {}, "win": []}]}]}
    bird = put(st, 0, "T-SK", "ships", m)
    crew = [put(st, 0, g, "aboard", bird) for g in ("T-K1", "T-K3")]
    lamat = real(st, 0, "T-K2", "6P048", "pile", mission(st, 0, "T-HQK"))  # not involved: a stopped card's text
    # does not work (rulebook "Stopped"), and the engagement stops those involved
    st["cards"][bird]["range_used"] = 5
    runabout = put(st, 1, "T-SF2", "ships", m)
    put(st, 1, "T-F8", "aboard", runabout)
    seat = 0 if began_by_lamat else 1
    raids = [put(st, seat, "T-EV2", "core", seat) for _ in range(2)]
    for r in raids:
        st["cards"][r]["guid"] = "X-RAID"
    st = turn_to(st, seat, "orders")
    if not began_by_lamat:
        st["cards"][runabout]["range_used"] = 0
        st["cards"][bird]["stopped"] = False
    st = act(st, {"type": "order", "card": raids[0], "ability": 1})
    return st, bird, crew + [lamat], raids


def test_lamat_ukan_unstops_and_restores_range_after_an_engagement_you_began():
    """Lamat'Ukan: "When an engagement you began ends, you may unstop each of your personnel and ships
    involved and restore all Range those ships have used this turn. You cannot begin any other
    engagements this turn." Seat 0's Bird (Range used 5) begins an engagement: when it ends Lamat'Ukan,
    at seat 0's headquarters, unstops the Bird and its crew, gives the Range back, and a second engagement
    order does nothing."""
    st, bird, crew, raids = _engagement("lamat-ukan", True)
    lamat = crew[-1]
    assert st["pending"]["kind"] == "respond"
    while st["pending"]["kind"] == "respond" and not any(o.get("card") == lamat for o in options(st)):
        st = act(st, {"type": "pass"})
    st = respond(st, lamat)
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert not st["cards"][bird]["stopped"] and not any(st["cards"][c]["stopped"] for c in crew[:-1])
    assert st["cards"][bird]["range_used"] == 0
    engagements = sum(e["event"] == "engagement" for e in st["log"])
    if {"type": "order", "card": raids[1], "ability": 1} in options(st):
        st = respond(act(st, {"type": "order", "card": raids[1], "ability": 1}))
    assert sum(e["event"] == "engagement" for e in st["log"]) == engagements
    check_invariants(st)


def test_lamat_ukan_does_not_answer_an_engagement_an_opponent_began():
    """The engagement seat 1 began against the Bird ends: Lamat'Ukan's response is never offered."""
    st, bird, crew, _ = _engagement("lamat-ukan-theirs", False)
    lamat = crew[-1]
    while st["pending"] and st["pending"]["kind"] == "respond":
        assert not any(o.get("card") == lamat for o in options(st))
        st = act(st, {"type": "pass"})
    assert any(e["event"] == "engagement" for e in st["log"])
    assert "if you began that engagement" in render_card(DB["6P048"])[0]
    check_invariants(st)
