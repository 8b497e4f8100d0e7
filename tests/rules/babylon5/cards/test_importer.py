"""The CSV import format: every problem reported with file, line and column; the committed
facts equal a fresh import of the committed spreadsheets."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.babylon5.cards import CardImportError, card_db, check_pool, facts_files, load_pool
from rules.babylon5.cards import importer
from rules.babylon5.cards.csv_format import COLUMNS, dump_cards, parse_csv
from rules.babylon5.cards.facts import CARD_TYPES, KEYS, check_card, slug

PACKAGE = Path(__file__).resolve().parents[4] / "rules" / "babylon5" / "cards"
HEADER = "title,type,race,cost,subtype,diplomacy,intrigue,leadership,psi,military,aide_of,attaches_to,result,conflict,participant\n"


def errors_of(text: str) -> list[str]:
    with pytest.raises(CardImportError) as info:
        parse_csv(text, "cards.csv")
    return info.value.errors


def test_committed_facts_equal_a_fresh_import_of_the_spreadsheets():
    for name in ("sample-pool", "chapter-cards"):
        text = (PACKAGE / "sources" / f"{name}.csv").read_text(encoding="utf-8")
        fresh = dump_cards(parse_csv(text, f"{name}.csv"), f"{name}.csv")
        assert (PACKAGE / "facts" / f"{name}.json").read_text(encoding="utf-8") == fresh, (
            f"re-run: python -m rules.babylon5.cards.importer rules/babylon5/cards/sources/{name}.csv"
            f" --out rules/babylon5/cards/facts/{name}.json")


def test_a_minimal_row_gets_the_documented_defaults():
    [card] = parse_csv("title,type,race,cost,subtype,diplomacy,intrigue,leadership,psi\n"
                       "Test Envoy,Character,Human,3,character,1,2,0,0\n", "x.csv")
    assert tuple(card) == KEYS
    assert card["id"] == "test-envoy" and card["type"] == "character" and card["race"] == "human"
    assert card["loyal"] is True and card["limited"] is True and card["official"] is False
    assert card["abilities"] == {"diplomacy": 1, "intrigue": 2, "leadership": 0, "psi": 0}
    assert card["source"] == "invented" and card["mechanics"] is None and card["traits"] == []
    assert card["influence_bonus"] == 0 and card["military"] is None and check_card(card) == []


def test_defaults_by_type():
    text = HEADER + ("Drifter,character,neutral,1,character,0,0,1,0,,,,,,\n"
                     "Lone Outpost,location,neutral,2,,,,,,,,,,,\n"
                     "Shiny Badge,enhancement,neutral,1,,,,,,,,character,,,\n"
                     "Aftershock,aftermath,neutral,0,,,,,,,,,lost,,fleet\n")
    drifter, outpost, badge, aftershock = parse_csv(text, "x.csv")
    assert drifter["loyal"] is False and drifter["limited"] is True
    assert outpost["military"] == 0 and outpost["limited"] is True
    assert badge["limited"] is False and badge["attaches_to"] == "character"
    assert aftershock["play_conditions"] == {"result": "lost", "conflict": "any", "participant": "fleet"}


def test_lists_booleans_comments_and_blank_rows():
    text = ("title,type,race,cost,traits,limited,notes\n"
            "# a comment row,,,,,,\n"
            ",,,,,,\n"
            "Quiet Crew,group,narn,1,Labor; Dockside ,no,ignored free text\n")
    [card] = parse_csv(text, "x.csv")
    assert card["traits"] == ["Labor", "Dockside"] and card["limited"] is False


def test_every_problem_has_file_line_and_column():
    text = HEADER + ("Good Fleet,fleet,human,3,,,,,,4,,,,,\n"
                     "Bad Cost,group,human,three,,,,,,,,,,,\n"          # line 3
                     "No Abilities,character,human,2,character,1,,,,,,,,,\n"   # line 4
                     "Wrong Race,group,klingon,1,,,,,,,,,,,\n"           # line 5
                     "Armed Group,group,human,1,,2,,,,,,,,,\n")          # line 6
    errors = errors_of(text)
    assert any(e.startswith("cards.csv:3: column 'cost'") and "'three'" in e for e in errors)
    assert sum(e.startswith("cards.csv:4: column ") for e in errors) == 3  # intrigue, leadership, psi
    assert any(e.startswith("cards.csv:5:") and "klingon" in e for e in errors)
    assert any(e.startswith("cards.csv:6: column 'diplomacy'") and "only characters" in e for e in errors)
    assert not any(e.startswith("cards.csv:2") for e in errors)


def test_line_numbers_count_lines_inside_quoted_cells():
    text = ('title,type,race,cost,notes\n'
            'First,group,human,1,"two\nlines"\n'
            'Second,group,human,x,\n')
    assert errors_of(text) == ["cards.csv:4: column 'cost': must be a whole number, not 'x'"]


def test_unknown_and_missing_columns_are_refused_up_front():
    errors = errors_of("title,type,colour\nA,group,red\n")
    assert errors[0].startswith("cards.csv:1: unknown column(s) 'colour'")
    assert errors[1] == "cards.csv:1: missing required column(s) race"


def test_required_cells_and_duplicate_ids():
    errors = errors_of("title,type,race,cost\n,group,human,1\nTwin,group,human,1\nTwin,group,narn,1\n")
    assert any(e == "cards.csv:2: column 'title': is required" for e in errors)
    assert any(e.startswith("cards.csv:4: id 'twin' is already used on line 3") for e in errors)


def test_official_cards_are_refused():
    errors = errors_of("title,type,race,cost,official\nReal Card,event,neutral,1,true\n")
    assert errors == ["cards.csv:2: column 'official': must be false or blank: the project accepts no printed card data"]


def test_chapter_rules_are_checked_per_row():
    text = ("title,type,race,cost,subtype,starting_ambassador,diplomacy,intrigue,leadership,psi,military,aide_of,result\n"
            "Boss,character,human,3,ambassador,yes,1,1,1,1,,,\n"         # starting ambassador with a cost
            "Nobody,character,neutral,,ambassador,yes,1,1,1,1,,,\n"      # neutral ambassador
            "Helper,character,human,1,character,,1,1,1,1,,boss,\n"       # aide_of on a non-aide
            "Flagless Fleet,fleet,human,2,,,,,,,,,\n"                    # fleet without military
            "Afterthought,aftermath,human,0,,,,,,,,,\n"                  # aftermath without result
            "Mystery Conflict,conflict,human,1,,,,,,,,,\n"               # conflict without type
            "Lone Aide,character,human,1,aide,,1,1,1,1,,,\n")            # aide of nobody
    errors = errors_of(text)
    for line, words in [(2, "no cost"), (3, "cannot be neutral"), (4, "only an aide"), (5, "military rating"),
                        (6, "won, lost or any"), (7, "subtype None is not allowed for a conflict"),
                        (8, "an aide must name its ambassador")]:
        assert any(e.startswith(f"cards.csv:{line}:") and words in e for e in errors), (line, errors)


def test_mechanics_column_is_json_checked_by_the_effect_language():
    ok = parse_csv("title,type,race,cost,mechanics\n"
                   'Quick Boost,event,neutral,1,"[{""kind"": ""play"", ""effects"": [{""draw"": 1, ""who"": ""you""}]}]"\n'
                   "Blank,event,neutral,1,[]\n", "x.csv")
    assert ok[0]["mechanics"][0]["kind"] == "play" and ok[1]["mechanics"] == []
    errors = errors_of("title,type,race,cost,mechanics\n"
                       "Broken,event,neutral,1,[{\n"
                       'Wrong Kind,event,neutral,1,"[{""kind"": ""no_such_kind""}]"\n')
    assert errors[0].startswith("cards.csv:2: column 'mechanics': is not valid JSON")
    assert errors[1].startswith("cards.csv:3: column 'mechanics':") and "no_such_kind" in errors[1]


def test_slugs():
    assert slug("Elder Bo'Ruun") == "elder-boruun"
    assert slug("Attaché Tobias Hale") == "attache-tobias-hale"
    assert slug("  The Lost Archive!") == "the-lost-archive"


def test_check_pool_refuses_clashing_ids_and_unknown_ambassadors():
    cards = parse_csv("title,type,race,cost,subtype,diplomacy,intrigue,leadership,psi,aide_of\n"
                      "Seer Ilmara,character,minbari,1,character,0,0,0,1,\n"
                      "Lost Aide,character,minbari,1,aide,0,0,0,1,nobody-at-all\n"
                      "Borrowed Aide,character,minbari,1,aide,0,0,0,1,ambassador-tessarel\n", "extra.csv")
    with pytest.raises(CardImportError) as info:
        check_pool(cards, "extra.csv", card_db())
    assert len(info.value.errors) == 2
    assert "'seer-ilmara'" in info.value.errors[0] and "nobody-at-all" in info.value.errors[1]


def test_command_line(tmp_path, capsys):
    good = tmp_path / "good.csv"
    good.write_text("title,type,race,cost\nHarbor Watch,group,human,1\n", encoding="utf-8")
    out = tmp_path / "good.json"
    assert importer.main([str(good), "--out", str(out)]) == 0
    assert json.loads(out.read_text())["cards"][0]["id"] == "harbor-watch"
    assert importer.main([str(good), "--check", str(out)]) == 0
    out.write_text("{}")
    assert importer.main([str(good), "--check", str(out)]) == 1
    bad = tmp_path / "bad.csv"
    bad.write_text("title,type,race,cost\nHarbor Watch,group,human,lots\n", encoding="utf-8")
    capsys.readouterr()
    assert importer.main([str(bad)]) == 1
    err = capsys.readouterr().err
    assert "bad.csv:2: column 'cost': must be a whole number, not 'lots'" in err and "nothing written" in err
    assert importer.main([str(tmp_path / "missing.csv")]) == 2


def test_the_project_spreadsheets_validate_on_the_command_line(capsys):
    for name in ("sample-pool", "chapter-cards"):
        assert importer.main([str(PACKAGE / "sources" / f"{name}.csv"),
                              "--check", str(PACKAGE / "facts" / f"{name}.json")]) == 0


def test_columns_are_documented_in_format_md():
    text = (PACKAGE / "FORMAT.md").read_text(encoding="utf-8")
    assert all(f"`{c}`" in text for c in COLUMNS)
    assert all(f"`{k}`" in text for k in KEYS)
    assert set(facts_files()) == {"sample-pool.json", "chapter-cards.json"}


def test_header_names_are_case_insensitive_and_may_not_repeat():
    [card] = parse_csv(" Title ,TYPE,Race,Cost\nLoud Crew,group,narn,1\n", "x.csv")
    assert card["title"] == "Loud Crew"
    assert errors_of("title,type,race,cost,Cost\nA,group,narn,1,2\n") == [
        "cards.csv:1: column(s) 'cost' appear more than once"]


def test_comment_rows_may_have_any_number_of_cells():
    assert parse_csv("title,type,race,cost\n# a, comment, with, many, commas,,,,\n", "x.csv") == []
    assert errors_of("title,type,race,cost\nA,group,narn,1,extra\n")[0].startswith("cards.csv:2: more cells than columns")


def test_the_community_template_is_a_valid_pool_covering_every_type():
    template = PACKAGE / "community-template.csv"
    cards = parse_csv(template.read_text(encoding="utf-8"), template.name)
    assert {c["type"] for c in cards} == set(CARD_TYPES)
    assert all(c["mechanics"] is not None for c in cards)
    assert set(next(iter(template.open(encoding="utf-8"))).strip().split(",")) == set(COLUMNS)
    assert len(load_pool(template)) == 12
