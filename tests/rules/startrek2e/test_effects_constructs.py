"""The constructs of cards/mechanics/MISSING.md items 12–44 about combat, engagements, ships,
filters and conditions, each played in a real game state with fixture cards (one test per
construct, named after its item). Items about responses and prevention are in
test_effects_responses.py, mission text, damage text, blanking and the one-offs (with the
authored Premiere cards using them) in test_effects_premiere.py."""
from rules.startrek2e import flow
from rules.startrek2e import glossary as G
from rules.startrek2e import state as S
from rules.startrek2e import stats as ST
from rules.startrek2e.effects import filters as F
from rules.startrek2e.effects.schema import validate_mechanics

from . import fixtures as FX
from .helpers import act, add_card, find, mission, options, put, started, turn_to
from rules.startrek2e.effects import frames as FR


def _run(st, effects, source, you=0, **ctx):
    errs = validate_mechanics([{"kind": "dilemma", "effects": effects}])
    assert errs == [], errs
    FR.push(st, effects, F.ctx_for(st, source, you=you, **ctx))
    st["pending"] = None
    return flow.advance(st)


def _valid(*abilities):
    errs = validate_mechanics(list(abilities))
    assert errs == [], errs


# -- item 12: "involved" in a combat or engagement --------------------------------------
def test_item12_random_kill_of_an_opponents_personnel_involved_in_the_combat():
    st = started("involved")
    planet = mission(st, 0, "T-P1")
    other = mission(st, 1, "T-P1")
    mine = [put(st, 0, g, "pile", planet) for g in ("T-F5", "T-F1")]
    theirs = put(st, 1, "T-K3", "pile", planet)
    elsewhere = put(st, 1, "T-K4", "pile", other)  # not involved: at another mission
    ev = put(st, 0, "T-EV3", "core", 0)
    st = _run(st, [{"begin_combat": {"filter": {"skill": "Leadership"}},
                    "win": [{"kill": {"random": {"involved": True, "owner": "opponent", "type": "personnel"},
                                      "count": 1}}]}], ev)
    assert st["cards"][theirs]["zone"] == "discard"
    assert st["cards"][elsewhere]["zone"] == "pile" and all(st["cards"][i]["stopped"] for i in mine)


def test_item12_place_in_your_brig_an_opponents_personnel_involved_in_the_engagement():
    st = started("involved-eng")
    space = mission(st, 0, "T-S1")
    ship = put(st, 0, "T-SF", "ships", space)
    for g in ("T-F1", "T-F2", "T-F3", "T-F7"):
        put(st, 0, g, "aboard", ship)
    target = put(st, 1, "T-SK", "ships", space)
    victim = put(st, 1, "T-K1", "aboard", target)
    bystander = put(st, 1, "T-K2", "pile", mission(st, 1, "T-P1"))
    ev = put(st, 0, "T-EV2", "core", 0)
    st = _run(st, [{"begin_engagement": {},
                    "win": [{"place_in_brig": {"random": {"involved": True, "owner": "opponent", "type": "personnel"},
                                               "count": 1}}]}], ev)
    assert victim in st["seats"][0]["brig"] and st["cards"][bystander]["zone"] == "pile"


# -- item 13: a bonus for the ship that begins the engagement, and "otherwise" ----------
def _engagement_scene(seed, weapons=6, shields=7):
    extra = add_card({}, FX.ship("X-S1", "Escort", "federation", ("staff",), weapons=weapons, shields=5))
    add_card(extra, FX.ship("X-S2", "Target", "klingon", ("staff",), weapons=5, shields=shields))
    st = started(seed, extra=extra)
    space = mission(st, 0, "T-S1")
    a = find(st, 0, "T-SF2")
    st["cards"][a]["guid"] = "X-S1"
    ship = put(st, 0, "X-S1", "ships", space)
    leader = put(st, 0, "T-F1", "aboard", ship)
    b = find(st, 1, "T-SK")
    st["cards"][b]["guid"] = "X-S2"
    target = put(st, 1, "X-S2", "ships", space)
    put(st, 1, "T-K1", "aboard", target)
    return st, ship, leader, target


PIERCE = [{"kind": "event"},
          {"kind": "order", "effects": [
              {"begin_engagement": {"filter": {"skill": "Leadership"}, "bonus": [{"stat": "weapons", "amount": 2}]},
               "win": [{"place_as_damage": {"ref": "opponent_ship"}}], "lose": [{"destroy": {"self": True}}]}]},
          {"kind": "damage", "modify": {"stat": "shields", "amount": -2}}]


def test_item13_engagement_bonus_wins_and_the_event_becomes_damage_on_the_opponents_ship():
    _valid(*PIERCE)
    st, ship, leader, target = _engagement_scene("bonus", weapons=6, shields=7)
    extra_ev = FX.card("X-EV", "Pierce", "event", cost=2, mechanics=PIERCE)
    st["extra_cards"]["X-EV"] = extra_ev
    ev = find(st, 0, "T-EV1")
    st["cards"][ev]["guid"] = "X-EV"
    ev = put(st, 0, "X-EV", "core", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": ev, "ability": 1})
    log = next(e for e in st["log"] if e["event"] == "engagement")
    assert (log["weapons"], log["shields"]) == (8, 7)  # 6 + 2 against 7: a win only with the bonus
    assert ev in st["cards"][target]["damage"] and ST.value(st, target, "shields") == 5
    assert ST.value(st, ship, "weapons") == 6  # the bonus lasted only for the engagement


def test_item13_otherwise_the_event_is_destroyed():
    st, ship, leader, target = _engagement_scene("bonus-lose", weapons=4, shields=9)
    st["extra_cards"]["X-EV"] = FX.card("X-EV", "Pierce", "event", cost=2, mechanics=PIERCE)
    ev = find(st, 0, "T-EV1")
    st["cards"][ev]["guid"] = "X-EV"
    ev = put(st, 0, "X-EV", "core", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": ev, "ability": 1})
    assert st["cards"][ev]["zone"] == "discard" and not st["cards"][target]["damage"]


# -- item 14: a ship chosen by its crew ------------------------------------------------
def test_item14_crew_filter_and_engagement_ship_filter():
    st, ship, leader, target = _engagement_scene("crew", weapons=9, shields=5)
    other = put(st, 0, "T-SF", "ships", mission(st, 0, "T-S1"))  # no Leadership aboard
    put(st, 0, "T-F3", "aboard", other)
    ctx = F.ctx_for(st, leader, you=0)
    assert F.candidates(st, {"type": "ship", "owner": "you", "crew": {"skill": "Leadership"}}, ctx) == [ship]
    assert F.candidates(st, {"type": "ship", "crew": {"skill": "Engineer"}}, ctx) == [other]
    ev = put(st, 0, "T-EV2", "core", 0)
    st = _run(st, [{"begin_engagement": {"ship": {"affiliation": "federation", "crew": {"skill": "Leadership"}}},
                    "win": [{"draw": {"count": 1}}]}], ev)
    log = next(e for e in st["log"] if e["event"] == "engagement")
    assert log["ship"] == ship  # the only ship with a Leadership crew: no choice offered


# -- items 19, 20, 29, 30: several names, ship class, excluding either, location ---------
def test_item19_title_lists_and_any_of_filters():
    st = started("anyof")
    hq = mission(st, 0, "T-HQF")
    cards = {g: put(st, 0, g, "pile", hq) for g in ("T-F1", "T-F2", "T-F4")}
    ctx = F.ctx_for(st, hq, you=0)
    got = F.candidates(st, {"type": "personnel", "title": ["Picard", "Data"]}, ctx)
    assert sorted(got) == sorted([cards["T-F1"], cards["T-F4"]])
    got = F.candidates(st, {"any_of": [{"title": "Crusher"}, {"species": "Android"}]}, ctx)
    assert sorted(got) == sorted([cards["T-F2"], cards["T-F4"]])
    st = _run(st, [{"download": {"filter": {"title": ["Tasha", "Troi"]}}}], hq)
    picks = {st["cards"][o["card"]]["guid"] for o in options(st) if o["card"]}
    assert picks == {"T-F5", "T-F7"}


def test_item20_ship_class():
    st = started("class", a="fed", b="kli")
    r = find(st, 1, "T-SK")
    st["cards"][r]["guid"] = "T-SR"  # D'deridex, class "D'deridex"
    ship = put(st, 1, "T-SR", "ships", mission(st, 1, "T-S1"))
    ctx = F.ctx_for(st, ship, you=1)
    for name in ("D'deridex-class ship", "D'deridex Class", "d'deridex"):
        assert F.matches(st, ship, {"class": name}, ctx)
    assert not F.matches(st, ship, {"class": "K'Vort"}, ctx)


def test_item29_not_takes_a_list_none_may_match():
    st = started("notlist")
    planet = mission(st, 0, "T-P1")
    data = put(st, 0, "T-F4", "pile", planet)  # Android
    picard = put(st, 0, "T-F1", "pile", planet)
    worf = put(st, 0, "T-F5", "pile", planet)
    st["extra_cards"]["T-F5"] = {**st["extra_cards"]["T-F5"], "species": "Shape-shifter"}
    ctx = F.ctx_for(st, picard, you=0)
    f = {"type": "personnel", "not": [{"species": "Android"}, {"species": "Shape-shifter"}]}
    assert F.candidates(st, f, ctx) == [picard] and data and worf
    _valid({"kind": "dilemma", "effects": [{"kill": {"choose": f, "chooser": "opponent"}}]})


def test_item30_location_region_and_quadrant_of_a_mission_and_of_cards_at_it():
    st = started("where")
    nz = mission(st, 1, "T-S3")  # Region: Neutral Zone
    gq = mission(st, 0, "T-S2")  # Gamma Quadrant
    st["extra_cards"]["T-P1"] = {**st["extra_cards"]["T-P1"], "location": "Cardassia Prime"}
    p1 = mission(st, 0, "T-P1")
    ship = put(st, 1, "T-SK", "ships", nz)
    crew = put(st, 1, "T-K1", "aboard", ship)
    ctx = F.ctx_for(st, ship, you=1)
    assert F.matches(st, ship, {"region": "Neutral Zone"}, ctx) and F.matches(st, crew, {"region": "Neutral Zone"}, ctx)
    assert F.matches(st, gq, {"quadrant": "gamma"}, ctx) and F.matches(st, ship, {"quadrant": "alpha"}, ctx)
    assert F.matches(st, p1, {"location": "Cardassia Prime"}, ctx) and not F.matches(st, gq, {"location": "Cardassia Prime"}, ctx)
    deranas = {"kind": "static", "modify": {"stat": "weapons", "amount": 2, "who": {"self": True, "region": "Neutral Zone"}}}
    _valid(deranas, {"kind": "event", "play_on": {"type": "mission", "location": "Cardassia Prime"}})
    st["extra_cards"]["T-SK"] = {**st["extra_cards"]["T-SK"], "mechanics": [deranas]}
    assert ST.value(st, ship, "weapons") == 9
    G.stop(st, crew)
    S.move(st, ship, "ships", mission(st, 1, "T-S1"))
    assert ST.value(st, ship, "weapons") == 7


# -- item 21: score, captives and completed missions ------------------------------------
def test_item21_score_captives_and_completed_missions_in_conditions():
    st = started("score")
    src = put(st, 0, "T-F1", "pile", mission(st, 0, "T-HQF"))
    ctx = F.ctx_for(st, src, you=0)
    lemec = {"score": {"higher_than_each_opponent": True}}
    assert not F.condition(st, lemec, ctx)
    st["seats"][0]["score"] = 5
    assert F.condition(st, lemec, ctx) and F.condition(st, {"score": {"min": 5}}, ctx)
    assert not F.condition(st, {"score": {"min": 6}}, ctx)
    assert not F.condition(st, {"captives": {"min": 1}}, ctx)
    victim = put(st, 1, "T-K3", "pile", mission(st, 1, "T-HQK"))
    G.place_in_brig(st, victim, 0)
    assert F.condition(st, {"captives": {"min": 1}}, ctx)
    assert F.condition(st, {"captives": {"min": 1, "who": "opponent"}}, F.ctx_for(st, src, you=1))
    boldly = {"completed": {"planet": 1, "space": 1}}
    assert not F.condition(st, boldly, ctx)
    st["seats"][0]["completed"] += ["planet", "space"]
    assert F.condition(st, boldly, ctx)
    assert F.condition(st, {"not": {"completed": {"any": 1, "who": "opponent"}}}, ctx)  # Kurak
    reklar = {"kind": "static", "modify": {"stat": "weapons", "amount": 2, "who": {"self": True}},
              "while": {"captives": {"min": 1}}}
    _valid(reklar, {"kind": "play_requirement", "requires": {"score": {"min": 5}}})


# -- item 22: where a mission is -------------------------------------------------------
def test_item22_mission_condition_and_matching_affiliation_icon():
    st = started("mission-cond")
    gq = mission(st, 0, "T-S2")
    ship = put(st, 0, "T-SF", "ships", gq)
    ctx = F.ctx_for(st, ship, you=0)
    assert F.condition(st, {"mission": {"quadrant": "gamma"}}, ctx)
    assert not F.condition(st, {"mission": {"region": "Neutral Zone"}}, ctx)
    line = {"kind": "static", "modify": {"stat": "shields", "amount": 2,
                                         "who": {"type": "ship", "owner": "you", "matching_mission": True}}}
    _valid(line)
    ev = put(st, 0, "T-EV1", "core", 0)
    st["extra_cards"]["T-EV1"] = {**st["extra_cards"]["T-EV1"], "mechanics": [{"kind": "event"}, line]}
    assert ST.value(st, ship, "shields") == 10  # T-S2 may be attempted by Federation
    S.move(st, ship, "ships", mission(st, 0, "T-HQF"))  # a headquarters has no attempt icons here
    assert ST.value(st, ship, "shields") == 8 and ev


# -- item 24: a trigger about this card --------------------------------------------------
def test_item24_trigger_card_and_trigger_mission_conditions():
    from rules.startrek2e.triggers import fire
    envoy = [{"kind": "trigger", "on": "mission_completed", "optional": False,
              "if": {"trigger_mission": {"mission_type": "planet", "affiliation": "federation", "at_this_mission": True}},
              "effects": [{"score": {"amount": 5}}]}]
    extra = add_card({}, FX.ship("X-E", "Envoy Ship", "federation", ("staff",), mechanics=envoy))
    st = started("trig", extra=extra)
    p1, p2 = mission(st, 0, "T-P1"), mission(st, 0, "T-P2")
    s = find(st, 0, "T-SF2")
    st["cards"][s]["guid"] = "X-E"
    put(st, 0, "X-E", "ships", p1)
    st = turn_to(st, 0, "orders")
    fire(st, "mission_completed", seat=0, mission=p2)  # elsewhere: nothing
    st["pending"] = None
    st = flow.advance(st)
    assert st["seats"][0]["score"] == 0
    fire(st, "mission_completed", seat=0, mission=p1)
    st["pending"] = None
    st = flow.advance(st)
    assert st["seats"][0]["score"] == 5
    ctx = F.ctx_for(st, p1, you=0, event={"card": p1})
    assert F.condition(st, {"trigger_card": {"self": True}}, ctx)
    assert not F.condition(st, {"trigger_card": {"type": "personnel"}}, ctx)


def test_item24_when_this_personnel_is_killed_its_own_text_still_works():
    nalas = [{"kind": "trigger", "on": "personnel_killed", "optional": False, "if": {"trigger_card": {"self": True}},
              "effects": [{"discard": {"count": 1, "from": "hand"}}]}]
    extra = add_card({}, FX.personnel("X-LN", "Legend", "federation", {"Leadership": 1}, mechanics=nalas))
    st = started("nalas", extra=extra)
    c = find(st, 0, "T-F6")
    st["cards"][c]["guid"] = "X-LN"
    legend = put(st, 0, "X-LN", "pile", mission(st, 0, "T-HQF"))
    other = put(st, 0, "T-F2", "pile", mission(st, 0, "T-HQF"))
    st = turn_to(st, 0, "orders")
    hand = len(st["seats"][0]["hand"])
    st = _run(st, [{"kill": {"all": {"title": "Crusher"}}}], other)
    assert st["pending"]["kind"] == "orders" and len(st["seats"][0]["hand"]) == hand  # another death: nothing
    st = _run(st, [{"kill": {"all": {"title": "Legend"}}}], other)
    assert st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0
    st = act(st, options(st)[0])
    assert len(st["seats"][0]["hand"]) == hand - 1 and st["cards"][legend]["zone"] == "discard"


# -- item 32: until the end of that engagement -----------------------------------------------
def test_item32_shields_bonus_until_the_end_of_that_engagement_by_a_response():
    power = [{"kind": "interrupt", "when": "engagement_begins", "effects": [
        {"modify": {"stat": "shields", "amount": 4, "target": {"all": {
            "type": "ship", "owner": "you", "involved": True, "crew": {"skill": "Leadership"}}}},
         "until": "end_of_engagement"}]}]
    _valid(*power)
    st, ship, leader, target = _engagement_scene("power", weapons=9, shields=7)
    st["extra_cards"]["X-PW"] = FX.card("X-PW", "Shields Up", "interrupt", cost=0, mechanics=power)
    i = find(st, 1, "T-I2")
    st["cards"][i]["guid"] = "X-PW"
    S.move(st, i, "hand", 1)
    kurn = put(st, 1, "T-K2", "aboard", target)  # Leadership aboard the defender
    ev = put(st, 0, "T-EV2", "core", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": ev, "ability": 1})
    while st["pending"]["kind"] == "respond":
        mine = [o for o in options(st) if o.get("card") == i]
        st = act(st, mine[0] if mine else {"type": "pass"})
    log = next(e for e in st["log"] if e["event"] == "engagement")
    assert log["shields"] == 11 and ev not in st["cards"][target]["damage"]  # 9 against 7 + 4
    assert ST.value(st, target, "shields") == 7 and kurn


# -- items 34, 35: a mission's requirements; random among remembered cards ---------------------
def test_item34_requires_skill_and_affiliation_icons_of_a_mission():
    st = started("reqskill")
    src = mission(st, 0, "T-HQF")
    ctx = F.ctx_for(st, src, you=0)
    got = {st["cards"][m]["guid"] for m in F.candidates(st, {"type": "mission", "requires_skill": "Physics"}, ctx)}
    assert got == {"T-S2"}
    assert F.matches(st, mission(st, 0, "T-P1"), {"type": "mission", "affiliation": "federation"}, ctx)


def test_item35_random_among_the_chosen_and_meets_by_the_remembered_group():
    kelvan = [{"remember": {"choose": {"not": [{"species": "Android"}, {"species": "Hologram"}]},
                            "chooser": "opponent", "count": 2}, "as": "chosen"},
              {"kill": {"random": {"ref": "chosen"}, "count": 1}}]
    _valid({"kind": "dilemma", "effects": kelvan})
    st = started("kelvan")
    planet = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", planet) for g in ("T-F1", "T-F2", "T-F4", "T-F5")]
    st["attempt"] = {"seat": 0, "mission": planet, "ship": None, "personnel": team, "dilemma_owner": 1,
                     "budget": 4, "spent": 0, "current": None, "resolving": False}
    st = _run(st, kelvan, planet, dilemma=True)
    assert st["pending"]["seat"] == 1 and team[2] not in [o["card"] for o in options(st)]  # not the Android
    st = act(st, {"type": "choose", "card": team[0]})
    st = act(st, {"type": "choose", "card": team[1]})
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    dead = [c for c in team if st["cards"][c]["zone"] == "discard"]
    assert len(dead) == 1 and dead[0] in team[:2]
    ctx = F.ctx_for(st, planet, you=0, dilemma=True)
    ctx["refs"]["four"] = [team[2], team[3]]  # Data 9 + Tasha 6 cunning
    assert F.condition(st, {"meets": {"attributes": {"cunning": 14}}, "group": {"ref": "four"}}, ctx)
    assert not F.condition(st, {"meets": {"attributes": {"cunning": 15}}, "group": {"ref": "four"}}, ctx)


# -- item 23: mission text -----------------------------------------------------------------------
def _attempt_ready(st, m, ship=None):
    team = [put(st, 0, g, "aboard" if ship else "pile", ship or m) for g in ("T-F4", "T-F5", "T-F1", "T-F7")]
    st = turn_to(st, 0, "orders")
    st["attempt"] = {"seat": 0, "mission": m, "ship": ship, "personnel": team, "dilemma_owner": 1,
                     "budget": 0, "spent": 0, "current": None, "resolving": False}
    st["step"] = "mission_requirements"
    st["pending"] = None
    return flow.advance(st), team


# -- item 25: while this ship is in an engagement -----------------------------------------------
def test_item25_while_in_an_engagement_you_did_not_begin():
    prakesh = [{"kind": "static", "modify": {"stat": "shields", "amount": 4, "who": {"self": True}},
                "while": {"in_engagement": {"began_by": "opponent"}}}]
    defiant = [{"kind": "static", "modify": {"stat": "weapons", "amount": 1, "who": {"self": True}},
                "while": {"in_engagement": True}}]
    _valid(*prakesh, *defiant)
    st, ship, leader, target = _engagement_scene("inengage", weapons=9, shields=7)
    st["extra_cards"]["X-S2"] = {**st["extra_cards"]["X-S2"], "mechanics": prakesh}
    st["extra_cards"]["X-S1"] = {**st["extra_cards"]["X-S1"], "mechanics": defiant}
    assert ST.value(st, target, "shields") == 7 and ST.value(st, ship, "weapons") == 9
    ev = put(st, 0, "T-EV2", "core", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": ev, "ability": 1})
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    log = next(e for e in st["log"] if e["event"] == "engagement")
    assert (log["weapons"], log["shields"]) == (10, 11)
    assert ST.value(st, target, "shields") == 7  # only while it lasts


# -- item 39: an opponent's mission ------------------------------------------------------------------
def test_item39_mission_owner():
    st = started("mowner")
    mine = put(st, 0, "T-F1", "pile", mission(st, 1, "T-P1"))  # at the opponent's copy
    home = put(st, 0, "T-F2", "pile", mission(st, 0, "T-P1"))
    ctx = F.ctx_for(st, mine, you=0)
    f = {"type": "personnel", "owner": "you", "mission_owner": "opponent", "mission_type": "planet"}
    assert F.candidates(st, f, ctx) == [mine] and home
    assert F.condition(st, {"count": f, "min": 1}, ctx)


# -- item 40: choose one of two outcomes ----------------------------------------------------------------
def test_item40_choose_one_of_two_outcomes():
    eff = [{"choose_one": {"options": [[{"draw": {"count": 1}}], [{"draw": {"count": 2}}]], "chooser": "opponent"}}]
    st = turn_to(started("choose1"), 0, "orders")
    src = mission(st, 0, "T-HQF")
    hand = len(st["seats"][0]["hand"])
    st = _run(st, eff, src)
    assert st["pending"]["kind"] == "yes_no" and st["pending"]["seat"] == 1
    st = act(st, {"type": "yes_no", "yes": False})
    assert len(st["seats"][0]["hand"]) == hand + 2


# -- item 33: responses to what happened -----------------------------------------------------------
def test_item33_when_you_win_an_engagement_involving_this_ship():
    scimitar = [{"kind": "trigger", "on": "engagement_won", "optional": False,
                 "if": {"count": {"self": True, "involved": True}, "min": 1},
                 "effects": [{"discard": {"count": 1, "from": "deck_top", "who": "opponent"}}]}]
    _valid(*scimitar)
    st, ship, leader, target = _engagement_scene("scimitar", weapons=9, shields=5)
    st["extra_cards"]["X-S1"] = {**st["extra_cards"]["X-S1"], "mechanics": scimitar}
    top = st["seats"][1]["deck"][0]
    ev = put(st, 0, "T-EV2", "core", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": ev, "ability": 1})
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert top in st["seats"][1]["discard"]


def test_item33_when_an_opponent_completes_a_mission_where_this_personnel_is():
    duras = [{"kind": "trigger", "on": "opponent_mission_completed", "optional": False,
              "if": {"trigger_mission": {"at_this_mission": True}}, "effects": [{"draw": {"count": 1}}]}]
    _valid(*duras)
    extra = add_card({}, FX.personnel("X-DU", "Traitor's Son", "klingon", {"Treachery": 1}, mechanics=duras))
    st = started("duras", extra=extra)
    m = mission(st, 0, "T-P1")
    c = find(st, 1, "T-K3")
    st["cards"][c]["guid"] = "X-DU"
    put(st, 1, "X-DU", "pile", m)
    hand = len(st["seats"][1]["hand"])
    st, team = _attempt_ready(st, m)
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert st["cards"][m].get("completed") and len(st["seats"][1]["hand"]) == hand + 1


# -- items 41-44 -----------------------------------------------------------------------------------
def test_item41_with_ref_at_the_same_mission_as_a_remembered_card():
    st = started("withref")
    p1, p2 = mission(st, 0, "T-P1"), mission(st, 0, "T-P2")
    a = put(st, 0, "T-F1", "pile", p1)
    b = put(st, 0, "T-F2", "pile", p1)
    c = put(st, 0, "T-F3", "pile", p2)
    ctx = F.ctx_for(st, mission(st, 0, "T-HQF"), you=0)
    ctx["refs"]["facing"] = [a]
    assert F.candidates(st, {"type": "personnel", "with_ref": "facing"}, ctx) == [b] and c


def test_item44_another_ship_joins_and_who_began_the_engagement():
    render = [{"kind": "interrupt", "when": "engagement_begins", "if": {"engagement_began_by": "opponent"},
               "effects": [{"join_engagement": {"choose": {"type": "ship", "owner": "you", "not": {"involved": True}}}}]}]
    _valid(*render)
    st, ship, leader, target = _engagement_scene("render", weapons=9, shields=5)
    st["extra_cards"]["X-RA"] = FX.card("X-RA", "Render", "interrupt", cost=0, mechanics=render)
    i = find(st, 1, "T-I2")
    st["cards"][i]["guid"] = "X-RA"
    S.move(st, i, "hand", 1)
    helper = put(st, 1, "T-SK", "ships", mission(st, 0, "T-S1"))
    for g in ("T-K2", "T-K3"):
        put(st, 1, g, "aboard", helper)
    ev = put(st, 0, "T-EV2", "core", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": ev, "ability": 1})
    st = act(st, {"type": "choose", "card": target})  # the opponent's ship engaged
    while st["pending"]["kind"] in ("respond", "choose"):
        mine = [o for o in options(st) if o.get("card") in (i, helper)]
        st = act(st, mine[0] if mine else {"type": "pass"})
    log = next(e for e in st["log"] if e["event"] == "engagement")
    assert log["shields"] == 5 + 6  # the helper's Shields joined the defence
