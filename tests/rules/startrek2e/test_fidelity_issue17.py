"""Rules-fidelity patterns of issue 17 (Star Trek 2E, Call to Arms and Necessary Evil), each played
with the real cards: the fix is in the engine or in every authored card the pattern touches, and
each test here fails without it."""
import json
import re
from pathlib import Path

import pytest

from rules.startrek2e import state as S
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card

from .helpers import act, attempt, check_invariants, mission, options, pass_responses, put, real, respond, started, turn_to

DB = card_db()


def _text(cid: str) -> str:
    return " ".join(render_card(DB[cid]))


def _name_at_end_of_turn(st: dict, seat: int, title: str) -> dict:
    """Sensing a Trap's "At the end of each of your turns, name a card": ``seat`` ends his turn and
    names ``title``."""
    st = turn_to(st, seat, "turn_end")
    while st["pending"]["kind"] != "choose" or "title" not in st["pending"]["options"][0]:
        st = act(st, options(st)[0])
    assert {"type": "choose", "title": title} in options(st)
    return act(st, {"type": "choose", "title": title})


# ------------------------------------------------ (1) an interrupt is played: card_played
def test_sensing_a_trap_scores_an_order_interrupt_the_opponent_plays():
    """Sensing a Trap: "When an opponent plays that card, score 10 points." Seat 0 names
    One-Upsmanship; seat 1 plays it as an order interrupt (play.play_card): 10 points (an interrupt
    fired no ``card_played``, so it scored nothing)."""
    st = started("trap-order-interrupt", a="kli", b="kli")
    trap = real(st, 0, "T-EV2", "3U053", "core", 0)
    st["cards"][trap]["commander"] = 0
    st = _name_at_end_of_turn(st, 0, "One-Upsmanship")
    upsmanship = real(st, 1, "T-I2", "4U092", "hand", 1)
    st = turn_to(st, 1, "orders")
    st = act(st, next(o for o in options(st) if o.get("card") == upsmanship))
    while st["pending"]["kind"] in ("choose", "respond", "yes_no"):
        st = act(st, {"type": "pass"} if st["pending"]["kind"] == "respond" else options(st)[0])
        if st["pending"]["kind"] == "orders":
            break
    assert st["seats"][0]["score"] == 10
    check_invariants(st)


def test_sensing_a_trap_scores_a_response_interrupt_the_opponent_plays():
    """The same for an interrupt played in a response window (triggers.answer): seat 1 names The
    Promise; seat 0 plays it when a dilemma is revealed to his attempting Klingons: seat 1 scores 10."""
    st = started("trap-when-interrupt", a="kli", b="kli")
    trap = real(st, 1, "T-EV2", "3U053", "core", 1)
    st["cards"][trap]["commander"] = 1
    st = _name_at_end_of_turn(st, 1, "The Promise")
    promise = real(st, 0, "T-I1", "1S143", "hand", 0)
    m = mission(st, 0, "T-P1")
    for g in ("T-K1", "T-K2", "T-K6"):
        put(st, 0, g, "pile", m)
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=("T-D8",), respond_with=promise)
    assert st["cards"][promise]["zone"] == "discard"
    while st["pending"]["kind"] in ("choose", "respond"):
        st = act(st, {"type": "pass"} if st["pending"]["kind"] == "respond" else options(st)[0])
    assert st["seats"][1]["score"] == 10
    check_invariants(st)


def test_bashir_and_lovok_answer_their_players_infiltration_interrupt():
    """Bashir and Lovok (Infiltrators on an opponent's planet, present with his Worf): "When you play
    an Infiltration card, if this personnel is present with an opponent's personnel, you may draw a
    card" / "… your opponent discards a card at random from hand". Pseudopod is an Infiltration
    interrupt (an order): Bashir is offered and draws, Lovok makes seat 1 discard (neither answered
    an interrupt). The response comes before Pseudopod's cost is chosen, as for an event's."""
    st = started("bashir-pseudopod", a="fed", b="kli")
    m = mission(st, 1, "T-P1")
    bashir = real(st, 0, "T-F1", "3R150", "pile", m)
    lovok = real(st, 0, "T-F2", "3U161", "pile", m)
    put(st, 1, "T-K1", "pile", m)
    pod = real(st, 0, "T-I2", "3R076", "hand", 0)
    st = turn_to(st, 0, "orders")
    hand0, hand1 = len(st["seats"][0]["hand"]), len(st["seats"][1]["hand"])
    st = act(st, {"type": "play", "card": pod})
    assert {"type": "respond", "card": bashir, "ability": 0} in options(st)
    st = act(st, {"type": "respond", "card": bashir, "ability": 0})
    assert len(st["seats"][0]["hand"]) == hand0 - 1 + 1  # Pseudopod played, one card drawn
    st = act(st, {"type": "choose", "card": lovok})  # Pseudopod's cost: Lovok returns to hand
    assert st["cards"][lovok]["zone"] == "hand"
    assert len(st["seats"][1]["hand"]) == hand1 - 1  # Lovok's text (still pending as he left): one discarded
    check_invariants(st)


# ------------------------------------------------ (2) "an event in your core": FILTER in_core
SHARED = Path(__file__).resolve().parents[3].parent / "shared" / "cards" / "star-trek-ccg-2e" / "cards.txt"
needs_shared = pytest.mark.skipif(not SHARED.is_file(), reason="the card database is not checked out")


def _printed() -> dict:
    """The printed text of each card, by collector's id (read from the card database's path)."""
    from rules.startrek2e.cards.importer import read_rows
    out: dict = {}
    for row in read_rows(SHARED.read_text(encoding="utf-8")):
        out.setdefault(row["CollectorsInfo"], row.get("Text", ""))
    return out


def _authored() -> dict:
    from rules.startrek2e.cards import mechanics_files
    return {cid: card for cards in mechanics_files().values() for cid, card in cards.items()
            if not cid.startswith("_") and card.get("mechanics") is not None}


@needs_shared
def test_every_event_in_your_core_is_read_in_a_core():
    """"While you command an event in your core" (Anneli), "more events in your core" (Rusot, Seskal),
    "the event in your core that has the highest cost" (Morik), "each event in each player's core"
    (Founder Architect), "an event in your core" (Rodak'koden, B'Etor, Lursa, Defragmentation Drone,
    Talnot): an event played on a card is not in a core. Every authored card whose printed text says
    so reads FILTER ``in_core`` (ten Necessary Evil personnel read "an event you command")."""
    printed, wrong = _printed(), []
    core = re.compile(r"events? (you command )?in (your|his or her|each player's|an opponent's) core", re.I)
    for cid, card in _authored().items():
        text = re.sub(r"Plays in your core\.", "", printed.get(cid.split("~")[0], ""))
        m = json.dumps(card["mechanics"])  # "plays an event in his or her core": plays_in_core (Party Atmosphere)
        if core.search(text) and '"in_core"' not in m and '"plays_in_core"' not in m:
            wrong.append(f"{cid} {card['title']}")
    assert not wrong, wrong
    assert "Destroy one of your events in your core to draw" in _text("4C111")


def test_anneli_and_morik_count_only_events_in_your_core():
    """Anneli: "While you command an event in your core, this personnel is attributes +1"; Morik: "The
    cost of the event in your core that has the highest cost is added to this personnel's attributes".
    Legal Proceedings (cost 1) played on a mission is commanded but not in the core: nothing; Attack
    Pattern (cost 2) in the core: +1 / +2."""
    from rules.startrek2e import stats as ST
    st = started("anneli-morik")
    hq = mission(st, 0, "T-HQF")
    anneli = real(st, 0, "T-F2", "4C099", "pile", hq)
    morik = real(st, 0, "T-F3", "4C163", "pile", hq)
    base = {c: ST.value(st, c, "cunning") for c in (anneli, morik)}
    on_mission = real(st, 0, "T-EV3", "2C047", "attached", mission(st, 0, "T-P1"))
    st["cards"][on_mission]["commander"] = 0
    assert {c: ST.value(st, c, "cunning") for c in (anneli, morik)} == base
    put(st, 0, "T-EV2", "core", 0)
    assert ST.value(st, anneli, "cunning") == base[anneli] + 1
    assert ST.value(st, morik, "cunning") == base[morik] + 2
    check_invariants(st)


# ------------------------------------------------ (3) "choose an opponent" / "each opponent" with three players
def _three(seed: str) -> dict:
    """Three players (seat 0 → 1 → 2); seat 2 has a second headquarters mission (one of his
    missions becomes Romulus), seat 1 has one."""
    from .test_multiplayer_engagements import started3
    st = started3(seed)
    other = next(m for m in st["seats"][2]["missions"] if S.mission_type(st, m) != "headquarters")
    st["cards"][other]["guid"] = "T-HQR"
    assert [sum(S.mission_type(st, m) == "headquarters" for m in st["seats"][s]["missions"]) for s in (1, 2)] == [1, 2]
    return st


def _played(st: dict, seat: int, cid: str, old: str) -> tuple[dict, str]:
    """``seat``'s real card ``cid`` is put at his headquarters in his play phase and its "when you play
    this personnel" fires."""
    from rules.startrek2e.triggers import fire
    hq = next(m for m in st["seats"][seat]["missions"] if S.mission_type(st, m) == "headquarters")
    iid = real(st, seat, old, cid, "pile", hq)
    st = turn_to(st, seat, "play")
    fire(st, "play_self", card=iid, seat=seat)
    st["pending"] = None
    from rules.startrek2e import flow
    return flow.advance(st), iid


def test_examination_drone_lets_its_player_choose_the_opponent_whose_headquarters_count():
    """Examination Drone / Martin Benbeck / Amar'itak: "choose an opponent. You may draw a card for each
    headquarters mission he or she commands." Both opponents are offered; seat 2 (two headquarters)
    chosen: two cards (every opponent's headquarters were counted: three)."""
    for cid in ("4C112", "4C162"):
        st, drone = _played(_three(f"examination-{cid}"), 0, cid, "T-F6")
        hand = len(st["seats"][0]["hand"])
        st = act(st, {"type": "respond", "card": drone, "ability": 0})
        assert st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0
        assert options(st) == [{"type": "choose", "seat": 1}, {"type": "choose", "seat": 2}]
        st = act(st, {"type": "choose", "seat": 2})
        while st["pending"]["kind"] == "respond":
            st = act(st, {"type": "pass"})
        assert len(st["seats"][0]["hand"]) == hand + 2, cid
        check_invariants(st)
    assert _text("4C162") == ("When you play this personnel, you may choose an opponent, then draw cards equal to "
                              "the number of that opponent's headquarters missions.")


def test_surmak_makes_each_opponent_discard_for_his_own_headquarters():
    """Surmak: "each opponent discards a card from hand for each headquarters mission he or she
    commands": seat 1 discards one, seat 2 two (seat 1 alone discarded three)."""
    st = _three("surmak-3")
    hands = [len(st["seats"][s]["hand"]) for s in (1, 2)]
    st, _ = _played(st, 0, "4U109", "T-F6")
    while st["pending"]["kind"] in ("discard", "choose", "respond"):
        st = act(st, {"type": "pass"} if st["pending"]["kind"] == "respond" else options(st)[0])
    assert [len(st["seats"][s]["hand"]) for s in (1, 2)] == [hands[0] - 1, hands[1] - 2]
    check_invariants(st)


def test_aaron_conor_and_party_atmosphere_count_one_opponent_of_the_players_choice():
    """Aaron Conor: "choose an opponent. For each headquarters mission he or she commands, this personnel
    is cost -1"; Party Atmosphere: "When a player plays an event in his or her core, he or she chooses an
    opponent. For each headquarters mission that opponent commands, that event is cost -1." A cost cannot
    stop to ask: the player chooses the opponent who counts most — two (every opponent's were added:
    three); seat 1 playing an event counts his own opponents (seat 2's two), not only Party Atmosphere's
    player's one."""
    from rules.startrek2e import play
    st = _three("conor-3")
    conor = real(st, 0, "T-F6", "4C156", "hand", 0)
    assert play.play_cost(st, 0, conor, None) == max(0, DB["4C156"]["cost"] - 2)
    atmosphere = real(st, 0, "T-EV1", "4C066", "core", 0)
    st["cards"][atmosphere]["commander"] = 0
    supply = put(st, 1, "T-EV4", "hand", 1)  # Supply Run, cost 2, plays in a core
    assert play.play_cost(st, 1, supply, None) == 0
    mine = put(st, 0, "T-EV4", "hand", 0)
    assert play.play_cost(st, 0, mine, None) == 0
    st["cards"][next(m for m in st["seats"][2]["missions"] if st["cards"][m]["guid"] == "T-HQR")]["guid"] = "T-P2"
    assert play.play_cost(st, 1, supply, None) == 1 and play.play_cost(st, 0, mine, None) == 1
    check_invariants(st)


def test_hollow_pleasantries_asks_each_opponent_and_holographic_hoax_chooses_one():
    """Hollow Pleasantries: "When you play a Vorta, each opponent may draw a card" — seat 1 and seat 2
    are each asked (only seat 1 was). Holographic Hoax: "Choose an opponent to draw a card, then remove
    the top card of his or her deck from the game": seat 2 chosen draws and loses his top card."""
    from rules.startrek2e.triggers import fire
    st = _three("hollow-3")
    hollow = real(st, 0, "T-EV1", "4C057", "core", 0)
    st["cards"][hollow]["commander"] = 0
    vorta = real(st, 0, "T-F6", "3C142", "pile", mission(st, 0, "T-HQF")) if "3C142" in DB and \
        DB["3C142"].get("species") == "Vorta" else None
    if vorta is None:  # any Vorta personnel of the database
        cid = next(k for k, c in DB.items() if c["type"] == "personnel" and c.get("species") == "Vorta")
        vorta = real(st, 0, "T-F6", cid, "pile", mission(st, 0, "T-HQF"))
    st = turn_to(st, 0, "play")
    fire(st, "card_played", card=vorta, seat=0)
    st["pending"] = None
    from rules.startrek2e import flow
    st = flow.advance(st)
    asked = []
    while st["pending"]["kind"] in ("yes_no", "respond"):
        if st["pending"]["kind"] == "yes_no":
            asked.append(st["pending"]["seat"])
        st = act(st, {"type": "yes_no", "yes": True} if st["pending"]["kind"] == "yes_no" else {"type": "pass"})
    assert asked == [1, 2]
    check_invariants(st)
    st = _three("hoax-3")
    hoax = real(st, 0, "T-EV4", "4C058", "hand", 0)
    hq = mission(st, 0, "T-HQF")
    for n, g in enumerate(("T-F1", "T-F2", "T-F3")):  # three [Rom] personnel
        card = st["extra_cards"][g]
        st["extra_cards"][g] = {**card, "affiliations": ["romulan"], "affiliation": "romulan"}
        put(st, 0, g, "pile", hq)
    st = turn_to(st, 0, "play")
    hand2, top2 = len(st["seats"][2]["hand"]), st["seats"][2]["deck"][1]
    st = act(st, {"type": "play", "card": hoax})
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    assert options(st) == [{"type": "choose", "seat": 1}, {"type": "choose", "seat": 2}]
    st = act(st, {"type": "choose", "seat": 2})
    st = pass_responses(st)
    assert len(st["seats"][2]["hand"]) == hand2 + 1 and st["cards"][top2]["zone"] != "deck"
    check_invariants(st)


def test_desperate_sacrifice_makes_each_player_keep_two_of_his_own_events():
    """Desperate Sacrifice: "make each player choose two events he or she commands, then destroy each
    other event he or she commands": seat 1 and seat 2 each keep two of their own three (seat 1 chose
    two among both opponents' six, and seat 2 kept what seat 1 left him)."""
    st = _three("desperate-3")
    sacrifice = real(st, 0, "T-EV1", "4U048", "core", 0)
    mine = [put(st, 0, g, "core", 0) for g in ("T-EV2", "T-EV2", "T-EV3")]
    theirs = {s: [put(st, s, g, "core", s) for g in ("T-EV2", "T-EV2", "T-EV3")] for s in (1, 2)}
    for c in [sacrifice, *mine, *theirs[1], *theirs[2]]:
        st["cards"][c]["commander"] = st["cards"][c]["owner"]
    st = turn_to(st, 0, "orders")
    st = act(st, next(o for o in options(st) if o.get("card") == sacrifice))
    chooser = []
    while st["pending"]["kind"] in ("choose", "respond"):
        if st["pending"]["kind"] == "choose":
            chooser.append((st["pending"]["seat"], {o["card"] for o in options(st)}))
        st = act(st, {"type": "pass"} if st["pending"]["kind"] == "respond" else options(st)[0])
    assert [s for s, _ in chooser if s] == [1, 1, 2, 2]  # each chooses among his own only
    assert [cards for s, cards in chooser if s][0::2] == [set(theirs[1]), set(theirs[2])]
    for s, cards in ((0, mine), (1, theirs[1]), (2, theirs[2])):
        assert sum(st["cards"][c]["zone"] == "core" for c in cards) == 2, s
    check_invariants(st)


# ------------------------------------------------ (4) "discard your hand": at once
def test_discard_your_hand_discards_the_whole_hand_at_once():
    """The Dreamer and the Dream ("its owner discards his or her hand") and On Foreign Ground ("you may
    discard your hand to prevent this"): the whole hand goes at once — the player is not asked to pick
    his cards one by one (he was, once per card)."""
    from .helpers import planet_team
    st, m, team = planet_team("dreamer-at-once", ("T-F2", "T-F3"), "4R027")
    st = attempt(st, m, dilemmas=["4R027"])
    hand = list(st["seats"][0]["hand"])
    assert len(hand) > 1
    st = respond(act(respond(st), {"type": "end_orders"}))
    asked = 0
    while st["pending"]["seat"] == 0 and st["pending"]["kind"] == "choose":
        asked += 1
        st = respond(act(st, options(st)[0]))
    assert asked == 0 and all(st["cards"][c]["zone"] == "discard" for c in hand)
    check_invariants(st)
    st, m, team = planet_team("foreign-at-once", ("T-F1", "T-F2", "T-F3"), "4C021")
    st = attempt(st, m, dilemmas=["4C021"])
    hand = list(st["seats"][0]["hand"])
    st = act(st, {"type": "yes_no", "yes": True})
    assert not (st["pending"]["seat"] == 0 and st["pending"]["kind"] == "choose")
    assert all(st["cards"][c]["zone"] == "discard" for c in hand)
    assert "If you have at least one card in your hand" not in _text("4C021")  # rendered from the mechanics
    assert "choose one: discard your hand; or kill" in _text("4C021")
    check_invariants(st)


# ------------------------------------------------ (5) Broca: a cost whose parts must be different cards
def test_broca_is_not_offered_when_his_one_event_would_also_have_to_be_the_card_discarded():
    """Broca: "Discard a card from hand and reveal an event from hand to download a copy of that event":
    the card discarded is another card than the event revealed. A hand holding one event alone cannot
    pay both (the order was offered, then paid half); an event and any other card, or two events, can."""
    from rules.startrek2e.effects.costs import payable
    st = started("broca-edge")
    hq = mission(st, 0, "T-HQF")
    broca = real(st, 0, "T-F6", "4U117", "pile", hq)
    cost = next(ab for ab in S.abilities(st, broca, "order"))["cost"]
    for c in list(st["seats"][0]["hand"]):
        S.move(st, c, "deck", 0)
    shown = put(st, 0, "T-EV4", "hand", 0)
    assert not payable(st, 0, broca, cost)
    st = turn_to(st, 0, "orders")
    assert not any(o.get("card") == broca for o in options(st, "order"))
    second = put(st, 0, "T-EV1", "hand", 0)  # a second event: one revealed, the other discarded
    assert payable(st, 0, broca, cost)
    S.move(st, second, "deck", 0)
    put(st, 0, "T-F8", "hand", 0)
    assert payable(st, 0, broca, cost)
    S.move(st, shown, "deck", 0)  # a personnel alone: no event to reveal
    assert not payable(st, 0, broca, cost)
