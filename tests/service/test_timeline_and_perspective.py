"""The replay viewer's API: ``GET /v1/matches/<id>/timeline`` (where each turn and phase
begins: public facts, the same for everyone) and ``GET /replay?perspective=`` (any seat's
view, the spectator's or the judge's once the match is over; only your own before)."""
from __future__ import annotations


import pytest

from replays.timeline import mark_from_view
from tests.service.helpers import bearer


DECKS = {"stargate": ("oneil", "apophis"), "startrek2e": ("federation", "klingon"), "babylon5": ("human", "minbari")}


def _stargate(client, moves: int = 40, game: str = "stargate") -> tuple[str, list[str]]:
    created = client.post("/v1/matches", json={"game": game, "seats": [
        {"name": "Ann", "deck": DECKS[game][0]}, {"name": "Bob", "deck": DECKS[game][1]}]})
    assert created.status_code == 201, created.json
    match_id, tokens = created.json["match_id"], [s["token"] for s in created.json["seats"]]
    for _ in range(moves):
        legal = [client.get(f"/v1/matches/{match_id}/legal-actions", headers=bearer(t)).json for t in tokens]
        seat = next(i for i, l in enumerate(legal) if l["actions"])
        posted = client.post(f"/v1/matches/{match_id}/actions", headers=bearer(tokens[seat]),
                             json={"expected_version": legal[seat]["version"], "action": legal[seat]["actions"][-1]})
        assert posted.status_code == 201, posted.json
    return match_id, tokens


def _marks(client, match_id, **query):
    r = client.get(f"/v1/matches/{match_id}/timeline", query_string=query)
    assert r.status_code == 200, r.json
    return r.json


@pytest.mark.parametrize("game", sorted(DECKS))
def test_the_timeline_marks_every_version_where_the_spectators_turn_or_phase_changes(client, game):
    match_id, tokens = _stargate(client, game=game)
    whole = _marks(client, match_id)
    assert whole["version"] == 40 and whole["next_start"] is None
    marks = whole["marks"]
    assert marks[0]["v"] == 0 and len(marks) >= 3 and [m["v"] for m in marks] == sorted({m["v"] for m in marks})
    # each version's turn and phase: those of the last mark at or before it, as its replay shows
    for v in range(0, 41):
        view = client.get(f"/v1/matches/{match_id}/replay", query_string={"at": v}).json["view"]
        current = [m for m in marks if m["v"] <= v][-1]
        assert {"turn": current["turn"], "phase": current["phase"]} == mark_from_view(view)
    # the same for a seat as for no one (public facts), and paged the same
    assert client.get(f"/v1/matches/{match_id}/timeline", headers=bearer(tokens[0])).json == whole
    pages, start = [], 0
    while start is not None:
        page = _marks(client, match_id, start=start, limit=7)
        pages.extend(m for m in page["marks"] if not pages or (m["turn"], m["phase"]) != (pages[-1]["turn"], pages[-1]["phase"]))
        start = page["next_start"]
    assert pages == marks


def test_timeline_refusals(client):
    match_id, _ = _stargate(client, moves=2)
    r = client.get(f"/v1/matches/{match_id}/timeline", query_string={"start": 3})
    assert r.status_code == 400 and r.json["error"]["code"] == "version_out_of_range"
    assert client.get("/v1/matches/nope/timeline").status_code == 404
    assert client.get(f"/v1/matches/{match_id}/timeline", query_string={"limit": 0}).status_code == 400


def test_a_running_match_shows_only_your_own_perspective(client):
    match_id, tokens = _stargate(client, moves=6)
    base = f"/v1/matches/{match_id}/replay"
    mine = client.get(base, query_string={"at": 3, "perspective": "0"}, headers=bearer(tokens[0]))
    assert mine.status_code == 200 and mine.json["perspective"] == "0"
    assert client.get(base, query_string={"at": 3, "perspective": "spectator"}).json["perspective"] == "spectator"
    for who, token in (("1", tokens[0]), ("judge", tokens[0]), ("0", None), ("judge", None)):
        refused = client.get(base, query_string={"at": 3, "perspective": who}, headers=bearer(token) if token else {})
        assert refused.status_code == 403 and refused.json["error"]["code"] == "perspective_hidden", (who, refused.json)


def test_a_finished_match_shows_any_perspective_to_anyone(client):
    match_id, tokens = _stargate(client, moves=6)
    assert client.post(f"/v1/matches/{match_id}/resign", headers=bearer(tokens[0])).status_code in (200, 201)
    base = f"/v1/matches/{match_id}/replay"
    judge = client.get(base, query_string={"at": 4}).json
    assert judge["perspective"] == "judge" and judge["viewer"] == "judge"
    for seat in (0, 1):
        shown = client.get(base, query_string={"at": 4, "perspective": str(seat)}).json
        assert shown["perspective"] == str(seat) and shown["viewer"] == "seat"
        # what that seat saw then: its own hand, the other's hidden
        assert shown["view"]["seats"][seat]["hand"] == judge["view"]["seats"][seat]["hand"]
        assert shown["view"]["seats"][1 - seat]["hand"] != judge["view"]["seats"][1 - seat]["hand"]
    spectator = client.get(base, query_string={"at": 4, "perspective": "spectator"}).json
    assert spectator["viewer"] == "spectator"
    bad = client.get(base, query_string={"at": 4, "perspective": "2"})
    assert bad.status_code == 400 and bad.json["error"]["code"] == "invalid_perspective"
    assert client.get(base, query_string={"perspective": "bob"}).status_code == 400
