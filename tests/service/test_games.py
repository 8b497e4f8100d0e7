"""GET /v1/games: games with rulesets and starter decks."""
from __future__ import annotations


def test_games_lists_registered_game_with_rulesets_and_starter_decks(client):
    response = client.get("/v1/games")
    assert response.status_code == 200
    games = {g["id"]: g for g in response.json["games"]}
    high = games["highcard"]
    assert high["title"] == "High Card (test game)"
    assert high["default_ruleset"] == "standard"
    assert {r["id"] for r in high["rulesets"]} == {"standard", "long"}
    assert [d["id"] for d in high["starter_decks"]] == ["ten", "twenty"]


def test_games_skips_builtin_that_does_not_import(client, monkeypatch):
    import rules

    monkeypatch.setitem(rules._BUILTIN, "ghost", "rules.no_such_engine:GAME")
    response = client.get("/v1/games")
    assert response.status_code == 200
    assert "ghost" not in {g["id"] for g in response.json["games"]}
    assert "highcard" in {g["id"] for g in response.json["games"]}
