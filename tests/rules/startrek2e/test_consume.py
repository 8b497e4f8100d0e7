"""The dilemma keyword "Consume: N" (Necessary Evil, issue 17; RULES.md "Consume"): when a dilemma with it is
revealed from its owner's stack, the top N cards of his dilemma pile go face up beneath the mission being
attempted (so they count among the dilemmas beneath it when dilemmas are next drawn there). Played with the
real Consume dilemmas of Necessary Evil, with the hidden piles checked in every view."""

from rules.startrek2e import dilemmas as D
from rules.startrek2e import state as S
from rules.startrek2e.cards import card_db

from .helpers import act, attempt, check_invariants, ids_seen, options, pass_responses, planet_team, respond

DB = card_db()






def _on_top(st: dict, guids) -> list:
    """Put seat 1's dilemmas ``guids`` on top of his pile, in that order; returns the pile."""
    pile = st["seats"][1]["dilemmas"]
    for g in reversed(guids):
        d = next(i for i in pile if st["cards"][i]["guid"] == g)
        pile.remove(d)
        pile.insert(0, d)
    return pile


def test_consume_counts_read_from_the_printed_keyword():
    st, m, team = planet_team("consume-n", ("T-F1",), "4U010", "4C003", "4C006")
    by = {st["cards"][i]["guid"]: i for i in st["seats"][1]["dilemmas"]}
    assert D.consume_count(st, by["4U010"]) == 1  # Cave-In: "Consume: 1"
    assert D.consume_count(st, by["4C003"]) == 2  # A Royal Hunt: "Consume: 2"
    assert D.consume_count(st, by["4C006"]) == 0  # Back Room Dealings: no Consume


def test_cave_in_consumes_the_top_card_of_its_owners_pile_beneath_the_mission():
    st, m, team = planet_team("consume-cave", ("T-F1", "T-F2", "T-F3", "T-F4"), "4U010")
    pile = _on_top(st, ["4U010"])
    cave, expected = pile[0], pile[4]  # four drawn (four attempting); the fifth card is the top after choosing
    size = len(pile)
    st = respond(attempt(st, m, dilemmas=["4U010"]))
    assert st["cards"][expected]["zone"] == "under" and st["cards"][expected]["in"] == m
    assert st["cards"][expected]["face_up"]
    consumed = [e for e in st["log"] if e["event"] == "consumed"]
    assert [(e["card"], e["cards"]) for e in consumed] == [(cave, [expected])]
    # Cave-In went beneath the mission (overcome) or back to the pile; the consumed card is beneath it either way
    assert len(st["seats"][1]["dilemmas"]) == size - 1 - (st["cards"][cave]["zone"] != "dilemmas")
    check_invariants(st)


def test_a_royal_hunt_consumes_two_and_they_count_at_the_next_draw_there():
    st, m, team = planet_team("consume-hunt", ("T-F1", "T-F2", "T-F3", "T-F4", "T-F5"), "4C003")
    pile = _on_top(st, ["4C003"])
    expected = pile[5:7]  # five drawn; the next two are consumed
    st = respond(attempt(st, m, dilemmas=["4C003"]))
    assert [d for d in st["cards"][m]["under"] if d in expected] == expected
    assert all(st["cards"][d]["face_up"] for d in expected)
    # the next attempt there draws (attempting − dilemmas beneath): the two consumed count
    under = len(st["cards"][m]["under"])
    assert under >= 2
    st["attempt"] = {"seat": 0, "mission": m, "ship": None, "personnel": list(team), "dilemma_owner": 1,
                     "budget": 0, "spent": 0, "current": None, "resolving": False}
    for c in team:
        st["cards"][c]["stopped"] = False
    before = len(st["seats"][1]["drawn"])
    D.draw_dilemmas(st)
    assert len(st["seats"][1]["drawn"]) - before == max(0, len([c for c in team if S.in_play(st, c)]) - under)


def test_a_dilemma_without_consume_places_nothing():
    st, m, team = planet_team("consume-none", ("T-F1", "T-F7", "T-F2", "T-F3"), "4C006")
    st = respond(attempt(st, m, dilemmas=["4C006"]))
    if st["pending"] and st["pending"]["kind"] == "choose":
        st = respond(act(st, options(st)[0]))
    assert not [e for e in st["log"] if e["event"] == "consumed"]
    assert [d for d in st["cards"][m]["under"] if st["cards"][d]["guid"] != "4C006"] == []


def test_consume_takes_what_there_is_and_reshuffles_on_reaching_a_face_up_card():
    """Only the drawn dilemmas left in the pile: after choosing, the pile is the unchosen ones, face up at
    its bottom — consuming reaches a face-up card, so the pile is shuffled face down first."""
    st, m, team = planet_team("consume-short", ("T-F1", "T-F2"), "4C003")
    pile = _on_top(st, ["4C003"])
    for i in list(pile[2:]):  # leave A Royal Hunt and one other
        S.move(st, i, "out", 1)
    st = respond(attempt(st, m, dilemmas=["4C003"]))
    consumed = [e for e in st["log"] if e["event"] == "consumed"]
    assert len(consumed) == 1 and len(consumed[0]["cards"]) == 1  # Consume: 2, one card there
    assert any(e["event"] == "reshuffled_dilemmas" for e in st["log"])
    assert st["seats"][1]["dilemmas"] in ([], [i for i in st["seats"][1]["dilemmas"] if not st["cards"][i]["face_up"]])
    check_invariants(st)


def test_consume_tells_the_attempting_player_nothing_hidden():
    """While the owner chooses, the attempting player sees none of the drawn dilemmas nor the pile; when the
    Consume dilemma is revealed, the consumed cards are face up beneath the mission (public), and the rest of
    the pile stays hidden from both players."""
    st, m, team = planet_team("consume-leak", ("T-F1", "T-F2", "T-F3", "T-F4"), "4U010")
    pile = _on_top(st, ["4U010"])
    expected = pile[4]
    st = act(st, {"type": "attempt", "mission": m})
    st = pass_responses(st)
    assert st["pending"]["kind"] == "choose_dilemma" and st["pending"]["seat"] == 1
    hidden = set(st["seats"][1]["dilemmas"]) | set(st["seats"][1]["drawn"])
    assert not ids_seen(st, 0) & hidden
    cave = next(o["card"] for o in options(st) if o["card"] and st["cards"][o["card"]]["guid"] == "4U010")
    st = act(st, {"type": "choose_dilemma", "card": cave})
    assert not ids_seen(st, 0) & (set(st["seats"][1]["dilemmas"]) | set(st["seats"][1]["stack"]))
    st = respond(act(st, {"type": "choose_dilemma", "card": None}))  # the stack is set and Cave-In revealed
    assert expected in ids_seen(st, 0) and expected in ids_seen(st, 1)  # face up beneath the mission: public
    rest = set(st["seats"][1]["dilemmas"])
    assert not ids_seen(st, 0) & rest and not ids_seen(st, 1) & rest  # the pile stays hidden from both
    check_invariants(st)


def test_consume_x_places_what_its_owner_paid_for_it():
    """Temporal Misalignment (Fractured Time, "Consume: X", X = its cost as chosen: 2): two consumed."""
    st, m, team = planet_team("consume-x", ("T-F1", "T-F2", "T-F3", "T-F4"), "5P001")
    pile = _on_top(st, ["5P001"])
    expected = pile[4:6]
    st = respond(attempt(st, m, dilemmas=["5P001"]))
    tm = next(i for i in st["cards"] if st["cards"][i]["guid"] == "5P001")
    assert st["cards"][tm]["cost_paid"] == 2 and D.consume_count(st, tm) == 2
    consumed = [e for e in st["log"] if e["event"] == "consumed"]
    assert [e["cards"] for e in consumed] == [expected]
    check_invariants(st)
