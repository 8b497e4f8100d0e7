"""Every built-in game, played start to end over HTTP alone (issue 2's "done when", for
each game as it registers): two starter decks, random legal play to a result through
``legal-actions`` and ``actions``; the seed never shows before the end; afterwards the
public log re-folds from the revealed seed to the stored state, and ``replay`` at sampled
versions (every 7th and the last; ``test_stargate_over_http`` checks every one) equals the
judge's view of the state folded to that version.

Game-specific hidden zones are checked by each game's own view tests and by
``test_stargate_over_http.py``; this test holds every game to the service's contract."""
from __future__ import annotations

import random

import pytest

import rules
from replays import verify_replay
from replays.history import current_state
from rules.protocol import JUDGE
from store import MatchStore
from tests.service.helpers import bearer, url

MAX_ACTIONS = 20_000  # a bound on a runaway loop, far above any real game
BUILTIN = sorted(rules._BUILTIN)


def _events(client, match: dict, version: int) -> list[dict]:
    events: list[dict] = []
    while len(events) < version:
        page = client.get(url(match, f"/events?after={len(events)}&limit=1000")).json["events"]
        assert page, "the log ended before the match's version"
        events += page
    return events


@pytest.mark.slow
@pytest.mark.parametrize("game_id", BUILTIN)
def test_a_match_of_every_builtin_game_is_played_over_http_then_replayed_and_refolded(client, redis_conn, game_id):
    game = rules.get_game(game_id)
    decks = [d["id"] for d in game.starter_decks()]
    assert len(decks) >= 2, f"{game_id} ships fewer than two starter decks"
    created = client.post("/v1/matches", json={"game": game_id, "seats": [
        {"name": "Ann", "deck": decks[0]}, {"name": "Bob", "deck": decks[1]}]})
    assert created.status_code == 201, created.json
    match = created.json
    tokens = [s["token"] for s in match["seats"]]
    seed = MatchStore(redis_conn).get_meta(match["match_id"])["seed"]
    pick = random.Random(f"http-{game_id}")

    version = 0
    while True:
        summary = client.get(url(match)).json
        if summary["status"] == "finished":
            break
        assert version < MAX_ACTIONS, "no result after MAX_ACTIONS legal actions"
        seat = summary["deciding_seats"][0]
        listing = client.get(url(match, "/legal-actions"), headers=bearer(tokens[seat])).json
        assert listing["actions"], f"seat {seat} must decide but has no legal action at v{version}"
        response = client.post(url(match, "/actions"), headers=bearer(tokens[seat]),
                               json={"expected_version": version, "action": pick.choice(listing["actions"])})
        assert response.status_code == 201, response.json
        version = response.json["version"]
        if version % 50 == 1 and client.get(url(match)).json["status"] != "finished":
            # (a read after the action that ended the match is the judge's, seed included)
            for headers in ({}, bearer(tokens[0]), bearer(tokens[1])):
                for tail in ("/state", "/events", f"/replay?at={version - 1}"):
                    body = client.get(url(match, tail), headers=headers).get_data(as_text=True)
                    assert seed not in body, f"the seed leaked through {tail} before the end"

    final = client.get(url(match, "/replay")).json
    assert final["seed"] == seed and final["viewer"] == "judge"
    events = _events(client, match, version)
    refolded = verify_replay(game, final["config"], final["seed"], events, match["seed_commitment"])
    assert refolded == current_state(MatchStore(redis_conn), game, match["match_id"])[1]

    state = game.setup(final["config"], final["seed"])
    for at in range(version + 1):
        if at:
            state = game.apply(state, events[at - 1])
        if at % 7 == 0 or at == version:
            assert client.get(url(match, f"/replay?at={at}")).json["view"] == game.view(state, JUDGE)
