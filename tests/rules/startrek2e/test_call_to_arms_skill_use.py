"""Call to Arms (set 3, issue 17): using skills to meet requirements — who used which skills
(``stats.skill_users``, RULES.md "Using skills to meet requirements"), the ``skills_used`` event,
the ``used_skills`` ref of a dilemma's text, the ``used`` of ``mission_completed``, keyword
``cant_use_skills`` and ``blank_skills`` — each played through the reducer with the real Call to
Arms card (its authored mechanics from the card database)."""
from rules.startrek2e import state as S
from rules.startrek2e import stats as ST
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card

from .helpers import act, attempt, check_invariants, mission, options, put, real, respond, started, turn_to

DB = card_db()


def _as(st: dict, guid: str, n: int, skills: dict, affiliation: str = "federation", **attrs) -> str:
    """Seat 0's fixture personnel ``guid`` re-dealt (a new card key) with ``skills``."""
    base = st["extra_cards"][guid]
    key = f"X-SU{n}"
    st["extra_cards"][key] = {**base, "id": key, "title": f"Specialist {n}", "affiliations": [affiliation],
                              "skills": skills, "unique": False, **attrs}
    return key


def _team(st: dict, m: str, guids=("T-F1", "T-F2", "T-F3", "T-F4", "T-F5", "T-F7")) -> list:
    """Seat 0's fixture Federation personnel on the planet ``m`` (six: six dilemma cost)."""
    return [put(st, 0, g, "pile", m) for g in guids]


def _redeal(st: dict, iid: str, key: str) -> str:
    st["cards"][iid]["guid"] = key
    return iid


# ---------------------------------------------------------------- used_skills ref + skills_used (Locutus)
def test_forsaken_places_the_treachery_personnel_who_met_it_and_locutus_scores_for_using_treachery():
    """Forsaken ("Unless you have 2 Honor or 2 Treachery, all your personnel are stopped. Each Honor
    or Treachery personnel that uses his or her skills while facing this dilemma is placed on the
    bottom of his or her owner's deck"): Locutus (2 Treachery) alone meets it, so he used Treachery —
    his own text scores 10 points ("if he uses his … Treachery to meet its requirements"), then he is
    placed on the bottom of his deck; nobody is stopped."""
    st = started("su-forsaken")
    m = mission(st, 0, "T-P1")
    team = _team(st, m, ("T-F1", "T-F2", "T-F3", "T-F4", "T-F5"))
    locutus = real(st, 0, "T-F6", "3R132", "pile", m)
    real(st, 1, "T-D1", "3R011")
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["3R011"])
    st = respond(st)
    assert st["cards"][locutus]["zone"] == "deck" and st["seats"][0]["deck"][-1] == locutus
    assert st["seats"][0]["score"] >= 10
    assert any(e["event"] == "completed" for e in st["log"])  # the others were not stopped: they completed T-P1
    assert st["seats"][0]["score"] == 10 + 35
    assert all(st["cards"][i]["zone"] == "pile" for i in team)
    check_invariants(st)


def test_forsaken_takes_only_the_personnel_of_the_alternative_met():
    """Two personnel with Honor meet "2 Honor" (the first alternative met): both used Honor and go
    to the bottom of their owner's deck; a Treachery personnel, whose skill was not needed, stays."""
    st = started("su-forsaken-honor")
    m = mission(st, 0, "T-P1")
    team = _team(st, m, ("T-F1", "T-F2", "T-F3", "T-F4"))
    honor = [_redeal(st, put(st, 0, g, "pile", m), _as(st, g, n, {"Honor": 1, "Security": 1}))
             for n, g in enumerate(("T-F5", "T-F7"))]
    sneak = _redeal(st, put(st, 0, "T-F8", "pile", m), _as(st, "T-F8", 2, {"Treachery": 2}))
    real(st, 1, "T-D1", "3R011")
    assert ST.skill_users(st, team + honor + [sneak], DB["3R011"]["mechanics"][0]["effects"][0]["unless"],
                          check="dilemma") == {honor[0]: ["Honor"], honor[1]: ["Honor"]}
    st = turn_to(st, 0, "orders")
    st = respond(attempt(st, m, dilemmas=["3R011"]))
    assert all(st["cards"][i]["zone"] == "deck" for i in honor)
    assert st["cards"][sneak]["zone"] == "pile"
    check_invariants(st)


def test_a_requirement_not_met_uses_no_skills():
    """Unmet, Forsaken stops everyone and places nobody: nobody "used" a skill to meet it."""
    st = started("su-forsaken-unmet")
    m = mission(st, 0, "T-P1")
    team = _team(st, m)
    real(st, 1, "T-D1", "3R011")
    st = turn_to(st, 0, "orders")
    st = respond(attempt(st, m, dilemmas=["3R011"]))
    assert all(st["cards"][i]["zone"] == "pile" and st["cards"][i]["stopped"] for i in team)
    check_invariants(st)


# ---------------------------------------------------------------- skills_used, turn-scoped (Overwhelmed)
def test_overwhelmed_stops_the_personnel_who_use_skills_at_this_mission_then_returns_to_the_pile():
    """Overwhelmed lies on the mission; the next dilemma (Sickness: "unless Medical") is met by
    Crusher's Medical — he used his skills facing a dilemma at this mission, so he is stopped. At
    the end of the turn Overwhelmed goes back under its owner's dilemma pile."""
    st = started("su-overwhelmed")
    m = mission(st, 0, "T-P1")
    team = _team(st, m)
    crusher = team[1]
    over = real(st, 1, "T-D1", "3R019")
    st = turn_to(st, 0, "orders")
    st = respond(attempt(st, m, dilemmas=["3R019", "T-D2"]))
    assert st["cards"][crusher]["stopped"]
    assert not any(st["cards"][i]["stopped"] for i in team if i != crusher)
    assert st["cards"][over]["zone"] == "on" or st["cards"][over]["zone"] == "dilemmas"
    st = act(st, {"type": "end_orders"}) if st["pending"]["kind"] == "orders" else st
    while st["turn"]["player"] == 0 and st["pending"]:
        st = act(st, options(st)[0])
    assert st["cards"][over]["zone"] == "dilemmas" and st["seats"][1]["dilemmas"][-1] == over
    check_invariants(st)


# ---------------------------------------------------------------- skills_used interrupt (Parting Shot)
def test_parting_shot_kills_an_opponents_personnel_who_uses_skills_facing_a_dilemma():
    st = started("su-parting")
    m = mission(st, 0, "T-P1")
    team = _team(st, m)
    crusher = team[1]
    shot = real(st, 1, "T-I1", "3R075", "hand", 1)
    st["seats"][1]["score"] = 5
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["T-D2"], respond_with=shot)
    st = respond(st)
    assert st["cards"][crusher]["zone"] == "discard"
    assert st["seats"][1]["score"] == 0
    check_invariants(st)


def test_parting_shot_needs_five_points():
    st = started("su-parting-poor")
    m = mission(st, 0, "T-P1")
    team = _team(st, m)
    shot = real(st, 1, "T-I1", "3R075", "hand", 1)
    st["seats"][1]["score"] = 4
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["T-D2"], respond_with=shot)
    assert st["cards"][shot]["zone"] == "hand" and st["cards"][team[1]]["zone"] == "pile"
    check_invariants(st)


# ---------------------------------------------------------------- keyword cant_use_skills (Sluggo)
def test_sluggo_names_a_personnel_whose_skills_do_not_meet_mission_requirements():
    """Sluggo names Picard: the team without his Diplomacy and Anthropology cannot complete Survey
    Planet (its attributes still count), though the same team meets a dilemma's Diplomacy."""
    st = started("su-sluggo")
    m = mission(st, 0, "T-P1")
    team = _team(st, m, ("T-F1", "T-F2", "T-F3", "T-F4", "T-F5"))
    picard = team[0]
    req = ST.mission_requirements(st, m)
    assert ST.meets(st, team, req, check="mission")
    sluggo = real(st, 0, "T-EV4", "3R056", "hand", 0)
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": sluggo})
    st = act(st, {"type": "choose", "card": picard})
    st = respond(st)
    assert st["cards"][sluggo]["zone"] == "core"
    assert not ST.meets(st, team, req, check="mission")
    assert ST.meets(st, team, {"skills": {"Diplomacy": 2}}, check="dilemma")
    st = turn_to(st, 0, "orders")
    st = respond(attempt(st, m))
    assert not st["cards"][m].get("completed") and st["cards"][picard]["stopped"]
    check_invariants(st)


# ---------------------------------------------------------------- mission_completed used + repeat (Building a Bridge)
def test_building_a_bridge_counts_the_vorta_who_used_skills_to_complete_the_mission():
    """Two Vorta complete Survey Planet: one's Diplomacy counts toward its requirements, the other
    has none of its skills. One Vorta used skills: the opponent discards one card, you may draw one."""
    st = started("su-bridge")
    m = mission(st, 0, "T-P1")
    _team(st, m, ("T-F1", "T-F2", "T-F3"))
    vorta = [_redeal(st, put(st, 0, g, "pile", m),
                     _as(st, g, n, sk, affiliation="dominion", species="Vorta"))
             for n, (g, sk) in enumerate((("T-F4", {"Diplomacy": 1}), ("T-F5", {"Medical": 1}),
                                          ("T-F7", {"Security": 1})))]
    bridge = real(st, 0, "T-EV1", "3R038", "core", 0)
    hand1, hand0 = len(st["seats"][1]["hand"]), len(st["seats"][0]["hand"])
    st = turn_to(st, 0, "orders")
    st = attempt(st, m)
    done = next(e for e in st["log"] if e["event"] == "completed")
    assert done["mission"] == m
    st = respond(st)
    if st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 1:  # the opponent's discard
        st = act(st, options(st)[0])
    assert len(st["seats"][1]["hand"]) == hand1 - 1
    assert st["pending"]["kind"] == "yes_no" and st["pending"]["seat"] == 0
    st = act(st, {"type": "yes_no", "yes": True})
    assert len(st["seats"][0]["hand"]) == hand0 + 1
    assert st["cards"][bridge]["zone"] == "core" and vorta
    check_invariants(st)


def test_the_skill_use_cards_read_as_played():
    assert "if that personnel used Diplomacy, Leadership, Officer or Treachery to meet them, score 10 points" \
        in " ".join(render_card(DB["3R132"]))
    assert "cannot use his or her skills to meet mission requirements" in " ".join(render_card(DB["3R056"]))
    assert "for each Vorta personnel that used any of his or her skills to meet its requirements, each of your " \
        "opponents discards a card from hand" in " ".join(render_card(DB["3R038"]))
    assert "an Honor or Treachery personnel" in " ".join(render_card(DB["3R011"]))
    assert S  # state helpers used by the tests above


# ---------------------------------------------------------------- verb blank_skills (Psychic Receptacle)
def test_psychic_receptacle_blanks_the_skills_of_every_personnel_with_the_selected_title_while_facing():
    """The opponent names Medical; the random personnel with Medical is a Crusher. Both Crushers (one
    title) cannot use their skills while facing a dilemma for the rest of the attempt: Sickness
    ("unless Medical") is not met, though two Crushers have Medical; at the mission's requirements
    (no dilemma faced) their skills count again."""
    st = started("su-receptacle")
    m = mission(st, 0, "T-P1")
    team = _team(st, m, ("T-F1", "T-F2", "T-F2", "T-F3", "T-F4", "T-F7"))
    crushers = [i for i in team if st["cards"][i]["guid"] == "T-F2"]
    real(st, 1, "T-D1", "3U020")
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["3U020", "T-D2"])
    assert st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 1  # the opponent names a skill
    st = respond(act(st, {"type": "choose", "skill": "Medical"}))
    assert st["attempt"]["skills_blanked"] == ["Crusher"]
    assert st["attempt"]["current"] is not None  # Sickness is being faced
    assert not ST.meets(st, crushers, {"skills": {"Medical": 1}}, check="dilemma")
    # Sickness: nobody can use Medical, so its opponent chooses a personnel to kill
    assert st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 1
    st = respond(act(st, options(st)[0]))
    assert sum(1 for i in team if st["cards"][i]["zone"] == "discard") == 1
    assert st["attempt"] is None and ST.meets(st, crushers, {"skills": {"Medical": 1}}, check="dilemma")
    check_invariants(st)


def test_without_psychic_receptacle_sickness_is_met_by_crusher():
    st = started("su-receptacle-control")
    m = mission(st, 0, "T-P1")
    team = _team(st, m, ("T-F1", "T-F2", "T-F2", "T-F3", "T-F4", "T-F7"))
    st = turn_to(st, 0, "orders")
    st = respond(attempt(st, m, dilemmas=["T-D2"]))
    assert all(st["cards"][i]["zone"] == "pile" for i in team)


# ---------------------------------------------------------------- gain_skills levels (We're Mutants)
def test_were_mutants_gives_a_genetically_enhanced_attempting_personnel_one_more_level_of_each_skill():
    st = started("su-mutants")
    m = mission(st, 0, "T-P1")
    team = _team(st, m, ("T-F1", "T-F2", "T-F3"))
    mutant = _redeal(st, put(st, 0, "T-F5", "pile", m),
                     _as(st, "T-F5", 7, {"Security": 2, "Medical": 1}, keywords=["Genetically Enhanced"]))
    mutants = real(st, 0, "T-EV1", "3U068", "core", 0)
    st = turn_to(st, 0, "orders")
    assert not [o for o in options(st) if o.get("card") == mutants]  # not attempting yet
    st = attempt(st, m, dilemmas=["T-D8"])
    use = [o for o in options(st) if o.get("type") == "action" and o.get("card") == mutants]
    assert use and st["pending"]["seat"] == 0
    st = act(st, use[0])
    if st["pending"]["kind"] == "choose":
        st = act(st, {"type": "choose", "card": mutant})
    assert st["cards"][mutants]["zone"] == "discard"
    assert ST.skills(st, mutant) == {"Security": 3, "Medical": 2}
    assert team
    check_invariants(st)


def test_building_a_bridge_makes_each_opponent_discard_in_a_game_of_three():
    """"Each opponent discards a card from hand": both other players discard, one after the other
    from your left, each choosing from his own hand."""
    from .test_multiplayer_engagements import started3
    st = started3("su-bridge-3")
    m = mission(st, 0, "T-P1")
    _team(st, m, ("T-F1", "T-F2", "T-F3"))
    _redeal(st, put(st, 0, "T-F4", "pile", m), _as(st, "T-F4", 0, {"Diplomacy": 1}, affiliation="dominion",
                                                     species="Vorta"))
    for n, g in enumerate(("T-F5", "T-F7")):
        _redeal(st, put(st, 0, g, "pile", m), _as(st, g, n + 1, {"Security": 1}, affiliation="dominion"))
    real(st, 0, "T-EV1", "3R038", "core", 0)
    hands = [len(st["seats"][s]["hand"]) for s in (1, 2)]
    st = turn_to(st, 0, "orders")
    st = respond(attempt(st, m))
    asked = []
    while st["pending"]["kind"] == "choose":
        asked.append(st["pending"]["seat"])
        st = respond(act(st, options(st)[0]))
    assert asked == [1, 2]
    assert [len(st["seats"][s]["hand"]) for s in (1, 2)] == [h - 1 for h in hands]
    check_invariants(st)
