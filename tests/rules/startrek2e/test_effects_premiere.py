"""The constructs of cards/mechanics/MISSING.md items about mission text (23), abilities
blanked or at a price (26), one-offs (28) and damage text that acts (31), and the authored
Premiere cards that use them, each played in a real game state (one test per construct, named
after its item; moved from test_effects_constructs.py)."""
from rules.startrek2e import glossary as G
from rules.startrek2e import state as S
from rules.startrek2e import stats as ST
from rules.startrek2e.effects import filters as F

from . import fixtures as FX
from .helpers import act, add_card, find, mission, options, put, started, turn_to
from .test_effects_constructs import _attempt_ready, _run, _valid


def test_item23_you_cannot_complete_this_mission_if_your_maquis_personnel_is_on_this_planet():
    """Evacuate Colony's and Search and Rescue's own authored text: a Maquis on the planet
    blocks completion; one aboard a ship orbiting that planet does not ("on this planet")."""
    from rules.startrek2e.cards import card_db
    evacuate = card_db()["1U165"]["mechanics"]
    assert card_db()["1U197"]["mechanics"] == evacuate
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
    st = started("evac3", extra=extra)
    m = mission(st, 0, "T-P1")
    c = find(st, 0, "T-F6")
    st["cards"][c]["guid"] = "X-MQ"
    ship = put(st, 0, "T-SF", "ships", m)
    put(st, 0, "X-MQ", "aboard", ship)
    st, team = _attempt_ready(st, m)
    assert st["cards"][m].get("completed") and st["seats"][0]["score"] == 35


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


# "When your Gul or Legate is attempting a mission": as the attempt begins and as each dilemma
# is revealed (RULES.md, issue 12 pattern 9)
COMFORT = [{"kind": "interrupt", "when": when, "if": {"count": GUL, "min": 1}, "effects": [
    {"remember": {"choose": GUL}, "as": "gul"},
    {"gain_skills": {"from": {"choose": {"type": "personnel", "owner": "you", "not": {"affiliation": "cardassian"},
                                         "with_ref": "gul"}}, "to": {"ref": "gul"}, "one": True}, "until": "end_of_attempt"},
    *[{"modify": {"stat": a, "amount": 1, "target": {"all": GUL}}, "until": "end_of_attempt"}
      for a in ("integrity", "cunning", "strength")]]} for when in ("attempt_begins", "dilemma_revealed")]


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


# "place that Romulan on the bottom of its owner's deck to draw …": the placing is the cost
# (RULES.md "X to Y"), chosen while paying
NVEK = [{"kind": "order", "limit": "once_per_turn", "while": {"present_with": ROM},
         "effects": [{"draw": {"count": {"stat": "cost", "of": {"ref": "romulan"}}}}],
         "cost": [{"remember": {"choose": {**ROM, "present": True}}, "as": "romulan"},
                  {"place_on_deck_bottom": {"ref": "romulan"}}]}]


# "you may discard the top card of your deck to place any other card …": the discard is the cost
OCETT = [{"kind": "trigger", "on": "play_self", "optional": True,
          "effects": [{"place_on_deck_top": {"choose": {"scope": "discard", "not": {"ref": "top"}}}}],
          "cost": [{"discard": {"count": 1, "from": "deck_top"}, "as": "top"}]}]


def test_item28_an_amount_equal_to_a_remembered_cards_cost_and_any_other_card_of_the_discard_pile():
    """N'Vek 1R364 and Ocett 1R248 as authored (AMOUNT {"stat", "of"}; a cost's `as` + `not` ref)."""
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
    st = act(st, {"type": "respond", "card": c, "ability": 0})  # the top card is discarded: the cost
    assert top in st["seats"][0]["discard"]
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
