"""The challenge reducer: seats fill one by one, refusals are decided before any event,
an invitation-only challenge closes when it can no longer fill, time is data."""
from __future__ import annotations

import pytest

from rules.aggregates import challenges as C
from rules.errors import Conflict, Forbidden

AT = "2026-01-01T00:00:00.000Z"
LATER = "2026-01-05T00:00:00.000Z"


def _opened(seats=2, invited=(), open_to_anyone=True):
    return C.apply(None, C.opened(challenge_id="c", creator="ann", game="g", ruleset="r", seats=seats, clock=None,
                                  invited=list(invited), open_to_anyone=open_to_anyone, expires_at="2026-01-03T00:00:00.000Z",
                                  deck=["ann's"], at=AT))


def _refused(check, *args) -> str:
    with pytest.raises((Conflict, Forbidden)) as err:
        check(*args)
    return err.value.code


def test_three_seats_fill_one_by_one_then_refuse_more():
    state = _opened(seats=3)
    state = C.apply(state, C.event("accepted", AT, player_id="bob", deck=["bob's"]))
    assert state["status"] == C.OPEN
    assert _refused(C.check_accept, state, "bob", AT) == "already_accepted"
    state = C.apply(state, C.event("accepted", AT, player_id="carl", deck=["carl's"]))
    assert state["status"] == C.FILLED and C.participants(state) == ["ann", "bob", "carl"]
    assert _refused(C.check_accept, state, "dora", AT) == "challenge_filled"
    state = C.apply(state, C.event("started", AT, match_id="m"))
    assert state["status"] == C.STARTED and state["match_id"] == "m"


def test_views_show_only_the_viewers_deck():
    state = C.apply(_opened(), C.event("accepted", AT, player_id="bob", deck=["bob's"]))
    assert C.view(state, "ann")["your_deck"] == ["ann's"]
    assert C.view(state, "bob")["your_deck"] == ["bob's"]
    assert C.view(state, None)["your_deck"] is None
    assert "bob's" not in repr(C.view(state, "ann")) and "ann's" not in repr(C.view(state, "bob"))


def test_expiry_is_judged_from_the_stamped_time():
    state = _opened()
    assert not C.is_due(state, AT)
    assert C.is_due(state, LATER)
    assert _refused(C.check_accept, state, "bob", LATER) == "challenge_expired"
    state = C.apply(state, C.event("expired", LATER))
    assert _refused(C.check_accept, state, "bob", AT) == "challenge_expired"


def test_an_invitation_only_challenge_closes_when_it_cannot_fill():
    state = _opened(seats=3, invited=["bob", "carl"], open_to_anyone=False)
    assert _refused(C.check_accept, state, "eve", AT) == "not_invited"
    assert _refused(C.check_decline, state, "eve", AT) == "not_invited"
    assert not C.may_see(state, "eve") and C.may_see(state, "bob") and C.may_see(state, "ann")
    state = C.apply(state, C.event("accepted", AT, player_id="bob", deck=[]))
    assert state["status"] == C.OPEN
    state = C.apply(state, C.event("declined", AT, player_id="carl"))
    assert state["status"] == C.DECLINED


def test_only_the_creator_cancels_and_only_while_open():
    state = _opened()
    assert _refused(C.check_cancel, state, "bob") == "not_creator"
    state = C.apply(state, C.event("cancelled", AT, by="ann"))
    assert _refused(C.check_cancel, state, "ann") == "challenge_cancelled"
