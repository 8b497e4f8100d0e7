"""Every worked example of the rulebook, as a test named after it."""
from rules.startrek2e import glossary as G
from rules.startrek2e import state as S
from rules.startrek2e import stats as ST
from rules.startrek2e.effects import filters as F

from . import fixtures as FX
from .helpers import act, add_card, find, mission, options, pass_responses, put, started, turn_to
from rules.startrek2e.effects import extra as X
from rules.startrek2e import legality as LEG


def _crew(state, ship, guids, seat=0):
    return [put(state, seat, g, "aboard", ship) for g in guids]


def test_uss_galaxy_staffing_example():
    """One command personnel, three others with staff or command, and a Federation personnel."""
    st = started()
    earth = mission(st, 0, "T-HQF")
    galaxy = put(st, 0, "T-SF", "ships", earth)
    _crew(st, galaxy, ["T-F1", "T-F2", "T-F3"])  # Picard [command], Crusher, La Forge [staff]
    assert not ST.staffed(st, galaxy)  # three staffing icons of four
    troi = put(st, 0, "T-F7", "aboard", galaxy)  # Troi [command] stands in for a staff icon
    assert ST.staffed(st, galaxy)
    st["cards"][troi]["stopped"] = True  # stopped personnel cannot help staff a ship
    assert not ST.staffed(st, galaxy)


def test_staff_cannot_stand_in_for_command():
    st = started()
    earth = mission(st, 0, "T-HQF")
    galaxy = put(st, 0, "T-SF", "ships", earth)
    _crew(st, galaxy, ["T-F2", "T-F3", "T-F5", "T-F6"])  # four staff, no command
    assert not ST.staffed(st, galaxy)


def test_staffing_needs_a_personnel_of_the_ships_affiliation():
    st = started()
    earth = mission(st, 0, "T-HQF")
    bird = put(st, 0, "T-SF2", "ships", earth)  # Federation runabout, staffing [staff]
    extra = FX.personnel("X-NA", "Hired Pilot", "non-aligned", {"Navigation": 1})
    st["extra_cards"]["X-NA"] = extra
    crew = find(st, 0, "T-F6")
    st["cards"][crew]["guid"] = "X-NA"
    S.move(st, crew, "aboard", bird)
    st["cards"][crew]["commander"] = 0
    assert not ST.staffed(st, bird)
    put(st, 0, "T-F2", "aboard", bird)
    assert ST.staffed(st, bird)


def test_uss_galaxy_earth_to_intercept_renegade_example():
    """Earth (span 2) to Intercept Renegade (span 3) requires Range 5; Range 3 left is not
    enough to reach another mission; the full Range 8 is restored at the end of the turn."""
    st = started()
    earth, renegade = mission(st, 0, "T-HQF"), mission(st, 0, "T-S1")
    galaxy = put(st, 0, "T-SF", "ships", earth)
    _crew(st, galaxy, ["T-F1", "T-F2", "T-F3", "T-F7"])
    assert ST.range_needed(st, earth, renegade) == 5
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "move", "ship": galaxy, "to": renegade})
    assert S.mission_of(st, galaxy) == renegade and ST.range_left(st, galaxy) == 3
    assert [o for o in options(st, "move") if o["ship"] == galaxy] == []
    st = act(st, {"type": "end_orders"})
    while st["turn"]["player"] == 0 and st["outcome"] is None:
        st = act(st, options(st)[0])
    assert ST.range_left(st, galaxy) == 8


def test_eight_personnel_three_dilemmas_overcome_example():
    """Eight personnel where three dilemmas are already overcome: the opponent draws five
    and the chosen dilemmas may cost at most 5 in total."""
    st = started()
    planet = mission(st, 0, "T-P1")
    for g in ["T-F1", "T-F2", "T-F3", "T-F4", "T-F5", "T-F6", "T-F7", "T-F8"]:
        put(st, 0, g, "pile", planet)
    for _ in range(3):
        d = st["seats"][1]["dilemmas"][0]
        S.move(st, d, "under", planet)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "attempt", "mission": planet})
    assert st["attempt"]["budget"] == 5
    assert len(st["seats"][1]["drawn"]) == 5
    assert st["pending"]["seat"] == 1 and st["pending"]["kind"] == "choose_dilemma"


def test_two_leadership_from_two_personnel_example():
    """Skills: 2 Leadership from two personnel with one each, or one with 2 levels; a
    personnel with 2 Diplomacy meets a requirement for Diplomacy."""
    st = started()
    planet = mission(st, 1, "T-P1")
    kurn = put(st, 1, "T-K2", "pile", planet)
    assert not ST.meets(st, [kurn], {"skills": {"Leadership": 2}})
    other = FX.personnel("X-L", "Leader", "klingon", {"Leadership": 1})
    st["extra_cards"]["X-L"] = other
    st["cards"][find(st, 1, "T-K3")]["guid"] = "X-L"
    lead = put(st, 1, "X-L", "pile", planet)
    assert ST.meets(st, [kurn, lead], {"skills": {"Leadership": 2}})
    picard = put(st, 0, "T-F1", "pile", mission(st, 0, "T-P1"))  # Diplomacy 2
    assert ST.meets(st, [picard], {"skills": {"Diplomacy": 1}})


def test_gaining_astrometrics_twice_example():
    """A personnel that has Astrometrics and gains another Astrometrics has 2 Astrometrics."""
    st = started()
    data = put(st, 0, "T-F4", "pile", mission(st, 0, "T-HQF"))
    st["mods"].append({"card": data, "stat": "Astrometrics", "amount": 1, "until": "end_of_turn"})
    assert ST.skills(st, data)["Astrometrics"] == 2


def test_each_of_your_treachery_personnel_is_cunning_plus_two_example():
    """Command and Owner: "your" means the cards you command."""
    st = started()
    envoy_mine = put(st, 1, "T-K6", "pile", mission(st, 1, "T-HQK"))
    event = put(st, 1, "T-EV1", "core", 1)
    other = find(st, 0, "T-F1")
    st["extra_cards"]["X-T"] = FX.personnel("X-T", "Spy", "federation", {"Treachery": 1})
    st["cards"][other]["guid"] = "X-T"
    spy = put(st, 0, "X-T", "pile", mission(st, 0, "T-HQF"))
    assert ST.value(st, envoy_mine, "cunning") == 8
    assert ST.value(st, spy, "cunning") == 6
    assert event


def test_obrien_equipped_with_example():
    """O'Brien (Engineer, no Medical) can be equipped with a phaser and an Engineer Kit,
    not with a Medical Kit."""
    st = started()
    earth = mission(st, 0, "T-HQF")
    obrien = put(st, 0, "T-F8", "pile", earth)
    kit, medkit, phaser = (put(st, 0, g, "pile", earth) for g in ("T-EQ1", "T-EQ2", "T-EQ3"))
    assert X.equipped_with(st, obrien, kit)
    assert X.equipped_with(st, obrien, phaser)
    assert not X.equipped_with(st, obrien, medkit)
    assert ST.skills(st, obrien).get("Physics") == 1  # the Engineer Kit's text works on him


def test_d_deridex_repair_at_romulus_example():
    """A D'deridex at Romulus (which lets you play Romulan ships) with two damage cards at
    the end of your turn may remove one."""
    extra = add_card({}, FX.card("X-DMG", "Plasma Fire", "event", mechanics=[
        {"kind": "damage", "modify": {"stat": "range", "amount": -2}}]))
    st = started(extra=extra)
    romulus = mission(st, 0, "T-HQF")
    st["cards"][romulus]["guid"] = "T-HQR"  # seat 0 plays from Romulus for this example
    ship = find(st, 0, "T-SF")
    st["cards"][ship]["guid"] = "T-SR"
    put(st, 0, "T-SR", "ships", romulus)
    dmg = []
    for _ in range(2):
        d = find(st, 0, "T-EV2")
        st["cards"][d]["guid"] = "X-DMG"
        G.place_damage(st, d, ship)
        dmg.append(d)
    assert ST.value(st, ship, "range") == 4
    st = turn_to(st, 0, "repair")
    assert st["pending"]["kind"] == "repair"
    st = act(st, {"type": "repair", "ship": ship, "card": dmg[0]})
    assert st["cards"][ship]["damage"] == [dmg[1]]
    assert st["cards"][dmg[0]]["zone"] == "discard"


def test_destroy_an_event_does_not_remove_a_damage_card_example():
    """A card that destroys an event cannot remove a damage card, though it is an event."""
    st = started()
    ship = put(st, 1, "T-SK", "ships", mission(st, 1, "T-S1"))
    d = find(st, 0, "T-EV2")
    G.place_damage(st, d, ship)
    ctx = F.ctx_for(st, mission(st, 0, "T-HQF"), you=0)
    assert d not in F.candidates(st, {"type": "event", "scope": "in_play"}, ctx)


def test_worf_is_a_klingon_but_not_a_klingon_affiliation_personnel_example():
    """Species: a card asking for a [Kli] personnel is not met by a Federation Worf."""
    st = started()
    worf = find(st, 0, "T-F5")
    st["extra_cards"]["X-W"] = FX.personnel("X-W", "Worf", "federation", {"Security": 1}, species="Klingon")
    st["cards"][worf]["guid"] = "X-W"
    put(st, 0, "X-W", "pile", mission(st, 0, "T-HQF"))
    ctx = F.ctx_for(st, worf)
    assert not F.matches(st, worf, {"affiliation": "klingon"}, ctx)
    assert F.matches(st, worf, {"species": "Klingon"}, ctx)


def test_gowron_in_your_brig_you_may_play_your_own_gowron_example():
    """You do not command personnel in your brig; the owner may not play another copy."""
    st = started()
    worf = put(st, 1, "T-K1", "pile", mission(st, 1, "T-HQK"))
    G.place_in_brig(st, worf, 0)
    assert S.commander(st, worf) is None
    assert not LEG.commands_copy(st, 0, "Worf")  # the captor may play his own copy
    assert LEG.commands_copy(st, 1, "Worf")  # the owner may not play another one


def test_draw_then_play_a_cost_two_card_leaves_four_counters_example():
    st = started()
    seat = st["pending"]["seat"]
    st = act(st, {"type": "draw"})
    play = next(o for o in options(st, "play") if S.ctype(st, o["card"]) == "personnel"
                and ST.value(st, o["card"], "cost") == 2) if any(
        S.ctype(st, o["card"]) == "personnel" and ST.value(st, o["card"], "cost") == 2 for o in options(st, "play")) else None
    if play is None:  # make sure there is a cost-2 card in hand
        c = find(st, seat, "T-F2" if seat == 0 else "T-K2", ("deck",))
        S.move(st, c, "hand", seat)
        st["pending"] = None
        from rules.startrek2e import flow
        st = flow.advance(st)
        play = next(o for o in options(st, "play") if o["card"] == c)
    st = act(st, play)
    assert st["seats"][seat]["counters"] == 4


def test_stop_two_medical_personnel_with_only_one_do_as_much_as_you_can_example():
    extra = add_card({}, FX.dilemma("X-D", "Epidemic", "dual", 1, [
        {"stop": {"all": {"skill": "Medical"}, "count": 2}}]))
    st = started(extra=extra)
    planet = mission(st, 0, "T-P1")
    crusher = put(st, 0, "T-F2", "pile", planet)
    picard = put(st, 0, "T-F1", "pile", planet)
    d = st["seats"][1]["dilemmas"][0]
    st["cards"][d]["guid"] = "X-D"
    S.move(st, d, "stack", 1)
    st["attempt"] = {"seat": 0, "mission": planet, "ship": None, "personnel": [crusher, picard], "dilemma_owner": 1,
                     "budget": 2, "spent": 1, "current": None, "resolving": False}
    st["turn"]["player"] = 0
    st["step"] = "face_dilemmas"
    st["pending"] = None
    from rules.startrek2e import flow
    st = pass_responses(flow.advance(st))
    events = [e["event"] for e in st["log"]]
    by_dilemma = [e["card"] for e in st["log"][events.index("revealed"):events.index("overcome")] if e["event"] == "stopped"]
    assert by_dilemma == [crusher]  # the one Medical personnel; the missing second is ignored
    assert d in st["cards"][planet]["under"]
