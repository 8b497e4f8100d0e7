"""Call to Arms (set 3, issue 17): the events, interrupts, dilemmas, missions and equipment —
each new construct played through the reducer with the real Call to Arms card (its authored
mechanics from the card database), and the hidden piles and hands checked in every view
(EFFECTS.md §4 "Call to Arms"; RULES.md "Call to Arms (set 3) readings").

A mission's own ``attempt_with`` (``missions: {"self": true}``, ``regardless: false``):
"You may attempt and complete this mission using your [Dom] personnel with these requirements"
(Camping Trip and fifteen others) — unlike For the Cause it says nothing of effects preventing
the attempt, so "cannot attempt" keywords and "cannot complete" texts still hold; ``points``:
"… for 35 points using your [Bor] personnel" (Destroy Transwarp Hub)."""

from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card
from rules.startrek2e import stats as ST

from .helpers import act, attempt, check_invariants, find, ids_seen, mission, options, put, real, respond, started, turn_to

DB = card_db()



def _as(st: dict, guid: str, n: int, affiliation: str, skills: dict, **attrs) -> str:
    """A fixture personnel re-dealt as a card of ``affiliation`` with ``skills``."""
    base = st["extra_cards"][guid]
    key = f"X-CA{n}"
    st["extra_cards"][key] = {**base, "id": key, "title": f"Trooper {n}", "affiliations": [affiliation],
                              "icons": [], "skills": skills, **attrs}
    return key


def _real_mission(st: dict, seat: int, fixture: str, cid: str) -> str:
    m = mission(st, seat, fixture)
    st["extra_cards"][cid] = DB[cid]
    st["cards"][m]["guid"] = cid
    return m


def _no_dilemmas(st: dict) -> dict:
    st = respond(st)
    while st["pending"]["kind"] == "choose_dilemma":  # seat 1 sets no dilemma
        st = act(st, {"type": "choose_dilemma", "card": None})
    return respond(st)


def _camping(seed: str):
    """Seat 0's Camping Trip ([Baj][Fed][Fer] planet; "using your [Dom] personnel … Anthropology,
    Intelligence, Security, Treachery, and Cunning>34") with four Dominion personnel of Cunning 9 and a
    Federation personnel on it."""
    st = started(seed)
    m = _real_mission(st, 0, "T-P1", "3U084")
    skills = [{"Anthropology": 1}, {"Intelligence": 1}, {"Security": 1}, {"Treachery": 1}]
    dom = []
    for n, (guid, sk) in enumerate(zip(("T-F1", "T-F3", "T-F5", "T-F7"), skills)):
        key = _as(st, guid, n, "dominion", sk, cunning=9)
        iid = put(st, 0, guid, "pile", m)
        st["cards"][iid]["guid"] = key
        dom.append(iid)
    fed = put(st, 0, "T-F2", "pile", m)
    return turn_to(st, 0, "orders"), m, dom, fed


def test_camping_trip_lets_dominion_personnel_attempt_and_complete_with_its_requirements():
    st, m, dom, fed = _camping("camping")
    opts = [o for o in options(st, "attempt") if o["mission"] == m]
    assert {"type": "attempt", "mission": m, "using": [m, 0]} in opts  # the mission's own text
    score = st["seats"][0]["score"]
    st = act(st, {"type": "attempt", "mission": m, "using": [m, 0]})
    assert st["attempt"]["personnel"] == dom and fed not in st["attempt"]["personnel"]  # the [Dom] only
    st = _no_dilemmas(st)
    assert st["cards"][m].get("completed")  # four skills, Cunning 36>34
    assert st["seats"][0]["score"] == score + DB["3U084"]["points"]
    assert not ids_seen(st, 0) & set(st["seats"][1]["dilemmas"])  # seat 1's pile stays hidden
    assert render_card(DB["3U084"]) == [
        "You may attempt and complete this mission using your [Dom] personnel with these requirements: "
        "Anthropology, Intelligence, Security, Treachery and Cunning>34."]
    check_invariants(st)


def test_camping_trip_keeps_cannot_attempt_and_its_requirements():
    st, m, dom, fed = _camping("camping-bound")
    key = st["cards"][dom[3]]["guid"]  # the Treachery personnel "cannot attempt missions"
    st["extra_cards"][key]["mechanics"] = [{"kind": "keyword", "keyword": "cant_attempt"}]
    st = act(st, {"type": "attempt", "mission": m, "using": [m, 0]})
    assert dom[3] not in st["attempt"]["personnel"]  # not "regardless of effects preventing" (For the Cause)
    st = _no_dilemmas(st)
    assert not st["cards"][m].get("completed")  # no Treachery, Cunning 27: the requirements are not met
    assert all(st["cards"][c]["stopped"] for c in dom[:3])
    check_invariants(st)


def test_camping_trip_is_not_offered_without_dominion_personnel():
    st, m, dom, fed = _camping("camping-none")
    for c in dom:
        st["cards"][c]["stopped"] = True
    st = turn_to(st, 0, "orders")  # the options are made again
    assert [o for o in options(st, "attempt") if o["mission"] == m] == [{"type": "attempt", "mission": m}]


def test_destroy_transwarp_hub_scores_35_points_when_the_borg_complete_it():
    """ "You may attempt and complete this mission for 35 points using your [Bor] personnel":
    a mission worth 50 scores 35 completed this way (``points``)."""
    st = started("transwarp")
    m = _real_mission(st, 0, "T-S1", "3U087")
    ship = put(st, 0, "T-SF", "ships", m)
    skills = [{"Engineer": 1}, {"Programming": 1}, {"Security": 1}, {"Security": 1}]
    borg = []
    for n, (guid, sk) in enumerate(zip(("T-F1", "T-F3", "T-F5", "T-F7"), skills)):
        key = _as(st, guid, n, "borg", sk, cunning=9)
        iid = put(st, 0, guid, "aboard", ship)
        st["cards"][iid]["guid"] = key
        borg.append(iid)
    st = turn_to(st, 0, "orders")
    using = {"type": "attempt", "mission": m, "ship": ship, "using": [m, 0]}
    assert using in options(st, "attempt")
    score = st["seats"][0]["score"]
    st = _no_dilemmas(act(st, using))
    assert st["cards"][m].get("completed")
    assert DB["3U087"]["points"] == 50 and st["seats"][0]["score"] == score + 35
    assert "for 35 points using your [Bor] personnel" in render_card(DB["3U087"])[0]
    check_invariants(st)


# ---------------------------------------------------------------- personnel_stopped says by_dilemma
def _romulans(seed: str, dilemma: str):
    """Seat 0's three [Rom] personnel (one unique) and La Forge on his planet T-P1, Dissolving the Senate in his
    core; seat 1's first dilemma turned into the real ``dilemma``."""
    st = started(seed)
    m = mission(st, 0, "T-P1")
    rom = []
    put(st, 0, "T-F3", "pile", m)  # a Federation personnel: the mission's icon
    for n, guid in enumerate(("T-F2", "T-F4", "T-F5")):
        key = _as(st, guid, n, "romulan", {"Security": 1}, unique=(n == 0))
        iid = put(st, 0, guid, "pile", m)
        st["cards"][iid]["guid"] = key
        rom.append(iid)
    senate = real(st, 0, "T-EV1", "3U042", "core", 0)
    real(st, 1, "T-D1", dilemma)
    return turn_to(st, 0, "orders"), m, rom, senate


def test_dissolving_the_senate_answers_a_personnel_stopped_by_a_dilemma():
    """Miner Disagreement stops a random personnel (no Anthropology, Diplomacy …): the stop is by a
    dilemma, so Dissolving the Senate is offered; the unique [Rom] present is attributes +4 while
    History Repeats Itself (nobody has Anthropology: the player chooses one of three to stop) is
    still being faced, and no longer once the attempt is over."""
    st, m, rom, senate = _romulans("senate", "3C017")
    real(st, 1, "T-D2", "3C014")
    before = {s: ST.value(st, rom[0], s) for s in ("integrity", "cunning", "strength")}
    st = attempt(st, m, dilemmas=["3C017", "3C014"], respond_with=senate)
    assert st["cards"][senate]["zone"] == "discard"  # destroyed: the cost
    assert st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0
    st = respond(act(st, {"type": "choose", "card": rom[0]}))  # the unique personnel present
    assert st["attempt"] and st["pending"]["kind"] == "choose"  # History Repeats Itself: choose one
    assert all(ST.value(st, rom[0], s) == before[s] + 4 for s in before)
    st = respond(act(st, options(st)[0]))
    assert not st.get("attempt") and all(ST.value(st, rom[0], s) == before[s] for s in before)
    check_invariants(st)


def test_dissolving_the_senate_is_not_offered_for_a_stop_by_the_rules():
    """A stop not made by a dilemma's text (here an order of the player's own) is not "stopped by a
    dilemma"."""
    from rules.startrek2e import glossary as G
    st, m, rom, senate = _romulans("senate-rules", "3S030")
    G.stop(st, rom[1])
    assert not any(w for w in st["windows"] if any(o.get("card") == senate for o in w.get("options", [])))
    st["cards"][rom[1]]["stopped"] = False
    G.stop(st, rom[1], by_dilemma=True)
    assert st["windows"]  # the same stop by a dilemma opens its window


# ---------------------------------------------------------------- examine PICK filter
def test_you_could_be_invaluable_takes_only_a_non_maquis_personnel_revealed():
    """"Reveal the top four cards of your deck and take a non-[Maq] personnel revealed into hand.
    Place the remaining cards on the bottom of your deck in any order." (PICK ``filter``)."""
    st = started("invaluable")
    hq = mission(st, 0, "T-HQF")
    for n, guid in enumerate(("T-F2", "T-F4")):  # two [Fed][Maq] personnel
        key = _as(st, guid, n, "federation", {"Security": 1}, icons=["maquis"])
        iid = put(st, 0, guid, "pile", hq)
        st["cards"][iid]["guid"] = key
    card = real(st, 0, "T-I1", "3U080", "hand", 0)
    deck = st["seats"][0]["deck"]
    maq = next(i for i in deck if st["cards"][i]["guid"] == "T-F1")
    st["extra_cards"]["X-MAQ"] = {**st["extra_cards"]["T-F1"], "id": "X-MAQ", "icons": ["maquis"]}
    st["cards"][maq]["guid"] = "X-MAQ"  # a [Maq] personnel: not takeable
    fed = next(i for i in deck if st["cards"][i]["guid"] == "T-F5")
    others = [i for i in deck if st["cards"][i]["guid"] in ("T-EV2", "T-EQ1")][:2]
    top = [maq, others[0], fed, others[1]]
    for c in top:
        deck.remove(c)
    deck[0:0] = top
    st = turn_to(st, 0, "orders")
    st = respond(act(st, next(o for o in options(st) if o.get("card") == card)))
    assert st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0
    assert options(st) == [{"type": "choose", "card": fed}]  # not the [Maq] one, not the event or equipment
    st = act(st, options(st)[0])
    while st["pending"]["kind"] == "choose":  # the rest on the bottom, in any order
        st = act(st, options(st)[0])
    st = respond(st)
    assert fed in st["seats"][0]["hand"]
    assert set(st["seats"][0]["deck"][-3:]) == {maq, *others}
    assert "take one personnel (except a [Maq] personnel) among them into hand" in render_card(DB["3U080"])[1]
    check_invariants(st)


# ---------------------------------------------------------------- FILTER aboard_attempting_ship
def test_dont_let_it_end_this_way_kills_a_stopped_personnel_aboard_the_attempting_ship_only():
    """"Randomly select one of your stopped personnel on this ship to be killed": the stopped
    personnel aboard the other ship at the same mission is never selected."""
    st = started("dont-let-it-end")
    m = mission(st, 0, "T-S1")
    ship, other = put(st, 0, "T-SF", "ships", m), put(st, 0, "T-SF2", "ships", m)
    crew = [put(st, 0, g, "aboard", ship) for g in ("T-F1", "T-F3", "T-F4", "T-F5")]
    mine = put(st, 0, "T-F6", "aboard", ship)
    there = put(st, 0, "T-F7", "aboard", other)
    st["cards"][mine]["stopped"] = st["cards"][there]["stopped"] = True
    real(st, 1, "T-D1", "3C008")
    st = turn_to(st, 0, "orders")
    st = respond(attempt(st, m, dilemmas=["3C008"], ship=ship))
    assert st["cards"][mine]["zone"] == "discard"  # the only stopped personnel on this ship
    assert st["cards"][there]["zone"] == "aboard" and all(st["cards"][c]["zone"] == "aboard" for c in crew)
    assert render_card(DB["3C008"]) == ["Kill one of your stopped personnel aboard the attempting ship, "
                                        "selected at random."]
    check_invariants(st)


# ---------------------------------------------------------------- keyword attempt_min
def test_skeleton_crew_needs_six_personnel_to_begin_and_is_overcome_when_the_mission_is_completed():
    """Skeleton Crew lies on the mission ("Place this dilemma on this mission"): an attempt there may
    begin only with six personnel involved; completing the mission overcomes it."""
    st = started("skeleton")
    m = mission(st, 0, "T-P1")
    four = [put(st, 0, g, "pile", m) for g in ("T-F2", "T-F3", "T-F4", "T-F5")]  # no Anthropology, Diplomacy
    real(st, 1, "T-D1", "3U028")
    st = turn_to(st, 0, "orders")
    st = respond(attempt(st, m, dilemmas=["3U028"]))
    crew = next(c for c in st["cards"] if st["cards"][c]["guid"] == "3U028")
    assert crew in st["cards"][m]["on"] and not st["cards"][m].get("completed")  # the attempt failed
    for c in four:
        st["cards"][c]["stopped"] = False
    st = turn_to(st, 0, "orders")
    assert not [o for o in options(st, "attempt") if o["mission"] == m]  # four: not enough
    more = [put(st, 0, g, "pile", m) for g in ("T-F1", "T-F7")]
    st = turn_to(st, 0, "orders")
    assert [o for o in options(st, "attempt") if o["mission"] == m] == [{"type": "attempt", "mission": m}]
    st = respond(attempt(st, m))
    assert st["cards"][m].get("completed") and crew not in st["cards"][m]["on"]
    assert st["cards"][crew]["zone"] != "dilemmas"  # overcome, not returned to its owner's pile
    assert len(more) == 2 and render_card(DB["3U028"])[1].startswith("To begin a mission attempt")
    check_invariants(st)


# ---------------------------------------------------------------- no new construct: the Borg's combat events
def _drive(st: dict, limit: int = 60) -> dict:
    """Pass response windows and take the first option of each choice until the orders come back."""
    for _ in range(limit):
        kind = st["pending"]["kind"]
        if kind == "orders":
            return st
        st = act(st, {"type": "pass"} if kind == "respond" else options(st)[0])
    raise AssertionError("the order never finished")


def test_the_will_of_the_collective_takes_an_opponents_personnel_aboard_your_borg_ship():
    """Seat 1's strong [Bor] personnel begin combat at seat 0's T-P1 against the Ensign and win: the
    Ensign (a random opponent's personnel involved) comes under seat 1's command aboard seat 1's [Bor]
    ship at that mission."""
    st = started("collective")
    m = mission(st, 0, "T-P1")
    victim = put(st, 0, "T-F6", "pile", m)  # Strength 5
    key = _as(st, "T-K1", 0, "borg", {"Security": 1}, strength=12)
    drone = put(st, 1, "T-K1", "pile", m)
    st["cards"][drone]["guid"] = key
    cube = put(st, 1, "T-SK", "ships", m)
    st["extra_cards"]["X-CUBE"] = {**st["extra_cards"]["T-SK"], "id": "X-CUBE", "affiliations": ["borg"]}
    st["cards"][cube]["guid"] = "X-CUBE"
    will = real(st, 1, "T-EV1", "3U064", "core", 1)
    st = turn_to(st, 1, "orders")
    assert {"type": "order", "card": will, "ability": 1} in options(st)
    st = _drive(act(st, {"type": "order", "card": will, "ability": 1}))
    assert st["cards"][victim]["zone"] == "aboard" and st["cards"][victim]["in"] == cube
    assert st["cards"][victim]["commander"] == 1 and st["cards"][victim]["owner"] == 0
    assert st["cards"][will]["zone"] == "discard"
    check_invariants(st)


def test_a_second_chance_at_life_discards_the_card_the_opponent_chooses_for_another_non_interrupt():
    """"Reveal your hand. Choose an opponent to choose a card from your hand. Discard it to take any
    other non-interrupt card from your discard pile into hand." (Memory Invasion's examine ``by``)."""
    from rules.startrek2e import state as S
    st = started("second-chance")
    event = real(st, 0, "T-EV1", "3C033", "hand", 0)
    interrupt, old = find(st, 0, "T-I1"), find(st, 0, "T-F8")
    S.move(st, interrupt, "discard", 0)
    S.move(st, old, "discard", 0)
    st = turn_to(st, 0, "play")
    st = act(st, next(o for o in options(st) if o.get("card") == event))
    st = respond(st)
    assert st["pending"]["seat"] == 1 and st["pending"]["kind"] == "choose"  # the opponent chooses
    chosen = options(st)[0]["card"]
    st = respond(act(st, options(st)[0]))
    picks = []
    while st["pending"]["kind"] == "choose":  # discard that card, then your pick from the discard pile
        picks.append({o["card"] for o in options(st)})
        st = respond(act(st, next(o for o in options(st) if o["card"] in (old, chosen))))
    assert picks[-1] == {old}  # not the interrupt, not the discarded card — and "take" is a must: no "none"
    assert st["cards"][chosen]["zone"] == "discard" and old in st["seats"][0]["hand"]
    assert interrupt in st["seats"][0]["discard"] and st["cards"][event]["zone"] == "discard"
    check_invariants(st)


def test_insult_may_go_back_on_top_of_your_deck_when_the_opponent_discards_a_personnel_who_costs_1():
    """Insult: the opponent's top card is the Ensign (cost 1): you may place Insult on top of your deck
    instead of in your discard pile; a non-personnel makes you discard your top two cards."""
    from rules.startrek2e import state as S
    for seed, top_guid in (("insult-ensign", "T-K6"), ("insult-event", "T-EV2")):
        st = started(seed)
        hq = mission(st, 0, "T-HQF")
        for n, guid in enumerate(("T-F2", "T-F4", "T-F5")):
            key = _as(st, guid, n, "romulan", {"Security": 1})
            iid = put(st, 0, guid, "pile", hq)
            st["cards"][iid]["guid"] = key
        insult = real(st, 0, "T-I1", "3U073", "hand", 0)
        top = find(st, 1, top_guid)
        st["extra_cards"]["X-CHEAP"] = {**st["extra_cards"][st["cards"][top]["guid"]], "id": "X-CHEAP", "cost": 1}
        if top_guid == "T-K6":
            st["cards"][top]["guid"] = "X-CHEAP"
        deck1 = st["seats"][1]["deck"]
        deck1.remove(top)
        deck1.insert(0, top)
        mine = list(st["seats"][0]["deck"][:2])
        st = turn_to(st, 0, "orders")
        st = act(st, next(o for o in options(st) if o.get("card") == insult))
        for _ in range(10):
            if st["pending"]["kind"] == "orders":
                break
            st = act(st, {"type": "pass"} if st["pending"]["kind"] == "respond" else options(st)[0])
        assert st["cards"][top]["zone"] == "discard"
        if top_guid == "T-K6":  # a personnel who costs 1: the first option said yes
            assert st["seats"][0]["deck"][0] == insult and all(st["cards"][c]["zone"] == "deck" for c in mine)
        else:
            assert st["cards"][insult]["zone"] == "discard" and all(st["cards"][c]["zone"] == "discard" for c in mine)
        check_invariants(st)
        assert S.name(st, insult) == "Insult"


# ---------------------------------------------------------------- FILTER scope all_discards
def test_cultist_attack_removes_the_interrupts_in_every_players_discard_pile():
    """"Each player removes all interrupts in his or her discard pile from the game": the interrupts
    of both discard piles go, the other cards stay."""
    from rules.startrek2e import state as S
    st = started("cultist")
    hq = mission(st, 0, "T-HQF")
    key = _as(st, "T-F2", 0, "bajoran", {"Treachery": 1})
    iid = put(st, 0, "T-F2", "pile", hq)
    st["cards"][iid]["guid"] = key
    cult = real(st, 0, "T-I2", "3C071", "hand", 0)
    mine, theirs, kept = find(st, 0, "T-I1"), find(st, 1, "T-I1"), find(st, 1, "T-EV2")
    S.move(st, mine, "discard", 0)
    S.move(st, theirs, "discard", 1)
    S.move(st, kept, "discard", 1)
    st = turn_to(st, 0, "orders")
    st = respond(act(st, next(o for o in options(st) if o.get("card") == cult)))
    assert st["cards"][mine]["zone"] == st["cards"][theirs]["zone"] == "out"  # removed from the game
    assert cult in st["seats"][0]["discard"]  # played: it goes to the discard pile after resolving
    assert kept in st["seats"][1]["discard"]
    assert "in each player's discard pile" in render_card(DB["3C071"])[1]
    check_invariants(st)


# ---------------------------------------------------------------- FILTER shares_with
def test_steeled_by_loss_replaces_only_with_a_bajoran_who_has_one_of_the_same_skills():
    """Steeled By Loss: "Replace a [Baj] personnel you command with a [Baj] personnel in your discard
    pile that has at least one of the same skills. Place the personnel you replaced in his or her
    owner's discard pile. Remove this event from the game." Kira (Security, …) may be replaced by
    Brilgar (Security), not by Anara (Engineer, Physics, Transporters)."""
    st = started("steeled")
    hq = mission(st, 0, "T-HQF")
    kira = real(st, 0, "T-F1", "1R216", "pile", hq)
    brilgar = real(st, 0, "T-F2", "1C210", "discard", 0)
    anara = real(st, 0, "T-F3", "1C207", "discard", 0)
    event = real(st, 0, "T-EV4", "3R057", "hand", 0)
    st = turn_to(st, 0, "play")
    st = respond(act(st, {"type": "play", "card": event}))
    if st["pending"]["kind"] == "choose" and {o["card"] for o in options(st)} == {kira}:
        st = respond(act(st, {"type": "choose", "card": kira}))
    assert {o["card"] for o in options(st)} == {brilgar}  # the only one sharing a skill
    st = respond(act(st, {"type": "choose", "card": brilgar}))
    assert st["cards"][brilgar]["zone"] == "pile" and st["cards"][brilgar]["in"] == hq
    assert st["cards"][kira]["zone"] == "discard" and st["cards"][anara]["zone"] == "discard"
    assert st["cards"][event]["zone"] == "out"
    assert "that has at least one of the same skills as that personnel" in render_card(DB["3R057"])[0]
    check_invariants(st)


def test_secret_identity_replaces_from_the_deck_with_the_same_affiliation_and_discards_the_chosen():
    """Secret Identity: the dilemma's owner chooses a personnel; the facing player may replace him
    with a personnel of the same affiliation from his deck (the non-aligned Guinan is not offered);
    the chosen one goes to his owner's discard pile; the deck is shuffled."""
    for replace in (True, False):
        st = started(f"secret-identity-{replace}")
        m = mission(st, 0, "T-P1")
        team = [put(st, 0, g, "pile", m) for g in ("T-F1", "T-F2", "T-F7")]
        real(st, 1, "T-D1", "3U026")
        st = turn_to(st, 0, "orders")
        st = attempt(st, m, dilemmas=["3U026"])
        assert st["pending"]["seat"] == 1 and {o["card"] for o in options(st)} == set(team)
        chosen = team[0]
        st = respond(act(st, {"type": "choose", "card": chosen}))
        assert st["pending"]["kind"] == "yes_no" and st["pending"]["seat"] == 0
        st = respond(act(st, {"type": "yes_no", "yes": replace}))
        if replace:
            offered = {o["card"] for o in options(st)}
            assert offered and offered <= set(st["seats"][0]["deck"])
            assert all(DB.get(st["cards"][c]["guid"], st["extra_cards"].get(st["cards"][c]["guid"]))["affiliations"]
                       == ["federation"] for c in offered)
            assert find(st, 0, "T-N1", ("deck",)) not in offered  # Guinan: non-aligned
            new = sorted(offered)[0]
            st = respond(act(st, {"type": "choose", "card": new}))
            assert st["cards"][new]["zone"] == "pile" and st["cards"][new]["in"] == m
        assert st["cards"][chosen]["zone"] == "discard"
        check_invariants(st)


# ---------------------------------------------------------------- about_to_draw_dilemmas + extra_dilemmas up_to
def test_i_dont_like_to_lose_draws_fewer_dilemmas_for_more_cost_as_many_as_you_say():
    """I Don't Like to Lose (seat 1's core): when seat 1 is about to draw the dilemmas of seat 0's
    attempt, he may discard a card from hand to subtract up to three from the number he draws and
    add as many to what he may spend — he says two: four personnel draw two, budget 4 + 2."""
    st = started("dont-like-to-lose")
    m = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", m) for g in ("T-F1", "T-F2", "T-F5", "T-F7")]
    event = real(st, 1, "T-EV1", "3R044", "core", 1)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "attempt", "mission": m})
    offered = False
    while st["pending"]["kind"] == "respond":
        mine = [o for o in options(st) if o.get("card") == event]
        if mine:
            offered = True
            assert st["pending"]["seat"] == 1
            hand = len(st["seats"][1]["hand"])
            st = act(st, mine[0])
            st = act(st, options(st)[0])  # the card discarded from hand
            assert len(st["seats"][1]["hand"]) == hand - 1
            assert options(st) == [{"type": "choose", "count": k} for k in (1, 2, 3)]
            st = act(st, {"type": "choose", "count": 2})
        else:
            st = act(st, {"type": "pass"})
    assert offered
    drew = next(e["count"] for e in reversed(st["log"]) if e["event"] == "drew_dilemmas")
    assert drew == len(team) - 2 and st["attempt"]["budget"] == len(team) + 2
    assert "subtract up to three dilemmas" in render_card(DB["3R044"])[1]
    check_invariants(st)


# ---------------------------------------------------------------- verb name_title + FILTER named_title
def _name(st: dict, title: str) -> dict:
    assert st["pending"]["kind"] == "choose" and {"type": "choose", "title": title} in options(st)
    return act(st, {"type": "choose", "title": title})


def test_quite_a_coincidence_names_a_title_and_scores_when_an_opponents_personnel_of_it_is_killed():
    """Quite a Coincidence: "When you play this event, name a personnel" (any personnel title, in the
    open — every official title is offered, so the list tells nothing of any deck). "When an
    opponent's personnel who has that card title is killed, destroy this event to score 10 points":
    your own Worf does not; the opponent's does."""
    from rules.startrek2e import glossary as G
    st = started("coincidence", a="kli", b="kli")
    event = real(st, 0, "T-EV1", "3C050", "hand", 0)
    st = turn_to(st, 0, "play")
    st = respond(act(st, {"type": "play", "card": event}))
    assert len(options(st)) > 500  # the titles of the card database, not of the decks
    st = respond(_name(st, "Worf"))
    assert any(e["event"] == "named_title" and e["title"] == "Worf" for e in st["log"])
    mine = put(st, 0, "T-K1", "pile", mission(st, 0, "T-HQK"))
    theirs = put(st, 1, "T-K1", "pile", mission(st, 1, "T-HQK"))
    G.kill(st, mine)
    st = respond(turn_to(st, 0, "play"))
    assert st["seats"][0]["score"] == 0 and st["cards"][event]["zone"] == "core"
    G.kill(st, theirs)
    st = respond(turn_to(st, 0, "play"))
    assert st["seats"][0]["score"] == 10 and st["cards"][event]["zone"] == "discard"
    check_invariants(st)


def test_sensing_a_trap_names_a_card_each_turn_and_scores_when_an_opponent_plays_it_until_your_next_turn():
    """Sensing a Trap: "At the end of each of your turns, name a card. When an opponent plays that
    card, score 10 points. This effect lasts until the start of your next turn." Seat 0 names
    Supply Run at the end of his turn; seat 1 plays one in his turn: 10 points. As seat 0's next turn
    begins the name is gone: seat 1 playing another later scores nothing."""
    st = started("sensing-trap", a="kli", b="kli")
    event = real(st, 0, "T-EV2", "3U053", "core", 0)
    st["cards"][event]["commander"] = 0
    st = turn_to(st, 0, "turn_end")
    while st["pending"]["kind"] != "choose" or "title" not in st["pending"]["options"][0]:
        st = act(st, options(st)[0])
    st = _name(st, "Supply Run")
    runs = [i for i in st["seats"][1]["deck"] if st["cards"][i]["guid"] == "T-EV4"][:2]
    for r in runs:
        S_move(st, r, "hand", 1)
    st = turn_to(st, 1, "play")
    st = respond(act(st, {"type": "play", "card": runs[0]}))
    assert st["seats"][0]["score"] == 10
    st = turn_to(st, 0, "turn_start")
    st = respond(st)
    st = turn_to(st, 1, "play")
    st = respond(act(st, {"type": "play", "card": runs[1]}))
    assert st["seats"][0]["score"] == 10
    check_invariants(st)


def S_move(st, iid, zone, holder):
    from rules.startrek2e import state as S
    S.move(st, iid, zone, holder)


# ---------------------------------------------------------------- skills_cost skills_of
def test_psychological_pressure_prices_the_skills_an_opponents_personnel_shares_with_your_captives():
    """Psychological Pressure (seat 1's core, Data held in seat 1's brig: Astrometrics, Physics,
    Navigation): La Forge facing a dilemma may use his Physics only if seat 0 discards a card from
    hand; his Engineer (no captive has it) is free."""
    from rules.startrek2e import state as S
    st = started("psychological-pressure")
    m = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", m) for g in ("T-F3", "T-F1", "T-F7")]
    laforge = team[0]
    S.move(st, find(st, 0, "T-F4"), "brig", 1)
    real(st, 1, "T-EV1", "3R049", "core", 1)
    assert ST.value(st, laforge, "Physics") == 1  # not facing a dilemma: free
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["T-D8"])
    assert st["pending"]["kind"] == "attempt_action" and {"type": "pay_skills", "card": laforge} in options(st)
    assert ST.value(st, laforge, "Physics") == 0 and ST.value(st, laforge, "Engineer") == 2
    st = act(st, {"type": "pay_skills", "card": laforge})
    st = act(st, options(st)[0])  # the card discarded
    assert ST.value(st, laforge, "Physics") == 1
    check_invariants(st)


# ---------------------------------------------------------------- begin_engagement joiners
def test_the_enterprise_incident_lets_your_ships_with_romulan_intelligence_aboard_join_the_engagement():
    """The Enterprise Incident: "begin an engagement involving your [Rom] ship. Each of your ships at
    the same mission that has your [Rom] Intelligence personnel aboard it may join the engagement. If
    you win, randomly select an opponent's Leadership personnel involved to place in your brig." Your
    Runabout with a [Rom] Intelligence personnel aboard may join (the other Runabout may not); with
    it, D'deridex (9) + Runabout (4) beat the Bird's Shields 6 and Kurn (Leadership) is captured."""
    st = started("enterprise-incident")
    m = mission(st, 0, "T-S1")
    warbird = put(st, 0, "T-SF", "ships", m)
    st["cards"][warbird]["guid"] = "T-SR"  # the fixture's D'deridex ([Rom])
    put(st, 0, "T-F1", "aboard", warbird)
    key = _as(st, "T-F3", 1, "romulan", {"Physics": 1}, icons=["staff"])
    st["cards"][put(st, 0, "T-F3", "aboard", warbird)]["guid"] = key
    runabout, other = put(st, 0, "T-SF2", "ships", m), put(st, 0, "T-SF2", "ships", m)
    put(st, 0, "T-F7", "aboard", runabout)
    spy = _as(st, "T-F8", 2, "romulan", {"Intelligence": 1})
    st["cards"][put(st, 0, "T-F8", "aboard", runabout)]["guid"] = spy
    put(st, 0, "T-F7", "aboard", other)
    bird = put(st, 1, "T-SK", "ships", m)
    put(st, 1, "T-K1", "aboard", bird)
    kurn = put(st, 1, "T-K2", "aboard", bird)
    event = real(st, 0, "T-EV2", "3R061", "core", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": event, "ability": 1})
    assert {o["card"] for o in options(st)} == {runabout, None}  # the other Runabout has no [Rom] Intelligence
    st = act(st, {"type": "choose", "card": runabout})
    st = respond(st)
    assert st["cards"][kurn]["zone"] == "brig" and st["cards"][kurn]["in"] == 0
    assert st["cards"][runabout]["stopped"] and not st["cards"][other]["stopped"]  # it was involved
    assert "Each of your ships with your [Rom] Intelligence personnel aboard" in render_card(DB["3R061"])[1]
    check_invariants(st)


# ---------------------------------------------------------------- engagement_ended, restore_range, forbid_engagements
def test_cavalry_raid_unstops_and_restores_range_after_an_engagement_that_killed_an_opponents_personnel():
    """Cavalry Raid: "When an engagement in which an opponent's personnel was killed ends, you may
    destroy this event to unstop each of your [Kli] personnel and [Kli] ships involved and restore all
    Range those ships have used this turn. You cannot begin any other engagements this turn." Seat 0's
    Bird (Range used 5) wins an engagement whose win kills O'Brien aboard the Runabout: the Raid
    unstops the Bird and its crew, gives the Range back, and a second engagement order does nothing."""
    st = started("cavalry-raid", a="kli", b="fed")
    m = mission(st, 1, "T-S1")
    base = st["extra_cards"]["T-EV2"]
    st["extra_cards"]["X-RAID"] = {**base, "id": "X-RAID", "title": "Raid", "mechanics": [
        {"kind": "event"},
        {"kind": "order", "cost": [{"destroy": {"self": True}}], "effects": [
            {"begin_engagement": {}, "win": [{"kill": {"random": {"type": "personnel", "owner": "opponent",
                                                                  "involved": True}, "count": 1}}]}]}]}
    bird = put(st, 0, "T-SK", "ships", m)
    crew = [put(st, 0, g, "aboard", bird) for g in ("T-K1", "T-K2")]
    st["cards"][bird]["range_used"] = 5
    runabout = put(st, 1, "T-SF2", "ships", m)
    obrien = put(st, 1, "T-F8", "aboard", runabout)
    raids = [put(st, 0, "T-EV2", "core", 0), put(st, 0, "T-EV2", "core", 0)]
    for r in raids:
        st["cards"][r]["guid"] = "X-RAID"
    cavalry = real(st, 0, "T-EV3", "3R039", "core", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": raids[0], "ability": 1})
    st = respond(st, cavalry)
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert st["cards"][obrien]["zone"] == "discard" and st["cards"][cavalry]["zone"] == "discard"
    assert not st["cards"][bird]["stopped"] and not any(st["cards"][c]["stopped"] for c in crew)
    assert st["cards"][bird]["range_used"] == 0
    engagements = sum(e["event"] == "engagement" for e in st["log"])
    if {"type": "order", "card": raids[1], "ability": 1} in options(st):
        st = respond(act(st, {"type": "order", "card": raids[1], "ability": 1}))
    assert sum(e["event"] == "engagement" for e in st["log"]) == engagements  # no other engagement this turn
    assert "if an opponent's personnel was killed in it" in render_card(DB["3R039"])[1]
    check_invariants(st)


# ---------------------------------------------------------------- placed_in_discard_pile
def test_jem_hadar_birthing_chamber_answers_a_jem_hadar_placed_in_your_discard_pile():
    """Jem'Hadar Birthing Chamber: "When you place a Jem'Hadar in your discard pile, you may discard a
    non-personnel card from hand to place a non-unique Jem'Hadar from hand at your Headquarters where
    he could be played." Odera'Klen is killed; seat 0 discards an equipment and Rak'tazan from hand
    comes into play at his (Dominion-friendly) headquarters."""
    from rules.startrek2e import glossary as G
    from rules.startrek2e import state as S
    st = started("birthing-chamber")
    hq = mission(st, 0, "T-HQF")
    st["extra_cards"]["T-HQF"] = {**st["extra_cards"]["T-HQF"],
                                  "mechanics": [{"kind": "headquarters", "affiliations": ["federation", "dominion"]}]}
    odera = real(st, 0, "T-F6", "3C164", "pile", hq)
    raktazan = real(st, 0, "T-F8", "3C165", "hand", 0)
    kit = find(st, 0, "T-EQ1")
    S.move(st, kit, "hand", 0)
    chamber = real(st, 0, "T-EV4", "3R046", "core", 0)
    G.kill(st, odera)
    st = turn_to(st, 0, "play")
    assert st["pending"]["kind"] == "respond" and {"type": "respond", "card": chamber, "ability": 1} in options(st)
    st = act(st, {"type": "respond", "card": chamber, "ability": 1})
    while st["pending"]["kind"] == "choose":
        opts = {o["card"] for o in options(st)}
        st = act(st, {"type": "choose", "card": kit if kit in opts else raktazan if raktazan in opts else hq})
    st = respond(st)
    assert st["cards"][raktazan]["zone"] == "pile" and st["cards"][raktazan]["in"] == hq
    assert st["cards"][kit]["zone"] == "discard"
    check_invariants(st)
