"""Deck construction ("Building a Deck"): one test per rule, named after it."""
from __future__ import annotations

import copy

import pytest

from rules.errors import DeckInvalid, InvalidRequest, NotFound
from rules.stargate.cards import by_ref, card_db, cards_by_title, starters
from rules.stargate.deckbuilding import _card_rules as card_rules
from rules.stargate.deckbuilding import (
    FIRST_EDITION, check_deck, resolve_deck, ship_era_mechanics, starter_deck, validate_deck,
)

CURRENT = "current"
STARTER_IDS = sorted(d["id"] for d in starters())


def broken(deck: dict, ruleset: str = CURRENT) -> set[str]:
    """The rules a deck breaks, leaving out 'no mechanics yet' (tested on its own)."""
    return {v["rule"] for v in validate_deck(deck, ruleset)} - {"no_mechanics_yet"}


def messages(deck: dict, rule: str, ruleset: str = CURRENT) -> list[str]:
    return [v["message"] for v in validate_deck(deck, ruleset) if v["rule"] == rule]


def flat_deck(deck: dict) -> list[str]:
    return [e["card"] for e in deck["deck"] for _ in range(e["qty"])]


def first(pred) -> dict:
    return next(c for c in sorted(card_db().values(), key=lambda c: (c["set"], int(c["number"]))) if pred(c))


@pytest.fixture
def deck() -> dict:
    return starter_deck("oneil")


def test_starter_deck_is_legal_apart_from_mechanics(deck):
    assert broken(deck) == set()
    assert broken(deck, FIRST_EDITION) == set()


def test_exactly_four_team_characters(deck):
    deck["team"] = deck["team"][:3]
    assert broken(deck) == {"exactly_four_team_characters"}
    deck["team"].append(deck["missions"][0])  # a mission is not a team character
    assert any("not a team character" in m for m in messages(deck, "exactly_four_team_characters"))


def test_four_different_team_characters(deck):
    jack_again = first(lambda c: c["title"] == "Jack O'Neill" and c["subtype"] == "team"
                       and c["guid"] != deck["team"][0])
    deck["team"][1] = jack_again["guid"]
    assert "exactly_four_team_characters" in broken(deck)
    assert any("Jack O'Neill" in m for m in messages(deck, "exactly_four_team_characters"))


def test_exactly_twelve_missions(deck):
    deck["missions"] = deck["missions"][:11]
    assert "exactly_twelve_missions" in broken(deck)


def test_three_missions_of_each_skill(deck):
    skills = [next(iter(by_ref(g)["skills"])) for g in deck["missions"]]
    science = skills.index("science")
    other = first(lambda c: c["type"] == "mission" and list(c["skills"]) == ["combat"]
                  and c["guid"] not in deck["missions"])
    deck["missions"][science] = other["guid"]
    assert broken(deck) == {"three_missions_of_each_skill"}
    assert "2 science" in messages(deck, "three_missions_of_each_skill")[0]
    assert "4 combat" in messages(deck, "three_missions_of_each_skill")[0]


def test_at_least_twenty_hero_cards(deck):
    deck["deck"] = [e for e in deck["deck"] if by_ref(e["card"])["allegiance"] != "hero"]
    assert "at_least_twenty_hero_cards" in broken(deck)
    assert "at_least_twenty_villain_cards" not in broken(deck)


def test_at_least_twenty_villain_cards(deck):
    deck["deck"] = [e for e in deck["deck"] if by_ref(e["card"])["allegiance"] != "villain"]
    assert broken(deck) == {"at_least_twenty_villain_cards"}
    assert "it has 0" in messages(deck, "at_least_twenty_villain_cards")[0]


def test_at_most_three_copies_of_a_title(deck):
    entry = next(e for e in deck["deck"] if e["qty"] == 3)
    entry["qty"] = 4
    assert broken(deck) == {"at_most_three_copies_of_a_title"}
    assert by_ref(entry["card"])["title"] in messages(deck, "at_most_three_copies_of_a_title")[0]


def test_at_most_three_copies_of_a_title_ignores_subtitles(deck):
    entry = next(e for e in deck["deck"] if e["qty"] == 2 and len(cards_by_title(by_ref(e["card"])["title"])) > 1)
    title = by_ref(entry["card"])["title"]
    other = first(lambda c: c["title"] == title and c["guid"] != entry["card"])
    deck["deck"].append({"card": other["guid"], "qty": 1})
    assert "at_most_three_copies_of_a_title" not in broken(deck)
    deck["deck"][-1]["qty"] = 2
    assert "at_most_three_copies_of_a_title" in broken(deck)


def test_at_most_three_copies_of_a_title_counts_the_team(deck):
    jack = deck["team"][0]
    deck["deck"].append({"card": jack, "qty": 2})
    assert broken(deck) == set()  # 1 in the team + 2 in the deck = 3
    jack_other = first(lambda c: c["title"] == "Jack O'Neill" and c["guid"] != jack)
    deck["deck"].append(jack_other["guid"])
    assert "at_most_three_copies_of_a_title" in broken(deck)


def test_no_missions_beyond_the_twelve(deck):
    extra = first(lambda c: c["type"] == "mission" and c["guid"] not in deck["missions"])
    deck["deck"].append({"card": extra["guid"], "qty": 1})
    assert broken(deck) == {"no_missions_beyond_the_twelve"}
    assert extra["title"] in messages(deck, "no_missions_beyond_the_twelve")[0]


def test_one_or_two_copies_of_each_starting_team_character(deck):
    jack = deck["team"][0]
    deck["deck"].append({"card": jack, "qty": 3})
    assert "team_character_copies" in broken(deck)
    deck["deck"][-1]["qty"] = 2
    assert "team_character_copies" not in broken(deck)


def test_team_character_copies_must_be_of_a_starting_character(deck):
    team_titles = {by_ref(g)["title"] for g in deck["team"]}
    stranger = first(lambda c: c["subtype"] == "team" and c["title"] not in team_titles)
    deck["deck"].append(stranger["guid"])
    assert broken(deck) == {"team_character_copies"}
    assert stranger["title"] in messages(deck, "team_character_copies")[0]


def test_unknown_card(deck):
    deck["deck"].append("9/9999")
    deck["deck"].append({"card": "no-such-guid", "qty": 2})
    msgs = messages(deck, "unknown_card")
    assert len(msgs) == 2 and "'9/9999'" in msgs[0] and "'no-such-guid'" in msgs[1]


def test_deck_format(deck):
    deck["deck"].append({"card": deck["deck"][0]["card"], "qty": 0})
    assert "deck_format" in broken(deck)
    assert broken({"team": "x"}) >= {"deck_format"}
    assert broken([]) == {"deck_format"}  # type: ignore[arg-type]


def test_no_mechanics_yet():
    deck = starter_deck("oneil")
    null = [g for g in set(resolve_deck(deck)["team"] + resolve_deck(deck)["missions"] + resolve_deck(deck)["deck"])
            if card_db()[g]["mechanics"] is None]
    msgs = messages(deck, "no_mechanics_yet")
    assert len(msgs) == len(null)
    for guid in null:
        card = card_db()[guid]
        expected = (f"no mechanics yet: {card['title']} ({card['set']}/{card['number']}) — "
                    "it cannot be played until its rules are implemented")
        assert expected in msgs
    unauthored = first(lambda c: c["mechanics"] is None and c["type"] == "event")
    deck["deck"].append(unauthored["guid"])
    assert any(unauthored["title"] in m for m in messages(deck, "no_mechanics_yet"))


def test_no_ships_in_first_edition(deck):
    ship = first(lambda c: c["type"] == "ship" and c["allegiance"] == "hero")
    deck["deck"].append({"card": ship["guid"], "qty": 1})
    assert "no_ships_in_first_edition" not in broken(deck)
    assert broken(deck, FIRST_EDITION) == {"no_ships_in_first_edition"}
    assert ship["title"] in messages(deck, "no_ships_in_first_edition", FIRST_EDITION)[0]


def test_ship_era_mechanics_are_found():
    assert ship_era_mechanics([{"kind": "victory", "effects": []}]) == ["victory"]
    assert ship_era_mechanics([{"kind": "static", "modify": {"stat": "firepower", "amount": 1}}]) == ["firepower"]
    assert ship_era_mechanics([{"kind": "trigger", "on": "assign_self", "effects": [{"stop": {"choose": {"type": "character"}}}]}]) == []
    assert ship_era_mechanics([{"kind": "trigger", "effects": [{"place_promotion_token": {}}]}]) == ["promotion"]
    assert ship_era_mechanics([{"kind": "failure", "effects": [{"stop": {"count": {"blockaded_missions": 1}}}]}]) == ["blockade"]
    # text that only targets ships finds none in a first-edition game, so it is allowed
    assert ship_era_mechanics([{"kind": "success", "effects": [{"ready": {"choose": {"type": "ship"}}}]}]) == []


def test_no_ship_era_mechanics_in_first_edition(deck):
    """A (hypothetical) event with Victory text is refused in first-edition only."""
    event = first(lambda c: c["type"] == "event" and c["mechanics"] is None)
    with_victory = dict(event, mechanics=[{"kind": "victory", "effects": []}])
    violations = card_rules([with_victory], FIRST_EDITION)
    assert [v["rule"] for v in violations] == ["no_ship_era_mechanics_in_first_edition"]
    assert "victory" in violations[0]["message"] and event["title"] in violations[0]["message"]
    assert card_rules([with_victory], CURRENT) == []


def test_unknown_ruleset_is_refused(deck):
    with pytest.raises(InvalidRequest):
        validate_deck(deck, "third-edition")


def test_resolve_deck_expands_quantities_and_set_numbers():
    resolved = resolve_deck({"team": ["1/95"], "missions": [], "deck": [{"card": "1/95", "qty": 2}, "1/1"]})
    jack = by_ref("1/95")["guid"]
    assert resolved == {"team": [jack], "missions": [], "deck": [jack, jack, by_ref("1/1")["guid"]]}
    with pytest.raises(DeckInvalid) as err:
        resolve_deck({"team": ["1/9999"], "missions": [], "deck": []})
    assert err.value.details[0]["rule"] == "unknown_card"


def test_check_deck_raises_with_every_violation(deck):
    deck["team"] = deck["team"][:3]
    deck["missions"] = deck["missions"][:10]
    with pytest.raises(DeckInvalid) as err:
        check_deck(deck, CURRENT)
    rules = {v["rule"] for v in err.value.details}
    assert {"exactly_four_team_characters", "exactly_twelve_missions", "three_missions_of_each_skill"} <= rules


def test_starter_deck_unknown_id():
    with pytest.raises(NotFound):
        starter_deck("hammond")


@pytest.mark.parametrize("deck_id", STARTER_IDS)
@pytest.mark.parametrize("ruleset", [CURRENT, FIRST_EDITION])
def test_all_twelve_starter_decks_are_valid(deck_id, ruleset):
    """Every starter deck is legal in both rulesets, every card in it has mechanics."""
    deck = starter_deck(deck_id)
    assert validate_deck(deck, ruleset) == []
    resolved = resolve_deck(deck)
    assert check_deck(copy.deepcopy(deck), ruleset) == resolved
    assert len(resolved["team"]) == 4 and len(resolved["missions"]) == 12 and len(resolved["deck"]) >= 40
