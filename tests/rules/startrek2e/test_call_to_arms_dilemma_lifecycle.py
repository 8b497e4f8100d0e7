"""Call to Arms (set 3, issue 17): a dilemma's lifecycle — about to be faced, about to be
overcome, about to be returned to its owner's pile, overcome dilemmas under completed missions —
each played through the reducer with the real Call to Arms card (EFFECTS.md §4 "Call to Arms,
dilemma lifecycle"; RULES.md "Call to Arms (set 3) readings")."""
from rules.startrek2e import glossary as G
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card

from .helpers import act, attempt, check_invariants, find, mission, options, put, real, respond, started, turn_to

DB = card_db()


def _to_top(st: dict, seat: int, guid: str) -> str:
    """Seat ``seat``'s dilemma ``guid`` moved to the top of his dilemma pile."""
    pile = st["seats"][seat]["dilemmas"]
    d = next(i for i in pile if st["cards"][i]["guid"] == guid)
    pile.remove(d)
    pile.insert(0, d)
    return d


# ---------------------------------------------------------------- about_to_face_dilemma (Quantum Filament)
def test_quantum_filament_stops_a_random_personnel_aboard_before_each_dilemma_is_faced():
    st = started("lc-filament")
    m = mission(st, 0, "T-S1")
    ship = put(st, 0, "T-SF", "ships", m)
    crew = [put(st, 0, g, "aboard", ship) for g in ("T-F1", "T-F4", "T-F5", "T-F5", "T-F6", "T-F6")]
    qf = real(st, 1, "T-D2", "3R022")
    G.place_damage(st, qf, ship)
    st = turn_to(st, 0, "orders")
    st = respond(attempt(st, m, dilemmas=["T-D8"], ship=ship))
    assert st["cards"][m].get("completed")
    assert sum(1 for i in crew if st["cards"][i]["stopped"]) == 1  # one, before Nothing Happens was faced
    check_invariants(st)


def test_quantum_filament_is_placed_on_the_ship_unless_its_requirements_are_met():
    st = started("lc-filament-placed")
    m = mission(st, 0, "T-S1")
    ship = put(st, 0, "T-SF", "ships", m)
    for g in ("T-F1", "T-F5", "T-F6", "T-F7"):
        put(st, 0, g, "aboard", ship)
    qf = real(st, 1, "T-D2", "3R022")
    st = turn_to(st, 0, "orders")
    st = respond(attempt(st, m, dilemmas=["3R022"], ship=ship))
    assert st["cards"][qf]["zone"] == "damage" and st["cards"][qf]["in"] == ship
    check_invariants(st)


# ---------------------------------------------------------------- dilemma_about_to_be_overcome (The Trial Never Ended)
def test_the_trial_never_ended_exchanges_the_dilemma_about_to_be_overcome_with_the_pile_top():
    st = started("lc-trial")
    m = mission(st, 0, "T-P1")
    for g in ("T-F1", "T-F2", "T-F3", "T-F7"):
        put(st, 0, g, "pile", m)
    trial = real(st, 0, "T-EV1", "3U063", "core", 0)
    d8 = _to_top(st, 1, "T-D8")  # the copy the attempt below sets
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["T-D8"], respond_with=trial)
    st = respond(st)
    assert st["cards"][trial]["zone"] == "discard"
    assert st["seats"][1]["dilemmas"][0] == d8 and not st["cards"][d8]["face_up"]
    under = st["cards"][m]["under"]
    assert len(under) == 1 and under[0] != d8 and st["cards"][under[0]]["owner"] == 1 and st["cards"][under[0]]["face_up"]
    assert st["cards"][m].get("completed")
    check_invariants(st)


# ---------------------------------------------------------------- dilemma_about_to_return + overcome TARGET (Analyze)
def _climb(seed: str, borg: bool):
    """Seat 0 (six personnel, one of them [Bor] when ``borg``) faces seat 1's Dangerous Climb
    ("… all your personnel are stopped; return this dilemma to its owner's dilemma pile") with
    Analyze in hand."""
    st = started(seed)
    m = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", m) for g in ("T-F1", "T-F2", "T-F3", "T-F4", "T-F5", "T-F7")]
    if borg:
        base = st["extra_cards"]["T-F3"]
        st["extra_cards"]["X-BOR"] = {**base, "id": "X-BOR", "title": "Drone", "affiliations": ["borg"],
                                  "unique": False}
        st["cards"][team[2]]["guid"] = "X-BOR"
    analyze = real(st, 0, "T-I1", "3S070", "hand", 0)
    climb = real(st, 1, "T-D1", "3R005")
    st = turn_to(st, 0, "orders")
    return attempt(st, m, dilemmas=["3R005"], respond_with=analyze), m, analyze, climb


def test_analyze_overcomes_an_opponents_dilemma_about_to_return_to_its_pile_instead():
    st, m, analyze, climb = _climb("lc-analyze", borg=True)
    st = respond(st)
    assert st["cards"][analyze]["zone"] == "discard"
    assert st["cards"][climb]["zone"] == "under" and st["cards"][climb]["in"] == m
    check_invariants(st)


def test_without_borg_personnel_analyze_is_not_played_and_the_dilemma_returns():
    st, m, analyze, climb = _climb("lc-analyze-no", borg=False)
    st = respond(st)
    assert st["cards"][analyze]["zone"] == "hand"
    assert st["cards"][climb]["zone"] == "dilemmas"
    check_invariants(st)


# ---------------------------------------------------------------- FILTER fits_dilemma (Lauren)
def _lauren(seed: str, top: str):
    st = started(seed)
    hq = mission(st, 0, "T-HQF")
    m = mission(st, 0, "T-P1")
    st["cards"][m]["completed"] = True
    st["seats"][0]["completed"].append("planet")
    lauren = real(st, 0, "T-F6", "3R176", "pile", hq)
    d = _to_top(st, 1, top)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": lauren, "ability": 0})
    return respond(st), m, lauren, d


def test_lauren_overcomes_the_revealed_dilemma_beneath_her_completed_mission_where_it_fits():
    st, m, lauren, d = _lauren("lc-lauren", "T-D8")  # a dual dilemma
    assert st["cards"][lauren]["stopped"]
    assert st["pending"]["kind"] == "choose" and {"type": "choose", "card": m} in options(st)
    st = respond(act(st, {"type": "choose", "card": m}))
    assert st["cards"][d]["zone"] == "under" and st["cards"][d]["in"] == m and st["cards"][d]["face_up"]
    check_invariants(st)


def test_lauren_cannot_place_a_space_dilemma_beneath_a_planet_mission():
    st, m, lauren, d = _lauren("lc-lauren-space", "T-D3")  # Ion Storm: space
    assert st["cards"][lauren]["stopped"]
    assert not [o for o in options(st) if o.get("card") == m]
    assert st["cards"][d]["zone"] == "dilemmas"


# ---------------------------------------------------------------- about_to_draw_dilemmas + scope overcome (The Manheim Effect)
def test_the_manheim_effect_takes_back_an_overcome_dilemma_onto_the_pile_before_drawing():
    """Seat 1 attempts; seat 0, about to draw the dilemmas, destroys The Manheim Effect to take his
    Nothing Happens from under seat 1's completed mission onto the top of his pile — and draws it."""
    st = started("lc-manheim")
    done = mission(st, 1, "T-P1")
    st["cards"][done]["completed"] = True
    mine = find(st, 0, "T-D8", ("dilemmas",))
    st["seats"][0]["dilemmas"].remove(mine)
    st["cards"][done]["under"].append(mine)
    st["cards"][mine].update(zone="under", face_up=True)
    st["cards"][mine]["in"] = done
    manheim = real(st, 0, "T-EV1", "3R062", "core", 0)
    m = mission(st, 1, "T-P3")
    for g in ("T-K1", "T-K2", "T-K3"):
        put(st, 1, g, "pile", m)
    st = turn_to(st, 1, "orders")
    st = act(st, {"type": "attempt", "mission": m})
    seen_offer = False
    while st["pending"]["kind"] in ("respond", "choose", "yes_no"):
        use = [o for o in options(st) if o.get("card") == manheim]
        if use:
            seen_offer = True
        st = act(st, use[0] if use else options(st)[0] if st["pending"]["kind"] != "respond" else {"type": "pass"})
        if st["cards"][mine]["zone"] != "under":
            break
    assert seen_offer and st["cards"][manheim]["zone"] == "discard"
    assert st["cards"][mine]["zone"] in ("dilemmas", "drawn")
    st = respond(st)
    assert st["cards"][mine]["zone"] in ("drawn", "stack", "revealed", "under") or mine in st["seats"][0]["drawn"]
    check_invariants(st)


def test_the_lifecycle_cards_read_as_played():
    assert "exchange that dilemma with the top card of its owner's dilemma pile" in " ".join(render_card(DB["3U063"]))
    assert "is about to be returned to its owner's dilemma pile" in " ".join(render_card(DB["3S070"]))
    assert "When you are about to draw dilemmas" in " ".join(render_card(DB["3R062"]))
