"""A Star Trek match's format is its ruleset: chosen at creation, checked against every
deck, pinned in the match (summary, export header) and listed by ``GET /v1/games``."""
from __future__ import annotations

from rules.startrek2e.cards import card_db, starters
from tests.service.helpers import url


def _deck_with_retired_premiere_card() -> dict:
    retired = next(c for c in sorted(card_db().values(), key=lambda c: c["id"])
                   if c["set"] == "SE" and c["hof_retired"] and c["type"] == "personnel")
    d = starters()[0]
    return {"missions": d["missions"], "dilemmas": d["dilemmas"], "deck": d["deck"] + [retired["id"]]}


def test_games_lists_every_format_as_a_ruleset(client):
    game = next(g for g in client.get("/v1/games").json["games"] if g["id"] == "startrek2e")
    assert {r["id"] for r in game["rulesets"]} == {"standard", "decipher", "premiere", "open"}


def test_the_format_is_checked_at_creation_and_pinned_with_the_match(client):
    seats = [{"name": "Ann", "deck": _deck_with_retired_premiere_card()}, {"name": "Bob", "deck": starters()[1]["id"]}]
    refused = client.post("/v1/matches", json={"game": "startrek2e", "ruleset": "standard", "seats": seats})
    assert refused.status_code == 422, refused.json
    assert {v["code"] for v in refused.json["error"]["details"]} == {"hof_retired"}

    created = client.post("/v1/matches", json={"game": "startrek2e", "ruleset": "premiere", "seats": seats})
    assert created.status_code == 201, created.json
    match = created.json
    assert client.get(url(match)).json["ruleset"] == "premiere"


def test_an_unknown_format_is_refused_with_the_list(client):
    seats = [{"name": "Ann", "deck": starters()[0]["id"]}, {"name": "Bob", "deck": starters()[1]["id"]}]
    response = client.post("/v1/matches", json={"game": "startrek2e", "ruleset": "vintage", "seats": seats})
    assert response.status_code == 400 and response.json["error"]["code"] == "unknown_ruleset"
    assert "premiere" in response.json["error"]["details"]["rulesets"]
