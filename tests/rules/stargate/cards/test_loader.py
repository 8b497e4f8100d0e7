"""card_db(): facts merged with hand-written mechanics, cached, found by reference or title."""
from __future__ import annotations

import pytest

from rules.errors import NotFound
from rules.stargate.cards import (
    by_ref, card_by_title, card_db, card_label, cards_by_title, mechanics_files,
)

JACK = "4901fb59-e7cc-47d4-8f3a-4f1f2e93f78d"


def test_card_db_is_loaded_once():
    assert card_db() is card_db()
    assert len(card_db()) == 1920


def test_by_ref_accepts_a_guid_or_set_and_number():
    assert by_ref(JACK)["title"] == "Jack O'Neill"
    assert by_ref("1/95")["guid"] == JACK
    assert by_ref(JACK.upper())["guid"] == JACK


def test_by_ref_refuses_unknown_cards():
    with pytest.raises(NotFound):
        by_ref("1/999")
    with pytest.raises(NotFound):
        by_ref("not-a-card")


def test_cards_by_title_lists_every_version():
    jacks = cards_by_title("jack o'neill")
    assert JACK in [c["guid"] for c in jacks]
    assert len({c["subtitle"] for c in jacks}) == len(jacks) > 1


def test_card_by_title_needs_an_unambiguous_match():
    assert card_by_title("Jack O'Neill", "SG-1 Commander")["guid"] == JACK
    with pytest.raises(NotFound):
        card_by_title("Jack O'Neill")


def test_card_label_names_set_and_number_and_marks_fan_cards():
    assert card_label(by_ref(JACK)) == "Jack O'Neill, SG-1 Commander (1/95)"
    fan = next(c for c in card_db().values() if not c["official"])
    assert "unofficial" in card_label(fan)


def test_authored_mechanics_replace_the_null_facts():
    for entries in mechanics_files().values():
        for guid, entry in entries.items():
            assert card_db()[guid]["mechanics"] == entry["mechanics"]
            assert card_db()[guid]["title"] == entry["title"]

