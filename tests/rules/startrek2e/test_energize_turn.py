"""Energize (set 2, issue 17): the turn-scoped constructs, each played through the reducer
with the real Energize card (its authored mechanics from the card database): the delayed
effect ``at_end_of_turn`` (Brief Reunion, Life Support, Timescape), ``put_into_play``
``where_playable`` (Life Support), ``place_on_mission`` ``stay`` and keyword
``cant_attempt_here`` (Timescape)."""
from rules.startrek2e import state as S
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card

from .helpers import act, attempt, check_invariants, mission, options, put, real, respond, started, turn_to

DB = card_db()


def _as_real_mission(st: dict, m: str, cid: str) -> None:
    """Turn a fixture mission in play into the real mission ``cid``."""
    st["extra_cards"].setdefault(cid, DB[cid])
    st["cards"][m]["guid"] = cid


def _choose_all(st: dict, seat: int, prefer=()) -> dict:
    """Answer ``seat``'s choices, taking a card of ``prefer`` when offered, else the first."""
    while st["pending"] and st["pending"]["seat"] == seat and st["pending"]["kind"] == "choose":
        opts = options(st)
        st = act(st, next((o for o in opts if o.get("card") in prefer), opts[0]))
    return respond(st)


def _end_turn(st: dict) -> dict:
    """Seat 0 ends his orders; the end of turn runs (nothing else is asked of him here)."""
    if st["pending"]["kind"] == "play":  # the counters left are not what these tests are about
        from rules.startrek2e import flow
        st["seats"][0]["counters"], st["pending"] = 0, None
        st = act(flow.advance(st), {"type": "end_play"})
    st = respond(st)
    return respond(act(st, {"type": "end_orders"}))


# ---------------------------------------------------------------- at_end_of_turn: Brief Reunion
def test_brief_reunion_places_a_downloaded_cardassian_on_cardassia_prime_and_kills_him_at_the_end_of_turn():
    st = started("brief-reunion")
    hq = mission(st, 0, "T-HQF")
    _as_real_mission(st, hq, "1U153")  # Cardassia Prime, Seat 0's headquarters
    danar = real(st, 0, "T-F6", "1U232")  # a unique [Car] personnel, in the deck
    reunion = real(st, 0, "T-EV4", "2U033", "hand", 0)
    st = turn_to(st, 0, "play")
    assert {"type": "play", "card": reunion} in options(st)
    st = _choose_all(act(st, {"type": "play", "card": reunion}), 0, prefer=(danar, hq))
    assert st["cards"][danar]["zone"] == "pile" and st["cards"][danar]["in"] == hq
    assert st["cards"][reunion]["zone"] == "discard"
    check_invariants(st)
    st = _end_turn(st)
    assert st["cards"][danar]["zone"] == "discard"  # "At the end of this turn, kill that personnel"
    assert st["turn"]["player"] == 1 and "at_end" not in st["turn"]
    assert "At the end of this turn, kill that personnel." in render_card(DB["2U033"])[1]
    check_invariants(st)


def test_brief_reunion_needs_cardassia_prime():
    st = started("brief-reunion-no-hq")
    real(st, 0, "T-F6", "1U232")
    reunion = real(st, 0, "T-EV4", "2U033", "hand", 0)
    st = turn_to(st, 0, "play")
    assert not [o for o in options(st) if o.get("card") == reunion]


# ---------------------------------------------------------------- at_end_of_turn + where_playable: Life Support
def _life_support(seed: str):
    st = started(seed)
    earth = mission(st, 0, "T-HQF")  # [Fed] and non-aligned personnel may be played here
    crusher = put(st, 0, "T-F2", "discard", 0)
    klingon = real(st, 0, "T-F5", "1C292", "discard", 0)  # B'amara, [Kli]: not playable at Earth
    support = real(st, 0, "T-EV4", "2C048", "hand", 0)
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": support})
    while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0:
        cards = [o["card"] for o in options(st)]
        if earth in cards or S.ctype(st, cards[0]) == "mission":
            st = act(st, {"type": "choose", "card": earth})
            continue
        assert klingon not in cards and crusher in cards  # only where he or she could be played
        st = act(st, {"type": "choose", "card": crusher})
    return respond(st), earth, crusher


def test_life_support_places_a_discarded_personnel_where_playable_and_removes_him_at_the_end_of_turn():
    st, earth, crusher = _life_support("life-support")
    assert st["cards"][crusher]["zone"] == "pile" and st["cards"][crusher]["in"] == earth
    check_invariants(st)
    st = _end_turn(st)
    assert st["cards"][crusher]["zone"] == "out"  # removed from the game
    check_invariants(st)


def test_life_support_leaves_alone_a_personnel_that_left_play_before_the_end_of_turn():
    from rules.startrek2e import glossary as G
    st, earth, crusher = _life_support("life-support-killed")
    G.kill(st, crusher)  # killed during the turn: back in the discard pile, a new card there
    st = _end_turn(respond(st))
    assert st["cards"][crusher]["zone"] == "discard"
    check_invariants(st)


# ---------------------------------------------------------------- place_on_mission stay + cant_attempt_here: Timescape
def test_timescape_forbids_attempts_at_its_mission_this_turn_then_returns_to_its_pile():
    st = started("timescape")
    m = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", m) for g in ("T-F5", "T-F3")]  # cannot complete Survey Planet
    scape = real(st, 1, "T-D1", "2C025")
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["2C025"])
    assert st["cards"][scape]["zone"] == "on" and st["cards"][scape]["in"] == m
    for c in team:  # ready to try again (unstopped by hand): the mission may not be attempted
        st["cards"][c]["stopped"] = False
    st["pending"] = None
    from rules.startrek2e import flow
    st = flow.advance(st)
    assert not [o for o in options(st, "attempt") if o["mission"] == m]
    check_invariants(st)
    st = respond(act(st, {"type": "end_orders"}))
    assert st["cards"][scape]["zone"] == "dilemmas"  # back to its owner's pile, not overcome
    assert st["seats"][1]["dilemmas"][-1] == scape and not st["cards"][scape]["face_up"]
    assert st["cards"][m]["under"] == [] or scape not in st["cards"][m]["under"]
    check_invariants(st)


def test_a_mission_without_timescape_may_be_attempted_again():
    st = started("timescape-control")
    m = mission(st, 0, "T-P1")
    for g in ("T-F5", "T-F3"):
        put(st, 0, g, "pile", m)
    st = turn_to(st, 0, "orders")
    assert [o for o in options(st, "attempt") if o["mission"] == m]


# ---------------------------------------------------------------- for_rest_of_turn: Personal Forcefield
def _forcefield(seed: str, play: bool):
    """Seat 0's Tasha and an Ensign on Survey Planet; with ``play``, he plays Personal Forcefield
    naming her first. Seat 1's Sickness kills the personnel he chooses (no Medical)."""
    st = started(seed)
    m = mission(st, 0, "T-P1")
    tasha = put(st, 0, "T-F5", "pile", m)
    put(st, 0, "T-F6", "pile", m)  # two attempting: Sickness (cost 2) may be chosen
    field = real(st, 0, "T-EV4", "2C052", "hand", 0)
    st = turn_to(st, 0, "play")
    if play:
        st = _choose_all(act(st, {"type": "play", "card": field}), 0, prefer=(tasha,))
        assert st["cards"][field]["zone"] == "discard"  # destroyed: the text outlives its card
    from rules.startrek2e import flow
    st["seats"][0]["counters"], st["pending"] = 0, None
    st = respond(act(flow.advance(st), {"type": "end_play"}))
    st = attempt(st, m, dilemmas=["T-D2"])
    if st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 1:
        st = respond(act(st, {"type": "choose", "card": tasha}))
    return st, tasha


def test_personal_forcefield_prevents_a_dilemma_killing_the_named_personnel_for_the_rest_of_the_turn():
    st, tasha = _forcefield("forcefield", play=True)
    assert st["cards"][tasha]["zone"] == "pile"
    assert any(e["event"] == "prevented" for e in st["log"])
    check_invariants(st)
    st = _end_turn(st)
    assert "triggers" not in st["turn"]  # "for the rest of this turn" is over
    st, tasha = _forcefield("forcefield-none", play=False)
    assert st["cards"][tasha]["zone"] == "discard"
    check_invariants(st)


def test_personal_forcefield_does_not_stop_a_kill_by_other_text():
    st, tasha = _forcefield("forcefield-combat", play=True)
    from rules.startrek2e.effects import frames as FR
    from rules.startrek2e.effects import filters as F
    ambush = real(st, 1, "T-EV3", "T-EV3", "core", 1)  # an opponent's event kills her (not a dilemma)
    FR.push(st, [{"kill": {"ref": "x"}}], dict(F.ctx_for(st, ambush, you=1), refs={"x": [tasha]}))
    st["pending"] = None
    from rules.startrek2e import flow
    st = respond(flow.advance(st))
    assert st["cards"][tasha]["zone"] == "discard"  # not by a dilemma: not prevented


# ---------------------------------------------------------------- opponent_orders_begin + this_turn: Unseen Manipulations
def _manipulated(seed: str, draws: int = 0, ship: bool = False):
    """Seat 1 has Unseen Manipulations in his core; seat 0 draws ``draws`` cards (and plays a
    ship) in his play phase, then begins his Execute Orders segment."""
    from rules.startrek2e import flow
    st = started(seed)
    real(st, 1, "T-EV1", "2U070", "core", 1)
    galaxy = put(st, 0, "T-SF", "hand", 0)
    st = turn_to(st, 0, "play")
    for _ in range(draws):
        st = respond(act(st, {"type": "draw"}))
    if ship:
        st = respond(act(st, next(o for o in options(st, "play") if o["card"] == galaxy)))
    deck = list(st["seats"][0]["deck"])
    st["seats"][0]["counters"], st["pending"] = 0, None
    st = respond(act(flow.advance(st), {"type": "end_play"}))
    return st, deck


def test_unseen_manipulations_discards_two_from_the_deck_of_an_opponent_who_drew_less_than_two_cards():
    st, deck = _manipulated("unseen-one-draw", draws=1)
    assert st["seats"][0]["deck"] == deck[2:] and st["seats"][0]["discard"][-2:] == deck[:2]
    assert st["pending"]["kind"] == "orders" and st["pending"]["seat"] == 0
    check_invariants(st)


def test_unseen_manipulations_spares_an_opponent_who_drew_two_cards_or_played_a_ship():
    for kw in ({"draws": 2}, {"ship": True}):
        st, deck = _manipulated(f"unseen-{sorted(kw)[0]}", **kw)
        assert st["seats"][0]["deck"] == deck, kw
        check_invariants(st)
    assert ("if neither that opponent has drawn two cards this turn nor that opponent has played a ship this turn"
            in render_card(DB["2U070"])[2])


def test_unseen_manipulations_remembers_two_draws_made_more_than_200_log_entries_before_orders():
    """Read from the log (it keeps its last 200 entries), two draws at the start of a long play
    phase were lost with the turn's first entry, so the deck was discarded from; the turn's
    tallies keep every draw and play of the turn."""
    from rules.startrek2e import flow
    st = started("unseen-long-turn")
    real(st, 1, "T-EV1", "2U070", "core", 1)
    st = turn_to(st, 0, "play")
    for _ in range(2):
        st = respond(act(st, {"type": "draw"}))
    for _ in range(205):  # a long turn: the opponent's plays, his responses, … (here: 205 entries of the log)
        S.log(st, "revealed", seat=1, card=None)
    assert not any(e["event"] == "drew" and e["seat"] == 0 for e in st["log"])
    deck = list(st["seats"][0]["deck"])
    st["seats"][0]["counters"], st["pending"] = 0, None
    st = respond(act(flow.advance(st), {"type": "end_play"}))
    assert st["seats"][0]["deck"] == deck  # he drew two cards this turn: nothing discarded
    check_invariants(st)


def test_this_turn_tallies_start_afresh_each_turn_and_are_never_shown():
    st, _ = _manipulated("unseen-tally-reset", draws=2)
    assert st["turn"]["drew"][0] == 2
    from rules.startrek2e import turn as T
    from rules.startrek2e.game import GAME
    for viewer in (0, 1, "spectator"):
        assert {"drew", "played"}.isdisjoint(GAME.view(st, viewer)["turn"])
    T.turn_start(st)
    assert st["turn"]["drew"] == [0, 0] and st["turn"]["played"] == [[], []]


# ---------------------------------------------------------------- state_rule + gain_skills among: Ezri Dax
def test_ezri_dax_goes_to_the_discard_pile_once_you_command_jadzia_dax():
    st = started("ezri-jadzia")
    earth = mission(st, 0, "T-HQF")
    ezri = real(st, 0, "T-F7", "2R121", "pile", earth)
    jadzia = real(st, 0, "T-F4", "4R139", "hand", 0)  # Jadzia Dax, [Fed], cost 3
    st = turn_to(st, 0, "play")
    assert st["cards"][ezri]["zone"] == "pile"  # no Jadzia yet: she stays
    st = respond(act(st, next(o for o in options(st, "play") if o["card"] == jadzia)))
    assert st["cards"][jadzia]["zone"] == "pile" and st["cards"][ezri]["zone"] == "discard"
    assert render_card(DB["2R121"])[0].startswith("If you command {Jadzia Dax}")
    check_invariants(st)


def test_ezri_dax_facing_a_dilemma_may_discard_a_card_to_gain_engineer_law_or_science():
    from rules.startrek2e import stats as ST
    st = started("ezri-skill")
    m = mission(st, 0, "T-P1")
    ezri = real(st, 0, "T-F7", "2R121", "pile", m)
    put(st, 0, "T-F5", "pile", m)
    real(st, 1, "T-D1", "T-D1")
    st = turn_to(st, 0, "orders")
    hand = len(st["seats"][0]["hand"])
    st = act(st, {"type": "attempt", "mission": m})
    while st["pending"]["kind"] != "attempt_action":
        o = options(st)
        st = act(st, next((x for x in o if x.get("card") and st["cards"][x["card"]]["guid"] == "T-D1"), o[0])
                 if st["pending"]["kind"] == "choose_dilemma" and any(x.get("card") for x in o) else
                 {"type": "choose_dilemma", "card": None} if st["pending"]["kind"] == "choose_dilemma" else {"type": "pass"})
    assert {"type": "action", "card": ezri, "ability": 1} in options(st)
    st = act(st, {"type": "action", "card": ezri, "ability": 1})
    st = act(st, options(st)[0])  # the card discarded from hand
    assert sorted(o["skill"] for o in options(st)) == ["Engineer", "Law", "Science"]
    st = act(st, {"type": "choose", "skill": "Law"})
    assert ST.value(st, ezri, "Law") == 1 and len(st["seats"][0]["hand"]) == hand - 1
    while st["pending"] and st["pending"]["kind"] in ("attempt_action", "respond"):
        st = act(st, {"type": "pass"})
    assert ST.value(st, ezri, "Law") == 0  # until the end of that dilemma
    check_invariants(st)


# ---------------------------------------------------------------- keyword no_interrupts: Michael Eddington
def _engaged(seed: str, eddington: bool):
    """Seat 1's Bird of Prey engages seat 0's Galaxy (La Forge aboard) at seat 0's space mission
    by Attack Pattern; seat 0 holds Power to the Shields ("when an engagement begins");
    with ``eddington``, Michael Eddington is aboard seat 1's ship there."""
    st = started(seed)
    space = mission(st, 0, "T-S1")
    galaxy = put(st, 0, "T-SF", "ships", space)
    for g in ("T-F1", "T-F3", "T-F5", "T-F7"):
        put(st, 0, g, "aboard", galaxy)
    shields = real(st, 0, "T-I1", "1U132", "hand", 0)
    bird = put(st, 1, "T-SK", "ships", space)
    for g in ("T-K1", "T-K2"):
        put(st, 1, g, "aboard", bird)
    if eddington:
        real(st, 1, "T-K3", "2R127", "aboard", bird)
    attack = put(st, 1, "T-EV2", "core", 1)
    st = turn_to(st, 1, "orders")
    st = act(st, {"type": "order", "card": attack, "ability": 1})
    return st, shields


def test_a_real_card_swapped_in_by_a_test_is_in_its_owners_deck_list_for_response_windows():
    """``real()`` keeps ``when_events`` as setup makes it from the deck lists: a "when" interrupt
    swapped into a seat's cards (Power to the Shields: "when an engagement begins") makes that
    seat asked in those windows, as a deck list holding it would."""
    st = started("real-when-events")
    assert "engagement_begins" not in st["seats"][0]["when_events"]
    real(st, 0, "T-I1", "1U132", "hand", 0)
    assert "engagement_begins" in st["seats"][0]["when_events"]
    assert st["seats"][0]["when_events"] == sorted(st["seats"][0]["when_events"])


def test_michael_eddington_forbids_interrupts_to_the_opponent_whose_ship_is_engaged_at_his_mission():
    st, shields = _engaged("eddington-none", eddington=False)
    assert st["pending"]["seat"] == 0 and {"type": "respond", "card": shields, "ability": 0} in options(st)
    st, shields = _engaged("eddington", eddington=True)
    assert st["pending"]["seat"] == 0 and st["pending"]["kind"] == "respond"  # asked all the same (hidden hand)
    assert options(st) == [{"type": "pass"}]
    check_invariants(st)


# ---------------------------------------------------------------- cant_move_to + you_moved_ship: Cargo Haul
def _haul(seed: str):
    """Seat 0's Runabout at Earth with La Forge and Durg (Acquisition) aboard; his space mission
    T-S1 is Cargo Haul."""
    st = started(seed)
    haul = mission(st, 0, "T-S1")
    _as_real_mission(st, haul, "2U099")
    earth = mission(st, 0, "T-HQF")
    runabout = put(st, 0, "T-SF2", "ships", earth)
    put(st, 0, "T-F3", "aboard", runabout)
    durg = real(st, 0, "T-F5", "1C325", "aboard", runabout)
    return turn_to(st, 0, "orders"), haul, earth, runabout, durg


def test_cargo_haul_lets_you_stop_your_acquisition_personnel_to_draw_when_your_ship_moves_there():
    st, haul, earth, runabout, durg = _haul("cargo-haul")
    hand = len(st["seats"][0]["hand"])
    st = act(st, {"type": "move", "ship": runabout, "to": haul})
    assert st["pending"]["seat"] == 0 and {"type": "respond", "card": haul, "ability": 1} in options(st)
    st = act(st, {"type": "respond", "card": haul, "ability": 1})
    st = _choose_all(st, 0, prefer=(durg,))
    assert st["cards"][durg]["stopped"] and len(st["seats"][0]["hand"]) == hand + 1
    check_invariants(st)


def test_cargo_haul_keeps_your_ship_from_moving_from_it_to_a_headquarters_mission():
    st, haul, earth, runabout, durg = _haul("cargo-haul-stay")
    st = respond(act(st, {"type": "move", "ship": runabout, "to": haul}))
    from rules.startrek2e import flow
    st["cards"][runabout]["range_used"], st["pending"] = 0, None  # Range enough to go back (span 5 of 7)
    st = flow.advance(st)
    moves = {o["to"] for o in options(st, "move") if o["ship"] == runabout}
    assert earth not in moves and moves  # to any other mission it may still go
    assert render_card(DB["2U099"])[0] == "You cannot move your ship from this mission to a headquarters mission."


# ---------------------------------------------------------------- name_card + skills_cost while attempting: Under Scrutiny
def _scrutinized(seed: str):
    """Seat 1 plays Under Scrutiny naming seat 0's Troi (the team's only Anthropology and
    Diplomacy on Survey Planet); seat 0 then attempts it with no dilemma."""
    st = started(seed)
    m = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", m) for g in ("T-F7", "T-F5", "T-F2", "T-F3")]  # Integrity 24
    troi = team[0]
    scrutiny = real(st, 1, "T-EV1", "2R068", "hand", 1)
    st = turn_to(st, 1, "play")
    st = _choose_all(act(st, {"type": "play", "card": scrutiny}), 1, prefer=(troi,))
    assert st["cards"][scrutiny]["zone"] == "core" and any(
        e["event"] == "named_card" and e["card"] == troi for e in st["log"])  # named in the open
    st = turn_to(st, 0, "orders")
    st = attempt(st, m)
    return st, m, troi


def test_under_scrutiny_the_named_personnel_attempting_uses_skills_only_if_a_card_is_discarded():
    from rules.startrek2e import stats as ST
    st, m, troi = _scrutinized("scrutiny-pay")
    assert st["pending"]["kind"] == "attempt_action" and {"type": "pay_skills", "card": troi} in options(st)
    assert ST.value(st, troi, "Diplomacy") == 0  # priced while attempting
    hand = len(st["seats"][0]["hand"])
    st = act(st, {"type": "pay_skills", "card": troi})
    st = act(st, options(st)[0])  # the card discarded
    assert len(st["seats"][0]["hand"]) == hand - 1
    while st["pending"]["kind"] in ("attempt_action", "respond"):
        st = act(st, {"type": "pass"})
    assert st["cards"][m].get("completed")
    check_invariants(st)


def test_under_scrutiny_unpaid_the_named_personnel_adds_no_skill_to_the_attempt():
    from rules.startrek2e import stats as ST
    st, m, troi = _scrutinized("scrutiny-unpaid")
    while st["pending"]["kind"] in ("attempt_action", "respond"):
        st = act(st, {"type": "pass"})
    assert not st["cards"][m].get("completed")
    assert ST.value(st, troi, "Diplomacy") == 1  # not attempting any more: no price
    check_invariants(st)
