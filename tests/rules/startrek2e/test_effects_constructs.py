"""The constructs of cards/mechanics/MISSING.md items 12–31, each played in a real game
state with fixture cards (one test per construct, named after its item)."""
from rules.startrek2e import flow
from rules.startrek2e import glossary as G
from rules.startrek2e import state as S
from rules.startrek2e import stats as ST
from rules.startrek2e.effects import filters as F
from rules.startrek2e.effects import interpreter as I
from rules.startrek2e.effects.schema import validate_mechanics

from . import fixtures as FX
from .helpers import act, add_card, find, mission, options, put, started, turn_to


def _run(st, effects, source, you=0, **ctx):
    errs = validate_mechanics([{"kind": "dilemma", "effects": effects}])
    assert errs == [], errs
    I.push(st, effects, F.ctx_for(st, source, you=you, **ctx))
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


# -- item 16: prevention and replacement ------------------------------------------------
BASHIR = [{"kind": "trigger", "on": "about_to_be_killed", "optional": True,
           "if": {"trigger_card": {"present": True, "owner": "you", "type": "personnel"}},
           "cost": [{"stop": {"self": True}}, {"discard": {"count": 1, "from": "hand"}}],
           "effects": [{"prevent": {}}]}]
JOBRIL = [{"kind": "trigger", "on": "about_to_be_killed", "optional": False,
           "if": {"trigger_card": {"self": True}, "trigger_by_dilemma": True},
           "effects": [{"prevent": {}}, {"place_on_deck_top": {"trigger_card": True}}]}]


def _prevention_scene(seed):
    extra = add_card({}, FX.personnel("X-JB", "Doctor B", "federation", {"Medical": 1}, mechanics=BASHIR))
    add_card(extra, FX.personnel("X-JO", "Schemer", "federation", {"Physics": 1}, mechanics=JOBRIL))
    _valid(*BASHIR, *JOBRIL)
    st = started(seed, extra=extra)
    planet = mission(st, 0, "T-P1")
    for old, new in (("T-F6", "X-JB"), ("T-F8", "X-JO")):
        c = find(st, 0, old)
        st["cards"][c]["guid"] = new
    doc = put(st, 0, "X-JB", "pile", planet)
    schemer = put(st, 0, "X-JO", "pile", planet)
    victim = put(st, 0, "T-F2", "pile", planet)
    return turn_to(st, 0, "orders"), doc, schemer, victim


def test_item16_a_response_prevents_a_kill_and_pays_its_cost():
    st, doc, schemer, victim = _prevention_scene("prevent")
    hand = len(st["seats"][0]["hand"])
    st = _run(st, [{"kill": {"all": {"title": "Crusher", "scope": "in_play"}}}], victim, dilemma=True)
    assert st["pending"]["kind"] == "respond" and st["pending"]["seat"] == 0
    st = act(st, {"type": "respond", "card": doc, "ability": 0})
    if st["pending"]["kind"] == "choose":  # the discard cost
        st = act(st, options(st)[0])
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert st["cards"][victim]["zone"] == "pile" and st["cards"][doc]["stopped"]
    assert len(st["seats"][0]["hand"]) == hand - 1 and "prevented" not in st
    assert any(e["event"] == "prevented" and e["card"] == victim for e in st["log"])


def test_item16_declining_lets_the_kill_happen():
    st, doc, schemer, victim = _prevention_scene("no-prevent")
    st = _run(st, [{"kill": {"all": {"title": "Crusher", "scope": "in_play"}}}], victim, dilemma=True)
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert st["cards"][victim]["zone"] == "discard" and not st["cards"][doc]["stopped"]


def test_item16_a_mandatory_replacement_instead_of_being_killed_by_a_dilemma():
    st, doc, schemer, victim = _prevention_scene("instead")
    st = _run(st, [{"kill": {"all": {"title": "Schemer", "scope": "in_play"}}}], victim, dilemma=False)
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert st["cards"][schemer]["zone"] == "discard"  # not by a dilemma: killed
    st, doc, schemer, victim = _prevention_scene("instead2")
    st = _run(st, [{"kill": {"all": {"title": "Schemer", "scope": "in_play"}}}], victim, dilemma=True)
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert st["seats"][0]["deck"][0] == schemer  # placed on top of his owner's deck instead


# -- item 15: examine / reveal the top N and choose ---------------------------------------
def test_item15_examine_three_take_two_discard_the_other():
    st = turn_to(started("examine"), 0, "orders")
    src = mission(st, 0, "T-HQF")
    top = list(st["seats"][0]["deck"][:3])
    hand = len(st["seats"][0]["hand"])
    st = _run(st, [{"examine": {"from": "deck", "count": 3, "take": 2, "rest": "discard"}}], src)
    assert st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0
    assert sorted(st["pending"]["reveal"]) == sorted(top)
    st = act(st, {"type": "choose", "card": top[2]})
    st = act(st, {"type": "choose", "card": top[0]})
    assert top[0] in st["seats"][0]["hand"] and top[2] in st["seats"][0]["hand"]
    assert top[1] in st["seats"][0]["discard"] and len(st["seats"][0]["hand"]) == hand + 2
    ex = next(e for e in st["log"] if e["event"] == "examined")
    assert ex["private"] == 0 and ex["cards"] == top


def test_item15_reveal_an_opponent_chooses_the_discard_then_you_take_the_rest():
    st = turn_to(started("reveal"), 0, "orders")
    src = mission(st, 0, "T-HQF")
    top = list(st["seats"][0]["deck"][:3])
    st = _run(st, [{"examine": {"from": "deck", "count": 3, "reveal": True,
                                "discard": {"count": 1, "chooser": "opponent"}, "rest": "hand"}}], src)
    assert st["pending"]["seat"] == 1
    st = act(st, {"type": "choose", "card": top[1]})
    assert top[1] in st["seats"][0]["discard"] and {top[0], top[2]} <= set(st["seats"][0]["hand"])
    assert any(e["event"] == "revealed_cards" and "private" not in e for e in st["log"])


def test_item15_examine_an_opponents_dilemma_pile_and_replace_it_in_the_same_order():
    st = turn_to(started("nog"), 0, "orders")
    src = mission(st, 0, "T-HQF")
    pile = list(st["seats"][1]["dilemmas"])
    st = _run(st, [{"examine": {"from": "dilemmas", "who": "opponent", "count": 4}}], src)
    assert st["seats"][1]["dilemmas"] == pile
    assert next(e for e in st["log"] if e["event"] == "examined")["cards"] == pile[:4]


def test_item15_one_to_the_bottom_the_other_on_top_with_a_counted_amount():
    st = turn_to(started("rin"), 0, "orders")
    src = put(st, 0, "T-F1", "pile", mission(st, 0, "T-HQF"))
    deck = list(st["seats"][1]["deck"])
    st = _run(st, [{"examine": {"from": "deck", "who": "opponent",
                                "count": {"per": {"type": "personnel", "owner": "you"}, "times": 2},
                                "bottom": 1, "rest": "top"}, "as": "seen"}], src)
    st = act(st, {"type": "choose", "card": deck[0]})
    assert st["seats"][1]["deck"][0] == deck[1] and st["seats"][1]["deck"][-1] == deck[0]


# -- item 17: gaining another card's skills ------------------------------------------------
def test_item17_gain_all_skills_of_a_chosen_personnel_until_the_end_of_the_turn():
    st = turn_to(started("gain"), 0, "orders")
    planet = mission(st, 0, "T-P1")
    picard = put(st, 0, "T-F1", "pile", planet)
    crusher = put(st, 0, "T-F2", "pile", planet)  # Medical 2, Biology
    laforge = put(st, 0, "T-F3", "pile", planet)
    st["cards"][crusher]["stopped"] = True
    st = _run(st, [{"gain_skills": {"from": {"choose": {"type": "personnel", "owner": "you", "stopped": True}},
                                    "to": {"choose": {"type": "personnel", "owner": "you", "stopped": False}}},
                    "until": "end_of_turn"}], picard)
    assert st["pending"]["kind"] == "choose"  # the source: the only stopped one is offered
    assert [o["card"] for o in options(st)] == [crusher]
    st = act(st, {"type": "choose", "card": crusher})
    st = act(st, {"type": "choose", "card": laforge})
    assert ST.skills(st, laforge) == {"Engineer": 2, "Physics": 1, "Medical": 2, "Biology": 1}
    assert "Medical" not in ST.skills(st, picard)
    G.kill(st, crusher)  # a snapshot: the source leaving play takes nothing back
    assert ST.value(st, laforge, "Medical") == 2
    st["mods"] = [m for m in st["mods"] if m["until"] == "permanent"]  # the end of the turn
    assert "Medical" not in ST.skills(st, laforge)


def test_item17_skills_and_attributes_of_a_personnel_in_your_discard_pile_and_of_a_captive():
    st = turn_to(started("promise"), 1, "orders")
    hq = mission(st, 1, "T-HQK")
    worf = put(st, 1, "T-K1", "pile", hq)  # Security, Honor 2; 6/6/9
    dead = put(st, 1, "T-K5", "pile", hq)
    G.kill(st, dead)  # Scientist: Physics, Astrometrics, Anthropology; 6/6/6
    st = _run(st, [{"gain_skills": {"from": {"choose": {"type": "personnel", "scope": "discard"}},
                                    "to": {"self": True}, "attributes": True}, "until": "end_of_turn"}], worf, you=1)
    if st["pending"] and st["pending"]["kind"] == "choose":
        st = act(st, {"type": "choose", "card": dead})
    assert ST.value(st, worf, "Physics") == 1 and ST.value(st, worf, "strength") == 15
    captive = put(st, 0, "T-F4", "pile", mission(st, 0, "T-HQF"))  # Data: Astrometrics, Physics, Navigation
    G.place_in_brig(st, captive, 1)
    kurn = put(st, 1, "T-K2", "pile", hq)
    st = _run(st, [{"gain_skills": {"from": {"choose": {"type": "personnel", "scope": "brig"}},
                                    "to": {"all": {"type": "personnel", "owner": "you", "title": "Kurn"}}}}],
              worf, you=1)
    assert [o["card"] for o in options(st)] == [captive]
    st = act(st, {"type": "choose", "card": captive})
    assert ST.value(st, kurn, "Navigation") == 2 and ST.value(st, kurn, "Astrometrics") == 1


# -- item 18: once-per-turn triggers --------------------------------------------------------
def test_item18_a_response_only_once_each_turn():
    troi = [{"kind": "trigger", "on": "personnel_killed", "optional": True, "limit": "once_per_turn",
             "effects": [{"draw": {"count": 1}}]}]
    _valid(*troi)
    extra = add_card({}, FX.personnel("X-DT", "Counselor", "federation", {"Diplomacy": 1}, mechanics=troi))
    st = started("once", extra=extra)
    c = find(st, 0, "T-F6")
    st["cards"][c]["guid"] = "X-DT"
    counselor = put(st, 0, "X-DT", "pile", mission(st, 0, "T-HQF"))
    victims = [put(st, 1, g, "pile", mission(st, 1, "T-HQK")) for g in ("T-K3", "T-K4")]
    st = turn_to(st, 0, "orders")
    st = _run(st, [{"kill": {"all": {"title": "Warrior"}}}], counselor)
    assert {"type": "respond", "card": counselor, "ability": 0} in options(st)
    st = act(st, {"type": "respond", "card": counselor, "ability": 0})
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    st = _run(st, [{"kill": {"all": {"title": "Doctor"}}}], counselor)
    assert st["pending"]["kind"] != "respond" or {"type": "respond", "card": counselor, "ability": 0} not in options(st)
    assert victims


# -- item 27: each player's choice -------------------------------------------------------------
def test_item27_each_player_may_draw_a_card():
    st = turn_to(started("riva"), 0, "orders")
    src = put(st, 0, "T-F7", "pile", mission(st, 0, "T-HQF"))
    hands = [len(s["hand"]) for s in st["seats"]]
    st = _run(st, [{"may": {"who": "each"}, "then": [{"draw": {"count": 1}}]}], src)
    assert st["pending"]["kind"] == "yes_no" and st["pending"]["seat"] == 0
    st = act(st, {"type": "yes_no", "yes": False})
    assert st["pending"]["seat"] == 1
    st = act(st, {"type": "yes_no", "yes": True})
    assert [len(s["hand"]) for s in st["seats"]] == [hands[0], hands[1] + 1]
    st = _run(st, [{"may": {"who": "opponent"}, "then": [{"draw": {"count": 2}}]}], src)
    assert st["pending"]["seat"] == 1
    st = act(st, {"type": "yes_no", "yes": True})
    assert len(st["seats"][1]["hand"]) == hands[1] + 3


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


def test_item23_you_cannot_complete_this_mission_if_your_maquis_personnel_is_on_this_planet():
    evacuate = [{"kind": "keyword", "keyword": "cant_complete", "if": {"count": {
        "type": "personnel", "owner": "you", "icon": "maquis", "at_this_mission": True}, "min": 1}}]
    _valid(*evacuate)
    extra = add_card({}, FX.mission("T-P1", "Survey Planet", "planet", reqs=[{"skills": {"Security": 1}}],
                                    mechanics=evacuate))
    add_card(extra, FX.personnel("X-MQ", "Rebel", "federation", {"Navigation": 1}, icons=("staff", "maquis")))
    st = started("evac", extra=extra)
    m = mission(st, 0, "T-P1")
    st2, team = _attempt_ready(st, m)
    assert st2["cards"][m].get("completed") and st2["seats"][0]["score"] == 35
    st = started("evac2", extra=extra)
    m = mission(st, 0, "T-P1")
    c = find(st, 0, "T-F6")
    st["cards"][c]["guid"] = "X-MQ"
    put(st, 0, "X-MQ", "pile", m)
    st, team = _attempt_ready(st, m)
    assert not st["cards"][m].get("completed") and all(st["cards"][i]["stopped"] for i in team)


def test_item23_cannot_complete_using_a_ship_with_a_maquis_aboard_and_completion_rewards():
    intercept = [{"kind": "keyword", "keyword": "cant_complete", "if": {"count": {
        "type": "ship", "ref": "completing_ship", "crew": {"icon": "maquis"}}, "min": 1}},
        {"kind": "trigger", "on": "mission_completed", "optional": True, "if": {"trigger_mission": {"self": True}},
         "effects": [{"place_in_discard": {"choose": {"aboard_trigger_ship": True, "type": "equipment", "owner": "you"},
                                           "count": 3, "up_to": True}, "as": "placed"},
                     {"score": {"amount": {"per": {"ref": "placed", "scope": "discard"}, "times": 5}}}]}]
    _valid(*intercept)
    extra = add_card({}, FX.mission("T-S1", "Intercept Renegade", "space", reqs=[{"skills": {"Navigation": 1}}],
                                    mechanics=intercept))
    add_card(extra, FX.personnel("X-MQ", "Rebel", "federation", {"Navigation": 1}, icons=("staff", "maquis")))
    st = started("intercept", extra=extra)
    m = mission(st, 0, "T-S1")
    ship = put(st, 0, "T-SF", "ships", m)
    kits = [put(st, 0, g, "aboard", ship) for g in ("T-EQ1", "T-EQ2")]
    st, team = _attempt_ready(st, m, ship)
    assert st["cards"][m].get("completed") and st["seats"][0]["score"] == 35
    assert st["pending"]["kind"] == "respond"
    st = act(st, {"type": "respond", "card": m, "ability": 1})
    st = act(st, {"type": "choose", "card": kits[0]})
    st = act(st, {"type": "choose", "card": kits[1]})
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert st["seats"][0]["score"] == 45 and all(st["cards"][k]["zone"] == "discard" for k in kits)
    st = started("intercept2", extra=extra)
    m = mission(st, 0, "T-S1")
    ship = put(st, 0, "T-SF", "ships", m)
    c = find(st, 0, "T-F6")
    st["cards"][c]["guid"] = "X-MQ"
    put(st, 0, "X-MQ", "aboard", ship)
    st, team = _attempt_ready(st, m, ship)
    assert not st["cards"][m].get("completed")


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


# -- item 36: preventing a whole group at once ------------------------------------------------------
def test_item36_one_response_prevents_every_card_the_effect_is_about_to_kill():
    escape = [{"kind": "interrupt", "when": "about_to_be_killed",
               "if": {"trigger_card": {"owner": "you"}, "trigger_by_dilemma": True},
               "effects": [{"prevent": {"all": True, "filter": {"owner": "you"}}},
                           {"stop": {"trigger_card": True}}]}]
    _valid(*escape)
    st = started("escape")
    st["extra_cards"]["X-ES"] = FX.card("X-ES", "Escape", "interrupt", cost=0, mechanics=escape)
    i = find(st, 0, "T-I2")
    st["cards"][i]["guid"] = "X-ES"
    S.move(st, i, "hand", 0)
    planet = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", planet) for g in ("T-F1", "T-F2", "T-F3")]
    st = turn_to(st, 0, "orders")
    st = _run(st, [{"kill": {"all": {"type": "personnel", "scope": "in_play", "owner": "you"}}}], planet, dilemma=True)
    assert st["pending"]["kind"] == "respond"
    st = act(st, {"type": "respond", "card": i, "ability": 0})
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert all(st["cards"][c]["zone"] == "pile" for c in team) and "prevented" not in st
    assert st["cards"][i]["zone"] == "discard"


# -- item 38: replace examined cards in any order -----------------------------------------------------
def test_item38_examined_cards_replaced_in_the_order_chosen():
    st = turn_to(started("reorder"), 0, "orders")
    src = mission(st, 0, "T-HQF")
    deck = list(st["seats"][1]["deck"])
    st = _run(st, [{"examine": {"from": "deck", "who": "opponent", "count": 3, "rest": "top_any_order"}}], src)
    assert st["pending"]["seat"] == 0
    st = act(st, {"type": "choose", "card": deck[2]})
    st = act(st, {"type": "choose", "card": deck[0]})
    assert st["seats"][1]["deck"][:4] == [deck[2], deck[0], deck[1], deck[3]]


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


# -- item 31: damage text that acts ---------------------------------------------------------------------
def test_item31_damage_at_the_end_of_each_of_your_turns_kills_a_random_personnel_aboard():
    nanite = [{"kind": "dilemma", "effects": [{"place_on_ship": {}}]},
              {"kind": "damage", "on": "end_of_turn", "effects": [
                  {"kill": {"random": {"type": "personnel", "aboard": True}, "count": 1}}]}]
    _valid(*nanite)
    st = started("nanite")
    st["extra_cards"]["X-NA"] = FX.dilemma("X-NA", "Nanites", "space", 1, None)
    st["extra_cards"]["X-NA"]["mechanics"] = nanite
    ship = put(st, 0, "T-SF", "ships", mission(st, 0, "T-S1"))
    crew = [put(st, 0, g, "aboard", ship) for g in ("T-F1", "T-F2", "T-F3", "T-F4")]
    other = put(st, 0, "T-F5", "pile", mission(st, 0, "T-P1"))
    d = st["seats"][1]["dilemmas"][0]
    st["cards"][d]["guid"] = "X-NA"
    G.place_damage(st, d, ship)
    assert ST.value(st, ship, "weapons") == 7  # no modifier from a damage text that acts
    st = turn_to(st, 1, "orders")  # the opponent's turn ends: nothing
    st = act(st, {"type": "end_orders"})
    while st["pending"]["kind"] in ("respond", "discard_excess"):
        st = act(st, options(st)[0])
    assert all(st["cards"][c]["zone"] == "aboard" for c in crew)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "end_orders"})
    while st["pending"]["kind"] in ("respond", "discard_excess"):
        st = act(st, options(st)[0])
    dead = [c for c in crew if st["cards"][c]["zone"] == "discard"]
    assert len(dead) == 1 and st["cards"][other]["zone"] == "pile"


def test_item17_gain_one_skill_from_another_personnel_present():
    kamala = [{"kind": "order", "limit": "once_per_turn", "effects": [
        {"gain_skills": {"from": {"choose": {"type": "personnel", "present": True, "not_self": True}},
                         "to": {"self": True}, "one": True}, "until": "end_of_turn"}]}]
    _valid(*kamala)
    extra = add_card({}, FX.personnel("X-KA", "Mate", "non-aligned", {"Diplomacy": 1}, mechanics=kamala))
    st = started("kamala", extra=extra)
    hq = mission(st, 0, "T-HQF")
    c = find(st, 0, "T-F6")
    st["cards"][c]["guid"] = "X-KA"
    mate = put(st, 0, "X-KA", "pile", hq)
    data = put(st, 0, "T-F4", "pile", hq)  # Astrometrics, Physics, Navigation
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": mate, "ability": 0})
    st = act(st, {"type": "choose", "card": data})
    assert {o.get("skill") for o in options(st)} == {"Astrometrics", "Physics", "Navigation"}
    st = act(st, {"type": "choose", "skill": "Physics"})
    assert ST.skills(st, mate) == {"Diplomacy": 1, "Physics": 1}


def test_item23_put_into_play_from_an_opponents_brig_and_from_the_discard_pile():
    rescue = [{"put_into_play": {"target": {"choose": {"type": "personnel", "scope": "opponent_brig", "owned_by": "you"}},
                                 "at": {"choose": {"type": "mission", "mission_type": "headquarters", "mission_owner": "you"}}}}]
    _valid({"kind": "trigger", "on": "mission_completed", "optional": True, "effects": rescue})
    st = turn_to(started("rescue"), 0, "orders")
    hq = mission(st, 0, "T-HQF")
    prisoner = put(st, 0, "T-F1", "pile", mission(st, 0, "T-P1"))
    G.place_in_brig(st, prisoner, 1)
    st = _run(st, rescue, mission(st, 0, "T-P2"))
    while st["pending"]["kind"] == "choose":
        st = act(st, options(st)[0])
    assert st["cards"][prisoner]["zone"] == "pile" and st["cards"][prisoner]["in"] == hq
    assert S.commander(st, prisoner) == 0 and not st["cards"][prisoner]["stopped"]
    runabout = [{"put_into_play": {"target": {"choose": {"type": "personnel", "scope": "discard", "affiliation": "federation"}},
                                   "at": {"choose": {"type": "ship", "owner": "you"}}}}]
    ship = put(st, 0, "T-SF", "ships", mission(st, 0, "T-S1"))
    dead = put(st, 0, "T-F2", "pile", hq)
    G.kill(st, dead)
    st = _run(st, runabout, mission(st, 0, "T-S1"))
    while st["pending"]["kind"] == "choose":
        st = act(st, options(st)[0])
    assert st["cards"][dead]["zone"] == "aboard" and st["cards"][dead]["in"] == ship


# -- item 37: preventing a play --------------------------------------------------------------------
def test_item37_when_an_opponent_plays_an_event_prevent_it_and_place_it_on_top_of_his_deck():
    sermon = [{"kind": "interrupt", "when": "about_to_play",
               "if": {"trigger_card": {"type": "event", "owned_by": "opponent"}},
               "effects": [{"prevent": {}}, {"place_on_deck_top": {"trigger_card": True}}]}]
    _valid(*sermon)
    st = started("sermon")
    st["extra_cards"]["X-SE"] = FX.card("X-SE", "Sermon", "interrupt", cost=0, mechanics=sermon)
    i = find(st, 1, "T-I2")
    st["cards"][i]["guid"] = "X-SE"
    S.move(st, i, "hand", 1)
    ev = find(st, 0, "T-EV4")  # Supply Run: draw two
    S.move(st, ev, "hand", 0)
    st = turn_to(st, 0, "play")
    hand = len(st["seats"][0]["hand"])
    st = act(st, {"type": "play", "card": ev})
    while st["pending"]["kind"] == "respond":
        mine = [o for o in options(st) if o.get("card") == i]
        st = act(st, mine[0] if mine else {"type": "pass"})
    assert st["seats"][0]["deck"][0] == ev and len(st["seats"][0]["hand"]) == hand - 1  # no cards drawn
    assert st["cards"][i]["zone"] == "discard"
    ev2 = find(st, 0, "T-EV4", zones=("deck",))
    S.move(st, ev2, "hand", 0)
    st = turn_to(st, 0, "play")
    hand = len(st["seats"][0]["hand"])
    st = act(st, {"type": "play", "card": ev2})
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert len(st["seats"][0]["hand"]) == hand - 1 + 2  # not prevented: it draws two


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


def test_item42_only_one_copy_of_this_interrupt_each_turn():
    torture = [{"kind": "interrupt", "limit": "once_per_turn", "order": True, "effects": [{"draw": {"count": 1}}]}]
    _valid(*torture)
    st = started("torture")
    st["extra_cards"]["X-TO"] = FX.card("X-TO", "Torture", "interrupt", cost=0, mechanics=torture)
    copies = [find(st, 0, "T-I2"), find(st, 0, "T-I1")]
    for i in copies:
        st["cards"][i]["guid"] = "X-TO"
        S.move(st, i, "hand", 0)
    st = turn_to(st, 0, "orders")
    plays = [o for o in options(st) if o["type"] == "play" and st["cards"][o["card"]]["guid"] == "X-TO"]
    assert len(plays) == 1
    st = act(st, plays[0])
    assert not [o for o in options(st) if o["type"] == "play" and st["cards"][o["card"]]["guid"] == "X-TO"]


def test_item43_prevent_as_names_the_spared_cards():
    escape = [{"kind": "interrupt", "when": "about_to_be_killed", "if": {"trigger_card": {"owner": "you"}},
               "effects": [{"prevent": {"all": True}, "as": "spared"}, {"stop": {"ref": "spared"}}]}]
    _valid(*escape)
    st = started("escape2")
    st["extra_cards"]["X-ES"] = FX.card("X-ES", "Escape", "interrupt", cost=0, mechanics=escape)
    i = find(st, 0, "T-I2")
    st["cards"][i]["guid"] = "X-ES"
    S.move(st, i, "hand", 0)
    planet = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", planet) for g in ("T-F1", "T-F2")]
    st = turn_to(st, 0, "orders")
    st = _run(st, [{"kill": {"all": {"type": "personnel", "scope": "in_play", "owner": "you"}}}], planet, dilemma=True)
    st = act(st, {"type": "respond", "card": i, "ability": 0})
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert all(st["cards"][c]["zone"] == "pile" and st["cards"][c]["stopped"] for c in team)


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


# -- item 28: one-offs ------------------------------------------------------------------------------
def _facing(st, team, m):
    st["attempt"] = {"seat": 0, "mission": m, "ship": None, "personnel": team, "dilemma_owner": 1,
                     "budget": len(team), "spent": 0, "current": "c-none", "resolving": True}


def test_item28_tosk_is_excluded_from_random_selections_while_facing_a_dilemma():
    tosk = [{"kind": "keyword", "keyword": "random_excluded", "if": {"facing_dilemma": True}}]
    _valid(*tosk)
    extra = add_card({}, FX.personnel("X-TK", "Hunted", "non-aligned", {"Navigation": 1}, mechanics=tosk))
    st = started("tosk", extra=extra)
    m = mission(st, 0, "T-P1")
    c = find(st, 0, "T-F6")
    st["cards"][c]["guid"] = "X-TK"
    hunted = put(st, 0, "X-TK", "pile", m)
    other = put(st, 0, "T-F1", "pile", m)
    _facing(st, [hunted, other], m)
    st = _run(st, [{"stop": {"random": {}, "count": 2}}], m, dilemma=True)
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert st["cards"][other]["stopped"] and not st["cards"][hunted]["stopped"]


def test_item28_attribute_sum_and_facing_dilemma_filters():
    st = started("hunter")
    m = mission(st, 0, "T-P1")
    ensign = put(st, 0, "T-F6", "pile", m)  # 5 + 5
    worf = put(st, 0, "T-F5", "pile", m)  # 6 + 8
    ctx = F.ctx_for(st, m, you=0)
    f = {"type": "personnel", "attribute_sum": {"stats": ["cunning", "strength"], "max": 10}}
    assert F.candidates(st, f, ctx) == [ensign] and worf
    _facing(st, [ensign], m)
    assert F.candidates(st, {"type": "personnel", "facing_dilemma": True}, ctx) == [ensign]


def test_item28_when_you_place_an_opponents_personnel_in_your_brig_and_kill_your_captive():
    treasure = [{"kind": "trigger", "on": "placed_in_brig", "optional": True, "effects": [{"draw": {"count": 1}}]}]
    _valid(*treasure)
    st = started("treasure")
    st["extra_cards"]["X-TR"] = FX.card("X-TR", "Treasure", "event", cost=1, mechanics=[{"kind": "event"}] + treasure)
    e = find(st, 0, "T-EV1")
    st["cards"][e]["guid"] = "X-TR"
    ev = put(st, 0, "X-TR", "core", 0)
    victim = put(st, 1, "T-K3", "pile", mission(st, 1, "T-P1"))
    st = turn_to(st, 0, "orders")
    hand = len(st["seats"][0]["hand"])
    st = _run(st, [{"place_in_brig": {"all": {"title": "Warrior"}}}], ev)
    assert st["pending"]["kind"] == "respond"
    st = act(st, {"type": "respond", "card": ev, "ability": 1})
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert victim in st["seats"][0]["brig"] and len(st["seats"][0]["hand"]) == hand + 1
    st = _run(st, [{"kill": {"choose": {"type": "personnel", "scope": "brig"}}}], ev)
    st = act(st, {"type": "choose", "card": victim})
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert victim in st["seats"][1]["discard"]


def test_item28_remove_a_damage_card_from_that_ship():
    st = started("geordi")
    ship = put(st, 0, "T-SF", "ships", mission(st, 0, "T-S1"))
    engineer = put(st, 0, "T-F3", "aboard", ship)
    d1, d2 = st["seats"][1]["dilemmas"][:2]
    G.place_damage(st, d1, ship)
    G.place_damage(st, d2, ship)
    st = turn_to(st, 0, "orders")
    st = _run(st, [{"remove_damage": {"choose": {"type": "ship", "owner": "you", "crew": {"self": True}}}}], engineer)
    if st["pending"]["kind"] == "choose" and any(o["card"] == ship for o in options(st)):
        st = act(st, {"type": "choose", "card": ship})
    st = act(st, {"type": "choose", "card": d2})
    assert st["cards"][ship]["damage"] == [d1] and st["cards"][d2]["zone"] == "dilemmas"


# -- item 26: abilities blanked --------------------------------------------------------------------------
def test_item26_an_opponents_treachery_personnel_at_this_mission_cannot_use_his_abilities():
    odo = [{"kind": "keyword", "keyword": "blank_abilities",
            "who": {"type": "personnel", "owner": "opponent", "at_this_mission": True,
                    "any_of": [{"keyword": "Thief"}, {"skill": "Treachery"}]}}]
    sela = [{"kind": "keyword", "keyword": "blank_abilities",
             "who": {"type": "personnel", "owner": "opponent", "at_this_mission": True},
             "if": {"not": {"count": {"type": "personnel", "owner": "opponent", "skill": "Intelligence",
                                      "at_this_mission": True}, "min": 1}}}]
    _valid(*odo, *sela)
    schemer = [{"kind": "static", "modify": {"stat": "cunning", "amount": 3, "who": {"self": True}}},
               {"kind": "order", "effects": [{"draw": {"count": 1}}]}]
    extra = add_card({}, FX.personnel("X-OD", "Constable", "federation", {"Security": 1}, mechanics=odo))
    add_card(extra, FX.personnel("X-SC", "Schemer", "klingon", {"Treachery": 1}, mechanics=schemer))
    st = started("odo", extra=extra)
    m = mission(st, 0, "T-P1")
    s = find(st, 1, "T-K6")
    st["cards"][s]["guid"] = "X-SC"
    bad = put(st, 1, "X-SC", "pile", m)
    assert ST.value(st, bad, "cunning") == 9
    st1 = turn_to(st, 1, "orders")
    assert {"type": "order", "card": bad, "ability": 1} in options(st1)
    o = find(st, 0, "T-F6")
    st["cards"][o]["guid"] = "X-OD"
    constable = put(st, 0, "X-OD", "pile", m)
    assert ST.value(st, bad, "cunning") == 6  # its static text is blanked
    st = turn_to(st, 1, "orders")
    assert {"type": "order", "card": bad, "ability": 1} not in options(st)
    S.move(st, constable, "pile", mission(st, 0, "T-P2"))  # elsewhere: no effect
    assert ST.value(st, bad, "cunning") == 9
    st["extra_cards"]["X-OD"] = {**st["extra_cards"]["X-OD"], "mechanics": sela}
    S.move(st, constable, "pile", m)
    assert ST.value(st, bad, "cunning") == 6


def test_item26_skills_at_a_price_count_only_once_paid_for_this_turn():
    vreenak = [{"kind": "keyword", "keyword": "skills_cost", "skills": ["Diplomacy"],
                "who": {"type": "personnel", "owner": "opponent", "at_this_mission": True}}]
    _valid(*vreenak)
    extra = add_card({}, FX.personnel("X-VR", "Chairman", "romulan", {"Intelligence": 1}, mechanics=vreenak))
    st = started("vreenak", extra=extra)
    m = mission(st, 0, "T-P1")
    picard = put(st, 0, "T-F1", "pile", m)  # Leadership, Diplomacy 2, Anthropology
    v = find(st, 1, "T-K6")
    st["cards"][v]["guid"] = "X-VR"
    put(st, 1, "X-VR", "pile", m)
    assert ST.value(st, picard, "Diplomacy") == 0 and ST.value(st, picard, "Leadership") == 1
    st = turn_to(st, 0, "orders")
    pay = {"type": "pay_skills", "card": picard}
    assert pay in options(st)
    hand = len(st["seats"][0]["hand"])
    st = act(st, pay)
    st = act(st, options(st)[0])  # the card discarded
    assert len(st["seats"][0]["hand"]) == hand - 1 and ST.value(st, picard, "Diplomacy") == 2
    assert pay not in options(st)


# -- authored Premiere cards that use these constructs, played in a game state ----------------------------
GUL = {"type": "personnel", "owner": "you", "attempting": True, "keyword": ["Gul", "Legate"]}
COMFORT = [{"kind": "interrupt", "when": "attempt_begins", "if": {"count": GUL, "min": 1}, "effects": [
    {"remember": {"choose": GUL}, "as": "gul"},
    {"gain_skills": {"from": {"choose": {"type": "personnel", "owner": "you", "not": {"affiliation": "cardassian"},
                                         "with_ref": "gul"}}, "to": {"ref": "gul"}, "one": True}, "until": "end_of_attempt"},
    *[{"modify": {"stat": a, "amount": 1, "target": {"all": GUL}}, "until": "end_of_attempt"}
      for a in ("integrity", "cunning", "strength")]]}]
RUNABOUT = [{"kind": "trigger", "on": "mission_completed", "optional": True,
             "if": {"all": [{"trigger_mission": {"self": True}},
                            {"count": {"type": "ship", "owner": "you", "at_this_mission": True}, "min": 1}]},
             "effects": [{"put_into_play": {
                 "target": {"choose": {"type": "personnel", "scope": "discard",
                                       "any_of": [{"affiliation": "bajoran"}, {"affiliation": "federation"}]}},
                 "at": {"choose": {"type": "ship", "owner": "you", "at_this_mission": True}}}}]}]


def test_premiere_comfort_women_and_runabout_search():
    """Comfort Women 1U123 and Runabout Search 1U196 as authored."""
    _valid(*COMFORT, *RUNABOUT)
    extra = {"1U123": FX.card("1U123", "Comfort Women", "interrupt", cost=0, mechanics=COMFORT),
             "1U196": FX.mission("1U196", "Runabout Search", "planet", reqs=[{"skills": {"Security": 1}}],
                                 mechanics=RUNABOUT)}
    add_card(extra, FX.personnel("X-GUL", "Gul", "cardassian", {"Leadership": 1}, keywords=("Gul",)))
    st = started("comfort", extra=extra)
    m = mission(st, 0, "T-P1")
    c = find(st, 0, "T-F6")
    st["cards"][c]["guid"] = "X-GUL"
    gul = put(st, 0, "X-GUL", "pile", m)
    data = put(st, 0, "T-F4", "pile", m)
    i = find(st, 0, "T-I2")
    st["cards"][i]["guid"] = "1U123"
    S.move(st, i, "hand", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "attempt", "mission": m})
    st = act(st, {"type": "respond", "card": i, "ability": 0})
    while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0:
        opts = options(st)
        pick = [o for o in opts if o.get("card") in (gul, data)] or [o for o in opts if o.get("skill") == "Physics"] or opts
        st = act(st, pick[0])
    assert ST.value(st, gul, "Physics") == 1 and ST.value(st, gul, "cunning") == 7
    # Runabout Search: a Federation personnel from the discard pile aboard your ship there
    st = started("runabout", extra=extra)
    rs = next(x for x in st["seats"][0]["unplaced"] + st["seats"][0]["missions"] if x)
    m = mission(st, 0, "T-P1")
    st["cards"][m]["guid"] = "1U196"
    ship = put(st, 0, "T-SF", "ships", m)
    dead = put(st, 0, "T-F2", "pile", m)
    G.kill(st, dead)
    st, team = _attempt_ready(st, m)
    assert st["cards"][m].get("completed") and rs
    st = act(st, {"type": "respond", "card": m, "ability": 0})
    while st["pending"]["kind"] == "choose":
        st = act(st, [o for o in options(st) if o["card"] in (dead, ship)][0])
    assert st["cards"][dead]["zone"] == "aboard" and st["cards"][dead]["in"] == ship


ROM = {"type": "personnel", "species": "Romulan", "not": {"skill": "Treachery"}}
NVEK = [{"kind": "order", "limit": "once_per_turn", "while": {"present_with": ROM}, "effects": [
    {"remember": {"choose": {**ROM, "present": True}}, "as": "romulan"},
    {"draw": {"count": {"stat": "cost", "of": {"ref": "romulan"}}}},
    {"place_on_deck_bottom": {"ref": "romulan"}}]}]
OCETT = [{"kind": "trigger", "on": "play_self", "optional": True, "effects": [
    {"examine": {"from": "deck", "count": 1, "discard": 1}, "as": "top"},
    {"place_on_deck_top": {"choose": {"scope": "discard", "not": {"ref": "top"}}}}]}]


def test_item28_an_amount_equal_to_a_remembered_cards_cost_and_any_other_card_of_the_discard_pile():
    """N'Vek 1R364 and Ocett 1R248 as authored (AMOUNT {"stat", "of"}; examine + `not` ref)."""
    _valid(*NVEK, *OCETT)
    extra = {"1R364": FX.personnel("1R364", "N'Vek", "federation", {"Intelligence": 1}, species="Romulan", mechanics=NVEK),
             "1R248": FX.personnel("1R248", "Ocett", "federation", {"Navigation": 1}, mechanics=OCETT)}
    add_card(extra, FX.personnel("X-ROM", "Centurion", "federation", {"Security": 1}, cost=3, species="Romulan"))
    st = started("nvek", extra=extra)
    hq = mission(st, 0, "T-HQF")
    for old, new in (("T-F6", "1R364"), ("T-F8", "X-ROM")):
        c = find(st, 0, old)
        st["cards"][c]["guid"] = new
    nvek = put(st, 0, "1R364", "pile", hq)
    rom = put(st, 0, "X-ROM", "pile", hq)
    st = turn_to(st, 0, "orders")
    hand = len(st["seats"][0]["hand"])
    st = act(st, {"type": "order", "card": nvek, "ability": 0})
    if st["pending"]["kind"] == "choose":
        st = act(st, {"type": "choose", "card": rom})
    assert len(st["seats"][0]["hand"]) == hand + 3 and st["seats"][0]["deck"][-1] == rom
    assert {"type": "order", "card": nvek, "ability": 0} not in options(st)  # once each turn
    # Ocett: discard the top card to put another card of the discard pile on top
    c = find(st, 0, "T-F7")
    st["cards"][c]["guid"] = "1R248"
    S.move(st, c, "hand", 0)
    old = put(st, 0, "T-F3", "pile", hq)
    G.kill(st, old)
    top = st["seats"][0]["deck"][0]
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": c, "at": hq})
    st = act(st, {"type": "respond", "card": c, "ability": 0})
    st = act(st, {"type": "choose", "card": top})  # the examined top card is discarded
    assert top not in [o["card"] for o in options(st)]  # "any other card"
    st = act(st, {"type": "choose", "card": old})
    assert st["seats"][0]["deck"][0] == old and top in st["seats"][0]["discard"]


def test_the_authored_premiere_cards_are_the_ones_played_above():
    from rules.startrek2e.cards import card_db
    db = card_db()
    assert db["1R364"]["mechanics"] == NVEK and db["1R248"]["mechanics"] == OCETT
    assert db["1U123"]["mechanics"] == COMFORT and db["1U196"]["mechanics"] == RUNABOUT


OVERTURE = [{"kind": "event", "play_on": {"type": "mission", "with_card": {
                "type": "personnel", "owner": "you", "affiliation": "federation", "skill": "Diplomacy"}}},
            {"kind": "keyword", "keyword": "skills_cost", "who": {"type": "personnel", "skill": "Diplomacy",
                                                                  "at_this_mission": True}}]


def test_item26_diplomatic_overture_plays_on_a_mission_with_your_diplomat_and_prices_diplomats_skills():
    _valid(*OVERTURE)
    extra = {"1C086": FX.card("1C086", "Diplomatic Overture", "event", cost=1, mechanics=OVERTURE)}
    st = started("overture", extra=extra)
    p1, p2 = mission(st, 0, "T-P1"), mission(st, 0, "T-P2")
    picard = put(st, 0, "T-F1", "pile", p1)  # Diplomacy 2
    envoy = put(st, 1, "T-K6", "pile", p1)  # Diplomacy, Anthropology, Treachery
    e = find(st, 0, "T-EV1")
    st["cards"][e]["guid"] = "1C086"
    S.move(st, e, "hand", 0)
    st = turn_to(st, 0, "play")
    plays = [o for o in options(st) if o.get("card") == e]
    assert [o["at"] for o in plays] == [p1] and p2
    st = act(st, plays[0])
    assert ST.value(st, envoy, "Anthropology") == 0 and ST.value(st, picard, "Diplomacy") == 0
    st["turn"]["used"].append(f"skills_paid:{picard}")
    assert ST.value(st, picard, "Diplomacy") == 2


def test_diplomatic_overture_is_authored_as_played_above():
    from rules.startrek2e.cards import card_db
    assert card_db()["1C086"]["mechanics"] == OVERTURE


KAMALA = [{"kind": "order", "limit": "once_per_turn", "effects": [
    {"gain_skills": {"from": {"choose": {"type": "personnel", "present": True}}, "to": {"self": True}, "one": True},
     "until": "start_of_your_next_turn"}]}]


def test_item28_kamala_keeps_the_skill_until_the_start_of_your_next_turn():
    _valid(*KAMALA)
    extra = {"1R332": FX.personnel("1R332", "Kamala", "non-aligned", {"Diplomacy": 1}, mechanics=KAMALA)}
    st = started("kamala2", extra=extra)
    hq = mission(st, 0, "T-HQF")
    c = find(st, 0, "T-F6")
    st["cards"][c]["guid"] = "1R332"
    mate = put(st, 0, "1R332", "pile", hq)
    data = put(st, 0, "T-F4", "pile", hq)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": mate, "ability": 0})
    st = act(st, {"type": "choose", "card": data})
    st = act(st, {"type": "choose", "skill": "Physics"})
    st = act(st, {"type": "end_orders"})
    while st["turn"]["player"] == 0 or st["pending"]["kind"] in ("respond", "discard_excess", "repair"):
        st = act(st, options(st)[0])
    assert st["turn"]["player"] == 1 and ST.value(st, mate, "Physics") == 1  # still during the opponent's turn
    while st["turn"]["player"] == 1:
        opts = options(st)
        st = act(st, next((o for o in opts if o["type"] in ("end_play", "end_orders")), opts[0]))
    assert st["turn"]["player"] == 0 and ST.value(st, mate, "Physics") == 0


def test_kamala_is_authored_as_played_above():
    from rules.startrek2e.cards import card_db
    assert card_db()["1R332"]["mechanics"] == KAMALA
