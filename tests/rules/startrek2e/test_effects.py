"""The interpreter: each construct of EFFECTS.md that the rules tests do not already cover."""
from rules.startrek2e import flow
from rules.startrek2e import state as S
from rules.startrek2e import stats as ST
from rules.startrek2e.effects import filters as F
from rules.startrek2e.effects import interpreter as I

from . import fixtures as FX
from .helpers import act, add_card, find, mission, options, pass_responses, put, started, turn_to


def _face(st, guid, team_guids, *, planet="T-P1"):
    m = mission(st, 0, planet)
    team = [put(st, 0, g, "pile", m) for g in team_guids]
    d = st["seats"][1]["dilemmas"][0]
    st["cards"][d]["guid"] = guid
    S.move(st, d, "stack", 1)
    st["turn"]["player"] = 0
    st["attempt"] = {"seat": 0, "mission": m, "ship": None, "personnel": team, "dilemma_owner": 1,
                     "budget": len(team), "spent": 0, "current": None, "resolving": False}
    st["step"] = "face_dilemmas"
    st["pending"] = None
    return pass_responses(flow.advance(st)), m, team, d


def test_place_on_mission_with_a_requirement_is_an_extra_requirement_overcome_when_met():
    st = started("wall")
    st, m, team, d = _face(st, "T-D4", ["T-F1", "T-F7", "T-F5", "T-F2"])  # Wall of Honor: needs Honor later
    assert d in st["cards"][m]["on"]
    assert not st["cards"][m].get("completed")  # Survey Planet's own requirements were met, Honor was not
    st["extra_cards"]["X-H"] = FX.personnel("X-H", "Honorable", "federation", {"Honor": 1, "Diplomacy": 1,
                                                                              "Anthropology": 1}, integrity=25)
    h = find(st, 0, "T-F6")
    st["cards"][h]["guid"] = "X-H"
    put(st, 0, "X-H", "pile", m)
    for i in team:
        st["cards"][i]["stopped"] = False
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "attempt", "mission": m})
    if st["pending"]["kind"] == "choose_dilemma":
        st = act(st, {"type": "choose_dilemma", "card": None})
    st = pass_responses(st)
    assert st["cards"][m]["completed"] and d in st["cards"][m]["under"]


def test_place_on_mission_until_the_end_of_turn_is_then_overcome_and_modifiers_last_the_attempt():
    st = started("confusion")
    st, m, team, d = _face(st, "T-D5", ["T-F1", "T-F2"])
    assert d in st["cards"][m]["on"]
    assert not any(x["until"] == "end_of_attempt" for x in st["mods"])  # the attempt is over
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "end_orders"})
    while st["turn"]["player"] == 0:
        st = act(st, options(st)[0])
    assert d in st["cards"][m]["under"]


def test_return_to_pile_puts_the_dilemma_on_the_bottom_not_overcome():
    st = started("ion")
    extra = FX.dilemma("X-RP", "Turbulence", "dual", 1, [{"stop": {"random": {}, "count": 1}}, {"return_to_pile": {}}])
    st["extra_cards"]["X-RP"] = extra
    st, m, team, d = _face(st, "X-RP", ["T-F1", "T-F2"])
    assert st["seats"][1]["dilemmas"][-1] == d and d not in st["cards"][m]["under"]


def test_place_on_ship_makes_the_dilemma_a_damage_card():
    st = started("hull")
    space = mission(st, 0, "T-S1")
    ship = put(st, 0, "T-SF", "ships", space)
    team = [put(st, 0, g, "aboard", ship) for g in ("T-F1", "T-F2")]
    d = st["seats"][1]["dilemmas"][0]
    st["cards"][d]["guid"] = "T-D6"  # Hull Breach: unless Engineer, place on ship
    S.move(st, d, "stack", 1)
    st["turn"]["player"] = 0
    st["attempt"] = {"seat": 0, "mission": space, "ship": ship, "personnel": team, "dilemma_owner": 1,
                     "budget": 2, "spent": 0, "current": None, "resolving": False}
    st["step"] = "face_dilemmas"
    st["pending"] = None
    st = pass_responses(flow.advance(st))
    assert st["cards"][ship]["damage"] == [d]


def test_place_in_brig_from_a_dilemma_goes_to_the_dilemma_owners_brig():
    st = started("kidnap")
    st, m, team, d = _face(st, "T-D7", ["T-F1", "T-F2"])  # Kidnap: unless Security
    assert len(st["seats"][1]["brig"]) == 1 and st["cards"][st["seats"][1]["brig"][0]]["owner"] == 0


def test_remember_and_a_filtered_ref_assassination_attempt():
    extra = FX.dilemma("X-AA", "Assassination", "planet", 2, [
        {"remember": {"random": {}, "count": 2}, "as": "selected"},
        {"kill": {"ref": "selected", "filter": {"not": {"skill": "Medical"}}}}])
    st = started("assassin")
    st["extra_cards"]["X-AA"] = extra
    st, m, team, d = _face(st, "X-AA", ["T-F2", "T-F5"])  # Crusher has Medical, Tasha not
    assert st["cards"][team[0]]["zone"] == "pile" and st["cards"][team[1]]["zone"] == "discard"


def test_all_but_one_random_selection():
    extra = FX.dilemma("X-BL", "Blended", "dual", 1, [{"stop": {"random": {}, "all_but": 1}}])
    st = started("blended")
    st["extra_cards"]["X-BL"] = extra
    st, m, team, d = _face(st, "X-BL", ["T-F1", "T-F2", "T-F3", "T-F4"])
    stopped_by_dilemma = [e["card"] for e in st["log"] if e["event"] == "stopped"]
    assert len(set(stopped_by_dilemma[:3])) == 3


def test_per_amounts_with_a_limit():
    st = started("per")
    hq = mission(st, 1, "T-HQK")
    ship = put(st, 1, "T-SK", "ships", hq)
    st["extra_cards"]["T-SK"] = dict(st["extra_cards"]["T-SK"], mechanics=[
        {"kind": "static", "modify": {"stat": "weapons", "amount": {"per": {"aboard": True, "skill": "Honor"}, "limit": 2},
                                      "who": {"self": True}}}])
    assert ST.value(st, ship, "weapons") == 7
    for g in ("T-K1", "T-K3", "T-K3"):
        put(st, 1, g, "aboard", ship)
    assert ST.value(st, ship, "weapons") == 9


def test_an_event_played_on_a_card_and_an_order_once_per_turn():
    extra = add_card({}, FX.card("X-EV", "Field Promotion", "event", cost=1, mechanics=[
        {"kind": "event", "play_on": {"type": "personnel", "owner": "you"}},
        {"kind": "static", "modify": {"stat": "Leadership", "amount": 1, "who": {"self": True}}},
        {"kind": "order", "limit": "once_per_turn", "effects": [{"draw": {"count": 1}}]}]))
    st = started("onto", extra=extra)
    picard = put(st, 0, "T-F1", "pile", mission(st, 0, "T-HQF"))
    ev = find(st, 0, "T-EV4")
    st["cards"][ev]["guid"] = "X-EV"
    S.move(st, ev, "hand", 0)
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": ev, "at": picard})
    assert ev in st["cards"][picard]["attached"]
    st = act(st, {"type": "end_play"}) if {"type": "end_play"} in options(st) else st
    while st["pending"]["kind"] == "play":
        st = act(st, {"type": "draw"} if {"type": "draw"} in options(st) else {"type": "end_play"})
    st = act(st, {"type": "order", "card": ev, "ability": 2})
    assert not [o for o in options(st, "order") if o["card"] == ev]
    from rules.startrek2e import glossary as G
    G.kill(st, picard)  # the event played on him is discarded with him
    assert st["cards"][ev]["zone"] == "discard"


def test_an_order_interrupt_only_while_executing_orders():
    extra = add_card({}, FX.card("X-OI", "Red Alert", "interrupt", cost=0, mechanics=[
        {"kind": "interrupt", "order": True, "effects": [{"draw": {"count": 1}}]}]))
    st = started("orderint", extra=extra)
    c = find(st, 0, "T-I2")
    st["cards"][c]["guid"] = "X-OI"
    S.move(st, c, "hand", 0)
    st = turn_to(st, 0, "play")
    assert not [o for o in options(st, "play") if o["card"] == c]
    st = turn_to(st, 0, "orders")
    assert {"type": "play", "card": c} in options(st)


def test_a_mandatory_when_trigger_runs_at_once():
    extra = add_card({}, FX.personnel("X-MT", "Quartermaster", "federation", {"Navigation": 1}, mechanics=[
        {"kind": "trigger", "on": "mission_completed", "optional": False, "effects": [{"score": {"amount": 5}}]}]))
    st = started("mand", extra=extra)
    planet = mission(st, 0, "T-P1")
    q = find(st, 0, "T-F6")
    st["cards"][q]["guid"] = "X-MT"
    put(st, 0, "X-MT", "pile", mission(st, 0, "T-HQF"))
    for g in ("T-F1", "T-F7", "T-F5", "T-F2"):
        put(st, 0, g, "pile", planet)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "attempt", "mission": planet})
    if st["pending"]["kind"] == "choose_dilemma":
        st = act(st, {"type": "choose_dilemma", "card": None})
    st = pass_responses(st)
    assert st["seats"][0]["score"] == 35 + 5


def test_conditions_count_present_with_command_meets_not_any():
    st = started("cond")
    hq = mission(st, 0, "T-HQF")
    a = put(st, 0, "T-F1", "pile", hq)
    put(st, 0, "T-F2", "pile", hq)
    ctx = F.ctx_for(st, a)
    assert F.condition(st, {"present_with": {"skill": "Medical"}}, ctx)
    assert not F.condition(st, {"present_with": {"skill": "Honor"}}, ctx)
    assert F.condition(st, {"command": {"skill": "Diplomacy"}}, ctx)
    assert F.condition(st, {"count": {"type": "personnel", "owner": "you"}, "min": 2}, ctx)
    assert F.condition(st, {"meets": {"skills": {"Medical": 1, "Diplomacy": 2}}}, ctx)
    assert F.condition(st, {"not": {"meets": {"skills": {"Honor": 1}}}}, ctx)
    assert F.condition(st, {"any": [{"mission_type": "space"}, {"mission_type": "headquarters"}]}, ctx)
    assert callable(I.push)  # the interpreter module is importable standalone
