"""The text players read is rendered from the mechanics the engine runs (effects/render.py).

Checks: every authored card reads without the ``<?key>`` marker of an unknown construct;
every construct of the effect language's validator (ability kinds, trigger events, verbs,
keywords, filter keys, condition keys) has a phrase — a construct added to the schema
without one fails here; exact sentences of well-known cards; the view shows the text.
Expected sentences are written here, never copied from the cards.
"""
import pytest

from rules.startrek2e.cards import card_db
from rules.startrek2e.effects import schema as SC
from rules.startrek2e.effects.render import NOT_AUTHORED, render, render_card
from rules.startrek2e.game import GAME

from .helpers import started

DB = card_db()


def test_every_authored_card_renders_one_paragraph_per_ability_without_unknown_constructs():
    for card in DB.values():
        if card["mechanics"] is None:
            continue
        text = render_card(card)
        assert len(text) == len(card["mechanics"]), card["id"]
        assert all(isinstance(t, str) and t for t in text), card["id"]
        assert not any("<?" in t for t in text), (card["id"], text)


def test_not_authored_mechanics_say_so():
    assert render(None) == [NOT_AUTHORED]
    assert render_card({"type": "event", "mechanics": None}) == [NOT_AUTHORED]


# -- every construct of the validator has a phrase -------------------------------------
T = {"choose": {"type": "personnel"}, "count": 1}
VERB_SAMPLES = {
    "stop": T, "kill": T, "destroy": T, "unstop": T, "join_attempt": T, "reveal": T, "place_in_brig": T, "return_to_hand": T,
    "place_in_discard": T, "place_on_event": T, "add_to_drawn": T, "place_in_core": {}, "place_on_deck_top": T, "place_on_deck_bottom": T, "remove_from_game": T,
    "place_as_damage": {"choose": {"type": "ship"}}, "remember": T, "take_command": T,
    "remove_damage": {"choose": {"type": "ship"}}, "shuffle_into_deck": T, "place_on_stack": T, "exchange_hands_with_deck_bottom": {}, "reselect": {}, "discard_randomly": {}, "select_instead": {"choose": {"selection": True}},
    "exclude_from_selection": {"choose": {"selection": True}}, "return_to_pile": {}, "place_on_ship": {}, "overcome": {}, "prevent_dilemma": {}, "return_unfaced": {}, "subtract_requirement": {}, "select_by_exclusion": {}, "no_attempt_again": {},
    "prevent_overcome": {}, "may": {}, "as_player": {"who": "mission_owner"}, "each_opponent": {}, "choose_opponent": {}, "join_engagement": {}, "prevent": {}, "place_on_mission": {},
    "modify": {"stat": "cunning", "amount": 2, "target": T}, "draw": {"count": 2}, "discard": {"count": 1},
    "download": {"title": "Kira Nerys"}, "take_from_discard": {"filter": {"type": "personnel"}},
    "shuffle_deck": {}, "score": {"amount": 5}, "lose_points": {"amount": 5}, "add_counters": {"amount": 7}, "repeat_while": {"while": {"score": {"min": 5}}}, "begin_combat": {},
    "begin_engagement": {}, "unless": {"skills": {"Diplomacy": 1}}, "if": {"attempting": True},
    "examine": {"count": 2}, "gain_skills": {"from": T, "to": {"self": True}},
    "choose_one": {"options": [[{"draw": {"count": 1}}], [{"score": {"amount": 5}}]]},
    "put_into_play": {"target": T, "at": {"choose": {"type": "mission"}}},
    "replace": {"target": T, "with": {"choose": {"type": "personnel", "scope": "hand"}}},
    "add_requirements": {"skills_of": T, "except": ["Intelligence"]},
    "face_dilemma_instead": {"ship": {"choose": {"type": "ship", "owner": "you"}}},
    "place_at": {"target": {"choose": {"type": "ship"}, "count": "any"}, "at": {"trigger_mission": True}, "use_range": True},
    "move_ship": {"target": {"self": True}, "to": {"choose": {"type": "mission"}}, "range": "next_turn"},
    "beam": T, "name_skill": {"chooser": "opponent"}, "name_card_type": {"except": ["ship"]}, "name_title": {"type": "personnel"}, "name_number": {"chooser": "opponent"}, "lose_skills": T, "restore_range": T, "protect_from_dilemmas": T, "forbid_engagements": {},
    "pass_right": {},
    "add_combat_strength": {"of": {"choose": {"scope": "discard", "type": "personnel"}}},
    "place_damage": {"card": {"choose": {"scope": "hand", "damage_card": True}}, "on": {"choose": {"type": "ship"}}},
    "extra_dilemmas": {"draw": 3, "cost": 3}, "redraw_dilemmas": {},
    "search_dilemmas": {"cost_at_most": {"number": {"ref": "removed"}}},
    "overcome_from_pile": {"at": {"choose": {"type": "mission", "owner": "you"}}},
    "mute_skills": {"named": "harsh"},
    "pile_copies_beneath": {"title": "named", "at": {"choose": {"type": "mission", "owner": "you", "completed": True}}},
    "meet_with": {"use": "integrity", "instead_of": ["cunning", "strength"]},
    "at_end_of_turn": {}, "name_card": T, "for_rest_of_turn": {"on": "about_to_be_killed", "if": {"trigger_by_dilemma": True}},
    "repeat": {"per": {"type": "personnel", "used_skills": True}}, "blank_skills": T,
    "exchange_with_pile_top": {}, "place_on_pile_top": {"choose": {"type": "dilemma", "scope": "overcome"}},
}
FILTER_SAMPLES = {
    "type": "personnel", "skill": "Physics", "skill_level": {"Medical": 2}, "skills_any": ["Law", "Honor"],
    "affiliation": "bajoran", "species": "Klingon", "icon": "ds9", "keyword": "Gul", "title": "Worf",
    "unique": True, "owner": "opponent", "present": True, "aboard": True, "attempting": True, "stopped": True,
    "not_self": True, "attribute": {"cunning": {"min": 6}}, "highest": "cunning", "lowest": "strength",
    "cost_at_most": 3, "scope": "discard", "self": True, "not": {"skill": "Treachery"}, "at_this_mission": True,
    "any_of": [{"keyword": "Kai"}, {"keyword": "Vedek"}], "class": "K'Vort", "location": "Remus",
    "region": "Bajor System", "quadrant": "gamma", "mission_type": "space", "crew": {"skill": "Engineer"}, "involved": True,
    "matching_mission": True, "with_trigger_card": True, "ref": "chosen", "requires_skill": "Science",
    "aboard_trigger_ship": True, "aboard_attempting_ship": True, "in_core": True, "plays_in_core": True, "damaging": {"owner": "opponent"}, "with_count": {"filter": {"skill": "Law"}, "min": 2}, "commander_aboard": True, "mission_owner": "opponent", "owned_by": "you", "with_ref": "chosen",
    "attribute_sum": {"stats": ["cunning", "strength"], "max": 10}, "facing_dilemma": True,
    "with_card": {"skill": "Diplomacy"}, "equipped_with": {"keyword": "Hand Weapon"},
    "present_with": {"ref": "chosen"}, "dilemma_type": "space", "at_trigger_mission": True, "selection": True,
    "on_planet": True,
    "on_event": {"title": "Engage Cloak"}, "staffed": True, "host": True, "at_trigger_from": True,
    "ship_commander": True, "with_attached": {"title": "Inspiring Leader"}, "aboard_ref": "chosen",
    "matches_affiliation": "ship", "corresponds_with": {"type": "ship", "owner": "you"},
    "named_skill": "named", "named_type": "named", "damaged": True, "named_number": {"stats": ["cost"], "name": "number"}, "other_quadrant_than": {"host": True}, "same_title_as": {"type": "personnel", "owner": "you"}, "playable_at": {"mission_type": "headquarters", "owner": "you"}, "shares_with": {"fact": "skills", "of": {"ref": "loss"}},
    "shares_skill_with": {"ref": "discarded"},
    "damage_card": True, "is_trigger_card": True, "completed": True, "requirement_skill": True, "named_title": "named",
    "together": 3, "requirements_met_by": {"type": "personnel", "owner": "you"}, "used_skills": True,
    "under_mission": {"owner": "opponent", "completed": True}, "fits_dilemma": {"ref": "revealed"}, "in_attempt": True, "in_trigger_team": True, "stopped_in_trigger_attempt": True,
}
CONDITION_SAMPLES = {
    "facing_dilemma": True, "attempting": True, "in_combat": True, "present_with": {"skill": "Honor"},
    "command": {"affiliation": "bajoran"}, "count": {"skill": "Law"}, "meets": {"skills": {"Law": 2}},
    "mission_type": "planet", "not": {"attempting": True}, "all": [{"attempting": True}],
    "any": [{"attempting": True}], "ref": "chosen", "score": {"min": 5}, "captives": {"min": 1},
    "completed": {"planet": 1}, "mission": {"region": "Neutral Zone"}, "trigger_card": {"skill": "Law"},
    "trigger_mission": {"self": True}, "trigger_by_dilemma": True, "trigger_by": "opponent", "copy_overcome": True, "trigger_random": True,
    "in_engagement": True, "prevented": True, "engagement_began_by": "opponent",
    "attempt_at_this_mission": True, "at_least_half": {"of": {"owner": "you"}, "are": {"skill": "Law"}},
    "even": {"stat": "cunning", "of": {"ref": "x"}, "highest": True},
    "total": {"amount": {"stat": "cost", "of": {"ref": "x"}}, "max": 4}, "alike": {"ref": "x", "fact": "species"},
    "killed_this_attempt": True, "trigger_in": "combat", "trigger_killed": {"type": "personnel", "owner": "opponent"}, "each_mission": {"quadrant": "alpha"}, "ship_damaged": True, "completed_using_skill": True, "selected": True, "your_turn": True,
    "card_owner": True, "this_turn": {"who": "opponent", "drew": 2}, "has_skills_of": {"ref": "x"},
    "has_named_skills": "named", "has_mission_skills": True, "dilemma_unmet": True,
    "drawing_dilemmas": True, "trigger_used_skill": ["Diplomacy", "Officer"],
    "commands_more": {"filter": {"type": "event"}},
}
ABILITY_SAMPLES = {
    "headquarters": {"affiliations": ["bajoran"]}, "static": {"modify": {"stat": "cunning", "amount": 1}},
    "trigger": {"on": "play_self", "optional": True, "effects": [{"draw": {"count": 1}}]},
    "order": {"effects": [{"draw": {"count": 1}}]}, "dilemma": {"effects": [{"stop": {"all": {}}}]},
    "event": {"effects": [{"draw": {"count": 1}}]}, "interrupt": {"effects": [{"draw": {"count": 1}}]},
    "play_requirement": {"requires": {"attempting": True}}, "damage": {"modify": {"stat": "range", "amount": -2}},
    "keyword": {"keyword": "cant_attempt"},
    "action": {"while": {"attempting": True}, "effects": [{"draw": {"count": 1}}]},
    "meet_with": {"use": "strength", "instead_of": ["cunning"], "checks": ["mission", "dilemma"]},
    "combat_strength": {"stat": "weapons", "optional": True}, "play_aboard": {"ship": {"owner": "you"}},
    "play_at": {"mission": {"location": "Mouth of the Wormhole"}},
    "play_cost": {"amount": -1, "if": {"count": {"keyword": "Gul", "at_this_mission": True}}},
    "requirement": {"requirement": {"skills": {"Law": 1}}},
    "attempt_with": {"missions": {"region": "Demilitarized Zone"}, "personnel": {"icon": "maquis"},
                     "requirement": {"skills": {"Leadership": 1}, "attributes": {"strength": 36}}},
    "cost_change": {"who": {"type": "personnel", "owner": "you"}, "amount": -1, "optional": True,
                    "cost": [{"discard": {"count": 1, "from": "hand"}}]},
    "state_rule": {"if": {"command": {"title": "Jadzia Dax"}}, "effects": [{"place_in_discard": {"self": True}}]},
    "counter_action": {"counters": 1, "effects": [{"return_to_hand": {"choose": {"scope": "on_this_event"}}}]},
}


def _clean(mechanics, ctype="event"):
    errors = SC.validate_mechanics(mechanics)
    assert errors == [], errors
    text = render(mechanics, ctype)
    assert text and all(t and "<?" not in t for t in text), text
    return text


def test_every_ability_kind_and_verb_has_a_phrase():
    assert set(ABILITY_SAMPLES) == set(SC.ABILITY_KEYS)
    for kind, body in ABILITY_SAMPLES.items():
        _clean([{"kind": kind, **body}])
    assert set(VERB_SAMPLES) == SC.EFFECT_VERBS
    for verb, arg in VERB_SAMPLES.items():
        eff = {verb: arg}
        if verb in ("unless", "if", "may", "at_end_of_turn", "for_rest_of_turn", "repeat", "repeat_while", "as_player", "each_opponent", "choose_opponent"):
            eff["then"] = [{"draw": {"count": 1}}]
        _clean([{"kind": "event", "effects": [eff]}])


@pytest.mark.parametrize("event", sorted(SC.TRIGGER_EVENTS))
def test_every_trigger_event_has_a_phrase(event):
    _clean([{"kind": "trigger", "on": event, "effects": [{"draw": {"count": 1}}]}])
    _clean([{"kind": "interrupt", "when": event, "effects": [{"draw": {"count": 1}}]}], "interrupt")


@pytest.mark.parametrize("kw", sorted(SC.KEYWORDS))
def test_every_keyword_has_a_phrase(kw):
    _clean([{"kind": "keyword", "keyword": kw}], "personnel")


def test_every_filter_key_and_condition_key_has_a_phrase():
    assert set(FILTER_SAMPLES) == SC.FILTER_KEYS
    for k, v in FILTER_SAMPLES.items():
        _clean([{"kind": "event", "effects": [{"stop": {"choose": {k: v}}}]}])
    assert set(CONDITION_SAMPLES) == SC.CONDITION_KEYS - {"min", "matches", "group", "distinct"}  # companions of count/ref/meets
    _clean([{"kind": "event", "effects": [{"if": {"meets": {"skills": {"Law": 1}}, "group": {"ref": "x"}},
                                           "then": [{"draw": {"count": 1}}]}]}])
    for k, v in CONDITION_SAMPLES.items():
        cond = {k: v, **({"matches": {"type": "personnel"}} if k == "ref" else {})}
        _clean([{"kind": "event", "effects": [{"if": cond, "then": [{"draw": {"count": 1}}]}]}])


# -- exact sentences ---------------------------------------------------------------------
def test_well_known_cards_read_as_the_engine_plays_them():
    assert render_card(DB["1C019"]) == [
        "Unless you have Engineer and Physics or 2 Exobiology, stop each Medical personnel, then place this "
        "dilemma on the bottom of its owner's dilemma pile."]
    assert render_card(DB["1C064"]) == ["Each of your Engineer personnel present gains Physics."]
    assert render_card(DB["1S370"]) == ["Order - Discard a card from hand to draw a card. You may do this only once each turn."]
    assert render_card(DB["1R350"]) == ["While this personnel is facing a dilemma, exclude this personnel from any random selection."]
    assert render_card(DB["1S363"]) == [
        "While you command two [Kli] Treachery personnel, each [Kli] ship in your hand is Cost -1."]
    assert render_card(DB["1C029"]) == ["Select two random personnel. Kill each of those personnel that has Cunning+Strength<11."]
    assert render_card(DB["1U117"])[1] == "Each of your [Rom] ships is Range +1 for each of your Reman personnel (limit 3)."


def test_counts_and_deck_placements_read_as_played():
    assert render_card(DB["1S084"]) == [
        "Plays in your core. Place each card in your hand on the bottom of its owner's deck in a random order to draw "
        "an equal number of cards. Destroy this event."]
    assert render_card(DB["1U264"]) == [
        "When you complete a mission, if that mission is a mission requiring Science where this personnel is, "
        "you may discard up to four cards from hand to draw an equal number of cards."]
    assert "you may replace up to two of them, each with a card from your discard pile" in render_card(DB["1C088"])[0]
    assert "in any order (the first chosen ends on top)" in render_card(DB["1C130"])[1]


def test_random_selections_commanders_and_parity_read_as_played():
    assert render_card(DB["1R061"]) == [
        "When a random selection is made at this mission, you may ignore its result and select again. "
        "You may do this only once each turn."]
    assert render_card(DB["1C015"]) == [
        "Select three random personnel. If the highest Cunning among those personnel is even, stop those personnel."]
    assert "download a personnel whose Commander keyword names your ship; or download a ship named by the " \
           "Commander keyword of your personnel" in render_card(DB["1R090"])[0]
    assert "discard a personnel or ship whose affiliation matches the ship this personnel is aboard from hand" \
           in render_card(DB["1U326"])[0]


def test_resistance_tactics_reads_as_played():
    assert render_card(DB["1R109"])[1] == (
        "When a combat begins, if you command a [Baj] card involved, you may destroy this event to prevent that "
        "combat, then stop each personnel or ship involved.")


def test_the_view_names_each_card_by_its_catalogue_key():
    """The text is the catalogue's (rendered once per definition), not re-rendered per view."""
    st = started("render-view")
    v = GAME.view(st, 0)
    hand = v["seats"][0]["hand"]
    assert hand and all("text" not in c and isinstance(c["guid"], str) for c in hand)
    cat = GAME.card_catalogue()
    for c in hand:
        if c["guid"] in cat:
            assert cat[c["guid"]]["text"] == render_card(DB[c["guid"]])


def test_ships_moved_by_card_text_read_as_the_engine_plays_them():
    assert render_card(DB["1S188"])[1] == (
        "When any player moves a ship between this mission and a [GQ] mission, do not add 2 to the span total.")
    assert render_card(DB["1C081"])[1] == (
        "When an opponent's ship moves away from this mission, you may have the ship this event is on move to "
        "the mission that ship moved to, using the Range of your next turn.")
    assert render_card(DB["1R087"])[4] == (
        "Order - While there is a ship on this event, take each ship on this event and place them at a mission; "
        "their Range for this turn is used.")
    assert render_card(DB["1R091"])[1] == (
        "While you command an unstopped personnel aboard the ship this event is on who is that ship's Commander, "
        "the ship this event is on is Range +2.")
    assert render_card(DB["1R028"])[0].startswith(
        "Unless you have Astrometrics, Engineer and Physics or Shields + unused Range this turn>13, ")
    assert render_card(DB["1U282"]) == [
        "Order - Stop this personnel to beam any number of your stopped personnel at this mission (this personnel "
        "included), then discard a card from the top of your deck for each of those personnel beamed this way."]


HEADQUARTERS = sorted(cid for cid, c in DB.items() if c["set"] == "SE" and c.get("mission_type") == "headquarters")


@pytest.mark.parametrize("hq", HEADQUARTERS)
def test_headquarters_text_names_equipment_which_the_engine_lets_you_play_there(hq):
    """Every headquarters prints "… and equipment at this mission" (rulebook: every
    headquarters allows equipment), and the engine plays a real Premiere equipment there."""
    from rules.startrek2e import state as S
    from rules.startrek2e.play import destinations

    from .helpers import mission
    assert render_card(DB[hq])[0].endswith(" and equipment at this mission.")
    st = started(f"hq-{hq}")
    m = mission(st, 0, "T-HQF")
    st["extra_cards"][hq] = DB[hq]
    st["cards"][m]["guid"] = hq
    kit = st["seats"][0]["deck"][-1]
    st["extra_cards"]["1C064"] = DB["1C064"]  # Engineering Kit
    st["cards"][kit]["guid"] = "1C064"
    S.move(st, kit, "hand", 0)
    assert m in destinations(st, 0, kit)


def test_an_optional_choice_given_to_an_opponent_reads_as_printed():
    """Gunboat Diplomacy: "you may choose an opponent to choose one", never "you may your opponent chooses"."""
    assert render_card(DB["4C056"])[1].startswith(
        "When you play a Vorta personnel, you may choose an opponent to choose one: you may download")
