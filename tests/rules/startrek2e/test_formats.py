"""Formats narrow the card pool a deck may draw from; the format is the match's ruleset."""
from __future__ import annotations

import pytest

from rules.errors import DeckInvalid, InvalidRequest
from rules.startrek2e.cards import card_db, card_label, starters
from rules.startrek2e.deckbuilding import validate_deck
from rules.startrek2e.formats import DECIPHER_SETS, FORMATS
from rules.startrek2e.game import GAME


def _deck() -> dict:
    d = starters()[0]
    return {"missions": list(d["missions"]), "dilemmas": list(d["dilemmas"]), "deck": list(d["deck"])}


def _first(pred) -> dict:
    return next(c for c in sorted(card_db().values(), key=lambda c: c["id"]) if pred(c))


def _with(card: dict) -> dict:
    base = _deck()
    return dict(base, deck=base["deck"] + [card["id"]])


def _codes(deck: dict, fmt: str) -> dict[str, str]:
    return {v["code"]: v["message"] for v in validate_deck(deck, fmt=fmt)}


VIRTUAL = _first(lambda c: not c["official"] and c["mechanics"] == [] and c["type"] == "personnel"
                 and not c["hof_retired"])
LATER_SET = _first(lambda c: c["official"] and c["set"] != "SE" and c["mechanics"] is not None
                   and c["type"] in ("personnel", "ship", "equipment", "event", "interrupt") and not c["hof_retired"])
RETIRED_PREMIERE = _first(lambda c: c["set"] == "SE" and c["hof_retired"] and c["type"] == "personnel")


def test_every_format_is_a_ruleset_of_the_game():
    assert set(GAME.rulesets) == set(FORMATS) and GAME.default_ruleset == "standard"
    assert DECIPHER_SETS[0] == "SE" and len(DECIPHER_SETS) == 14


def test_the_starter_decks_are_legal_in_every_format():
    for fmt in FORMATS:
        assert validate_deck(_deck(), fmt=fmt) == [], fmt


def test_virtual_cards_are_refused_by_name_in_the_decipher_and_premiere_formats():
    deck = _with(VIRTUAL)
    assert "not_in_format" not in _codes(deck, "standard") and "not_in_format" not in _codes(deck, "open")
    for fmt in ("decipher", "premiere"):
        assert card_label(VIRTUAL) in _codes(deck, fmt)["not_in_format"]
    assert "virtual" in card_label(VIRTUAL)


def test_premiere_refuses_later_sets_which_decipher_allows():
    deck = _with(LATER_SET)
    assert card_label(LATER_SET) in _codes(deck, "premiere")["not_in_format"]
    assert "not_in_format" not in _codes(deck, "decipher")


def test_the_hall_of_fame_bans_only_in_standard():
    deck = _with(RETIRED_PREMIERE)
    assert card_label(RETIRED_PREMIERE) in _codes(deck, "standard")["hof_retired"]
    for fmt in ("decipher", "premiere", "open"):
        assert "hof_retired" not in _codes(deck, fmt), fmt


def test_unknown_format_is_a_clear_error():
    with pytest.raises(InvalidRequest):
        validate_deck(_deck(), fmt="vintage")


def test_build_config_checks_decks_against_the_match_format():
    seat = {"name": "Ann", "deck": _with(RETIRED_PREMIERE)}
    assert GAME.build_config("premiere", [seat, seat])["ruleset"] == "premiere"
    with pytest.raises(DeckInvalid) as err:
        GAME.build_config("standard", [seat, seat])
    assert {v["code"] for v in err.value.details} == {"hof_retired"}
