"""Reflections 2.0 (set 6, issue 17): the 6P### cards, played through the reducer with the real card
(MISSING.md "Reflections 2.0"; EFFECTS.md §4 "Reflections 2.0" names the constructs the set added)."""
from rules.startrek2e import stats as ST
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card

from .helpers import act, attempt, check_invariants, find, mission, options, put, real, respond, started, turn_to

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


# ---------------------------------------------------------------- draw up_to
def test_enabran_tain_draws_up_to_seven_then_discards_two():
    """Enabran Tain, "Retired" Spymaster: "When you play this personnel, if each of your
    non-headquarters missions requires Intelligence, you may draw up to seven cards, then discard two
    cards from hand." Every mission of seat 0 requires Intelligence: he is offered the response, names
    three (0 to 7 offered), draws three and discards two; while one does not, nothing is offered."""
    for needed in (True, False):
        st = started(f"tain-{needed}")
        if needed:
            _set_missions(st, requirements=[{"skills": {"Intelligence": 1, "Security": 1}}])
        tain = real(st, 0, "T-F7", "6P044", "hand", 0)
        st["extra_cards"]["6P044"] = {**DB["6P044"], "affiliations": ["federation"]}  # playable at the [Fed] HQ
        hand, deck = len(st["seats"][0]["hand"]), len(st["seats"][0]["deck"])
        st = _play(st, tain)
        offered = st["pending"]["kind"] == "respond" and any(o.get("card") == tain for o in options(st))
        assert offered == needed
        if not needed:
            assert len(st["seats"][0]["hand"]) == hand - 1
            continue
        st = respond(st, tain)
        assert st["pending"]["kind"] == "choose" and [o["count"] for o in options(st)] == list(range(8))
        st = act(st, {"type": "choose", "count": 3})
        assert len(st["seats"][0]["deck"]) == deck - 3
        while st["pending"]["kind"] == "choose":
            st = act(st, options(st)[0])
        assert len(st["seats"][0]["hand"]) == hand - 1 + 3 - 2
        check_invariants(st)
    assert "you may draw up to seven cards, then discard two cards from hand" in render_card(DB["6P044"])[0]


# ---------------------------------------------------------------- CONDITION ship_damaged
def test_shipboard_fire_stops_the_crew_only_of_a_damaged_ship():
    """Shipboard Fire: "Unless there are no damage markers on this ship, all your personnel are
    stopped." Seat 0 attempts Intercept Renegade aboard the Galaxy: undamaged, the fire does nothing
    (the crew goes on and completes it); with a damage card on the Galaxy, every attempting personnel
    is stopped."""
    from rules.startrek2e import glossary as G
    for damaged in (False, True):
        st = started(f"shipboard-fire-{damaged}")
        m = mission(st, 0, "T-S1")
        ship = put(st, 0, "T-SF", "ships", m)
        crew = [put(st, 0, g, "aboard", ship) for g in ("T-F1", "T-F4", "T-F5", "T-F3")]
        real(st, 1, "T-D1", "6P009")
        if damaged:
            G.place_damage(st, find(st, 1, "T-D6"), ship)
        st = turn_to(st, 0, "orders")
        st = attempt(st, m, dilemmas=["6P009"], ship=ship)
        assert all(st["cards"][c]["stopped"] for c in crew) == damaged
        assert any(e["event"] == "completed" for e in st["log"]) == (not damaged)
        check_invariants(st)


# ---------------------------------------------------------------- random_selection by_dilemma
def test_change_of_heart_reselects_a_random_selection_made_by_a_dilemma():
    """Change of Heart: "To play this interrupt, you must command three [Rom] personnel. When a random
    selection is made by a dilemma, you may ignore its results and select again." Four [Rom] personnel
    face Aftermath ("Randomly select three personnel"); seat 0 plays Change of Heart in the
    random_selection window and the three are selected again."""
    st = started("change-of-heart")
    m = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", m) for g in ("T-F1", "T-F7", "T-F2", "T-F3")]
    for n, c in enumerate(team):
        key = f"X-ROM{n}"
        st["extra_cards"][key] = {**st["extra_cards"][st["cards"][c]["guid"]], "id": key, "affiliations": ["romulan"]}
        st["cards"][c]["guid"] = key
    st["extra_cards"]["T-P1"] = {**st["extra_cards"]["T-P1"], "attempt_affiliations": ["romulan"]}
    heart = real(st, 0, "T-I2", "6P033", "hand", 0)
    real(st, 1, "T-D1", "6P001")
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["6P001"], respond_with=heart)
    assert st["cards"][heart]["zone"] == "discard"
    assert any(e["event"] == "selected_again" for e in st["log"])
    check_invariants(st)


def test_change_of_heart_reads_whether_a_dilemma_made_the_selection():
    """Its condition reads the event's ``by_dilemma``: a random selection made by another card's text
    (no dilemma being resolved) does not let it be played."""
    from rules.startrek2e import triggers as T
    from rules.startrek2e.effects import filters as F
    st = started("change-of-heart-event")
    heart = real(st, 0, "T-I2", "6P033", "hand", 0)
    ctx = T._ctx(st, heart, "random_selection", {"by_dilemma": False}, 0)
    assert not F.condition(st, {"trigger_by_dilemma": True}, ctx)
    ctx = T._ctx(st, heart, "random_selection", {"by_dilemma": True}, 0)
    assert F.condition(st, {"trigger_by_dilemma": True}, ctx)


# ---------------------------------------------------------------- FILTER other_quadrant_than
def test_distant_exploration_scores_5_for_a_mission_in_another_quadrant_than_its_headquarters():
    """Distant Exploration: "Plays on your headquarters mission. When you complete a mission that has a
    different quadrant icon than this mission, score 5 points." Played on seat 0's [AQ] headquarters:
    completing Chart Nebula ([GQ], 35 points) scores 40; completing Survey Planet ([AQ], 35) scores 35."""
    for target, expected in (("T-S2", 40), ("T-P1", 35)):
        st = started(f"distant-exploration-{target}")
        hq = mission(st, 0, "T-HQF")
        ev = real(st, 0, "T-EV4", "6P019", "hand", 0)
        st = _play(st, ev)
        st = respond(st)
        assert st["cards"][ev]["zone"] != "hand" and st["cards"][ev].get("in") == hq
        m = mission(st, 0, target)
        if target == "T-S2":
            ship = put(st, 0, "T-SF", "ships", m)
            for g in ("T-F1", "T-F4", "T-F5", "T-F3"):
                put(st, 0, g, "aboard", ship)
        else:
            ship = None
            for g in ("T-F1", "T-F7", "T-F2", "T-F3"):
                put(st, 0, g, "pile", m)
        st = turn_to(st, 0, "orders")
        st = attempt(st, m, ship=ship)
        assert any(e["event"] == "completed" for e in st["log"])
        assert st["seats"][0]["score"] == expected
        check_invariants(st)


# ---------------------------------------------------------------- verb name_number, FILTER named_number
def _named_number(seed: str, dilemma: str, number: int) -> tuple:
    """Seat 0's Picard (cost 3, Integrity 6, Cunning 8, Strength 6), Crusher, La Forge (cost 2, 6/6/6) and
    O'Brien (cost 1, 6/6/6) attempt Survey Planet; seat 1 stacks ``dilemma`` and names ``number`` (0 to
    20 offered, to him only)."""
    st = started(seed)
    m = mission(st, 0, "T-P1")
    picard, crusher = (put(st, 0, g, "pile", m) for g in ("T-F1", "T-F2"))
    for g in ("T-F3", "T-F8"):
        put(st, 0, g, "pile", m)
    real(st, 1, "T-D1", dilemma)
    st = attempt(turn_to(st, 0, "orders"), m, dilemmas=[dilemma])
    assert st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 1
    assert [o["number"] for o in options(st)] == list(range(21))
    st = act(st, {"type": "choose", "number": number})
    assert any(e["event"] == "named_number" and e["number"] == number for e in st["log"])
    return respond(st), picard, crusher


def test_eye_to_eye_stops_the_selected_personnel_with_an_attribute_matching_the_number_named():
    """Eye to Eye: "Your opponent names a number. Randomly select two personnel. Each of those personnel
    that has an attribute matching that number is stopped." Named 6, each of the two selected is
    stopped (everyone has a 6); named 8, only Picard (Cunning 8) is ever stopped — whenever he is
    among the two selected."""
    def stopped_by_it(st):
        out = []
        for e in st["log"]:
            if e["event"] in ("overcome", "returned_to_pile", "failed", "completed"):
                break
            if e["event"] == "stopped":
                out.append(e["card"])
        return out
    st, picard, crusher = _named_number("eye-to-eye-6", "6P003", 6)
    assert len(stopped_by_it(st)) == 2
    check_invariants(st)
    hits = 0
    for seed in range(6):  # over a few seeds Picard is among the two selected at least once
        st, picard, crusher = _named_number(f"eye-to-eye-8-{seed}", "6P003", 8)
        assert stopped_by_it(st) in ([], [picard])
        hits += stopped_by_it(st) == [picard]
    assert hits


def test_final_adventure_kills_a_random_personnel_of_the_cost_named_for_each_headquarters():
    """Final Adventure: "Your opponent names a number. For each of your headquarters missions, randomly
    select a personnel who has a cost equal to that number to be killed and this dilemma returns to its
    owner's dilemma pile." Seat 0 commands one headquarters; seat 1 names 3: Picard (cost 3) is killed,
    Crusher (cost 2) is not, and the dilemma goes back under seat 1's pile."""
    st, picard, crusher = _named_number("final-adventure", "6P004", 3)
    assert st["cards"][picard]["zone"] == "discard" and st["cards"][crusher]["zone"] != "discard"
    fa = find(st, 1, "6P004", zones=("dilemmas",))
    assert st["seats"][1]["dilemmas"][-1] == fa
    check_invariants(st)


def test_mr_tricorder_places_the_chosen_personnel_aboard_your_ship_or_stops_two():
    """Mr. Tricorder: "Your opponent chooses a personnel. Unless you choose to place him or her aboard your
    ship at this mission, randomly select two personnel to be stopped." Seat 1 chooses Picard; with the
    Galaxy at Survey Planet seat 0 places him aboard it (nobody is stopped by the dilemma, Picard leaves
    the planet); declining, or with no ship there, two random personnel are stopped."""
    for case in ("aboard", "decline", "no_ship"):
        st = started(f"mr-tricorder-{case}")
        m = mission(st, 0, "T-P1")
        team = [put(st, 0, g, "pile", m) for g in ("T-F1", "T-F7", "T-F2", "T-F3")]
        ship = put(st, 0, "T-SF", "ships", m) if case != "no_ship" else None
        real(st, 1, "T-D1", "6P008")
        st = attempt(turn_to(st, 0, "orders"), m, dilemmas=["6P008"])
        assert st["pending"]["seat"] == 1
        st = act(st, {"type": "choose", "card": team[0]})
        if case != "no_ship":
            assert st["pending"]["seat"] == 0 and st["pending"]["kind"] == "yes_no"
            st = act(st, {"type": "yes_no", "yes": case == "aboard"})
            while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0 and case == "aboard":
                st = act(st, {"type": "choose", "card": ship})
        stopped = []
        for e in st["log"]:
            if e["event"] in ("overcome", "returned_to_pile", "failed", "completed"):
                break
            stopped += [e["card"]] if e["event"] == "stopped" else []
        if case == "aboard":
            assert st["cards"][team[0]]["zone"] == "aboard" and st["cards"][team[0]]["in"] == ship and stopped == []
        else:
            assert len(stopped) == 2 and st["cards"][team[0]]["zone"] == "pile"
        check_invariants(st)


def test_worn_out_welcome_sends_the_stopped_personnel_to_your_headquarters_unless_you_have_the_skills():
    """Worn-Out Welcome: "Randomly select a personnel to be stopped. Unless you have Anthropology and 2
    Diplomacy or Transporters and 3 Treachery, place that personnel on one of your headquarters
    missions." Without those skills the stopped personnel ends (stopped) at seat 0's headquarters; with
    Picard, Troi and Guinan (Anthropology and 2 Diplomacy left whoever is stopped) he stays there."""
    for skilled in (False, True):
        st = started(f"worn-out-welcome-{skilled}")
        m, hq = mission(st, 0, "T-P1"), mission(st, 0, "T-HQF")
        team = [put(st, 0, g, "pile", m) for g in (("T-F1", "T-F7", "T-N1") if skilled else ("T-F4", "T-F3", "T-F5"))
                + ("T-F2",)]
        real(st, 1, "T-D1", "6P013")
        st = attempt(turn_to(st, 0, "orders"), m, dilemmas=["6P013"])
        while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0:
            st = act(st, {"type": "choose", "card": hq})
        first = next(e["card"] for e in st["log"] if e["event"] == "stopped")
        assert first in team and st["cards"][first]["stopped"]
        assert (st["cards"][first]["in"] == hq) == (not skilled)
        check_invariants(st)


# ---------------------------------------------------------------- cards using the language as it is
def _relabel(st: dict, card: str, key: str, **facts) -> str:
    """Re-deal a fixture card ``card`` with other printed ``facts`` (its own fixture id ``key``)."""
    st["extra_cards"][key] = {**st["extra_cards"][st["cards"][card]["guid"]], "id": key, **facts}
    st["cards"][card]["guid"] = key
    return card


def test_interstellar_treaty_places_a_diplomacy_personnel_from_hand_on_your_headquarters():
    """Interstellar Treaty: "To play this event, you must command two Diplomacy personnel. Place a
    Diplomacy personnel from hand who costs 3 or less on your headquarters mission. Destroy this
    event." Picard and Troi at the headquarters; Guinan (Diplomacy, cost 2) goes from hand to it."""
    st = started("interstellar-treaty")
    hq = mission(st, 0, "T-HQF")
    for g in ("T-F1", "T-F7"):
        put(st, 0, g, "pile", hq)
    guinan = put(st, 0, "T-N1", "hand", 0)
    treaty = real(st, 0, "T-EV4", "6P024", "hand", 0)
    st = _play(st, treaty)
    while st["pending"]["kind"] == "choose":
        assert all(o.get("card") in (guinan, hq) for o in options(st))
        st = act(st, next(o for o in options(st) if o.get("card") in (guinan, hq)))
    assert st["cards"][guinan]["zone"] == "pile" and st["cards"][guinan]["in"] == hq
    assert st["cards"][treaty]["zone"] == "discard"
    check_invariants(st)


def test_friction_stops_each_non_jem_hadar_personnel_played():
    """Friction: "To play this event, you must command three [Dom] personnel. Plays in your core. When a
    player plays a non-Jem'Hadar personnel, that personnel is stopped." The Ensign played is stopped; a
    Jem'Hadar played is not."""
    st = started("friction")
    hq = mission(st, 0, "T-HQF")
    st["extra_cards"]["T-HQF"] = {**st["extra_cards"]["T-HQF"],
                                  "mechanics": [{"kind": "headquarters", "affiliations": ["federation", "dominion"]}]}
    for n, g in enumerate(("T-F2", "T-F3", "T-F5")):
        _relabel(st, put(st, 0, g, "pile", hq), f"X-DOM{n}", affiliations=["dominion"])
    friction = real(st, 0, "T-EV4", "6P020", "hand", 0)
    st = respond(_play(st, friction))
    assert st["cards"][friction]["zone"] == "core"
    ensign = put(st, 0, "T-F6", "hand", 0)
    st = respond(_play(st, ensign))
    assert st["cards"][ensign]["zone"] == "pile" and st["cards"][ensign]["stopped"]
    soldier = _relabel(st, put(st, 0, "T-F8", "hand", 0), "X-JH", species="Jem'Hadar", affiliations=["dominion"])
    st = respond(_play(st, soldier))
    assert st["cards"][soldier]["zone"] == "pile" and not st["cards"][soldier]["stopped"]
    check_invariants(st)


def test_disadvantage_into_advantage_makes_the_first_unique_personnel_each_turn_cost_2_less():
    """Disadvantage Into Advantage: "… The first unique personnel played each turn costs -2." Picard
    (unique, cost 3) played first costs 1; Data (unique, cost 3) after him costs 3."""
    st = started("disadvantage")
    hq = mission(st, 0, "T-HQF")
    for n, g in enumerate(("T-F2", "T-F3", "T-F5")):
        _relabel(st, put(st, 0, g, "pile", hq), f"X-TNG{n}", icons=["tng"])
    ev = real(st, 0, "T-EV4", "6P018", "hand", 0)
    put(st, 0, "T-F1", "hand", 0), put(st, 0, "T-F4", "hand", 0)
    st = respond(_play(st, ev))
    assert st["cards"][ev]["zone"] == "core"
    counters = st["seats"][0]["counters"]
    def play(guid):  # one option per title in hand (the copies are alike)
        return respond(act(st, next(o for o in options(st) if o.get("card")
                                    and st["cards"][o["card"]]["guid"] == guid and o.get("at"))))
    st = play("T-F1")
    assert st["seats"][0]["counters"] == counters - 1
    st = play("T-F4")
    assert st["seats"][0]["counters"] == counters - 1 - 3
    check_invariants(st)


def test_odo_is_cunning_and_strength_plus_1_per_diplomacy_and_security_personnel_in_your_discard_pile():
    """Odo, Curzon Odo: "Cunning +1 for each Diplomacy personnel in your discard pile (limit +4) …
    Strength +1 for each Security personnel …". Five Diplomacy personnel there: Cunning +4 (the limit);
    one Security personnel: Strength +1."""
    st = started("odo")
    odo = real(st, 0, "T-F6", "6P040", "pile", mission(st, 0, "T-HQF"))
    cunning, strength = ST.value(st, odo, "cunning"), ST.value(st, odo, "strength")
    for g in ("T-F1", "T-F1", "T-F7", "T-F7", "T-N1"):
        put(st, 0, g, "discard", 0)
    put(st, 0, "T-F5", "discard", 0)
    assert ST.value(st, odo, "cunning") == cunning + 4 and ST.value(st, odo, "strength") == strength + 1
    check_invariants(st)


# ---------------------------------------------------------------- trigger event opponent_dilemma_overcome
def test_stealth_mission_keeps_a_card_per_overcome_dilemma_and_returns_them_for_range():
    """Stealth Mission: "When your opponent overcomes a dilemma, you may place a card from hand on this
    event. At the start of each of your turns, take all cards on this event into hand to make your
    Cloaking Device ship Range +1 until the end of this turn for each card take off this event this
    way." Seat 0 overcomes seat 1's Nothing Happens: seat 1 places a card from hand on the event; as his
    turn starts it comes back to his hand and his cloaking Bird is Range +1."""
    from rules.startrek2e import flow
    from rules.startrek2e.turn import turn_start
    st = started("stealth-mission")
    m = mission(st, 0, "T-P1")
    for g in ("T-F1", "T-F7", "T-F2", "T-F3"):
        put(st, 0, g, "pile", m)
    stealth = real(st, 1, "T-EV1", "6P030", "core", 1)
    bird = _relabel(st, put(st, 1, "T-SK", "ships", mission(st, 1, "T-HQK")), "X-CLOAK", keywords=["Cloaking Device"])
    rng = ST.value(st, bird, "range")
    st = attempt(turn_to(st, 0, "orders"), m, dilemmas=["T-D8"], respond_with=stealth)
    assert st["pending"]["seat"] == 1 and st["pending"]["kind"] == "choose"
    kept = options(st)[0]["card"]
    assert kept in st["seats"][1]["hand"]
    st = respond(act(st, options(st)[0]))
    assert st["cards"][kept]["zone"] == "placed" and st["cards"][kept]["in"] == stealth
    check_invariants(st)
    st["turn"]["player"], st["pending"] = 1, None
    turn_start(st)
    st = flow.advance(st)
    while st["pending"]["kind"] in ("choose", "respond"):
        st = act(st, options(st)[0]) if st["pending"]["kind"] == "choose" else respond(st)
    assert kept in st["seats"][1]["hand"] and ST.value(st, bird, "range") == rng + 1
    check_invariants(st)


def test_hard_time_holds_a_random_personnel_until_your_next_turn_then_returns_him_to_hand():
    """Hard Time: "Place this dilemma in your core. Randomly select a personnel and place him or her on
    this dilemma. At the start of your next turn, remove this dilemma from the game and return the
    personnel on it to his or her owner's hand." The dilemma goes to seat 0's core with one of his four
    attempting personnel on it (out of play); as his next turn starts that personnel is in his hand and
    the dilemma is out of the game."""
    from rules.startrek2e import flow
    from rules.startrek2e import state as S
    from rules.startrek2e.turn import turn_start
    st = started("hard-time")
    m = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", m) for g in ("T-F1", "T-F7", "T-F2", "T-F3")]
    real(st, 1, "T-D1", "6P006")
    st = attempt(turn_to(st, 0, "orders"), m, dilemmas=["6P006"])
    hard = next(i for i, c in st["cards"].items() if c["guid"] == "6P006")
    assert st["cards"][hard]["zone"] == "core" and S.commander(st, hard) == 0
    held = [c for c in team if st["cards"][c]["zone"] == "placed"]
    assert len(held) == 1 and st["cards"][held[0]]["in"] == hard and not S.in_play(st, held[0])
    check_invariants(st)
    st["turn"]["player"], st["pending"] = 0, None
    turn_start(st)
    st = flow.advance(st)
    assert held[0] in st["seats"][0]["hand"] and st["cards"][hard]["zone"] == "out"
    check_invariants(st)


def test_dark_secrets_gives_bajorans_plus_1_or_plus_3_when_an_opponent_picks_the_removed_cards():
    """Dark Secrets: "When your [Baj] personnel is facing a dilemma, remove two cards in your discard pile
    from the game to make each of your [Baj] personnel attributes +1 until the end of that dilemma (or +3
    if you choose an opponent to choose the two cards you remove from the game instead)." Three [Baj]
    personnel (Integrity 6 each) face a dilemma that stops one unless Integrity>22: with +1 (21) one is
    stopped; when seat 1 picks the two cards removed (+3: 27) nobody is."""
    for plus3 in (False, True):
        st = started(f"dark-secrets-{plus3}")
        m = mission(st, 0, "T-P1")
        st["extra_cards"]["T-P1"] = {**st["extra_cards"]["T-P1"], "attempt_affiliations": ["bajoran"]}
        for n, g in enumerate(("T-F2", "T-F3", "T-F5")):
            _relabel(st, put(st, 0, g, "pile", m), f"X-BAJ{n}", affiliations=["bajoran"])
        pile = [put(st, 0, g, "discard", 0) for g in ("T-EQ1", "T-EQ2", "T-EV2")]
        dark = real(st, 0, "T-I2", "6P034", "hand", 0)
        test = _relabel(st, find(st, 1, "T-D1"), "X-TEST", mechanics=[{"kind": "dilemma", "effects": [
            {"unless": {"attributes": {"integrity": 22}}, "then": [{"stop": {"random": {}, "count": 1}}]}]}])
        st = attempt(turn_to(st, 0, "orders"), m, dilemmas=["X-TEST"], respond_with=dark)
        assert test and st["pending"]["kind"] == "yes_no" and st["pending"]["seat"] == 0
        st = act(st, {"type": "yes_no", "yes": not plus3})
        while st["pending"]["kind"] == "choose":
            assert st["pending"]["seat"] == (1 if plus3 else 0) or "seat" in options(st)[0]
            st = act(st, options(st)[0])
        st = respond(st)
        assert sum(st["cards"][c]["zone"] == "out" for c in pile) == 2
        stopped = []
        for e in st["log"]:
            if e["event"] in ("overcome", "returned_to_pile", "failed", "completed"):
                break
            stopped += [e["card"]] if e["event"] == "stopped" else []
        assert len(stopped) == (0 if plus3 else 1)
        check_invariants(st)
