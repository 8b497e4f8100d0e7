"""The constructs of cards/mechanics/MISSING.md items about responses, prevention, examining
and gaining skills (15–18, 27, 36–38, 42, 43), each played in a real game state with fixture
cards (one test per construct, named after its item; moved from test_effects_constructs.py)."""
from rules.startrek2e import glossary as G
from rules.startrek2e import state as S
from rules.startrek2e import stats as ST

from . import fixtures as FX
from .helpers import act, add_card, find, mission, options, put, started, turn_to
from .test_effects_constructs import _run, _valid


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
