"""Triggered effects, activated abilities, "can't", withdraw and dominion."""
from rules.stargate.game import GAME
from rules.stargate.triggers import EVENT_SIDE, fire

from .fixtures import COMBAT_MISSIONS, FIX, GEAR, JASON4, MISSIONS, _card, add, pass_, put_in_play, real, start, table, to_hand
from .helpers import act

GAIN_ON_DEBRIEF = add(_card("fx-gain", "Power Gear", "gear", cost=0, mechanics=[
    {"kind": "trigger", "on": "power_phase_end", "who": {"side": "you"}, "optional": False,
     "effects": [{"gain_power": {"amount": 1, "who": "you"}}]}]))
DRAW_ON_DEBRIEF = add(_card("fx-draw", "Draw Gear", "gear", cost=0, mechanics=[
    {"kind": "trigger", "on": "power_phase_end", "who": {"side": "you"}, "optional": False,
     "effects": [{"lose_power": {"amount": 1, "who": "opponent"}}]}]))
NO_GEAR_MISSION = add(_card("fx-nogear", "No Gear Mission", "mission", allegiance="mission", skills={"combat": 3},
                            experience=1, glyph="orion", mechanics=[{"kind": "cant", "action": "play", "who": {"type": "gear"}}]))
WITHDRAW = real("Advanced Technology")


def test_triggered_effects_several_at_once_are_ordered_by_the_hero_player():
    state = table(deck0=[GAIN_ON_DEBRIEF, DRAW_ON_DEBRIEF] + [GEAR] * 10, begin=False)
    put_in_play(state, 0, GAIN_ON_DEBRIEF)
    put_in_play(state, 0, DRAW_ON_DEBRIEF)
    state = start(state, stop=JASON4)
    assert state["pending"]["kind"] == "order_triggers"
    state = act(state, {"type": "order", "index": 1})
    # Both fired at the end of Jason's power phase and both resolved, in his order
    assert state["pending"]["kind"] == "act"
    assert state["seats"][0]["power"] == 4 and state["seats"][1]["power"] == 2


def test_triggered_effects_order_is_a_pending_decision_of_the_hero():
    state = table(deck0=[GAIN_ON_DEBRIEF, DRAW_ON_DEBRIEF] + [GEAR] * 10, begin=False)
    put_in_play(state, 0, GAIN_ON_DEBRIEF)
    put_in_play(state, 0, DRAW_ON_DEBRIEF)
    while state["pending"]["kind"] != "act":
        if state["pending"]["kind"] == "order_triggers":
            assert state["pending"]["seat"] == state["turn"]["hero"]
            assert len(state["pending"]["options"]) == 2
            return
        state = act(state, state["pending"]["options"][-1] if state["pending"]["kind"] != "mulligan"
                    else {"type": "mulligan", "yes": False})
    raise AssertionError("no ordering decision")


def test_cant_beats_can_a_mission_that_forbids_gear():
    state = table(missions0=[NO_GEAR_MISSION] + MISSIONS[1:], begin=False)
    pile = state["seats"][0]["mission_pile"]
    m = next(i for i in pile if state["cards"][i]["guid"] == NO_GEAR_MISSION)
    pile.remove(m)
    pile.insert(0, m)
    gear = to_hand(state, 0, GEAR)
    state = start(state, stop=JASON4)
    assert {"type": "play", "card": gear} not in GAME.legal_actions(state, 0)


def test_withdraw_destroy_this_obstacle_gain_power():
    state = table(deck1=[WITHDRAW] * 2 + [GEAR] * 10, missions0=[m for m in MISSIONS if FIX[m]["skills"].get("science")] * 3)
    obs = to_hand(state, 1, WITHDRAW)
    state = pass_(state)
    state = act(state, {"type": "play", "card": obs})
    power = state["seats"][1]["power"]
    state = pass_(state)
    act_ = next(a for a in GAME.legal_actions(state, 1) if a["type"] == "activate" and a["card"] == obs)
    state = act(state, act_)
    assert state["cards"][obs]["zone"] == "discard" and state["seats"][1]["power"] == power + 2


PROTECTOR = add(_card("fx-protect", "Protector", "gear", cost=0, mechanics=[
    {"kind": "replace", "event": "destroyed", "who": {"type": "gear", "other": True}, "instead": [{"stop": {"ref": "affected"}}]}]))
GLYPH_MOVER = add(_card("fx-mover", "Glyph Mover", "event", cost=0, mechanics=[
    {"kind": "trigger", "on": "play_self", "optional": False, "effects": [{"move_glyph": {
        "from": {"choose": {"has_glyph": True, "type": "character"}, "chooser": "you", "count": 1},
        "to": {"choose": {"other_than": "from", "type": "character"}, "chooser": "you", "count": 1}}}]}]))


def test_replace_would_be_destroyed_stop_instead():
    from rules.stargate.replacements import destroy
    state = table(deck0=[PROTECTOR, GEAR] + [GEAR] * 10, begin=False)
    put_in_play(state, 0, PROTECTOR)
    gear = put_in_play(state, 0, GEAR)
    state = start(state, stop=JASON4)
    assert destroy(state, gear, by=1) is False
    from rules.stargate.flow import advance
    state["pending"] = None
    advance(state)
    assert state["cards"][gear]["zone"] == "play" and state["cards"][gear]["state"] == "stopped"


def test_move_glyph_from_one_character_to_another():
    from .fixtures import give_glyph, team_of, TEALC, RAKNOR
    state = table(deck0=[GLYPH_MOVER] * 2 + [GEAR] * 10, begin=False)
    tealc, raknor = team_of(state, 0, TEALC), team_of(state, 0, RAKNOR)
    g = give_glyph(state, tealc, MISSIONS[3])
    ev = to_hand(state, 0, GLYPH_MOVER)
    state = start(state, stop=JASON4)
    state = act(state, {"type": "play", "card": ev})
    assert {o["card"] for o in state["pending"]["options"]} == {tealc}
    state = act(state, {"type": "choose", "card": tealc})
    assert tealc not in {o["card"] for o in state["pending"]["options"]}
    state = act(state, {"type": "choose", "card": raknor})
    assert state["cards"][raknor]["glyphs"] == [g] and state["cards"][tealc]["glyphs"] == []


# ------------------------------------------------- "your opponent" / "you" in an event's name
GAIN = [{"gain_power": {"amount": 1, "who": "you"}}]
SPITEFUL = add(_card("fx-spite", "Spiteful Lurker", "adversary", allegiance="villain", cost=1, skills={"combat": 1},
                     revive=1, mechanics=[{"kind": "trigger", "on": "opponent_plays_complication", "optional": False,
                                           "effects": GAIN}]))


def test_each_time_your_opponent_plays_a_complication_does_not_fire_for_your_own():
    """A villain's "each time your opponent plays a complication" (no ``who``) stays silent when
    he plays one himself; the hero's mission with the same words (Escort IOA
    Representatives: "stop a character") goes off for the same complication."""
    escort = real("Escort IOA Representatives")
    state = table(deck1=[SPITEFUL] + [GEAR] * 12, missions0=[escort] + COMBAT_MISSIONS + MISSIONS[:4], begin=False)
    put_in_play(state, 1, SPITEFUL)
    state = start(state, stop=JASON4)
    state = pass_(state)
    state["seats"][1]["power"] = 3
    state = act(state, {"type": "complication", "card": state["seats"][1]["hand"][0]}, 1)
    # only the mission's trigger: the hero chooses a character to stop
    assert state["pending"]["kind"] == "choose_card" and state["pending"]["seat"] == 0
    state = act(state, state["pending"]["options"][0])
    assert state["seats"][1]["power"] == 3 - 1  # paid 1, gained nothing


EVERY_SIDED_EVENT = add(_card("fx-sided", "Sided Listener", "gear", allegiance="mission", cost=0, mechanics=[
    {"kind": "trigger", "on": on, "optional": False, "effects": GAIN} for on in sorted(EVENT_SIDE)]))


def test_a_trigger_without_a_side_listens_to_the_player_its_event_names():
    """A card whose text is used on both players' turns (a neutral fixture) with a trigger on
    every event that names a player and no ``who``: "you" events fire only for its controller,
    "your opponent" events only for the other player."""
    state = table(deck0=[EVERY_SIDED_EVENT] + [GEAR] * 10, begin=False)
    put_in_play(state, 0, EVERY_SIDED_EVENT)
    state = start(state, stop=JASON4)
    for event, side in EVENT_SIDE.items():
        for seat in (0, 1):
            state["trigger_queue"] = []
            fire(state, event, seat=seat)
            mine = seat == 0
            assert len(state["trigger_queue"]) == (1 if mine == (side == "you") else 0), (event, seat)
