"""``POST /v1/games/<game>/decks/check`` with ``text``: a plain-text deck list as players
keep it, read against the game's public card pool, judged like any deck, and answered with
the deck dict the list names (what the lobby page then posts with a challenge). A line that
names no card is 400 ``deck_list_unreadable`` listing every such line; nothing is stored."""
from __future__ import annotations

import pytest

from rules.babylon5 import decklist as b5
from rules.babylon5.deckbuilding import starter_deck as b5_starter
from rules.stargate import decklist as sg
from rules.stargate.deckbuilding import starter_deck as sg_starter
from rules.startrek2e import decklist as st2e
from rules.startrek2e.deckbuilding import starter_deck as st_starter
from store import MatchStore
from tests.service.helpers import bearer, register_player

STARTERS = {"stargate": (sg, sg_starter("oneil")), "startrek2e": (st2e, st_starter("federation")),
            "babylon5": (b5, b5_starter("human"))}
PARTS = {"stargate": ("team", "missions", "deck"), "startrek2e": ("missions", "dilemmas", "deck"),
         "babylon5": ("ambassador", "deck")}
BAD = "Team:\nJack O'Neill, SG-1 Commander\n\nJack O'Neill\nNo Such Card At All\nFrobnicate:\n"


def _check(client, game, text, **more):
    return client.post(f"/v1/games/{game}/decks/check", json={"text": text, **more})


@pytest.mark.parametrize("game", sorted(STARTERS))
def test_a_starter_deck_pasted_as_text_is_read_judged_and_given_back(client, game):
    module, starter = STARTERS[game]
    r = _check(client, game, module.render(starter))
    assert r.status_code == 200, r.json
    assert r.json["valid"] is True and r.json["violations"] == []
    assert {p: r.json["deck"].get(p) for p in PARTS[game]} == {p: starter.get(p) for p in PARTS[game]}


def test_a_readable_list_that_breaks_the_rules_is_200_with_its_violations(client):
    r = _check(client, "stargate", "Team:\nJack O'Neill, SG-1 Commander\nMissions:\nAttend Triad, Tollana\n")
    assert r.status_code == 200, r.json
    assert r.json["valid"] is False and r.json["violations"]
    assert len(r.json["deck"]["team"]) == 1 and len(r.json["deck"]["missions"]) == 1


def test_unreadable_lines_are_400_each_with_its_number_and_nothing_is_stored(client, redis_conn):
    before = sorted(k for k in redis_conn.keys("*") if b"subspace:rl" not in k)
    r = _check(client, "stargate", BAD)
    assert r.status_code == 400
    error = r.json["error"]
    assert error["code"] == "deck_list_unreadable" and "4, 5, 6" in error["message"]
    assert [(d["line"], d["code"]) for d in error["details"]] == [
        (4, "ambiguous_card"), (5, "unknown_card"), (6, "unknown_section")]
    assert "1/95" in error["details"][0]["candidates"]
    assert all(d["message"].startswith(f"line {d['line']}:") for d in error["details"])
    assert sorted(k for k in redis_conn.keys("*") if b"subspace:rl" not in k) == before
    assert MatchStore(redis_conn).count_matches() == 0


def test_deck_or_text_exactly_one_and_a_game_without_lists(client):
    both = client.post("/v1/games/stargate/decks/check", json={"deck": "oneil", "text": "1/95"})
    neither = client.post("/v1/games/stargate/decks/check", json={})
    assert both.status_code == neither.status_code == 400
    assert both.json["error"]["code"] == neither.json["error"]["code"] == "invalid_request"
    assert _check(client, "stargate", "").status_code == 400
    assert _check(client, "stargate", "x" * 50_001).status_code == 400
    r = _check(client, "highcard", "3 Ace")
    assert r.status_code == 400 and r.json["error"]["code"] == "deck_list_unsupported"


def test_the_parsed_deck_creates_a_challenge(client):
    module, starter = STARTERS["startrek2e"]
    parsed = _check(client, "startrek2e", module.render(starter)).json["deck"]
    ann = register_player(client, "Ann")
    made = client.post("/v1/challenges", headers=bearer(ann["token"]), json={"game": "startrek2e", "deck": parsed})
    assert made.status_code == 201, made.json
    assert made.json["your_deck"] == parsed


def test_text_checks_share_the_deck_check_rate_limit(make_app):
    app = make_app(SUBSPACE_RATE_CHECKS="2/minute")
    with app.test_client() as c:
        assert c.post("/v1/games/stargate/decks/check", json={"deck": "oneil"}).status_code == 200
        assert _check(c, "stargate", "1/95").status_code == 200
        refused = _check(c, "stargate", "1/95")
    assert refused.status_code == 429 and refused.json["error"]["code"] == "rate_limited"


def test_the_answer_is_the_same_for_anyone_whatever_matches_exist(client):
    """Leak-free: a list is read against the public card pool only — the same answer (a
    good list and a bad one) with or without a token, before and after matches exist with
    that deck, naming no match, seat or token."""
    good = sg.render(sg_starter("apophis"))
    before = [_check(client, "stargate", text).get_data(as_text=True) for text in (good, BAD)]
    created = client.post("/v1/matches", json={"game": "stargate", "seats": [
        {"name": "Ann", "deck": "apophis"}, {"name": "Bob", "deck": "oneil"}]}).json
    token = created["seats"][0]["token"]
    ann = register_player(client, "Ann")
    for headers in ({}, bearer(token), bearer(ann["token"])):
        after = [client.post("/v1/games/stargate/decks/check", json={"text": text}, headers=headers).get_data(as_text=True)
                 for text in (good, BAD)]
        assert after == before
        for body in after:
            assert created["match_id"] not in body and token not in body and ann["token"] not in body
