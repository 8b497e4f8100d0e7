"""The Lackey importer: parsing edge cases, and a fresh import equals the committed facts."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from rules.startrek2e.cards import importer as imp
from rules.startrek2e.cards.importer import (
    COLUMNS, ImportFormatError, assign_ids, base_name, import_cards, import_tree, parse_attempt_affiliations,
    parse_icons, parse_keywords, parse_requirements, parse_skills, parse_staffing, read_rows, region_of,
)

SHARED = Path(__file__).resolve().parents[4].parent / "shared" / "cards" / "star-trek-ccg-2e"
PACKAGE = Path(__file__).resolve().parents[4] / "rules" / "startrek2e" / "cards"
needs_shared = pytest.mark.skipif(not (SHARED / "cards.txt").is_file(),
                                  reason=f"the Lackey reference data is not at {SHARED}")

CONTRACT_KEYS = {"id", "set", "title", "subtitle", "unique", "type", "cost", "affiliations", "icons", "staffing",
                 "keywords", "class", "species", "skills", "integrity", "cunning", "strength", "range", "weapons",
                 "shields", "mission_type", "span", "points", "quadrant", "region", "attempt_affiliations",
                 "requirements", "dilemma_type", "official", "mechanics"}


def _row(**cells: str) -> list[str]:
    return [cells.get(c.replace("/", "_"), "") for c in COLUMNS]


def _sheet(*rows: list[str]) -> str:
    """A made-up card list in the Lackey shape (BOM, tabs; invented cards, not card text)."""
    lines = ["\t".join(COLUMNS)] + ["\t".join(r) for r in rows]
    return "\ufeff" + "\n".join(lines) + "\n"


SAMPLE = _sheet(
    _row(Name="Testa Vorn Patient Tester", Set="SE", Rarity="R", Unique="Y", CollectorsInfo="1R901", Type="Personnel",
         Cost="3", Affiliation="Bajoran", Icons="[Cmd][DS9]", Keywords="Vedek. Commander: Test Runner.",
         Species="Bajoran", Skills="Anthropology Biology 2 Diplomacy 2 Honor", Integrity_Range="6",
         Cunning_Weapons="5", Strength_Shields="4", Text="Some game text."),
    _row(Name="Testa Vorn Second Version", Set="SE", Rarity="U", Unique="Y", CollectorsInfo="1U902", Type="Personnel",
         Cost="2", Affiliation="Bajoran", Skills="Law", Integrity_Range="5", Cunning_Weapons="5", Strength_Shields="5"),
    _row(Name="Name", Set="Set", Rarity="Rarity", CollectorsInfo="CollectorsInfo", Type="Type"),  # stray header
    _row(Name="Test Runner Swift Hull", Set="SE", Rarity="R", Unique="Y", CollectorsInfo="1R903", Type="Ship",
         Cost="5", Affiliation="Federation", Icons="[TNG]", Staff="[Cmd][Stf][Stf]", Class="Runner Class",
         Integrity_Range="8", Cunning_Weapons="7", Strength_Shields="9"),
    _row(Name="Test Runner Swift Hull (R2)", Set="R2", Rarity="R", Unique="Y", CollectorsInfo="1R903", Type="Ship",
         Cost="5", Affiliation="Federation", Icons="[TNG]", Staff="[Cmd][Stf][Stf]", Class="Runner Class",
         Integrity_Range="8", Cunning_Weapons="7", Strength_Shields="9"),
    _row(Name="Testworld VII Probe the Test", Set="SE", Rarity="U", Unique="Y", CollectorsInfo="1U904", Type="Mission",
         Cost="0", Mission_DilemmaType="P", Span="2", Points="35", Quadrant="G", Affiliation="[Baj][Car][Fed]",
         Keywords="Region: Test Belt.", Skills="Physics, Treachery, Cunning&gt;34, and (Intelligence or Law and Officer)"),
    _row(Name="Testworld VII Test Base", Set="SE", Rarity="U", Unique="Y", CollectorsInfo="1U905", Type="Mission",
         Cost="0", Mission_DilemmaType="H", Span="2", Quadrant="A", Affiliation="Bajoran/Federation Headquarters",
         Skills="You may play test cards here."),
    _row(Name="Testing Trouble", Set="SE", Rarity="C", Unique="N", CollectorsInfo="1C906", Type="Dilemma", Cost="2",
         Mission_DilemmaType="D", Text="Made-up text."),
    _row(Name="Plain Test Event", Set="VP", Rarity="VP", Unique="N", CollectorsInfo="0VP907", Type="Event", Cost="1"),
)
HOF = "Testa Vorn, Second Version\nProbe the Test\n"


def _cards() -> dict[str, dict]:
    return {c["id"]: c for cards in import_cards(SAMPLE, HOF).values() for c in cards}


def test_personnel_facts_parse_skills_icons_keywords():
    card = _cards()["1R901"]
    assert set(card) >= CONTRACT_KEYS
    assert (card["title"], card["subtitle"]) == ("Testa Vorn", "Patient Tester")  # shared with 1U902
    assert card["skills"] == {"Anthropology": 1, "Biology": 1, "Diplomacy": 2, "Honor": 2}
    assert card["icons"] == ["command", "ds9"]
    assert card["keywords"] == ["Vedek", "Commander: Test Runner"]
    assert (card["integrity"], card["cunning"], card["strength"]) == (6, 5, 4)
    assert card["range"] is None and card["staffing"] is None and card["requirements"] is None
    assert card["affiliations"] == ["bajoran"] and card["species"] == "Bajoran"
    assert card["mechanics"] is None  # has game text, not authored
    assert card["official"] is True and card["set"] == "SE"


def test_ship_facts_and_alternate_printing_ids():
    cards = _cards()
    ship, reprint = cards["1R903"], cards["1R903~2"]
    assert (ship["title"], ship["subtitle"]) == ("Test Runner", "Swift Hull")  # a Commander: keyword names it
    assert ship["staffing"] == ["command", "staff", "staff"]
    assert (ship["range"], ship["weapons"], ship["shields"]) == (8, 7, 9)
    assert ship["class"] == "Runner Class" and ship["integrity"] is None
    assert ship["mechanics"] == [] and ship["alternate_of"] is None
    assert reprint["alternate_of"] == "1R903" and reprint["set"] == "R2" and reprint["title"] == "Test Runner"


def test_mission_facts_requirements_region_quadrant_location():
    mission = _cards()["1U904"]
    assert (mission["location"], mission["title"], mission["subtitle"]) == ("Testworld VII", "Probe the Test", None)
    assert (mission["mission_type"], mission["span"], mission["points"], mission["quadrant"]) == ("planet", 2, 35, "gamma")
    assert mission["region"] == "Test Belt"
    assert mission["attempt_affiliations"] == ["bajoran", "cardassian", "federation"]
    assert mission["requirements"] == [
        {"skills": {"Physics": 1, "Treachery": 1, "Intelligence": 1}, "attributes": {"cunning": 34}},
        {"skills": {"Physics": 1, "Treachery": 1, "Law": 1, "Officer": 1}, "attributes": {"cunning": 34}},
    ]
    assert mission["hof_retired"] is True  # retired by its mission name alone


def test_headquarters_facts():
    hq = _cards()["1U905"]
    assert hq["mission_type"] == "headquarters" and hq["affiliations"] == ["bajoran", "federation"]
    assert hq["attempt_affiliations"] == [] and hq["requirements"] is None and hq["points"] is None
    assert hq["mechanics"] is None  # what may be played there is game text
    assert hq["location"] == "Testworld VII" and hq["title"] == "Test Base"


def test_dilemma_event_virtual_and_hall_of_fame():
    cards = _cards()
    assert (cards["1C906"]["dilemma_type"], cards["1C906"]["cost"]) == ("dual", 2)
    event = cards["0VP907"]
    assert event["official"] is False and event["mechanics"] == [] and event["affiliations"] == []
    assert cards["1U902"]["hof_retired"] is True and cards["1R901"]["hof_retired"] is False
    assert len(cards) == 8  # the stray header row is skipped


@pytest.mark.parametrize("text, expected", [
    ("Anthropology, 2 Diplomacy, Law and Integrity>31 or Leadership, Security, 2 Treachery, and Cunning>36",
     [{"skills": {"Anthropology": 1, "Diplomacy": 2, "Law": 1}, "attributes": {"integrity": 31}},
      {"skills": {"Leadership": 1, "Security": 1, "Treachery": 2}, "attributes": {"cunning": 36}}]),
    ("Transporters, Treachery, Cunning>34, and (Intelligence and Leadership or Law and Officer)",
     [{"skills": {"Transporters": 1, "Treachery": 1, "Intelligence": 1, "Leadership": 1}, "attributes": {"cunning": 34}},
      {"skills": {"Transporters": 1, "Treachery": 1, "Law": 1, "Officer": 1}, "attributes": {"cunning": 34}}]),
    ("2 Astrometrics, Programming, Science, and Cunning&gt;34",
     [{"skills": {"Astrometrics": 2, "Programming": 1, "Science": 1}, "attributes": {"cunning": 34}}]),
    ("Anthropology, Geology, Programming, any attribute>36 and (Honor or Treachery)",
     [{"skills": {"Anthropology": 1, "Geology": 1, "Programming": 1, "Honor": 1}, "attributes": {"any": 36}},
      {"skills": {"Anthropology": 1, "Geology": 1, "Programming": 1, "Treachery": 1}, "attributes": {"any": 36}}]),
    ("Astrometrics, Strength>34, and (2 Engineer or a Jem'Hadar)",
     [{"skills": {"Astrometrics": 1, "Engineer": 2}, "attributes": {"strength": 34}},
      {"skills": {"Astrometrics": 1}, "attributes": {"strength": 34}, "other": ["a Jem'Hadar"]}]),
    ("Law, Integrity<20", [{"skills": {"Law": 1}, "attributes": {}, "attributes_below": {"integrity": 20}}]),
    ("", []),
])
def test_requirement_strings_become_alternatives(text, expected):
    assert parse_requirements(text) == expected


def test_small_parsers():
    assert parse_skills("2 Honor Officer Physics 2 Security") == {"Honor": 2, "Officer": 1, "Physics": 1, "Security": 2}
    assert parse_skills("") == {}
    with pytest.raises(ImportFormatError):
        parse_skills("Juggling")
    assert parse_staffing("[Cmd][Cmd][Stf]") == ["command", "command", "staff"]
    assert parse_icons("[Stf][TOS][Pa][AU]") == ["staff", "tos", "past", "alternate_universe"]
    assert parse_keywords("Commander: U.S.S. Enterprise-E. Dissident.") == ["Commander: U.S.S. Enterprise-E", "Dissident"]
    assert parse_keywords("Nebula. Region: Omarion Nebula.") == ["Nebula", "Region: Omarion Nebula"]
    assert region_of(["Nebula", "Region: Briar Patch"]) == "Briar Patch" and region_of([]) is None
    assert parse_attempt_affiliations("Any affiliation (except [Baj] or [Fed]) may attempt this mission.") == [
        "borg", "cardassian", "dominion", "ferengi", "klingon", "non-aligned", "romulan", "starfleet"]
    assert base_name("Vash Treasure Hunter *VP") == "Vash Treasure Hunter"
    assert base_name("Odo Constable (Promo)") == "Odo Constable"
    assert base_name('Cry "Havoc!" (SR)') == 'Cry "Havoc!"'


def test_unexpected_columns_are_refused():
    with pytest.raises(ImportFormatError):
        read_rows("Name\tSet\n")


def test_first_unmarked_printing_is_primary():
    rows = read_rows(_sheet(_row(Name="Thing (AC)", CollectorsInfo="1R1", Type="Event"),
                            _row(Name="Thing", CollectorsInfo="1R1", Type="Event")))
    assert [(r["Name"], i, a) for r, i, a in assign_ids(rows)] == [("Thing (AC)", "1R1~2", "1R1"), ("Thing", "1R1", None)]


def test_a_different_card_sharing_a_collectors_info_is_not_an_alternate():
    rows = read_rows(_sheet(_row(Name="Thing (Promo)", CollectorsInfo="0P1", Type="Event"),
                            _row(Name="Other Thing (Promo)", CollectorsInfo="0P1", Type="Event")))
    assert [(i, a) for _, i, a in assign_ids(rows)] == [("0P1", None), ("0P1~2", None)]


# --- the real card list -----------------------------------------------------------------

@needs_shared
def test_committed_facts_equal_a_fresh_import():
    fresh = import_tree(SHARED)
    committed = {f"facts/{p.name}": p.read_text(encoding="utf-8") for p in (PACKAGE / "facts").glob("*.json")}
    assert sorted(fresh) == sorted(committed)
    for rel, content in fresh.items():
        assert committed[rel] == content, f"{rel} is stale: re-run the importer"


@needs_shared
def test_counts_match_the_reference_readme():
    cards = [c for p in (PACKAGE / "facts").glob("*.json") for c in json.loads(p.read_text(encoding="utf-8"))["cards"]]
    assert len(cards) == 4408  # 4,409 data lines minus one stray header row
    assert Counter(c["type"] for c in cards) == {"personnel": 1931, "dilemma": 706, "event": 682, "mission": 430,
                                                  "ship": 337, "interrupt": 252, "equipment": 70}
    premiere = [c for c in cards if c["set"] == "SE"]
    assert len(premiere) == 415 and all(c["official"] for c in premiere)
    assert len({c["id"] for c in cards}) == len(cards)


def test_premiere_names_were_checked_by_hand():
    """Spot checks of the title/subtitle and location/name split (committed facts)."""
    facts = {c["id"]: c for c in json.loads((PACKAGE / "facts" / "SE.json").read_text(encoding="utf-8"))["cards"]}
    assert (facts["1S268"]["title"], facts["1S268"]["subtitle"]) == ("Jean-Luc Picard", "Explorer")
    assert (facts["1R267"]["title"], facts["1R267"]["subtitle"]) == ("Jean-Luc Picard", "Argo Pilot")
    assert (facts["1S289"]["title"], facts["1S289"]["subtitle"]) == ("William T. Riker", "Number One")
    assert (facts["1U212"]["title"], facts["1U212"]["subtitle"]) == ("Furel", "Resistance Fighter")
    assert (facts["1R311"]["title"], facts["1R311"]["subtitle"]) == ("Martok", "Soldier of the Empire")
    assert (facts["1R392"]["title"], facts["1R392"]["subtitle"]) == ("U.S.S. Enterprise-E", "Federation Envoy")
    assert (facts["1U400"]["title"], facts["1U400"]["subtitle"]) == ("I.K.S. Lukara", None)
    assert (facts["1S161"]["location"], facts["1S161"]["title"]) == ("Earth", "Cradle of the Federation")
    assert (facts["1S188"]["location"], facts["1S188"]["title"]) == ("Mouth of the Wormhole", "Deep Space 9")
    assert (facts["1U158"]["location"], facts["1U158"]["title"]) == (None, "Colony Preparations")
    assert (facts["1U192"]["location"], facts["1U192"]["title"]) == (None, "Qualor II Rendezvous")
    assert facts["1U151"]["hof_retired"] and facts["1R208"]["hof_retired"] and not facts["1S268"]["hof_retired"]
    unique_people = [c for c in facts.values() if c["unique"] and c["type"] == "personnel"]
    assert all(c["subtitle"] for c in unique_people), [c["title"] for c in unique_people if not c["subtitle"]]


def test_main_refuses_a_folder_without_the_list(tmp_path, capsys):
    assert imp.main([str(tmp_path)]) == 2
    assert imp.main([]) == 2


def test_title_of_a_personnel_with_no_other_evidence():
    """First word, plus initials and a surname-looking second word (made-up names)."""
    people = ["Arlo Venn Patient Engineer", "Tovan Reassuring Medic", "Mirel Speaker of Vos",
              "Ode T. Varn Keeper at Law", "Brask Klingon Envoy", "Zell Quiet a Writer"]
    rows = read_rows(_sheet(*[_row(Name=n, Unique="Y", CollectorsInfo=f"1R{i}", Type="Personnel", Species="Klingon",
                                   Text="A made-up text about the engineer.")
                              for i, n in enumerate(people)],
                            _row(Name="Klingon Probe", CollectorsInfo="1C99", Type="Event")))
    splitter = imp.NameSplitter(rows, [])
    titles = [splitter.person_or_ship(n, "personnel")[0] for n in people]
    assert titles == ["Arlo Venn", "Tovan", "Mirel", "Ode T. Varn", "Brask", "Zell"]
