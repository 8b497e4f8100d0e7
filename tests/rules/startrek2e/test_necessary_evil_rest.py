"""Necessary Evil (set 4, issue 17): the cards authored after Consume — each played through the reducer with
the real card (its authored mechanics from the card database), hidden piles and hands checked in every view
(EFFECTS.md §4 "Necessary Evil, the rest")."""
import json

from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card
from rules.startrek2e.game import GAME

from .helpers import act, attempt, check_invariants, ids_seen, mission, options, planet_team, put, real, respond, started, turn_to

DB = card_db()




def _as(st: dict, iid: str, n: int, **facts) -> str:
    base = st["extra_cards"][st["cards"][iid]["guid"]]
    key = f"X-NR{n}"
    st["extra_cards"][key] = {**base, "id": key, "title": f"Officer {n}", **facts}
    st["cards"][iid]["guid"] = key
    return iid




# ---------------------------------------------------------------- verb select_by_exclusion (Lying in Wait)
def test_lying_in_wait_the_commander_excludes_one_then_the_dilemmas_owner_chooses():
    """Cave-In (unmet: no Transporters) randomly selects two to return to hand; seat 0 commands a [Rom]
    personnel there and plays Lying in Wait: he excludes one, seat 1 chooses the two."""
    st, m, team = planet_team("lying", ("T-F1", "T-F2", "T-F3", "T-F5"), "4U010", orders=False)
    _as(st, team[3], 0, affiliations=["romulan"])
    liw = real(st, 0, "T-EV1", "4U090", "hand", 0)
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["4U010"], respond_with=liw)
    assert st["pending"]["seat"] == 0 and st["pending"]["kind"] == "choose"
    assert {o["card"] for o in options(st)} == set(team)
    st = act(st, {"type": "choose", "card": team[0]})  # Picard is excluded
    assert st["pending"]["seat"] == 1 and {o["card"] for o in options(st)} == set(team[1:])
    assert not ids_seen(st, 0) & set(st["seats"][1]["dilemmas"])
    st = act(st, {"type": "choose", "card": team[1]})
    st = act(st, {"type": "choose", "card": team[3]})
    st = respond(st)
    assert st["cards"][team[1]]["zone"] == "hand" and st["cards"][team[3]]["zone"] == "hand"
    assert st["cards"][team[0]]["zone"] == "pile" and st["cards"][team[2]]["zone"] == "pile"
    assert st["cards"][liw]["zone"] == "discard"
    check_invariants(st)


def test_lying_in_wait_needs_a_romulan_at_that_mission():
    st, m, team = planet_team("lying-none", ("T-F1", "T-F2", "T-F3", "T-F5"), "4U010", orders=False)
    liw = real(st, 0, "T-EV1", "4U090", "hand", 0)
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["4U010"], respond_with=liw)
    assert st["cards"][liw]["zone"] == "hand"  # never offered: no [Rom] personnel at Survey Planet
    assert sum(st["cards"][c]["zone"] == "hand" for c in team) == 2  # the random selection as usual
    assert "the dilemma's owner chooses from the remaining eligible personnel" in " ".join(render_card(DB["4U090"]))
    check_invariants(st)


def _drive(st: dict, seat: int) -> dict:
    """Answer every decision of ``seat`` with its first option until it is the other seat's turn to act."""
    while st["pending"] and st["pending"]["seat"] == seat and st["pending"]["kind"] in ("choose", "examine", "reveal"):
        st = act(st, options(st)[0])
    return st


# ---------------------------------------------------------------- put_into_play from an opponent's hand (Brainwashing)
def test_brainwashing_reveals_the_hand_and_takes_a_personnel_you_do_not_command():
    from rules.startrek2e import state as S
    st = started("brainwash")
    hq = mission(st, 0, "T-HQF")
    roms = [put(st, 0, g, "pile", hq) for g in ("T-F2", "T-F3", "T-F5")]
    for n, c in enumerate(roms):
        _as(st, c, 10 + n, affiliations=["romulan"])
    bw = real(st, 0, "T-I1", "4R086", "hand", 0)
    worf = next(i for i in st["seats"][1]["deck"] + st["seats"][1]["hand"] if st["cards"][i]["guid"] == "T-K1")
    if worf not in st["seats"][1]["hand"]:
        S.move(st, worf, "hand", 1)
    st = turn_to(st, 0, "orders")
    st["seats"][0]["score"] = 10
    assert {"type": "play", "card": bw} in options(st)
    st = act(st, {"type": "play", "card": bw})
    while st["pending"] and st["pending"]["seat"] == 0 and st["pending"]["kind"] == "choose":
        pick = [o for o in options(st) if o.get("card") == worf] or [o for o in options(st) if o.get("card") == hq] \
            or options(st)
        st = act(st, pick[0])
    st = respond(st)
    assert st["cards"][worf]["zone"] == "pile" and st["cards"][worf]["in"] == hq
    assert st["cards"][worf]["commander"] == 0 and st["cards"][worf]["owner"] == 1
    assert st["seats"][0]["score"] == 5
    assert any(e["event"] == "revealed_cards" for e in st["log"]) or any(e["event"] == "examined" for e in st["log"])
    check_invariants(st)


def test_brainwashing_needs_three_romulans():
    st = started("brainwash-two")
    hq = mission(st, 0, "T-HQF")
    for n, g in enumerate(("T-F2", "T-F3")):
        _as(st, put(st, 0, g, "pile", hq), 20 + n, affiliations=["romulan"])
    bw = real(st, 0, "T-I1", "4R086", "hand", 0)
    st = turn_to(st, 0, "orders")
    st["seats"][0]["score"] = 10
    assert {"type": "play", "card": bw} not in options(st)


# ---------------------------------------------------------------- event attempt_ended, FILTER stopped_in_trigger_attempt,
# verb no_attempt_again (Indomitable)
def _indomitable(seed: str):
    st = started(seed)
    hq = mission(st, 0, "T-HQF")
    for n, g in enumerate(("T-F1", "T-F4", "T-F7")):
        _as(st, put(st, 0, g, "pile", hq), 30 + n, affiliations=["borg"])
    m = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", m) for g in ("T-F2", "T-F3")]  # no Anthropology, no Diplomacy: the attempt fails
    earlier = put(st, 0, "T-F6", "pile", m)
    st["cards"][earlier]["stopped"] = True  # stopped before the attempt: not "during" it
    ind = real(st, 0, "T-I1", "4U088", "hand", 0)
    st = turn_to(st, 0, "orders")
    st["seats"][0]["score"] = 10
    return st, m, team, earlier, ind


def test_indomitable_unstops_those_stopped_during_the_failed_attempt_and_forbids_that_mission_again():
    st, m, team, earlier, ind = _indomitable("indomitable")
    st = attempt(st, m, respond_with=ind)
    assert st["cards"][ind]["zone"] == "discard" and st["seats"][0]["score"] == 5
    assert not any(st["cards"][c]["stopped"] for c in team)  # stopped by the failure, unstopped again
    assert st["cards"][earlier]["stopped"]  # stopped before the attempt: stays stopped
    assert not [o for o in options(st) if o.get("type") == "attempt" and o.get("mission") == m]  # not again this turn
    check_invariants(st)


def test_without_indomitable_the_failed_attempt_stops_everyone_and_may_not_be_repeated_anyway():
    st, m, team, earlier, ind = _indomitable("indomitable-pass")
    st = attempt(st, m)
    assert st["cards"][ind]["zone"] == "hand" and all(st["cards"][c]["stopped"] for c in team)
    assert "unstop each of your personnel who became stopped during that mission attempt" in " ".join(render_card(DB["4U088"]))
    check_invariants(st)


# ---------------------------------------------------------------- verb pile_copies_beneath (Krim)
def test_krim_names_a_dilemma_and_the_opponents_copies_go_beneath_your_completed_mission():
    st = started("krim")
    hq = mission(st, 0, "T-HQF")
    krim = real(st, 0, "T-F8", "4R104", "pile", hq)
    done = mission(st, 0, "T-P2")
    st["cards"][done]["completed"] = True
    caves = [real(st, 1, g, "4U010") for g in ("T-D1", "T-D2")]  # two copies of Cave-In in seat 1's pile
    for c in caves:
        assert c in st["seats"][1]["dilemmas"]
    st = turn_to(st, 0, "orders")
    st["seats"][0]["score"] = 10
    order = next(o for o in options(st) if o.get("card") == krim)
    st = act(st, order)
    assert st["pending"]["seat"] == 0 and {"type": "choose", "title": "Cave-In"} in options(st)
    st = act(st, {"type": "choose", "title": "Cave-In"})
    while st["pending"] and st["pending"]["seat"] == 0 and st["pending"]["kind"] == "choose":
        st = act(st, next(o for o in options(st) if o.get("card") == done))
    st = respond(st)
    assert all(st["cards"][c]["zone"] == "under" and st["cards"][c]["in"] == done for c in caves)
    assert st["cards"][krim]["stopped"] and st["seats"][0]["score"] == 5
    assert not any(st["cards"][i].get("face_up") for i in st["seats"][1]["dilemmas"])  # shuffled face down
    assert not ids_seen(st, 0) & set(st["seats"][1]["dilemmas"])
    check_invariants(st)


# ---------------------------------------------------------------- verb mute_skills, place_on_mission until end_of_attempt
# (Harsh Conditions)
def _harsh(seed: str, skill: str):
    """Harsh Conditions, then Dangerous Climb (unless Anthropology 2 or Cunning>30: a random personnel
    stopped); Picard and Troi have one Anthropology each; seat 0 commands one headquarters: one skill named."""
    st, m, team = planet_team(seed, ("T-F1", "T-F7", "T-F2", "T-F3"), "4U016", orders=False)
    mission(st, 0, "T-HQF")
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["4U016", "T-D1"])
    assert st["pending"]["seat"] == 1 and {"type": "choose", "skill": skill} in options(st)  # the owner names it
    st = respond(act(st, {"type": "choose", "skill": skill}))
    return st, m, team


def test_harsh_conditions_mutes_the_named_skill_while_dilemmas_are_faced_then_is_overcome():
    st, m, team = _harsh("harsh", "Anthropology")
    harsh = next(i for i in st["cards"] if st["cards"][i]["guid"] == "4U016")
    stopped = [e["card"] for e in st["log"] if e["event"] == "stopped"]
    climb = next(n for n, e in enumerate(st["log"]) if e["event"] == "revealed" and e.get("title") == "Dangerous Climb")
    assert [e for e in st["log"][climb:] if e["event"] == "stopped"]  # Anthropology 2 could not be used: stopped
    assert stopped
    assert st["cards"][harsh]["zone"] == "under" and st["cards"][harsh]["in"] == m  # overcome as the attempt ended
    assert not st["cards"][harsh].get("muted_skills")
    check_invariants(st)


def test_harsh_conditions_naming_another_skill_leaves_anthropology_usable():
    st, m, team = _harsh("harsh-other", "Medical")
    climb = next(n for n, e in enumerate(st["log"]) if e["event"] == "revealed" and e.get("title") == "Dangerous Climb")
    end = next(n for n, e in enumerate(st["log"]) if n > climb and e["event"] in ("overcome", "failed", "completed"))
    assert not [e for e in st["log"][climb:end] if e["event"] == "stopped"]
    check_invariants(st)


# ---------------------------------------------------------------- a static on the cost of your drawn dilemmas (More Than Meets the Eye)
def _eye(seed: str, with_event: bool):
    """Two attempting personnel: seat 1 may spend 2; Harsh Conditions (planet) costs 3, Cave-In (planet) 1."""
    st, m, team = planet_team(seed, ("T-F1", "T-F7"), "4U016", "4U010", orders=False)
    if with_event:
        real(st, 1, "T-EV1", "4U062", "core", 1)
    st = turn_to(st, 0, "orders")
    pile = st["seats"][1]["dilemmas"]
    for g in ("4U010", "4U016"):  # both drawn
        d = next(i for i in pile if st["cards"][i]["guid"] == g)
        pile.remove(d)
        pile.insert(0, d)
    st = act(st, {"type": "attempt", "mission": m})
    from .helpers import pass_responses
    st = pass_responses(st)
    assert st["pending"]["kind"] == "choose_dilemma" and st["pending"]["seat"] == 1
    return st


def test_more_than_meets_the_eye_makes_your_planet_dilemmas_cost_one_less():
    st = _eye("eye", True)
    offered = {st["cards"][o["card"]]["guid"] for o in options(st) if o["card"]}
    assert {"4U016", "4U010"} <= offered  # Harsh Conditions 3 - 1 = 2: within the 2 to spend
    assert st["pending"]["detail"]["cost_left"] == 2
    harsh = next(o for o in options(st) if o["card"] and st["cards"][o["card"]]["guid"] == "4U016")
    st = act(st, harsh)
    assert st["attempt"]["spent"] == 2
    assert "cost_left" not in json.dumps(GAME.view(st, 0))  # what is left to spend is the chooser's secret
    check_invariants(st)


def test_without_more_than_meets_the_eye_the_planet_dilemma_costs_what_is_printed():
    st = _eye("eye-none", False)
    offered = {st["cards"][o["card"]]["guid"] for o in options(st) if o["card"]}
    assert "4U016" not in offered and "4U010" in offered
    assert "Each of your planet dilemmas you drew is Cost -1." in render_card(DB["4U062"])
