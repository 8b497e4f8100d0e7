"""Standing orders over HTTP (issue 11 item 7): a seat leaves decisions in advance and the
server plays them as that seat's actions (``"auto": "standing_order"`` in the log) the
moment they apply; an order that no longer fits is dropped, never guessed; orders are
private to their seat and one whose behaviour would depend on the hand is refused."""
from __future__ import annotations

import pytest

from tests.service.helpers import bearer, deciding_seat, legal, post, tokens, url


def _orders(client, match, seat, order=None):
    headers = bearer(tokens(match)[seat])
    if order is None:
        return client.get(url(match, "/orders"), headers=headers)
    return client.post(url(match, "/orders"), headers=headers, json={"order": order})


def _events(client, match, seat=None):
    headers = bearer(tokens(match)[seat]) if seat is not None else {}
    return client.get(url(match, "/events?limit=1000"), headers=headers).json["events"]


def _stargate(client):
    decks = [d["id"] for d in next(g for g in client.get("/v1/games").json["games"]
                                   if g["id"] == "stargate")["starter_decks"]]
    response = client.post("/v1/matches", json={"game": "stargate", "seats": [
        {"name": "A", "deck": decks[0]}, {"name": "B", "deck": decks[1]}]})
    assert response.status_code == 201
    return response.json


def _play_first(client, match, steps: int) -> None:
    for _ in range(steps):
        seat = deciding_seat(client, match)
        if seat is None:
            return
        listing = legal(client, match, seat)
        assert post(client, match, seat, listing["version"], listing["actions"][0]).status_code == 201


def test_keep_opening_hand_answers_the_mulligan(client):
    match = _stargate(client)
    for seat in (0, 1):
        response = _orders(client, match, seat, {"kind": "keep_opening_hand"})
        assert response.status_code == 201 and response.json["order"]["kind"] == "keep_opening_hand"
    _play_first(client, match, 12)
    kept = [e for e in _events(client, match) if e.get("auto") == "standing_order"]
    assert sorted(e["seat"] for e in kept) == [0, 1]
    assert all(e["payload"] == {"type": "mulligan", "yes": False} for e in kept)


def test_pass_responses_passes_every_window_of_its_seat(client):
    match = _stargate(client)
    for seat in (0, 1):
        assert _orders(client, match, seat, {"kind": "pass_responses"}).status_code == 201
    for _ in range(80):
        summary = client.get(url(match)).json
        if not summary["deciding_seats"]:
            break
        seat = summary["deciding_seats"][0]
        state = client.get(url(match, "/state"), headers=bearer(tokens(match)[seat])).json["view"]
        pending = state.get("pending") or {}
        assert not (pending.get("kind") == "act" and seat != state["turn"]["hero"]), "a window was left open"
        listing = legal(client, match, seat)
        assert post(client, match, seat, listing["version"], listing["actions"][-1]).status_code == 201
    passed = [e for e in _events(client, match) if e.get("auto") == "standing_order"]
    assert passed and all(e["payload"] == {"type": "pass"} for e in passed)


def test_a_when_order_plays_once_after_the_opponents_matching_action(client, match):
    """High Card: 'when my opponent bluffs, play my card N' (N in my hand)."""
    first = deciding_seat(client, match)
    other = 1 - first
    hand = client.get(url(match, "/state"), headers=bearer(tokens(match)[other])).json["view"]["seats"][other]["hand"]
    order = {"kind": "when", "opponent_action": {"type": "bluff"}, "play": {"type": "play", "card": hand[0]}}
    assert _orders(client, match, other, order).status_code == 201
    listing = legal(client, match, first)
    bluff = next(a for a in listing["actions"] if a["type"] == "bluff")
    assert post(client, match, first, listing["version"], bluff).status_code == 201
    events = _events(client, match, other)
    assert events[-1]["seat"] == other and events[-1]["payload"] == {"type": "play", "card": hand[0]}
    assert events[-1]["auto"] == "standing_order"
    assert _orders(client, match, other).json["orders"] == []  # played once


def test_a_when_order_that_no_longer_fits_is_dropped_not_guessed(client, match):
    first = deciding_seat(client, match)
    other = 1 - first
    order = {"kind": "when", "opponent_action": {"type": "bluff"}, "play": {"type": "play", "card": 999}}
    assert _orders(client, match, other, order).status_code == 201
    listing = legal(client, match, first)
    bluff = next(a for a in listing["actions"] if a["type"] == "bluff")
    assert post(client, match, first, listing["version"], bluff).status_code == 201
    assert deciding_seat(client, match) == other  # nothing played for the seat: 999 is not in its hand
    assert _orders(client, match, other).json["orders"][0]["armed"] is True
    listing = legal(client, match, other)
    assert post(client, match, other, listing["version"], listing["actions"][0]).status_code == 201
    assert _orders(client, match, other).json["orders"] == []  # its moment passed: dropped


def test_orders_are_private_to_their_seat(client, match):
    hand = client.get(url(match, "/state"), headers=bearer(tokens(match)[1])).json["view"]["seats"][1]["hand"]
    order = {"kind": "when", "opponent_action": {"type": "bluff"}, "play": {"type": "play", "card": hand[0]}}
    assert _orders(client, match, 1, order).status_code == 201
    assert _orders(client, match, 0).json == {"seat": 0, "orders": []}
    assert client.get(url(match, "/orders")).status_code == 401
    for seat in (0, None):
        assert all(e["type"] == "action" for e in _events(client, match, seat))  # the order is in no event
    assert client.get(url(match)).json["version"] == 0
    order_id = _orders(client, match, 1).json["orders"][0]["id"]
    assert client.delete(url(match, f"/orders/{order_id}"), headers=bearer(tokens(match)[0])).status_code == 404
    assert client.delete(url(match, f"/orders/{order_id}"), headers=bearer(tokens(match)[1])).json["orders"] == []


@pytest.mark.parametrize("order, code", [
    ({"kind": "pass_responses", "unless_can_respond": True}, "order_would_reveal"),
    ({"kind": "keep_opening_hand"}, "invalid_order"),  # High Card has no mulligan
    ({"kind": "when", "opponent_action": {}, "play": {"type": "play"}}, "invalid_order"),
    ({"kind": "when", "opponent_action": {"type": "bluff"}}, "invalid_order"),
])
def test_bad_orders_are_refused(client, match, order, code):
    response = _orders(client, match, 0, order)
    assert response.status_code == 400 and response.json["error"]["code"] == code
    assert _orders(client, match, 0).json["orders"] == []
