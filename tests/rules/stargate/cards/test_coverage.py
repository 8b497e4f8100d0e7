"""The coverage report: counts per set / starter deck and the list of cards without mechanics."""
from __future__ import annotations

import pytest

from rules.stargate.cards import card_db, card_label, starters
from rules.stargate.coverage import coverage, main, render, starter_guids


def test_official_coverage_counts_sets_one_to_three():
    report = coverage("official")
    assert [g["name"] for g in report["groups"]] == ["1 Base Set", "2 System Lords", "3 Rise of the Ori"]
    assert report["total"]["cards"] == 824
    have = sum(1 for c in card_db().values() if c["official"] and c["mechanics"] is not None)
    assert report["total"]["with_mechanics"] == have
    assert len(report["total"]["missing"]) == 824 - have


def test_all_coverage_marks_fan_sets_unofficial():
    report = coverage("all")
    assert report["total"]["cards"] == 1920 and len(report["groups"]) == 16
    assert [g["official"] for g in report["groups"]] == [True] * 3 + [False] * 13
    assert "(unofficial, fan-made)" in render(report)


def test_starter_coverage_counts_each_deck():
    report = coverage("starters")
    assert len(report["groups"]) == 12
    every = set().union(*(starter_guids(d) for d in starters()))
    assert report["total"]["cards"] == len(every) == 261
    missing = sorted(card_label(card_db()[g]) for g in every if card_db()[g]["mechanics"] is None)
    assert sorted(report["total"]["missing"]) == missing


def test_authored_and_blank_are_told_apart():
    total = coverage("all")["total"]
    authored = sum(1 for c in card_db().values() if c["mechanics"])
    assert total["authored"] == authored
    assert total["with_mechanics"] == authored + total["no_game_text"]


def test_unknown_scope_is_refused():
    with pytest.raises(ValueError):
        coverage("some")


def test_command_lists_missing_cards(capsys):
    assert main(["--starters", "--missing"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Stargate TCG card coverage (starters)")
    assert "TOTAL" in out and "Jack O'Neill starter deck" in out
    for label in coverage("starters")["total"]["missing"]:
        assert f"  {label}\n" in out


def test_command_defaults_to_official(capsys):
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "(official)" in out and "Cards without mechanics" not in out
