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


#: The sets being authored, in release order (issue 17): Premiere, Energize, Call to Arms, Necessary
#: Evil, Fractured Time (set 5, a promotional set of 40 cards), Reflections 2.0 (set 6: 64 new cards
#: 6P###, the rest reprints of sets 1-5 whose ids keep their own set's digit, "4R074~3").
#: Strange New Worlds (set 7) prints 18 of its cards again as "A" rarity alternates (7A001); To Boldly Go
#: (set 8) likewise (8A001).
SETS = {"SE": "1", "En": "2", "CA": "3", "NE": "4", "FT": "5", "R2": "[1-6]", "SW": "7", "BG": "8"}


def test_authored_cards_have_game_text_and_are_in_the_sets_being_authored():
    """Only cards with game text are authored (text-less cards get [] from the importer),
    and only of the sets taken up in release order."""
    db = card_db()
    for _, cid, _ in ENTRIES:
        assert db[cid]["set"] in SETS, cid


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


@pytest.mark.parametrize("set_code", sorted(SETS))
def test_every_card_without_mechanics_is_explained_in_missing_md(set_code):
    """MISSING.md's "Still open, by card" paragraph of each set (Premiere's before item 1,
    later sets' under "**Still open, by card (En)**") names (by collector's info) exactly
    the set's cards still without mechanics."""
    import re
    from pathlib import Path
    missing_md = (Path(__file__).resolve().parents[4] / "rules" / "startrek2e" / "cards" / "mechanics"
                  / "MISSING.md").read_text(encoding="utf-8")
    if set_code == "SE":
        still_open = missing_md[missing_md.index("**Still open, by card**"):missing_md.index("\n1. **")]
    else:
        head = f"**Still open, by card ({set_code})**"
        still_open = missing_md[missing_md.index(head):].split("\n\n", 1)[0]
    listed = set(re.findall(rf"\b{SETS[set_code]}[CURSPA]\d{{3}}(?:~\d+)?(?![~\d])", still_open))  # "4R028~2": an alternate printing
    without = {c["id"] for c in card_db().values() if c["set"] == set_code and c["mechanics"] is None}
    assert sorted(without - listed) == [] and sorted(listed - without) == []
