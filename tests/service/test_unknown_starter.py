"""An unknown starter deck id is one answer in every game: 422 ``deck_invalid`` whose
details list, per seat, ``code: unknown_starter`` and the starter decks the game has.
(Stargate used to answer 404 ``not_found``, the others 422 with differing messages.)"""
from __future__ import annotations

import pytest

import rules
from tests.support.tinygame import GAME as HIGHCARD

GAMES = sorted(g for g in rules.available() if g != HIGHCARD.id)


@pytest.mark.parametrize("game_id", GAMES + [HIGHCARD.id])
def test_unknown_starter_deck_is_422_deck_invalid_naming_the_starters(client, game_id):
    game = rules.get_game(game_id)
    starters = [d["id"] for d in game.starter_decks()]
    seats = [{"name": "Ann", "deck": "no-such-deck"}, {"name": "Bob", "deck": starters[0]}]
    response = client.post("/v1/matches", json={"game": game_id, "seats": seats})
    assert response.status_code == 422, response.json
    error = response.json["error"]
    assert error["code"] == "deck_invalid"
    unknown = [v for v in error["details"] if v.get("code") == "unknown_starter"]
    assert unknown == [{
        "seat": 0, "code": "unknown_starter", "starter_decks": starters,
        "message": f"no starter deck 'no-such-deck'; the starter decks are {', '.join(starters)}",
    }]
    assert "no-such-deck" in error["message"]


def test_every_game_of_rules_is_checked():
    assert {"stargate", "startrek2e", "babylon5"} <= set(GAMES)
