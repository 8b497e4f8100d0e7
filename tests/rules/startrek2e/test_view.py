"""Hidden information: views never show an opponent's hand, any deck or dilemma-pile
order, the drawn or face-down chosen dilemmas, or the rng; redact_event hides choices."""
import json

from rules.protocol import JUDGE
from rules.startrek2e.game import GAME

from .helpers import act, check_view, mission, put, started, stash_order, turn_to


def _attempting():
    st = started("view")
    planet = mission(st, 0, "T-P1")
    for g in ("T-F1", "T-F2", "T-F3", "T-F4"):
        put(st, 0, g, "pile", planet)
    st = turn_to(st, 0, "orders")
    return act(st, {"type": "attempt", "mission": planet})


def test_views_never_show_an_opponents_hand_decks_or_the_rng():
    st = started("v1")
    for viewer in (0, 1, "spectator"):
        v = GAME.view(st, viewer)
        assert "rng" not in v
        for s in (0, 1):
            assert v["seats"][s]["deck"] is None and v["seats"][s]["dilemma_pile"] is None
            if s != viewer:
                assert v["seats"][s]["hand"] is None and v["seats"][s]["hand_size"] == 7
        check_view(st, viewer)
    judge = GAME.view(st, JUDGE)
    assert judge["rng"] and judge["seats"][0]["deck"] and judge["seats"][1]["hand"]


def test_drawn_dilemmas_are_seen_only_by_the_chooser():
    st = _attempting()
    assert st["pending"]["kind"] == "choose_dilemma"
    v0, v1 = GAME.view(st, 0), GAME.view(st, 1)
    assert v0["seats"][1]["dilemmas_drawn"] is None and v0["seats"][1]["dilemmas_drawn_count"] == 4
    assert len(v1["seats"][1]["dilemmas_drawn"]) == 4
    assert "options" not in v0["pending"] and v1["pending"]["options"]
    drawn = st["seats"][1]["drawn"]
    assert not any(i in json.dumps(v0) for i in drawn if f'"{i}"' in json.dumps(v0))
    check_view(st, 0)


def test_face_down_chosen_dilemmas_and_their_order_are_hidden_from_the_attempting_player():
    st = _attempting()
    pick = next(o for o in st["pending"]["options"] if o["card"])
    event = {"seat": 1, "type": "action", "payload": pick}
    before = json.loads(json.dumps(st))
    assert GAME.redact_event(event, 0, before)["payload"]["card"] is None  # the one placeholder: null
    assert GAME.redact_event(event, 1, before) == event
    assert GAME.redact_event(event, JUDGE, before) == event
    st = act(st, pick)
    v0 = GAME.view(st, 0)
    assert v0["seats"][1]["dilemmas_chosen"] is None and v0["seats"][1]["dilemmas_chosen_count"] == 1
    check_view(st, 0)


def test_the_view_is_json_and_shows_the_table():
    st = started("v2")
    put(st, 0, "T-F1", "pile", mission(st, 0, "T-HQF"))
    v = GAME.view(st, 1)
    json.dumps(v)
    hq = v["seats"][0]["missions"][0]
    assert hq["pile"][0]["title"] == "Picard" and hq["pile"][0]["skills"]["Diplomacy"] == 2


def test_the_cost_of_the_chosen_dilemmas_is_seen_only_by_the_chooser():
    st = _attempting()
    pick = next(o for o in st["pending"]["options"] if o["card"])
    st = act(st, pick)
    if st["pending"] and st["pending"]["kind"] == "choose_dilemma":
        v0, v1 = GAME.view(st, 0), GAME.view(st, 1)
        assert "detail" not in v0["pending"] and "cost_chosen" not in v0["attempt"]
        assert v1["pending"]["detail"]["cost_left"] == v1["attempt"]["budget"] - v1["attempt"]["cost_chosen"]
        assert "cost" not in v0["pending"]["prompt"]


def _responder(seed: str, hand_guids: tuple):
    """Seat 0's personnel in play has "When you begin a mission attempt, you may discard a
    personnel from hand to draw two cards" (a cost from hand with a filter); seat 0's hand
    holds exactly ``hand_guids``; seat 0 then begins an attempt."""
    from rules.startrek2e import state as S

    from . import fixtures as FX
    from .helpers import add_card
    card = FX.personnel("X-RESP", "Quartermaster", "federation", {"Diplomacy": 1, "Anthropology": 1}, mechanics=[
        {"kind": "trigger", "on": "attempt_begins", "optional": True,
         "cost": [{"discard": {"count": 1, "from": "hand", "filter": {"type": "personnel"}}}],
         "effects": [{"draw": {"count": 2}}]}])
    st = started(seed, extra=add_card({}, card))
    planet = mission(st, 0, "T-P1")
    for g in ("T-F1", "T-F7"):
        put(st, 0, g, "pile", planet)
    q = next(i for i in st["seats"][0]["deck"] + st["seats"][0]["hand"] if st["cards"][i]["guid"] == "T-F6")
    st["cards"][q]["guid"] = "X-RESP"
    S.move(st, q, "pile", planet)
    st["cards"][q].update(commander=0, stopped=False)
    for i in list(st["seats"][0]["hand"]):
        S.move(st, i, "deck", 0)
    for g in hand_guids:
        S.move(st, next(i for i in st["seats"][0]["deck"] if st["cards"][i]["guid"] == g), "hand", 0)
    st = turn_to(st, 0, "orders")
    return act(st, {"type": "attempt", "mission": planet}), q


def test_a_response_paid_with_a_filtered_discard_does_not_show_whether_the_hand_can_pay():
    """With a personnel in hand he may respond; with only an event in hand he is asked all
    the same (only "pass"); the opponent's view of both decisions is the same. With an empty
    hand (public) he is not asked."""
    st, q = _responder("filtered-yes", ("T-F2", "T-EV2"))
    assert st["pending"]["kind"] == "respond" and st["pending"]["seat"] == 0
    assert {"type": "respond", "card": q, "ability": 0} in st["pending"]["options"]
    seen_yes = GAME.view(st, 1)["pending"]
    st2, q2 = _responder("filtered-no", ("T-EV2", "T-I2"))
    assert st2["pending"]["kind"] == "respond" and st2["pending"]["options"] == [{"type": "pass"}]
    assert GAME.view(st2, 1)["pending"] == seen_yes
    check_view(st2, 1)
    st2 = act(st2, {"type": "pass"})
    assert st2["pending"]["kind"] != "respond" or st2["pending"]["seat"] != 0
    st3, q3 = _responder("filtered-empty", ())
    assert not (st3["pending"]["kind"] == "respond" and st3["pending"]["seat"] == 0)


def test_a_card_placed_face_down_on_an_event_is_hidden_from_the_other_seats():
    """Cards on an event (effects/on_event.py): one placed face down from a hand shows to the other
    seats and spectators only as ``{"id": null, "face_down": true}`` — in the view, the log and the
    event stream; its owner and the judge see it (the real cards: test_cards_on_events.py, Storage
    Compartment and Bleeding to Death)."""
    import re
    from rules.startrek2e.view import redact_event
    st, stash, card = stash_order("view-stash")
    before = json.loads(json.dumps(st))
    event = {"seat": 0, "type": "action", "payload": {"type": "choose", "card": card}}
    st = act(st, {"type": "choose", "card": card})
    ids = re.compile(r'"(c[0-9]+)"')
    for viewer in (1, "spectator"):
        assert card not in ids.findall(json.dumps(GAME.view(st, viewer)))
        assert card not in ids.findall(json.dumps(redact_event(event, viewer, before)))
        check_view(st, viewer)
    placed = next(e for e in GAME.view(st, 1)["seats"][0]["core"] if e["id"] == stash)["placed"]
    assert placed == [{"id": None, "face_down": True, "owner": 0}]
    for viewer in (0, JUDGE):
        assert card in ids.findall(json.dumps(GAME.view(st, viewer)))
