"""Every card a view shows resolves in its game's card catalogue, and the catalogue carries
the printed face (text, cost, numbers); hidden cards carry no key."""
from __future__ import annotations

import pytest

import rules
from rules.protocol import SPECTATOR
from tests.support.playing import new_game, play, random_chooser

GAMES = ["stargate", "startrek2e", "babylon5"]


def _cards(node, found: list) -> list:
    """Every card object in a view: a dict with an instance ``id`` and an ``owner`` or a
    ``face_down`` flag (actions and log entries are not cards)."""
    if isinstance(node, dict):
        if "id" in node and not isinstance(node["id"], int) and ("owner" in node or "face_down" in node):
            found.append(node)
        for v in node.values():
            _cards(v, found)
    elif isinstance(node, list):
        for v in node:
            _cards(v, found)
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_the_catalogue_has_the_printed_face_of_every_card(game_id):
    cat = rules.get_game(game_id).card_catalogue()
    assert cat
    for key, entry in cat.items():
        assert entry["key"] == key
        assert isinstance(entry["title"], str) and entry["title"]
        assert "cost" in entry and (entry["cost"] is None or isinstance(entry["cost"], int))
        assert isinstance(entry["numbers"], dict)
        assert isinstance(entry["text"], list) and all(isinstance(t, str) for t in entry["text"])


@pytest.mark.parametrize("game_id,players", [("stargate", 2), ("startrek2e", 2), ("startrek2e", 3),
                                             ("babylon5", 2), ("babylon5", 4)])
def test_every_visible_card_of_every_view_resolves_in_the_catalogue(game_id, players):
    for g in range(2):
        game, state = new_game(game_id, players, f"cat-{game_id}-{players}-{g}", offset=g)
        cat, key = game.card_catalogue(), game.card_key
        seen = 0
        for n, state in play(game, state, random_chooser(f"cat-{g}"), max_events=600):
            if n % 7:
                continue
            for viewer in [*range(players), SPECTATOR]:
                for card in _cards(game.view(state, viewer), []):
                    if card.get("title") is None:  # a hidden card: no definition key at all
                        assert key not in card and "title" not in card, card
                        continue
                    assert isinstance(card.get(key), str), card
                    entry = cat[card[key]]
                    assert entry["title"] == card["title"]
                    seen += 1
        assert seen > 50


def test_star_trek_missions_have_requirements_and_points_in_the_catalogue():
    cat = rules.get_game("startrek2e").card_catalogue()
    missions = [e for e in cat.values() if e["type"] == "mission" and e["set"] == "SE" and e["requirements"]]
    assert missions
    for m in missions:
        assert "points" in m["numbers"] and m["requirements_text"]
    assert cat["1U151"]["requirements_text"] == (
        "Anthropology, 2 Diplomacy, Law and Integrity>31 OR Leadership, Security, 2 Treachery and Cunning>36")


def test_babylon5_cards_read_their_mechanics():
    cat = rules.get_game("babylon5").card_catalogue()
    assert cat["accord-of-the-tashan-castes"]["text"] == ["Each Minbari character you control gets +1 Diplomacy."]
    assert cat["the-dolant-whisper-network"]["text"] == [
        "Pay 5 influence: initiate an intrigue conflict targeting a player. Success: the initiator gains 1 "
        "influence rating. (Once per turn.)"]
    assert cat["abandoned-kessan-jump-relay"]["numbers"] == {"military": 1, "influence_bonus": 0, "power_bonus": 1}


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hand_card_shows_its_cost_now(game_id):
    game, state = new_game(game_id, 2, f"cost-{game_id}")
    for _, state in play(game, state, random_chooser("cost"), max_events=200):
        hand = game.view(state, 0)["seats"][0]["hand"]
        if hand:
            break
    assert hand and all(isinstance(c["cost"], int) for c in hand)
