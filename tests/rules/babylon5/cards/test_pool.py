"""The sample pool: invented, unofficial, five races (the Non-Aligned fifth), every card type and rule variant the
chapters describe, so the engine's rules all get exercised."""
from __future__ import annotations

import re
from collections import Counter

from rules.babylon5.cards import card_db, facts_files
from rules.babylon5.cards.facts import CARD_TYPES, CONFLICT_TYPES, ENHANCEMENT_TARGETS, PLAYER_RACES

SAMPLE = {c["id"]: card_db()[c["id"]] for c in facts_files()["sample-pool.json"]}
CHAPTER = {c["id"]: card_db()[c["id"]] for c in facts_files()["chapter-cards.json"]}

#: Names of the show's people, ships and places that a card title must not use: the pool is
#: invented, and a real name with made-up numbers would pass for a real card.
REAL_NAMES = (
    "Londo", "Mollari", "G'Kar", "Delenn", "Sheridan", "Sinclair", "Ivanova", "Garibaldi", "Franklin",
    "Vir ", "Cotto", "Na'Toth", "Lennier", "Kosh", "Morden", "Talia", "Winters", "Bester", "Refa",
    "Cartagia", "Neroon", "Valen", "Draal", "Zathras", "Lyta", "Marcus Cole", "Corwin", "Zack", "Ta'Lon",
    "Turhan", "Timov", "Kiro", "Dukhat", "Branmer", "Santiago", "Clark", "Elric", "Ulkesh", "Justin",
    "Adira", "Du'Rog", "Ko'Dath", "Na'Far", "G'Quan", "Byron", "Sebastian", "Lorien", "Catherine Sakai",
    "Minbar", "Centauri Prime", "Homeworld", "Mars Colony", "Babylon", "Excalibur", "White Star",
    "Agamemnon", "Hyperion", "Omega", "Sharlin", "Vorchan", "Primus", "G'Quan", "Psi Corps", "Grey Council",
    "Rangers", "Anla'shok", "Kha'Ri", "Thenta Makur", "Immortality", "Knowledge",
)


def test_every_card_is_unofficial_and_says_where_its_facts_come_from():
    assert len(SAMPLE) == 137 and len(CHAPTER) == 4
    assert all(c["official"] is False and c["source"] == "invented" and c["unstated"] == [] for c in SAMPLE.values())
    for card in CHAPTER.values():
        assert card["official"] is False and card["unstated"]
        assert re.match(r"rules 1\.3b, (Card Details|Game Flow) chapter, ", card["source"]), card["source"]


def test_sample_titles_use_no_real_names():
    hits = [(c["title"], n) for c in SAMPLE.values() for n in REAL_NAMES if n.casefold() in c["title"].casefold()]
    assert hits == []
    assert len({c["title"].casefold() for c in SAMPLE.values()}) == len(SAMPLE) - 4  # 5 x Outer Marches Picket


def test_chapter_cards_are_the_ones_the_chapters_describe():
    assert {c["title"] for c in CHAPTER.values()} == {
        "Decisive Tactics", "Vicious Blow", "The Immortality Serum", "Knowledge is Power"}
    serum = card_db()["the-immortality-serum"]
    assert serum["type"] == "conflict" and serum["any_player_may_be_supported"] and serum["subtype"] is None
    assert card_db()["vicious-blow"]["attaches_to"] == "character"
    # authored exactly as the chapter states them
    assert card_db()["decisive-tactics"]["mechanics"] == [
        {"kind": "play", "target": {"type": "character"}, "effects": [{"modify": {"leadership": 2}, "target": "chosen"}]}]
    assert card_db()["vicious-blow"]["mechanics"] == [
        {"kind": "contingency", "trigger": "neutralized_opponent", "effects": [{"severe": 2, "target": "opponent"}]}]


def test_each_player_race_has_every_card_type_and_one_ambassador_with_its_aide():
    for race in PLAYER_RACES:
        cards = [c for c in SAMPLE.values() if c["race"] == race]
        assert {c["type"] for c in cards} == set(CARD_TYPES), race
        [amb] = [c for c in cards if c["starting_ambassador"]]
        assert amb["cost"] is None and amb["subtype"] == "ambassador"
        [aide] = [c for c in cards if c["subtype"] == "aide"]
        assert aide["aide_of"] == amb["id"]
        assert all(c["loyal"] for c in cards if c["type"] == "character")


def test_neutral_and_non_aligned_cards():
    races = Counter(c["race"] for c in SAMPLE.values())
    assert races["neutral"] >= 25 and races["non-aligned"] == 21
    assert all(not c["loyal"] for c in SAMPLE.values() if c["race"] == "neutral")
    assert card_db()["delegate-vaal-tirrin"]["loyal"] is True


def test_variety_the_engine_needs():
    cards = list(SAMPLE.values())
    of = lambda t: [c for c in cards if c["type"] == t]
    assert {c["subtype"] for c in of("conflict")} == set(CONFLICT_TYPES)
    assert {c["conflict_target"] for c in of("conflict")} == {None, "character", "location", "faction"}
    assert any(c["any_player_may_be_supported"] for c in of("conflict"))
    assert {c["attaches_to"] for c in of("enhancement")} == set(ENHANCEMENT_TARGETS)
    assert {c["attaches_to"] for c in of("contingency")} == {"character", "fleet", "location"}
    assert {c["subtype"] for c in of("agenda")} == {None, "hidden", "major"}
    conditions = [c["play_conditions"] for c in of("aftermath")]
    assert {p["result"] for p in conditions} == {"won", "lost", "any"}
    assert {p["participant"] for p in conditions} == {None, "any", "fleet", "character"}
    assert {p["conflict"] for p in conditions} == set(CONFLICT_TYPES) | {"any"}
    # fleets are limited per race: one title in five races
    assert Counter(c["title"] for c in of("fleet"))["Outer Marches Picket"] == 5
    assert any(not c["limited"] for c in of("group"))
    assert all(c["limited"] for c in of("character") + of("location") + of("fleet"))
    assert any(c["influence_bonus"] for c in cards) and any(c["power_bonus"] for c in cards)
    assert all(c["military"] is not None for c in of("location"))
    assert {c["cost"] for c in cards if not c["starting_ambassador"]} >= {0, 1, 2, 3, 4, 5, 6}
