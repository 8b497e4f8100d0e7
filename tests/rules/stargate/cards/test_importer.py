"""The OCTGN importer: a fresh import equals the committed facts, counts match the README."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from rules.stargate.cards import card_db, starters
from rules.stargate.cards.importer import (
    ImportFormatError, dump_facts, import_tree, parse_deck, parse_set, set_number_of,
)

SHARED = Path(__file__).resolve().parents[4].parent / "shared" / "cards" / "stargate-tcg"
PACKAGE = Path(__file__).resolve().parents[4] / "rules" / "stargate" / "cards"
needs_shared = pytest.mark.skipif(not (SHARED / "sets").is_dir(),
                                  reason=f"the OCTGN reference data is not at {SHARED}")

FACT_KEYS = {"guid", "set", "set_name", "number", "official", "rarity", "title", "subtitle", "type",
             "subtype", "allegiance", "cost", "skills", "experience", "firepower", "revive", "glyph",
             "traits", "mechanics"}

# A made-up set in the OCTGN shape (not real card text).
SAMPLE_SET = """<?xml version="1.0" encoding="utf-8"?>
<set name="Sample Set" id="00000000-0000-0000-0000-000000000000">
 <cards>
  <card name="Test Hero" id="11111111-1111-1111-1111-111111111111">
   <property name="Subtitle" value="Field Tester"/>
   <property name="Type" value="Team Character"/>
   <property name="Allegiance" value="Hero"/>
   <property name="Affiliation" value="SGC Tok'ra"/>
   <property name="Cost" value="3"/>
   <property name="Rarity" value="C"/>
   <property name="Culture" value="0"/><property name="Science" value="2"/>
   <property name="Combat" value="1"/><property name="Ingenuity" value="4"/>
   <property name="Text">Gets <s value="sci">Science</s> +1.</property>
   <property name="Number" value="10"/>
  </card>
  <card name="Test Mission" id="22222222-2222-2222-2222-222222222222" size="mission">
   <property name="Type" value="Mission"/>
   <property name="Allegiance" value="Hero"/>
   <property name="Combat" value="4"/><property name="Experience" value="2"/>
   <property name="Glyph"><s value="l">Libra</s></property>
   <property name="Text"></property>
   <property name="Number" value="2"/>
  </card>
 </cards>
</set>"""


def test_card_facts_map_the_octgn_properties():
    facts = parse_set(SAMPLE_SET, 1)
    mission, hero = facts["cards"]  # sorted by collector number
    assert set(hero) == FACT_KEYS
    assert (hero["type"], hero["subtype"], hero["allegiance"]) == ("character", "team", "hero")
    assert hero["skills"] == {"culture": 0, "science": 2, "combat": 1, "ingenuity": 4}
    assert hero["traits"] == ["SGC", "Tok'ra"]
    assert hero["mechanics"] is None  # has game text, not authored
    assert (hero["set"], hero["set_name"], hero["number"], hero["official"]) == (1, "Sample Set", "10", True)
    assert (mission["type"], mission["allegiance"], mission["glyph"]) == ("mission", "mission", "libra")
    assert mission["skills"] == {"combat": 4} and mission["experience"] == 2
    assert mission["mechanics"] == []  # no game text
    assert mission["cost"] is None and mission["subtitle"] is None


def test_fan_sets_import_as_unofficial():
    assert parse_set(SAMPLE_SET, 4)["official"] is False
    assert all(c["official"] is False for c in parse_set(SAMPLE_SET, 16)["cards"])


def test_card_text_is_never_written():
    text = dump_facts(parse_set(SAMPLE_SET, 1))
    assert "Gets" not in text and "+1." not in text


def test_unknown_type_is_refused():
    bad = SAMPLE_SET.replace('value="Team Character"', 'value="Starship"')
    with pytest.raises(ImportFormatError):
        parse_set(bad, 1)


def test_set_number_of_file_name():
    assert set_number_of("12_-_Wormhole_Xtreme.set.xml") == 12
    with pytest.raises(ImportFormatError):
        set_number_of("definition.xml")


def test_parse_deck_sections():
    deck = parse_deck("""<deck><section name="Main"><card qty="3" id="a">A</card></section>
    <section name="Team"><card qty="1" id="t">T</card></section>
    <section name="Mission Pile"><card qty="1" id="m">M</card></section></deck>""", "oneil")
    assert deck == {"id": "oneil", "name": "Jack O'Neill starter deck", "team": ["t"], "missions": ["m"],
                    "deck": [{"guid": "a", "qty": 3}]}


@needs_shared
def test_committed_files_equal_a_fresh_import():
    fresh = import_tree(SHARED)
    assert len([k for k in fresh if k.startswith("facts/")]) == 16
    for rel, content in fresh.items():
        committed = (PACKAGE / rel).read_text(encoding="utf-8")
        assert committed == content, f"{rel} is stale: run python -m rules.stargate.cards.importer {SHARED}"


def test_every_fact_file_is_one_card_per_line_and_has_only_facts():
    for path in sorted((PACKAGE / "facts").glob("set-*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert len(path.read_text(encoding="utf-8").splitlines()) == len(data["cards"]) + 2
        assert all(set(card) == FACT_KEYS for card in data["cards"]), path.name


def test_official_counts_match_the_readme():
    per_set = Counter(c["set"] for c in card_db().values() if c["official"])
    assert per_set == {1: 292, 2: 292, 3: 240}
    assert sum(per_set.values()) == 824
    assert {c["set"] for c in card_db().values() if not c["official"]} == set(range(4, 17))
    assert {c["rarity"] for c in card_db().values() if not c["official"]} == {"F"}


def test_types_tally():
    kinds = Counter((c["type"], c["subtype"]) for c in card_db().values())
    assert kinds == {("obstacle", None): 500, ("character", "support"): 329, ("adversary", None): 264,
                     ("character", "team"): 251, ("mission", None): 220, ("event", None): 158,
                     ("gear", None): 117, ("ship", None): 81}
    official_ships = [c for c in card_db().values() if c["type"] == "ship" and c["official"]]
    assert {c["set"] for c in official_ships} == {3}  # ships first appear in Rise of the Ori


def test_traits_are_single_words_from_affiliation():
    traits = Counter(t for c in card_db().values() for t in c["traits"])
    assert {"SGC", "Goa'uld", "Tok'ra", "Jaffa", "NID", "X-Files"} <= set(traits)
    assert all(" " not in t for t in traits)


def test_glyphs_are_the_known_names():
    glyphs = Counter(c["glyph"] for c in card_db().values() if c["type"] == "mission")
    assert set(glyphs) == {"gemini", "libra", "orion", "pisces", "scorpius", "triangulum", "origin"}
    assert all(c["glyph"] is None for c in card_db().values() if c["type"] != "mission")


def test_starters_json_holds_the_twelve_decks():
    decks = starters()
    assert sorted(d["id"] for d in decks) == sorted(
        ["adria", "apophis", "baal", "carter", "doci", "doran", "jackson", "mitchell", "oneil", "osiris",
         "tealc", "yu"])
    for deck in decks:
        assert len(deck["team"]) == 4 and len(deck["missions"]) == 12
        assert sum(e["qty"] for e in deck["deck"]) >= 40


def test_errata_fix_withstand_armada():
    """The OCTGN file gives Withstand Armada a second skill instead of its experience."""
    armada = next(c for c in card_db().values() if (c["set"], c["number"]) == (3, "156"))
    assert (armada["title"], armada["skills"], armada["experience"]) == ("Withstand Armada", {"combat": 5}, 3)


def test_every_mission_has_one_skill_an_experience_and_a_glyph():
    for card in card_db().values():
        if card["type"] == "mission":
            assert len(card["skills"]) == 1 and card["experience"] and card["glyph"], card["title"]
