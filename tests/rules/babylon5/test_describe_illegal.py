"""Illegal actions raise typed errors whose message names the rule and the cards."""
import json

import pytest

from rules.babylon5.game import GAME
from rules.errors import IllegalAction, NotYourDecision

from .helpers import act, ambassador, scenario, until


def test_not_your_decision_names_the_deciding_seat():
    st = scenario(["human", "narn"], ratings=[4, 5])
    with pytest.raises(NotYourDecision, match="waiting for seat"):
        GAME.validate(st, 1, {"type": "no_conflict"})


def test_declaring_a_war_conflict_without_a_war_names_the_rule():
    st = scenario(["narn", "human"], ratings=[4, 5], hands={0: ["fx-conquest"]})
    card = st["seats"][0]["hand"][0]
    with pytest.raises(IllegalAction, match=r"Declare Conflicts: Conquest \(.*\).*war"):
        GAME.validate(st, 0, {"type": "declare_conflict", "card": card})


def test_sponsoring_a_starting_ambassador_names_the_rule_and_changes_nothing():
    st = scenario(["human", "narn"], ratings=[9, 5], hands={0: ["fx-delenn"]})
    st = until(st, "act", 0)
    before = json.dumps(st, sort_keys=True)
    with pytest.raises(IllegalAction, match="no player may sponsor a starting ambassador"):
        GAME.validate(st, 0, {"type": "sponsor", "card": st["seats"][0]["hand"][0], "by": ambassador(st, 0)})
    assert json.dumps(st, sort_keys=True) == before


def test_aftermath_without_play_conditions_names_the_rule():
    st = scenario(["human", "narn"], ratings=[4, 5], hands={0: ["fx-dip", "fx-am-lost"]})
    card = next(h for h in st["seats"][0]["hand"] if st["cards"][h]["def"] == "fx-dip")
    st = act(st, {"type": "declare_conflict", "card": card}, 0)
    st = until(st, "name_target", 0)
    st = act(st, {"type": "name_target", "target": 1}, 0)
    st = until(st, "act", 0)
    st = act(st, {"type": "support", "card": ambassador(st, 0), "conflict": st["conflicts"][0]["id"]}, 0)
    st = until(st, "aftermath", 0)
    lost = st["seats"][0]["hand"][0]
    with pytest.raises(IllegalAction, match="Aftermath Cards: Bitter Defeat"):
        GAME.validate(st, 0, {"type": "play_aftermath", "card": lost})


@pytest.mark.parametrize("bad", [{"type": "sponsor", "card": ["x"], "by": ["y"]}, {"type": 3}, {},
                                 {"type": "attack", "card": {"a": 1}}, {"type": "support", "card": None}])
def test_malformed_actions_are_refused_with_a_message_not_a_crash(bad):
    st = scenario(["human", "narn"], ratings=[4, 5])
    st = until(st, "act", 0)
    with pytest.raises(IllegalAction):
        GAME.validate(st, 0, bad)
