"""Necessary Evil (set 4, issue 17) personnel and ships: each construct the set added, played
through the reducer with a real Necessary Evil card (its authored mechanics from the card
database), and a few of the set's cards whose texts the language already said, played once
so that a wrong reading of the language fails here and not only in a random game.

Constructs: an ``examine`` PICK with ``count: "all"`` ("Take each Treachery personnel revealed
into your hand": B'Etor, Lursa) and the verb ``join_attempt`` ("you may unstop one of your
stopped [TNG] personnel present. That personnel joins this mission attempt": William T. Riker,
B'Etor). Keyword ``cant_be_stopped`` read with its ``if`` and ``by_dilemma`` (Lore, Seskal, Koval);
CONDITION ``commands_more`` (Rusot, Seskal, Koval); AMOUNT ``beyond`` (Crosis) and ``stat`` of ``all``
``highest`` (Morik); keyword ``not_stopped_on_failure`` (Five of Twelve); ``gain_skills`` ``any_skill``
``new`` (Aamin Marritza); FILTER ``shares_skill_with`` (Toran);
keyword ``extra_counters`` with an ``if`` (Bochra); ``download`` ``count`` ("download up to three …": Kira Nerys);
AMOUNT ``dilemmas_faced`` (Parem); ``modify`` ``set`` (Razka Karn); trigger event ``about_to_be_destroyed`` (Miles O'Brien); keyword ``cant_be_destroyed`` (Talnot); cost
verb ``reveal`` (Broca)."""
import copy

from rules.startrek2e import stats as ST
from rules.startrek2e.cards import card_db, mechanics_files
from rules.startrek2e.effects.render import render_card
from rules.startrek2e.play import play_cost

from .helpers import act, attempt, check_invariants, find, mission, options, put, real, respond, started, turn_to

DB = card_db()


def _hq(st, seat: int = 0) -> str:
    return mission(st, seat, "T-HQF" if seat == 0 else "T-HQK")


def _run(st, effects, source, you=0):
    """Run ``effects`` as the text of ``source`` (a card's trigger, without its window)."""
    from rules.startrek2e import flow
    from rules.startrek2e.effects import filters as F
    from rules.startrek2e.effects import frames as FR
    FR.push(st, effects, F.ctx_for(st, source, you=you))
    st["pending"] = None
    return flow.advance(st)


def _logged(st, event: str) -> list:
    return [e for e in st["log"] if e["event"] == event]


# ---------------------------------------------------------------- examine PICK count "all"
def test_betor_reveals_as_many_cards_as_an_events_cost_and_takes_each_treachery_personnel():
    st = started("ne-betor")
    hq = _hq(st)
    betor = real(st, 0, "T-F6", "4R151", "pile", hq)
    event = put(st, 0, "T-EV4", "core", 0)  # Supply Run, cost 2 (the only event you command)
    deck = st["seats"][0]["deck"]
    envoy = real(st, 0, "T-F5", "4R124")  # Toran (Treachery), in your deck
    doctor = find(st, 0, "T-F3")  # La Forge: no Treachery
    for card in (envoy, doctor):
        deck.remove(card)
    third = deck[0]
    deck[:0] = [envoy, doctor]  # top: a Treachery personnel, then one without Treachery
    st = _run(st, DB["4R151"]["mechanics"][0]["effects"], betor)
    while st["pending"] and st["pending"]["kind"] == "choose":  # the event whose cost is read
        st = act(st, next(o for o in options(st) if o.get("card") == event))
    assert st["cards"][envoy]["zone"] == "hand"  # taken: Treachery personnel
    assert st["cards"][doctor]["zone"] == "deck" and deck[:2] == [doctor, third]  # the rest, same order
    revealed = _logged(st, "revealed_cards")[-1]
    assert revealed["cards"] == [envoy, doctor]  # exactly two cards: the event's cost
    assert render_card(DB["4R151"])[0].endswith(
        "then take each Treachery personnel among them into hand, then place the rest back on top.")
    check_invariants(st)


def test_lursa_takes_every_assault_or_maneuver_card_revealed_and_none_else():
    st = started("ne-lursa")
    hq = _hq(st)
    lursa = real(st, 0, "T-F6", "4R154", "pile", hq)
    event = real(st, 0, "T-EV4", "2U032", "core", 0)  # Born for Conquest in your core: its cost counts
    cost = DB["2U032"]["cost"]
    deck = st["seats"][0]["deck"]
    assault = real(st, 0, "T-EV2", "1R073")  # A Chance for Glory [Assault, Maneuver], in your deck
    deck.remove(assault)
    deck.insert(0, assault)
    top = list(deck[:cost])
    st = _run(st, DB["4R154"]["mechanics"][0]["effects"], lursa)
    while st["pending"] and st["pending"]["kind"] == "choose":
        st = act(st, next(o for o in options(st) if o.get("card") == event))
    assert st["cards"][assault]["zone"] == "hand"
    assert deck[:cost - 1] == [c for c in top if c != assault]
    check_invariants(st)


# ---------------------------------------------------------------- join_attempt
def test_riker_unstops_a_stopped_tng_personnel_present_who_joins_the_attempt():
    st = started("ne-riker")
    m = mission(st, 0, "T-P1")
    riker = real(st, 0, "T-F6", "4R149", "pile", m)
    crusher = real(st, 0, "T-F2", "4R133", "pile", m)  # Beverly Crusher [TNG]
    st["cards"][crusher]["stopped"] = True
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["T-D1"], respond_with=riker)  # Dangerous Climb stops one at random: Riker
    while st["pending"] and st["pending"]["kind"] == "choose":
        st = act(st, next(o for o in options(st) if o.get("card") == crusher))
    st = respond(st)
    joined = _logged(st, "joined_attempt")
    assert [e["card"] for e in joined] == [crusher]
    assert st["cards"][riker]["stopped"]  # he is still stopped: the text does not prevent that
    check_invariants(st)


def test_join_attempt_leaves_a_personnel_elsewhere_or_stopped_out():
    from rules.startrek2e.effects.interpreter import _join_attempt
    st = started("ne-join")
    m = mission(st, 0, "T-P1")
    riker = real(st, 0, "T-F6", "4R149", "pile", m)
    elsewhere = put(st, 0, "T-F7", "pile", _hq(st))
    stopped = put(st, 0, "T-F2", "pile", m)
    st["cards"][stopped]["stopped"] = True
    here = put(st, 0, "T-F3", "pile", m)
    st["attempt"] = {"mission": m, "seat": 0, "personnel": [riker]}
    for card in (elsewhere, stopped, here):
        _join_attempt(st, {"ctx": {}}, card)
    assert st["attempt"]["personnel"] == [riker, here]


# ---------------------------------------------------------------- cards the language already said
def test_mareth_discards_an_event_from_hand_to_prevent_being_stopped_by_a_dilemma():
    st = started("ne-mareth")
    m = mission(st, 0, "T-P1")
    mareth = real(st, 0, "T-F6", "4C170", "pile", m)
    put(st, 0, "T-F1", "pile", m)  # a Federation personnel, so the Federation mission may be attempted
    event = put(st, 0, "T-EV4", "hand", 0)
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["T-D1"], respond_with=mareth)
    while st["pending"] and st["pending"]["kind"] == "choose":
        st = act(st, next(o for o in options(st) if o.get("card") == event))
    st = respond(st)
    assert st["cards"][event]["zone"] == "discard"  # (the seed's random stop picks Mareth)
    events = [(e["event"], e.get("card")) for e in st["log"]]
    assert ("prevented", mareth) in events
    stops = [k for k, e in enumerate(events) if e == ("stopped", mareth)]
    overcome = [k for k, e in enumerate(events) if e[0] == "overcome"]
    assert overcome and all(k > overcome[-1] for k in stops)  # stopped only as the failed attempt ends
    check_invariants(st)


def test_militia_costs_one_less_for_each_event_in_your_discard_pile_and_gains_its_skill():
    st = started("ne-militia")
    hq = _hq(st)
    kulan = real(st, 0, "T-F6", "4C105", "hand", 0)
    printed = DB["4C105"]["cost"]
    assert play_cost(st, 0, kulan, hq) == printed
    put(st, 0, "T-EV4", "discard", 0)
    assert play_cost(st, 0, kulan, hq) == printed - 1
    kulan_in_play = put(st, 0, "4C105", "pile", hq)
    base = ST.value(st, kulan_in_play, "Navigation")
    put(st, 0, "T-F4", "discard", 0)  # Data (Navigation) in your discard pile
    assert ST.value(st, kulan_in_play, "Navigation") == base + 1
    check_invariants(st, views=False)


def test_cadets_are_stronger_and_skilled_only_while_facing_a_dilemma():
    st = started("ne-cadet")
    m = mission(st, 0, "T-P1")
    riley = real(st, 0, "T-F6", "4C145", "pile", m)
    assert ST.value(st, riley, "Navigation") == 0
    assert ST.value(st, riley, "integrity") == DB["4C145"]["integrity"]
    st["attempt"] = {"mission": m, "seat": 0, "personnel": [riley], "current": "a dilemma"}
    assert ST.value(st, riley, "Navigation") == 2  # "gains … 2 Navigation"
    assert ST.value(st, riley, "integrity") == DB["4C145"]["integrity"] + 1


def test_valiant_is_plus_one_for_each_cadet_aboard_up_to_four():
    st = started("ne-valiant")
    hq = _hq(st)
    ship = real(st, 0, "T-SF", "4U179", "ships", hq)
    base = ST.value(st, ship, "weapons")
    real(st, 0, "T-F6", "4C145", "aboard", ship)  # Riley Shepard, Cadet
    put(st, 0, "T-F1", "aboard", ship)  # not a Cadet
    assert ST.value(st, ship, "weapons") == base + 1
    check_invariants(st, views=False)


# ---------------------------------------------------------------- cannot be stopped: if, by dilemmas
def _facing(st, m, cards):
    st["attempt"] = {"mission": m, "seat": 0, "personnel": list(cards), "current": "a dilemma"}


def test_lore_cannot_be_stopped_while_facing_a_dilemma_only():
    from rules.startrek2e.glossary import stop
    st = started("ne-lore")
    m = mission(st, 0, "T-P1")
    lore = real(st, 0, "T-F6", "4R161", "pile", m)
    _facing(st, m, [lore])
    stop(st, lore, by_dilemma=True)
    stop(st, lore)
    assert not st["cards"][lore]["stopped"]
    st["attempt"] = None
    stop(st, lore)
    assert st["cards"][lore]["stopped"]
    check_invariants(st, views=False)


def test_seskal_cannot_be_stopped_by_dilemmas_while_you_command_more_events_than_each_opponent():
    from rules.startrek2e.glossary import stop
    st = started("ne-seskal")
    hq = _hq(st)
    seskal = real(st, 0, "T-F6", "4U123", "pile", hq)
    rusot = real(st, 0, "T-F7", "4U122", "pile", hq)
    put(st, 1, "T-EV1", "core", 1)  # one event each: not more
    put(st, 0, "T-EV4", "core", 0)
    assert ST.value(st, rusot, "Leadership") == 0
    stop(st, seskal, by_dilemma=True)
    assert st["cards"][seskal]["stopped"]
    st["cards"][seskal]["stopped"] = False
    put(st, 0, "T-EV1", "core", 0)  # two against one
    assert ST.value(st, rusot, "Leadership") == 1 and ST.value(st, rusot, "Security") == 1
    stop(st, seskal, by_dilemma=True)
    assert not st["cards"][seskal]["stopped"]
    stop(st, seskal)  # not by a dilemma (a cost, the rules, another card)
    assert st["cards"][seskal]["stopped"]
    check_invariants(st, views=False)


def test_koval_cannot_be_stopped_by_dilemmas_while_an_opponent_commands_more_headquarters():
    from rules.startrek2e.glossary import stop
    st = started("ne-koval")
    hq = _hq(st)
    koval = real(st, 0, "T-F6", "4R168", "pile", hq)
    stop(st, koval, by_dilemma=True)  # one headquarters each
    assert st["cards"][koval]["stopped"]
    st["cards"][koval]["stopped"] = False
    other = next(x for x in st["seats"][1]["missions"] if st["cards"][x]["guid"] != "T-HQK")
    st["extra_cards"]["1S188"] = DB["1S188"]  # seat 1's planet mission turned into Deep Space 9
    st["cards"][other]["guid"] = "1S188"
    stop(st, koval, by_dilemma=True)
    assert not st["cards"][koval]["stopped"]
    assert render_card(DB["4R168"]) == ["While an opponent commands more headquarters missions than you, "
                                        "this personnel cannot be stopped by dilemmas."]


def test_crosis_counts_your_events_beyond_the_opponents_and_morik_the_highest_cost():
    st = started("ne-crosis")
    hq = _hq(st)
    crosis = real(st, 0, "T-F6", "4R157", "pile", hq)
    morik = real(st, 0, "T-F7", "4C163", "pile", hq)
    base = ST.value(st, crosis, "cunning")
    morik_base = ST.value(st, morik, "strength")
    put(st, 1, "T-EV4", "core", 1)
    put(st, 0, "T-EV4", "core", 0)  # Supply Run, cost 2
    assert ST.value(st, crosis, "cunning") == base  # one each
    put(st, 0, "T-EV3", "core", 0)  # Ambush, cost 1
    assert ST.value(st, crosis, "cunning") == base + 1
    assert ST.value(st, morik, "strength") == morik_base + 2  # the highest cost among your events
    check_invariants(st, views=False)


# ---------------------------------------------------------------- not stopped when the attempt fails
def test_five_of_twelve_is_not_stopped_when_your_attempt_involving_him_fails():
    st = started("ne-five")
    m = mission(st, 0, "T-P1")
    five = real(st, 0, "T-F6", "4U114", "pile", m)
    picard = put(st, 0, "T-F1", "pile", m)
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["T-D8"])  # Nothing Happens; the requirements are not met
    assert _logged(st, "failed")
    assert st["cards"][picard]["stopped"] and not st["cards"][five]["stopped"]
    check_invariants(st)


# ---------------------------------------------------------------- a skill he does not already have
def test_aamin_marritza_gains_a_skill_of_your_choice_he_does_not_have():
    st = started("ne-aamin")
    m = mission(st, 0, "T-P1")
    aamin = real(st, 0, "T-F6", "4U116", "pile", m)
    _facing(st, m, [aamin])
    st = _run(st, DB["4U116"]["mechanics"][0]["effects"], aamin)
    named = {o["skill"] for o in options(st) if "skill" in o}
    assert "Honor" not in named and "Programming" not in named and "Science" in named
    st = act(st, {"type": "choose", "skill": "Science"})
    assert ST.value(st, aamin, "Science") == 1


# ---------------------------------------------------------------- a skill shared with a remembered card
def test_toran_kills_an_opponents_personnel_present_who_has_a_skill_of_the_discarded_personnel():
    st = started("ne-toran")
    m = mission(st, 0, "T-P1")
    toran = real(st, 0, "T-F6", "4R124", "pile", m)
    worf = put(st, 1, "T-K1", "pile", m)  # Security, Honor
    kurn = put(st, 1, "T-K2", "pile", m)  # Leadership, Navigation
    tasha = put(st, 0, "T-F5", "hand", 0)  # Security: the personnel discarded
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": toran, "ability": 0})
    while st["pending"] and st["pending"]["kind"] == "choose":
        opts = options(st)
        if any(o.get("card") == tasha for o in opts):
            st = act(st, next(o for o in opts if o.get("card") == tasha))
            continue
        assert {o.get("card") for o in opts} <= {worf}  # Kurn shares no skill with Tasha
        st = act(st, opts[0])
    st = respond(st)
    assert st["cards"][toran]["zone"] == "hand" and st["cards"][tasha]["zone"] == "discard"
    assert st["cards"][worf]["zone"] == "discard" and st["cards"][kurn]["zone"] == "pile"
    check_invariants(st)


# ---------------------------------------------------------------- an additional counter
def _new_turn(st, seat: int = 0):
    from rules.startrek2e import flow
    from rules.startrek2e.turn import turn_start
    st["turn"]["player"] = seat
    st["pending"] = None
    turn_start(st)
    return flow.advance(st)


def test_bochra_may_spend_one_more_counter_at_an_opponents_incomplete_non_headquarters_mission():
    from rules.startrek2e import state as S
    from rules.startrek2e.effects.extra import optional_counters
    st = started("ne-bochra")
    theirs = next(x for x in st["seats"][1]["missions"] if S.mission_type(st, x) != "headquarters")
    real(st, 0, "T-F6", "4U166", "pile", theirs)
    st = respond(_new_turn(st))
    assert st["seats"][0]["counters"] == S.COUNTERS + 1 and optional_counters(st, 0) == 1  # it may stay unspent
    check_invariants(st)
    st["cards"][theirs]["completed"] = True  # a completed mission: no additional counter
    st = respond(_new_turn(st))
    assert st["seats"][0]["counters"] == S.COUNTERS
    assert render_card(DB["4U166"])[0].startswith("At the start of each of your turns, if this personnel is at an "
                                                   "opponent's mission")


# ---------------------------------------------------------------- download up to three
def test_kira_nerys_downloads_up_to_three_car_dissidents_onto_a_headquarters_where_they_could_be_played():
    st = started("ne-kira")
    hq = _hq(st)
    st["extra_cards"]["1U153"] = DB["1U153"]  # Hardscrabble World: [Car] cards may be played there
    st["cards"][hq]["guid"] = "1U153"
    kira = real(st, 0, "T-F6", "4R119", "pile", hq)
    aamin = real(st, 0, "T-F2", "4U116")  # [Car] Dissidents in your deck
    hogue = real(st, 0, "T-F3", "4C118")
    real(st, 0, "T-F4", "4U122")
    score = st["seats"][0]["score"] = 10
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": kira, "ability": 0})
    picked = []
    while st["pending"] and st["pending"]["kind"] == "choose":
        opts = options(st)
        want = [o for o in opts if o.get("card") in (aamin, hogue) and o.get("card") not in picked]
        if want:
            picked.append(want[0]["card"])
            st = act(st, want[0])
        elif any(o.get("card") is None for o in opts):
            st = act(st, {"type": "choose", "card": None})  # no third one
        else:
            st = act(st, next(o for o in opts if o.get("card") == hq))
        st = respond(st)
    assert st["seats"][0]["score"] == score - 5 and st["cards"][kira]["stopped"]
    assert sorted(picked) == sorted([aamin, hogue])
    for card in (aamin, hogue):
        assert st["cards"][card]["zone"] == "pile" and st["cards"][card]["in"] == hq
    assert len(_logged(st, "downloaded")) == 2
    check_invariants(st)


# ---------------------------------------------------------------- dilemmas faced this turn
def test_parem_counts_the_dilemmas_he_faced_this_turn_and_nobody_else_is_tallied():
    st = started("ne-parem")
    m = mission(st, 0, "T-P1")
    parem = real(st, 0, "T-F6", "4U171", "pile", m)
    picard = put(st, 0, "T-F1", "pile", m)
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["T-D8", "T-D5"])  # Nothing Happens, then Confusion
    assert st["turn"]["faced"] == {parem: 2}  # Picard's text does not read it: not tallied
    base = DB["4U171"]["strength"]
    st["cards"][parem]["stopped"] = st["cards"][picard]["stopped"] = False
    st["attempt"] = {"mission": m, "seat": 0, "personnel": [parem, picard], "current": "a dilemma"}
    from rules.startrek2e.effects.tallies import note_faced
    note_faced(st)  # a third dilemma revealed: two others faced before it
    assert ST.value(st, parem, "strength") == base + 2
    st["attempt"] = None
    assert ST.value(st, parem, "strength") == base  # not facing a dilemma
    from rules.startrek2e.effects.tallies import new_turn
    new_turn(st)
    assert "faced" not in st["turn"]


# ---------------------------------------------------------------- replace an attribute's value
def test_razka_karn_replaces_his_integrity_with_a_bajorans_in_your_discard_pile_for_the_dilemma():
    st = started("ne-razka")
    m = mission(st, 0, "T-P1")
    razka = real(st, 0, "T-F6", "4C107", "pile", m)
    _facing(st, m, [razka])
    st = _run(st, DB["4C107"]["mechanics"][0]["effects"], razka)  # nobody in the discard pile: no change
    assert ST.value(st, razka, "integrity") == DB["4C107"]["integrity"]
    leeta = real(st, 0, "T-F2", "4R106", "discard", 0)  # Leeta [Baj]
    _facing(st, m, [razka])
    st = _run(st, DB["4C107"]["mechanics"][0]["effects"], razka)
    while st["pending"] and st["pending"]["kind"] == "choose":
        st = act(st, next(o for o in options(st) if o.get("card") == leeta))
    assert ST.value(st, razka, "integrity") == DB["4R106"]["integrity"]
    assert any(x["card"] == razka and x["until"] == "end_of_dilemma" for x in st["mods"])


# ---------------------------------------------------------------- about to be destroyed
def test_miles_obrien_discards_an_event_to_prevent_an_opponent_destroying_your_event():
    st = started("ne-miles")
    hq = _hq(st)
    miles = real(st, 0, "T-F6", "4U144", "pile", hq)
    mine = put(st, 0, "T-EV1", "core", 0)
    spare = put(st, 0, "T-EV4", "hand", 0)
    theirs = put(st, 1, "T-K1", "pile", _hq(st, 1))
    destroy = [{"destroy": {"choose": {"type": "event", "owner": "opponent"}, "chooser": "you", "count": 1}}]
    st = _run(st, destroy, theirs, you=1)  # an opponent's text destroys your event
    while st["pending"] and st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 1:
        st = act(st, next(o for o in options(st) if o.get("card") == mine))
    assert any(o.get("card") == miles for o in options(st))  # Miles's response is offered
    st = respond(st, miles)
    while st["pending"] and st["pending"]["kind"] == "choose":
        st = act(st, next(o for o in options(st) if o.get("card") == spare))
    st = respond(st)
    assert st["cards"][mine]["zone"] == "core" and st["cards"][spare]["zone"] == "discard"
    check_invariants(st)


def test_miles_obrien_does_not_answer_your_own_destroying():
    st = started("ne-miles-own")
    hq = _hq(st)
    miles = real(st, 0, "T-F6", "4U144", "pile", hq)
    mine = put(st, 0, "T-EV1", "core", 0)
    put(st, 0, "T-EV4", "hand", 0)
    destroy = [{"destroy": {"choose": {"type": "event", "owner": "you"}, "chooser": "you", "count": 1}}]
    st = _run(st, destroy, miles, you=0)
    while st["pending"] and st["pending"]["kind"] == "choose":
        assert not any(o.get("card") == miles for o in options(st))
        st = act(st, next(o for o in options(st) if o.get("card") == mine))
    while st["pending"] and st["pending"]["kind"] == "respond":
        assert not any(o.get("card") == miles for o in options(st))
        st = act(st, {"type": "pass"})
    assert st["cards"][mine]["zone"] == "discard"


# ---------------------------------------------------------------- your opponent cannot destroy that event
def test_talnot_keeps_an_opponent_from_destroying_your_event_with_a_copy_in_your_discard_pile():
    st = started("ne-talnot")
    hq = _hq(st)
    real(st, 0, "T-F6", "4U178", "pile", hq)
    guarded = put(st, 0, "T-EV1", "core", 0)
    copy_ = find(st, 0, "T-EV3")
    st["cards"][copy_]["guid"] = "T-EV1"  # a second Treachery Bonus, in your discard pile
    from rules.startrek2e import state as S
    S.move(st, copy_, "discard", 0)
    other = put(st, 0, "T-EV4", "core", 0)  # no copy in the discard pile
    theirs = put(st, 1, "T-K1", "pile", _hq(st, 1))
    destroy = [{"destroy": {"all": {"type": "event", "owner": "opponent"}}}]  # "destroy all your events"
    st = respond(_run(st, destroy, theirs, you=1))
    assert st["cards"][guarded]["zone"] == "core" and st["cards"][other]["zone"] == "discard"
    mine = [{"destroy": {"choose": {"type": "event", "owner": "you", "title": "Treachery Bonus"}, "chooser": "you", "count": 1}}]
    st = _run(st, mine, guarded, you=0)  # your own text may destroy it
    while st["pending"] and st["pending"]["kind"] == "choose":
        st = act(st, next(o for o in options(st) if o.get("card") == guarded))
    st = respond(st)
    assert st["cards"][guarded]["zone"] == "discard"


# ---------------------------------------------------------------- reveal a card from hand as a cost
def test_broca_reveals_an_event_and_discards_another_card_to_download_a_copy_of_it():
    st = started("ne-broca")
    hq = _hq(st)
    broca = real(st, 0, "T-F6", "4U117", "pile", hq)
    shown = put(st, 0, "T-EV4", "hand", 0)  # Supply Run, revealed
    spare = put(st, 0, "T-F8", "hand", 0)
    copy_ = find(st, 0, "T-EV3")
    st["cards"][copy_]["guid"] = "T-EV4"  # a second Supply Run, in your deck
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": broca, "ability": 0})
    while st["pending"] and st["pending"]["kind"] == "choose":
        opts = options(st)
        pick = next((o for o in opts if o.get("card") in (shown, spare, copy_)
                     and not (o.get("card") == shown and _logged(st, "revealed_cards"))), opts[0])
        st = act(st, pick)
        st = respond(st)
    assert [e["cards"] for e in _logged(st, "revealed_cards")] == [[shown]]  # shown to every player
    assert st["cards"][shown]["zone"] == "hand" and st["cards"][spare]["zone"] == "discard"
    assert st["cards"][copy_]["zone"] == "hand"
    check_invariants(st)


# ---------------------------------------------------------------- every authored card in play, every order offered
def test_each_necessary_evil_personnel_and_ship_in_play_offers_orders_that_apply():
    """Each authored Necessary Evil personnel (at a planet, with your personnel and ship and an
    opponent's personnel there) and ship (staffed by fixtures) is put in play; its commander's
    orders are listed and every order it offers applies to a copy of the game without error."""
    files = mechanics_files()
    ids = sorted(set(files["ne_personnel.json"]) | set(files["ne_ships.json"]))
    ids = [i for i in ids if not i.startswith("_")]
    assert len(ids) >= 50
    for cid in ids:
        st = started(f"ne-each-{cid}")
        m = mission(st, 0, "T-P1")
        put(st, 0, "T-F1", "pile", m)
        put(st, 1, "T-K1", "pile", m)
        put(st, 0, "T-EV4", "core", 0)  # an event in your core (Defragmentation Drone, Worf)
        if DB[cid]["type"] == "ship":
            card = real(st, 0, "T-SF", cid, "ships", m)
            for g in ("T-F2", "T-F7", "T-F5"):
                put(st, 0, g, "aboard", card)
        else:
            card = real(st, 0, "T-F6", cid, "pile", m)
            put(st, 0, "T-SF", "ships", m)
        st = turn_to(st, 0, "orders")
        for o in options(st):
            if o.get("card") == card:
                after = act(copy.deepcopy(st), o)
                check_invariants(after, views=False)
