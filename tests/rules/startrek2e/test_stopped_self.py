"""A stopped card's text about its own stopping (RULES.md "A stopped card's text about its own stopping"):
the rulebook lets nobody use a stopped card's text, responses included, yet "When this personnel is stopped
by a dilemma, …" can only ever be used stopped — the card's text beats the rulebook. Each played with the
real card: Beverly Crusher (a response), The Traveler and Daniels (mandatory), Tora Ziyal (a response with a
cost); and
another text of a stopped card stays silent."""
from rules.startrek2e import state as S

from .helpers import attempt, check_invariants, mission, options, put, real, respond, started, turn_to


def _alone_on_the_planet(seed: str, cid: str):
    """Seat 0's real ``cid`` attempts his planet alone; seat 1 stacks Dangerous Climb (stops one at random)."""
    st = started(seed)
    m = mission(st, 0, "T-P1")
    who = real(st, 0, "T-F2", cid, "pile", m)
    return turn_to(st, 0, "orders"), m, who


def test_beverly_crusher_stopped_by_a_dilemma_takes_a_tng_personnel_from_the_discard_pile():
    st, m, crusher = _alone_on_the_planet("stopped-crusher", "4R133")
    riker = real(st, 0, "T-F6", "4R149", "discard", 0)  # William T. Riker [TNG]
    st = attempt(st, m, dilemmas=["T-D1"], respond_with=crusher)
    assert st["cards"][crusher]["stopped"]
    while st["pending"] and st["pending"]["kind"] == "choose":
        st = act_choose(st, riker)
    assert riker in st["seats"][0]["hand"]
    check_invariants(st)


def _stopped_by_a_dilemma(st: dict, who: str) -> dict:
    """A dilemma's text stops ``who`` (glossary ``stop``, as a dilemma's verb does), then the game goes on."""
    from rules.startrek2e import flow
    from rules.startrek2e import glossary as G
    G.stop(st, who, by_dilemma=True)
    st["pending"] = None
    return flow.advance(st)


def test_the_traveler_stopped_by_a_dilemma_goes_to_the_bottom_of_his_deck():
    st, m, traveler = _alone_on_the_planet("stopped-traveler", "5P036")  # non-aligned: no attempt here
    st = respond(_stopped_by_a_dilemma(st, traveler))
    assert st["cards"][traveler]["zone"] == "deck" and st["seats"][0]["deck"][-1] == traveler
    check_invariants(st)


def test_daniels_stopped_by_a_dilemma_returns_to_his_owners_hand():
    st, m, daniels = _alone_on_the_planet("stopped-daniels", "8U098")
    st = respond(_stopped_by_a_dilemma(st, daniels))
    assert daniels in st["seats"][0]["hand"]
    check_invariants(st)


def test_a_stop_not_by_a_dilemma_leaves_the_traveler_where_he_is():
    from rules.startrek2e import flow
    from rules.startrek2e import glossary as G
    st, m, traveler = _alone_on_the_planet("stopped-traveler-combat", "5P036")
    G.stop(st, traveler)
    st["pending"] = None
    st = respond(flow.advance(st))
    assert st["cards"][traveler]["zone"] == "pile" and st["cards"][traveler]["stopped"]


def test_tora_ziyal_stopped_by_a_dilemma_discards_a_card_to_draw_one():
    st, m, ziyal = _alone_on_the_planet("stopped-ziyal", "3R149")
    hand = len(st["seats"][0]["hand"])
    discards = len(st["seats"][0]["discard"])
    st = respond(_stopped_by_a_dilemma(st, ziyal), ziyal)
    while st["pending"] and st["pending"]["kind"] == "choose":
        st = act_choose(st, options(st)[0]["card"])
    st = respond(st)
    assert st["cards"][ziyal]["stopped"]
    assert len(st["seats"][0]["hand"]) == hand and len(st["seats"][0]["discard"]) == discards + 1
    check_invariants(st)


def test_another_stopped_personnel_does_not_hear_the_stop():
    """Karina hears "your Romulan present is stopped by a dilemma" — but not once she is stopped herself:
    only a text about its own stopping works from a stopped card."""
    from rules.startrek2e.triggers import responses
    st, m, karina = _alone_on_the_planet("stopped-karina", "3U194")
    S.move(st, karina, "pile", m)
    st["cards"][karina]["stopped"] = True
    other = put(st, 0, "T-F3", "pile", m)
    w = {"event": "personnel_stopped", "data": {"card": other, "seat": 0, "by_dilemma": True}, "used": []}
    assert not [o for o in responses(st, 0, w) if o["card"] == karina]


def act_choose(st: dict, card: str) -> dict:
    from .helpers import act
    return act(st, {"type": "choose", "card": card})
