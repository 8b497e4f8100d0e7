"""Energize (set 2, issue 17): each construct the set added, played through the reducer with
a real Energize card (its authored mechanics from the card database): CONDITION ``total``
(Casualties of War), verb ``name_skill`` + FILTER ``named_skill`` (Head to Head), CONDITION
``alike`` (Racial Tension), AMOUNT ``skill_dots`` (Dedication to Duty), CONDITION
``killed_this_attempt`` (Sorting Things Out), ``personnel_killed`` by a dilemma (Ak'voh) and
in combat — CONDITION ``trigger_in`` (Harana), CONDITION ``completed_using_skill`` (Ro Laren),
cost verbs ``place_in_discard`` (Jake Sisko) and ``remove_from_game`` (Julian Bashir), and
``download`` + ``as`` (Conscription)."""
from rules.startrek2e import actions as A
from rules.startrek2e import state as S
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card

from .helpers import act, attempt, check_invariants, mission, options, put, real, respond, started, turn_to

DB = card_db()


def _planet_team(seed: str, dilemmas: list, team=("T-F1", "T-F7", "T-F2")):
    """Seat 0's personnel on his planet T-P1 (Anthropology, Diplomacy, Integrity>20); seat 1's
    first dilemmas turned into the real ``dilemmas`` (Energize ids)."""
    st = started(seed)
    m = mission(st, 0, "T-P1")
    people = [put(st, 0, g, "pile", m) for g in team]
    for n, cid in enumerate(dilemmas):
        real(st, 1, f"T-D{n + 1}", cid)
    return turn_to(st, 0, "orders"), m, people


def _to_attempt_action(st):
    """Pass the dilemma owner's choices until the attempting seat 0 has its action window."""
    for _ in range(20):
        if st["pending"]["kind"] == "attempt_action" and st["pending"]["seat"] == 0:
            return st
        st = act(st, {"type": "choose_dilemma", "card": None} if st["pending"]["kind"] == "choose_dilemma"
                 else {"type": "pass"})
    raise AssertionError("the attempt never reached seat 0's action window")


def _refresh(st):
    """The orders offered again after the scenario changed the table."""
    from rules.startrek2e import flow
    st["pending"] = None
    return flow.advance(st)


# ---------------------------------------------------------------- CONDITION total
def test_casualties_of_war_kills_all_three_when_their_total_cost_is_four_or_less():
    st, m, team = _planet_team("casualties-cheap", ["2R002"], team=("T-F6", "T-F6", "T-F8", "T-F8"))  # cost 1 each
    st = respond(attempt(st, m, dilemmas=["2R002"]))
    assert sum(st["cards"][c]["zone"] == "discard" for c in team) == 3
    check_invariants(st)


def test_casualties_of_war_kills_one_of_three_that_cost_more():
    st, m, team = _planet_team("casualties-dear", ["2R002"], team=("T-F1", "T-F4", "T-F5", "T-F7"))  # 3, 3, 2, 2
    st = respond(attempt(st, m, dilemmas=["2R002"]))
    assert sum(st["cards"][c]["zone"] == "discard" for c in team) == 1
    assert "total Cost of those personnel is 4 or less" in render_card(DB["2R002"])[0]
    check_invariants(st)


# ---------------------------------------------------------------- name_skill + named_skill
def test_head_to_head_kills_the_selected_personnel_with_the_skill_the_opponent_names():
    for skill, killed in (("Engineer", 2), ("Honor", 0)):  # all four are Engineers, none has Honor
        st, m, team = _planet_team(f"head-to-head-{skill}", ["2R011"], team=("T-F3", "T-F3", "T-F8", "T-F8"))
        st = attempt(st, m, dilemmas=["2R011"])
        assert st["pending"]["seat"] == 1 and len(options(st)) == 23  # the opponent names one of the skills
        st = respond(act(st, {"type": "choose", "skill": skill}))
        assert sum(st["cards"][c]["zone"] == "discard" for c in team) == killed
        check_invariants(st)


# ---------------------------------------------------------------- CONDITION alike
def test_racial_tension_stops_two_of_different_species_but_not_two_humans():
    st, m, team = _planet_team("racial-mixed", ["2C020"], team=("T-F1", "T-F4"))  # Human, Android
    st = respond(attempt(st, m, dilemmas=["2C020"]))
    assert all(st["cards"][c]["stopped"] for c in team)
    st, m, team = _planet_team("racial-same", ["2C020"], team=("T-F1", "T-F7", "T-F2", "T-F5"))  # all Human
    st = respond(attempt(st, m, dilemmas=["2C020"]))
    assert st["cards"][m].get("completed")  # nobody stopped: the team completes the mission
    check_invariants(st)


# ---------------------------------------------------------------- AMOUNT skill_dots
def _space_crew(seed: str):
    """Seat 0's Runabout at his space mission with three crew of two skill lines ([SD]) each."""
    st = started(seed)
    m = mission(st, 0, "T-S1")
    ship = put(st, 0, "T-SF2", "ships", m)
    crew = [put(st, 0, g, "aboard", ship) for g in ("T-F7", "T-F2", "T-F3")]
    real(st, 1, "T-D1", "2C004")
    return turn_to(st, 0, "orders"), m, ship, crew


def test_dedication_to_duty_the_opponent_draws_one_card_per_skill_dot_unless_you_kill():
    st, m, ship, crew = _space_crew("dedication")
    hand = len(st["seats"][1]["hand"])
    st = attempt(st, m, dilemmas=["2C004"], ship=ship)
    st = respond(act(st, {"type": "yes_no", "yes": False}))  # do not kill the selected one
    assert len(st["seats"][1]["hand"]) == hand + 2 and all(st["cards"][c]["zone"] == "aboard" for c in crew)
    st, m, ship, crew = _space_crew("dedication-kill")
    hand = len(st["seats"][1]["hand"])
    st = respond(act(attempt(st, m, dilemmas=["2C004"], ship=ship), {"type": "yes_no", "yes": True}))
    assert len(st["seats"][1]["hand"]) == hand and sum(st["cards"][c]["zone"] == "discard" for c in crew) == 1
    check_invariants(st)


# ---------------------------------------------------------------- CONDITION killed_this_attempt
def test_sorting_things_out_stops_someone_only_after_a_kill_in_this_attempt():
    six = ("T-F1", "T-F7", "T-N1", "T-F2", "T-F5", "T-F3")  # two may go: the rest still completes T-P1
    st, m, team = _planet_team("sorting-after", ["2C013", "2C021"], team=six)
    n = len(st["log"])
    st = respond(attempt(st, m, dilemmas=["2C013", "2C021"]))  # Houdini Mines kills one at random
    assert sum(st["cards"][c]["zone"] == "discard" for c in team) == 1
    assert _stopped_before_the_end(st["log"][n:]) == 1 and st["cards"][m].get("completed")  # one stopped
    st, m, team = _planet_team("sorting-alone", ["2C021"], team=six)
    n = len(st["log"])
    st = respond(attempt(st, m, dilemmas=["2C021"]))
    assert _stopped_before_the_end(st["log"][n:]) == 0 and st["cards"][m].get("completed")
    check_invariants(st)


def _stopped_before_the_end(log: list) -> int:
    """Personnel stopped by a dilemma: "stopped" entries before the attempt ends."""
    end = next((i for i, e in enumerate(log) if e["event"] in ("completed", "failed")), len(log))
    return sum(1 for e in log[:end] if e["event"] == "stopped")


# ---------------------------------------------------------------- personnel_killed: by a dilemma
def test_akvoh_the_owner_of_a_personnel_a_dilemma_kills_discards_a_card():
    st, m, team = _planet_team("akvoh", ["2C013"], team=("T-F1", "T-F7", "T-F2", "T-F5"))
    akvoh = real(st, 1, "T-EV1", "2R030", "core", 1)
    hand = len(st["seats"][0]["hand"])
    st = attempt(st, m, dilemmas=["2C013"])
    while st["pending"]["seat"] == 0 and st["pending"]["kind"] == "choose":  # which card to discard
        st = act(st, options(st)[0])
    st = respond(st)
    assert sum(st["cards"][c]["zone"] == "discard" for c in team) == 1
    assert len(st["seats"][0]["hand"]) == hand - 1
    assert st["cards"][akvoh]["zone"] == "core"
    check_invariants(st)


# ---------------------------------------------------------------- CONDITION trigger_in (combat)
def test_harana_killed_in_combat_lets_her_player_destroy_a_non_maneuver_event():
    st = started("harana")
    m = mission(st, 0, "T-P1")
    harana = real(st, 0, "T-F6", "2C149", "pile", m)
    kargan = real(st, 1, "T-K2", "2R139", "pile", m)  # Officer, Strength 7 > Harana's 5
    conquest = real(st, 1, "T-EV1", "2U032", "core", 1)
    akvoh = real(st, 1, "T-EV2", "2R030", "core", 1)
    st = turn_to(st, 1, "orders")
    st = act(st, {"type": "order", "card": conquest, "ability": 1})
    while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 1:
        st = act(st, options(st)[0])
    st = respond(st)
    assert st["cards"][harana]["zone"] == "discard" and st["seats"][1]["score"] == 10
    assert st["pending"]["seat"] == 0 and st["pending"]["kind"] == "yes_no"  # Harana's "you may"
    st = act(st, {"type": "yes_no", "yes": True})
    if st["pending"]["kind"] == "choose":
        st = act(st, {"type": "choose", "card": akvoh})
    assert st["cards"][akvoh]["zone"] == "discard" and st["cards"][kargan]["zone"] == "pile"
    check_invariants(st)


# ---------------------------------------------------------------- CONDITION completed_using_skill
def test_ro_laren_completing_with_her_skills_puts_two_random_cards_of_the_opponent_on_his_deck():
    st, m, team = _planet_team("ro-laren", [], team=("T-F1", "T-F7", "T-F2", "T-F5"))
    ro = real(st, 0, "T-F5", "2C109", "pile", m)  # Leadership, Navigation, …: none of T-P1's skills
    hand = list(st["seats"][1]["hand"])
    st = attempt(st, m, respond_with=ro)  # her text is not offered: she used none of her skills
    assert st["cards"][m].get("completed") and st["seats"][1]["hand"] == hand
    st, m, team = _planet_team("ro-laren-diplomat", [], team=("T-F1", "T-F7", "T-F2", "T-F5"))
    p1 = dict(DB["2C109"])
    st["extra_cards"]["X-RO"] = {**p1, "id": "X-RO", "skills": {**p1["skills"], "Anthropology": 1}}
    ro = real(st, 0, "T-F5", "2C109")
    st["cards"][ro]["guid"] = "X-RO"
    S.move(st, ro, "pile", m)
    st["cards"][ro]["commander"] = 0
    hand, deck = list(st["seats"][1]["hand"]), list(st["seats"][1]["deck"])
    st = respond(attempt(st, m, respond_with=ro))
    assert st["cards"][m].get("completed")
    moved = [c for c in hand if c not in st["seats"][1]["hand"]]
    assert len(moved) == 2 and sorted(st["seats"][1]["deck"][:2]) == sorted(moved)
    assert st["seats"][1]["deck"][2:] == deck
    check_invariants(st)


# ---------------------------------------------------------------- cost verbs place_in_discard, remove_from_game
def test_jake_sisko_places_himself_in_the_discard_pile_to_download_a_fed_ds9_personnel():
    st = started("jake")
    hq = mission(st, 0, "T-HQF")
    jake = real(st, 0, "T-F6", "2R122", "pile", hq)
    altman = real(st, 0, "T-F8", "1C251")  # a [Fed][DS9] personnel, in the deck
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": jake, "ability": 0})
    st = act(st, {"type": "choose", "card": altman})
    st = respond(st)
    assert st["cards"][jake]["zone"] == "discard" and st["cards"][altman]["zone"] == "hand"
    check_invariants(st)


def test_julian_bashir_removes_two_discarded_cards_from_the_game_to_gain_treachery():
    st, m, team = _planet_team("bashir", ["T-D8"], team=("T-F1", "T-F7"))
    bashir = real(st, 0, "T-F2", "2U124", "pile", m)
    for g in ("T-F3", "T-F4"):
        S.move(st, next(i for i in st["seats"][0]["deck"] if st["cards"][i]["guid"] == g), "discard", 0)
    gone = list(st["seats"][0]["discard"])
    st = act(st, {"type": "attempt", "mission": m})
    st = _to_attempt_action(st)
    st = act(st, {"type": "action", "card": bashir, "ability": 0})
    while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0:
        st = act(st, options(st)[0])
    assert all(st["cards"][c]["zone"] == "out" for c in gone)
    from rules.startrek2e import stats as ST
    assert ST.value(st, bashir, "Treachery") == 1
    check_invariants(st)


# ---------------------------------------------------------------- download + as
def test_conscription_downloads_two_glinns_and_places_them_on_top_of_the_deck():
    st = started("conscription")
    ev = real(st, 0, "T-EV4", "2R038")
    S.move(st, ev, "hand", 0)
    glinns = [real(st, 0, g, c) for g, c in (("T-F6", "2C116"), ("T-F8", "2U113"))]
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": ev})
    for g in glinns:
        st = act(st, {"type": "choose", "card": g})
        st = respond(st)
    while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0:  # the order on top
        st = act(st, next(o for o in options(st) if o.get("card") == glinns[1]) if any(
            o.get("card") == glinns[1] for o in options(st)) else options(st)[0])
    assert sorted(st["seats"][0]["deck"][:2]) == sorted(glinns)
    assert st["seats"][0]["deck"][0] == glinns[1]  # the first chosen ends on top
    assert st["cards"][ev]["zone"] == "discard"
    check_invariants(st)


# ---------------------------------------------------------------- ability requirement + FILTER host (mission)
def test_legal_proceedings_adds_law_to_the_mission_and_scores_5_when_it_is_completed():
    st, m, team = _planet_team("legal-without", [], team=("T-F1", "T-F7", "T-F2", "T-F5"))
    real(st, 0, "T-EV1", "2C047", "attached", m)
    st = attempt(st, m)  # Anthropology, Diplomacy and Integrity>20 are there, Law is not
    assert not st["cards"][m].get("completed") and st["seats"][0]["score"] == 0
    st, m, team = _planet_team("legal-with", [], team=("T-F1", "T-F7", "T-F2", "T-F5"))
    real(st, 0, "T-EV1", "2C047", "attached", m)
    judge = real(st, 0, "T-F6", "2R115", "pile", m)  # Evek: Law while he has a captive — give him one
    captive = next(i for i in st["seats"][1]["deck"] if S.ctype(st, i) == "personnel")
    S.move(st, captive, "brig", 0)
    st = attempt(st, m)
    assert st["cards"][m].get("completed") and st["seats"][0]["score"] == 35 + 5
    assert judge in S.cards_at(st, S.location(st, judge))
    check_invariants(st)


# ---------------------------------------------------------------- FILTER damaged
def test_bregath_is_attributes_plus_2_while_an_opponent_commands_a_damaged_ship():
    from rules.startrek2e import stats as ST
    st = started("bregath")
    hq = mission(st, 1, "T-HQK")
    bregath = real(st, 1, "T-K3", "2C133", "pile", hq)
    ship = put(st, 0, "T-SF", "ships", mission(st, 0, "T-HQF"))
    assert ST.value(st, bregath, "strength") == DB["2C133"]["strength"]
    dmg = next(i for i in st["seats"][1]["dilemmas"])
    S.move(st, dmg, "damage", ship)
    assert ST.value(st, bregath, "strength") == DB["2C133"]["strength"] + 2
    assert ST.value(st, bregath, "integrity") == DB["2C133"]["integrity"] + 2


# ---------------------------------------------------------------- trigger limit n (times each turn)
def test_khos_gains_plus_2_per_opponents_personnel_killed_at_most_plus_4_a_turn():
    from rules.startrek2e import glossary as G
    from rules.startrek2e import stats as ST
    st = started("khos")
    hq = mission(st, 1, "T-HQK")
    khos = real(st, 1, "T-K3", "2C141", "pile", hq)
    victims = [put(st, 0, g, "pile", mission(st, 0, "T-HQF")) for g in ("T-F1", "T-F2", "T-F3")]
    st = turn_to(st, 0, "orders")
    for v in victims:
        G.kill(st, v)
        while st["stack"]:
            from rules.startrek2e.effects import interpreter as I
            I.run(st)
    assert ST.value(st, khos, "cunning") == DB["2C141"]["cunning"] + 4  # three kills, limit +4


# ---------------------------------------------------------------- FILTER same_title_as
def test_aid_clone_colony_downloads_only_a_copy_of_a_personnel_you_command():
    from rules.startrek2e.triggers import fire
    st = started("clone")
    acc = mission(st, 0, "T-P2")
    st["extra_cards"]["2U095"] = DB["2U095"]
    st["cards"][acc]["guid"] = "2U095"
    put(st, 0, "T-F1", "pile", mission(st, 0, "T-HQF"))  # Picard in play; another Picard in the deck
    st = turn_to(st, 0, "orders")
    fire(st, "mission_completed", seat=0, mission=acc, ship=None, team=[])
    st["pending"] = None
    from rules.startrek2e import flow
    st = flow.advance(st)
    st = respond(st, acc)
    offered = {st["cards"][o["card"]]["guid"] for o in options(st) if o.get("card")}
    assert offered == {"T-F1"}
    check_invariants(st)


# ---------------------------------------------------------------- verb lose_skills
def test_stricken_dumb_makes_the_personnel_facing_a_dilemma_lose_every_skill_until_its_end():
    from . import fixtures as FX
    for use, stopped in ((False, False), (True, True)):
        st, m, team = _planet_team(f"stricken-{use}", [], team=("T-F1", "T-F2", "T-F5", "T-F3"))  # one diplomat
        st["extra_cards"]["X-DIP"] = FX.dilemma("X-DIP", "Diplomatic Test", "dual", 0, [
            {"unless": {"skills": {"Diplomacy": 1}}, "then": [{"stop": {"all": {}}}]}])
        st["cards"][next(i for i in st["seats"][1]["dilemmas"] if st["cards"][i]["guid"] == "T-D8")]["guid"] = "X-DIP"
        dumb = real(st, 0, "T-I1", "2U087")
        S.move(st, dumb, "hand", 0)
        st = attempt(st, m, dilemmas=["X-DIP"], respond_with=dumb if use else None)
        while st["pending"]["kind"] in ("choose", "respond"):  # the card paid, then Picard
            st = act(st, {"type": "pass"} if st["pending"]["kind"] == "respond" else
                     {"type": "choose", "card": team[0]} if any(o.get("card") == team[0] for o in options(st))
                     else next(o for o in options(st) if o.get("card") != dumb))
        assert bool(st["cards"][team[1]]["stopped"]) is stopped  # the dilemma stopped them all: no Diplomacy
        check_invariants(st)


# ---------------------------------------------------------------- about_to_be_killed names the mission
def test_sickbay_puts_a_personnel_a_dilemma_would_kill_on_top_of_the_deck_if_your_ship_is_there():
    st = started("sickbay")
    m = mission(st, 0, "T-S1")
    ship = put(st, 0, "T-SF2", "ships", m)
    crew = [put(st, 0, g, "aboard", ship) for g in ("T-F5", "T-F4", "T-F2", "T-F8")]
    real(st, 0, "T-EV1", "2U062", "core", 0)
    real(st, 1, "T-D1", "2C016")  # Nausicaan Pirates: kill one at random, stop the others
    st = turn_to(st, 0, "orders")
    st = respond(attempt(st, m, dilemmas=["2C016"], ship=ship))
    assert not any(st["cards"][c]["zone"] == "discard" for c in crew)
    assert sum(1 for c in crew if st["cards"][c]["zone"] == "deck") == 1
    assert st["cards"][st["seats"][0]["deck"][0]]["guid"] in ("T-F5", "T-F4", "T-F2", "T-F8")
    check_invariants(st)


# ---------------------------------------------------------------- CONDITION total with AMOUNT bounds
def test_straying_from_the_path_exchanges_hand_and_discard_pile_when_the_pile_is_smaller():
    st = started("straying")
    hq = mission(st, 0, "T-HQF")
    ev = real(st, 0, "T-EV4", "2R065")
    S.move(st, ev, "hand", 0)
    baj = [real(st, 0, g, "1C214") for g in ("T-F6", "T-F6", "T-F6")]  # three [Baj] personnel to command
    for b in baj:
        S.move(st, b, "pile", hq)
        st["cards"][b]["commander"] = 0
    pile = [st["seats"][0]["deck"][0]]
    S.move(st, pile[0], "discard", 0)
    st = turn_to(st, 0, "play")
    hand = [c for c in st["seats"][0]["hand"] if c != ev]
    assert len(hand) > 1
    st = act(st, {"type": "play", "card": ev})
    st = respond(st)
    assert sorted(st["seats"][0]["hand"]) == sorted(pile)
    assert set(hand) <= set(st["seats"][0]["discard"]) and st["cards"][ev]["zone"] == "out"
    check_invariants(st)


# ---------------------------------------------------------------- action limit once_per_dilemma
def test_jaro_essa_gains_a_skill_of_a_removed_personnel_only_once_each_dilemma():
    st, m, team = _planet_team("jaro", ["2C021"], team=("T-F1", "T-F7", "T-F2", "T-F5"))
    pile = st["seats"][1]["dilemmas"]
    nothing = [next(i for i in pile if st["cards"][i]["guid"] == g) for g in ("T-D8", "2C021")]  # two that do nothing
    for d in reversed(nothing):
        pile.remove(d)
        pile.insert(0, d)
    jaro = real(st, 0, "T-F6", "2R105", "pile", m)
    for g in ("T-F3", "T-F4"):
        S.move(st, find_deck(st, g), "discard", 0)
    st = act(st, {"type": "attempt", "mission": m})
    offered = []
    for _ in range(60):
        p = st["pending"]
        if p["kind"] == "choose_dilemma":
            st = act(st, next(({"type": "choose_dilemma", "card": d} for d in nothing if {"type": "choose_dilemma", "card": d}
                               in options(st)), {"type": "choose_dilemma", "card": None}))
        elif p["kind"] == "attempt_action":
            here = any(o.get("card") == jaro for o in options(st))
            offered.append((st["attempt"]["current"], here))
            st = act(st, {"type": "action", "card": jaro, "ability": 0} if here and len(offered) == 1 else {"type": "pass"})
        elif p["kind"] == "choose" and p["seat"] == 0:
            st = act(st, options(st)[0])
            if st["attempt"] and st["attempt"]["current"] == offered[0][0]:  # the same dilemma: no more
                assert not any(o["card"] == jaro for o in A.options(st, 0)[0])
        elif p["kind"] == "respond":
            st = act(st, {"type": "pass"})
        else:
            break
    assert [here for _, here in offered[:2]] == [True, True] and offered[0][0] != offered[1][0]  # the next dilemma
    assert sum(1 for e in st["log"] if e["event"] == "removed_from_game") == 1
    check_invariants(st)


def find_deck(st, guid):
    return next(i for i in st["seats"][0]["deck"] if st["cards"][i]["guid"] == guid)


# ---------------------------------------------------------------- personnel_killed in an engagement, involved
def test_staunch_determination_mills_the_cost_of_a_personnel_killed_in_your_cardassian_engagement():
    st = started("staunch")
    m = mission(st, 0, "T-S1")
    galor = real(st, 0, "T-SF", "1C384", "ships", m)
    crew = [real(st, 0, "T-F1", "1U232", "aboard", galor)] + [put(st, 0, g, "aboard", galor) for g in ("T-F2", "T-F3")]
    staunch = real(st, 0, "T-EV1", "2U064", "core", 0)
    weapons = real(st, 0, "T-EV2", "2C056", "core", 0)  # Power to the Weapons: kill two involved if you win
    bird = put(st, 1, "T-SK", "ships", m)
    foes = [put(st, 1, g, "aboard", bird) for g in ("T-K1", "T-K3")]
    st = turn_to(st, 0, "orders")
    deck = len(st["seats"][1]["deck"])
    st = act(st, {"type": "order", "card": weapons, "ability": 1})
    for _ in range(30):
        p = st["pending"]
        if p["kind"] == "respond" and p["seat"] == 0 and {"type": "respond", "card": staunch, "ability": 1} in options(st):
            st = act(st, {"type": "respond", "card": staunch, "ability": 1})
        elif p["kind"] in ("respond",):
            st = act(st, {"type": "pass"})
        elif p["kind"] == "choose":
            st = act(st, options(st)[0])
        else:
            break
    assert all(st["cards"][f]["zone"] == "discard" for f in foes) and all(st["cards"][c]["stopped"] for c in crew)
    assert st["cards"][staunch]["zone"] == "discard"
    milled = deck - len(st["seats"][1]["deck"])
    assert milled in (DB_cost(st, foes[0]), DB_cost(st, foes[1]))
    check_invariants(st)


def DB_cost(st, iid):
    return S.card_def(st, iid)["cost"]


# ---------------------------------------------------------------- damage keyword texts
def test_disable_sensors_as_damage_keeps_the_personnel_aboard_from_attempting():
    st = started("sensors")
    m = mission(st, 0, "T-S1")
    ship = put(st, 0, "T-SF2", "ships", m)
    for g in ("T-F5", "T-F4"):
        put(st, 0, g, "aboard", ship)
    st = turn_to(st, 0, "orders")
    assert any(o.get("ship") == ship for o in options(st, "attempt"))
    real(st, 1, "T-EV1", "2R041", "damage", ship)
    st["pending"] = None
    from rules.startrek2e import flow
    st = flow.advance(st)
    assert not any(o.get("ship") == ship for o in options(st, "attempt"))
    check_invariants(st)


def test_stolen_computer_core_as_damage_puts_a_price_on_programming_aboard():
    from rules.startrek2e import stats as ST
    st = started("core")
    m = mission(st, 0, "T-S1")
    ship = put(st, 0, "T-SF2", "ships", m)
    ro = real(st, 0, "T-F5", "2C109", "aboard", ship)  # Programming
    assert ST.value(st, ro, "Programming") == 1
    real(st, 1, "T-D1", "2U022", "damage", ship)
    assert ST.value(st, ro, "Programming") == 0 and ST.value(st, ro, "Security") == 1
    check_invariants(st, views=False)


# ---------------------------------------------------------------- personnel_killed: where it was (present)
def test_korris_is_strength_plus_3_when_a_klingon_attempting_with_him_is_killed():
    from . import fixtures as FX
    st, m, team = _planet_team("korris", ["2C013"], team=())
    korris = real(st, 0, "T-F5", "2R144", "pile", m)
    kor = [real(st, 0, g, "1C301", "pile", m) for g in ("T-F3", "T-F3", "T-F8")]  # Kahmis: Klingons
    n = DB["2R144"]["strength"] + 2 * DB["1C301"]["strength"] + 1  # met only with Korris's +3
    st["extra_cards"]["X-STR"] = FX.dilemma("X-STR", "Test of Strength", "dual", 0, [
        {"unless": {"attributes": {"strength": n}}, "then": [{"draw": {"count": 3}}]}])
    st["cards"][next(i for i in st["seats"][1]["dilemmas"] if st["cards"][i]["guid"] == "T-D8")]["guid"] = "X-STR"
    hand = len(st["seats"][0]["hand"])
    st = _refresh(st)
    st = respond(attempt(st, m, dilemmas=["2C013", "X-STR"]))  # Houdini Mines kills one at random
    dead = [c for c in kor + [korris] if st["cards"][c]["zone"] == "discard"]
    assert len(dead) == 1 and dead[0] != korris  # (this seed kills a Klingon beside him)
    assert len(st["seats"][0]["hand"]) == hand  # Strength>n was met: Korris was Strength +3
    check_invariants(st)


# ---------------------------------------------------------------- CONDITION selected
def test_leeta_randomly_selected_makes_another_bajoran_present_gain_a_skill_she_already_has():
    st, m, team = _planet_team("leeta", ["2C020"], team=())
    st["extra_cards"]["T-P1"] = {**st["extra_cards"]["T-P1"], "attempt_affiliations": ["bajoran"]}
    leeta = real(st, 0, "T-F5", "2R108", "pile", m)
    jabara = real(st, 0, "T-F6", "1C214", "pile", m)  # Bajoran, as Leeta: Racial Tension stops nobody
    st = act(_refresh(st), {"type": "attempt", "mission": m})
    asked = False
    for _ in range(40):
        p = st["pending"]
        if p["kind"] == "choose_dilemma":
            d = next((o for o in options(st) if o["card"] and st["cards"][o["card"]]["guid"] == "2C020"), None)
            st = act(st, d or {"type": "choose_dilemma", "card": None})
        elif p["kind"] == "respond" and {"type": "respond", "card": leeta, "ability": 0} in options(st):
            asked = True
            st = act(st, {"type": "respond", "card": leeta, "ability": 0})
        elif p["kind"] in ("respond", "attempt_action"):
            st = act(st, {"type": "pass"})
        elif p["kind"] == "choose" and p["seat"] == 0:
            st = act(st, options(st)[0])
        else:
            break
    assert asked
    gained = [e for e in st["log"] if e["event"] == "gained_skills"]
    assert gained and gained[0]["card"] == jabara and gained[0]["source"] == jabara
    check_invariants(st)


# ---------------------------------------------------------------- keyword attempt_cost, trigger opponent_attempt_begins
def _terix(seed: str, hand: int):
    st = started(seed)
    m = mission(st, 0, "T-S1")
    ship = put(st, 0, "T-SF2", "ships", m)
    for g in ("T-F5", "T-F4"):  # Security, Navigation
        put(st, 0, g, "aboard", ship)
    terix = real(st, 1, "T-SK", "2R179", "ships", m)
    for g in ("T-K1", "T-K2", "T-K3", "T-K4"):
        put(st, 1, g, "aboard", terix)
    real(st, 1, "T-K5", "2U162", "aboard", terix)  # Mirok: an opponent's Engineer attempting here costs a card
    while len(st["seats"][0]["hand"]) > hand:
        S.move(st, st["seats"][0]["hand"][0], "deck", 0)
    return turn_to(st, 0, "orders"), m, ship


def test_terix_makes_an_opponent_discard_two_cards_to_attempt_and_mirok_one_more_for_his_engineer():
    st, m, ship = _terix("terix-one", 1)  # one card: the price of two cannot be paid
    assert not any(o.get("ship") == ship for o in options(st, "attempt"))
    st, m, ship = _terix("terix-four", 4)
    assert any(o.get("ship") == ship for o in options(st, "attempt"))
    st = act(st, {"type": "attempt", "mission": m, "ship": ship})
    while st["pending"]["seat"] == 0 and st["pending"]["kind"] in ("choose", "respond"):
        st = act(st, {"type": "pass"} if st["pending"]["kind"] == "respond" else options(st)[0])
    assert len(st["seats"][0]["hand"]) == 4 - 2  # Data is no Engineer: Mirok asks nothing
    check_invariants(st)
    st, m, ship = _terix("mirok", 4)
    eng = put(st, 0, "T-F3", "aboard", ship)  # La Forge: an Engineer attempting
    st = _refresh(st)
    st = act(st, {"type": "attempt", "mission": m, "ship": ship})
    while st["pending"]["seat"] == 0 and st["pending"]["kind"] in ("choose", "respond"):
        st = act(st, {"type": "pass"} if st["pending"]["kind"] == "respond" else options(st)[0])
    assert len(st["seats"][0]["hand"]) == 4 - 3 and st["cards"][eng]["zone"] == "aboard"
    check_invariants(st)


# ---------------------------------------------------------------- trigger opponent_discards_deck_top, CONDITION your_turn
def _kotra_discards(seed: str, seat: int) -> tuple:
    """Kotra in seat 0's core; during ``seat``'s turn a text makes seat 1 discard the top two
    cards of his deck (two personnel put there)."""
    from rules.startrek2e.effects import filters as F
    from rules.startrek2e.effects import frames as FR
    st = started(seed)
    kotra = real(st, 0, "T-EV1", "2U046", "core", 0)
    deck = st["seats"][1]["deck"]
    people = [i for i in deck if S.ctype(st, i) == "personnel"][:2]
    for i in people:
        deck.remove(i)
    deck[:0] = people
    st = turn_to(st, seat, "orders")
    FR.push(st, [{"discard": {"count": 2, "from": "deck_top", "who": "opponent"}}], F.ctx_for(st, kotra, you=0))
    return _refresh(st), people


def test_kotra_scores_five_once_when_an_opponent_discards_personnel_from_his_deck_top_on_your_turn():
    score = 0
    st, people = _kotra_discards("kotra-mine", 0)
    assert all(st["cards"][i]["zone"] == "discard" for i in people)
    assert st["seats"][0]["score"] == score + 5  # two personnel discarded: once each turn
    check_invariants(st)
    st, people = _kotra_discards("kotra-theirs", 1)  # the opponent's turn: nothing
    assert all(st["cards"][i]["zone"] == "discard" for i in people) and st["seats"][0]["score"] == 0
    text = render_card(DB["2U046"])
    assert "When an opponent discards a card from the top of his or her deck" in text[2] and "your turn" in text[2]


# ---------------------------------------------------------------- trigger card_drawn
def test_visionary_discards_the_card_just_drawn_to_draw_another_once_each_turn():
    st = started("visionary")
    vis = real(st, 0, "T-EV1", "2R072", "core", 0)
    st = turn_to(st, 0, "play")
    hand = len(st["seats"][0]["hand"])
    first = st["seats"][0]["deck"][0]
    st = act(st, {"type": "draw"})
    assert st["pending"]["seat"] == 0 and st["pending"]["kind"] == "respond"
    assert {"type": "respond", "card": vis, "ability": 2} in options(st)
    second = st["seats"][0]["deck"][0]
    st = act(st, {"type": "respond", "card": vis, "ability": 2})
    assert st["cards"][first]["zone"] == "discard" and st["cards"][second]["zone"] == "hand"
    assert len(st["seats"][0]["hand"]) == hand + 1
    check_invariants(st)
    st = act(st, {"type": "draw"}) if {"type": "draw"} in options(st) else st
    assert st["pending"]["kind"] != "respond"  # only once each turn
    assert render_card(DB["2R072"])[2].startswith("When you draw a card")


# ---------------------------------------------------------------- gain_skills any_skill
def test_confessions_makes_your_treacherous_fed_ds9_personnel_gain_a_skill_of_your_choice():
    from rules.startrek2e import stats as ST
    st, m, team = _planet_team("confessions", ["T-D8"], team=("T-F1", "T-F7"))
    sisko = real(st, 0, "T-F2", "2U118", "pile", m)  # Benjamin Sisko: his order trades Diplomacy for Treachery
    conf = real(st, 0, "T-EV1", "2R037", "core", 0)
    st = _refresh(st)
    assert not any(o.get("card") == conf for o in options(st))  # no Treachery personnel attempting
    st = act(st, {"type": "order", "card": sisko, "ability": 0})
    st = act(st, {"type": "attempt", "mission": m})
    st = _to_attempt_action(st)
    assert ST.value(st, sisko, "Honor") == 0
    st = act(st, {"type": "action", "card": conf, "ability": 1})
    if st["pending"]["kind"] == "choose" and any("card" in o for o in options(st)):
        st = act(st, {"type": "choose", "card": sisko})
    assert len(options(st)) == 23  # any skill
    st = act(st, {"type": "choose", "skill": "Honor"})
    assert ST.value(st, sisko, "Honor") == 1 and st["cards"][conf]["zone"] == "discard"
    assert "gain a skill of your choice until the end of this turn" in render_card(DB["2R037"])[1]
    check_invariants(st)
