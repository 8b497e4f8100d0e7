"""SUBSPACE_EXTRA_GAMES: extra games for processes started by tests or operators."""
from __future__ import annotations

import pytest

import rules
from rules.errors import InvalidRequest
from store.plugins import load_extra_games


@pytest.fixture
def clean_registry():
    yield
    rules.unregister("highcard")
    rules.unregister("slowcard")


def test_load_extra_games_registers_every_entry_of_the_env_var(monkeypatch, clean_registry):
    monkeypatch.setenv("SUBSPACE_EXTRA_GAMES", "tests.support.tinygame:GAME, tests.workers.slowgame:GAME")
    assert load_extra_games() == ["highcard", "slowcard"]
    assert rules.get_game("slowcard").id == "slowcard"


def test_load_extra_games_without_the_env_var_does_nothing(monkeypatch, clean_registry):
    monkeypatch.delenv("SUBSPACE_EXTRA_GAMES", raising=False)
    assert load_extra_games() == []
    assert "slowcard" not in rules.available()


@pytest.mark.parametrize("spec", ["tests.support.tinygame", ":GAME", "tests.support.tinygame:"])
def test_malformed_entry_is_invalid_request(spec, clean_registry):
    with pytest.raises(InvalidRequest):
        load_extra_games(spec)
