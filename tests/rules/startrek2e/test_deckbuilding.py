"""Deck construction: the rulebook's "Building a Deck" rules and the project's refusals."""
from __future__ import annotations

import pytest

from rules.errors import DeckInvalid, NotFound
from rules.startrek2e.cards import card_db, card_label, starters
from rules.startrek2e.deckbuilding import check_deck, resolve_deck, starter_deck, validate_deck


def _deck(deck_id: str = "klingon") -> dict:
    return starter_deck(deck_id)


def _codes(deck: dict, **kw) -> list[str]:
    return [v["code"] for v in validate_deck(deck, **kw)]


def test_starter_deck_is_legal_and_resolves():
    deck = _deck()
    assert validate_deck(deck) == []
    resolved = check_deck(deck)
    assert len(resolved["missions"]) == 5 and len(resolved["deck"]) == len(deck["deck"])


def test_picard_copies_example():
    """Rulebook: three "Jean-Luc Picard, Explorer", or one of it and two "Jean-Luc Picard,
    Argo Pilot", but not three of each: the limit is per title, subtitles ignored."""
    base = _deck()
    three_explorers = dict(base, deck=base["deck"] + ["1S268"] * 3)
    one_and_two = dict(base, deck=base["deck"] + ["1S268"] + ["1R267"] * 2)
    three_of_each = dict(base, deck=base["deck"] + ["1S268"] * 3 + ["1R267"] * 3)
    assert "at_most_three_copies_of_a_title" not in _codes(three_explorers)
    assert "at_most_three_copies_of_a_title" not in _codes(one_and_two)
    violations = validate_deck(three_of_each)
    copies = [v for v in violations if v["code"] == "at_most_three_copies_of_a_title"]
    assert len(copies) == 1 and "6 copies of cards titled Jean-Luc Picard" in copies[0]["message"]


def test_exactly_five_different_missions():
    base = _deck()
    assert "exactly_five_missions" in _codes(dict(base, missions=base["missions"][:4]))
    doubled = dict(base, missions=base["missions"][:4] + [base["missions"][1]])
    assert "different_missions" in _codes(doubled)
    not_mission = dict(base, missions=base["missions"][:4] + ["1C292"])
    assert {"not_a_mission", "exactly_five_missions"} & set(_codes(not_mission)) == {"not_a_mission"}


def test_at_least_twenty_dilemmas_only_dilemmas():
    base = _deck()
    assert "at_least_twenty_dilemmas" in _codes(dict(base, dilemmas=base["dilemmas"][:19]))
    assert "not_a_dilemma" in _codes(dict(base, dilemmas=base["dilemmas"] + ["1C292"]))


def test_at_least_thirty_five_draw_cards_no_missions_or_dilemmas():
    base = _deck()
    assert "at_least_thirty_five_draw_cards" in _codes(dict(base, deck=base["deck"][:34]))
    assert "at_least_thirty_five_draw_cards" not in _codes(dict(base, deck=base["deck"][:35]))
    assert "not_a_draw_card" in _codes(dict(base, deck=base["deck"] + ["1C013"]))


def test_unknown_cards_are_named():
    base = _deck()
    violations = validate_deck(dict(base, deck=base["deck"] + ["9Z999"]))
    assert any(v["code"] == "unknown_card" and "9Z999" in v["message"] for v in violations)
    with pytest.raises(DeckInvalid):
        resolve_deck(dict(base, deck=["9Z999"]))


def test_cards_without_mechanics_are_refused_by_name():
    base = _deck()
    # a personnel whose text is not authored yet (a later set's: Premiere is being completed)
    card = next(c for c in sorted(card_db().values(), key=lambda c: c["id"]) if c["mechanics"] is None
                and c["type"] == "personnel" and c["official"] and not c["hof_retired"] and not c["alternate_of"])
    violations = validate_deck(dict(base, deck=base["deck"] + [card["id"]]))
    refused = [v for v in violations if v["code"] == "no_mechanics"]
    assert len(refused) == 1 and card_label(card) in refused[0]["message"]
    with pytest.raises(DeckInvalid) as err:
        check_deck(dict(base, deck=base["deck"] + [card["id"]]))
    assert err.value.details == violations


def test_hall_of_fame_retired_cards_refused_unless_allowed():
    base = _deck()
    retired = next(c for c in card_db().values() if c["hof_retired"] and c["type"] == "personnel")
    deck = dict(base, deck=base["deck"] + [retired["id"]])
    assert retired["title"] in next(v["message"] for v in validate_deck(deck) if v["code"] == "hof_retired")
    assert "hof_retired" in _codes(deck)
    assert "hof_retired" not in _codes(deck, fmt="open")


def test_count_maps_and_qty_entries():
    base = _deck()
    counts: dict[str, int] = {}
    for cid in base["deck"]:
        counts[cid] = counts.get(cid, 0) + 1
    as_map = dict(base, deck=counts)
    assert validate_deck(as_map) == []
    assert sorted(resolve_deck(as_map)["deck"]) == sorted(base["deck"])
    as_qty = dict(base, deck=[{"card": c, "qty": n} for c, n in counts.items()])
    assert validate_deck(as_qty) == []
    assert "deck_format" in _codes(dict(base, deck=[{"card": "1C292", "qty": 0}]))
    assert "deck_format" in _codes(dict(base, sideboard=[]))
    assert _codes([]) == ["deck_format"]  # type: ignore[arg-type]


def test_alternate_printings_are_the_same_mission():
    base = _deck("romulan")
    hq = base["missions"][0]
    alt = next(c["id"] for c in card_db().values() if c.get("alternate_of") == hq)
    assert "different_missions" in _codes(dict(base, missions=base["missions"][:4] + [alt]))


def test_starter_deck_lookup():
    assert {d["id"] for d in starters()} >= {"klingon", "romulan", "cardassian", "bajoran", "federation"}
    with pytest.raises(NotFound):
        starter_deck("borg")
