"""To Boldly Go (set 8, issue 17): cards authored with the language as it is, played through the
reducer with the real card (MISSING.md "To Boldly Go")."""
from rules.startrek2e import stats as ST
from rules.startrek2e.cards import card_db

from .helpers import act, attempt, check_invariants, mission, options, put, real, respond, started, turn_to

DB = card_db()


def _facing(st: dict, team: list, m: str) -> None:
    st["attempt"] = {"seat": 0, "mission": m, "ship": None, "personnel": team, "dilemma_owner": 1,
                     "budget": len(team), "spent": 0, "current": "c-none", "resolving": True}


def _starfleet_may_attempt(st: dict) -> None:
    """The fixture mission Survey Planet opened to [SF] personnel too (the test cards are [SF])."""
    st["extra_cards"]["T-P1"] = {**st["extra_cards"]["T-P1"], "attempt_affiliations": ["federation", "starfleet"]}


def _attrs(st: dict, iid: str) -> tuple:
    return tuple(ST.value(st, iid, s) for s in ("integrity", "cunning", "strength"))


def test_jean_hajar_gains_her_skills_and_attributes_only_while_facing_a_dilemma():
    st = started("bg-hajar")
    m = mission(st, 0, "T-P1")
    hajar = real(st, 0, "T-F6", "8C073", "pile", m)
    d = DB["8C073"]
    printed = (d["integrity"], d["cunning"], d["strength"])
    assert _attrs(st, hajar) == printed and "Transporters" not in ST.skills(st, hajar)
    _facing(st, [hajar], m)
    assert _attrs(st, hajar) == tuple(v + 1 for v in printed)
    sk = ST.skills(st, hajar)
    for s in ("Astrometrics", "Navigation", "Physics", "Security", "Transporters"):
        assert sk.get(s, 0) == (d["skills"] or {}).get(s, 0) + 1, s


def test_nicholas_locarno_makes_each_cadet_present_attributes_plus_1_while_he_faces_a_dilemma():
    """Sito Jaxa (a Cadet) facing with Locarno: +1 of her own and +1 from Locarno; an Ensign (no
    Cadet) is unchanged."""
    st = started("bg-locarno")
    m = mission(st, 0, "T-P1")
    locarno = real(st, 0, "T-F1", "8U074", "pile", m)
    sito = real(st, 0, "T-F6", "8C075", "pile", m)
    ensign = put(st, 0, "T-F6", "pile", m)
    d = DB["8C075"]
    _facing(st, [locarno, sito, ensign], m)
    assert _attrs(st, sito) == (d["integrity"] + 2, d["cunning"] + 2, d["strength"] + 2)
    assert _attrs(st, ensign) == (5, 5, 5)
    assert ST.skills(st, locarno).get("Treachery", 0) == (DB["8U074"]["skills"] or {}).get("Treachery", 0) + 1


def test_wesley_crusher_loses_honor_only_when_present_with_another_of_your_cadets():
    st = started("bg-wesley")
    m = mission(st, 0, "T-P1")
    wesley = real(st, 0, "T-F1", "8R076", "pile", m)
    printed = DB["8R076"]["skills"]
    assert ST.skills(st, wesley).get("Honor", 0) == printed.get("Honor", 0) > 0
    real(st, 0, "T-F6", "8C073", "pile", m)  # Jean Hajar, a Cadet
    sk = ST.skills(st, wesley)
    assert sk.get("Honor", 0) == printed["Honor"] - 1
    assert sk.get("Navigation", 0) == printed.get("Navigation", 0) + 1
    assert sk.get("Treachery", 0) == printed.get("Treachery", 0) + 1


def test_hoshi_sato_loses_anthropology_and_science_while_facing_a_dilemma():
    st = started("bg-hoshi")
    m = mission(st, 0, "T-P1")
    hoshi = real(st, 0, "T-F6", "8U103", "pile", m)
    assert {"Anthropology", "Science"} <= set(ST.skills(st, hoshi))
    _facing(st, [hoshi], m)
    sk = ST.skills(st, hoshi)
    assert "Anthropology" not in sk and "Science" not in sk and sk.get("Biology") == 1


def test_cultural_differences_stops_an_anthropologist_or_kills_a_random_personnel():
    # Picard (Anthropology) is there: he is stopped, nobody dies.
    st = started("bg-cultural-1")
    m = mission(st, 0, "T-P1")
    picard = put(st, 0, "T-F1", "pile", m)
    crusher = put(st, 0, "T-F2", "pile", m)
    real(st, 1, "T-D1", "8C008")
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=("8C008",))
    while st["pending"] and st["pending"]["kind"] == "choose":
        assert {o.get("card") for o in options(st)} <= {picard}
        st = respond(act(st, options(st)[0]))
    assert st["cards"][picard]["stopped"] and st["cards"][crusher]["zone"] != "discard"
    check_invariants(st)
    # Nobody has Acquisition or Anthropology: a random personnel is killed.
    st = started("bg-cultural-2")
    m = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", m) for g in ("T-F2", "T-F3")]
    real(st, 1, "T-D1", "8C008")
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=("8C008",))
    assert sum(st["cards"][c]["zone"] == "discard" for c in team) == 1
    check_invariants(st)


def test_benjamin_sisko_discards_a_card_to_download_escape_pod():
    st = started("bg-sisko")
    hq = mission(st, 0, "T-HQF")
    sisko = real(st, 0, "T-F1", "8U071", "pile", hq)
    pod = real(st, 0, "T-EV4", "8R033", "deck", 0)
    st = turn_to(st, 0, "orders")
    hand = len(st["seats"][0]["hand"])
    order = [o for o in options(st) if o.get("card") == sisko]
    assert order
    st = act(st, order[0])
    while st["pending"] and st["pending"]["kind"] in ("choose", "discard"):
        st = act(st, options(st)[0])
    st = respond(st)
    assert pod in st["seats"][0]["hand"] and len(st["seats"][0]["hand"]) == hand
    check_invariants(st)


def test_sarajevo_is_attributes_plus_1_while_you_have_a_transporters_personnel_aboard():
    st = started("bg-sarajevo")
    m = mission(st, 0, "T-S1")
    ship = real(st, 0, "T-SF", "8C118", "ships", m)
    d = DB["8C118"]
    printed = (d["range"], d["weapons"], d["shields"])
    put(st, 0, "T-F1", "aboard", ship)  # Picard: no Transporters
    assert tuple(ST.value(st, ship, s) for s in ("range", "weapons", "shields")) == printed
    put(st, 0, "T-F8", "aboard", ship)  # O'Brien: Transporters
    assert tuple(ST.value(st, ship, s) for s in ("range", "weapons", "shields")) == tuple(v + 1 for v in printed)


def test_chula_stops_the_three_selected_personnel_only_when_the_highest_strength_is_even():
    for guids, stopped in ((("T-F1", "T-F2", "T-F6"), True), (("T-F6", "T-F6", "T-F6"), False)):
        st = started("bg-chula")
        m = mission(st, 0, "T-P1")
        team = [put(st, 0, g, "pile", m) for g in guids]  # Strength 6, 6, 5 / 5, 5, 5
        real(st, 1, "T-D1", "8U006")
        st = turn_to(st, 0, "orders")
        start = len(st["log"])
        st = attempt(st, m, dilemmas=("8U006",))
        events = [e["event"] for e in st["log"][start:]]
        # stopped by the dilemma: before it is overcome (the failed attempt then stops everyone anyway)
        before_end = events[:events.index("overcome")]
        assert before_end.count("stopped") == (3 if stopped else 0), (guids, events)
        assert all(st["cards"][c]["stopped"] for c in team)
        check_invariants(st)


def test_burrows_dies_to_keep_a_starfleet_personnel_from_being_stopped_and_makes_him_attributes_plus_3():
    st = started("bg-burrows-0")  # a seed where the random stop selects Charles Tucker III
    m = mission(st, 0, "T-P1")
    _starfleet_may_attempt(st)
    burrows = real(st, 0, "T-F6", "8C093", "pile", m)
    tucker = real(st, 0, "T-F1", "8C095", "pile", m)
    st = turn_to(st, 0, "orders")
    start = len(st["log"])
    st = attempt(st, m, dilemmas=("T-D1",), respond_with=burrows)  # Dangerous Climb: a random stop
    events = [(e["event"], e.get("card")) for e in st["log"][start:]]
    assert ("killed", burrows) in events and ("prevented", tucker) in events
    dilemma = events[:[e for e, _ in events].index("overcome")]
    assert ("stopped", tucker) not in dilemma  # (the failed attempt stops him afterwards)
    assert st["cards"][burrows]["zone"] == "discard"
    assert ST.value(st, tucker, "integrity") == DB["8C095"]["integrity"] + 3
    check_invariants(st)


def test_thats_the_last_time_needs_three_starfleet_personnel_and_trades_a_card_for_two():
    st = started("bg-last-time")
    hq = mission(st, 0, "T-HQF")
    event = real(st, 0, "T-EV4", "8C045", "hand", 0)
    sf = [real(st, 0, g, cid, "pile", hq) for g, cid in (("T-F1", "8C095"), ("T-F2", "8U098"))]
    st = turn_to(st, 0, "play")
    assert not [o for o in options(st) if o.get("card") == event]  # two [SF] personnel only
    st["pending"] = None
    real(st, 0, "T-F6", "8C093", "pile", hq)
    st = turn_to(st, 0, "play")
    hand = len(st["seats"][0]["hand"])
    st = act(st, next(o for o in options(st) if o.get("card") == event))
    while st["pending"] and st["pending"]["kind"] in ("choose", "discard"):
        st = act(st, options(st)[0])
    st = respond(st)
    assert len(st["seats"][0]["hand"]) == hand - 2 + 2 and st["cards"][event]["zone"] == "discard"
    assert sf
    check_invariants(st)


def test_kelby_discards_the_top_card_of_the_deck_to_repair_his_ship_once_each_turn():
    from rules.startrek2e import glossary as G
    st = started("bg-kelby")
    ship = put(st, 0, "T-SF", "ships", mission(st, 0, "T-S1"))
    kelby = real(st, 0, "T-F3", "8U107", "aboard", ship)
    d1, d2 = st["seats"][1]["dilemmas"][:2]
    G.place_damage(st, d1, ship)
    G.place_damage(st, d2, ship)
    st = turn_to(st, 0, "orders")
    deck = len(st["seats"][0]["deck"])
    st = act(st, next(o for o in options(st) if o.get("card") == kelby))
    while st["pending"]["kind"] == "choose":
        st = act(st, options(st)[0])
    st = respond(st)
    assert len(st["cards"][ship]["damage"]) == 1 and len(st["seats"][0]["deck"]) == deck - 1
    assert not [o for o in options(st) if o.get("card") == kelby]  # only once each turn
    check_invariants(st)


def test_data_s_emotion_chip_changes_an_android_present_only_while_he_faces_a_dilemma():
    st = started("bg-emotion-chip")
    m = mission(st, 0, "T-P1")
    data = put(st, 0, "T-F4", "pile", m)  # an Android, Integrity 6, Cunning 9
    picard = put(st, 0, "T-F1", "pile", m)  # a Human
    real(st, 0, "T-EQ1", "8R021", "pile", m)
    assert _attrs(st, data)[:2] == (6, 9)
    _facing(st, [data, picard], m)
    assert _attrs(st, data)[:2] == (8, 8) and _attrs(st, picard)[:2] == (6, 8)


def test_uss_ganges_is_attributes_plus_1_for_each_ds9_personnel_aboard_and_range_minus_3_when_crowded():
    st = started("bg-ganges")
    ship = real(st, 0, "T-SF", "8R115", "ships", mission(st, 0, "T-S1"))
    d = DB["8R115"]
    st["extra_cards"]["T-F6"] = {**st["extra_cards"]["T-F6"], "icons": ["staff", "ds9"]}
    for _ in range(3):
        put(st, 0, "T-F6", "aboard", ship)  # three [DS9] Ensigns
    assert ST.value(st, ship, "weapons") == d["weapons"] + 3 and ST.value(st, ship, "range") == d["range"] + 3
    for g in ("T-F1", "T-F2", "T-F2", "T-F3", "T-F3"):
        put(st, 0, g, "aboard", ship)  # eight aboard now
    assert ST.value(st, ship, "range") == d["range"] + 3 - 3 and ST.value(st, ship, "shields") == d["shields"] + 3


def test_zefram_cochrane_stops_to_make_a_ship_played_at_his_mission_cost_2_less():
    from rules.startrek2e import state as S
    st = started("bg-cochrane")
    hq = mission(st, 0, "T-HQF")
    zefram = real(st, 0, "T-F1", "8R090", "pile", hq)
    ship = put(st, 0, "T-SF2", "hand", 0)  # U.S.S. Runabout, cost 2
    st = turn_to(st, 0, "play")
    plays = [o for o in options(st) if o.get("card") == ship]
    cheap = [o for o in plays if o.get("using") == [zefram]]
    assert cheap and any("using" not in o for o in plays)
    counters = st["seats"][0]["counters"]
    st = respond(act(st, cheap[0]))
    assert S.in_play(st, ship) and st["seats"][0]["counters"] == counters - (2 - 2)  # paid nothing
    assert st["cards"][zefram]["stopped"]
    check_invariants(st)


def test_gaeta_makes_the_chosen_opponent_discard_a_deck_top_card_for_each_of_his_headquarters():
    st = started("bg-gaeta")
    gaeta = real(st, 0, "T-F6", "8C101", "hand", 0)
    st["extra_cards"]["8C101"] = {**DB["8C101"], "affiliations": ["federation"]}  # playable at the [Fed] HQ
    st = turn_to(st, 0, "play")
    deck, discard = len(st["seats"][1]["deck"]), len(st["seats"][1]["discard"])
    st = respond(act(st, next(o for o in options(st) if o.get("card") == gaeta)))
    assert len(st["seats"][1]["deck"]) == deck - 1 and len(st["seats"][1]["discard"]) == discard + 1  # one HQ
    check_invariants(st)
