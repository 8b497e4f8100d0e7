"""Hidden information: a view never shows another seat's hand, any deck order, a face-down
conflict before it is revealed, a hidden agenda, a face-down contingency, another seat's
options or private log entries, or the RNG; redact_event hides the same cards in events."""
import json

from rules.babylon5 import state as S
from rules.babylon5.game import GAME
from rules.protocol import JUDGE

from . import fixtures as F
from .helpers import act, add_card, ambassador, check_view, scenario, until


def test_hands_decks_and_rng_are_hidden():
    st = GAME.setup(F.config(["human", "narn"]), "secret-seed")
    for _ in range(6):
        st = act(st, GAME.legal_actions(st, st["pending"]["seat"])[0])
    for viewer in (0, 1, "spectator"):
        v = GAME.view(st, viewer)
        text = json.dumps(v)
        assert "secret-seed" not in text and "rng" not in v
        for s in (0, 1):
            assert v["seats"][s]["deck"] is None and v["seats"][s]["deck_size"] == len(st["seats"][s]["deck"])
            if s != viewer:
                assert v["seats"][s]["hand"] is None and v["seats"][s]["hand_size"] == 3
        check_view(st, viewer)
    assert GAME.view(st, 0)["seats"][0]["hand"][0]["title"]
    judge = GAME.view(st, JUDGE)
    assert judge["rng"]["seed"].startswith("secret-seed") and judge["seats"][1]["deck"]


def test_opening_hand_choices_are_private():
    st = GAME.setup(F.config(["human", "narn"]), "s")
    st = act(st, GAME.legal_actions(st, 0)[0], 0)
    assert "options" in GAME.view(st, 0)["pending"] and "options" not in GAME.view(st, 1)["pending"]
    assert not [e for e in GAME.view(st, 1)["log"] if e["event"] == "opening_card"]
    assert [e for e in GAME.view(st, 0)["log"] if e["event"] == "opening_card"]


def test_face_down_conflict_is_hidden_until_revealed_and_redacted_in_events():
    st = scenario(["human", "narn"], ratings=[4, 5], hands={0: ["fx-dip"], 1: ["fx-raid"]})
    card = st["seats"][0]["hand"][0]
    before = json.loads(json.dumps(st))
    ev = {"seat": 0, "type": "action", "payload": {"type": "declare_conflict", "card": card}}
    assert GAME.redact_event(ev, 1, before)["payload"]["card"] is None
    assert GAME.redact_event(ev, 0, before)["payload"]["card"] == card
    assert GAME.redact_event(ev, JUDGE, before)["payload"]["card"] == card
    st = act(st, ev["payload"], 0)
    v1 = GAME.view(st, 1)
    assert v1["conflicts"] == [{"id": st["conflicts"][0]["id"], "initiator": 0, "face_down": True}]
    # shown without its id, so the id it had face up cannot be linked to it
    assert {"id": None, "controller": 0, "owner": 0, "face_down": True} in v1["seats"][0]["play"]
    assert card not in json.dumps(v1)
    assert "Trade Talks" not in json.dumps(v1)
    check_view(st, 1)
    st = act(st, {"type": "no_conflict"}, 1)
    assert GAME.view(st, 1)["conflicts"][0]["card"]["title"] == "Trade Talks"


def test_hidden_agenda_and_face_down_contingency_are_seen_only_by_their_player():
    st = scenario(["human", "narn"], ratings=[9, 9], hands={1: ["fx-agenda", "fx-vicious"]})
    st = until(st, "act", 1)
    ag, vic = st["seats"][1]["hand"]
    ev = {"type": "sponsor", "card": ag, "by": ambassador(st, 1), "hidden": True}
    assert GAME.redact_event({"seat": 1, "type": "action", "payload": ev}, 0, st)["payload"]["card"] is None
    st = act(st, ev, 1)
    st = act(st, {"type": "pass"}, 0)
    st = act(st, {"type": "play_contingency", "card": vic}, 1)
    assert "options" not in GAME.view(st, 0)["pending"]
    st = act(st, {"type": "choose", "target": ambassador(st, 1)}, 1)
    for viewer in (0, "spectator"):
        text = json.dumps(GAME.view(st, viewer))
        assert "Knowledge Is Power" not in text and "Vicious Blow" not in text
        check_view(st, viewer)
    mine = json.dumps(GAME.view(st, 1))
    assert "Knowledge Is Power" in mine and "Vicious Blow" in mine


def test_contingency_prompt_does_not_name_the_card():
    st = scenario(["human", "narn"], ratings=[4, 5], hands={0: ["fx-kidnap", "fx-vicious"]})
    g = add_card(st, 0, "fx-garibaldi", "play")
    t = add_card(st, 1, "fx-trader", "play")
    st = act(st, {"type": "declare_conflict", "card": st["seats"][0]["hand"][0]}, 0)
    st = until(st, "name_target", 0)
    st = act(st, {"type": "name_target", "target": t}, 0)
    st = until(st, "act", 0)
    k = st["conflicts"][0]["id"]
    vic = st["seats"][0]["hand"][0]
    st = act(st, {"type": "play_contingency", "card": vic}, 0)
    st = act(st, {"type": "choose", "target": g}, 0)
    st = act(st, {"type": "oppose", "card": t, "conflict": k}, 1)
    st = act(st, {"type": "attack", "card": g}, 0)
    st = act(st, {"type": "choose", "target": t}, 0)
    assert st["pending"]["kind"] == "contingency"
    assert "Vicious" not in json.dumps(GAME.view(st, 1))
    st = act(st, {"type": "keep_hidden"}, 0)
    assert st["cards"][vic]["face_down"] and S.in_play(st, vic)


def test_other_seats_have_no_legal_actions_and_no_options():
    st = scenario(["human", "narn", "minbari"], ratings=[4, 5, 6])
    p = st["pending"]["seat"]
    for s in range(3):
        if s != p:
            assert GAME.legal_actions(st, s) == []
            assert "options" not in GAME.view(st, s)["pending"]


def test_a_contingency_whose_trigger_is_not_met_is_asked_about_too_but_can_only_stay_hidden():
    st = scenario(["human", "narn"], ratings=[4, 5], hands={0: ["fx-kidnap", "fx-vicious"]})
    g = add_card(st, 0, "fx-garibaldi", "play")
    n = add_card(st, 1, "fx-natoth", "play")
    t = add_card(st, 1, "fx-trader", "play")
    st = act(st, {"type": "declare_conflict", "card": st["seats"][0]["hand"][0]}, 0)
    st = until(st, "name_target", 0)
    st = act(st, {"type": "name_target", "target": t}, 0)
    st = until(st, "act", 0)
    k = st["conflicts"][0]["id"]
    st = act(st, {"type": "play_contingency", "card": st["seats"][0]["hand"][0]}, 0)
    st = act(st, {"type": "choose", "target": g}, 0)   # Vicious Blow: trigger "neutralized its opponent"
    st = act(st, {"type": "pass"}, 1)
    st = act(st, {"type": "support", "card": g, "conflict": k}, 0)
    st = act(st, {"type": "attack", "card": n}, 1)
    st = act(st, {"type": "choose", "target": g}, 1)     # Garibaldi is attacked: not the trigger
    assert st["pending"]["kind"] == "contingency" and st["pending"]["seat"] == 0
    assert GAME.legal_actions(st, 0) == [{"type": "keep_hidden"}]
    assert "Vicious" not in json.dumps(GAME.view(st, 1))
