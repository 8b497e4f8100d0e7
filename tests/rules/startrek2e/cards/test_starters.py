"""The project's own starter decks: legal, Premiere only, playable missions."""
from __future__ import annotations

from collections import Counter

import pytest

from rules.startrek2e.cards import card_db, starters
from rules.startrek2e.deckbuilding import validate_deck

DECKS = starters()
NOT_YET_PLAYABLE: dict[str, set[str]] = {}  # deck id -> its cards still without mechanics


def test_every_starter_is_legal():
    assert len(DECKS) >= 4
    assert {d["id"]: validate_deck(d) for d in DECKS} == {d["id"]: [] for d in DECKS}
    assert {"federation", "klingon", "romulan", "cardassian", "bajoran"} <= {d["id"] for d in DECKS}


@pytest.mark.parametrize("deck", DECKS, ids=[d["id"] for d in DECKS])
def test_starter_shape(deck):
    db = card_db()
    assert set(deck) == {"id", "name", "missions", "dilemmas", "deck"}
    everything = deck["missions"] + deck["dilemmas"] + deck["deck"]
    assert all(db[c]["set"] == "SE" and not db[c]["hof_retired"] for c in everything)
    assert len(deck["missions"]) == 5 == len(set(deck["missions"]))
    assert len(deck["dilemmas"]) >= 20 and len(deck["deck"]) >= 35
    assert max(Counter(db[c]["title"] for c in everything).values()) <= 3
    missions = [db[m] for m in deck["missions"]]
    hqs = [m for m in missions if m["mission_type"] == "headquarters"]
    assert len(hqs) == 1 and deck["id"] in hqs[0]["affiliations"]
    kinds = Counter(m["mission_type"] for m in missions)
    assert kinds["planet"] >= 1 and kinds["space"] >= 1
    violations = validate_deck(deck)
    missing = {c for c in everything if db[c]["mechanics"] is None}
    assert missing == NOT_YET_PLAYABLE.get(deck["id"], set())
    assert all(v["code"] == "no_mechanics" for v in violations)


@pytest.mark.parametrize("deck", DECKS, ids=[d["id"] for d in DECKS])
def test_starter_can_attempt_and_meet_its_missions(deck):
    """Its affiliation may attempt each mission, and its personnel (one of each) hold the skills."""
    db = card_db()
    personnel = [db[c] for c in set(deck["deck"]) if db[c]["type"] == "personnel"]
    skills: Counter = Counter()
    for p in personnel:
        skills.update(p["skills"])
    attributes = {a: sum(p[a] for p in personnel) for a in ("integrity", "cunning", "strength")}
    for mid in deck["missions"]:
        mission = db[mid]
        if mission["mission_type"] == "headquarters":
            continue
        assert deck["id"] in mission["attempt_affiliations"], mid
        assert any(all(skills[s] >= n for s, n in alt["skills"].items())
                   and all(attributes[a] > n for a, n in alt["attributes"].items())
                   for alt in mission["requirements"]), mid


@pytest.mark.parametrize("deck", DECKS, ids=[d["id"] for d in DECKS])
def test_starter_personnel_and_ships_are_of_the_deck_or_non_aligned(deck):
    db = card_db()
    for cid in deck["deck"]:
        card = db[cid]
        if card["type"] in ("personnel", "ship"):
            assert card["affiliations"][0] in (deck["id"], "non-aligned"), cid


def _hq_allows(hq: dict, card: dict) -> bool:
    """Whether a headquarters' mechanics let this personnel/ship be played there (the two
    forms the starters use: ``affiliations`` and ``allow`` filters on affiliation/icon)."""
    for ability in hq["mechanics"]:
        if ability["kind"] != "headquarters":
            continue
        if set(card["affiliations"]) & set(ability.get("affiliations", [])):
            return True
        for f in ability.get("allow", []):
            assert set(f) <= {"affiliation", "icon"}, f
            if ("affiliation" not in f or f["affiliation"] in card["affiliations"]) and \
                    ("icon" not in f or f["icon"] in card["icons"]):
                return True
    return False


@pytest.mark.parametrize("deck", DECKS, ids=[d["id"] for d in DECKS])
def test_starter_personnel_and_ships_can_be_played_at_its_headquarters(deck):
    db = card_db()
    hq = next(db[m] for m in deck["missions"] if db[m]["mission_type"] == "headquarters")
    for cid in set(deck["deck"]):
        card = db[cid]
        if card["type"] in ("personnel", "ship"):
            assert _hq_allows(hq, card), f"{cid} cannot be played at {hq['id']}"


@pytest.mark.parametrize("deck", DECKS, ids=[d["id"] for d in DECKS])
def test_starter_ships_can_be_staffed(deck):
    """The deck's personnel (one of each) can staff each of its ships: command icons for the
    command staffing, then any remaining command/staff icons for the staff staffing."""
    db = card_db()
    crew = [db[c] for c in set(deck["deck"]) if db[c]["type"] == "personnel"]
    commands = sum(1 for p in crew if "command" in p["icons"])
    staff = sum(1 for p in crew if "staff" in p["icons"] and "command" not in p["icons"])
    for cid in set(deck["deck"]):
        ship = db[cid]
        if ship["type"] == "ship":
            need_cmd = ship["staffing"].count("command")
            need_stf = ship["staffing"].count("staff")
            assert commands >= need_cmd and commands - need_cmd + staff >= need_stf, cid
