"""Strange New Worlds (set 7, issue 17): the constructs the set added, each played through the
reducer with the real card (MISSING.md "Strange New Worlds"; EFFECTS.md §4): CONDITION
``completed_using_skill`` with a skill name (K'Ehleyr, Daneeka), a mission's "if you have completed
this mission" (Deliver Prisoners), and the set's "A" rarity alternate-image cards, which share the
mechanics of the same-named card of the set (7A001 Code of Honor = 7R002)."""
import pytest

from rules.startrek2e import state as S
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card

from .helpers import act, attempt, check_invariants, mission, options, put, real, respond, started, turn_to

DB = card_db()


def _real_mission(st: dict, seat: int, old: str, cid: str) -> str:
    m = mission(st, seat, old)
    st["extra_cards"][cid] = DB[cid]
    st["cards"][m]["guid"] = cid
    return m


def test_kehleyr_scores_when_she_uses_her_diplomacy_and_daneeka_does_not_without_biology():
    """"When this personnel uses her Diplomacy to complete a mission, score 5 points" / "… uses
    Biology …": Survey Planet (Anthropology, Diplomacy, Integrity>20) is completed by K'Ehleyr
    (Diplomacy), Daneeka (Anthropology, Biology) and an Ensign. K'Ehleyr used Diplomacy and scores;
    Daneeka used a skill (Anthropology) but not Biology, so she does not — the plain "uses a skill"
    reading would have scored her too."""
    st = started("sw-kehleyr")
    m = mission(st, 0, "T-P1")
    real(st, 0, "T-F1", "7U096", "pile", m)
    real(st, 0, "T-F7", "7U064", "pile", m)
    for g in ("T-F6", "T-F2"):
        put(st, 0, g, "pile", m)
    st = turn_to(st, 0, "orders")
    before = st["seats"][0]["score"]
    st = respond(attempt(st, m))
    assert st["cards"][m].get("completed")
    assert st["seats"][0]["score"] == before + S.card_def(st, m)["points"] + 5
    assert render_card(DB["7U096"]) == ["When you complete a mission, if this personnel used Diplomacy to complete "
                                        "it, score 5 points."]
    check_invariants(st)


def test_deliver_prisoners_makes_capture_events_cost_1_less_only_once_completed():
    """"When you play a Capture or Punishment event, if you have completed this mission, that
    event's cost is -1": Political Leverage (Capture, cost 2) costs 2 before, 1 after."""
    for completed, spent in ((False, 2), (True, 1)):
        st = started(f"sw-deliver-{completed}")
        m = _real_mission(st, 0, "T-P1", "7U047")
        if completed:
            st["cards"][m]["completed"] = True
        event = real(st, 0, "T-EV4", "2U055", "hand", 0)
        st = turn_to(st, 0, "play")
        counters = st["seats"][0]["counters"]
        opts = [o for o in options(st) if o.get("card") == event]
        assert opts
        st = act(st, opts[0])
        while st["pending"] and st["pending"]["kind"] in ("choose", "respond") and st["pending"]["seat"] == 0:
            st = respond(act(st, options(st)[0]))
        assert counters - st["seats"][0]["counters"] == spent
    assert render_card(DB["7U047"]) == ["When you are about to play a Capture or Punishment event, if you have "
                                        "completed this mission, that event is cost -1."]


def test_a_rarity_cards_are_alternates_of_the_same_named_card_of_their_set():
    """The 18 "A" cards of set 7 are alternate-image printings (7A007 Tekeny Ghemor = 7R059): the
    importer marks them ``alternate_of`` the same-named card, so they share its mechanics."""
    a_cards = [c for c in DB.values() if c["set"] == "SW" and c["rarity"] == "A"]
    assert len(a_cards) == 18
    for card in a_cards:
        primary = DB[card["alternate_of"]]
        assert primary["title"] == card["title"] and primary["rarity"] != "A" and primary["set"] == "SW"
        assert card["mechanics"] == primary["mechanics"]
    assert DB["7A007"]["alternate_of"] == "7R059" and DB["7A007"]["mechanics"]


@pytest.mark.parametrize("cid,title,subtitle", [
    ("7R059", "Tekeny Ghemor", "Prominent Official"), ("7R102", "Kivas Fajo", "Collector"),
    ("7C065", "Dr. Leah Brahms", "Holographic Representation"), ("7C075", "Goss", "Direct Negotiator"),
    ("7C106", "Ruk", "Old One Servitor"), ("7C103", "Minuet", "Jazz Lover"),
    ("7R104", "Noonien Soong", "Often-Wrong")])
def test_strange_new_worlds_personnel_titles_split_as_printed(cid, title, subtitle):
    assert (DB[cid]["title"], DB[cid]["subtitle"]) == (title, subtitle)


def test_mordoc_is_attributes_plus_1_and_gains_transporters_only_with_the_biggest_hand():
    """"While you have more cards in hand than any of your opponents": CONDITION ``commands_more``
    over the hand (each player's hand counted as his own)."""
    from rules.startrek2e import stats as ST
    st = started("sw-mordoc")
    mordoc = real(st, 0, "T-F6", "7C086", "pile", mission(st, 0, "T-HQF"))
    base = DB["7C086"]["cunning"]
    hands = [st["seats"][0]["hand"], st["seats"][1]["hand"]]
    while len(hands[0]) <= len(hands[1]):
        S.move(st, hands[1][-1], "discard", 1)  # the opponent's hand smaller: Mordoc's side has more
    assert ST.value(st, mordoc, "cunning") == base + 1 and ST.skills(st, mordoc).get("Transporters") == 1
    while len(hands[1]) < len(hands[0]):
        S.move(st, hands[0][-1], "discard", 0)  # level: not more
    assert ST.value(st, mordoc, "cunning") == base and not ST.skills(st, mordoc).get("Transporters")
    check_invariants(st)


def test_taar_is_attributes_plus_2_for_each_category_he_leads():
    """"+2 for each of these categories in which you have more than any of your opponents: cards in
    hand, events in core, and points scored": one static per category (more hand cards: +2; and a
    higher score: +4; a tied score adds nothing)."""
    from rules.startrek2e import stats as ST
    st = started("sw-taar")
    taar = real(st, 0, "T-F6", "7R093", "pile", mission(st, 0, "T-HQF"))
    base = DB["7R093"]["integrity"]
    hands = [st["seats"][0]["hand"], st["seats"][1]["hand"]]
    while len(hands[0]) <= len(hands[1]):
        S.move(st, hands[1][-1], "discard", 1)
    assert ST.value(st, taar, "integrity") == base + 2
    st["seats"][0]["score"], st["seats"][1]["score"] = 10, 10
    assert ST.value(st, taar, "integrity") == base + 2
    st["seats"][1]["score"] = 5
    assert ST.value(st, taar, "integrity") == base + 4
    check_invariants(st)


def test_arridor_gains_the_revealed_personnels_skills_only_when_it_is_a_personnel():
    """"When you begin a mission attempt involving this personnel, you may reveal the top card of your
    deck. If it is a personnel, make this personnel gain all of the revealed personnel's skills until the
    end of that mission attempt": Troi (Anthropology, Diplomacy) on top gives him Diplomacy; an event on
    top gives nothing. The card stays on top."""
    from rules.startrek2e import stats as ST
    for top, gains in (("T-F7", 1), ("T-EV1", 0)):
        st = started(f"sw-arridor-{top}")
        m = mission(st, 0, "T-P1")
        arridor = real(st, 0, "T-F1", "7R070", "pile", m)
        put(st, 0, "T-F6", "pile", m)  # a [Fed] personnel: Survey Planet is a [Fed] mission
        card = next(i for i in st["seats"][0]["deck"] + st["seats"][0]["hand"] if st["cards"][i]["guid"] == top)
        S.move(st, card, "deck", 0)
        st["seats"][0]["deck"].remove(card)
        st["seats"][0]["deck"].insert(0, card)
        st = turn_to(st, 0, "orders")
        st = act(st, {"type": "attempt", "mission": m})
        st = respond(st, arridor)
        assert ST.skills(st, arridor).get("Diplomacy", 0) == gains
        assert st["seats"][0]["deck"][0] == card


def test_means_of_control_gives_your_attempting_cardassian_plus_2_and_the_captives_skills():
    """"To play this interrupt, you must have a captive. When your [Car] personnel is attempting a mission,
    he or she is attributes +2 and gains all skills from that captive until the end of this turn": Tekeny
    Ghemor (no Physics) gains the Klingon scientist captive's Physics, Astrometrics and Anthropology."""
    from rules.startrek2e import stats as ST
    from .helpers import find
    st = started("sw-means-of-control")
    m = mission(st, 0, "T-P1")
    tekeny = real(st, 0, "T-F1", "7R059", "pile", m)
    put(st, 0, "T-F6", "pile", m)  # a [Fed] personnel: Survey Planet is a [Fed] mission
    S.move(st, find(st, 1, "T-K5"), "brig", 0)
    interrupt = real(st, 0, "T-EV1", "7U042", "hand", 0)
    before = ST.value(st, tekeny, "integrity")
    assert not ST.skills(st, tekeny).get("Physics")
    st = turn_to(st, 0, "orders")
    st = attempt(st, m, dilemmas=["T-D1"], respond_with=interrupt)
    while st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 0:
        st = respond(act(st, options(st)[0]))
    assert st["cards"][interrupt]["zone"] == "discard"
    assert ST.value(st, tekeny, "integrity") == before + 2
    assert all(ST.skills(st, tekeny).get(s) == 1 for s in ("Physics", "Astrometrics"))
