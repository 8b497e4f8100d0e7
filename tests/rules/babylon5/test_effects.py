"""The effect language's less common constructs run as EFFECTS.md says."""
from rules.babylon5 import conflicts
from rules.babylon5 import state as S
from rules.babylon5 import values as V
from rules.babylon5.effects.interpreter import run
from rules.babylon5.effects.schema import validate_mechanics

from . import fixtures as F
from .helpers import add_card, ambassador, scenario, until, act


def test_repair_gain_influence_demote_promote_conquer():
    st = scenario(["human", "narn"], ratings=[5, 5])
    f = add_card(st, 0, "fx-human-fleet", "play", damage=2)
    g = add_card(st, 0, "fx-garibaldi", "play")
    mars = add_card(st, 0, "fx-mars", "play")
    uni = add_card(st, 0, "fx-uniform", "play", on=mars)
    run(st, [{"repair": 1, "target": "chosen"}], {"you": 0, "chosen": f})
    assert st["cards"][f]["damage"] == 1
    run(st, [{"gain_influence": 2}], {"you": 0})
    assert V.available(st, 0) == 7 and V.rating(st, 0) == 5
    run(st, [{"promote": "chosen"}], {"you": 0, "chosen": g})
    assert st["cards"][g]["level"] == "inner"
    run(st, [{"demote": "chosen"}], {"you": 0, "chosen": g})
    run(st, [{"demote": "chosen"}], {"you": 0, "chosen": ambassador(st, 0)})
    assert st["cards"][g]["level"] == "supporting" and st["cards"][ambassador(st, 0)]["level"] == "inner"
    run(st, [{"conquer": "conflict_target"}], {"you": 1, "initiator": 1, "conflict_target": mars})
    assert S.controller(st, mars) == 1 and st["cards"][uni]["zone"] == "discard"
    st = until(until(st, "act"), "declare")
    assert st["turn"]["number"] == 2 and V.available(st, 0) == 5  # influence to spend this turn is gone


def test_trigger_abilities_react_to_a_resolved_conflict():
    home = F.card("fx-homeworld", "Narn Homeworld", "location", "narn", 3, military=3, mechanics=[
        {"kind": "trigger", "on": "conflict_won", "if": {"initiator": "you"}, "effects": [{"power": 1, "who": "you"}]}])
    assert validate_mechanics(home["mechanics"]) == []
    st = scenario(["narn", "human"], ratings=[4, 5], hands={0: ["fx-dip"]}, extra={"fx-homeworld": home})
    add_card(st, 0, "fx-homeworld", "play", defs={"fx-homeworld": home})
    card = st["seats"][0]["hand"][0]
    st = act(st, {"type": "declare_conflict", "card": card}, 0)
    st = until(st, "name_target", 0)
    st = act(st, {"type": "name_target", "target": 1}, 0)
    st = until(st, "act", 0)
    k = st["conflicts"][0]["id"]
    st = act(st, {"type": "support", "card": ambassador(st, 0), "conflict": k}, 0)
    st = until(st, "aftermath")
    assert st["conflicts"][0]["won"] and st["seats"][0]["power"] == 1


def test_promote_discount_and_agenda_replacing_a_major_one():
    from rules.babylon5 import actions
    st = scenario(["human", "narn"], ratings=[9, 5])
    g = add_card(st, 0, "fx-garibaldi", "play")
    both = F.card("fx-both", "Patronage", "group", "neutral", 1,
                  mechanics=[{"kind": "static", "modify": {"sponsor_discount": 1, "promote_discount": 1}}])
    add_card(st, 0, "fx-both", "play", defs={"fx-both": both})
    assert actions.promote_cost(st, 0, g) == 4 + 1 - 1
    rep = F.card("fx-rep", "New Order", "agenda", "neutral", 1, limited=False,
                 mechanics=[{"kind": "agenda", "replaces_major": True}])
    ag = add_card(st, 0, "fx-major", "play")
    st["seats"][0]["agenda"] = ag
    r = add_card(st, 0, "fx-rep", "hand", defs={"fx-rep": rep})
    st = until(st, "act", 0)
    from rules.babylon5.game import GAME
    assert {"type": "sponsor", "card": r, "by": ambassador(st, 0)} in GAME.legal_actions(st, 0)
    assert conflicts  # module used by the trigger test


def test_a_discount_restricted_by_type_and_race_applies_only_to_matching_cards():
    from rules.babylon5 import actions
    yard = F.card("fx-yard", "Shipyard", "location", "narn", 2, military=1, mechanics=[
        {"kind": "static", "modify": {"sponsor_discount": 2}, "who": {"type": "fleet", "race": "narn"}}])
    st = scenario(["narn", "human"], ratings=[9, 5], hands={0: ["fx-narn-fleet", "fx-warleader"]},
                  extra={"fx-yard": yard})
    add_card(st, 0, "fx-yard", "play", defs={"fx-yard": yard})
    fleet, leader = st["seats"][0]["hand"]
    assert actions.sponsor_cost(st, 0, fleet) == 1 and actions.sponsor_cost(st, 0, leader) == 3
