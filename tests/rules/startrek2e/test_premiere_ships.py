"""The st-ships Premiere cards, each played as the real card (its authored mechanics from the
card database) through the reducer: ships on an event (Engage Cloak, Nelvana Trap, Valdore),
the span rule of Deep Space 9, ships following a moving ship (Pursuit Course, Blind Spot), a
ship's Commander (Inspiring Leader), Weapons added to a combat (I.K.S. Lukara), unused Range
(Graviton Ellipse), playing aboard a ship (Telek R'Mor), "unless you choose to" (Sympathetic
Magic), placing aboard any ship (Dimensional Shifting) and beaming stopped personnel (Robin
Lefler)."""
from __future__ import annotations

from rules.startrek2e import flow
from rules.startrek2e import glossary as G
from rules.startrek2e import state as S
from rules.startrek2e import stats as ST
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects import filters as F
from rules.startrek2e.game import GAME
from rules.startrek2e.orders import move_options
from rules.startrek2e.play import destinations
from rules.startrek2e.setup import HOSTS

from . import fixtures as FX
from .helpers import act, check_invariants, mission, options, pass_responses, put, started, turn_to

DB = card_db()


def real(st: dict, seat: int, cid: str, zone: str = "hand", holder=None) -> str:
    """A card of ``seat`` (the bottom of his deck) becomes the Premiere card ``cid`` as
    authored, and goes to ``zone`` (of ``holder``; default his own seat zone)."""
    iid = st["seats"][seat]["deck"][-1]
    c = st["cards"][iid]
    c["guid"] = cid
    for z in HOSTS.get(DB[cid]["type"], ()):
        c.setdefault(z, [])
    S.move(st, iid, zone, seat if holder is None else holder)
    if zone in S.IN_PLAY:
        c["commander"], c["stopped"] = seat, False
        if DB[cid]["type"] == "ship":
            c["range_used"] = 0
    for ab in S.abilities(st, iid, "interrupt"):  # as setup does for the deck list
        if ab.get("when") and ab["when"] not in st["seats"][seat]["when_events"]:
            st["seats"][seat]["when_events"].append(ab["when"])
    return iid


def fixture(st: dict, seat: int, card: dict, zone: str, holder) -> str:
    """A fixture card made up for the scene (as :func:`real`)."""
    st["extra_cards"][card["id"]] = card
    iid = st["seats"][seat]["deck"][-1]
    st["cards"][iid]["guid"] = card["id"]
    for z in HOSTS.get(card["type"], ()):
        st["cards"][iid].setdefault(z, [])
    S.move(st, iid, zone, holder)
    if zone in S.IN_PLAY:
        st["cards"][iid]["commander"], st["cards"][iid]["stopped"] = seat, False
        if card["type"] == "ship":
            st["cards"][iid]["range_used"] = 0
    return iid


ROMULANS = [FX.personnel(f"X-R{n}", f"Romulan {n}", "romulan", {"Security": 1}, ("command",), species="Romulan")
            for n in range(1, 5)]
WARBIRD = FX.ship("X-WB", "Warbird", "romulan", ("command", "staff"), rng=8, weapons=9, shields=8)
WARBIRD["keywords"] = ["Cloaking Device"]


def crewed(st: dict, seat: int, ship_card: dict | str, at: str, crew: list) -> str:
    """A ship (fixture or real id) at ``at`` with the given fixture crew aboard."""
    ship = real(st, seat, ship_card, "ships", at) if isinstance(ship_card, str) else fixture(st, seat, ship_card, "ships", at)
    for p in crew:
        fixture(st, seat, p, "aboard", ship)
    return ship


def _reanswer(st: dict) -> dict:
    st["pending"] = None
    return flow.advance(st)


# -- Engage Cloak 1R087 ------------------------------------------------------------------
def test_engage_cloak_places_a_staffed_cloaking_ship_on_the_event_and_back_at_any_mission():
    st = started("cloak")
    hq, far = mission(st, 0, "T-HQF"), mission(st, 1, "T-S3")
    ship = crewed(st, 0, WARBIRD, hq, ROMULANS[:2])
    plain = put(st, 0, "T-SF", "ships", hq)  # no Cloaking Device: never offered
    ev = real(st, 0, "1R087")
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": ev})
    assert st["cards"][ev]["zone"] == "core"
    st = act(st, {"type": "end_play"}) if options(st, "end_play") else st
    st = turn_to(st, 0, "orders")
    cloak = {"type": "order", "card": ev, "ability": 2}
    assert cloak in options(st, "order") and {"type": "order", "card": ev, "ability": 4} not in options(st, "order")
    st = act(st, cloak)
    assert [o["card"] for o in st["pending"]["options"]] == [ship]  # the plain ship has no Cloaking Device
    st = act(st, {"type": "choose", "card": ship})
    assert st["cards"][ev]["ships"] == [ship] and S.mission_of(st, ship) is None
    # in play and under command, crew aboard; at no mission: no move, no engagement, no targeting
    assert S.in_play(st, ship) and S.commander(st, ship) == 0 and len(st["cards"][ship]["aboard"]) == 2
    assert ship not in [m["ship"] for m in move_options(st, 0)] and ship not in S.ships_in_play(st)
    ctx = F.ctx_for(st, plain, you=1)
    assert ship not in F.candidates(st, {"type": "ship", "owner": "opponent"}, ctx)
    assert not [o for o in options(st, "order") if o["card"] == ev]  # only one order using it each turn
    G.destroy(st, ev)  # "while a ship is here, this event cannot leave play"
    assert st["cards"][ev]["zone"] == "core"
    core = GAME.view(st, 1)["seats"][0]["core"]  # everyone sees the ship on the event
    assert core[0]["ships"][0]["id"] == ship
    check_invariants(st)
    st = act(st, {"type": "end_orders"})
    st = turn_to(st, 0, "orders")
    assert {"type": "order", "card": ev, "ability": 2} not in options(st, "order")  # a ship is on it
    st = act(st, {"type": "order", "card": ev, "ability": 4})
    st = act(st, {"type": "choose", "card": far})
    assert S.mission_of(st, ship) == far and st["cards"][ev]["ships"] == []
    assert ST.range_left(st, ship) == 0  # "That ship's Range for this turn is used"
    G.destroy(st, ev)  # with no ship on it, it may leave play
    assert st["cards"][ev]["zone"] == "discard"
    check_invariants(st)


def test_engage_cloak_order_needs_a_staffed_unstopped_ship_with_a_cloaking_device():
    st = started("cloak-none")
    hq = mission(st, 0, "T-HQF")
    ship = crewed(st, 0, WARBIRD, hq, ROMULANS[:1])  # staffing needs command + staff: one Romulan is not enough
    ev = real(st, 0, "1R087", "core")
    st["cards"][ev]["commander"] = 0
    st = turn_to(st, 0, "orders")
    assert not [o for o in options(st, "order") if o["card"] == ev]
    fixture(st, 0, ROMULANS[1], "aboard", ship)
    st = _reanswer(st)
    assert {"type": "order", "card": ev, "ability": 2} in options(st, "order")
    st["cards"][ship]["stopped"] = True
    st = _reanswer(st)
    assert not [o for o in options(st, "order") if o["card"] == ev]


def _cloaked(st: dict, seat: int, ship_card, crew: list, at: str) -> tuple[str, str]:
    """``seat``'s Engage Cloak in his core with a crewed ship on it (as its first order leaves it)."""
    ev = real(st, seat, "1R087", "core")
    ship = crewed(st, seat, ship_card, at, crew)
    st["cards"][ev].setdefault("ships", [])
    S.move(st, ship, "ships", ev)
    return ev, ship


FED_CREW = ("T-F1", "T-F3", "T-F5", "T-F7")


# -- Nelvana Trap 1R096 --------------------------------------------------------------------
def nelvana_trap_springs(st: dict, plays_at: set | None = None) -> dict:
    """Seat 1's Nelvana Trap on seat 0's space mission, seat 1's Warbird on Engage Cloak; seat
    0 moves his crewed Galaxy there and seat 1 springs the trap: the Warbird comes and engages
    the Galaxy (9 against 8) and kills one of its crew at random. ``plays_at``: the missions
    the trap may be played on ("an opponent's mission")."""
    target_m = mission(st, 0, "T-S1")
    ev, warbird = _cloaked(st, 1, WARBIRD, ROMULANS[:2], mission(st, 1, "T-HQK"))
    nelvana = real(st, 1, "1R096")
    st = turn_to(st, 1, "play")
    plays = [o for o in options(st, "play") if o["card"] == nelvana]
    if plays_at is not None:
        assert {o["at"] for o in plays} == plays_at  # "Plays on an opponent's mission"
    st = act(st, {"type": "play", "card": nelvana, "at": target_m})
    galaxy = put(st, 0, "T-SF", "ships", mission(st, 0, "T-HQF"))
    crew = [put(st, 0, g, "aboard", galaxy) for g in FED_CREW]
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "move", "ship": galaxy, "to": target_m})
    assert st["pending"]["kind"] == "respond" and st["pending"]["seat"] == 1
    st = act(st, {"type": "respond", "card": nelvana, "ability": 1})
    st = pass_responses(st)
    assert st["cards"][nelvana]["zone"] == "discard"  # destroyed to do it
    assert S.mission_of(st, warbird) == target_m and st["cards"][ev]["ships"] == []
    eng = next(e for e in st["log"] if e["event"] == "engagement")
    assert (eng["ship"], eng["target"], eng["weapons"], eng["shields"]) == (warbird, galaxy, 9, 8)
    killed = [i for i in crew if st["cards"][i]["zone"] == "discard"]
    assert len(killed) == 1  # "randomly kill an opponent's personnel involved"
    assert st["cards"][warbird]["stopped"] and st["step"] == "orders"
    check_invariants(st)
    return st


def test_nelvana_trap_brings_the_cloaked_romulan_ships_to_the_moving_ship_and_engages_it():
    st = started("nelvana")
    nelvana_trap_springs(st, plays_at=set(st["seats"][0]["missions"]))


def test_nelvana_trap_answers_only_an_opponents_ship_moving_to_its_mission():
    st = started("nelvana-not")
    here, elsewhere = mission(st, 0, "T-S1"), mission(st, 0, "T-P1")
    _cloaked(st, 1, WARBIRD, ROMULANS[:2], mission(st, 1, "T-HQK"))
    nelvana = real(st, 1, "1R096", "attached", here)
    galaxy = put(st, 0, "T-SF", "ships", mission(st, 0, "T-HQF"))
    for g in FED_CREW:
        put(st, 0, g, "aboard", galaxy)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "move", "ship": galaxy, "to": elsewhere})
    assert st["pending"]["kind"] == "orders"  # to another mission: no response offered
    assert st["cards"][nelvana]["zone"] == "attached"


# -- Valdore 1R415 ----------------------------------------------------------------------------
def test_valdore_leaves_engage_cloak_to_join_an_engagement_an_opponent_began_against_your_other_ship():
    st = started("valdore")
    space = mission(st, 0, "T-S1")
    weak = FX.ship("X-WK", "Runabout", "federation", ("staff",), weapons=4, shields=5)
    mine = crewed(st, 0, weak, space, [])
    put(st, 0, "T-F3", "aboard", mine)
    ev, valdore = _cloaked(st, 0, "1R415", ROMULANS, mission(st, 0, "T-HQF"))
    assert ST.staffed(st, valdore)
    theirs = put(st, 1, "T-SK", "ships", space)
    for g in ("T-K1", "T-K2"):
        put(st, 1, g, "aboard", theirs)
    attack = put(st, 1, "T-EV2", "core", 1)
    st = turn_to(st, 1, "orders")
    st = act(st, {"type": "order", "card": attack, "ability": 1})
    assert st["pending"]["seat"] == 0
    assert {"type": "respond", "card": valdore, "ability": 0} in st["pending"]["options"]
    st = act(st, {"type": "respond", "card": valdore, "ability": 0})
    st = pass_responses(st)
    assert S.mission_of(st, valdore) == space and st["cards"][ev]["ships"] == []
    eng = next(e for e in st["log"] if e["event"] == "engagement")
    assert (eng["weapons"], eng["shields"]) == (7, 5 + 9)  # Valdore's Shields defend with the Runabout
    assert not any(e["event"] == "damaged" for e in st["log"])
    check_invariants(st)


def test_valdore_is_not_offered_off_engage_cloak_or_for_an_engagement_you_began():
    st = started("valdore-not")
    space = mission(st, 0, "T-S1")
    mine = put(st, 0, "T-SF", "ships", space)
    for g in FED_CREW:
        put(st, 0, g, "aboard", mine)
    valdore = crewed(st, 0, "1R415", mission(st, 0, "T-HQF"), ROMULANS)  # at headquarters, not cloaked
    theirs = put(st, 1, "T-SK", "ships", space)
    put(st, 1, "T-K1", "aboard", theirs)
    put(st, 1, "T-K2", "aboard", theirs)
    attack = put(st, 1, "T-EV2", "core", 1)
    st = turn_to(st, 1, "orders")
    st = act(st, {"type": "order", "card": attack, "ability": 1})
    assert st["pending"]["kind"] == "orders"  # the engagement was decided with no response offered
    assert S.mission_of(st, valdore) == mission(st, 0, "T-HQF")


# -- Deep Space 9 1S188 ----------------------------------------------------------------------
def test_deep_space_9_adds_no_quadrant_span_to_a_gamma_quadrant_mission_and_allows_ds9_cards():
    st = started("ds9")
    ds9 = mission(st, 0, "T-HQF")
    st["cards"][ds9]["guid"] = "1S188"  # seat 0's headquarters is Deep Space 9 (span 1, Alpha, Bajor System)
    gamma, alpha = mission(st, 0, "T-S2"), mission(st, 0, "T-S1")  # Chart Nebula: Gamma, span 4
    assert ST.range_needed(st, ds9, gamma) == 1 + 4  # not + 2
    assert ST.range_needed(st, gamma, ds9) == 5  # either way
    assert ST.range_needed(st, alpha, gamma) == 3 + 4 + 2  # between two other missions it still counts
    assert ST.range_needed(st, ds9, alpha) == 1 + 3
    short = FX.ship("X-SH", "Short Hop", "federation", ("staff",), rng=5)
    ship = crewed(st, 0, short, ds9, [])
    put(st, 0, "T-F3", "aboard", ship)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "move", "ship": ship, "to": gamma})  # Range 5 is enough only without the + 2
    assert S.mission_of(st, ship) == gamma and ST.range_left(st, ship) == 0
    # "You may play [DS9] cards, [NA] cards, and equipment at this mission."
    st["extra_cards"]["X-DS9"] = FX.personnel("X-DS9", "Kira", "bajoran", {"Security": 1}, ("staff", "ds9"))
    kira = fixture(st, 0, st["extra_cards"]["X-DS9"], "hand", 0)
    picard = put(st, 0, "T-F1", "hand", 0)
    guinan = put(st, 0, "T-N1", "hand", 0)
    kit = put(st, 0, "T-EQ1", "hand", 0)
    assert destinations(st, 0, kira) == [ds9] and destinations(st, 0, guinan) == [ds9]
    assert destinations(st, 0, kit) == [ds9] and destinations(st, 0, picard) == []


# -- Pursuit Course 1R134 -------------------------------------------------------------------------
def _chase(seed: str):
    """Seat 0's Galaxy and seat 1's Bird at Intercept Renegade; seat 0 to move next."""
    st = started(seed)
    start, dest = mission(st, 0, "T-S1"), mission(st, 0, "T-P1")
    galaxy = put(st, 0, "T-SF", "ships", start)
    for g in FED_CREW:
        put(st, 0, g, "aboard", galaxy)
    bird = put(st, 1, "T-SK", "ships", start)
    for g in ("T-K1", "T-K2"):
        put(st, 1, g, "aboard", bird)
    return st, start, dest, galaxy, bird


def test_pursuit_course_places_your_staffed_ship_at_the_mission_the_opponents_ship_moves_to():
    st, start, dest, galaxy, bird = _chase("pursuit")
    course = real(st, 1, "1R134")
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "move", "ship": galaxy, "to": dest})
    assert st["pending"]["seat"] == 1
    st = pass_responses(act(st, {"type": "respond", "card": course, "ability": 0}))
    assert st["pending"]["kind"] == "choose" and [o["card"] for o in st["pending"]["options"]] == [bird]
    st = pass_responses(act(st, {"type": "choose", "card": bird}))
    assert S.mission_of(st, bird) == dest and st["cards"][course]["zone"] == "discard"
    assert ST.range_left(st, bird) == 8  # placed, not moved: no Range used
    assert [e["event"] for e in st["log"]].count("moved") == 1  # a placement is no move ("moves" texts stay silent)
    check_invariants(st)


def test_pursuit_course_needs_a_staffed_ship_of_yours_where_the_opponents_ship_left():
    st, start, dest, galaxy, bird = _chase("pursuit-unstaffed")
    for i in list(st["cards"][bird]["aboard"]):
        S.move(st, i, "pile", mission(st, 1, "T-HQK"))
    course = real(st, 1, "1R134")
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "move", "ship": galaxy, "to": dest})
    assert not any(o.get("card") == course for o in st["pending"]["options"])
    st = pass_responses(st)
    assert S.mission_of(st, bird) == start


# -- Blind Spot 1C081 ---------------------------------------------------------------------------------
def test_blind_spot_follows_the_opponents_ship_using_next_turns_range():
    st, start, dest, galaxy, bird = _chase("blind")
    spot = real(st, 1, "1C081")
    st = turn_to(st, 1, "play")
    assert {"type": "play", "card": spot, "at": bird} in options(st, "play")  # "Plays on your ship"
    assert not any(o.get("at") == galaxy for o in options(st, "play") if o["card"] == spot)
    st = act(st, {"type": "play", "card": spot, "at": bird})
    st["cards"][bird]["range_used"] = 6  # this turn's Range is nearly spent: following does not need it
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "move", "ship": galaxy, "to": dest})
    st = act(st, {"type": "respond", "card": spot, "ability": 1})
    st = pass_responses(st)
    assert S.mission_of(st, bird) == dest and spot in st["cards"][bird]["attached"]
    need = ST.range_needed(st, start, dest)
    assert st["cards"][bird]["range_next"] == need and [e["event"] for e in st["log"]].count("moved") == 2
    st = act(st, {"type": "end_orders"})
    while st["turn"]["player"] != 1 or st["step"] != "play":
        st = act(st, options(st)[0])
    assert ST.range_left(st, bird) == 8 - need  # paid from this (his next) turn's Range
    check_invariants(st)


def test_blind_spot_cannot_follow_beyond_next_turns_range():
    st, start, dest, galaxy, bird = _chase("blind-far")
    spot = real(st, 1, "1C081", "attached", bird)
    st["cards"][bird]["range_next"] = 5  # already owes most of next turn's Range
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "move", "ship": galaxy, "to": dest})
    # 3 + 3 > 8 - 5: it cannot follow, so the "may follow" is not offered (it would do nothing)
    assert not (st["pending"] and any(o.get("card") == spot for o in st["pending"]["options"]))
    st = pass_responses(st)
    assert S.mission_of(st, bird) == start


# -- Inspiring Leader 1R091 ------------------------------------------------------------------------------
def test_inspiring_leader_gives_range_while_the_ships_commander_is_aboard_one_per_ship():
    st = started("leader")
    hq = mission(st, 0, "T-HQF")
    galaxy = put(st, 0, "T-SF", "ships", hq)  # U.S.S. Galaxy, Range 8
    other = put(st, 0, "T-SF2", "ships", hq)
    captain = FX.personnel("X-CAP", "Captain", "federation", {"Leadership": 1}, ("command",),
                           keywords=("Commander: U.S.S. Galaxy",))
    leader = real(st, 0, "1R091")
    second = real(st, 0, "1R091")
    st = turn_to(st, 0, "play")
    assert {o["at"] for o in options(st, "play") if o["card"] == leader} == {galaxy, other}  # "your ship"
    st = act(st, {"type": "play", "card": leader, "at": galaxy})
    assert {o["at"] for o in options(st, "play") if o["card"] == second} == {other}  # "limit one per ship"
    assert ST.value(st, galaxy, "range") == 8  # no Commander aboard yet
    cap = fixture(st, 0, captain, "pile", hq)
    assert ST.value(st, galaxy, "range") == 8  # at the headquarters, not aboard
    S.move(st, cap, "aboard", galaxy)
    assert ST.value(st, galaxy, "range") == 10
    S.move(st, cap, "aboard", other)  # another ship's Commander is not this ship's
    assert ST.value(st, galaxy, "range") == 8 and ST.value(st, other, "range") == 7
    S.move(st, cap, "aboard", galaxy)
    st["cards"][cap]["stopped"] = True  # a stopped Commander is no Commander you have aboard
    assert ST.value(st, galaxy, "range") == 8
    st["cards"][cap]["stopped"] = False
    put(st, 0, "T-F1", "aboard", galaxy)  # a Commander of another ship changes nothing
    assert ST.value(st, galaxy, "range") == 10
    check_invariants(st)


# -- I.K.S. Lukara 1U400 ---------------------------------------------------------------------------------
def _lukara_combat(seed: str, klingons: bool = True):
    st = started(seed, a="kli", b="fed")
    planet = mission(st, 0, "T-P1")
    lukara = real(st, 0, "1U400", "ships", planet)  # Weapons 8; needs no crew to lend them
    mine = [put(st, 0, g, "pile", planet) for g in (("T-K1",) if klingons else ("T-N1",))]
    theirs = [put(st, 1, g, "pile", planet) for g in ("T-F5", "T-F1")]  # Strength 8 + 6
    ambush = put(st, 0, "T-EV3", "core", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": ambush, "ability": 1})
    return st, lukara, mine, theirs


def test_iks_lukara_may_add_its_weapons_to_your_total_strength_in_combat():
    st, lukara, mine, theirs = _lukara_combat("lukara")
    assert st["pending"]["kind"] == "yes_no" and st["pending"]["seat"] == 0 and "Lukara" in st["pending"]["prompt"]
    st = act(st, {"type": "yes_no", "yes": True})
    fight = next(e for e in st["log"] if e["event"] == "combat")
    assert (fight["strength"], fight["against"]) == (9 + 8, 14)  # Worf 9 + the ship's Weapons 8
    assert sum(st["cards"][i]["zone"] == "discard" for i in theirs) == 1  # Ambush: the winner kills one
    check_invariants(st)


def test_iks_lukara_declined_or_without_a_klingon_in_the_combat_adds_nothing():
    st, lukara, mine, theirs = _lukara_combat("lukara-no")
    st = act(st, {"type": "yes_no", "yes": False})
    fight = next(e for e in st["log"] if e["event"] == "combat")
    assert (fight["strength"], fight["against"]) == (9, 14)
    st, lukara, mine, theirs = _lukara_combat("lukara-guinan", klingons=False)
    assert st["pending"]["kind"] == "orders"  # no [Kli] personnel of yours in the combat: no question
    fight = next(e for e in st["log"] if e["event"] == "combat")
    assert fight["strength"] == 6


# -- Graviton Ellipse 1R028 --------------------------------------------------------------------------------
def _face_real(st: dict, cid: str, m: str, ship, team: list) -> dict:
    d = st["seats"][1]["dilemmas"][0]
    st["cards"][d]["guid"] = cid
    S.move(st, d, "stack", 1)
    st["turn"]["player"] = 0
    st["attempt"] = {"seat": 0, "mission": m, "ship": ship, "personnel": team, "dilemma_owner": 1,
                     "budget": len(team), "spent": 0, "current": None, "resolving": False}
    st["step"] = "face_dilemmas"
    return pass_responses(_reanswer(st)), d


def _ellipse(seed: str, used: int, crew=("T-F1", "T-F5")):
    st = started(seed)
    space = mission(st, 0, "T-S1")
    galaxy = put(st, 0, "T-SF", "ships", space)  # Shields 8, Range 8
    st["cards"][galaxy]["range_used"] = used
    team = [put(st, 0, g, "aboard", galaxy) for g in crew]
    st, d = _face_real(st, "1R028", space, galaxy, team)
    return st, d, galaxy, team


def _stopped_by_dilemma(st: dict) -> list:
    events = [e["event"] for e in st["log"]]
    start = events.index("revealed")
    end = next(k for k in range(start, len(events)) if events[k] in ("overcome", "damaged"))
    return [e["card"] for e in st["log"][start:end] if e["event"] == "stopped"]


def test_graviton_ellipse_shields_plus_unused_range_over_13_passes():
    st, d, galaxy, team = _ellipse("ellipse-ok", used=2)  # 8 + 6 = 14 > 13
    assert d in st["cards"][mission(st, 0, "T-S1")]["under"] and _stopped_by_dilemma(st) == []


def test_graviton_ellipse_stops_everyone_and_damages_the_ship_otherwise():
    st, d, galaxy, team = _ellipse("ellipse-fail", used=3)  # 8 + 5 = 13, not > 13
    assert sorted(_stopped_by_dilemma(st)) == sorted(team) and st["cards"][galaxy]["damage"] == [d]
    assert [ST.value(st, galaxy, a) for a in ("range", "weapons", "shields")] == [6, 5, 6]  # attributes -2
    st, d, galaxy, team = _ellipse("ellipse-skills", used=8, crew=("T-F4", "T-F3"))  # Astrometrics, Engineer, Physics
    assert _stopped_by_dilemma(st) == [] and not st["cards"][galaxy]["damage"]


# -- Telek R'Mor 1R375 -------------------------------------------------------------------------------------
def test_telek_rmor_may_be_played_aboard_your_romulan_ship():
    st = started("telek")
    space = mission(st, 0, "T-S1")
    warbird = crewed(st, 0, WARBIRD, space, ROMULANS[:2])
    galaxy = put(st, 0, "T-SF", "ships", space)
    theirs = crewed(st, 1, dict(WARBIRD, id="X-WB2"), space, [])
    telek = real(st, 0, "1R375")
    st = turn_to(st, 0, "play")
    assert [o.get("at") for o in options(st, "play") if o["card"] == telek] == [warbird]  # not Earth, not the others
    st = act(st, {"type": "play", "card": telek, "at": warbird})
    assert telek in st["cards"][warbird]["aboard"] and S.commander(st, telek) == 0
    assert st["seats"][0]["counters"] == 7 - 3 and galaxy and theirs
    check_invariants(st)


# -- Sympathetic Magic 1R051 -------------------------------------------------------------------------------
def _magic(seed: str, ship: bool):
    st = started(seed)
    planet = mission(st, 0, "T-P1")
    galaxy = put(st, 0, "T-SF", "ships", planet) if ship else None
    put(st, 1, "T-SK", "ships", planet)  # an opponent's ship there is not "your ship"
    team = [put(st, 0, g, "pile", planet) for g in ("T-F1", "T-F5")]
    st, d = _face_real(st, "1R051", planet, None, team)
    return st, d, galaxy, team


def test_sympathetic_magic_placed_on_your_ship_at_this_mission_by_your_choice():
    st, d, galaxy, team = _magic("magic-yes", ship=True)
    assert st["pending"]["kind"] == "yes_no" and st["pending"]["seat"] == 0
    st = act(st, {"type": "yes_no", "yes": True})
    assert [o["card"] for o in st["pending"]["options"]] == [galaxy]
    st = act(st, {"type": "choose", "card": galaxy})
    assert st["cards"][galaxy]["damage"] == [d] and _stopped_by_dilemma(st) == []
    assert ST.value(st, galaxy, "shields") == 8 - 2


def test_sympathetic_magic_otherwise_stops_all_your_personnel():
    st, d, galaxy, team = _magic("magic-no", ship=True)
    st = act(st, {"type": "yes_no", "yes": False})
    assert sorted(_stopped_by_dilemma(st)) == sorted(team) and not st["cards"][galaxy]["damage"]
    st, d, galaxy, team = _magic("magic-shipless", ship=False)  # no ship of yours there: no choice to make
    assert sorted(_stopped_by_dilemma(st)) == sorted(team)


# -- Dimensional Shifting 1R125 ---------------------------------------------------------------------------
def test_dimensional_shifting_places_your_personnel_and_equipment_aboard_any_ship_at_that_mission():
    st = started("shifting")
    planet = mission(st, 0, "T-P1")
    bird = put(st, 1, "T-SK", "ships", planet)  # an opponent's ship: "any ship"
    put(st, 1, "T-K1", "aboard", bird)
    picard, tasha = put(st, 0, "T-F1", "pile", planet), put(st, 0, "T-F5", "pile", planet)
    kit = put(st, 0, "T-EQ1", "pile", planet)
    away = put(st, 0, "T-F2", "pile", mission(st, 0, "T-P2"))  # at another mission: not offered
    shifting = real(st, 0, "1R125")
    hand_before = len(st["seats"][0]["hand"])
    st = turn_to(st, 0, "orders")
    assert {"type": "play", "card": shifting} in options(st, "play")  # an Order interrupt
    st = act(st, {"type": "play", "card": shifting})
    assert len(st["seats"][0]["hand"]) == hand_before - 2  # the interrupt, and a random card discarded
    assert [o["card"] for o in st["pending"]["options"]] == [bird]
    st = act(st, {"type": "choose", "card": bird})
    assert {o["card"] for o in st["pending"]["options"]} == {picard, tasha, kit, None}  # "any number"
    st = act(st, {"type": "choose", "card": picard})
    st = act(st, {"type": "choose", "card": kit})
    st = act(st, {"type": "choose", "card": None})
    assert st["cards"][bird]["aboard"][1:] == [picard, kit] and st["cards"][tasha]["zone"] == "pile"
    assert S.commander(st, picard) == 0 and S.commander(st, bird) == 1 and st["cards"][away]["zone"] == "pile"
    assert ST.staffed(st, bird) is False  # your personnel never staff an opponent's ship (Worf alone cannot)
    check_invariants(st)


def test_dimensional_shifting_needs_another_card_in_hand_to_discard():
    st = started("shifting-poor")
    shifting = real(st, 0, "1R125")
    for i in [i for i in st["seats"][0]["hand"] if i != shifting]:
        S.move(st, i, "discard", 0)
    st = turn_to(st, 0, "orders")
    assert {"type": "play", "card": shifting} not in options(st, "play")


# -- Robin Lefler 1U282 ------------------------------------------------------------------------------------
def test_robin_lefler_beams_stopped_personnel_and_mills_one_card_per_personnel_beamed():
    st = started("lefler")
    planet = mission(st, 0, "T-P1")
    galaxy, runabout = put(st, 0, "T-SF", "ships", planet), put(st, 0, "T-SF2", "ships", planet)
    robin = real(st, 0, "1U282", "pile", planet)
    tired = [put(st, 0, g, "pile", planet) for g in ("T-F1", "T-F5")]
    fresh = put(st, 0, "T-F3", "pile", planet)
    for i in tired:
        st["cards"][i]["stopped"] = True
    deck = len(st["seats"][0]["deck"])
    st = turn_to(st, 0, "orders")
    assert not any(o.get("card") in tired for o in options(st, "beam"))  # the rules beam only unstopped personnel
    st = act(st, {"type": "order", "card": robin, "ability": 0})
    assert st["cards"][robin]["stopped"]  # the cost
    assert {o["card"] for o in st["pending"]["options"]} == {*tired, robin, None}  # stopped ones, she too; not T-F3
    st = act(st, {"type": "choose", "card": tired[0]})
    st = act(st, {"type": "choose", "card": tired[1]})
    st = act(st, {"type": "choose", "card": None})
    assert "Beam" in st["pending"]["prompt"] and {o["card"] for o in st["pending"]["options"]} == {galaxy, runabout}
    st = act(st, {"type": "choose", "card": galaxy})
    st = act(st, {"type": "choose", "card": runabout})
    assert [st["cards"][i]["in"] for i in tired] == [galaxy, runabout]
    assert all(st["cards"][i]["stopped"] for i in tired) and st["cards"][fresh]["zone"] == "pile"
    assert len(st["seats"][0]["deck"]) == deck - 2  # one card from the top per personnel beamed
    check_invariants(st)


def test_combat_begins_responses_are_answered_before_the_totals():
    """RULES.md "Combat responses and bonuses": a response to the beginning of a combat still
    changes its totals (the defender's +5 turns a lost combat into a won defence)."""
    rally = FX.card("X-RALLY", "Rally", "interrupt", cost=0, mechanics=[
        {"kind": "interrupt", "when": "combat_begins", "effects": [
            {"modify": {"stat": "strength", "amount": 5, "target": {"all": {"type": "personnel", "owner": "you",
                                                                            "involved": True}}}}]}])
    st = started("combat-window", a="kli", b="fed")
    planet = mission(st, 0, "T-P1")
    put(st, 0, "T-K1", "pile", planet)  # Worf, Strength 9
    defender = put(st, 1, "T-F1", "pile", planet)  # Strength 6: loses without the response
    fixture(st, 1, rally, "hand", 1)
    st["seats"][1]["when_events"].append("combat_begins")
    ambush = put(st, 0, "T-EV3", "core", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": ambush, "ability": 1})
    assert st["pending"]["seat"] == 1 and st["pending"]["kind"] == "respond"
    rally_id = next(o["card"] for o in st["pending"]["options"] if o["type"] == "respond")
    st = pass_responses(act(st, {"type": "respond", "card": rally_id, "ability": 0}))
    fight = next(e for e in st["log"] if e["event"] == "combat")
    assert (fight["strength"], fight["against"]) == (9, 11)
    assert st["cards"][defender]["zone"] == "pile"  # Ambush's winner text did not run for the loser
