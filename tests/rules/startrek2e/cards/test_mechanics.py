"""Every authored mechanics entry is valid in the effect language and guarded by its title."""
from __future__ import annotations

import pytest

from rules.startrek2e.cards import card_db, mechanics_files
from rules.startrek2e.effects.schema import validate_mechanics

ENTRIES = [(name, cid, entry) for name, entries in sorted(mechanics_files().items())
           for cid, entry in sorted(entries.items()) if not cid.startswith("_")]


def test_there_are_mechanics_files():
    assert ENTRIES, "no authored mechanics found"


@pytest.mark.parametrize("name, cid, entry", ENTRIES, ids=[f"{n}:{c}" for n, c, _ in ENTRIES])
def test_entry_validates(name, cid, entry):
    assert validate_mechanics(entry["mechanics"]) == []
    card = card_db()[cid]
    assert entry["title"] == card["title"]
    assert entry["mechanics"], f"{cid}: an authored entry must not be empty ([] comes from the facts)"


def test_authored_cards_have_game_text_and_are_premiere():
    """Only cards with game text are authored (text-less cards get [] from the importer)."""
    db = card_db()
    for _, cid, _ in ENTRIES:
        assert db[cid]["set"] == "SE", cid


def test_no_card_text_in_mechanics_files():
    """Mechanics are our own data; long prose strings would be copied card text."""
    def strings(node):
        if isinstance(node, dict):
            for k, v in node.items():
                yield from strings(v)
        elif isinstance(node, list):
            for v in node:
                yield from strings(v)
        elif isinstance(node, str):
            yield node
    titles = {c["title"] for c in card_db().values()}
    for _, cid, entry in ENTRIES:
        for s in strings(entry["mechanics"]):
            assert len(s.split()) <= 4 or s in titles, f"{cid}: {s!r} looks like prose"


def test_alternate_printings_share_their_primarys_mechanics():
    db = card_db()
    reprint = db["1C346~2"]  # Sunad (SR), same card as 1C346
    assert reprint["alternate_of"] == "1C346" and reprint["mechanics"] == db["1C346"]["mechanics"]
    authored = {cid for _, cid, _ in ENTRIES}
    for card in db.values():
        if card["alternate_of"] in authored and card["title"] == db[card["alternate_of"]]["title"]:
            assert card["mechanics"] == db[card["alternate_of"]]["mechanics"], card["id"]


def test_every_premiere_card_without_mechanics_is_explained_in_missing_md():
    """MISSING.md's "Still open, by card" names (by collector's info) exactly the Premiere
    cards still without mechanics."""
    import re
    from pathlib import Path
    missing_md = (Path(__file__).resolve().parents[4] / "rules" / "startrek2e" / "cards" / "mechanics"
                  / "MISSING.md").read_text(encoding="utf-8")
    still_open = missing_md[missing_md.index("**Still open, by card**"):missing_md.index("\n1. **")]
    listed = set(re.findall(r"\b1[CURS]\d{3}\b", still_open))
    without = {c["id"] for c in card_db().values() if c["set"] == "SE" and c["mechanics"] is None}
    assert sorted(without - listed) == [] and sorted(listed - without) == []
