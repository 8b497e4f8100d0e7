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
