"""card_db(): the contract with the engine (keys, types, ids, caching, mechanics merge)."""
from __future__ import annotations

import pytest

from rules.errors import InvalidRequest, NotFound
from rules.startrek2e import cards as cards_pkg
from rules.startrek2e.cards import by_ref, card_db, card_label, cards_by_title

CONTRACT_KEYS = {"id", "set", "title", "subtitle", "unique", "type", "cost", "affiliations", "icons", "staffing",
                 "keywords", "class", "species", "skills", "integrity", "cunning", "strength", "range", "weapons",
                 "shields", "mission_type", "span", "points", "quadrant", "region", "attempt_affiliations",
                 "requirements", "dilemma_type", "official", "mechanics"}
TYPES = {"personnel", "ship", "equipment", "event", "interrupt", "mission", "dilemma"}
AFFILIATIONS = {"bajoran", "cardassian", "dominion", "federation", "ferengi", "klingon", "romulan", "borg",
                "non-aligned", "starfleet"}


def test_every_card_keeps_the_contract():
    db = card_db()
    assert len(db) == 4408
    for cid, card in db.items():
        assert CONTRACT_KEYS <= set(card), cid
        assert card["id"] == cid and card["type"] in TYPES
        assert card["mechanics"] is None or isinstance(card["mechanics"], list)
        if card["type"] == "personnel":
            assert isinstance(card["skills"], dict) and card["integrity"] is not None, cid
            assert card["range"] is None
        if card["type"] == "ship":
            assert isinstance(card["staffing"], list) and card["range"] is not None, cid
        if card["type"] == "mission":
            assert card["mission_type"] in ("planet", "space", "headquarters"), cid
            assert card["quadrant"] in ("alpha", "gamma", "delta", "mirror"), cid
            if card["mission_type"] != "headquarters":
                assert card["requirements"] and card["attempt_affiliations"], cid
        if card["type"] == "dilemma" and card["alternate_of"] is None and card["set"] != "Promo":
            assert card["dilemma_type"] in ("planet", "space", "dual"), cid
        if card["type"] in ("personnel", "ship"):
            assert set(card["affiliations"]) <= AFFILIATIONS | {"vidiian"}, cid


def test_premiere_is_set_se_with_415_official_cards():
    premiere = [c for c in card_db().values() if c["set"] == "SE"]
    assert len(premiere) == 415 and all(c["official"] for c in premiere)
    assert all(c["id"].startswith("1") for c in premiere)


def test_card_db_is_cached():
    assert card_db() is card_db()


def test_by_ref_and_labels():
    picard = by_ref("1S268")
    assert card_label(picard) == "Jean-Luc Picard, Explorer (1S268)"
    assert by_ref("1s268") is picard
    assert card_label(by_ref("1U162")) == "Earth, Home of Starfleet Command (1U162)"
    assert card_label(by_ref("0VP294")).endswith(", virtual)")
    with pytest.raises(NotFound):
        by_ref("9X999")
    with pytest.raises(InvalidRequest):
        by_ref(42)  # type: ignore[arg-type]


def test_cards_by_title_ignores_subtitles_and_lists_official_first():
    picards = cards_by_title("jean-luc picard")
    assert {"1R267", "1S268"} <= {c["id"] for c in picards}
    officials = [c["official"] for c in picards]
    assert officials == sorted(officials, reverse=True)


def test_alternate_printings_name_their_primary():
    reprint = by_ref("1R208~2")
    assert reprint["alternate_of"] == "1R208" and reprint["title"] == by_ref("1R208")["title"]


def test_mechanics_entries_are_guarded(monkeypatch):
    """A mechanics entry for an unknown id or with the wrong title is a data error."""
    real = cards_pkg.mechanics_files
    for bad in ({"x.json": {"9Z999": {"title": "Nothing", "mechanics": []}}},
                {"x.json": {"1S268": {"title": "Worf", "mechanics": []}}},
                {"x.json": {"1S268": {"title": "Jean-Luc Picard", "mechanics": None}}}):
        monkeypatch.setattr(cards_pkg, "mechanics_files", lambda bad=bad: bad)
        cards_pkg.card_db.cache_clear()
        with pytest.raises(cards_pkg.CardDataError):
            cards_pkg.card_db()
    monkeypatch.setattr(cards_pkg, "mechanics_files", real)
    cards_pkg.card_db.cache_clear()
    assert card_db()["1S268"]["title"] == "Jean-Luc Picard"
