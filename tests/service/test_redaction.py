"""Hidden information: no view, event, replay or error shows another seat's hand, any
deck order, a face-down (bluffed) card or the seed before the end — from version 0 on."""
from __future__ import annotations

from store import MatchStore
from tests.service.helpers import bearer, deciding_seat, legal, play_one, post, tokens, url

VIEWERS = ("spectator", 0, 1)


def _headers(match: dict, viewer) -> dict:
    return {} if viewer == "spectator" else bearer(tokens(match)[viewer])


def _assert_view_hides(view: dict, viewer) -> None:
    for i, seat in enumerate(view["seats"]):
        assert seat["deck"] is None, "deck order is never shown before the end"
        if viewer == i:
            assert isinstance(seat["hand"], list) and isinstance(seat["bluffed"], list)
        else:
            assert seat["hand"] is None, f"seat {i}'s hand shown to {viewer}"
            assert isinstance(seat["bluffed"], int), f"seat {i}'s face-down cards shown to {viewer}"


def _assert_events_hide(events: list[dict], viewer) -> None:
    for event in events:
        if event["payload"]["type"] == "bluff" and event["seat"] != viewer:
            assert event["payload"]["card"] is None, f"bluffed card of v{event['v']} shown to {viewer}"


def _check_everything_hidden(client, match: dict, seed: str) -> None:
    """Every read endpoint, every viewer, every version so far."""
    version = client.get(url(match)).json["version"]
    for viewer in VIEWERS:
        headers = _headers(match, viewer)
        bodies = []
        state = client.get(url(match, "/state"), headers=headers)
        assert state.json["viewer"] == ("spectator" if viewer == "spectator" else "seat")
        _assert_view_hides(state.json["view"], viewer)
        events = client.get(url(match, "/events"), headers=headers)
        _assert_events_hide(events.json["events"], viewer)
        for after in range(version):
            paged = client.get(url(match, f"/events?after={after}&limit=1"), headers=headers)
            _assert_events_hide(paged.json["events"], viewer)
            bodies.append(paged)
        for at in range(version + 1):
            replay = client.get(url(match, f"/replay?at={at}"), headers=headers)
            assert replay.json["seed"] is None and replay.json["config"] is None
            _assert_view_hides(replay.json["view"], viewer)
            bodies.append(replay)
        bodies += [state, events, client.get(url(match), headers=headers),
                   client.get(url(match, "/legal-actions"), headers=headers)]
        for body in bodies:
            text = body.get_data(as_text=True)
            assert seed not in text and '"rng"' not in text


def test_nothing_hidden_leaks_at_any_version_for_any_viewer(client, match, redis_conn):
    seed = MatchStore(redis_conn).get_meta(match["match_id"])["seed"]
    _check_everything_hidden(client, match, seed)  # the very first state, too
    play_one(client, match, "bluff")  # seat 0 bluffs
    _check_everything_hidden(client, match, seed)
    play_one(client, match, "bluff")  # seat 1 bluffs
    _check_everything_hidden(client, match, seed)
    while True:
        seat = deciding_seat(client, match)
        if seat is None:
            break
        play_one(client, match, "play")
        if deciding_seat(client, match) is not None:
            _check_everything_hidden(client, match, seed)


def test_bluffed_card_is_seen_only_by_its_seat_until_the_end(client, match):
    bluff = play_one(client, match, "bluff")
    card = bluff["action"]["card"]
    mine = client.get(url(match, "/events"), headers=_headers(match, 0)).json["events"][0]
    assert mine["payload"] == {"type": "bluff", "card": card}
    for viewer in ("spectator", 1):
        theirs = client.get(url(match, "/events"), headers=_headers(match, viewer)).json["events"][0]
        assert theirs["payload"] == {"type": "bluff", "card": None}
        seat0 = client.get(url(match, "/state"), headers=_headers(match, viewer)).json["view"]["seats"][0]
        assert seat0["bluffed"] == 1


def test_after_the_end_everyone_sees_everything(client, match):
    bluff = play_one(client, match, "bluff")
    while deciding_seat(client, match) is not None:
        play_one(client, match, "play")
    for viewer in VIEWERS:
        headers = _headers(match, viewer)
        state = client.get(url(match, "/state"), headers=headers).json
        assert state["viewer"] == "judge" and state["status"] == "finished"
        assert state["view"]["seats"][0]["bluffed"] == [bluff["action"]["card"]]
        assert all(s["hand"] is not None and s["deck"] is not None for s in state["view"]["seats"])
        first = client.get(url(match, "/events"), headers=headers).json["events"][0]
        assert first["payload"]["card"] == bluff["action"]["card"]


def test_errors_do_not_reveal_hidden_cards(client, match):
    """An illegal play's error echoes only the poster's own action, never a hand."""
    own_hand = client.get(url(match, "/state"), headers=_headers(match, 0)).json["view"]["seats"][0]["hand"]
    probe = next(c for c in range(1, 11) if c not in own_hand)
    response = post(client, match, 0, 0, {"type": "play", "card": probe})
    assert response.status_code == 422
    error = response.json["error"]
    assert set(error) == {"code", "message", "details"}
    assert error["details"] == {"action": {"type": "play", "card": probe}}
    assert "hand" not in error["message"]


def test_legal_actions_are_empty_for_spectators_and_waiting_seats(client, match):
    assert legal(client, match, 1)["actions"] == []
    spectator = client.get(url(match, "/legal-actions")).json
    assert spectator == {"version": 0, "seat": None, "deciding_seats": [0], "actions": []}
    assert legal(client, match, 0)["actions"]
