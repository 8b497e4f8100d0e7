"""Cards placed on an event (issue 17; EFFECTS.md §4 "Cards on an event"; RULES.md "Cards placed on
an event"): the zone ``placed`` (effects/on_event.py), the verb ``place_on_event``, FILTER ``scope:
on_this_event``, the event leaving play, and face-down cards kept from the other players' views —
each played through the reducer with the real card that needs it."""

from rules.startrek2e import flow
from rules.startrek2e import state as S
from rules.startrek2e import stats as ST
from rules.startrek2e import glossary as G
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card
from rules.startrek2e.game import GAME

from .helpers import act, attempt, check_invariants, find, ids_seen, mission, options, put, real, redeal, respond, started, stash_order, turn_to

DB = card_db()




def _borg(st: dict, seat: int, hq: str, guid: str, n: int) -> str:
    return redeal(st, put(st, seat, guid, "pile", hq), f"X-BOR{n}", affiliations=["borg"])


# ---------------------------------------------------------------- Biological Distinctiveness 4U042
def test_biological_distinctiveness_places_a_personnel_you_command_but_do_not_own_and_counts_it():
    st = started("bio-dist")
    hq = mission(st, 0, "T-HQF")
    drones = [_borg(st, 0, hq, g, n) for n, g in enumerate(("T-F2", "T-F3", "T-F4"))]
    bd = real(st, 0, "T-EV1", "4U042", "core", 0)
    theirs = put(st, 1, "T-K1", "pile", hq)  # Worf, owned by seat 1, commanded by seat 0 (infiltrated)
    st["cards"][theirs]["commander"] = 0
    mine = put(st, 0, "T-F5", "pile", hq)  # owned and commanded by seat 0: not a choice
    before = ST.value(st, drones[0], "integrity")
    cunning, strength, plain = (ST.value(st, drones[1], "cunning"), ST.value(st, drones[2], "strength"),
                                ST.value(st, mine, "integrity"))
    st = turn_to(st, 0, "orders")
    assert {"type": "order", "card": bd, "ability": 5} in options(st)
    st = act(st, {"type": "order", "card": bd, "ability": 5})
    if st["pending"]["kind"] == "choose":  # the only choice may be asked or taken at once
        assert [o["card"] for o in st["pending"]["options"]] == [theirs]
        st = act(st, {"type": "choose", "card": theirs})
    c = st["cards"][theirs]
    assert (c["zone"], c["in"]) == ("placed", bd)
    assert not S.in_play(st, theirs) and S.commander(st, theirs) is None  # out of play, nobody commands him
    assert st["cards"][mine]["zone"] == "pile"
    # "each of your [Bor] personnel is attributes +1 for each personnel on this event"
    assert ST.value(st, drones[0], "integrity") == before + 1
    assert ST.value(st, drones[1], "cunning") == cunning + 1 and ST.value(st, drones[2], "strength") == strength + 1
    assert ST.value(st, mine, "integrity") == plain  # not [Bor]
    v = GAME.view(st, 1)
    event = next(e for e in v["seats"][0]["core"] if e["id"] == bd)
    assert [p["id"] for p in event["placed"]] == [theirs]  # placed face up: public
    check_invariants(st)
    # the event leaves play: the cards on it go to their owners' discard piles
    G.destroy(st, bd)
    assert st["cards"][theirs]["zone"] == "discard" and st["cards"][theirs]["in"] == 1
    assert ST.value(st, drones[0], "integrity") == before
    assert render_card(DB["4U042"])[2] == "Each of your [Bor] personnel is Integrity +1 for each personnel on this event."
    assert render_card(DB["4U042"])[5] == "Order - Place one of your personnel owned by an opponent on this event."
    check_invariants(st)


def test_the_order_is_not_offered_without_a_personnel_you_command_but_do_not_own():
    st = started("bio-dist-none")
    hq = mission(st, 0, "T-HQF")
    for n, g in enumerate(("T-F2", "T-F3", "T-F4")):
        _borg(st, 0, hq, g, n)
    bd = real(st, 0, "T-EV1", "4U042", "core", 0)
    st = turn_to(st, 0, "orders")
    assert not [o for o in options(st, "order") if o["card"] == bd]


def test_cards_placed_face_down_on_an_event_are_seen_only_by_their_owner():
    """The leak test: a face-down card on an event (taken from a hidden hand) shows in the other
    seats' views, log and events as ``{"id": null, "face_down": true}``; its owner and the judge
    see it. Played with a fixture event whose order places a card from hand face down (the real
    cards that place face down — You've Always Been My Favorite, Storage Compartment — are tested
    below with the same view check, check_invariants)."""
    st, stash, card = stash_order("face-down")
    st = act(st, {"type": "choose", "card": card})
    assert st["cards"][card]["zone"] == "placed" and st["cards"][card]["face_down"]
    assert card not in ids_seen(st, 1) and card not in ids_seen(st, "spectator")
    assert card in ids_seen(st, 0) and card in ids_seen(st, "judge")
    shown = next(e for e in GAME.view(st, 1)["seats"][0]["core"] if e["id"] == stash)["placed"]
    assert shown == [{"id": None, "face_down": True, "owner": 0}]
    check_invariants(st)
    G.destroy(st, stash)  # off the event: face up again, in its owner's discard pile
    assert st["cards"][card]["zone"] == "discard" and "face_down" not in st["cards"][card]
    check_invariants(st)


# ---------------------------------------------------------------- Trial of Faith 3U065
def test_trial_of_faith_places_a_card_from_an_opponents_discard_pile_which_he_may_play_as_from_hand_for_5_points():
    st = started("trial-of-faith")
    trial = real(st, 0, "T-EV1", "3U065", "core", 0)
    hq1 = mission(st, 1, "T-HQK")
    kurn = find(st, 1, "T-K2")
    S.move(st, kurn, "discard", 1)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": trial, "ability": 4})
    if st["pending"]["kind"] == "choose":
        assert kurn in [o["card"] for o in st["pending"]["options"]]
        st = act(st, {"type": "choose", "card": kurn})
    assert (st["cards"][kurn]["zone"], st["cards"][kurn]["in"]) == ("placed", trial)
    assert kurn in ids_seen(st, 1) and kurn in ids_seen(st, "spectator")  # from a discard pile: face up
    assert not [o for o in options(st, "order") if o["card"] == trial]  # only once each turn
    score = st["seats"][0]["score"]
    st = turn_to(st, 1, "play")
    play = [o for o in options(st, "play") if o["card"] == kurn]
    assert play and all(o.get("at") in (None, hq1) for o in play)
    st = act(st, play[0])
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert S.in_play(st, kurn) and S.commander(st, kurn) == 1
    assert st["seats"][0]["score"] == score + 5  # "If he or she does, score 5 points": the event's player
    text = render_card(DB["3U065"])
    assert "an opponent may play a card he or she owns that is on this event as if that card were in his or her hand" in \
        " ".join(text).lower()
    check_invariants(st)


def test_a_card_on_trial_of_faith_is_not_playable_by_the_events_own_player():
    st = started("trial-of-faith-own")
    trial = real(st, 0, "T-EV1", "3U065", "core", 0)
    mine = find(st, 0, "T-F2")
    S.move(st, trial, "core", 0)
    st["cards"][trial].setdefault("placed", [])
    S.move(st, mine, "placed", trial)
    st = turn_to(st, 0, "play")
    assert not [o for o in options(st, "play") if o["card"] == mine]


# ---------------------------------------------------------------- Forcing Their Hand 4U053
def test_forcing_their_hand_takes_a_random_card_from_hand_and_discards_it_at_the_start_of_your_turn():
    st = started("forcing-their-hand")
    fth = real(st, 0, "T-EV1", "4U053", "core", 0)
    hand = st["seats"][1]["hand"]
    kurn = find(st, 1, "T-K2")
    for c in list(hand):
        S.move(st, c, "deck", 1)
    S.move(st, kurn, "hand", 1)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": fth, "ability": 4})
    assert (st["cards"][kurn]["zone"], st["cards"][kurn]["in"]) == ("placed", fth)
    assert kurn in ids_seen(st, 0)  # placed face up
    assert not [o for o in options(st, "order") if o["card"] == fth]
    st = turn_to(st, 1, "play")
    assert [o for o in options(st, "play") if o["card"] == kurn]  # its owner may play it as from hand
    st["turn"]["player"] = 0  # the start of the event's player's next turn: each card here to its owner's pile
    from rules.startrek2e.triggers import fire
    fire(st, "start_of_turn", seat=0)
    st["pending"] = None
    st = flow.advance(st)
    assert (st["cards"][kurn]["zone"], st["cards"][kurn]["in"]) == ("discard", 1)
    check_invariants(st)


# ---------------------------------------------------------------- Forever Linked 4U054
def _to_attempt_action(st):
    for _ in range(20):
        if st["pending"]["kind"] == "attempt_action" and st["pending"]["seat"] == 0:
            return st
        st = act(st, {"type": "choose_dilemma", "card": None} if st["pending"]["kind"] == "choose_dilemma"
                 else {"type": "pass"})
    raise AssertionError("the attempt never reached seat 0's action window")


def test_forever_linked_keeps_a_killed_personnel_and_gives_one_of_his_skills_to_a_fed_facing_a_dilemma():
    st = started("forever-linked")
    m = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", m) for g in ("T-F1", "T-F7")]
    geordi = put(st, 0, "T-F3", "pile", m)  # Engineer 2, Physics: killed, placed on the event
    linked = real(st, 0, "T-EV1", "4U054", "core", 0)
    st = turn_to(st, 0, "orders")
    G.kill(st, geordi)
    st["pending"] = None
    st = flow.advance(st)
    assert st["pending"]["kind"] == "respond"
    st = act(st, {"type": "respond", "card": linked, "ability": 1})
    st = respond(st)
    assert (st["cards"][geordi]["zone"], st["cards"][geordi]["in"]) == ("placed", linked)
    assert S.commander(st, geordi) is None  # "(You no longer command him or her.)"
    assert not [o for o in options(st) if o.get("type") == "action"]  # nobody facing a dilemma yet
    st = attempt(st, m, ("T-D1",))  # Dangerous Climb, one random stop: the action comes before it resolves
    st = _to_attempt_action(st)
    assert {"type": "action", "card": linked, "ability": 2} in options(st)
    st = act(st, {"type": "action", "card": linked, "ability": 2})
    picks = []
    while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0:
        opt = options(st)[0]
        if "skill" in opt:
            opt = next(o for o in options(st) if o.get("skill") == "Engineer")
        picks.append(opt)
        st = act(st, opt)
    assert st["cards"][geordi]["zone"] == "discard"  # the cost: placed in his owner's discard pile
    assert any(ST.value(st, p, "Engineer") == 1 for p in team)  # one skill, one level, from him
    check_invariants(st)
    assert render_card(DB["4U054"])[1] == "When a personnel that you own is killed, you may place that personnel on this event."


# ---------------------------------------------------------------- You've Always Been My Favorite 4R083
def test_youve_always_been_my_favorite_downloads_cards_onto_itself_and_sells_them_for_a_counter_each():
    st = started("favorite")
    hq = mission(st, 0, "T-HQF")
    for n, g in enumerate(("T-F2", "T-F3", "T-F4")):
        _borg(st, 0, hq, g, n)
    fav = real(st, 0, "T-EV1", "4R083")
    S.move(st, fav, "hand", 0)
    st["seats"][0]["score"] = 20
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": fav})
    got = []
    while st["pending"]["kind"] in ("choose", "respond"):
        if st["pending"]["kind"] == "respond":
            st = act(st, {"type": "pass"})
            continue
        if len(got) == 2:
            st = act(st, {"type": "choose", "card": None})  # "up to five": two will do
            continue
        pick = next(o["card"] for o in options(st) if o["card"])
        got.append(pick)
        st = act(st, {"type": "choose", "card": pick})
    assert st["seats"][0]["score"] == 15  # "Lose 5 points to play"
    assert [st["cards"][c]["zone"] for c in got] == ["placed", "placed"] and all(st["cards"][c]["in"] == fav for c in got)
    assert got[0] in ids_seen(st, 1)  # downloaded cards were shown: face up
    counters = st["seats"][0]["counters"]
    spend = {"type": "spend", "card": fav, "ability": 3}
    assert spend in options(st)
    st = act(st, spend)
    if st["pending"]["kind"] == "choose":
        st = act(st, {"type": "choose", "card": got[0]})
    assert st["cards"][got[0]]["zone"] == "hand" and st["seats"][0]["counters"] == counters - 1
    check_invariants(st)
    st = act(st, spend)  # the last card: "When there are no cards on this event, destroy it"
    if st["pending"]["kind"] == "choose":
        st = act(st, {"type": "choose", "card": got[1]})
    assert st["cards"][got[1]]["zone"] == "hand"
    assert st["cards"][fav]["zone"] == "discard"
    assert spend not in options(st)
    assert render_card(DB["4R083"])[3] == "You may spend 1 counter to return a card on this event to its owner's hand."
    check_invariants(st)


# ---------------------------------------------------------------- Storage Compartment 4R074
def test_storage_compartment_keeps_an_unused_dilemma_face_down_and_adds_it_to_a_later_draw():
    st = started("storage")
    m = mission(st, 0, "T-P1")
    for g in ("T-F1", "T-F7", "T-F2"):
        put(st, 0, g, "pile", m)
    sc = real(st, 1, "T-EV1", "4R074", "core", 1)
    pile = st["seats"][1]["dilemmas"]
    climb = next(i for i in pile if st["cards"][i]["guid"] == "T-D2")  # Sickness, a planet dilemma: on top
    pile.remove(climb)
    pile.insert(0, climb)
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, (), respond_with=sc)  # seat 1 chooses no dilemma; then Storage Compartment
    assert st["pending"]["seat"] == 1 and st["pending"]["kind"] == "choose"
    offered = [o["card"] for o in options(st)]
    assert climb in offered
    assert all(S.card_def(st, c).get("dilemma_type") != "dual" for c in offered if c)
    st = act(st, {"type": "choose", "card": climb})
    assert (st["cards"][climb]["zone"], st["cards"][climb]["in"]) == ("placed", sc)
    assert st["cards"][climb]["face_down"]
    assert climb not in ids_seen(st, 0) and climb in ids_seen(st, 1)  # only its owner knows which
    check_invariants(st)
    while st["attempt"] is not None or st["pending"]["seat"] != 0 or st["pending"]["kind"] != "orders":
        st = act(st, options(st)[-1] if st["pending"]["kind"] != "choose_dilemma" else {"type": "choose_dilemma", "card": None})
    # the next attempt: "when you have drawn dilemmas, you may take any dilemmas from this event and add them"
    assert not st["cards"][m].get("completed")
    for c in st["cards"][m]["pile"]:
        st["cards"][c]["stopped"] = False  # a new turn's team
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "attempt", "mission": m})
    while st["pending"]["kind"] == "respond" and not any(o.get("card") == sc for o in options(st)):
        st = act(st, {"type": "pass"})
    assert st["pending"]["seat"] == 1
    st = act(st, {"type": "respond", "card": sc, "ability": 2})
    from rules.startrek2e.view import redact_event
    pick = {"seat": 1, "type": "action", "payload": {"type": "choose", "card": climb}}
    assert redact_event(pick, 0, st)["payload"]["card"] is None  # a face-down card's pick: unnamed to the others
    st = act(st, {"type": "choose", "card": climb})
    if st["pending"]["kind"] == "choose":
        st = act(st, {"type": "choose", "card": None})
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert st["cards"][climb]["zone"] == "drawn" and "face_down" not in st["cards"][climb]
    assert st["pending"]["kind"] == "choose_dilemma" and {"type": "choose_dilemma", "card": climb} in options(st)
    assert climb not in ids_seen(st, 0)
    check_invariants(st)


# ---------------------------------------------------------------- Bleeding to Death 4U008
def test_bleeding_to_death_goes_to_the_core_and_keeps_deck_cards_face_down_until_a_mission_is_completed():
    st = started("bleeding")
    m = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", m) for g in ("T-F1", "T-F7", "T-F5")]  # no Biology, no Medical, no Honor
    bleed = real(st, 1, "T-D1", "4U008")
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, ("4U008",))
    while st["pending"]["kind"] in ("respond", "attempt_action"):
        st = act(st, {"type": "pass"})
    assert (st["cards"][bleed]["zone"], st["cards"][bleed]["in"]) == ("core", 0)  # the facing player's core
    assert S.commander(st, bleed) == 0
    assert sum(1 for p in team if st["cards"][p]["zone"] == "discard") == 1  # one randomly killed
    check_invariants(st)
    # "At the start of each of your turns, place the top card of your deck on this dilemma."
    st["attempt"] = None
    st["turn"]["player"] = 0
    top = st["seats"][0]["deck"][0]
    from rules.startrek2e.triggers import fire
    fire(st, "start_of_turn", seat=0)
    st["pending"] = None
    st["step"] = "orders"
    st = flow.advance(st)
    assert (st["cards"][top]["zone"], st["cards"][top]["in"]) == ("placed", bleed)
    assert st["cards"][top]["face_down"] and top not in ids_seen(st, 1) and top in ids_seen(st, 0)
    check_invariants(st)
    # "When you complete a mission, all your cards here are shuffled and placed on top of your deck,
    # then this dilemma is removed from the game."
    fire(st, "mission_completed", seat=0, mission=m)
    st["pending"] = None
    st = flow.advance(st)
    assert st["seats"][0]["deck"][0] == top
    assert (st["cards"][bleed]["zone"], st["cards"][bleed]["in"]) == ("out", 1)
    assert render_card(DB["4U008"])[0].endswith("kill a random personnel, then place this dilemma in your core.")
    check_invariants(st)


def test_a_when_interrupt_on_trial_of_faith_answers_its_event_as_if_from_its_owners_hand():
    """"As if that card were in his or her hand": a "when" interrupt its owner has on an opponent's Trial
    of Faith is offered in the response window of its event, and the event's player scores 5 points."""
    st = started("trial-when")
    m = mission(st, 0, "T-P1")
    for g in ("T-F1", "T-F7", "T-F2"):
        put(st, 0, g, "pile", m)
    trial = real(st, 1, "T-EV1", "3U065", "core", 1)
    quick = find(st, 0, "T-I1")  # Quick Thinking: "when a dilemma is revealed", Cunning +3
    st["cards"][trial].setdefault("placed", [])
    S.move(st, quick, "placed", trial)
    for c in list(st["seats"][0]["hand"]):  # nothing of the kind in hand: the one on the event is offered
        if st["cards"][c]["guid"] == "T-I1":
            S.move(st, c, "deck", 0)
    st = turn_to(st, 0, "orders")
    score = st["seats"][1]["score"]
    st = attempt(st, m, ("T-D1",), respond_with=quick)
    assert st["cards"][quick]["zone"] == "discard"
    assert st["seats"][1]["score"] == score + 5
    check_invariants(st)
