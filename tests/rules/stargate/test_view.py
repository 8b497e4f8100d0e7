"""view / redact_event: never an opponent's hand, any pile order, a face-down
complication's identity (to anyone but its owner) or the RNG."""
import json

from rules.protocol import JUDGE, SPECTATOR
from rules.stargate.game import GAME

from .fixtures import pass_, table
from .helpers import act, check_invariants


def test_view_hides_the_opponents_hand_and_every_pile_order():
    state = table()
    v = GAME.view(state, 0)
    assert v["seats"][0]["hand"] and v["seats"][1]["hand"] is None
    assert v["seats"][1]["hand_size"] == 8
    assert v["seats"][0]["deck"] is None and v["seats"][0]["mission_pile"] is None
    assert "rng" not in v
    s = GAME.view(state, SPECTATOR)
    assert s["seats"][0]["hand"] is None and s["seats"][1]["hand"] is None
    j = GAME.view(state, JUDGE)
    assert j["seats"][1]["hand"] and j["seats"][0]["deck"] is not None and "rng" in j
    json.dumps(j)
    check_invariants(state)


def test_view_face_down_complication_identity_only_for_its_owner():
    state = table()
    state = pass_(state)
    card = state["seats"][1]["hand"][0]
    state = act(state, {"type": "complication", "card": card})
    hero = GAME.view(state, 0)["mission"]["cards"]
    owner = GAME.view(state, 1)["mission"]["cards"]
    # shown without its id, so the id it had face up cannot be linked to it
    assert hero == [{"id": None, "owner": 1, "face_down": True}]
    assert card not in json.dumps(GAME.view(state, 0))
    assert owner[0]["guid"] == state["cards"][card]["guid"]


def test_redact_event_hides_which_card_became_a_complication():
    state = table()
    state = pass_(state)
    event = {"seat": 1, "type": "action", "payload": {"type": "complication", "card": state["seats"][1]["hand"][0]}}
    assert GAME.redact_event(event, 0, state)["payload"] == {"type": "complication", "card": None}
    assert GAME.redact_event(event, SPECTATOR, state)["payload"]["card"] is None
    assert GAME.redact_event(event, 1, state) == event
    assert GAME.redact_event(event, JUDGE, state) == event


def test_pending_options_are_shown_only_to_the_deciding_seat():
    state = table()
    assert "options" in GAME.view(state, 0)["pending"]
    assert "options" not in GAME.view(state, 1)["pending"]
