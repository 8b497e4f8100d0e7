"""card_db(), starters(), load_pool(): loaded once, validated, community pools kept apart."""
from __future__ import annotations

import json

import pytest

from rules.babylon5.cards import (
    CardImportError, by_id, card_db, card_label, facts_files, load_pool, merge_pools, starters,
)
from rules.babylon5.cards.facts import KEYS, check_card
from rules.errors import NotFound

EXTRA_CSV = ("id,title,type,race,cost,subtype,diplomacy,intrigue,leadership,psi,aide_of,mechanics\n"
             "harbor-envoy,Harbor Envoy,character,human,2,character,2,0,0,0,,[]\n"
             "tessarel-scribe,Scribe of the Vigil,character,minbari,1,aide,1,0,0,0,ambassador-tessarel,\n")


def test_card_db_is_loaded_once_and_every_card_is_valid():
    db = card_db()
    assert db is card_db()
    assert len(db) == sum(len(cards) for cards in facts_files().values()) == 141
    for cid, card in db.items():
        assert card["id"] == cid and tuple(card) == KEYS
        assert check_card(card) == [], cid
        assert card["official"] is False


def test_by_id_and_labels():
    assert by_id("Seer-Ilmara ")["title"] == "Seer Ilmara"
    assert card_label(by_id("seer-ilmara")) == "Seer Ilmara (minbari character, unofficial)"
    assert card_label(by_id("ambassador-rokesh")) \
        == "Ambassador Ro'Kesh (narn ambassador, unofficial)"
    assert card_label(by_id("duel-of-minds-at-kessan")) == "Duel of Minds at Kessan (conflict, unofficial)"
    with pytest.raises(NotFound):
        by_id("londo-mollari")


def test_starters_have_the_contract_shape():
    decks = starters()
    assert [d["id"] for d in decks] == ["human", "minbari", "centauri", "narn", "non-aligned"]
    for deck in decks:
        assert set(deck) == {"id", "name", "race", "ambassador", "deck"}
        amb = card_db()[deck["ambassador"]]
        assert amb["starting_ambassador"] and amb["race"] == deck["race"]
        assert len(deck["deck"]) == 45 and all(cid in card_db() for cid in deck["deck"])


def test_load_pool_reads_a_csv_file(tmp_path):
    path = tmp_path / "extra.csv"
    path.write_text(EXTRA_CSV, encoding="utf-8")
    pool = load_pool(path)
    assert sorted(pool) == ["harbor-envoy", "tessarel-scribe"]
    assert pool["harbor-envoy"]["mechanics"] == [] and pool["tessarel-scribe"]["mechanics"] is None
    merged = merge_pools(card_db(), pool)
    assert len(merged) == len(card_db()) + 2
    with pytest.raises(CardImportError):
        merge_pools(card_db(), card_db())


def test_load_pool_reads_a_directory_of_csv_and_json(tmp_path):
    (tmp_path / "a.csv").write_text(EXTRA_CSV, encoding="utf-8")
    card = dict(card_db()["duel-of-minds-at-kessan"], id="duel-of-minds-two", title="Duel of Minds Two")
    (tmp_path / "b.json").write_text(json.dumps({"cards": [card]}), encoding="utf-8")
    (tmp_path / "readme.txt").write_text("ignored")
    assert sorted(load_pool(tmp_path)) == ["duel-of-minds-two", "harbor-envoy", "tessarel-scribe"]


def test_load_pool_lists_every_problem_of_every_file(tmp_path):
    (tmp_path / "a.csv").write_text(EXTRA_CSV + ",Bad Cost,group,human,lots,,,,,,,\n", encoding="utf-8")
    clash = dict(card_db()["duel-of-minds-at-kessan"], cost=-1)
    (tmp_path / "b.json").write_text(json.dumps({"cards": [clash, "nonsense"]}), encoding="utf-8")
    (tmp_path / "c.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(CardImportError) as info:
        load_pool(tmp_path)
    errors = info.value.errors
    assert any(e.startswith("a.csv:4: column 'cost'") for e in errors)
    assert any(e.startswith("b.json: card 1 (duel-of-minds-at-kessan): cost must be between") for e in errors)
    assert any(e.startswith("b.json: card 2") and "not an object" in e for e in errors)
    assert any(e.startswith("c.json:1: not valid JSON") for e in errors)


def test_load_pool_refuses_ids_of_the_pool_and_duplicates_across_files(tmp_path):
    (tmp_path / "a.csv").write_text("title,type,race,cost\nDuel of Minds at Kessan,conflict,neutral,1\n", encoding="utf-8")
    with pytest.raises(CardImportError) as info:
        load_pool(tmp_path / "a.csv")
    assert "subtype" in info.value.errors[0]  # the row itself is checked first
    (tmp_path / "a.csv").write_text("title,type,race,cost,subtype\nDuel of Minds at Kessan,conflict,neutral,1,psi\n",
                                    encoding="utf-8")
    with pytest.raises(CardImportError) as info:
        load_pool(tmp_path / "a.csv")
    assert "'duel-of-minds-at-kessan' (Duel of Minds at Kessan) is already a card of the pool" in info.value.errors[0]
    (tmp_path / "b.csv").write_text("title,type,race,cost\nTwin Watch,group,human,1\n", encoding="utf-8")
    (tmp_path / "c.csv").write_text("title,type,race,cost\nTwin Watch,group,narn,1\n", encoding="utf-8")
    (tmp_path / "a.csv").unlink()
    with pytest.raises(CardImportError) as info:
        load_pool(tmp_path)
    assert info.value.errors == ["c.csv: id 'twin-watch' is already used in b.csv"]
    with pytest.raises(CardImportError):
        load_pool(tmp_path / "nowhere")
    (tmp_path / "d.txt").write_text("x")
    with pytest.raises(CardImportError):
        load_pool(tmp_path / "d.txt")
