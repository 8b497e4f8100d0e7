""""Obstacles cost power +1 to play until the end of the current mission": an effect that
changes what cards cost to play for a while is a rule about playing cards (P90, Gairwyn,
Discredit Leak, Invasion Reconnaissance), read wherever the cost is read — not a change to
the obstacles already in play. Every card is played through the reducer."""
from rules.stargate import stats
from rules.stargate.game import GAME

from .fixtures import (COMBAT_MISSIONS, GEAR, JASON4, MISSIONS, TEALC, VILLAIN_OBSTACLE, find, pass_, put_in_play,
                       real, start, table, team_of, to_deciding_to_continue, to_hand)
from .helpers import act, check_invariants

COMBAT = COMBAT_MISSIONS + MISSIONS[:5]


def _obstacle_plays(state, seat=1):
    return [a for a in GAME.legal_actions(state, seat) if a["type"] == "play"]


def _table(hero_play=(), hero_hand=(), missions0=None):
    state = table(deck0=list(hero_play) + list(hero_hand) + [GEAR] * 10, deck1=[VILLAIN_OBSTACLE] * 14,
                  missions0=missions0 or COMBAT, begin=False)
    played = [put_in_play(state, 0, g) for g in hero_play]
    held = [to_hand(state, 0, g) for g in hero_hand]
    return start(state, stop=JASON4), played, held


def test_p90_makes_obstacles_cost_one_more_until_the_end_of_the_mission():
    state, (p90,), _ = _table(hero_play=[real("P90")])
    obs = state["seats"][1]["hand"][0]
    state = act(state, {"type": "activate", "card": p90, "ability": 0})
    state = act(state, {"type": "choose", "card": team_of(state, 0, TEALC)})
    assert stats.play_cost(state, obs) == 2
    state["seats"][1]["power"] = 1
    assert _obstacle_plays(state) == []  # 2 power needed
    state["seats"][1]["power"] = 2
    state = act(state, {"type": "play", "card": obs})
    assert state["seats"][1]["power"] == 0 and state["cards"][obs]["zone"] == "mission"
    # a card drawn later is a card played while the rule lasts too
    drawn = next(i for i in find(state, VILLAIN_OBSTACLE, 1, "deck"))
    assert stats.play_cost(state, drawn) == 2
    state["seats"][0]["power"] = 5
    state = to_deciding_to_continue(state)
    assert stats.play_cost(state, state["seats"][1]["hand"][0]) == 1  # the mission ended
    check_invariants(state)


def test_gairwyn_when_played_makes_obstacles_cost_one_more():
    state, _, (gairwyn,) = _table(hero_hand=[real("Gairwyn")])
    obs = state["seats"][1]["hand"][0]
    state["seats"][0]["power"] = 5
    state = act(state, {"type": "play", "card": gairwyn})
    assert stats.play_cost(state, obs) == 2
    state["seats"][1]["power"] = 1
    assert _obstacle_plays(state) == []
    check_invariants(state)


def test_discredit_leak_failure_makes_obstacles_cost_one_less_for_the_rest_of_the_turn():
    leak = real("Discredit Leak")  # Science 4: nobody assigned, it fails
    state, _, _ = _table(missions0=[leak] + COMBAT)
    state["seats"][0]["power"] = 5
    state = to_deciding_to_continue(state)
    assert state["seats"][0]["failed"] and stats.play_cost(state, state["seats"][1]["hand"][0]) == 0
    pile = state["seats"][0]["mission_pile"]  # arrange: a Combat mission comes next
    pile.insert(0, pile.pop(pile.index(find(state, COMBAT_MISSIONS[0], 0, "mission_pile")[0])))
    state = act(state, {"type": "continue", "yes": True})
    state = pass_(state)
    state["seats"][1]["power"] = 0
    obs = state["seats"][1]["hand"][0]
    assert {"type": "play", "card": obs} in _obstacle_plays(state)  # costs 0 now
    state = act(state, {"type": "play", "card": obs})
    assert state["seats"][1]["power"] == 0
    check_invariants(state)


def test_invasion_reconnaissance_success_makes_obstacles_cost_one_more_for_the_rest_of_the_turn():
    inv = real("Invasion Reconnaissance")  # Combat 4
    state, _, _ = _table(missions0=[inv] + COMBAT)
    for c in ("fx-tealc", "fx-raknor"):  # 3 + 2 Combat
        state = act(state, {"type": "assign", "card": team_of(state, 0, c)})
        state = pass_(state)
    state["seats"][0]["power"] = 5
    for _ in range(60):
        if state["pending"]["kind"] in ("continue", "earn_glyph"):
            break
        seat = GAME.deciding_seats(state)[0]
        state = act(state, {"type": "pass"} if state["pending"]["kind"] == "act" else GAME.legal_actions(state, seat)[0])
    assert state["mission"]["result"] == "success"
    assert stats.play_cost(state, state["seats"][1]["hand"][0]) == 2
