"""The effect-language validator accepts the documented forms and names every error."""
from rules.stargate.effects.schema import validate_mechanics


def test_valid_examples_from_effects_md():
    mech = [
        {"kind": "static", "modify": {"stat": "culture", "amount": 1, "who": {"self": True}}, "while": {"self_state": "assigned"}},
        {"kind": "trigger", "on": "play_self", "optional": False, "effects": [{"draw": {"count": 1, "who": "you"}}]},
        {"kind": "activated", "cost": [{"pay_power": 2}, {"stop": {"self": True}}], "effects": [{"gain_power": {"amount": 1, "who": "you"}}]},
        {"kind": "success", "effects": [{"may": {"who": "you", "effects": [{"draw": {"count": 1, "who": "you"}}]}}]},
    ]
    assert validate_mechanics(mech) == []


def test_none_means_not_authored_and_is_not_a_schema_error():
    assert validate_mechanics(None) == []


def test_unknown_kind_trigger_verb_and_filter_key_are_each_reported():
    mech = [
        {"kind": "sometimes"},
        {"kind": "trigger", "on": "moon_rises", "effects": []},
        {"kind": "success", "effects": [{"explode": {"self": True}}]},
        {"kind": "failure", "effects": [{"stop": {"choose": {"colour": "red"}, "chooser": "you", "count": 1}}]},
    ]
    errors = validate_mechanics(mech)
    assert len(errors) == 4
    assert "sometimes" in errors[0] and "moon_rises" in errors[1] and "explode" in errors[2] and "colour" in errors[3]


def test_a_choice_must_say_who_chooses():
    errors = validate_mechanics([{"kind": "success", "effects": [{"stop": {"choose": {"type": "character"}, "count": 1}}]}])
    assert errors and "chooser" in errors[0]


def test_modify_needs_a_known_stat_and_one_amount():
    errors = validate_mechanics([{"kind": "static", "modify": {"stat": "luck", "who": {"self": True}}}])
    assert any("luck" in e for e in errors) and any("exactly one" in e for e in errors)


def test_the_text_rules_of_iris_are_checked():
    iris = [{"kind": "static", "rule": {"failure_text_optional": {"who": {"allegiance": "villain"}}}},
            {"kind": "static", "rule": {"text_cost": {"who": {"type": "obstacle"}, "keyword": "failure",
                                                      "payer": "opponent", "cost": [{"pay_power": 1}]}}}]
    assert validate_mechanics(iris) == []
    errors = validate_mechanics([{"kind": "static", "rule": {"text_cost": {"who": {"type": "obstacle"}, "keyword": "failur",
                                                                          "payer": "someone", "cost": [{"pay_power": 1}]}}}])
    assert len(errors) == 2 and "keyword" in errors[0] and "payer" in errors[1]
    errors = validate_mechanics([{"kind": "static", "rule": {"failure_text_optional": {"cost": [{"pay_power": 1}]}}}])
    assert any("unknown keys ['cost']" in e for e in errors) and any("missing ['who']" in e for e in errors)
    errors = validate_mechanics([{"kind": "static", "rule": {"text_cost": {"who": {"type": "obstacle"}}}}])
    assert any("missing ['cost', 'keyword']" in e for e in errors)


def test_opponent_plays_as_complication_is_checked():
    ok = [{"kind": "trigger", "on": "play_self", "optional": False, "effects": [
        {"remember": "picked", "target": {"choose": {"side": "opponent", "zone": "hand"}, "chooser": "you", "count": 2}},
        {"opponent_plays_as_complication": {"cost": 0, "from": {"ref": "picked"}}}]}]
    assert validate_mechanics(ok) == []
    for bad, words in [({"cost": 1, "from": {"ref": "picked"}}, "only 0"), ({"from": {"ref": "picked"}}, "exactly"),
                       ({"cost": 0, "from": {"title": "x"}}, "a target is one of")]:
        errors = validate_mechanics([{"kind": "success", "effects": [{"opponent_plays_as_complication": bad}]}])
        assert len(errors) == 1 and words in errors[0], errors
