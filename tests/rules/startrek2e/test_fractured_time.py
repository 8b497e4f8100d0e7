"""Fractured Time (set 5, issue 17): cards authored with the language as it is, played through the
reducer with the real card (MISSING.md "Fractured Time"; CONDITION ``score``
``lower_than_each_opponent`` is the one construct the set added)."""
from rules.startrek2e import glossary as G
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card

from .helpers import act, check_invariants, find, mission, options, put, real, respond, started, turn_to

DB = card_db()


def _play(st: dict, card: str, seat: int = 0) -> dict:
    st = turn_to(st, seat, "play")
    opts = [o for o in options(st) if o.get("card") == card]
    assert opts, "not playable"
    return respond(act(st, opts[0]))


def test_kira_husband_and_father_scores_5_only_when_behind_each_opponent():
    """"When you play this personnel, if you have a lower score than each of your opponents, score 5
    points": behind (0 against 10) he scores; level (10 against 10) he does not."""
    for mine, theirs, expected in ((0, 10, 5), (10, 10, 10)):
        st = started(f"kira-taban-{mine}")
        st["seats"][0]["score"], st["seats"][1]["score"] = mine, theirs
        kira = real(st, 0, "T-F6", "5P023", "hand", 0)
        st["cards"][kira]["guid"] = "5P023"
        st["extra_cards"]["5P023"] = {**DB["5P023"], "affiliations": ["federation"]}  # playable at the [Fed] HQ
        st = _play(st, kira)
        assert st["seats"][0]["score"] == expected
        check_invariants(st)
    assert render_card(DB["5P023"]) == ["When you play this personnel, if you have a lower score than each of your "
                                        "opponents, score 5 points."]


def test_daniels_is_shuffled_into_his_owners_deck_when_killed():
    st = started("daniels")
    daniels = real(st, 0, "T-F6", "5P034", "pile", mission(st, 0, "T-HQF"))
    deck = len(st["seats"][0]["deck"])
    G.kill(st, daniels)
    st = turn_to(st, 0, "play")
    assert st["cards"][daniels]["zone"] == "deck" and len(st["seats"][0]["deck"]) == deck + 1
    check_invariants(st)


def test_btanay_removes_your_discard_pile_from_the_game_when_played():
    st = started("btanay")
    gone = [put(st, 0, g, "discard", 0) for g in ("T-F1", "T-F2")]
    theirs = put(st, 1, "T-K1", "discard", 1)
    ship = real(st, 0, "T-SF", "5P038", "hand", 0)
    st["extra_cards"]["5P038"] = {**DB["5P038"], "affiliations": ["federation"], "cost": 1}  # playable at the [Fed] HQ
    st = _play(st, ship)
    assert all(st["cards"][c]["zone"] == "out" for c in gone) and st["cards"][theirs]["zone"] == "discard"
    check_invariants(st)


def test_temporal_test_subject_discards_a_time_personnel_to_take_one_from_the_discard_pile():
    """"Discard an [AU], [Fut], or [Pa] personnel from hand to take an [AU], [Fut], or [Pa] personnel
    from your discard pile into hand": Daniels ([Fut]) from hand pays, Dukat ([Pa]) comes back."""
    st = started("temporal-test-subject")
    daniels = real(st, 0, "T-F6", "5P034", "hand", 0)
    dukat = real(st, 0, "T-F2", "5P024", "discard", 0)
    event = real(st, 0, "T-EV4", "5P015", "hand", 0)
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": event})
    while st["pending"]["kind"] == "choose":
        assert {o["card"] for o in options(st)} <= {daniels, dukat}
        st = respond(act(st, options(st)[0]))
    assert st["cards"][daniels]["zone"] == "discard" and dukat in st["seats"][0]["hand"]
    check_invariants(st)


def test_miles_obrien_makes_your_first_ship_at_his_mission_cost_1_less_for_each_engineer_there():
    """"When you play a ship at this mission, if you have played no other ships this turn, it is cost -1
    for each of your Engineer personnel at this mission": O'Brien and La Forge at Earth make the first
    Galaxy (cost 4) cost 2; the Runabout after it pays its full 2."""
    from rules.startrek2e import state as S
    st = started("miles-obrien")
    hq = mission(st, 0, "T-HQF")
    real(st, 0, "T-F8", "5P035", "pile", hq)
    put(st, 0, "T-F3", "pile", hq)
    galaxy, runabout = find(st, 0, "T-SF"), find(st, 0, "T-SF2")
    for c in (galaxy, runabout):
        S.move(st, c, "hand", 0)
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": galaxy, "at": hq})
    assert st["seats"][0]["counters"] == 7 - 2
    st = act(st, {"type": "play", "card": runabout, "at": hq})
    assert st["seats"][0]["counters"] == 7 - 2 - 2
    check_invariants(st)
    assert render_card(DB["5P035"])[0].endswith("that ship is cost -1 for each of your Engineer personnel at this mission (this "
                                             "personnel included).")


def _start_turn(st: dict, seat: int) -> dict:
    """Begin ``seat``'s turn by the turn rules (start-of-turn texts, then Play and Draw Cards)."""
    from rules.startrek2e import flow
    st["turn"]["player"], st["pending"], st["step"] = seat, None, "turn_start"
    return flow.advance(st) or st


def _romulan(st: dict, seat: int, old: str) -> str:
    from . import fixtures as FX
    st["extra_cards"]["X-ROM"] = FX.personnel("X-ROM", "Romulan Agent", "romulan", {"Intelligence": 1}, cost=2)
    iid = find(st, seat, old)
    st["cards"][iid]["guid"] = "X-ROM"
    return iid


def test_tomalak_stops_a_romulan_present_to_reveal_the_top_card_of_each_players_deck():
    """"At the start of each of your turns, you may stop your [Rom] personnel present to reveal the top
    card of each player's deck": both tops are shown to every player and stay on top."""
    from rules.startrek2e import state as S
    from rules.startrek2e.game import GAME
    st = started("tomalak")
    hq = mission(st, 0, "T-HQF")
    tomalak = real(st, 0, "T-F7", "5P037", "pile", hq)
    agent = _romulan(st, 0, "T-F1")
    S.move(st, agent, "pile", hq)
    st["cards"][agent].update(commander=0, stopped=False)
    tops = [st["seats"][0]["deck"][0], st["seats"][1]["deck"][0]]
    st = _start_turn(st, 0)
    st = act(st, next(o for o in options(st) if o.get("card") == tomalak))
    if st["pending"]["kind"] == "choose":  # the Romulan to stop
        assert {o["card"] for o in options(st)} == {agent}
        st = act(st, options(st)[0])
    st = respond(st)
    assert st["cards"][agent]["stopped"] and not st["cards"][tomalak]["stopped"]
    shown = [e for e in st["log"] if e.get("event") == "revealed_cards"]
    assert [e["cards"] for e in shown[-2:]] == [[tops[0]], [tops[1]]]
    assert [st["seats"][0]["deck"][0], st["seats"][1]["deck"][0]] == tops
    for seat in (0, 1):  # revealed to both players
        seen = str(GAME.view(st, seat))
        assert all(S.card_def(st, t)["title"] in seen for t in tops)
    check_invariants(st)


def test_borath_draws_your_top_card_and_discards_the_opponents_when_they_are_the_same_card_type():
    """"Stop your Jem'Hadar present to reveal the top card of your deck and an opponent's deck. If they
    are the same card type, draw yours and discard the opponent's": two personnel on top — drawn and
    discarded; a personnel against an event — both stay."""
    from rules.startrek2e import state as S
    from . import fixtures as FX
    for same in (True, False):
        st = started(f"borath-{same}")
        st["extra_cards"]["X-JH"] = FX.personnel("X-JH", "Jem'Hadar Soldier", "non-aligned", {"Security": 1},
                                                 cost=1, species="Jem'Hadar")
        hq = mission(st, 0, "T-HQF")
        borath = real(st, 0, "T-F7", "5P026", "pile", hq)
        soldier = find(st, 0, "T-F6")
        st["cards"][soldier]["guid"] = "X-JH"
        S.move(st, soldier, "pile", hq)
        st["cards"][soldier].update(commander=0, stopped=False)
        mine = find(st, 0, "T-F2")
        theirs = find(st, 1, "T-K2" if same else "T-EV3")
        S.move(st, mine, "deck", 0)
        S.move(st, theirs, "deck", 1)
        for seat, c in ((0, mine), (1, theirs)):  # on top of the decks
            st["seats"][seat]["deck"].remove(c)
            st["seats"][seat]["deck"].insert(0, c)
        st = turn_to(st, 0, "orders")
        st = act(st, next(o for o in options(st) if o.get("card") == borath))
        while st["pending"]["kind"] == "choose":
            st = act(st, options(st)[0])
        st = respond(st)
        assert st["cards"][soldier]["stopped"]
        assert (mine in st["seats"][0]["hand"]) == same
        assert st["cards"][theirs]["zone"] == ("discard" if same else "deck")
        check_invariants(st)


def test_sphere_634_adds_no_2_to_the_span_between_an_alpha_and_a_delta_quadrant_mission():
    """"When this ship is about to move between an [AQ] mission and a [DQ] mission, do not add 2 to the
    span total of those missions": [AQ]↔[DQ] costs the spans only, either way, and the move is offered at
    that Range; [AQ]↔[GQ] and another ship still add 2."""
    from rules.startrek2e import state as S
    from rules.startrek2e import stats as ST
    st = started("sphere-634")
    hq, far, gamma = mission(st, 0, "T-HQF"), mission(st, 0, "T-S1"), mission(st, 0, "T-P1")
    for m, q in ((far, "delta"), (gamma, "gamma")):
        g = f"X-{q}"
        st["extra_cards"][g] = {**S.card_def(st, m), "id": g, "quadrant": q}
        st["cards"][m]["guid"] = g
    sphere = real(st, 0, "T-SF", "5P039", "ships", hq)
    st["extra_cards"]["5P039"] = {**DB["5P039"], "affiliations": ["federation"]}  # staffed by the fixture crew
    other = put(st, 0, "T-SF2", "ships", hq)
    spans = ST.value(st, hq, "span") + ST.value(st, far, "span")
    assert ST.range_needed(st, hq, far, sphere) == ST.range_needed(st, far, hq, sphere) == spans
    assert ST.range_needed(st, hq, far, other) == spans + 2
    assert ST.range_needed(st, hq, gamma, sphere) == ST.value(st, hq, "span") + ST.value(st, gamma, "span") + 2
    for g in ("T-F1", "T-F2", "T-F3", "T-F4"):  # staff the Sphere (its Range 9 >= 5 spans, < 7)
        st["cards"][put(st, 0, g, "aboard", sphere)]["stopped"] = False
    st["cards"][sphere]["range_used"] = ST.value(st, sphere, "range") - spans
    st = turn_to(st, 0, "orders")
    assert any(o.get("type") == "move" and o.get("ship") == sphere and o.get("to") == far for o in options(st))
    check_invariants(st)


def test_founder_agitator_returns_himself_and_a_non_unique_opponents_personnel_per_headquarters():
    """"Return this personnel to his owner's hand to return one opponent's non-unique personnel present to
    his or her owner's hand for each headquarters mission that opponent commands": the opponent commands
    one headquarters — one of his two Warriors present goes back, never his unique Worf, nor one elsewhere."""
    st = started("founder-agitator")
    planet = mission(st, 0, "T-P1")
    agitator = real(st, 0, "T-F7", "5P027", "pile", planet)
    warriors = [put(st, 1, "T-K3", "pile", planet) for _ in range(2)]
    worf = put(st, 1, "T-K1", "pile", planet)
    away = put(st, 1, "T-K3", "pile", mission(st, 1, "T-HQK"))
    st = turn_to(st, 0, "orders")
    st = act(st, next(o for o in options(st) if o.get("card") == agitator))
    assert st["pending"]["kind"] == "choose" and {o["card"] for o in options(st)} == set(warriors)
    st = respond(act(st, options(st)[0]))
    assert agitator in st["seats"][0]["hand"]
    assert [w in st["seats"][1]["hand"] for w in warriors] == [True, False]
    assert st["cards"][worf]["zone"] == "pile" and st["cards"][away]["zone"] == "pile"
    check_invariants(st)


def test_kira_the_intendant_removes_a_discarded_card_to_download_a_copy_of_it_once_each_turn():
    """"Remove a card in your discard pile from the game to download a copy of that card. You may do this
    only once each turn": Crusher leaves the discard pile for the game, her copy comes from the deck."""
    st = started("kira-intendant")
    kira = real(st, 0, "T-F7", "5P022", "pile", mission(st, 0, "T-HQF"))
    gone = put(st, 0, "T-F2", "discard", 0)
    copy = find(st, 0, "T-F2", ("deck",))
    st = turn_to(st, 0, "orders")
    st = act(st, next(o for o in options(st) if o.get("card") == kira))
    while st["pending"]["kind"] == "choose":
        picks = {o.get("card") for o in options(st)}
        st = act(st, next(o for o in options(st) if o.get("card") in (gone, copy)) if picks & {gone, copy} else options(st)[0])
    st = respond(st)
    assert st["cards"][gone]["zone"] == "out" and copy in st["seats"][0]["hand"]
    assert not any(o.get("card") == kira for o in options(st))  # once each turn
    check_invariants(st)


def test_quantum_incursions_sets_cards_aside_draws_as_many_and_puts_them_on_top_in_your_order():
    """"At the start of each of your turns, if you command an [AU] personnel, you may choose any number of
    cards in your hand and set them aside face down. Draw an equal number of cards, then put the cards
    you set aside on top of your deck in any order": two set aside, the two top cards drawn, the two on
    top in the order named (the opponent never sees which); without an [AU] personnel it is not offered."""
    from rules.startrek2e.game import GAME
    for au in (True, False):
        st = started(f"quantum-incursions-{au}")
        events = real(st, 0, "T-EV1", "5P010", "core", 0)
        if au:
            real(st, 0, "T-F7", "5P029", "pile", mission(st, 0, "T-HQF"))  # Tasha Yar, [AU]
        st = _start_turn(st, 0)
        offered = [o for o in options(st) if o.get("card") == events]
        assert bool(offered) == au
        if not au:
            continue
        hand = list(st["seats"][0]["hand"])
        tops = st["seats"][0]["deck"][:2]
        st = act(st, offered[0])
        aside = hand[:2]
        for c in aside:
            st = act(st, {"type": "choose", "card": c})
        if st["pending"]["kind"] == "choose":
            st = act(st, next(o for o in options(st) if o.get("card") is None))  # no more
        assert "options" not in GAME.view(st, 1)["pending"]
        while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0:  # the order on top
            st = act(st, next(o for o in options(st) if o.get("card") == aside[1]) if any(
                o.get("card") == aside[1] for o in options(st)) else options(st)[0])
        st = respond(st)
        assert st["seats"][0]["deck"][:2] == [aside[1], aside[0]]
        assert set(tops) <= set(st["seats"][0]["hand"]) and len(st["seats"][0]["hand"]) == len(hand)
        assert not set(aside) & set(str(GAME.view(st, 1)).split("'"))
        check_invariants(st)


def test_the_edge_of_forever_places_a_future_card_from_the_deck_or_a_past_card_from_the_discard_pile():
    """"Lose 5 points to choose one: download a [Fut] card that could be played at your headquarters mission
    and place it there; or take a [Pa] card from your discard pile that could be played at your headquarters
    mission and place it there. Destroy this event": Daniels ([Fut], Non-Aligned) comes from the deck to
    Earth; Kirk ([Pa], Federation) from the discard pile — never Dukat ([Pa], Cardassian: not at Earth)."""
    for first in (True, False):
        st = started(f"edge-of-forever-{first}")
        hq = mission(st, 0, "T-HQF")
        edge = real(st, 0, "T-EV1", "5P016", "core", 0)
        daniels = real(st, 0, "T-F6", "5P034")
        kirk = real(st, 0, "T-F1", "5P028", "discard", 0)
        dukat = real(st, 0, "T-F2", "5P024", "discard", 0)
        st["seats"][0]["score"] = 10
        st = turn_to(st, 0, "orders")
        st = act(st, next(o for o in options(st) if o.get("card") == edge))
        st = act(st, next(o for o in options(st) if o.get("answer", o.get("yes")) in (first, "yes" if first else "no")))
        while st["pending"]["kind"] == "choose":
            offered = {o.get("card") for o in options(st)}
            assert dukat not in offered
            st = act(st, next(o for o in options(st) if o.get("card") in (daniels, kirk, hq)))
        st = respond(st)
        placed = daniels if first else kirk
        assert st["cards"][placed]["zone"] == "pile" and st["cards"][placed]["in"] == hq
        assert st["seats"][0]["score"] == 5 and st["cards"][edge]["zone"] == "discard"
        assert st["cards"][dukat]["zone"] == "discard"
        check_invariants(st)


# ---------------------------------------------------------------- cards placed on an event (effects/on_event.py)
def _run(st, effects, source, you=0):
    """Run ``effects`` as the text of ``source`` (a card's trigger, without its window)."""
    from rules.startrek2e import flow
    from rules.startrek2e.effects import filters as F
    from rules.startrek2e.effects import frames as FR
    FR.push(st, effects, F.ctx_for(st, source, you=you))
    st["pending"] = None
    return flow.advance(st)


def _fixture(st: dict, seat: int, old: str, new: str, **kw) -> str:
    """Turn one of ``seat``'s fixture cards ``old`` into a fixture personnel ``new`` (``kw``: its facts)."""
    from . import fixtures as FX
    st["extra_cards"][new] = FX.personnel(new, kw.pop("title", new), kw.pop("aff", "federation"),
                                          kw.pop("skills", {"Security": 1}), **kw)
    iid = find(st, seat, old)
    st["cards"][iid]["guid"] = new
    return iid


def test_unyielding_places_a_borg_from_hand_on_itself_to_prevent_a_stop_by_a_dilemma():
    """"When your [Bor] personnel is about to be stopped by a dilemma, you may place a [Bor] personnel from
    hand on this event to prevent that": Dangerous Climb's stop is prevented, the drone from hand lies on
    the event (out of play, face up)."""
    from rules.startrek2e import state as S
    from .helpers import attempt
    st = started("unyielding")
    m = mission(st, 0, "T-P1")
    event = real(st, 0, "T-EV1", "5P018", "core", 0)
    drone = _fixture(st, 0, "T-F1", "X-BOR", aff=("borg", "federation"), unique=False)
    S.move(st, drone, "pile", m)
    st["cards"][drone].update(commander=0, stopped=False)
    spare = find(st, 0, "T-F1")
    st["cards"][spare]["guid"] = "X-BOR"
    S.move(st, spare, "hand", 0)
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["T-D1"], respond_with=event)
    while st["pending"] and st["pending"]["kind"] == "choose":
        assert {o["card"] for o in options(st)} <= {c for c in st["seats"][0]["hand"]
                                                    if "borg" in (S.card_def(st, c).get("affiliations") or [])}
        st = act(st, next(o for o in options(st) if o.get("card") == spare))
    st = respond(st)
    assert ("prevented", drone) in [(e["event"], e.get("card")) for e in st["log"]]
    assert st["cards"][spare]["zone"] == "placed" and st["cards"][spare]["in"] == event
    check_invariants(st)


def test_medical_teams_saves_a_ds9_personnel_from_a_dilemma_and_returns_him_when_destroyed():
    """"When your [DS9] personnel is about to be killed by a dilemma, you may place him or her on this event
    instead. When this event is destroyed, you may place each personnel here at your headquarters mission":
    Sickness would kill the doctor — he lies on the event; destroying the event puts him at Earth."""
    from rules.startrek2e import state as S
    from .helpers import attempt
    st = started("medical-teams")
    m, hq = mission(st, 0, "T-P1"), mission(st, 0, "T-HQF")
    event = real(st, 0, "T-EV1", "5P007", "core", 0)
    doctor = _fixture(st, 0, "T-F5", "X-DS9", icons=("staff", "ds9"))
    S.move(st, doctor, "pile", m)
    st["cards"][doctor].update(commander=0, stopped=False)
    put(st, 0, "T-F1", "pile", m)  # two attempting: Sickness (cost 2) may be chosen
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["T-D2"])
    if st["pending"]["kind"] == "choose":  # the dilemma's owner chooses who is killed
        st = act(st, {"type": "choose", "card": doctor})
    st = respond(st, event)
    st = respond(st)
    assert st["cards"][doctor]["zone"] == "placed" and st["cards"][doctor]["in"] == event
    assert st["cards"][doctor].get("commander") is None or not S.in_play(st, doctor)
    st = _run(st, [{"destroy": {"choose": {"type": "event", "in_core": True}, "chooser": "you", "count": 1}}], event)
    while st["pending"] and st["pending"]["kind"] == "choose":
        st = act(st, next(o for o in options(st) if o.get("card") in (event, hq)))
    st = respond(st, event)
    while st["pending"] and st["pending"]["kind"] == "choose":
        st = act(st, next(o for o in options(st) if o.get("card") == hq))
    st = respond(st)
    assert st["cards"][event]["zone"] == "discard"
    assert st["cards"][doctor]["zone"] == "pile" and st["cards"][doctor]["in"] == hq
    check_invariants(st)


def test_out_of_options_takes_a_card_from_the_attempting_opponents_hand_and_gives_it_back_when_destroyed():
    """"When an opponent begins a mission attempt, examine his or her hand and choose a card to place on this
    event. When this event is destroyed, return each card here to its owner's hand"."""
    from rules.startrek2e import state as S
    from rules.startrek2e.game import GAME
    st = started("out-of-options")
    m = mission(st, 0, "T-P1")
    event = real(st, 1, "T-EV1", "5P009", "core", 1)
    put(st, 0, "T-F1", "pile", m)
    hand = list(st["seats"][0]["hand"])
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "attempt", "mission": m})
    while not (st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 1):
        st = act(st, {"type": "pass"} if st["pending"]["kind"] == "respond" else options(st)[0])
    assert {o["card"] for o in options(st)} == set(hand)
    taken = hand[0]
    st = act(st, {"type": "choose", "card": taken})
    assert st["cards"][taken]["zone"] == "placed" and st["cards"][taken]["in"] == event
    while st["pending"]["kind"] != "orders":  # the attempt goes on to its end
        st = act(st, {"type": "pass"} if st["pending"]["kind"] == "respond" else options(st)[-1])
    seen = str(GAME.view(st, 0)) + str(GAME.view(st, 1))
    assert taken in seen  # placed face up: public
    st = _run(st, [{"destroy": {"self": True}}], event, you=1)
    st = respond(st)
    assert taken in st["seats"][0]["hand"] and st["cards"][event]["zone"] == "discard"
    assert S.card_def(st, event)["title"] == "Out of Options"
    check_invariants(st)


def test_security_drills_places_a_fed_card_from_hand_for_a_skill_the_facing_personnel_already_has():
    """"While your personnel is facing a dilemma, you may place a [Fed] card from hand on this event to make
    that personnel gain a skill he or she already has until the end of that dilemma": Picard (Diplomacy 2)
    gains a third Diplomacy; only his own skills are offered."""
    from rules.startrek2e import state as S
    from rules.startrek2e import stats as ST
    st = started("security-drills")
    m = mission(st, 0, "T-P1")
    event = real(st, 0, "T-EV1", "5P012", "core", 0)
    picard = put(st, 0, "T-F1", "pile", m)
    fed = find(st, 0, "T-F3")
    S.move(st, fed, "hand", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "attempt", "mission": m})
    for _ in range(20):
        if st["pending"]["kind"] == "attempt_action" and st["pending"]["seat"] == 0:
            break
        st = act(st, {"type": "choose_dilemma", "card": next(o["card"] for o in options(st) if o.get("card"))}
                 if st["pending"]["kind"] == "choose_dilemma" and not st["seats"][1]["stack"] else
                 {"type": "choose_dilemma", "card": None} if st["pending"]["kind"] == "choose_dilemma" else {"type": "pass"})
    st = act(st, next(o for o in options(st) if o.get("card") == event))
    while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0:
        opts = options(st)
        if any("skill" in o for o in opts):
            assert {o["skill"] for o in opts} == set(S.card_def(st, picard)["skills"])
            st = act(st, {"type": "choose", "skill": "Diplomacy"})
            break
        st = act(st, next(o for o in opts if o.get("card") in (fed, picard)))
    assert st["cards"][fed]["zone"] == "placed" and st["cards"][fed]["in"] == event
    assert ST.value(st, picard, "Diplomacy") == 3
    check_invariants(st)


def test_collapse_anti_time_anomaly_downloads_a_q_card_when_attempted_with_nothing_overcome_beneath_it():
    """"When your personnel attempt this mission, if there are no dilemmas overcome beneath it, you may
    download a Q card": A Second Chance at Life (keyword Q) comes to hand; with a dilemma beneath the
    mission the text is not offered."""
    from rules.startrek2e import state as S
    for clear in (True, False):
        st = started(f"collapse-{clear}")
        m = mission(st, 0, "T-P1")
        st["cards"][m]["guid"] = "5P021"
        st["extra_cards"]["5P021"] = {**DB["5P021"], "mission_type": "planet"}  # attempted by the fixture team
        q = real(st, 0, "T-EV2", "3C033")
        put(st, 0, "T-F1", "pile", m)
        put(st, 0, "T-F2", "pile", m)
        if not clear:
            d = st["seats"][1]["dilemmas"][-1]
            S.move(st, d, "under", m)
        st = turn_to(st, 0, "orders")
        st = act(st, {"type": "attempt", "mission": m})
        offered = [o for o in options(st) if o.get("card") == m]
        assert bool(offered) == clear
        if clear:
            st = act(st, offered[0])
            while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0:
                st = act(st, next(o for o in options(st) if o.get("card") == q))
            assert q in st["seats"][0]["hand"]
        check_invariants(st)


def _to_action_window(st: dict) -> dict:
    """Pass the dilemma owner's choices until the attempting seat 0 has its action window (or the attempt
    is over)."""
    for _ in range(20):
        if st["pending"]["kind"] in ("attempt_action", "orders") and st["pending"]["seat"] == 0:
            return st  # orders: the attempt ended without a window (no action could be taken)
        st = act(st, {"type": "choose_dilemma", "card": None} if st["pending"]["kind"] == "choose_dilemma"
                 else {"type": "pass"})
    raise AssertionError("the attempt never reached seat 0's action window")


def test_james_t_kirk_dies_to_prevent_and_overcome_a_dilemma_whose_requirements_you_cannot_meet():
    """"While this personnel is facing a dilemma that has requirements you cannot meet, you may kill this
    personnel to prevent and overcome that dilemma": Lost in Thought (Integrity>15) against Kirk and Picard
    (13) — he is killed, the dilemma overcome, nobody stopped; Sickness (Medical) met by Crusher, and
    Nothing Happens (no requirement), do not offer it."""
    from .helpers import attempt
    for guid, offered in (("T-D9", True), ("T-D2", False), ("T-D8", False)):
        st = started(f"kirk-{guid}")
        m = mission(st, 0, "T-P1")
        kirk = real(st, 0, "T-F7", "5P028", "pile", m)
        picard = put(st, 0, "T-F1", "pile", m)
        if guid == "T-D2":
            put(st, 0, "T-F2", "pile", m)
        st = turn_to(st, 0, "orders")
        st = attempt(st, m, dilemmas=[guid])
        st = _to_action_window(st)
        use = [o for o in options(st) if o.get("card") == kirk]
        assert bool(use) == offered
        if not offered:  # the dilemma was faced all the same
            assert any(e.get("title") in ("Sickness", "Nothing Happens") for e in st["log"])
            continue
        st = respond(act(st, use[0]))
        assert st["cards"][kirk]["zone"] == "discard"
        events = [(e["event"], e.get("card")) for e in st["log"]]
        at = events.index(("overcome", next(c for e, c in events if e == "overcome")))
        assert ("stopped", picard) not in events[:at]  # the dilemma's text never ran (he is stopped later,
        # when the attempt fails)
        check_invariants(st)


def test_temporal_misalignment_stops_as_many_personnel_at_random_as_its_cost_as_paid():
    """"Consume: X. Randomly select X personnel to be stopped": chosen at its cost 2, two of the three
    attempting are stopped; with its cost lowered to 1 as it is chosen, one."""
    from .helpers import attempt
    for cost in (2, 1):
        st = started(f"temporal-misalignment-{cost}")
        m = mission(st, 0, "T-P1")
        team = [put(st, 0, g, "pile", m) for g in ("T-F1", "T-F2", "T-F3")]
        d = real(st, 1, "T-D8", "5P001")
        st["extra_cards"]["5P001"] = {**DB["5P001"], "cost": cost}
        st = turn_to(st, 0, "orders")
        st = respond(attempt(st, m, dilemmas=["5P001"]))
        assert st["cards"][d]["cost_paid"] == cost
        events = [(e["event"], e.get("card")) for e in st["log"]]
        shown, gone = events.index(("revealed", d)), events.index(("overcome", d))
        stopped = [c for e, c in events[shown:gone] if e == "stopped"]  # by the dilemma (the rest: the failure)
        assert len(set(stopped)) == cost and set(stopped) <= set(team)
        check_invariants(st)
    assert render_card(DB["5P001"]) == ["Stop a number of personnel equal to X (the cost paid for this dilemma), "
                                        "selected at random."]


def test_explicit_orders_discards_a_dominion_personnel_of_another_species_for_his_skills_this_attempt():
    """"When your [Dom] personnel is attempting a mission, discard a [Dom] personnel of a different species
    from hand to make him or her gain the discarded personnel's skills until the end of that mission
    attempt": the Vorta gains the Jem'Hadar's Security 2 and Honor; the other Vorta in hand is not offered."""
    from rules.startrek2e import state as S
    from rules.startrek2e import stats as ST
    from .helpers import attempt
    st = started("explicit-orders")
    m = mission(st, 0, "T-P1")
    aff = ("dominion", "federation")  # the fixture mission is a [Fed] one
    vorta = _fixture(st, 0, "T-F1", "X-VOR", aff=aff, species="Vorta", skills={"Diplomacy": 1})
    other = _fixture(st, 0, "T-F4", "X-VOR2", aff=aff, species="Vorta", skills={"Medical": 1})
    soldier = _fixture(st, 0, "T-F5", "X-JH", aff=aff, species="Jem'Hadar", skills={"Security": 2, "Honor": 1})
    S.move(st, vorta, "pile", m)
    st["cards"][vorta].update(commander=0, stopped=False)
    put(st, 0, "T-F2", "pile", m)
    for c in (other, soldier):
        S.move(st, c, "hand", 0)
    orders = real(st, 0, "T-I1", "5P019", "hand", 0)
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["T-D8", "T-D9"], respond_with=orders)  # Nothing Happens, then Lost in Thought
    while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0:
        offered = {o.get("card") for o in options(st)}
        assert other not in offered
        st = act(st, next(o for o in options(st) if o.get("card") in (vorta, soldier)))
    assert st["cards"][soldier]["zone"] == "discard"
    assert [(e["card"], e["source"]) for e in st["log"] if e["event"] == "gained_skills"] == [(vorta, soldier)]
    assert st["attempt"] and ST.value(st, vorta, "Security") == 2 and ST.value(st, vorta, "Honor") == 1
    st = respond(st)
    while st["attempt"]:  # the rest of the attempt
        st = act(st, {"type": "pass"} if st["pending"]["kind"] in ("respond", "attempt_action") else options(st)[0])
    assert ST.value(st, vorta, "Security") == 0  # until the end of that mission attempt
    check_invariants(st)


def test_tasha_yar_goes_on_top_of_the_deck_so_a_personnel_present_cannot_be_stopped_by_dilemmas_this_turn():
    """"While this personnel is attempting a mission, you may place her on top of her owner's deck to
    prevent one of your personnel present from being stopped by dilemmas until the end of this turn":
    Dangerous Climb cannot stop Picard (the failed attempt still stops him: the rules, not a dilemma);
    the protection ends with the turn."""
    from rules.startrek2e.effects.extra import cant_be_stopped
    from .helpers import attempt
    st = started("tasha-yar")
    m = mission(st, 0, "T-P1")
    tasha = real(st, 0, "T-F7", "5P029", "pile", m)
    picard = put(st, 0, "T-F1", "pile", m)
    st = turn_to(st, 0, "orders")
    st = _to_action_window(attempt(st, m, dilemmas=["T-D1"]))
    st = act(st, next(o for o in options(st) if o.get("card") == tasha))
    while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0:
        assert {o.get("card") for o in options(st)} == {picard}
        st = act(st, options(st)[0])
    assert st["seats"][0]["deck"][0] == tasha
    assert cant_be_stopped(st, picard, by_dilemma=True) and not cant_be_stopped(st, picard)
    while st["attempt"]:
        st = act(st, {"type": "pass"} if st["pending"]["kind"] in ("respond", "attempt_action") else options(st)[0])
    events = [(e["event"], e.get("card")) for e in st["log"]]
    climb = next(c for e, c in events if e == "revealed")
    assert ("stopped", picard) not in events[:events.index(("overcome", climb))]
    check_invariants(st)
    st = _start_turn(st, 1)
    assert not cant_be_stopped(st, picard, by_dilemma=True)


def test_spreading_fear_places_a_card_to_engage_with_jem_hadar_and_kills_one_of_a_vorta_selection():
    """"Order - Place a card from hand on this event to begin an engagement involving your Jem'Hadar. If you
    win, randomly select one opponent's personnel involved for each of your Vorta involved. Choose one of
    those selected personnel to be killed": two Vorta aboard — two of the three Klingons are selected, you
    choose which one dies."""
    from rules.startrek2e import state as S
    from . import fixtures as FX
    from .helpers import add_card
    extra = add_card({}, FX.ship("X-S1", "Attack Ship", "federation", ("staff",), weapons=12, shields=5))
    add_card(extra, FX.ship("X-S2", "Target", "klingon", ("staff",), weapons=5, shields=4))
    st = started("spreading-fear", extra=extra)
    space = mission(st, 0, "T-S1")
    a = find(st, 0, "T-SF2")
    st["cards"][a]["guid"] = "X-S1"
    ship = put(st, 0, "X-S1", "ships", space)
    crew = [_fixture(st, 0, "T-F6", "X-JH", species="Jem'Hadar", unique=False)]
    crew += [_fixture(st, 0, "T-F6", "X-VOR", species="Vorta", unique=False) for _ in range(2)]
    for c in crew:
        S.move(st, c, "aboard", ship)
        st["cards"][c].update(commander=0, stopped=False)
    b = find(st, 1, "T-SK")
    st["cards"][b]["guid"] = "X-S2"
    target = put(st, 1, "X-S2", "ships", space)
    klingons = [put(st, 1, g, "aboard", target) for g in ("T-K1", "T-K2", "T-K4")]
    fear = real(st, 0, "T-EV1", "5P013", "core", 0)
    card = st["seats"][0]["hand"][0]
    st = turn_to(st, 0, "orders")
    st = act(st, next(o for o in options(st) if o.get("card") == fear))
    choices = []
    while st["pending"] and st["pending"]["kind"] in ("choose", "respond"):
        if st["pending"]["kind"] == "respond":
            st = act(st, {"type": "pass"})
            continue
        offered = [o.get("card") for o in options(st)]
        if card in offered:
            st = act(st, {"type": "choose", "card": card})
        else:
            choices.append(set(offered) - {None})
            st = act(st, next(o for o in options(st) if o.get("card") in klingons))
    assert st["cards"][card]["zone"] == "placed" and st["cards"][card]["in"] == fear
    assert any(e["event"] == "engagement" for e in st["log"])
    dead = [k for k in klingons if st["cards"][k]["zone"] == "discard"]
    assert len(dead) == 1 and choices and len(choices[-1]) == 2 and dead[0] in choices[-1]
    check_invariants(st)


def test_fitting_in_gives_the_facing_personnel_an_attribute_of_a_future_or_a_skill_of_a_past_personnel():
    """"When your personnel is facing a dilemma, choose one for him or her to gain until the end of that
    dilemma: an attribute from a [Fut] personnel present; or a skill from a [Pa] personnel present": Picard
    gains Daniels' Integrity (6) and the team meets Integrity>24 (19 without it); or he gains Kirk's Honor
    and the team has Honor 3 (2 without it) — the dilemma stops nobody."""
    from . import fixtures as FX
    from .helpers import attempt
    stop_all = {"stop": {"all": {}}}
    for attribute in (True, False):
        st = started(f"fitting-in-{attribute}")
        req = {"attributes": {"integrity": 24}} if attribute else {"skills": {"Honor": 3}}
        st["extra_cards"]["X-DF"] = FX.dilemma("X-DF", "Test of Fitting", "dual", 1, [{"unless": req, "then": [stop_all]}])
        st["cards"][find(st, 1, "T-D1")]["guid"] = "X-DF"
        m = mission(st, 0, "T-P1")
        picard = put(st, 0, "T-F1", "pile", m)
        daniels = real(st, 0, "T-F6", "5P034", "pile", m)
        kirk = real(st, 0, "T-F7", "5P028", "pile", m)
        fitting = real(st, 0, "T-I1", "5P020", "hand", 0)
        st = turn_to(st, 0, "orders")
        st = attempt(st, m, dilemmas=["X-DF"], respond_with=fitting)
        st = act(st, {"type": "choose", "card": picard})  # who fits in
        st = act(st, {"type": "yes_no", "yes": attribute})  # an attribute (the first) or a skill
        if attribute:
            assert {o["card"] for o in options(st)} == {daniels}  # the [Fut] personnel present
            st = act(st, {"type": "choose", "card": daniels})
            st = act(st, {"type": "yes_no", "yes": True})  # Integrity
        else:
            assert {o["card"] for o in options(st)} == {kirk}  # the [Pa] personnel present
            st = act(st, {"type": "choose", "card": kirk})
            assert {o["skill"] for o in options(st)} == {"Honor", "Leadership"}
            st = act(st, {"type": "choose", "skill": "Honor"})
        st = respond(st)
        events = [(e["event"], e.get("title")) for e in st["log"]]
        shown, gone = events.index(("revealed", "Test of Fitting")), events.index(("overcome", "Test of Fitting"))
        assert not [e for e, _ in events[shown:gone] if e == "stopped"]
        check_invariants(st)


def test_tampering_with_time_stops_a_time_traveller_to_rearrange_the_top_or_bottom_of_a_dilemma_pile():
    """"Stop one of your [Fut] personnel to examine the top three cards of an opponent's dilemma pile; or
    stop one of your [Pa] personnel to examine the bottom three cards … Place those cards on the top and/or
    bottom of that dilemma pile in any order": with Kirk ([Pa]) the bottom three are offered — one goes to
    the bottom, the other two on top, in the order named; the opponent is not shown them."""
    from rules.startrek2e.game import GAME
    st = started("tampering-with-time")
    event = real(st, 0, "T-EV1", "5P014", "core", 0)
    kirk = real(st, 0, "T-F7", "5P028", "pile", mission(st, 0, "T-HQF"))
    pile = st["seats"][1]["dilemmas"]
    bottom3 = pile[-3:]
    st = _start_turn(st, 0)
    st = act(st, next(o for o in options(st) if o.get("card") == event))
    st = act(st, {"type": "yes_no", "yes": False})  # the [Pa] choice
    if st["pending"]["kind"] == "choose" and {o.get("card") for o in options(st)} == {kirk}:
        st = act(st, {"type": "choose", "card": kirk})
    assert st["cards"][kirk]["stopped"]
    assert {o.get("card") for o in options(st)} - {None} == set(bottom3)
    assert "options" not in GAME.view(st, 1)["pending"]
    st = act(st, {"type": "choose", "card": bottom3[0]})  # to the bottom
    st = act(st, {"type": "choose", "card": None})  # no more
    st = act(st, {"type": "choose", "card": bottom3[2]})  # the new top card
    pile = st["seats"][1]["dilemmas"]
    assert pile[:2] == [bottom3[2], bottom3[1]] and pile[-1] == bottom3[0]
    check_invariants(st)


def test_decay_destroys_out_of_options_when_its_third_card_is_placed_and_its_text_returns_them():
    """"Decay: 3" (RULES.md "Decay"): with three cards on it the event is destroyed — by the rule, so its
    own "When this event is destroyed, return each card here to its owner's hand" answers. Two cards on it
    leave it in play."""
    from rules.startrek2e import state as S
    from rules.startrek2e.effects import on_event as ON
    st = started("out-of-options-decay")
    m = mission(st, 0, "T-P1")
    event = real(st, 1, "T-EV1", "5P009", "core", 1)
    put(st, 0, "T-F1", "pile", m)
    first, second = st["seats"][0]["hand"][:2]
    assert ON.place(st, first, event) and ON.place(st, second, event)
    st = turn_to(st, 0, "orders")
    assert st["cards"][event]["zone"] == "core" and ON.placed_on(st, event) == [first, second]
    st = act(st, {"type": "attempt", "mission": m})
    while not (st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 1):
        st = act(st, {"type": "pass"} if st["pending"]["kind"] == "respond" else options(st)[0])
    third = st["seats"][0]["hand"][0]
    st = act(st, {"type": "choose", "card": third})
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert ("decayed", event) in [(e["event"], e.get("card")) for e in st["log"]]
    assert st["cards"][event]["zone"] == "discard"
    assert {first, second, third} <= set(st["seats"][0]["hand"])
    assert S.card_def(st, event)["title"] == "Out of Options"
    check_invariants(st)


def test_every_decay_keyword_of_the_pool_reads_its_number():
    """Every card printed with "Decay: N" gives N > 0 to the rule (none is silently 0)."""
    from rules.startrek2e.effects import on_event as ON
    decay = {k: v for k, v in DB.items() if any(w.lower().startswith("decay") for w in v.get("keywords") or ())}
    assert len(decay) >= 9
    for key, card in decay.items():
        assert ON.decay_of(card["keywords"]) > 0, key
    assert ON.decay_of(DB["5P009"]["keywords"]) == 3 and ON.decay_of(["Maneuver"]) == 0
