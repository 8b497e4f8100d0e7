"""The coverage report command."""
from __future__ import annotations

from rules.startrek2e.coverage import coverage, main, render


def test_premiere_report_counts_415_cards():
    report = coverage("SE")
    assert report["total"]["cards"] == 415 and [g["name"] for g in report["groups"]] == ["SE"]
    total = report["total"]
    assert total["with_mechanics"] == total["authored"] + total["no_game_text"]
    assert len(total["missing"]) == 415 - total["with_mechanics"]
    assert total["authored"] > 0


def test_all_sets_report_covers_every_card():
    report = coverage("all")
    assert report["total"]["cards"] == 4408
    assert sum(g["cards"] for g in report["groups"]) == 4408
    assert any(not g["official"] for g in report["groups"])
    assert "(virtual)" in render(report)


def test_starters_scope_and_missing_list(capsys):
    report = coverage("starters")
    assert len(report["groups"]) >= 4
    assert main(["--starters", "--missing"]) == 0
    out = capsys.readouterr().out
    assert "Cards without mechanics (0)" in out  # every starter card has mechanics


def test_command_line(capsys):
    assert main([]) == 0
    assert "coverage (SE)" in capsys.readouterr().out
    assert main(["--set", "NOPE"]) == 2
    assert main(["--all"]) == 0
