"""Every hand-written mechanics entry is well-formed and validates against the effect schema."""
from __future__ import annotations

import importlib

import pytest

from rules.stargate.cards import card_db, mechanics_files, starters
from rules.stargate.coverage import starter_guids

ABILITY_KINDS = {"static", "trigger", "activated", "success", "failure", "victory", "play_cost", "cant", "replace", "keyword"}


def _entries():
    return [(name, guid, entry) for name, entries in mechanics_files().items() for guid, entry in entries.items()]


def test_every_starter_card_has_mechanics():
    every = set().union(*(starter_guids(d) for d in starters()))
    assert len(every) == 261
    assert [card_db()[g]["title"] for g in every if card_db()[g]["mechanics"] is None] == []


def test_authored_mechanics_are_lists_of_known_ability_kinds():
    for name, guid, entry in _entries():
        assert isinstance(entry["mechanics"], list) and entry["mechanics"], (name, guid)
        for ability in entry["mechanics"]:
            assert ability.get("kind") in ABILITY_KINDS, (name, entry["title"], ability)


def test_each_mechanics_file_holds_one_card_type():
    expected = {"adversaries.json": "adversary", "characters.json": "character", "events.json": "event",
                "gear.json": "gear", "missions.json": "mission", "obstacles.json": "obstacle"}
    for name, guid, _ in _entries():
        if name in expected:
            assert card_db()[guid]["type"] == expected[name], (name, guid)


def test_every_authored_mechanics_entry_validates_against_the_schema():
    try:
        schema = importlib.import_module("rules.stargate.effects.schema")
    except ModuleNotFoundError:
        pytest.skip("rules.stargate.effects.schema (the engine's effect language) is not there yet")
    failures = {}
    for name, guid, entry in _entries():
        errors = schema.validate_mechanics(entry["mechanics"])  # a list of every error
        if errors:
            failures[f"{entry['title']} ({guid}, {name})"] = errors
    assert schema.validate_mechanics([{"kind": "no_such_kind"}]), "the schema must reject a bad ability"
    assert failures == {}


# Names the engine provides without a "remember": the card that triggered, the card being
# assigned, the card a replacement effect protects, the glyph earner, the glyph just earned,
# the card a per-card amount is computed for, a cost's first choice (Malek's "from"), and the card that
# gives another card a text (Bauer's "granter").
BUILT_IN_REFS = {"trigger_card", "assigning", "affected", "earner", "earned_glyph", "each", "from", "granter"}


def _names(node, key):
    """Every value of ``key`` anywhere in ``node`` (dicts and lists, depth first)."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k == key and isinstance(v, str):
                yield v
            yield from _names(v, key)
    elif isinstance(node, list):
        for v in node:
            yield from _names(v, key)


def test_every_ref_names_a_remembered_card():
    """A typo in a ref name would make the engine look up a card that was never chosen."""
    problems = []
    for name, guid, entry in _entries():
        remembered = set(_names(entry["mechanics"], "remember")) | BUILT_IN_REFS
        used = set(_names(entry["mechanics"], "ref")) | set(_names(entry["mechanics"], "other_than"))
        used |= {v for key in ("shares_glyph_with", "shares_trait_with", "same_title_as", "in_ref", "lacks_traits_of")
                 for v in _names(entry["mechanics"], key) if v != "self"}
        if used - remembered:
            problems.append((entry["title"], sorted(used - remembered)))
    assert problems == []


def test_every_choice_says_who_chooses_and_how_many():
    def walk(node):
        if isinstance(node, dict):
            if "choose" in node and isinstance(node["choose"], dict):
                yield node
            for v in node.values():
                yield from walk(v)
        elif isinstance(node, list):
            for v in node:
                yield from walk(v)

    for _, _, entry in _entries():
        for choice in walk(entry["mechanics"]):
            assert choice.get("chooser") in ("you", "opponent"), (entry["title"], choice)
            assert "count" in choice, (entry["title"], choice)
