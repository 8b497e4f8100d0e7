"""Necessary Evil (set 4, issue 17): the events and equipment — each new construct played through
the reducer with the real Necessary Evil card (its authored mechanics from the card database), and
the hidden piles and hands checked in the views (EFFECTS.md §4 "Necessary Evil"; RULES.md
"Necessary Evil (set 4) readings").

FILTER ``in_core`` ("an event in your core": The Key to Victory, We Are Back, Getting Under Your
Skin), ship FILTER ``commander_aboard`` ("a ship with its Commander aboard": Deploy the Fleet,
Mission Accomplished, Running a Tight Ship), ``extra_dilemmas`` with a negative ``cost`` (Running a
Tight Ship), ``examine`` PICK ``choose`` with ``filter`` (Far-Seeing Eyes: "remove two non-ship
cards") and a PICK ``count: "any"`` (Tempted By Flesh: "place those dilemmas on the top and
bottom")."""

from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card
from rules.startrek2e import state as S
from rules.startrek2e import stats as ST

from .helpers import act, check_invariants, find, ids_seen, mission, options, put, real, redeal, respond, started, turn_to

DB = card_db()




def _in_hand(st: dict, seat: int, fixture: str, cid: str) -> str:
    iid = real(st, seat, fixture, cid)
    S.move(st, iid, "hand", seat)
    return iid


# ---------------------------------------------------------------- FILTER in_core
def test_we_are_back_gives_romulan_officers_cunning_and_is_destroyed_when_an_opponent_plays_an_event_to_his_core():
    st = started("we-are-back")
    hq = mission(st, 0, "T-HQF")
    officer = redeal(st, put(st, 0, "T-F1", "pile", hq), "X-NE-ROM", affiliations=["romulan"],
                  skills={"Officer": 1}, cunning=6)
    wab = real(st, 0, "T-EV1", "4C082", "core", 0)
    assert ST.value(st, officer, "cunning") == 8  # [Rom] Officer: Cunning +2
    ev = find(st, 1, "T-EV4")  # Supply Run, an event that plays in the core
    S.move(st, ev, "hand", 1)
    st = turn_to(st, 1, "play")
    ev = next(o["card"] for o in options(st, "play") if st["cards"][o["card"]]["guid"] == "T-EV4")  # a copy
    st = respond(act(st, {"type": "play", "card": ev}))
    assert st["cards"][wab]["zone"] == "discard"  # destroyed
    assert ST.value(st, officer, "cunning") == 6
    assert render_card(DB["4C082"])[2] == "Each of your [Rom] Officer personnel is Cunning +2."
    assert "an opponent's event in a core" in render_card(DB["4C082"])[3]
    check_invariants(st)


def test_we_are_back_stays_when_its_own_player_plays_an_event():
    st = started("we-are-back-own")
    wab = real(st, 0, "T-EV1", "4C082", "core", 0)
    ev = _in_hand(st, 0, "T-EV4", "T-EV4")
    st = turn_to(st, 0, "play")
    st = respond(act(st, {"type": "play", "card": ev}))
    assert st["cards"][wab]["zone"] == "core"


def test_the_key_to_victory_draws_and_discards_the_cost_of_an_event_in_your_core():
    st = started("key-to-victory")
    pattern = real(st, 0, "T-EV2", "T-EV2", "core", 0)  # Attack Pattern, cost 2, in the core
    m = mission(st, 0, "T-P1")
    on_mission = real(st, 0, "T-EV3", "2C047", "attached", m)  # Legal Proceedings (cost 1) on a mission: not in a core
    key = _in_hand(st, 0, "T-EV4", "4C077")
    st = turn_to(st, 0, "play")
    hand = len(st["seats"][0]["hand"])
    st = act(st, {"type": "play", "card": key})
    st = respond(st)
    assert st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0
    picks = {o.get("card") for o in options(st)}
    assert pattern in picks and on_mission not in picks and key not in picks
    st = act(st, {"type": "choose", "card": pattern})
    assert len(st["seats"][0]["hand"]) == hand - 1 + 2  # the event left the hand; two drawn
    while st["pending"]["kind"] == "discard" or (st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0):
        st = act(st, options(st)[0])
    st = respond(st)
    assert len(st["seats"][0]["hand"]) == hand - 1  # then two discarded
    assert st["cards"][key]["zone"] == "discard" and st["cards"][pattern]["zone"] == "core"
    check_invariants(st)


# ---------------------------------------------------------------- ship FILTER commander_aboard
def _captain(st: dict, seat: int, ship_title: str, where: str, holder: str) -> str:
    iid = put(st, seat, "T-F7" if seat == 0 else "T-K2", where, holder)
    return redeal(st, iid, f"X-NE-CAP{seat}", keywords=[f"Commander: {ship_title}"], title=f"Captain {seat}")


def test_deploy_the_fleet_scores_for_each_staffed_ship_with_its_commander_at_an_opponents_mission():
    st = started("deploy")
    theirs = mission(st, 1, "T-P3")  # seat 1's planet, not a headquarters
    galaxy = put(st, 0, "T-SF", "ships", theirs)  # U.S.S. Galaxy: command + three staff
    for g in ("T-F1", "T-F2", "T-F3"):
        put(st, 0, g, "aboard", galaxy)
    cap = _captain(st, 0, "U.S.S. Galaxy", "aboard", galaxy)
    other = put(st, 0, "T-SF2", "ships", theirs)  # staffed, but no Commander of it aboard
    put(st, 0, "T-F5", "aboard", other)
    ev = _in_hand(st, 0, "T-EV4", "4U047")
    st = turn_to(st, 0, "play")
    st = respond(act(st, {"type": "play", "card": ev}))
    assert st["seats"][0]["score"] == 5
    st["cards"][cap]["stopped"] = True  # a stopped Commander is no Commander aboard (Inspiring Leader)
    assert not ST.value(st, galaxy, "range") is None
    from rules.startrek2e.effects import filters as F
    ctx = F.ctx_for(st, ev, you=0)
    assert not F.matches(st, galaxy, {"commander_aboard": True}, ctx)
    st["cards"][cap]["stopped"] = False
    assert F.matches(st, galaxy, {"commander_aboard": True}, ctx) and not F.matches(st, other, {"commander_aboard": True}, ctx)
    assert "staffed ship with its Commander aboard" in render_card(DB["4U047"])[0]
    check_invariants(st)


def test_running_a_tight_ship_subtracts_a_dilemma_and_one_cost_from_a_space_attempt_with_the_commander_aboard():
    def attempt_with(seed: str, captain: bool) -> dict:
        st = started(seed)
        m = mission(st, 0, "T-S1")
        galaxy = put(st, 0, "T-SF", "ships", m)
        for g in ("T-F1", "T-F2", "T-F3", "T-F4"):
            put(st, 0, g, "aboard", galaxy)
        if captain:
            _captain(st, 0, "U.S.S. Galaxy", "aboard", galaxy)
        real(st, 0, "T-EV1", "4R071", "core", 0)
        st = turn_to(st, 0, "orders")
        st = respond(act(st, {"type": "attempt", "mission": m, "ship": galaxy}))
        assert st["pending"]["kind"] == "choose_dilemma" and st["pending"]["seat"] == 1
        return st
    plain = attempt_with("tight-none", False)  # four personnel: four dilemmas, cost 4
    assert len(plain["seats"][1]["drawn"]) == 4 and plain["attempt"]["budget"] == 4
    tight = attempt_with("tight", True)  # five personnel with the Commander: four dilemmas, cost 4
    assert len(tight["seats"][1]["drawn"]) == 4 and tight["attempt"]["budget"] == 4
    assert not ids_seen(tight, 0) & set(tight["seats"][1]["drawn"])
    assert "subtract one from the total cost he or she can spend on dilemmas" in render_card(DB["4R071"])[1]
    check_invariants(tight)


# ---------------------------------------------------------------- examine: choose with a filter, count "any"
def test_far_seeing_eyes_removes_two_non_ship_cards_of_the_opponents_deck_and_he_shuffles():
    st = started("far-seeing")
    eyes = real(st, 0, "T-EV1", "4R051", "core", 0)
    deck = list(st["seats"][1]["deck"])
    ships = {i for i in deck if S.ctype(st, i) == "ship"}
    assert ships
    st["turn"]["player"] = 1
    st = turn_to(st, 0, "play")  # the start of seat 0's turn passed: offer the response at the next one
    from rules.startrek2e import turn as T
    st["pending"], st["step"] = None, "start"
    T.turn_start(st)
    from rules.startrek2e import flow
    st = flow.advance(st) or st
    assert {"type": "respond", "card": eyes, "ability": 2} in options(st)
    st["seats"][0]["score"] = score = 10
    st = act(st, {"type": "respond", "card": eyes, "ability": 2})
    removed = []
    while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0:
        picks = {o["card"] for o in options(st)}
        assert picks and not picks & ships  # "non-ship cards"
        removed.append(sorted(picks)[0])
        st = act(st, {"type": "choose", "card": removed[-1]})
    st = respond(st)
    assert len(removed) == 2 and all(st["cards"][i]["zone"] == "out" for i in removed)
    assert st["seats"][0]["score"] == score - 5 and st["cards"][eyes]["zone"] == "discard"
    assert sorted(st["seats"][1]["deck"]) == sorted(set(deck) - set(removed))
    assert "choose two cards (except a ship) there" in render_card(DB["4R051"])[2]
    check_invariants(st)


def test_tempted_by_flesh_examines_one_dilemma_per_captured_personnel_and_places_them_top_or_bottom():
    st = started("tempted")
    hq = mission(st, 0, "T-HQF")
    for n, g in enumerate(("T-F1", "T-F2", "T-F3")):
        redeal(st, put(st, 0, g, "pile", hq), f"X-NE-BOR{n}", affiliations=["borg"])
    for g in ("T-K3", "T-K4"):  # two of seat 1's personnel under seat 0's command
        theirs = put(st, 1, g, "pile", hq)
        st["cards"][theirs]["commander"] = 0
    ev = _in_hand(st, 0, "T-EV4", "4U076")
    pile = list(st["seats"][1]["dilemmas"])
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": ev})
    st = respond(st)
    assert st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0
    assert {o["card"] for o in options(st)} == set(pile[:2]) | {None}  # two examined; "any number" may stop
    st = act(st, {"type": "choose", "card": pile[0]})  # to the bottom
    assert {o["card"] for o in options(st)} == {pile[1], None}
    st = act(st, {"type": "choose", "card": None})
    while st["pending"] and st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0:
        st = act(st, options(st)[0])
    st = respond(st)
    assert st["seats"][1]["dilemmas"][0] == pile[1] and st["seats"][1]["dilemmas"][-1] == pile[0]
    assert not ids_seen(st, 1) & set(pile[2:])  # the rest of the pile stays hidden
    assert "place any number of them on the bottom" in render_card(DB["4U076"])[1]
    check_invariants(st)


# ---------------------------------------------------------------- counters: add_counters, extra_counters, no_draws
def _start_turn(st: dict, seat: int) -> dict:
    """Begin ``seat``'s turn by the turn rules (start-of-turn texts, then Play and Draw Cards)."""
    from rules.startrek2e import flow
    st["turn"]["player"], st["pending"], st["step"] = seat, None, "turn_start"
    return flow.advance(st) or st


def test_at_what_cost_gives_seven_counters_this_turn_that_need_not_be_spent():
    st = started("at-what-cost")
    ev = _in_hand(st, 0, "T-EV4", "4R040")
    st = turn_to(st, 0, "play")
    st["seats"][0]["score"] = 10
    st = respond(act(st, {"type": "play", "card": ev}))
    assert st["seats"][0]["counters"] == 14 and st["seats"][0]["score"] == 5
    assert {"type": "end_play"} not in options(st)  # the seven of the turn must still be spent
    for _ in range(7):
        st = respond(act(st, {"type": "draw"}))
    assert st["seats"][0]["counters"] == 7 and {"type": "end_play"} in options(st)  # the additional ones may stay
    st = act(st, {"type": "end_play"})
    assert st["step"] != "play" or st["pending"]["kind"] != "play"
    assert render_card(DB["4R040"]) == ["Plays in your core. Lose 5 points to spend 7 additional counters this turn. "
                                        "Destroy this event."]
    check_invariants(st)


def test_the_perfect_tool_adds_a_counter_per_personnel_you_command_but_do_not_own():
    st = started("perfect-tool")
    hq = mission(st, 0, "T-HQF")
    real(st, 0, "T-EV1", "4R078", "core", 0)
    for g in ("T-K3", "T-K4"):  # two of seat 1's personnel under seat 0's command
        st["cards"][put(st, 1, g, "pile", hq)]["commander"] = 0
    st = _start_turn(st, 0)
    assert st["pending"]["kind"] == "play" and st["seats"][0]["counters"] == 9
    assert {"type": "end_play"} not in options(st)
    for _ in range(7):
        st = respond(act(st, {"type": "draw"}))
    assert {"type": "end_play"} in options(st)  # "you may spend" the two more
    st = _start_turn(st, 1)  # not on the opponent's turn
    assert st["seats"][1]["counters"] == 7
    check_invariants(st)


def _finish_turn(st: dict) -> dict:
    """Play the rest of the current turn with no plays, orders, responses or repairs."""
    seat = st["turn"]["player"]
    while st["turn"]["player"] == seat and st["outcome"] is None:
        opts = options(st)
        pick = next((o for o in opts if o["type"] in ("end_play", "end_orders", "pass")), None)
        if pick is None:
            pick = next((o for o in opts if o.get("card") is None and o["type"] == "repair"), opts[0])
        st = act(st, pick)
    return st


def test_at_an_impasse_stops_every_draw_and_leaves_at_the_end_of_the_right_hand_opponents_turn():
    st = started("impasse")
    imp = real(st, 0, "T-EV1", "4U039", "core", 0)
    run = _in_hand(st, 0, "T-EV4", "T-EV4")  # Supply Run: "draw two cards"
    st = turn_to(st, 0, "play")
    assert {"type": "draw"} not in options(st) and {"type": "end_play"} in options(st)
    deck, hand = len(st["seats"][0]["deck"]), len(st["seats"][0]["hand"])
    st = respond(act(st, {"type": "play", "card": run}))
    assert len(st["seats"][0]["deck"]) == deck and len(st["seats"][0]["hand"]) == hand - 1  # nothing drawn
    st = _finish_turn(st)  # the end of seat 0's own turn: it stays
    assert st["turn"]["player"] == 1 and st["cards"][imp]["zone"] == "core"
    assert {"type": "draw"} not in options(st)  # no player may draw
    st = _finish_turn(st)  # seat 1 is the opponent on seat 0's right
    assert st["cards"][imp]["zone"] == "out"
    assert {"type": "draw"} in options(st)
    assert render_card(DB["4U039"])[3] == "At the end of the turn of the opponent on your right, remove this event from the game."
    check_invariants(st)


# ---------------------------------------------------------------- TARGET deck_top
def test_holographic_hoax_has_the_opponent_draw_then_removes_his_top_card():
    st = started("hoax")
    hq = mission(st, 0, "T-HQF")
    for n, g in enumerate(("T-F1", "T-F2", "T-F3")):
        redeal(st, put(st, 0, g, "pile", hq), f"X-NE-ROM{n}", affiliations=["romulan"])
    ev = _in_hand(st, 0, "T-EV4", "4C058")
    first, second = st["seats"][1]["deck"][:2]
    st = turn_to(st, 0, "play")
    st = respond(act(st, {"type": "play", "card": ev}))
    assert st["cards"][first]["zone"] == "hand" and st["cards"][second]["zone"] == "out"
    assert first not in ids_seen(st, 0)  # the drawn card stays hidden from the player of the event
    assert "Choose an opponent to draw a card, then remove the top card of that opponent's deck from the game" in render_card(DB["4C058"])[1]
    check_invariants(st)


# ---------------------------------------------------------------- AMOUNT round
def test_prison_compound_scores_the_captives_skill_dots_rounded_to_a_multiple_of_five():
    def scored(seed: str, lines: list[int]) -> int:
        st = started(seed)
        hq = mission(st, 0, "T-HQF")
        for n, g in enumerate(("T-F1", "T-F2", "T-F3")):
            redeal(st, put(st, 0, g, "pile", hq), f"X-NE-CAR{n}", affiliations=["cardassian"])
        for n, (g, k) in enumerate(zip(("T-K1", "T-K2"), lines)):
            cap = find(st, 1, g)
            redeal(st, cap, f"X-NE-CAP{seed}{n}", skills={s: 1 for s in ("Honor", "Law", "Medical", "Physics", "Security")[:k]})
            S.move(st, cap, "brig", 0)
        ev = _in_hand(st, 0, "T-EV4", "4R068")
        st = turn_to(st, 0, "play")
        st = respond(act(st, {"type": "play", "card": ev}))
        check_invariants(st)
        return st["seats"][0]["score"]
    assert scored("prison-7", [3, 4]) == 5  # 7 [SD] icons: to the nearest multiple of 5
    assert scored("prison-8", [3, 5]) == 10
    assert "rounded to the nearest multiple of 5" in render_card(DB["4R068"])[1]


# ---------------------------------------------------------------- verb repeat_while
def test_battle_lust_kills_at_random_until_a_personnel_who_does_not_cost_1_is_killed():
    st = started("battle-lust")
    m = mission(st, 1, "T-P3")
    for n, g in enumerate(("T-F1", "T-F3", "T-F5")):
        redeal(st, put(st, 0, g, "pile", m), f"X-NE-JH{n}", affiliations=["dominion"], species="Jem'Hadar", strength=9)
    cheap = [put(st, 1, g, "pile", m) for g in ("T-K3", "T-K3")]  # Warriors, cost 1 (two copies)
    dear = put(st, 1, "T-K4", "pile", m)  # Doctor, cost 2
    lust = real(st, 0, "T-EV1", "4U041", "core", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": lust, "ability": 1})
    while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0:
        st = act(st, options(st)[0])
    st = respond(st)
    killed = [e["card"] for e in st["log"] if e["event"] == "killed"]
    assert len(killed) >= 2  # this seed kills a Warrior (cost 1) first: the text repeats
    assert killed and killed[-1] == dear or set(killed) == set(cheap + [dear])
    assert all(S.card_def(st, k)["cost"] == 1 for k in killed[:-1])  # each one killed before cost 1
    assert all(st["cards"][k]["zone"] == "discard" for k in killed)
    assert "repeat this while that personnel is a card with Cost 1" in render_card(DB["4U041"])[1]
    check_invariants(st)


# ---------------------------------------------------------------- CONDITION count + distinct
def test_accepting_the_past_needs_two_different_titles_in_hand_with_copies_in_the_discard_pile():
    def score(seed: str, titles: list[str]) -> int:
        st = started(seed)
        hq = mission(st, 0, "T-HQF")
        for n, g in enumerate(("T-F1", "T-F2", "T-F3")):
            redeal(st, put(st, 0, g, "pile", hq), f"X-NE-BAJ{n}", affiliations=["bajoran"])
        ev = _in_hand(st, 0, "T-EV4", "4R035")
        hand = [i for i in st["seats"][0]["hand"] if i != ev]
        for i in hand:  # the hand: copies of the titles named, once each card
            S.move(st, i, "deck", 0)
        for g in titles:  # each card in hand twice (the random discard leaves at least one), a copy in the discard
            for zone in ("hand", "hand", "discard"):
                S.move(st, find(st, 0, g, ("deck",)), zone, 0)
        st = turn_to(st, 0, "play")
        st = respond(act(st, {"type": "play", "card": ev}))
        check_invariants(st)
        return st["seats"][0]["score"]
    assert score("past-two", ["T-F6", "T-SF2"]) == 5  # two titles
    assert score("past-one", ["T-F6"]) == 0  # two cards of one title are not "two different cards"
    assert "with different card titles" in render_card(DB["4R035"])[1]


# ---------------------------------------------------------------- cost_change AMOUNT + FILTER plays_in_core
def test_party_atmosphere_lowers_a_core_event_by_the_other_players_headquarters():
    st = started("party")
    real(st, 0, "T-EV1", "4C066", "core", 0)
    run = _in_hand(st, 0, "T-EV4", "T-EV4")  # Supply Run, cost 2, plays in the core
    legal = _in_hand(st, 0, "T-EV3", "2C047")  # Legal Proceedings plays on a mission: unchanged
    st = turn_to(st, 0, "play")
    assert sum(1 for m in st["seats"][1]["missions"] if S.mission_type(st, m) == "headquarters") == 1
    from rules.startrek2e.play import play_cost
    m = next(o["at"] for o in options(st, "play") if o["card"] == legal)
    assert play_cost(st, 0, legal, m) == S.card_def(st, legal)["cost"]
    st = respond(act(st, {"type": "play", "card": run}))
    assert st["seats"][0]["counters"] == 7 - 1  # cost 2, -1 for the opponent's one headquarters
    theirs = next(i for i in st["seats"][1]["deck"] if st["cards"][i]["guid"] == "T-EV4")
    S.move(st, theirs, "hand", 1)
    assert play_cost(st, 1, theirs, None) == 1  # the opponent's core event: -1 for this player's headquarters
    text = render_card(DB["4C066"])
    assert text[1] == ("When you are about to play an event that plays in a core, that event is cost -1 for each "
                       "of that opponent's headquarters mission (the player playing it chooses that opponent).")
    check_invariants(st)


# ---------------------------------------------------------------- FILTER scope damage + damaging
def test_no_escape_lowers_a_maneuver_event_for_each_of_your_damage_cards_on_an_opponents_ship():
    st = started("no-escape")
    real(st, 0, "T-EV1", "4C064", "core", 0)
    m = mission(st, 1, "T-P3")
    bird = put(st, 1, "T-SK", "ships", m)
    mine = put(st, 0, "T-SF", "ships", mission(st, 0, "T-HQF"))
    for g, ship in (("T-EV2", bird), ("T-EV3", bird), ("T-EV4", mine)):  # two on the opponent's ship, one on mine
        S.move(st, find(st, 0, g), "damage", ship)
    ambush = _in_hand(st, 0, "T-F2", "3C045")  # Jem'Hadar Ambush, a Maneuver event, cost 3
    plain = _in_hand(st, 0, "T-F3", "2R038")  # Conscription: no Maneuver keyword
    st = turn_to(st, 0, "play")
    from rules.startrek2e.play import play_cost
    assert play_cost(st, 0, ambush, None) == 3 - 2 and play_cost(st, 0, plain, None) == DB["2R038"]["cost"]
    S.move(st, st["cards"][bird]["damage"][0], "discard", 0)
    S.move(st, find(st, 1, "T-EV2"), "damage", bird)  # the opponent's own damage card on his ship does not count
    assert play_cost(st, 0, ambush, None) == 3 - 1
    assert "for each card lying on a ship as a Damage card on an opponent's ship" in render_card(DB["4C064"])[2]
    check_invariants(st)


# ---------------------------------------------------------------- search_dilemmas filter + to: drawn, scope overcome
def test_thought_maker_adds_a_copy_of_an_overcome_dilemma_from_the_pile_to_those_drawn():
    st = started("thought-maker")
    m = mission(st, 0, "T-P1")
    for g in ("T-F1", "T-F7", "T-F2"):
        put(st, 0, g, "pile", m)
    maker = real(st, 1, "T-EV1", "4R079", "core", 1)
    pile = st["seats"][1]["dilemmas"]
    done = next(d for d in pile[3:] if st["cards"][d]["guid"] == "T-D9")  # Lost in Thought, overcome before
    S.move(st, done, "under", mission(st, 1, "T-P3"))
    st["cards"][done]["face_up"] = True
    copies = {d for d in pile[3:] if st["cards"][d]["guid"] == "T-D9"}
    assert copies
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "attempt", "mission": m})
    while st["pending"]["kind"] == "respond" and not any(o.get("card") == maker for o in options(st)):
        st = act(st, {"type": "pass"})
    drawn = list(st["seats"][1]["drawn"])
    st = act(st, {"type": "respond", "card": maker, "ability": 1})
    p = st["pending"]
    assert p["seat"] == 1 and {o["card"] for o in p["options"]} == {next(iter(copies)), None} or \
        {o["card"] for o in p["options"]} - {None} <= copies  # copies of one title: one offered
    pick = next(o["card"] for o in p["options"] if o["card"])
    st = act(st, {"type": "choose", "card": pick})
    assert st["seats"][1]["drawn"] == drawn + [pick] and st["cards"][maker]["zone"] == "core"
    assert not ids_seen(st, 0) & (set(st["seats"][1]["drawn"]) | set(st["seats"][1]["dilemmas"]))
    assert "add the chosen dilemma to those you drew" in render_card(DB["4R079"])[1]
    check_invariants(st)


# ---------------------------------------------------------------- place_in_brig from the top of a deck
def _caught(seed: str, top: str):
    st = started(seed)
    m = mission(st, 1, "T-P3")
    cards = [redeal(st, put(st, 0, g, "pile", m), f"X-NE-CAA{n}", affiliations=["cardassian"]) for n, g in enumerate(("T-F1", "T-F3"))]
    put(st, 1, "T-K1", "pile", m)  # Worf, seat 1's, present
    act_ = real(st, 0, "T-EV1", "4R044", "core", 0)
    deck = st["seats"][1]["deck"]
    card = next(i for i in deck if st["cards"][i]["guid"] == top)
    deck.remove(card)
    deck.insert(0, card)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": act_, "ability": 1})
    while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0:
        st = act(st, options(st)[0])
    return respond(st), card, cards, act_


def test_caught_in_the_act_places_a_revealed_personnel_the_opponent_does_not_command_in_your_brig():
    st, card, cards, ev = _caught("caught", "T-K2")  # Kurn: seat 1 commands no Kurn
    assert st["cards"][card]["zone"] == "brig" and card in st["seats"][0]["brig"]
    assert all(st["cards"][c]["stopped"] for c in cards)
    assert not any(o.get("card") == ev for o in options(st, "order"))  # only once each turn
    check_invariants(st)


def test_caught_in_the_act_otherwise_the_opponent_draws_the_card():
    st, card, cards, ev = _caught("caught-worf", "T-K1")  # another Worf: seat 1 commands one
    assert st["cards"][card]["zone"] == "hand" and card in st["seats"][1]["hand"]
    st2, card2, _, _ = _caught("caught-event", "T-EV3")
    assert st2["cards"][card2]["zone"] == "hand"
    assert "place that card in your brig; otherwise, that opponent draws a card" in render_card(DB["4R044"])[1]
    check_invariants(st)


# ---------------------------------------------------------------- keyword commanders_play_aboard
def test_captain_on_the_bridge_plays_a_commander_aboard_his_ship_for_one_less():
    st = started("captain-bridge")
    m = mission(st, 0, "T-P1")
    galaxy = put(st, 0, "T-SF", "ships", m)
    runabout = put(st, 0, "T-SF2", "ships", m)
    cap = find(st, 0, "T-F7")
    redeal(st, cap, "X-NE-CAPB", keywords=["Commander: U.S.S. Galaxy"], title="Captain", cost=2)
    S.move(st, cap, "hand", 0)
    crew = find(st, 0, "T-F3")  # La Forge: no Commander keyword
    S.move(st, crew, "hand", 0)
    st = turn_to(st, 0, "play")
    assert not any(o["card"] == cap and o.get("at") == galaxy for o in options(st, "play"))  # not without the event
    real(st, 0, "T-EV1", "4C043", "core", 0)
    st = turn_to(st, 0, "play")
    ats = {o.get("at") for o in options(st, "play") if o["card"] == cap}
    assert galaxy in ats and runabout not in ats
    assert not any(o.get("at") in (galaxy, runabout) for o in options(st, "play") if o["card"] == crew)
    st = respond(act(st, {"type": "play", "card": cap, "at": galaxy}))
    assert st["cards"][cap]["zone"] == "aboard" and st["cards"][cap]["in"] == galaxy
    assert st["seats"][0]["counters"] == 7 - 1  # cost 2, -1
    assert render_card(DB["4C043"])[1] == ("You may play a Commander that corresponds with your ship aboard that ship. "
                                           "When you do, he or she is cost -1.")
    check_invariants(st)


# ---------------------------------------------------------------- examine PICK under + FILTER with_count
def test_field_studies_places_the_revealed_dilemmas_that_could_be_faced_there_beneath_your_space_mission():
    st = started("field-studies")
    m = mission(st, 0, "T-S1")
    galaxy = put(st, 0, "T-SF", "ships", m)
    ev = _in_hand(st, 0, "T-EV4", "4R052")
    for g in ("T-F1", "T-F2"):
        put(st, 0, g, "aboard", galaxy)
    st = turn_to(st, 0, "play")
    assert not any(o["card"] == ev for o in options(st, "play"))  # two [Fed] personnel there: not yet
    put(st, 0, "T-F3", "aboard", galaxy)
    pile = st["seats"][1]["dilemmas"]
    planet = next(d for d in pile if st["cards"][d]["guid"] == "T-D2")  # Sickness: a planet dilemma
    space = next(d for d in pile if st["cards"][d]["guid"] == "T-D3")  # Ion Storm: a space dilemma
    for d in (space, planet):
        pile.remove(d)
        pile.insert(0, d)
    st = turn_to(st, 0, "play")
    st["seats"][0]["score"] = 10
    st = act(st, {"type": "play", "card": ev})
    while st["pending"]["kind"] in ("choose", "respond") and st["pending"]["seat"] == 0 or st["pending"]["kind"] == "respond":
        opts = options(st)
        st = act(st, next((o for o in opts if o.get("card") == space), opts[0]))
        if st["pending"]["kind"] == "play":
            break
    assert st["cards"][space]["zone"] == "under" and st["cards"][space]["in"] == m and st["cards"][space]["face_up"]
    assert st["seats"][1]["dilemmas"][0] == planet  # the planet dilemma could not be faced there: back on top
    assert st["seats"][0]["score"] == 5 and st["cards"][ev]["zone"] == "discard"
    assert "face up beneath that mission (overcome)" in render_card(DB["4R052"])[1]
    check_invariants(st)


# ---------------------------------------------------------------- equipment (no new construct)
def test_emergency_transport_unit_returns_to_hand_to_put_the_dying_personnel_stopped_aboard_your_ship():
    st = started("etu")
    m = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", m) for g in ("T-F1", "T-F7")]  # no Medical: Sickness kills one
    ship = put(st, 0, "T-SF2", "ships", m)
    etu = real(st, 0, "T-EQ1", "4C032", "pile", m)
    st = turn_to(st, 0, "orders")
    st = attempt_(st, m, ("T-D2",))
    while st["pending"]["kind"] != "respond" or not any(o.get("card") == etu for o in options(st)):
        if st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 1:  # the opponent chooses the victim
            st = act(st, options(st)[0])
        else:
            st = act(st, {"type": "pass"} if st["pending"]["kind"] == "respond" else options(st)[0])
    victim = st["pending"].get("detail", {}).get("card") or next(c for c in team if S.in_play(st, c))
    st = act(st, next(o for o in options(st) if o.get("card") == etu))
    while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0:
        st = act(st, {"type": "choose", "card": ship} if {"type": "choose", "card": ship} in options(st) else options(st)[0])
    st = respond(st)
    saved = [c for c in team if st["cards"][c]["zone"] == "aboard"]
    assert len(saved) == 1 and st["cards"][saved[0]]["in"] == ship and st["cards"][saved[0]]["stopped"]
    assert st["cards"][etu]["zone"] == "hand"  # returned to its owner's hand
    assert victim in team
    check_invariants(st)


def attempt_(st: dict, m: str, dilemmas) -> dict:
    """Seat 0 attempts ``m``; seat 1 stacks the named dilemmas (guids) and stops choosing."""
    pile = st["seats"][1]["dilemmas"]
    for g in reversed(dilemmas):
        d = next(i for i in pile if st["cards"][i]["guid"] == g)
        pile.remove(d)
        pile.insert(0, d)
    st = act(st, {"type": "attempt", "mission": m})
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    for g in dilemmas:
        st = act(st, next(o for o in options(st) if o["card"] and st["cards"][o["card"]]["guid"] == g))
    if st["pending"]["kind"] == "choose_dilemma":
        st = act(st, {"type": "choose_dilemma", "card": None})
    return st


def test_the_stone_of_gol_kills_the_strongest_opponent_involved_when_combat_begins():
    st = started("stone")
    m = mission(st, 1, "T-P3")
    mine = [put(st, 0, g, "pile", m) for g in ("T-F1", "T-F5")]
    real(st, 0, "T-EQ3", "4U033", "pile", m)
    worf = put(st, 1, "T-K1", "pile", m)  # Strength 9: the highest
    kurn = put(st, 1, "T-K2", "pile", m)
    ambush = real(st, 1, "T-EV3", "T-EV3", "core", 1)  # seat 1 begins the combat
    st = turn_to(st, 1, "orders")
    st = act(st, {"type": "order", "card": ambush, "ability": 1})
    while st["pending"]["kind"] == "choose":
        st = act(st, options(st)[0])
    st = respond(st)
    assert st["cards"][worf]["zone"] == "discard"  # killed as the combat began, whoever began it
    assert any(e["event"] == "killed" and e["card"] == worf for e in st["log"])
    assert mine and kurn
    check_invariants(st)
