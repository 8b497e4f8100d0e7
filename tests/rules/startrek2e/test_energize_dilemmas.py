"""Energize (set 2, issue 17), the dilemma and attempt texts: each construct played through the
reducer with the real Energize card (its authored mechanics from the card database), and the
hidden piles and hands checked in every view, log and offered option (EFFECTS.md §4
"Energize, dilemmas and attempts"; RULES.md "Energize (set 2) readings").

Complications (trigger ``opponent_attempt_begins`` + CONDITION ``drawing_dilemmas`` + verb
``extra_dilemmas``), Unexpected Difficulties (trigger event ``dilemmas_drawn`` + verb
``redraw_dilemmas``), Machinations (scope ``drawn``, a removal that stays face down, verb
``search_dilemmas``), Memory Invasion (``examine`` ``by`` + PICK ``choose``), Team of Ambassadors
(verb ``meet_with``), Vile Deception (no new construct), Ja'chuq (verb ``overcome_from_pile``),
Retaliation (FILTER ``together``), Smuggling Run (FILTER ``requirements_met_by``), For the Cause
(ability kind ``attempt_with``)."""

from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card
from rules.startrek2e import stats as ST
from rules.startrek2e.game import GAME

from .helpers import act, attempt, check_invariants, ids_seen, mission, options, put, real, respond, started, turn_to

DB = card_db()



def _planet_team(seed: str, team=("T-F1", "T-F7", "T-F2")):
    """Seat 0's personnel on his planet T-P1 (Anthropology, Diplomacy, Integrity>20)."""
    st = started(seed)
    m = mission(st, 0, "T-P1")
    people = [put(st, 0, g, "pile", m) for g in team]
    return turn_to(st, 0, "orders"), m, people


def _to_drawn(st: dict) -> dict:
    """Pass every response window until the dilemmas are being chosen."""
    return respond(st)


# ---------------------------------------------------------------- Complications
def test_complications_draws_three_extra_dilemmas_and_raises_the_cost_to_spend():
    st, m, team = _planet_team("complications")
    comp = real(st, 1, "T-EV1", "2R036", "core", 1)
    st = act(st, {"type": "attempt", "mission": m})
    assert {"type": "respond", "card": comp, "ability": 1} in options(st)  # seat 1 draws for this attempt
    st = respond(st, comp)
    st = respond(st)
    assert st["pending"]["kind"] == "choose_dilemma" and st["pending"]["seat"] == 1
    assert len(st["seats"][1]["drawn"]) == 6 and st["attempt"]["budget"] == 6
    assert st["pending"]["detail"]["cost_left"] == 6
    assert st["cards"][comp]["zone"] == "discard"  # destroyed: the cost
    assert not ids_seen(st, 0) & set(st["seats"][1]["drawn"])  # drawn dilemmas stay hidden from the attempter
    assert "draw three extra dilemmas and spend three extra in total cost" in render_card(DB["2R036"])[1]
    check_invariants(st)


def test_complications_is_not_offered_for_its_owners_own_attempt():
    st, m, team = _planet_team("complications-own")
    comp = real(st, 0, "T-EV1", "2R036", "core", 0)  # seat 0's own event: seat 1 draws his dilemmas
    st = act(st, {"type": "attempt", "mission": m})
    while st["pending"]["kind"] == "respond":
        assert not any(o.get("card") == comp for o in options(st))
        st = act(st, {"type": "pass"})
    assert len(st["seats"][1]["drawn"]) == 3 and st["cards"][comp]["zone"] == "core"
    check_invariants(st)


# ---------------------------------------------------------------- Unexpected Difficulties
def test_unexpected_difficulties_returns_the_drawn_dilemmas_and_draws_as_many_again():
    st, m, team = _planet_team("unexpected")
    ud = real(st, 1, "T-EV1", "2C069", "core", 1)
    pile = st["seats"][1]["dilemmas"]
    first, second = list(pile[:3]), list(pile[3:6])
    st = act(st, {"type": "attempt", "mission": m})
    while st["pending"]["kind"] == "respond" and not any(o.get("card") == ud for o in options(st)):
        st = act(st, {"type": "pass"})
    assert set(st["seats"][1]["drawn"]) == set(first)  # offered once the dilemmas are drawn
    st = respond(act(st, {"type": "respond", "card": ud, "ability": 1}))
    assert st["seats"][1]["drawn"] == second
    assert st["seats"][1]["dilemmas"][-3:] == first and all(st["cards"][d]["face_up"] for d in first)
    assert st["cards"][ud]["zone"] == "discard"
    assert not ids_seen(st, 0) & set(first + second)
    check_invariants(st)


# ---------------------------------------------------------------- Machinations
def test_machinations_removes_the_drawn_dilemmas_face_down_and_puts_a_searched_one_on_top():
    st, m, team = _planet_team("machinations", team=("T-F1",))  # one dilemma drawn: costs of 1 or less
    mach = real(st, 1, "T-EV1", "2R049", "core", 1)
    pile = st["seats"][1]["dilemmas"]
    first = list(pile[:1])
    st = act(st, {"type": "attempt", "mission": m})
    while st["pending"]["kind"] == "respond" and not any(o.get("card") == mach for o in options(st)):
        st = act(st, {"type": "pass"})
    st = act(st, {"type": "respond", "card": mach, "ability": 1})
    assert [st["cards"][d]["zone"] for d in first] == ["out"] and st["cards"][mach]["zone"] == "out"
    # the search: only seat 1 sees his pile, and only dilemmas costing 1 or less (the number removed)
    p = st["pending"]
    assert p["seat"] == 1 and p["kind"] == "choose" and {"type": "choose", "card": None} in p["options"]
    offered = [o["card"] for o in p["options"] if o["card"]]
    assert offered and all(ST.value(st, c, "cost") <= 1 for c in offered)
    assert any(ST.value(st, c, "cost") == 2 for c in st["seats"][1]["dilemmas"])  # there, not offered
    assert not ids_seen(st, 0) & (set(first) | set(st["seats"][1]["dilemmas"]))
    assert not ids_seen(st, "spectator") & (set(first) | set(st["seats"][1]["dilemmas"]))
    pick = offered[0]
    event = {"seat": 1, "type": "action", "payload": {"type": "choose", "card": pick}}
    assert GAME.redact_event(event, 0, st)["payload"]["card"] is None  # the pick is not named to seat 0
    st = act(st, {"type": "choose", "card": pick})
    assert all(not st["cards"][d].get("face_up") for d in st["seats"][1]["dilemmas"])  # shuffled face down
    st = respond(st)
    # nothing left to choose: the searched dilemma is the one faced
    assert any(e.get("card") == pick and e["event"] == "revealed" for e in st["log"])
    assert not ids_seen(st, 0) & set(first)  # the removed dilemmas were never shown
    out = GAME.view(st, 0)["seats"][1]["out_of_play"]
    assert {"id": None, "face_down": True, "owner": 1} in out and len(out) == 2  # his event face up, the dilemma not
    assert ids_seen(st, 1) >= set(first)  # their owner sees what he set aside
    check_invariants(st)


# ---------------------------------------------------------------- Memory Invasion: examine ``by`` + ``choose``
def _memory_invasion(seed: str):
    st, m, team = _planet_team(seed)
    real(st, 1, "T-D1", "2C015")
    st = attempt(st, m, dilemmas=["2C015"])
    return st, m, team


def test_memory_invasion_the_owner_examines_the_hand_and_the_facing_player_may_discard_the_card():
    st, m, team = _memory_invasion("memory-discard")
    hand = list(st["seats"][0]["hand"])
    p = st["pending"]
    assert p["seat"] == 1 and p["kind"] == "choose"  # the dilemma's owner examines seat 0's hand
    assert sorted(o["card"] for o in p["options"]) == sorted(hand) and p["reveal"] == hand
    assert not ids_seen(st, "spectator") & set(hand)  # nobody else sees the hand, nor the options
    pick = hand[0]
    event = {"seat": 1, "type": "action", "payload": {"type": "choose", "card": pick}}
    assert GAME.redact_event(event, "spectator", st)["payload"]["card"] is None
    assert GAME.redact_event(event, 0, st) == event  # his own card: he knows it
    st = act(st, {"type": "choose", "card": pick})
    assert st["pending"]["seat"] == 0 and st["pending"]["kind"] == "yes_no"  # discard it, or three are stopped
    told = [e for e in GAME.view(st, 0)["log"] if e["event"] == "chose_examined"]
    assert told and told[-1]["card"] == pick  # the facing player learns which card was chosen
    assert not [e for e in GAME.view(st, "spectator")["log"] if e["event"] in ("chose_examined", "examined")]
    n = len(st["log"])
    st = act(st, {"type": "yes_no", "yes": True})
    while st["pending"]["seat"] == 0 and st["pending"]["kind"] == "choose":  # the one card: that card
        assert [o["card"] for o in options(st)] == [pick]
        st = act(st, options(st)[0])
    st = respond(st)
    assert st["cards"][pick]["zone"] == "discard" and _stopped_by_the_dilemma(st["log"][n:]) == 0
    check_invariants(st)


def test_memory_invasion_keeping_the_card_stops_three_random_personnel():
    st, m, team = _memory_invasion("memory-keep")
    pick = st["seats"][0]["hand"][0]
    st = act(st, {"type": "choose", "card": pick})
    n = len(st["log"])
    st = respond(act(st, {"type": "yes_no", "yes": False}))
    assert st["cards"][pick]["zone"] == "hand"
    assert _stopped_by_the_dilemma(st["log"][n:]) == 3
    assert "Your opponent examines your hand, then your opponent chooses a card there" in render_card(DB["2C015"])[0]
    check_invariants(st)


def _stopped_by_the_dilemma(log: list) -> int:
    """Personnel stopped before the dilemma is overcome (a failed attempt stops the rest)."""
    end = next((i for i, e in enumerate(log) if e["event"] in ("overcome", "completed", "failed")), len(log))
    return sum(1 for e in log[:end] if e["event"] == "stopped")


# ---------------------------------------------------------------- Team of Ambassadors: verb meet_with
def _trophies(seed: str, with_interrupt: bool):
    """Impressive Trophies (Cunning>32 or the most costly is captured and all are stopped)
    (cost 4) against four Federation personnel of Cunning 26 whose Integrity is raised to 36."""
    st, m, team = _planet_team(seed, team=("T-F1", "T-F7", "T-F2", "T-F3"))
    for c in team:
        st["mods"].append({"card": c, "stat": "integrity", "amount": 3, "until": "end_of_turn"})
    real(st, 1, "T-D1", "1R030")
    toa = real(st, 0, "T-I1", "2C088", "hand", 0) if with_interrupt else None
    n = len(st["log"])
    st = respond(attempt(st, m, dilemmas=["1R030"], respond_with=toa))
    while st["pending"]["kind"] == "choose" and st["attempt"]:  # whom the dilemma captures
        st = respond(act(st, options(st)[0]))
    return st, team, toa, st["log"][n:]


def test_team_of_ambassadors_meets_the_dilemmas_cunning_requirement_with_integrity():
    st, team, toa, log = _trophies("ambassadors", True)
    assert st["cards"][toa]["zone"] == "discard"  # played from hand
    assert _stopped_by_the_dilemma(log) == 0 and not st["seats"][1]["brig"]
    assert "meet Cunning and Strength requirements of that dilemma using Integrity instead" in render_card(DB["2C088"])[0]
    check_invariants(st)
    st, team, _, log = _trophies("ambassadors-without", False)  # the same attempt without it
    assert _stopped_by_the_dilemma(log) == 3 and len(st["seats"][1]["brig"]) == 1
    check_invariants(st)


def test_team_of_ambassadors_lasts_for_that_dilemma_only():
    st, m, team = _planet_team("ambassadors-once")
    for c in team:
        st["mods"].append({"card": c, "stat": "integrity", "amount": 7, "until": "end_of_turn"})
    st["attempt"] = {"seat": 0, "mission": m, "ship": None, "personnel": team, "dilemma_owner": 1, "current": "c-x"}
    from rules.startrek2e.effects import gathering as GA
    st["attempt"]["meet_with"] = [{"dilemma": "c-x", "seat": 0, "use": "integrity", "instead_of": ["cunning"]}]
    assert ST.meets(st, team, {"attributes": {"cunning": 32}}, check="dilemma")
    assert not ST.meets(st, team, {"attributes": {"cunning": 32}}, check="mission")  # a mission's: no
    st["attempt"]["current"] = "c-next"
    assert GA.substitutes(st, 0) == {} and not ST.meets(st, team, {"attributes": {"cunning": 32}}, check="dilemma")
    st["attempt"] = None


# ---------------------------------------------------------------- Vile Deception (no new construct)
def _vile(seed: str):
    st, m, team = _planet_team(seed)
    real(st, 1, "T-K6", "2C164", "pile", m)  # seat 1's Romulan at the mission seat 0 attempts
    vile = real(st, 1, "T-I1", "2R091", "hand", 1)
    interrupt = real(st, 0, "T-I1", "2C088", "hand", 0)  # an interrupt in seat 0's hand
    st = act(st, {"type": "attempt", "mission": m})
    st = respond(st, vile)
    assert st["pending"]["seat"] == 0 and st["pending"]["kind"] == "yes_no"  # that opponent chooses
    return st, team, vile, interrupt


def test_vile_deception_reveal_the_hand_and_discard_its_interrupts():
    st, team, vile, interrupt = _vile("vile-reveal")
    hand = list(st["seats"][0]["hand"])
    st = act(st, {"type": "yes_no", "yes": True})
    assert st["cards"][interrupt]["zone"] == "discard"
    assert all(st["cards"][c]["zone"] == "hand" for c in hand if c != interrupt and S_type(st, c) != "interrupt")
    shown = [e for e in GAME.view(st, "spectator")["log"] if e["event"] == "revealed_cards"]
    assert shown and set(shown[-1]["cards"]) == set(hand)  # revealed to everyone
    st = respond(st)
    check_invariants(st)


def test_vile_deception_needs_your_romulan_at_that_mission():
    st, m, team = _planet_team("vile-no-romulan")
    vile = real(st, 1, "T-I1", "2R091", "hand", 1)
    st = act(st, {"type": "attempt", "mission": m})
    while st["pending"]["kind"] == "respond":
        assert not any(o.get("card") == vile for o in options(st))
        st = act(st, {"type": "pass"})
    assert st["cards"][vile]["zone"] == "hand"
    check_invariants(st)


def test_vile_deception_or_two_of_the_attempting_personnel_are_stopped():
    st, team, vile, interrupt = _vile("vile-stop")
    hand = list(st["seats"][0]["hand"])
    n = len(st["log"])
    st = act(st, {"type": "yes_no", "yes": False})
    for _ in range(2):
        assert st["pending"]["seat"] == 0 and {o["card"] for o in options(st)} <= set(team)
        st = act(st, options(st)[0])
    log = st["log"][n:]
    before_draw = log[:next(i for i, e in enumerate(log) if e["event"] == "drew_dilemmas")]
    assert sum(e["event"] == "stopped" for e in before_draw) == 2 and st["seats"][0]["hand"] == hand
    assert not ids_seen(st, "spectator") & set(hand) and not ids_seen(st, 1) & set(hand)  # nothing revealed
    check_invariants(st)


def S_type(st, c):
    from rules.startrek2e import state as S
    return S.ctype(st, c)


# ---------------------------------------------------------------- Ja'chuq: verb overcome_from_pile
def test_jachuq_after_a_combat_won_puts_the_opponents_top_dilemma_under_your_mission_overcome():
    st = started("jachuq")
    m = mission(st, 0, "T-P1")
    put(st, 0, "T-F2", "pile", m)  # Strength 6
    kargan = real(st, 1, "T-K2", "2R139", "pile", m)  # [Kli] Leadership Officer, Strength 7
    conquest = real(st, 1, "T-EV1", "2U032", "core", 1)
    jachuq = real(st, 1, "T-I1", "2R082", "hand", 1)
    mine = mission(st, 1, "T-P3")
    top = st["seats"][0]["dilemmas"][0]
    st = turn_to(st, 1, "orders")
    st = act(st, {"type": "order", "card": conquest, "ability": 1})
    while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 1 and st["stack"]:
        if any(o.get("card") == kargan for o in options(st)):
            st = act(st, {"type": "choose", "card": kargan})
        else:
            break
    st = respond(st, jachuq)
    assert st["pending"]["seat"] == 1 and st["pending"]["kind"] == "choose"  # one of your missions
    assert {o["card"] for o in options(st)} == set(st["seats"][1]["missions"])
    st = respond(act(st, {"type": "choose", "card": mine}))
    assert st["cards"][top]["zone"] == "under" and st["cards"][top]["in"] == mine and st["cards"][top]["face_up"]
    assert st["cards"][jachuq]["zone"] == "out"  # removed from the game
    check_invariants(st)


# ---------------------------------------------------------------- Retaliation: FILTER together
def _retaliation(seed: str, split: bool):
    """Seat 0's three [Maq] personnel on his planet T-P1 (or two there and one on T-P2), a
    personnel of seat 1 present with them."""
    st = started(seed)
    m, other = mission(st, 0, "T-P1"), mission(st, 0, "T-P2")
    maq = [real(st, 0, g, cid, "pile", other if split and k == 2 else m)
           for k, (g, cid) in enumerate((("T-F5", "2C159"), ("T-F3", "25V035"), ("T-F4", "36V029")))]
    victim = put(st, 1, "T-K1", "pile", m)
    ret = real(st, 0, "T-EV1", "2R059", "core", 0)
    return turn_to(st, 0, "orders"), maq, victim, ret


def test_retaliation_stops_three_maquis_present_together_to_capture_an_opponent_present():
    st, maq, victim, ret = _retaliation("retaliation", split=False)
    st = act(st, {"type": "order", "card": ret, "ability": 1})
    for _ in range(3):
        assert st["pending"]["seat"] == 0 and {o["card"] for o in options(st)} <= set(maq)
        st = act(st, options(st)[0])
    if st["pending"]["kind"] == "choose":  # the opponent's personnel present: only one
        assert [o["card"] for o in options(st)] == [victim]
        st = act(st, options(st)[0])
    st = respond(st)
    assert all(st["cards"][c]["stopped"] for c in maq) and st["cards"][ret]["zone"] == "discard"
    assert st["cards"][victim]["zone"] == "brig" and victim in st["seats"][0]["brig"]
    assert "stop three of your unstopped [Maq] personnel present together" in render_card(DB["2R059"])[1]
    check_invariants(st)


def test_retaliation_is_not_offered_when_the_three_are_not_together():
    st, maq, victim, ret = _retaliation("retaliation-split", split=True)
    assert not any(o.get("card") == ret for o in options(st, "order"))
    from rules.startrek2e import state as S
    S.move(st, maq[2], "pile", st["cards"][maq[0]]["in"])  # all three together again
    st = _refresh(st)
    assert any(o.get("card") == ret for o in options(st, "order"))


def _refresh(st):
    from rules.startrek2e import flow
    st["pending"] = None
    return flow.advance(st)


# ---------------------------------------------------------------- Smuggling Run: FILTER requirements_met_by
def _smuggling(seed: str, team=("T-F1", "T-F7", "T-F2"), opponent_ship: bool = False):
    """Seat 0's Smuggler (Koral) and personnel on seat 1's planet T-P1 (Anthropology, Diplomacy,
    Integrity>20), Smuggling Run in seat 0's core, then seat 0's turn begins."""
    st = started(seed)
    m = mission(st, 1, "T-P1")
    people = [put(st, 0, g, "pile", m) for g in team]
    real(st, 0, "T-F8", "2C143", "pile", m)
    run = real(st, 0, "T-EV1", "2U063", "core", 0)
    if opponent_ship:
        put(st, 1, "T-SK", "ships", m)
    st = turn_to(st, 0, "turn_start")
    return st, run, people


def test_smuggling_run_scores_ten_when_your_personnel_there_have_the_requirements():
    st, run, people = _smuggling("smuggling")
    assert any(o.get("card") == run for o in options(st))
    score = st["seats"][0]["score"]
    st = respond(act(st, {"type": "respond", "card": run, "ability": 1}))
    assert st["seats"][0]["score"] == score + 10 and st["cards"][run]["zone"] == "discard"
    check_invariants(st)


def test_smuggling_run_is_not_offered_without_the_requirements_or_with_an_opponents_ship_there():
    for seed, team, ship in (("smuggling-short", ("T-F2", "T-F3"), False), ("smuggling-ship", ("T-F1", "T-F7", "T-F2"), True)):
        st, run, people = _smuggling(seed, team, ship)
        while st["pending"]["kind"] == "respond":
            assert not any(o.get("card") == run for o in options(st))
            st = act(st, {"type": "pass"})
        check_invariants(st)


# ---------------------------------------------------------------- For the Cause: ability attempt_with
def _maquis(st: dict, seat: int, guid: str, n: int, m: str) -> str:
    """Seat ``seat``'s fixture personnel ``guid`` as a non-aligned [Maq] personnel of Strength 10
    (Leadership, Security or Treachery), on mission ``m``."""
    skills = [{"Leadership": 1}, {"Security": 1}, {"Treachery": 1}, {"Security": 1}][n]
    base = st["extra_cards"][guid]
    st["extra_cards"][f"X-MQ{n}"] = {**base, "id": f"X-MQ{n}", "title": f"Maquis {n}", "affiliations": ["non-aligned"],
                                      "icons": ["maquis"], "skills": skills, "strength": 10}
    iid = put(st, seat, guid, "pile", m)
    st["cards"][iid]["guid"] = f"X-MQ{n}"
    return iid


def _cause(seed: str, with_event: bool):
    """Seat 0's Evacuate Colony (Region: Demilitarized Zone; [Card]/[Fed] only; "you cannot complete
    this mission if your [Maq] personnel is on this planet") with four [Maq] personnel of Strength 10
    and a Federation personnel on it; For the Cause on his Maquis Base (Athos IV)."""
    st = started(seed)
    m, hq = mission(st, 0, "T-P1"), mission(st, 0, "T-HQF")
    for guid, cid in ((m, "1U165"), (hq, "2U096")):
        st["extra_cards"][cid] = DB[cid]
        st["cards"][guid]["guid"] = cid
    maq = [_maquis(st, 0, g, n, m) for n, g in enumerate(("T-F1", "T-F3", "T-F5", "T-F7"))]
    other = put(st, 0, "T-F2", "pile", m)
    cause = None
    if with_event:
        cause = real(st, 0, "T-EV1", "2C043")
        from rules.startrek2e import state as S
        S.move(st, cause, "attached", hq)
        st["cards"][cause]["commander"] = 0
    return turn_to(st, 0, "orders"), m, maq, other, cause


def test_for_the_cause_lets_maquis_attempt_and_complete_with_its_requirements():
    st, m, maq, other, cause = _cause("cause", True)
    st["extra_cards"]["X-MQ3"]["mechanics"] = [{"kind": "keyword", "keyword": "cant_attempt"}]  # attempts anyway
    opts = [o for o in options(st, "attempt") if o["mission"] == m]
    # the usual attempt (everyone: the Federation personnel matches an icon) and the one For the Cause gives
    assert opts == [{"type": "attempt", "mission": m}, {"type": "attempt", "mission": m, "using": [cause, 1]}]
    score = st["seats"][0]["score"]
    st = act(st, opts[1])
    assert st["attempt"]["personnel"] == maq and other not in st["attempt"]["personnel"]  # the [Maq] only
    st = respond(st)
    while st["pending"]["kind"] == "choose_dilemma":  # seat 1 sets no dilemma
        st = act(st, {"type": "choose_dilemma", "card": None})
    st = respond(st)
    assert st["cards"][m].get("completed")  # Leadership, Security, Treachery, Strength 40>36; no "cannot complete"
    assert st["seats"][0]["score"] == score + DB["1U165"]["points"]
    check_invariants(st)


def test_for_the_cause_requirements_must_be_met_and_nothing_without_it():
    st, m, maq, other, cause = _cause("cause-none", False)
    assert [o for o in options(st, "attempt") if o["mission"] == m] == [{"type": "attempt", "mission": m}]
    st, m, maq, other, cause = _cause("cause-weak", True)
    st["mods"].append({"card": maq[0], "stat": "strength", "amount": -5, "until": "end_of_turn"})  # 35: not >36
    st = respond(act(st, {"type": "attempt", "mission": m, "using": [cause, 1]}))
    while st["pending"]["kind"] == "choose_dilemma":
        st = act(st, {"type": "choose_dilemma", "card": None})
    st = respond(st)
    assert not st["cards"][m].get("completed") and all(st["cards"][c]["stopped"] for c in maq)
    assert not st["cards"][other]["stopped"]  # he did not attempt
    check_invariants(st)
