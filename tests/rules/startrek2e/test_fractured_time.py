"""Fractured Time (set 5, issue 17): cards authored with the language as it is, played through the
reducer with the real card (MISSING.md "Fractured Time"; CONDITION ``score``
``lower_than_each_opponent`` is the one construct the set added)."""
from rules.startrek2e import glossary as G
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card

from .helpers import act, check_invariants, mission, options, put, real, respond, started, turn_to

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
