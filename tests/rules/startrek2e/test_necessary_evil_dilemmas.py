"""Necessary Evil (set 4, issue 17): the dilemmas and interrupts — each played through the reducer
with the real Necessary Evil card (its authored mechanics from the card database), and the hidden
piles and hands checked in every view (EFFECTS.md §4 "Necessary Evil"; RULES.md "Necessary Evil
(set 4) readings")."""

from rules.startrek2e import state as S
from rules.startrek2e import stats as ST
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card

from .helpers import act, attempt, check_invariants, find, ids_seen, mission, options, planet_team, put, real, respond, started, turn_to

DB = card_db()



def _text(cid: str) -> str:
    return " ".join(render_card(DB[cid]))


def _as(st: dict, iid: str, n: int, **facts) -> str:
    """Re-deal the personnel ``iid`` as a fixture card with other printed ``facts``."""
    base = st["extra_cards"][st["cards"][iid]["guid"]]
    key = f"X-NE{n}"
    st["extra_cards"][key] = {**base, "id": key, "title": f"Trooper {n}", **facts}
    st["cards"][iid]["guid"] = key
    return iid




def _pick(st: dict, card: str) -> dict:
    return act(st, next(o for o in options(st) if o.get("card") == card))


def _stopped_by_dilemmas(st: dict) -> set:
    """The cards the dilemma stopped: the "stopped" log entries before it is overcome or returned to
    its pile (a failed attempt then stops everyone left)."""
    out = set()
    for e in st["log"]:
        if e["event"] in ("overcome", "returned_to_pile", "failed", "completed"):
            break
        if e["event"] == "stopped":
            out.add(e["card"])
    return out


def _hidden(st: dict) -> None:
    """Seat 1's dilemma pile and hand stay hidden from seat 0, and seat 0's hand from seat 1."""
    assert not ids_seen(st, 0) & (set(st["seats"][1]["dilemmas"]) | set(st["seats"][1]["hand"]))
    assert not ids_seen(st, 1) & set(st["seats"][0]["hand"])


# ---------------------------------------------------------------- "Choose a personnel who has … If you cannot, …"
def test_back_room_dealings_stops_a_chosen_treachery_personnel_or_kills_at_random():
    """Back Room Dealings: the facing player chooses a Treachery or Integrity<4 personnel to stop;
    without one, a random personnel is killed."""
    st, m, team = planet_team("backroom", ("T-F1", "T-F7", "T-F2", "T-F3"), "4C006")
    _as(st, team[3], 0, integrity=3)
    st = attempt(st, m, dilemmas=["4C006"])
    assert st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0
    assert {o["card"] for o in options(st)} == {team[3]}  # Integrity 3: the only one who may be chosen
    st = respond(act(st, options(st)[0]))
    assert _stopped_by_dilemmas(st) == {team[3]} and all(st["cards"][c]["zone"] == "pile" for c in team)
    assert render_card(DB["4C006"]) == [
        "If you have a Treachery or Integrity<4 personnel, stop a Treachery or Integrity<4 personnel; "
        "otherwise, kill a random personnel."]
    _hidden(st)
    check_invariants(st)

    st, m, team = planet_team("backroom-none", ("T-F1", "T-F7", "T-F2", "T-F3"), "4C006")
    st = respond(attempt(st, m, dilemmas=["4C006"]))
    assert sum(st["cards"][c]["zone"] == "discard" for c in team) == 1  # nobody qualifies: one killed
    check_invariants(st)


def test_guess_whos_coming_to_dinner_reads_integrity_over_six():
    st, m, team = planet_team("dinner", ("T-F2", "T-F3", "T-F4", "T-F5"), "4C015")  # nobody has Diplomacy
    for n, c in enumerate(team):
        _as(st, c, n, integrity=7 if n == 1 else 6)
    st = attempt(st, m, dilemmas=["4C015"])
    assert [o["card"] for o in options(st)] == [team[1]]  # the one with Integrity 7
    st = respond(act(st, options(st)[0]))
    assert _stopped_by_dilemmas(st) == {team[1]}
    assert "a Diplomacy or Integrity>6 personnel" in _text("4C015")
    check_invariants(st)


# ---------------------------------------------------------------- "an attribute>6" (any_of of attributes, rendered after the noun)
def test_dealing_with_pressure_stops_all_three_unless_one_has_an_attribute_over_six():
    st, m, team = planet_team("pressure", ("T-F2", "T-F3", "T-F6"), "4U012")
    for n, c in enumerate(team):
        _as(st, c, n, integrity=6, cunning=6, strength=6)
    st = respond(attempt(st, m, dilemmas=["4U012"]))
    assert _stopped_by_dilemmas(st) == set(team)

    st, m, team = planet_team("pressure-strong", ("T-F2", "T-F3", "T-F6"), "4U012")
    for n, c in enumerate(team):
        _as(st, c, n, integrity=6, cunning=6, strength=7 if n == 2 else 6)
    st = respond(attempt(st, m, dilemmas=["4U012"]))
    assert not _stopped_by_dilemmas(st) & set(team)  # Strength 7: nobody is stopped by it
    assert "Unless at least one of those personnel has Integrity>6, Cunning>6 or Strength>6, stop those " \
           "personnel" in _text("4U012")
    check_invariants(st)


def test_your_moment_is_fading_kills_a_personnel_with_an_attribute_under_five():
    """Two alike personnel (the dilemma costs 2), so whichever is selected has the same attributes."""
    for seed, attrs, outcome in (("fading", (6, 4, 6), "killed"), ("fading-stop", (6, 5, 6), "stopped"),
                                 ("fading-strong", (7, 4, 6), "neither")):
        st, m, team = planet_team(seed, ("T-F6", "T-F6"), "4C031")
        for c in team:
            _as(st, c, 0, integrity=attrs[0], cunning=attrs[1], strength=attrs[2])
        st = respond(attempt(st, m, dilemmas=["4C031"]))
        killed = {c for c in team if st["cards"][c]["zone"] == "discard"}
        stopped = _stopped_by_dilemmas(st)
        assert (len(killed), len(stopped)) == {"killed": (1, 0), "stopped": (0, 1), "neither": (0, 0)}[outcome], seed
        check_invariants(st)


# ---------------------------------------------------------------- counts
def test_in_training_stops_every_other_personnel_who_costs_one_or_two():
    st, m, team = planet_team("training", ("T-F1", "T-F2", "T-F3", "T-F6", "T-F8"), "4R018")  # costs 3, 2, 2, 1, 1
    st = respond(attempt(st, m, dilemmas=["4R018"]))
    cheap = team[1:]
    stopped = _stopped_by_dilemmas(st)
    assert team[0] not in stopped  # costs 3
    assert len(stopped & set(cheap)) == 3 and len(stopped) == 3  # all but the one selected
    check_invariants(st)


def test_a_royal_hunt_and_language_barrier_count_your_headquarters_missions():
    st, m, team = planet_team("royal", ("T-F1", "T-F2", "T-F3", "T-F4", "T-F5"), "4C003")
    st = respond(attempt(st, m, dilemmas=["4C003"]))
    assert len(_stopped_by_dilemmas(st)) == 1  # one headquarters; four left (fewer than nine)
    hunt = next(i for i in st["cards"] if st["cards"][i]["guid"] == "4C003")
    assert st["cards"][hunt]["zone"] == "dilemmas"  # returns to its owner's pile
    assert not ids_seen(st, 0) & (set(st["seats"][1]["dilemmas"]) - {hunt})  # the returned one was seen face up

    st, m, team = planet_team("barrier", ("T-F2", "T-F3", "T-F4", "T-F5"), "4C020")  # no Anthropology
    st = respond(attempt(st, m, dilemmas=["4C020"]))
    assert len(_stopped_by_dilemmas(st)) == 2  # two for the one headquarters
    check_invariants(st)


def test_side_by_side_stops_the_selected_personnel_with_the_named_skill():
    st, m, team = planet_team("side", ("T-F2", "T-F3"), "4U024")
    st = attempt(st, m, dilemmas=["4U024"])
    assert st["pending"]["seat"] == 1  # the dilemma's owner names the skill
    st = respond(act(st, {"type": "choose", "skill": "Medical"}))
    assert _stopped_by_dilemmas(st) == {team[0]}
    check_invariants(st)


def test_renegade_ambush_kills_at_random_only_if_the_opponent_commands_a_jem_hadar():
    st, m, team = planet_team("ambush", ("T-F1", "T-F2", "T-F3"), "4U022")
    st = attempt(st, m, dilemmas=["4U022"])
    assert st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0  # no Jem'Hadar: you choose
    st = respond(act(st, {"type": "choose", "card": team[2]}))
    assert st["cards"][team[2]]["zone"] == "discard"

    st, m, team = planet_team("ambush-jh", ("T-F1", "T-F2", "T-F3"), "4U022")
    jh = put(st, 1, "T-K1", "pile", mission(st, 1, "T-HQK"))
    _as(st, jh, 0, species="Jem'Hadar")
    st = respond(attempt(st, m, dilemmas=["4U022"]))
    assert sum(st["cards"][c]["zone"] == "discard" for c in team) == 1
    check_invariants(st)


# ---------------------------------------------------------------- lose_skills until the end of the dilemma
def test_biochemical_hyperacceleration_blanks_the_three_selected_and_returns_them_to_hand():
    """The three selected cannot use their skills while facing it: the Biology, Geology and Medical
    of the team must come from the others."""
    st, m, team = planet_team("biochem", ("T-F2", "T-F3", "T-F4"), "4R007")
    st = respond(attempt(st, m, dilemmas=["4R007"]))
    assert all(c in st["seats"][0]["hand"] for c in team)  # no Geology anyway: all three to hand
    assert not any(x.get("until") == "end_of_dilemma" for x in st["mods"])
    check_invariants(st)

    st, m, team = planet_team("biochem-met", ("T-F2", "T-F3", "T-F4"), "4R007")
    _as(st, team[2], 0, skills={"Geology": 1, "Biology": 1, "Medical": 1})  # would meet it, but is blanked
    st = respond(attempt(st, m, dilemmas=["4R007"]))
    assert all(c in st["seats"][0]["hand"] for c in team)
    assert "Make those personnel lose all skills until the end of this dilemma" in _text("4R007")
    check_invariants(st)


# ---------------------------------------------------------------- at_end_of_turn + CONDITION mission completed
def _end_turn(st: dict) -> dict:
    """Seat 0 ends his orders; the end of turn runs (any card he must choose to discard is chosen)."""
    st = respond(act(respond(st), {"type": "end_orders"}))
    while st["pending"]["seat"] == 0 and st["pending"]["kind"] == "choose":
        st = respond(act(st, options(st)[0]))
    return st


def test_the_dreamer_and_the_dream_discards_the_hand_at_the_end_of_turn_unless_the_mission_was_completed():
    st, m, team = planet_team("dreamer", ("T-F2", "T-F3"), "4R027")  # cannot complete Survey Planet
    st = attempt(st, m, dilemmas=["4R027"])
    dream = next(i for i in st["cards"] if st["cards"][i]["guid"] == "4R027")
    assert dream in st["cards"][m]["on"]
    hand = list(st["seats"][0]["hand"])
    assert hand
    st = _end_turn(st)
    assert all(st["cards"][c]["zone"] == "discard" for c in hand)
    assert st["cards"][dream]["zone"] == "under"  # overcome at the end of the turn
    check_invariants(st)

    st, m, team = planet_team("dreamer-done", ("T-F1", "T-F7", "T-F2", "T-F3", "T-F5"), "4R027")  # completes it
    st = attempt(st, m, dilemmas=["4R027"])
    assert st["cards"][m].get("completed")
    hand = list(st["seats"][0]["hand"])
    st = _end_turn(st)
    assert all(c in st["seats"][0]["hand"] for c in hand)
    check_invariants(st)


# ---------------------------------------------------------------- may who: opponent + skill_dots
def test_ungracious_hosts_lets_the_owner_discard_the_skill_dots_to_capture_the_chosen_personnel():
    st, m, team = planet_team("hosts", ("T-F1", "T-F2", "T-F3"), "4U029")
    st = attempt(st, m, dilemmas=["4U029"])
    assert st["pending"]["seat"] == 0 and st["pending"]["kind"] == "choose"  # the facing player chooses
    st = act(st, {"type": "choose", "card": team[1]})  # Crusher: Medical 2, Biology — two skill lines
    assert st["pending"]["seat"] == 1
    hand = len(st["seats"][1]["hand"])
    st = act(st, next(o for o in options(st) if o.get("yes") is True))
    while st["pending"]["seat"] == 1 and st["pending"]["kind"] == "choose":
        st = act(st, options(st)[0])
    st = respond(st)
    assert team[1] in st["seats"][1]["brig"] and len(st["seats"][1]["hand"]) == hand - 2
    _hidden(st)
    check_invariants(st)


# ---------------------------------------------------------------- interrupts (no new construct)
def _drive(st: dict, seat: int, card: str | None = None, limit: int = 40) -> dict:
    """Pass response windows (using ``card``'s response when offered) and take the first option of each
    choice until ``seat``'s orders or play step come back."""
    for _ in range(limit):
        p = st["pending"]
        if p["kind"] in ("orders", "play") and p["seat"] == seat:
            return st
        if p["kind"] == "respond":
            use = [o for o in options(st) if card is not None and o.get("card") == card]
            st = act(st, use[0] if use else {"type": "pass"})
        else:
            st = act(st, options(st)[0])
    raise AssertionError("never came back")


def test_operational_necessity_prevents_an_interrupt_for_a_maquis_card_from_hand():
    st = started("op-necessity")
    hq = mission(st, 1, "T-HQK")
    for n, g in enumerate(("T-K1", "T-K2")):  # two [Fed][Maq] personnel of seat 1
        _as(st, put(st, 1, g, "pile", hq), n, affiliations=["federation"], icons=["maquis"])
    necessity = real(st, 1, "T-I1", "4U093", "hand", 1)
    maq = find(st, 1, "T-EV3")
    st["extra_cards"]["X-MAQEV"] = {**st["extra_cards"]["T-EV3"], "id": "X-MAQEV", "icons": ["maquis"]}
    st["cards"][maq]["guid"] = "X-MAQEV"
    S.move(st, maq, "hand", 1)
    lucky = real(st, 0, "T-I2", "4U092", "hand", 0)  # seat 0's One-Upsmanship (Order - download …)
    st = turn_to(st, 0, "orders")
    hand = len(st["seats"][0]["hand"])
    st = act(st, {"type": "play", "card": lucky})
    assert any(o.get("card") == necessity for o in options(st)) and st["pending"]["seat"] == 1
    st = _drive(st, 0, necessity)
    assert st["cards"][maq]["zone"] == "discard" and st["cards"][necessity]["zone"] == "discard"
    assert st["cards"][lucky]["zone"] == "discard" and len(st["seats"][0]["hand"]) == hand - 1  # nothing downloaded
    assert render_card(DB["4U093"])[1] == ("Play when an interrupt is played: discard a [Maq] card from hand to "
                                            "prevent that, then place that card in its owner's discard pile.")
    _hidden(st)
    check_invariants(st)


def test_the_order_of_things_kills_your_unique_jem_hadar_present_to_save_a_vorta():
    """Renegade Ambush (no Jem'Hadar of the opponent's: you choose whom it kills) picks the Vorta; The
    Order of Things kills the unique Jem'Hadar attempting with him instead."""
    st, m, team = planet_team("order-of-things", ("T-F1", "T-F7", "T-F2", "T-F3"), "4U022")
    vorta = _as(st, team[0], 0, species="Vorta")
    jh = _as(st, team[1], 1, species="Jem'Hadar", unique=True)
    order = real(st, 0, "T-I1", "4C097", "hand", 0)
    st = attempt(st, m, dilemmas=["4U022"])
    st = act(st, {"type": "choose", "card": vorta})
    assert any(o.get("card") == order for o in options(st))
    st = respond(st, order)
    while st["pending"]["seat"] == 0 and st["pending"]["kind"] == "choose":  # the cost: the Jem'Hadar present
        assert [o["card"] for o in options(st)] == [jh]
        st = respond(act(st, options(st)[0]))
    assert st["cards"][vorta]["zone"] == "pile" and st["cards"][jh]["zone"] == "discard"
    assert "kill one of your unique Jem'Hadar personnel present with that card to prevent that" in _text("4C097")
    check_invariants(st)


def test_allies_on_the_inside_downloads_a_dissident_and_discards_its_cost_then_leaves_the_game():
    st = started("allies")
    allies = real(st, 0, "T-I1", "4R085", "hand", 0)
    dissident = find(st, 0, "T-F1")  # Picard, cost 3, re-dealt as a Dissident in the deck
    _as(st, dissident, 0, keywords=["Dissident"])
    S.move(st, dissident, "deck", 0)
    st = turn_to(st, 0, "orders")
    hand = len(st["seats"][0]["hand"])
    st = _drive(act(st, {"type": "play", "card": allies}), 0)
    assert dissident in st["seats"][0]["hand"]
    assert len(st["seats"][0]["hand"]) == hand - 1 + 1 - 3  # the interrupt played, one downloaded, three discarded
    assert st["cards"][allies]["zone"] == "out"
    check_invariants(st)


def test_one_upsmanship_shuffles_the_opponents_copies_into_their_decks():
    st = started("one-up")
    hq1 = mission(st, 1, "T-HQK")
    worf = put(st, 1, "T-K1", "pile", hq1)
    one_up = real(st, 0, "T-I1", "4U092", "hand", 0)
    mine = find(st, 0, "T-F1")
    st["cards"][mine]["guid"] = "T-K1"  # a copy of Worf in seat 0's deck
    S.move(st, mine, "deck", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "play", "card": one_up})
    st = act(st, {"type": "choose", "card": mine})
    st = _drive(st, 0)
    assert worf in st["seats"][1]["deck"] and mine in st["seats"][0]["deck"]
    check_invariants(st)


def test_chance_observation_counts_the_non_events_revealed_from_the_opponents_deck():
    st, m, team = planet_team("chance", ("T-F1", "T-F7", "T-F2", "T-F3"), "4U024")
    rom = _as(st, team[0], 0, affiliations=["romulan"])
    chance = real(st, 0, "T-I2", "4C087", "hand", 0)
    deck = st["seats"][1]["deck"]
    top = [next(i for i in deck if S.ctype(st, i) == "event")] + [i for i in deck if S.ctype(st, i) == "personnel"][:2]
    for c in top:
        deck.remove(c)
    deck[0:0] = top
    before = ST.value(st, rom, "cunning")
    st = attempt(st, m, dilemmas=["4U024"], respond_with=chance)
    while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0:
        st = act(st, {"type": "choose", "card": rom} if {"type": "choose", "card": rom} in options(st) else options(st)[0])
    assert ST.value(st, rom, "cunning") == before + 2  # two personnel, one event
    assert st["seats"][1]["deck"][:3] == top  # revealed, left on top
    check_invariants(st)


def test_the_rite_of_emergence_gives_your_host_treachery_and_a_skill_of_your_choice():
    st, m, team = planet_team("rite", ("T-F1", "T-F7", "T-F2", "T-F3"), "4U024")
    host = _as(st, team[2], 0, keywords=["Host"])
    rite = real(st, 0, "T-I2", "4R098", "hand", 0)
    hand = len(st["seats"][0]["hand"])
    st = attempt(st, m, dilemmas=["4U024"], respond_with=rite)
    while st["pending"]["seat"] == 0 and st["pending"]["kind"] == "choose":
        opts = options(st)
        st = act(st, {"type": "choose", "skill": "Geology"} if any(o.get("skill") for o in opts) else opts[0])
    assert ST.value(st, host, "Treachery") == 1 and ST.value(st, host, "Geology") == 1
    assert len(st["seats"][0]["hand"]) == hand - 3  # the interrupt and two random cards
    check_invariants(st)


# ---------------------------------------------------------------- a dilemma's play_cost + FILTER in_core
def _to_top(st: dict, guid: str) -> str:
    pile = st["seats"][1]["dilemmas"]
    d = next(i for i in pile if st["cards"][i]["guid"] == guid)
    pile.remove(d)
    pile.insert(0, d)
    return d


def test_formal_hearing_costs_one_less_for_each_event_in_its_owners_core():
    """Formal Hearing costs 7: six attempting personnel cannot afford it, unless its owner commands an
    event in his core (6); an event in the attempting player's core does not count."""
    team = ("T-F1", "T-F2", "T-F3", "T-F4", "T-F5", "T-F7")
    st, m, people = planet_team("hearing-none", team, "4U014")
    real(st, 0, "T-EV1", "T-EV1", "core", 0)  # the attempting player's event: not "your opponent's"
    _to_top(st, "4U014")
    st = act(st, {"type": "attempt", "mission": m})
    st = respond(st)
    hearing = next(i for i in st["cards"] if st["cards"][i]["guid"] == "4U014")
    assert st["pending"]["kind"] == "choose_dilemma" and hearing in st["seats"][1]["drawn"]
    assert {"type": "choose_dilemma", "card": hearing} not in options(st)

    st, m, people = planet_team("hearing-core", team, "4U014")
    real(st, 1, "T-EV1", "T-EV1", "core", 1)
    _to_top(st, "4U014")
    st = respond(act(st, {"type": "attempt", "mission": m}))
    hearing = next(i for i in st["cards"] if st["cards"][i]["guid"] == "4U014")
    assert {"type": "choose_dilemma", "card": hearing} in options(st)
    st = act(st, {"type": "choose_dilemma", "card": hearing})
    assert st["attempt"]["spent"] == 6
    assert not ids_seen(st, 0) & (set(st["seats"][1]["drawn"]) | {hearing})  # still face down to the attempter
    st = respond(act(st, {"type": "choose_dilemma", "card": None}) if st["pending"]["kind"] == "choose_dilemma" else st)
    assert len(_stopped_by_dilemmas(st)) == 3
    assert render_card(DB["4U014"])[0] == "This dilemma is Cost -1 for each of an opponent's event in a core."
    assert DB["4R028~2"]["mechanics"] == DB["4R028"]["mechanics"]
    check_invariants(st)


def test_on_foreign_ground_may_be_prevented_by_discarding_the_hand_and_not_with_an_event_in_your_core():
    st, m, team = planet_team("foreign", ("T-F1", "T-F2", "T-F3"), "4C021")
    st = attempt(st, m, dilemmas=["4C021"])
    assert st["pending"]["seat"] == 0 and {"type": "yes_no", "yes": True} in options(st)  # discard the hand?
    hand = list(st["seats"][0]["hand"])
    st = act(st, {"type": "yes_no", "yes": True})
    while st["pending"]["seat"] == 0 and st["pending"]["kind"] == "choose":
        st = act(st, options(st)[0])
    st = respond(st)
    assert all(st["cards"][c]["zone"] == "discard" for c in hand) and all(st["cards"][c]["zone"] == "pile" for c in team)

    st, m, team = planet_team("foreign-kill", ("T-F1", "T-F2", "T-F3"), "4C021")
    st = attempt(st, m, dilemmas=["4C021"])
    st = act(st, {"type": "yes_no", "yes": False})
    assert st["pending"]["seat"] == 1 and st["pending"]["kind"] == "choose"  # the owner chooses one (one HQ)
    st = respond(act(st, options(st)[0]))
    assert sum(st["cards"][c]["zone"] == "discard" for c in team) == 1

    st, m, team = planet_team("foreign-core", ("T-F1", "T-F2", "T-F3"), "4C021")
    real(st, 0, "T-EV1", "T-EV1", "core", 0)
    hand = list(st["seats"][0]["hand"])
    st = respond(attempt(st, m, dilemmas=["4C021"]))
    assert st["seats"][0]["hand"] == hand and all(st["cards"][c]["zone"] == "pile" for c in team)
    check_invariants(st)


# ---------------------------------------------------------------- verb prevent_dilemma
def test_knowledge_and_experience_prevents_and_overcomes_the_dilemma_for_five_points():
    """Three [Bor] personnel and one of seat 1's personnel under seat 0's command face Back Room
    Dealings: losing 5 points prevents it (nobody is stopped or killed) and overcomes it."""
    st, m, team = planet_team("knowledge", ("T-F1", "T-F2", "T-F3"), "4C006")
    for n, c in enumerate(team):
        _as(st, c, n, affiliations=["borg"])
    taken = put(st, 1, "T-K6", "pile", m)  # Envoy (Treachery), owned by seat 1
    st["cards"][taken]["commander"] = 0
    ke = real(st, 0, "T-I1", "4R089", "hand", 0)
    st["seats"][0]["score"] = 10
    st = attempt(st, m, dilemmas=["4C006"], respond_with=ke)
    st = respond(st)
    dealings = next(i for i in st["cards"] if st["cards"][i]["guid"] == "4C006")
    assert st["cards"][dealings]["zone"] == "under" and dealings in st["cards"][m].get("under", [dealings])
    assert not _stopped_by_dilemmas(st) and all(st["cards"][c]["zone"] == "pile" for c in team + [taken])
    assert st["seats"][0]["score"] == 10 - 5 + (35 if st["cards"][m].get("completed") else 0)  # Survey Planet: 35
    assert st["cards"][ke]["zone"] == "out"
    assert render_card(DB["4R089"])[1].endswith("lose 5 points to prevent and overcome that dilemma, then remove "
                                                 "this interrupt from the game.")
    check_invariants(st)


def test_knowledge_and_experience_is_not_offered_without_a_personnel_you_command_but_do_not_own():
    st, m, team = planet_team("knowledge-own", ("T-F1", "T-F2", "T-F3", "T-F5"), "4C006")
    for n, c in enumerate(team):
        _as(st, c, n, affiliations=["borg"])
    ke = real(st, 0, "T-I1", "4R089", "hand", 0)
    st = attempt(st, m, dilemmas=["4C006"])
    assert st["cards"][ke]["zone"] == "hand"  # never offered: it stayed in hand
    assert sum(st["cards"][c]["zone"] == "discard" for c in team) == 1  # Back Room Dealings resolved: one killed


# ---------------------------------------------------------------- FILTER requirement_skill
def test_in_the_way_stops_the_selected_personnel_only_if_he_has_a_skill_the_mission_requires():
    """Survey Planet requires Anthropology and Diplomacy: Troi (Anthropology, Diplomacy) is stopped,
    Crusher (Medical, Biology) is not."""
    st, m, team = planet_team("in-the-way", ("T-F7",), "4C017")
    st = respond(attempt(st, m, dilemmas=["4C017"]))
    assert _stopped_by_dilemmas(st) == {team[0]}
    st, m, team = planet_team("in-the-way-not", ("T-F2",), "4C017")
    st = respond(attempt(st, m, dilemmas=["4C017"]))
    assert _stopped_by_dilemmas(st) == set()
    assert _text("4C017") == ("Select a random personnel. Stop each of those personnel that has a skill listed in "
                              "the requirements of the mission attempted.")
    check_invariants(st)


# ---------------------------------------------------------------- gain_skills any_skill + none_has
def test_natural_instincts_names_only_a_skill_none_of_the_personnel_facing_the_dilemma_has():
    st, m, team = planet_team("instincts", ("T-F1", "T-F2", "T-F3"), "4U024")
    resistance = _as(st, team[1], 0, keywords=["Bajoran Resistance"])
    natural = real(st, 0, "T-I2", "4U091", "hand", 0)
    st = attempt(st, m, dilemmas=["4U024"], respond_with=natural)
    while st["pending"]["seat"] == 0 and st["pending"]["kind"] == "choose" and not any(o.get("skill") for o in options(st)):
        st = act(st, {"type": "choose", "card": resistance})
    named = {o["skill"] for o in options(st)}
    had = {"Leadership", "Diplomacy", "Anthropology", "Medical", "Biology", "Engineer", "Physics"}
    assert named and not named & had and "Geology" in named
    st = act(st, {"type": "choose", "skill": "Geology"})
    assert ST.value(st, resistance, "Geology") == 1
    st = respond(st)
    assert st["pending"]["seat"] == 1  # Side by Side: its owner names a skill
    st = respond(act(st, {"type": "choose", "skill": "Medical"}))
    assert ST.value(st, resistance, "Geology") == 0  # until the end of that dilemma
    check_invariants(st)


# ---------------------------------------------------------------- CONDITION has_skills_of
def test_broken_captive_stops_everyone_unless_they_have_the_skills_on_the_chosen_captive():
    """Seat 1 holds La Forge (Engineer 2, Physics) captive: a team without 2 Engineer is stopped; one with
    them is not."""
    for seed, team, stopped in (("captive", ("T-F1", "T-F7", "T-F8"), True), ("captive-met", ("T-F3", "T-F7", "T-F4"), False)):
        st, m, people = planet_team(seed, team, "4R009")
        captive = put(st, 0, "T-F3", "brig", 1)
        st = attempt(st, m, dilemmas=["4R009"])
        assert st["pending"]["seat"] == 1 and options(st) == [{"type": "choose", "card": captive}]
        st = respond(act(st, options(st)[0]))
        assert (_stopped_by_dilemmas(st) == set(people)) == stopped, seed
        assert st["cards"][captive]["zone"] == "brig"
        check_invariants(st)
    assert _text("4R009") == ("Select a personnel held in an opponent's brig (your opponent chooses). Unless you have "
                              "the skills on that personnel, stop all your attempting personnel.")


# ---------------------------------------------------------------- CONDITION has_mission_skills + verb return_unfaced
def test_lack_of_preparation_returns_itself_and_the_dilemmas_not_yet_faced_unless_the_skills_are_there():
    """Survey Planet needs Anthropology and Diplomacy (and Integrity>20, which does not count here)."""
    st, m, team = planet_team("lack", ("T-F2", "T-F3", "T-F4", "T-F5", "T-F6", "T-F8"), "4C019", "4C013", "4R018")
    st = attempt(st, m, dilemmas=["4C019", "4C013", "4R018"])
    st = respond(st)
    rest = [i for i in st["cards"] if st["cards"][i]["guid"] in ("4C013", "4R018")]
    lack = next(i for i in st["cards"] if st["cards"][i]["guid"] == "4C019")
    assert not st["seats"][1]["stack"] and all(st["cards"][i]["zone"] == "dilemmas" for i in rest + [lack])
    assert not _stopped_by_dilemmas(st)  # the others were never faced
    assert not ids_seen(st, 0) & set(rest)  # never revealed: still unseen by the attempting player
    check_invariants(st)

    st, m, team = planet_team("lack-met", ("T-F7", "T-F2", "T-F3", "T-F4", "T-F5", "T-F6"), "4C019", "4C013", "4R018")
    st = attempt(st, m, dilemmas=["4C019", "4C013", "4R018"])
    st = respond(st)
    lack = next(i for i in st["cards"] if st["cards"][i]["guid"] == "4C019")
    assert st["cards"][lack]["zone"] == "under"  # Troi has both skills: overcome, the next ones faced
    assert any(e["event"] == "revealed" and st["cards"][e["card"]]["guid"] == "4C013" for e in st["log"])
    check_invariants(st)


# ---------------------------------------------------------------- FILTER in_attempt + verb join_attempt
def test_the_first_of_many_unstops_another_borg_present_who_joins_the_attempt():
    """Echo Papa Stasis Field stops one of three attempting Borg; The First of Many unstops the stopped
    Borg beside them (stopped before the attempt), who joins it: with his Anthropology and Diplomacy
    the attempt completes Survey Planet."""
    st, m, team = planet_team("first-of-many", ("T-F1", "T-F2", "T-F3"), "4C013")
    for n, c in enumerate(team):
        _as(st, c, n, affiliations=["borg"], species="Borg", skills={"Security": 1}, integrity=8)
    joiner = _as(st, put(st, 0, "T-F5", "pile", m), 5, affiliations=["borg"], species="Borg",
                 skills={"Anthropology": 1, "Diplomacy": 1}, integrity=8)
    st["cards"][joiner]["stopped"] = True
    first = real(st, 0, "T-I1", "4C096", "hand", 0)
    top = st["seats"][0]["deck"][0]
    st = attempt(st, m, dilemmas=["4C013"], respond_with=first)
    while st["pending"]["seat"] == 0 and st["pending"]["kind"] == "choose":
        st = act(st, {"type": "choose", "card": joiner})
    st = respond(st)
    assert st["cards"][top]["zone"] == "discard"  # the cost: the top card of the deck
    assert st["cards"][m].get("completed") and not st["cards"][joiner]["stopped"]
    check_invariants(st)


def test_the_first_of_many_is_not_offered_for_a_personnel_not_in_the_attempt():
    from rules.startrek2e import glossary as G
    st, m, team = planet_team("first-not", ("T-F1", "T-F2", "T-F3"), "4C013")
    for n, c in enumerate(team):
        _as(st, c, n, affiliations=["borg"], species="Borg")
    other = _as(st, put(st, 0, "T-F5", "pile", m), 5, affiliations=["borg"], species="Borg")
    st["cards"][other]["stopped"] = True
    first = real(st, 0, "T-I1", "4C096", "hand", 0)
    G.stop(st, team[0])  # no attempt under way: not "while attempting a mission"
    assert not any(o.get("card") == first for w in st["windows"] for o in w.get("options", []))
    st = respond(st)
    assert st["cards"][first]["zone"] == "hand"


# ---------------------------------------------------------------- Reborn (FILTER together in a play requirement)
def test_reborn_takes_command_of_an_opponents_personnel_present_with_three_borg():
    st = started("reborn")
    m = mission(st, 0, "T-P1")
    for n, g in enumerate(("T-F1", "T-F2", "T-F3")):
        _as(st, put(st, 0, g, "pile", m), n, affiliations=["borg"])
    victim = put(st, 1, "T-K2", "pile", m)
    reborn = real(st, 0, "T-I1", "4U095", "hand", 0)
    st["seats"][0]["score"] = 10
    st = turn_to(st, 0, "orders")
    assert {"type": "play", "card": reborn} in options(st)
    st = _drive(act(st, {"type": "play", "card": reborn}), 0)
    assert st["cards"][victim]["commander"] == 0 and st["cards"][victim]["owner"] == 1
    assert st["seats"][0]["score"] == 5
    check_invariants(st)

    st = started("reborn-hq")
    hq = mission(st, 0, "T-HQF")
    for n, g in enumerate(("T-F1", "T-F2", "T-F3")):
        _as(st, put(st, 0, g, "pile", hq), n, affiliations=["borg"])
    reborn = real(st, 0, "T-I1", "4U095", "hand", 0)
    st = turn_to(st, 0, "orders")
    assert {"type": "play", "card": reborn} not in options(st)  # together at a headquarters: not enough


# ---------------------------------------------------------------- name_skill count + except, CONDITION has_named_skills
def _counterinsurgency(seed: str, names: list):
    st, m, team = planet_team(seed, ("T-F1", "T-F2", "T-F3"), "4R011")  # Medical 2, no Geology
    events = []
    for g in ("T-EV2", "T-EV3"):
        e = find(st, 1, g, zones=("deck",))
        S.move(st, e, "hand", 1)
        events.append(e)
    st = attempt(st, m, dilemmas=["4R011"])
    for e in events[:len(names)]:
        assert st["pending"]["seat"] == 1 and {"type": "choose", "card": None} in options(st)  # any number
        assert all(S.ctype(st, o["card"]) in ("event", "equipment") for o in options(st) if o["card"])
        st = act(st, {"type": "choose", "card": e})
    if any("card" in o for o in options(st)):  # his hand holds other events: he stops there
        st = act(st, {"type": "choose", "card": None})
    for skill in names:
        assert st["pending"]["seat"] == 1 and {"type": "choose", "skill": "Law"} not in options(st)  # except Law
        st = act(st, {"type": "choose", "skill": skill})
    return respond(st), team, events


def test_counterinsurgency_program_stops_everyone_unless_they_have_each_skill_named():
    st, team, events = _counterinsurgency("counter", ["Medical", "Geology"])
    assert all(st["cards"][e]["zone"] == "discard" for e in events)
    assert _stopped_by_dilemmas(st) == set(team)  # no Geology
    check_invariants(st)
    st, team, events = _counterinsurgency("counter-met", ["Medical"])
    assert not _stopped_by_dilemmas(st) and st["cards"][events[1]]["zone"] == "hand"
    _hidden(st)
    check_invariants(st)


# ---------------------------------------------------------------- scope under + verb place_on_stack
def test_talosian_trial_puts_an_overcome_planet_dilemma_back_on_top_of_the_stack():
    """Echo Papa Stasis Field (planet) and B'omar Stipulations (space) of seat 1's lie overcome beneath
    seat 0's Rescue Colonists; Talosian Trial at Survey Planet: seat 1 may take only the planet one, which
    is faced next and stops a Security personnel."""
    st, m, team = planet_team("talosian", ("T-F5", "T-F5", "T-F7"), "4R025", "4C013", "4C005")
    other = mission(st, 0, "T-P2")
    beneath = []
    for g in ("4C013", "4C005"):
        d = find(st, 1, g)
        S.move(st, d, "under", other)
        st["cards"][d]["face_up"] = True
        beneath.append(d)
    pile = st["seats"][1]["dilemmas"]  # three drawn; the fourth is what the Trial's "Consume: 1" places beneath
    ion = next(i for i in pile if st["cards"][i]["guid"] == "T-D3")  # Survey Planet: a space one, never chosen
    pile.remove(ion)
    pile.insert(3, ion)
    st = attempt(st, m, dilemmas=["4R025"])
    assert st["cards"][ion]["zone"] == "under" and st["cards"][ion]["in"] == m  # consumed (RULES.md "Consume")
    assert st["pending"]["seat"] == 1 and options(st) == [{"type": "choose", "card": beneath[0]}]
    st = respond(act(st, options(st)[0]))
    assert beneath[0] in st["cards"][m]["under"] and beneath[1] in st["cards"][other]["under"]
    assert len(_stopped_by_dilemmas(st)) == 0  # the Trial itself stops nobody: Echo Papa is faced after it
    log = st["log"]
    start = next(n for n, e in enumerate(log) if e["event"] == "revealed" and e["card"] == beneath[0])
    end = next(n for n, e in enumerate(log) if e["event"] == "overcome" and e["card"] == beneath[0])
    assert [e["card"] for e in log[start:end] if e["event"] == "stopped"] in ([team[0]], [team[1]])  # a Security one
    check_invariants(st)


# ---------------------------------------------------------------- trigger checking_requirements + verb subtract_requirement
def test_outlining_the_stakes_subtracts_a_skill_from_the_mission_requirements():
    """Three [Rom] personnel with Anthropology but no Diplomacy at Survey Planet (Anthropology, Diplomacy,
    Integrity>20): for 5 points, Diplomacy is subtracted and the mission is completed."""
    for seed, use in (("stakes", True), ("stakes-not", False)):
        st, m, team = planet_team(seed, ("T-F7", "T-F2", "T-F3"), "4C013")
        for n, c in enumerate(team):
            _as(st, c, n, affiliations=["romulan"], skills={"Anthropology": 1} if n == 0 else {"Biology": 1}, integrity=8)
        stakes = real(st, 0, "T-I1", "4R094", "hand", 0)
        st["seats"][0]["score"] = 10
        st = attempt(st, m, dilemmas=["4C013"], respond_with=stakes if use else None)
        if use:
            assert st["pending"]["seat"] == 0 and {o["skill"] for o in options(st)} == {"Anthropology", "Diplomacy"}
            st = respond(act(st, {"type": "choose", "skill": "Diplomacy"}))
        assert bool(st["cards"][m].get("completed")) == use, seed
        assert st["seats"][0]["score"] == (10 - 5 + 35 if use else 10)
        check_invariants(st)
