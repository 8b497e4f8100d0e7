"""Call to Arms (set 3, issue 17): Infiltration and the Borg headquarters, played through the reducer
with the real cards (RULES.md "Infiltration" and "Borg headquarters"; EFFECTS.md §4 "Call to Arms,
Infiltration").

An Infiltrator is a personnel with the keyword (printed, or given by a "while … he is an
Infiltrator" static); your Infiltrator aboard an opponent's ship stays under your command: he does
not staff the ship, is not in its commander's attempts, cannot beam off it by the rules, goes where
the ship goes and is present with its crew. An Infiltration card is an event or interrupt with that
keyword."""
from rules.startrek2e import state as S
from rules.startrek2e import stats as ST
from rules.startrek2e.cards import card_db
from rules.startrek2e.deckbuilding import validate_deck
from rules.startrek2e.effects.render import render_card
from rules.startrek2e.legality import beam_options
from rules.startrek2e.orders import attempt_options

from .helpers import act, check_invariants, find, mission, options, put, real, respond, started, turn_to

DB = card_db()


def _drive(st: dict, limit: int = 60, pick=None) -> dict:
    """Pass response windows and take the first option (or ``pick(options)``) of each choice until
    the orders come back."""
    for _ in range(limit):
        kind = st["pending"]["kind"]
        if kind == "orders":
            return st
        if kind == "respond":
            st = act(st, {"type": "pass"})
            continue
        opts = options(st)
        st = act(st, (pick(opts) if pick else None) or opts[0])
    raise AssertionError("the order never finished")


def _infiltration(seed: str):
    """Seat 1's I.K.S. Bird (Worf, Kurn aboard) at seat 0's planet T-P1, where seat 0's Bashir
    (3R150, an Infiltrator) stands on the planet; seat 0 has Enemy in Your Midst in his core."""
    st = started(seed)
    m = mission(st, 0, "T-P1")
    bird = put(st, 1, "T-SK", "ships", m)
    worf = put(st, 1, "T-K1", "aboard", bird)
    kurn = put(st, 1, "T-K2", "aboard", bird)
    bashir = real(st, 0, "T-F1", "3R150", "pile", m)
    midst = real(st, 0, "T-EV1", "3C043", "core", 0)
    return st, m, bird, (worf, kurn), bashir, midst


def test_enemy_in_your_midst_places_your_infiltrator_aboard_an_opponents_ship_under_your_command():
    st, m, bird, crew, bashir, midst = _infiltration("midst")
    st = turn_to(st, 0, "orders")
    assert {"type": "order", "card": midst, "ability": 1} in options(st)
    st = _drive(act(st, {"type": "order", "card": midst, "ability": 1}))
    c = st["cards"][bashir]
    assert (c["zone"], c["in"], c["commander"]) == ("aboard", bird, 0)  # aboard, still yours
    assert st["cards"][midst]["zone"] == "discard"  # destroyed as the cost
    assert all(S.present(st, bashir, p) for p in crew)  # present with the crew
    check_invariants(st)
    # he does not beam off the opponent's ship by the rules, nor staff it, nor join its attempts
    assert not [b for b in beam_options(st, 0) if b["card"] == bashir]
    assert ST.staffed(st, bird)  # Worf + Kurn staff it: the Bird's commander's personnel only
    st["cards"][crew[1]]["stopped"] = True
    assert not ST.staffed(st, bird)  # Bashir (Command) does not stand in for Kurn


def test_your_infiltrator_goes_where_the_opponents_ship_goes_and_stays_out_of_its_attempts():
    st, m, bird, crew, bashir, midst = _infiltration("midst-move")
    st = turn_to(st, 0, "orders")
    st = _drive(act(st, {"type": "order", "card": midst, "ability": 1}))
    space = mission(st, 1, "T-S1")  # seat 1's space mission
    st = turn_to(st, 1, "orders")
    st = act(st, {"type": "move", "ship": bird, "to": space})
    st = respond(st)
    assert S.mission_of(st, bashir) == space and st["cards"][bashir]["in"] == bird
    opts = [o for o in attempt_options(st, 1) if o.get("ship") == bird]
    assert opts
    from rules.startrek2e.orders import team_for
    assert bashir not in team_for(st, 1, space, bird)  # the opponent's attempt is his own personnel's
    assert not [o for o in attempt_options(st, 0) if o.get("ship") == bird]  # nor may seat 0 use the Bird
    check_invariants(st)


def test_pseudopod_returns_your_infiltrator_to_kill_an_opponents_personnel_where_he_was():
    """"Order - Return your Infiltrator to his or her owner's hand to randomly kill an opponent's
    personnel present with that Infiltrator": the victim is one of those present with him where he was
    when the cost was paid (he is in hand by then)."""
    st, m, bird, crew, bashir, midst = _infiltration("pseudopod")
    S.move(st, bashir, "aboard", bird)
    other = put(st, 1, "T-K3", "pile", m)  # seat 1's Warrior on the planet: not present with him
    pod = real(st, 0, "T-I1", "3R076", "hand", 0)
    st = turn_to(st, 0, "orders")
    assert {"type": "play", "card": pod} in options(st)
    st = _drive(act(st, {"type": "play", "card": pod}))
    assert st["cards"][bashir]["zone"] == "hand"
    killed = [p for p in crew if st["cards"][p]["zone"] == "discard"]
    assert len(killed) == 1 and st["cards"][other]["zone"] == "pile"
    check_invariants(st)


def test_assassination_plot_kills_one_present_with_the_assassin_it_returned_to_hand():
    """The same pattern on Energize's Assassination Plot ("return one of your Assassin personnel to his
    owner's hand to randomly kill an opponent's personnel present with that personnel"): before the
    fix nobody was present with a card in hand, so nobody died."""
    st = started("plot")
    m = mission(st, 0, "T-P1")
    killer = put(st, 0, "T-F5", "pile", m)
    st["extra_cards"]["X-ASSASSIN"] = {**st["extra_cards"]["T-F5"], "id": "X-ASSASSIN", "keywords": ["Assassin"]}
    st["cards"][killer]["guid"] = "X-ASSASSIN"
    victim = put(st, 1, "T-K3", "pile", m)
    plot = real(st, 0, "T-EV1", "2R031", "core", 0)
    st = turn_to(st, 0, "orders")
    st = _drive(act(st, {"type": "order", "card": plot, "ability": 1}))
    assert st["cards"][killer]["zone"] == "hand" and st["cards"][victim]["zone"] == "discard"
    check_invariants(st)


def test_changeling_sabotage_returns_the_infiltrator_aboard_to_damage_that_ship():
    st, m, bird, crew, bashir, midst = _infiltration("sabotage")
    S.move(st, bashir, "aboard", bird)
    sabotage = real(st, 0, "T-EV2", "3U040", "core", 0)
    strike = real(st, 0, "T-EV3", "1U104", "hand", 0)  # Point Blank Strike: a Damage card
    st = turn_to(st, 0, "orders")
    assert {"type": "order", "card": sabotage, "ability": 1} in options(st)
    st = _drive(act(st, {"type": "order", "card": sabotage, "ability": 1}))
    assert st["cards"][bashir]["zone"] == "hand"
    assert st["cards"][strike]["zone"] == "damage" and st["cards"][strike]["in"] == bird
    check_invariants(st)
    # now the Bird is damaged, and no Infiltrator is aboard: the order is not offered
    assert {"type": "order", "card": sabotage, "ability": 1} not in options(st)


def test_unicomplex_is_a_borg_headquarters_and_no_other_headquarters_may_join_it():
    assert render_card(DB["3S110"]) == ["You may play [Bor] cards and equipment at this mission.",
                                        "You cannot command another Headquarters mission."]
    hq = next(c for c in DB.values() if c.get("mission_type") == "headquarters" and c["id"] != "3S110"
              and c["mechanics"] is not None)
    planets = [c["id"] for c in DB.values() if c["type"] == "mission" and c.get("mission_type") != "headquarters"
               and c["mechanics"] is not None][:3]
    dilemmas = [c["id"] for c in DB.values() if c["type"] == "dilemma" and c["mechanics"] is not None][:20]
    draw = [c["id"] for c in DB.values() if c["type"] == "personnel" and c["mechanics"] is not None
            and not c.get("unique")][:35]
    deck = {"missions": ["3S110", hq["id"], *planets], "dilemmas": dilemmas, "deck": draw}
    codes = {v["code"] for v in validate_deck(deck, fmt="open")}
    assert "only_headquarters" in codes
    deck["missions"] = ["3S110", *[c["id"] for c in DB.values() if c["type"] == "mission"
                                   and c.get("mission_type") != "headquarters" and c["mechanics"] is not None][:4]]
    assert "only_headquarters" not in {v["code"] for v in validate_deck(deck, fmt="open")}


# ---------------------------------------------------------------- the opponent's attempts: Under Suspicion, Founder Trap
def _attempt_with_infiltrator(seed: str, extra_card: tuple):
    """Seat 0 attempts his planet T-P1 (Anthropology, Diplomacy, Integrity>20) with four personnel;
    seat 1's Infiltrator Lovok (3U161) stands on that planet; seat 1 holds ``extra_card``
    (fixture guid, real id, zone)."""
    st = started(seed)
    m = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", m) for g in ("T-F1", "T-F7", "T-F2", "T-F5")]
    spy = real(st, 1, "T-K6", "3U161", "pile", m)
    old, cid, zone = extra_card
    card = real(st, 1, old, cid, zone, 1) if zone == "core" else real(st, 1, old, cid)
    if zone == "hand":
        S.move(st, card, "hand", 1)
    return turn_to(st, 0, "orders"), m, team, spy, card


def test_under_suspicion_draws_one_extra_dilemma_and_cost_for_each_of_your_infiltrators_there():
    st, m, team, spy, card = _attempt_with_infiltrator("suspicion", ("T-EV1", "3U066", "core"))
    second = real(st, 1, "T-K1", "4C127", "pile", m)  # Leyton: a second Infiltrator at that mission
    st = act(st, {"type": "attempt", "mission": m})
    assert {"type": "respond", "card": card, "ability": 1} in options(st)  # seat 1 draws for this attempt
    st = respond(respond(st, card))
    assert st["pending"]["kind"] == "choose_dilemma" and st["pending"]["seat"] == 1
    base = len(team)  # one dilemma and one cost for each personnel attempting (rulebook)
    assert len(st["seats"][1]["drawn"]) == base + 2 and st["attempt"]["budget"] == base + 2
    assert st["cards"][card]["zone"] == "core"  # it stays: no cost
    assert second
    check_invariants(st)


def test_founder_trap_adds_the_infiltrators_skills_to_the_requirements_and_leaves_the_game():
    st, m, team, spy, trap = _attempt_with_infiltrator("founder-trap", ("T-I2", "3R072", "hand"))
    hand = len(st["seats"][1]["hand"])
    st = act(st, {"type": "attempt", "mission": m})
    st = respond(st)
    while st["pending"]["kind"] == "choose_dilemma":
        st = act(st, {"type": "choose_dilemma", "card": None})
    st = respond(st, trap)
    st = _drive(st)
    assert not st["cards"][m].get("completed")  # Lovok's skills now required: the team lacks them
    added = st["cards"][m]["added_requirements"]
    assert [x["req"]["skills"] for x in added] == [dict(DB["3U161"]["skills"])]
    assert st["cards"][trap]["zone"] == "out" and len(st["seats"][1]["hand"]) == hand - 2  # trap + a random card
    check_invariants(st)


# ---------------------------------------------------------------- Necessary Evil
def test_leyton_makes_your_infiltration_events_cost_one_less_at_an_opponents_mission():
    from rules.startrek2e.play import play_cost
    st = started("leyton")
    leyton = real(st, 0, "T-F1", "4C127", "pile", mission(st, 0, "T-P1"))
    midst = real(st, 0, "T-EV1", "3C043", "hand", 0)
    assert play_cost(st, 0, midst, None) == DB["3C043"]["cost"]  # at his own mission
    S.move(st, leyton, "pile", mission(st, 1, "T-P1"))
    assert play_cost(st, 0, midst, None) == DB["3C043"]["cost"] - 1


def test_obrien_downloads_an_infiltration_card_when_played():
    st = started("obrien")
    obrien = real(st, 0, "T-F8", "4U129", "hand", 0)
    midst = real(st, 0, "T-EV1", "3C043")  # in his deck
    assert st["cards"][midst]["zone"] == "deck"
    st["extra_cards"]["X-HQ"] = {**st["extra_cards"]["T-HQF"], "id": "X-HQ",
                                 "mechanics": [{"kind": "headquarters", "affiliations": ["federation", "dominion"]}]}
    st["cards"][mission(st, 0, "T-HQF")]["guid"] = "X-HQ"
    st = turn_to(st, 0, "play")
    st = act(st, next(o for o in options(st, "play") if o["card"] == obrien))
    st = respond(st, obrien)
    while st["pending"]["kind"] not in ("play",):
        st = act(st, next((o for o in options(st) if o.get("card") == midst), options(st)[0]))
    assert st["cards"][midst]["zone"] == "hand"
    check_invariants(st)


def test_kell_is_an_infiltrator_at_a_klingon_mission_and_may_attempt_yours():
    from rules.startrek2e.effects import filters as F
    st = started("kell")
    m = mission(st, 0, "T-P1")
    st["extra_cards"]["X-FED"] = {**st["extra_cards"]["T-P1"], "id": "X-FED", "attempt_affiliations": ["federation"]}
    st["cards"][m]["guid"] = "X-FED"
    st["extra_cards"]["X-KLI"] = {**st["extra_cards"]["T-P1"], "id": "X-KLI", "attempt_affiliations": ["klingon"],
                                  "requirements": [{"skills": {"Diplomacy": 1}}]}
    kell = real(st, 0, "T-F1", "4C167", "pile", m)
    ctx = F.ctx_for(st, kell)
    assert not F.matches(st, kell, {"keyword": "Infiltrator"}, ctx)
    st = turn_to(st, 0, "orders")
    assert not [o for o in attempt_options(st, 0) if o["mission"] == m]  # a Romulan at a non-[Kli] mission
    st["cards"][m]["guid"] = "X-KLI"
    assert F.matches(st, kell, {"keyword": "Infiltrator"}, ctx)
    assert {"type": "attempt", "mission": m} in attempt_options(st, 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "attempt", "mission": m})
    st = respond(st)
    while st["pending"]["kind"] == "choose_dilemma":
        st = act(st, {"type": "choose_dilemma", "card": None})
    st = respond(st)
    assert st["cards"][m].get("completed")  # Kell's Diplomacy
    check_invariants(st)


def test_misdirection_lowers_the_opponents_personnel_present_with_your_infiltrator():
    st, m, bird, crew, bashir, midst = _infiltration("misdirection")
    worf = crew[0]
    before = [ST.value(st, worf, a) for a in ("integrity", "cunning", "strength")]
    real(st, 0, "T-EV2", "4U060", "core", 0)
    assert [ST.value(st, worf, a) for a in ("integrity", "cunning", "strength")] == before  # not present yet
    S.move(st, bashir, "aboard", bird)
    assert [ST.value(st, worf, a) for a in ("integrity", "cunning", "strength")] == [v - 1 for v in before]
    assert ST.value(st, bashir, "integrity") == DB["3R150"]["integrity"]  # yours are not


def test_undercover_resource_gives_one_more_counter_while_your_infiltrator_is_at_an_opponents_mission():
    st = started("undercover")
    bashir = real(st, 0, "T-F1", "3R150", "pile", mission(st, 0, "T-P1"))
    real(st, 0, "T-EV1", "4U080", "core", 0)
    from rules.startrek2e.turn import turn_start
    st["turn"]["player"] = 0
    turn_start(st)
    assert st["seats"][0]["counters"] == 7  # at his own mission
    S.move(st, bashir, "pile", mission(st, 1, "T-P1"))
    turn_start(st)
    assert st["seats"][0]["counters"] == 8
    st["cards"][mission(st, 1, "T-P1")]["completed"] = True  # a completed mission no longer counts
    turn_start(st)
    assert st["seats"][0]["counters"] == 7


def test_your_fear_will_destroy_you_scores_five_for_each_opponents_headquarters_with_your_infiltrator():
    st = started("your-fear")
    real(st, 0, "T-F1", "3R150", "pile", mission(st, 1, "T-HQK"))
    fear = real(st, 0, "T-EV1", "4U084", "hand", 0)
    st = turn_to(st, 0, "play")
    score = st["seats"][0]["score"]
    st = respond(act(st, {"type": "play", "card": fear}))
    assert st["seats"][0]["score"] == score + 5 and st["cards"][fear]["zone"] == "out"
    check_invariants(st)


# ---------------------------------------------------------------- "about to be randomly selected"
def _random_stop(seed: str, team_guids=("T-F2", "T-F3", "T-F5")):
    """Seat 0's team on his T-P1; seat 1's Dangerous Climb (T-D1: unless 2 Anthropology or Cunning>30,
    a random personnel is stopped) will be faced."""
    st = started(seed)
    m = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", m) for g in team_guids]
    return st, m, team


def test_set_up_chooses_the_opponents_personnel_instead_of_the_random_selection():
    from .helpers import attempt
    st, m, team = _random_stop("set-up")
    real(st, 1, "T-K6", "3U161", "pile", m)  # seat 1's Infiltrator Lovok at that mission
    setup = real(st, 1, "T-EV1", "3R054", "core", 1)
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=("T-D1",), respond_with=setup)
    assert st["pending"]["seat"] == 1 and {o["card"] for o in options(st)} == set(team)  # every eligible one
    st = act(st, next(o for o in options(st) if o["card"] == team[2]))
    stops = [e["card"] for e in st["log"] if e["event"] == "stopped"]
    assert stops[0] == team[2]  # the dilemma stopped the one chosen (the failed attempt stops the rest after)
    assert st["cards"][setup]["zone"] == "discard"  # destroyed: the cost
    check_invariants(st)


def test_set_up_is_not_offered_without_your_infiltrator_at_that_mission():
    from .helpers import attempt
    st, m, team = _random_stop("set-up-none")
    real(st, 1, "T-K6", "3U161", "pile", mission(st, 1, "T-P1"))  # Lovok elsewhere
    setup = real(st, 1, "T-EV1", "3R054", "core", 1)
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=("T-D1",), respond_with=setup)
    assert st["cards"][setup]["zone"] == "core"
    assert sum(st["cards"][p]["stopped"] for p in team) == 1 or st["attempt"] is None


def test_remataklan_excludes_another_dominion_personnel_present_from_the_random_selection():
    from .helpers import attempt
    for n in range(4):  # whatever the seed draws, the excluded personnel is never the one stopped
        st = started(f"remata-{n}")
        m = mission(st, 0, "T-P1")
        st["extra_cards"]["X-ANY"] = {**st["extra_cards"]["T-P1"], "id": "X-ANY", "attempt_affiliations": []}
        st["cards"][m]["guid"] = "X-ANY"
        remata = real(st, 0, "T-F2", "3R166", "pile", m)
        st["extra_cards"]["X-DOM"] = {**st["extra_cards"]["T-F3"], "id": "X-DOM", "affiliations": ["dominion"]}
        other = put(st, 0, "T-F3", "pile", m)
        st["cards"][other]["guid"] = "X-DOM"
        st = turn_to(st, 0, "orders")
        st = attempt(st, m, dilemmas=("T-D1",), respond_with=remata)
        assert {o["card"] for o in options(st)} == {other}
        st = act(st, options(st)[0])
        stops = [e["card"] for e in st["log"] if e["event"] == "stopped"]
        assert stops[0] == remata  # the only one left to draw (the failed attempt stops the other after)
        check_invariants(st)


# ---------------------------------------------------------------- Borg: Adapt
def _borg_attempt(seed: str, copy_under: bool):
    st = started(seed)
    m = mission(st, 0, "T-P1")
    st["extra_cards"]["X-ANY"] = {**st["extra_cards"]["T-P1"], "id": "X-ANY", "attempt_affiliations": []}
    st["cards"][m]["guid"] = "X-ANY"
    st["extra_cards"]["X-DRONE"] = {**st["extra_cards"]["T-F2"], "id": "X-DRONE", "affiliations": ["borg"]}
    team = [put(st, 0, g, "pile", m) for g in ("T-F2", "T-F3", "T-F5")]
    st["cards"][team[0]]["guid"] = "X-DRONE"
    if copy_under:  # a Dangerous Climb overcome at seat 0's other mission
        copy = find(st, 0, "T-D1", zones=("dilemmas",))
        S.move(st, copy, "under", mission(st, 0, "T-P2"))
        st["cards"][copy]["face_up"] = True
    adapt = real(st, 0, "T-I1", "3U069", "hand", 0)
    return turn_to(st, 0, "orders"), m, team, adapt


def test_adapt_prevents_and_overcomes_a_dilemma_whose_copy_is_overcome_at_your_mission():
    from .helpers import attempt
    st, m, team, adapt = _borg_attempt("adapt", copy_under=True)
    st = attempt(st, m, dilemmas=("T-D1",), respond_with=adapt)
    st = respond(st)
    climb = [d for d in st["cards"][m]["under"] if st["cards"][d]["guid"] == "T-D1"]
    assert len(climb) == 1  # overcome beneath the mission being attempted
    log = [e for e in st["log"] if e.get("card") == climb[0] or e["event"] == "stopped"]
    first = next(i for i, e in enumerate(log) if e["event"] == "revealed")
    assert log[first + 1]["event"] == "overcome"  # its text never applied: nobody stopped before it was overcome
    assert st["cards"][adapt]["zone"] == "discard"
    check_invariants(st)


def test_adapt_is_not_offered_without_a_copy_overcome_at_your_mission():
    from .helpers import attempt
    st, m, team, adapt = _borg_attempt("adapt-none", copy_under=False)
    st = attempt(st, m, dilemmas=("T-D1",), respond_with=adapt)
    assert st["cards"][adapt]["zone"] == "hand"


# ---------------------------------------------------------------- Borg: Regeneration Alcoves
def test_regeneration_alcoves_plays_a_borg_personnel_aboard_your_borg_ship_instead_of_at_unicomplex():
    st = started("alcoves")
    hq = mission(st, 0, "T-HQF")
    st["extra_cards"]["3S110"] = DB["3S110"]
    st["cards"][hq]["guid"] = "3S110"  # seat 0 commands Unicomplex
    st["extra_cards"]["X-DRONE"] = {**st["extra_cards"]["T-F2"], "id": "X-DRONE", "affiliations": ["borg"]}
    drone = find(st, 0, "T-F2")
    st["cards"][drone]["guid"] = "X-DRONE"
    S.move(st, drone, "hand", 0)
    st["extra_cards"]["X-CUBE"] = {**st["extra_cards"]["T-SF2"], "id": "X-CUBE", "affiliations": ["borg"]}
    cube = put(st, 0, "T-SF2", "ships", mission(st, 0, "T-P1"))
    st["cards"][cube]["guid"] = "X-CUBE"
    alcoves = real(st, 0, "T-EV1", "3C051", "core", 0)
    st = turn_to(st, 0, "play")
    plays = [o for o in options(st, "play") if o["card"] == drone]
    assert {"type": "play", "card": drone, "at": hq} in plays  # at Unicomplex as usual
    assert {"type": "play", "card": drone, "at": cube, "using": [alcoves]} in plays
    deck, counters = len(st["seats"][0]["deck"]), st["seats"][0]["counters"]
    top = st["seats"][0]["deck"][0]
    st = respond(act(st, {"type": "play", "card": drone, "at": cube, "using": [alcoves]}))
    assert st["cards"][drone]["zone"] == "aboard" and st["cards"][drone]["in"] == cube
    assert st["cards"][top]["zone"] == "discard" and len(st["seats"][0]["deck"]) == deck - 1  # the cost
    assert st["seats"][0]["counters"] == counters - _printed_cost(st, drone)
    check_invariants(st)


def _printed_cost(st: dict, iid: str) -> int:
    """The printed cost of a card the test re-dealt."""
    return st["extra_cards"][st["cards"][iid]["guid"]]["cost"]


# ---------------------------------------------------------------- B'Elanna Torres: the opponent's discard made random
def _kira_discards(seed: str):
    """Seat 0's Kira (3R159: "discard a card from hand to take an Infiltration event from your discard
    pile") present with seat 1's Worf on T-P1; seat 1's B'Elanna Torres (3R174) in play."""
    st = started(seed)
    m = mission(st, 0, "T-P1")
    kira = real(st, 0, "T-F1", "3R159", "pile", m)
    put(st, 1, "T-K1", "pile", m)
    belanna = real(st, 1, "T-K2", "3R174", "pile", mission(st, 1, "T-HQK"))
    midst = real(st, 0, "T-EV1", "3C043", "discard", 0)
    for g in ("T-F2", "T-F3", "T-F5"):
        S.move(st, find(st, 0, g), "hand", 0)
    return turn_to(st, 0, "orders"), kira, belanna, midst


def test_belanna_torres_makes_the_opponents_discard_from_hand_random():
    st, kira, belanna, midst = _kira_discards("belanna")
    hand_before, deck_before = list(st["seats"][0]["hand"]), len(st["seats"][1]["deck"])
    st = act(st, {"type": "order", "card": kira, "ability": 0})
    assert st["pending"]["kind"] == "respond" and st["pending"]["seat"] == 1
    st = act(st, {"type": "respond", "card": belanna, "ability": 0})
    placed = options(st)[0]["card"]  # B'Elanna's cost: a card of seat 1's hand on top of his deck
    st = act(st, options(st)[0])
    while st["pending"]["kind"] != "orders":
        assert not (st["pending"]["seat"] == 0 and st["pending"]["kind"] == "choose"
                    and st["pending"]["prompt"].startswith("Discard"))  # seat 0 never chooses the card
        st = act(st, {"type": "pass"} if st["pending"]["kind"] == "respond" else options(st)[0])
    assert any(e["event"] == "discard_made_random" for e in st["log"])
    assert st["seats"][1]["deck"][0] == placed and len(st["seats"][1]["deck"]) == deck_before + 1
    discarded = [e["card"] for e in st["log"] if e["event"] == "discarded" and e.get("seat") == 0]
    assert len(discarded) == 1 and discarded[0] in hand_before  # one card, drawn at random: seat 0 chose none
    assert st["cards"][midst]["zone"] == "hand"
    check_invariants(st)


def test_without_belannas_response_the_player_chooses_his_discard():
    st, kira, belanna, midst = _kira_discards("belanna-pass")
    st = act(st, {"type": "order", "card": kira, "ability": 0})
    st = act(st, {"type": "pass"})
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert st["pending"]["seat"] == 0 and st["pending"]["kind"] == "choose"  # he chooses the card


# ---------------------------------------------------------------- U.S.S. Defiant: the mission's owner places a card
def _crew(st: dict, ship: str) -> None:
    """Four [Fed] Command personnel aboard (the Defiant needs three Command and one Staff)."""
    for g in ("T-F1", "T-F7", "T-F3", "T-F5"):
        iid = put(st, 0, g, "aboard", ship)
        key = f"X-CMD-{g}"
        st["extra_cards"][key] = {**st["extra_cards"][g], "id": key, "icons": ["command"]}
        st["cards"][iid]["guid"] = key


def test_uss_defiant_makes_the_missions_owner_place_a_card_from_hand_on_top_of_his_deck_once_each_turn():
    st = started("defiant")
    m = mission(st, 1, "T-P1")  # seat 1's mission
    defiant = real(st, 0, "T-SF", "3R205", "ships", m)
    _crew(st, defiant)
    assert ST.staffed(st, defiant)
    st = turn_to(st, 0, "orders")
    assert {"type": "order", "card": defiant, "ability": 0} in options(st)
    hand = list(st["seats"][1]["hand"])
    st = act(st, {"type": "order", "card": defiant, "ability": 0})
    assert st["pending"]["seat"] == 1 and st["pending"]["kind"] == "choose"  # the mission's owner chooses
    card = options(st)[0]["card"]
    assert card in hand
    st = _drive(act(st, options(st)[0]))
    assert st["seats"][1]["deck"][0] == card and card not in st["seats"][1]["hand"]
    assert {"type": "order", "card": defiant, "ability": 0} not in options(st)  # only once each turn
    check_invariants(st)


def test_uss_defiant_at_a_headquarters_or_unstaffed_has_no_order():
    st = started("defiant-hq")
    defiant = real(st, 0, "T-SF", "3R205", "ships", mission(st, 1, "T-HQK"))
    _crew(st, defiant)
    st = turn_to(st, 0, "orders")
    assert {"type": "order", "card": defiant, "ability": 0} not in options(st)


# ---------------------------------------------------------------- Anything or Anyone: an Infiltrator kept on an event
def test_anything_or_anyone_keeps_an_infiltrator_on_the_event_then_places_him_aboard_an_opponents_ship():
    from rules.startrek2e.game import GAME
    st = started("anything")
    hq = mission(st, 0, "T-HQF")
    st["extra_cards"]["X-JH"] = {**st["extra_cards"]["T-F6"], "id": "X-JH", "affiliations": ["dominion"]}
    for g in ("T-F2", "T-F3", "T-F5"):  # three [Dom] personnel he commands
        iid = put(st, 0, g, "pile", hq)
        st["cards"][iid]["guid"] = "X-JH"
    bashir = real(st, 0, "T-F1", "3R150", "hand", 0)
    event = real(st, 0, "T-EV1", "4R037", "hand", 0)
    bird = put(st, 1, "T-SK", "ships", mission(st, 1, "T-P1"))
    put(st, 1, "T-K1", "aboard", bird)
    st = turn_to(st, 0, "play")
    st = respond(act(st, {"type": "play", "card": event}))
    st = turn_to(st, 0, "orders")
    assert {"type": "order", "card": event, "ability": 3} in options(st)
    assert {"type": "order", "card": event, "ability": 4} not in options(st)  # nobody on it yet
    st = _drive(act(st, {"type": "order", "card": event, "ability": 3}))
    c = st["cards"][bashir]
    assert (c["zone"], c["in"], c["commander"]) == ("aboard", event, 0)  # on the event, commanded
    assert S.on_event(st, bashir) and S.mission_of(st, bashir) is None
    shown = next(e for e in GAME.view(st, 1)["seats"][0]["core"] if e["id"] == event)
    assert [x["id"] for x in shown["aboard"]] == [bashir]  # everyone sees who is on it
    assert {"type": "order", "card": event, "ability": 4} not in options(st)  # one order each turn
    check_invariants(st)
    st["turn"]["used"] = []  # the next turn
    st = turn_to(st, 0, "orders")
    assert {"type": "order", "card": event, "ability": 4} in options(st)
    st = _drive(act(st, {"type": "order", "card": event, "ability": 4}), pick=lambda opts: next(
        (o for o in opts if o.get("card") == bird), None))
    c = st["cards"][bashir]
    assert (c["zone"], c["in"], c["commander"]) == ("aboard", bird, 0)
    check_invariants(st)


def test_anything_or_anyone_needs_three_dominion_personnel():
    st = started("anything-req")
    event = real(st, 0, "T-EV1", "4R037", "hand", 0)
    st = turn_to(st, 0, "play")
    assert not [o for o in options(st, "play") if o["card"] == event]
