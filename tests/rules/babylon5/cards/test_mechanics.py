"""Every authored mechanics entry validates against the engine's effect language
(``rules/babylon5/EFFECTS.md``) and agrees with the card's facts."""
from __future__ import annotations

from collections import Counter

from rules.babylon5.cards import card_db, facts_files, mechanics_files, starters
from rules.babylon5.effects.schema import validate_mechanics

#: The ability kinds each card type may carry.
KINDS_BY_TYPE = {
    "character": {"static", "activated", "aide"}, "group": {"static", "activated", "mercenary"},
    "fleet": {"static", "activated", "mercenary"}, "location": {"static", "activated"},
    "enhancement": {"enhancement"}, "agenda": {"agenda"}, "event": {"play"},
    "contingency": {"contingency"}, "conflict": {"conflict"}, "aftermath": {"aftermath"},
}
#: Facts ``conflict_target`` -> the effect language's conflict ``target``.
CONFLICT_TARGET = {None: None, "faction": "player", "character": "character", "location": "location",
                   "fleet": "fleet"}
SAMPLE_IDS = {c["id"] for c in facts_files()["sample-pool.json"]}


def _entries():
    return [(name, cid, entry) for name, entries in mechanics_files().items() for cid, entry in entries.items()]


def _walk(node, key):
    if isinstance(node, dict):
        for k, v in node.items():
            if k == key:
                yield v
            yield from _walk(v, key)
    elif isinstance(node, list):
        for v in node:
            yield from _walk(v, key)


def test_every_sample_card_has_mechanics_and_every_entry_validates():
    db = card_db()
    assert [cid for cid in SAMPLE_IDS if db[cid]["mechanics"] is None] == []
    failures = {cid: validate_mechanics(db[cid]["mechanics"]) for cid in db if validate_mechanics(db[cid]["mechanics"])}
    assert failures == {}
    assert validate_mechanics([{"kind": "no_such_kind"}]), "the schema must reject a bad ability"


def test_unauthored_cards_are_exactly_the_chapter_cards_whose_effect_the_chapters_leave_open():
    assert sorted(cid for cid, c in card_db().items() if c["mechanics"] is None) == [
        "knowledge-is-power", "the-immortality-serum"]


def test_each_mechanics_file_holds_one_card_type_and_repeats_titles():
    for name, cid, entry in _entries():
        card = card_db()[cid]
        assert entry["title"] == card["title"]
        if name != "chapter-cards.json":
            expected = "contingencies.json" if card["type"] == "contingency" else card["type"] + "s.json"
            assert name == expected, (name, cid)
        else:
            assert cid not in SAMPLE_IDS


def test_ability_kinds_fit_the_card_type():
    for cid, card in card_db().items():
        for ability in card["mechanics"] or []:
            assert ability["kind"] in KINDS_BY_TYPE[card["type"]], (cid, ability["kind"])


def test_mechanics_agree_with_the_facts():
    for cid, card in card_db().items():
        mech = card["mechanics"] or []
        kinds = Counter(a["kind"] for a in mech)
        if card["subtype"] == "aide":
            assert [a["ambassador"] for a in mech if a["kind"] == "aide"] == [card["aide_of"]], cid
        else:
            assert kinds["aide"] == 0, cid
        for a in mech:
            if a["kind"] == "enhancement" and "target" in a:
                assert a["target"] == card["attaches_to"], cid
            if a["kind"] == "conflict":
                assert a.get("target") == CONFLICT_TARGET[card["conflict_target"]], cid
                assert a.get("any_side", False) == card["any_player_may_be_supported"], cid
            if a["kind"] == "aftermath":
                assert "when" not in a, "play conditions come from the facts"
                if card["race"] != "neutral" and isinstance(a.get("target"), dict):
                    assert a["target"].get("race") == card["race"], cid  # race-restricted aftermath
        if card["type"] in ("event", "enhancement", "agenda", "contingency", "conflict", "aftermath") and card["mechanics"] is not None:
            assert len(mech) == 1, cid  # one card, one ability of its kind


def test_invented_effects_stay_simple():
    """Invented cards use one ability, at most two effects per outcome, bonuses of at most +3."""
    for cid in SAMPLE_IDS:
        mech = card_db()[cid]["mechanics"]
        assert len(mech) <= 1, cid
        for key in ("effects", "success", "failure", "side_effects"):
            for effects in _walk(mech, key):
                assert len(effects) <= 2, cid
        for modify in _walk(mech, "modify"):
            assert all(abs(v) <= 3 for v in modify.values()), cid


def test_the_starter_decks_exercise_the_whole_effect_language():
    used = [card_db()[cid] for deck in starters() for cid in set(deck["deck"]) | {deck["ambassador"]}]
    mech = [card["mechanics"] for card in used]
    kinds = {a["kind"] for m in mech for a in m}
    assert kinds == {"static", "activated", "aide", "play", "enhancement", "agenda", "conflict", "aftermath",
                     "contingency", "mercenary"}
    verbs = set()
    for key in ("effects", "success", "failure", "side_effects"):
        for effects in _walk(mech, key):
            verbs.update(k for e in effects for k in e if k not in ("target", "who", "until", "between", "delta"))
    assert verbs >= {"modify", "influence", "power", "tracker", "tension", "unrest", "draw", "discard",
                     "neutralize", "rotate", "ready", "heal", "discard_card", "damage", "severe"}
    triggers = {a["trigger"] for m in mech for a in m if a["kind"] == "contingency"}
    assert triggers == {"attacked", "attacks", "neutralized", "neutralized_opponent", "conflict_won", "conflict_lost"}
    conflicts = [a for m in mech for a in m if a["kind"] == "conflict"]
    assert {a.get("target") for a in conflicts} == {None, "player", "character", "location"}
    assert any(a.get("vote") for a in conflicts) and any(a.get("any_side") for a in conflicts)
    assert any(a.get("sustain") for m in mech for a in m)
    assert any("victory" in a for m in mech for a in m) and any("conflict" in a for m in mech for a in m if a["kind"] == "agenda")
    # "war" conflicts are in the pool but not in a starter deck (they need a war first)
    assert any(a.get("war") for c in card_db().values() for a in c["mechanics"] or [])


def test_every_sample_card_but_war_conflicts_is_in_a_starter_deck():
    in_decks = {cid for deck in starters() for cid in deck["deck"] + [deck["ambassador"]]}
    unused = sorted(SAMPLE_IDS - in_decks)
    assert unused == ["hostilities-on-the-tirrin-route"]
