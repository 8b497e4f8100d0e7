"""Deck construction (rulebook 1.3b): one test per rule, named after its code."""
from __future__ import annotations

import pytest

from rules.babylon5.cards import card_db, load_pool, merge_pools, starters
from rules.babylon5.deckbuilding import CODES, check_deck, resolve_deck, starter_deck, validate_deck
from rules.errors import DeckInvalid, NotFound

RACES = ["human", "minbari", "centauri", "narn"]


def codes(deck, pool=None) -> set[str]:
    return {v["code"] for v in validate_deck(deck, pool)}


def messages(deck, code: str) -> list[str]:
    return [v["message"] for v in validate_deck(deck) if v["code"] == code]


@pytest.fixture
def deck() -> dict:
    return starter_deck("minbari")


@pytest.mark.parametrize("race", RACES)
def test_the_four_starter_decks_are_legal(race):
    deck = starter_deck(race)
    assert validate_deck(deck) == []
    resolved = check_deck(deck)
    assert resolved["race"] == race and len(resolved["deck"]) == 45
    assert card_db()[resolved["ambassador"]]["starting_ambassador"]
    # the opening hand can be formed: ambassador + three cards of different types
    assert len({card_db()[c]["type"] for c in resolved["deck"]}) >= 3


def test_starter_decks_use_only_their_own_race_and_unrestricted_cards():
    for entry in starters():
        for cid in entry["deck"]:
            assert card_db()[cid]["race"] in (entry["race"], "neutral", "non-aligned"), (entry["id"], cid)


def test_quantities_and_plain_ids_resolve_the_same(deck):
    counted = {"ambassador": deck["ambassador"], "deck": []}
    for cid in dict.fromkeys(deck["deck"]):
        counted["deck"].append({"card": cid, "qty": deck["deck"].count(cid)})
    assert sorted(resolve_deck(counted)["deck"]) == sorted(deck["deck"])
    assert validate_deck(counted) == []


def test_at_least_45_cards(deck):
    deck["deck"] = deck["deck"][:44]
    assert codes(deck) == {"at_least_45_cards"}
    assert messages(deck, "at_least_45_cards") == [
        "the deck has 44 cards besides the ambassador; it needs at least 45"]
    deck["deck"].append("seer-ilmara")
    assert codes(deck) == set()


def test_more_than_45_cards_is_fine(deck):
    deck["deck"] += ["foreman-tulan"]
    assert codes(deck) == set()


def test_at_most_3_copies(deck):
    deck["deck"] += ["seer-ilmara", "seer-ilmara"]  # 2 already
    assert codes(deck) == {"at_most_3_copies"}
    assert messages(deck, "at_most_3_copies") == [
        "4 copies of Seer Ilmara (minbari character, unofficial); at most 3 are allowed"]


def test_one_title_in_two_races_is_two_cards(deck):
    deck["deck"] += ["narn-outer-marches-picket"] * 3  # 3 minbari copies already
    assert codes(deck) == set()


def test_exactly_one_starting_ambassador(deck):
    no_amb = dict(deck)
    del no_amb["ambassador"]
    assert "exactly_one_starting_ambassador" in codes(no_amb)
    deck["ambassador"] = "seer-ilmara"
    deck["race"] = "minbari"
    assert codes(deck) == {"exactly_one_starting_ambassador"}
    assert messages(deck, "exactly_one_starting_ambassador") == [
        "Seer Ilmara (minbari character, unofficial) is not a starting ambassador"]


def test_a_starting_ambassador_cannot_be_in_the_draw_deck(deck):
    deck["deck"].append("ambassador-rokesh")
    assert codes(deck) == {"exactly_one_starting_ambassador"}
    assert "no player may sponsor a starting ambassador" in messages(deck, "exactly_one_starting_ambassador")[0]


def test_race_matches_ambassador(deck):
    deck["race"] = "narn"
    assert codes(deck) == {"race_matches_ambassador"}
    del deck["race"]
    assert codes(deck) == set()


def test_opening_hand_needs_3_types():
    deck = {"ambassador": "ambassador-tessarel",
            "deck": ["seer-ilmara", "foreman-tulan", "elder-saramel", "warleader-ishanne", "acolyte-varenn"] * 3
            + ["omareks-sudden-insight", "stillness-of-the-tashan-circle", "quills-backroom-deal"] * 3 + ["drifter-sage-omarek"] * 3
            + ["freelance-pilot-jessa-rook", "information-broker-quill", "delegate-vaal-tirrin"] * 3
            + ["triage-in-the-kessan-medlab", "repeal-order-of-kessan-station", "tirrins-petition-to-the-station"] * 3}
    assert len(deck["deck"]) == 45
    assert codes(deck) == {"opening_hand_needs_3_types"}
    assert messages(deck, "opening_hand_needs_3_types")[0].endswith("only 2 type(s): character, event")


def test_unknown_card(deck):
    deck["deck"][0] = "londo-mollari"
    deck["deck"][1] = 42
    assert codes(deck) == {"unknown_card", "at_least_45_cards"}
    assert len(messages(deck, "unknown_card")) == 2
    with pytest.raises(DeckInvalid) as info:
        resolve_deck(deck)
    assert {d["code"] for d in info.value.details} == {"unknown_card"}


def test_deck_format():
    assert codes("a list") == {"deck_format"}
    assert codes({"ambassador": "ambassador-tessarel", "deck": "seer-ilmara"}) >= {"deck_format"}
    bad_qty = {"ambassador": "ambassador-tessarel", "deck": [{"card": "seer-ilmara", "qty": 0}]}
    assert "deck_format" in codes(bad_qty)
    assert "deck_format" in codes({"ambassador": "ambassador-tessarel", "deck": [], "sideboard": []})
    with pytest.raises(DeckInvalid):
        resolve_deck({"deck": []})


def test_cards_without_mechanics_are_refused_by_name(deck):
    pool = dict(card_db())
    pool["seer-ilmara"] = dict(pool["seer-ilmara"], mechanics=None)
    violations = [v for v in validate_deck(deck, pool) if v["code"] == "no_mechanics_yet"]
    assert len(violations) == 1
    assert violations[0]["message"].startswith("no mechanics yet: Seer Ilmara (minbari character, unofficial)")
    assert "blank card" in violations[0]["message"]


def test_chapter_cards_with_unstated_facts_are_refused(deck):
    deck["deck"] += ["decisive-tactics", "the-immortality-serum"]
    assert codes(deck) == {"facts_not_stated", "no_mechanics_yet"}
    refused = messages(deck, "facts_not_stated")
    assert len(refused) == 2 and "does not state its race, cost" in refused[0]


def test_every_violation_is_listed_at_once():
    deck = {"ambassador": "seer-ilmara", "race": "narn",
            "deck": ["nonsense"] + ["ambassador-tessarel"] + ["the-immortality-serum"] * 4}
    assert codes(deck) == set(CODES) - {"deck_format"}
    with pytest.raises(DeckInvalid) as info:
        check_deck(deck)
    assert len(info.value.details) == len(validate_deck(deck))


def test_a_community_pool_can_be_used(tmp_path, deck):
    path = tmp_path / "community.csv"
    path.write_text("title,type,race,cost,subtype,diplomacy,intrigue,leadership,psi,mechanics\n"
                    "Harbor Envoy,character,minbari,2,character,2,0,0,0,[]\n"
                    "Unwritten Sage,character,minbari,2,character,0,0,0,2,\n", encoding="utf-8")
    pool = merge_pools(card_db(), load_pool(path))
    deck["deck"] += ["harbor-envoy", "unwritten-sage"]
    assert codes(deck) == {"unknown_card"}
    assert codes(deck, pool) == {"no_mechanics_yet"}
    deck["deck"].remove("unwritten-sage")
    assert check_deck(deck, pool)["deck"][-1] == "harbor-envoy"


def test_starter_deck_lookup():
    assert starter_deck("narn")["ambassador"] == "ambassador-rokesh"
    with pytest.raises(NotFound):
        starter_deck("vorlon")
