"""One test per rule of the turn sequence, named after the rule."""
import pytest

from rules.errors import IllegalAction, NotYourDecision
from rules.stargate import state as S
from rules.stargate import stats
from rules.stargate.game import GAME

from .fixtures import (ADVERSARY, COMBAT_MISSIONS, GEAR, HERO_SHIP, JASON3, JASON4, MISSIONS, OLAF, PAUL2, PAUL3,
                       PAUL4, PAUL5, RAKNOR, TEALC, VILLAIN_OBSTACLE, find, give_glyph, pass_, put_in_play, start,
                       table, team_of, to_hand)
from .helpers import act, check_invariants


# ----------------------------------------------------------------- starting a game
def test_starting_a_game_draw_eight_and_mulligan_first_player_first():
    state = table(begin=False)
    assert [len(s["hand"]) for s in state["seats"]] == [8, 8]
    state = act(state, state["pending"]["options"][0])
    assert state["pending"]["kind"] == "mulligan" and state["pending"]["seat"] == 0
    before = list(state["seats"][0]["hand"])
    state = act(state, {"type": "mulligan", "yes": True})
    assert len(state["seats"][0]["hand"]) == 8 and state["seats"][0]["hand"] != before
    assert state["pending"]["kind"] == "mulligan" and state["pending"]["seat"] == 1
    state = act(state, {"type": "mulligan", "yes": False})
    assert state["pending"]["kind"] == "act" and state["turn"]["hero"] == 0


def test_starting_a_game_tie_picks_the_first_player_at_random_from_the_seed():
    firsts = {table(team0=(PAUL2, PAUL3, PAUL4, PAUL5), seed=f"tie{k}", begin=False)["first_player"] for k in range(12)}
    assert firsts == {0, 1}


def test_starting_a_game_mission_pile_and_deck_are_shuffled():
    a = table(seed="one", begin=False)
    b = table(seed="two", begin=False)
    ga = [a["cards"][i]["guid"] for i in a["seats"][0]["mission_pile"]]
    gb = [b["cards"][i]["guid"] for i in b["seats"][0]["mission_pile"]]
    assert sorted(ga) == sorted(gb) and ga != gb


def test_card_instance_ids_do_not_reveal_card_identity():
    a = table(seed="one", begin=False)
    b = table(seed="two", begin=False)
    assert {i: c["guid"] for i, c in a["cards"].items()} != {i: c["guid"] for i, c in b["cards"].items()}


def test_three_or_more_players_victory_total_from_the_left_and_second_player_stops_his_own():
    from .fixtures import FIX
    seats = [{"team": list(t), "missions": MISSIONS, "deck": [GEAR] * 12}
             for t in ((TEALC, RAKNOR, JASON3, JASON4), (PAUL2, PAUL3, PAUL4, PAUL5), (PAUL2, PAUL2, PAUL2, PAUL2))]
    state = GAME.setup({"ruleset": "current", "seats": seats, "extra_cards": FIX}, "three")
    assert [stats.victory_total(state, s) for s in range(3)] == [14, 8, 13]
    assert state["first_player"] == 0
    assert state["pending"]["seat"] == 1 and state["pending"]["kind"] == "setup_stop"
    state = act(state, state["pending"]["options"][0])
    assert state["pending"]["seat"] == 1  # the second player stops one of his own
    assert all(state["cards"][o["card"]]["owner"] == 1 for o in state["pending"]["options"])
    state = act(state, state["pending"]["options"][0])
    for _ in range(3):
        state = act(state, {"type": "mulligan", "yes": False})
    # inactive players receive no power
    assert [s["power"] for s in state["seats"]] == [3, 3, 0]
    assert state["turn"]["villain"] == 1
    check_invariants(state)


# ----------------------------------------------------------------- power phase
def test_power_phase_unspent_power_is_lost():
    state = table()
    state["seats"][0]["power"] = 9
    state = pass_(state)
    state = pass_(state)
    state = act(state, {"type": "continue", "yes": False})
    assert [s["power"] for s in state["seats"]] == [3, 3]


# ----------------------------------------------------------------- performing actions
def test_performing_actions_strict_alternation_and_two_consecutive_passes_resolve():
    state = table()
    assert state["pending"]["seat"] == 0
    with pytest.raises(NotYourDecision):
        GAME.validate(state, 1, {"type": "pass"})
    state = pass_(state)
    assert state["pending"]["seat"] == 1
    tealc = team_of(state, 0, TEALC)
    state = pass_(state) if False else state
    state = act(state, {"type": "complication", "card": state["seats"][1]["hand"][0]})
    assert state["pending"]["seat"] == 0 and state["turn"]["passes"] == 0  # an action resets the passes
    state = act(state, {"type": "assign", "card": tealc})
    state = pass_(state)
    assert state["step"] == "actions"
    state = pass_(state)
    assert state["step"] != "actions"


def test_play_a_card_must_pay_its_cost():
    state = table()
    olaf = to_hand(state, 0, OLAF)
    state["seats"][0]["power"] = 2
    with pytest.raises(IllegalAction, match="costs 3 power"):
        GAME.validate(state, 0, {"type": "play", "card": olaf})


def test_play_an_obstacle_needs_a_rating_in_the_missions_skill():
    state = table(missions0=COMBAT_MISSIONS + MISSIONS[:5])
    from .fixtures import SCIENCE_OBSTACLE
    sci = to_hand(state, 1, SCIENCE_OBSTACLE) if find(state, SCIENCE_OBSTACLE, 1) else None
    obs = to_hand(state, 1, VILLAIN_OBSTACLE)
    state = pass_(state)
    legal = GAME.legal_actions(state, 1)
    assert {"type": "play", "card": obs} in legal
    assert sci is None or {"type": "play", "card": sci} not in legal


def test_revive_or_score_score_only_on_failure_and_revive_mills_the_revive_cost():
    state = table(deck1=[ADVERSARY] * 2 + [GEAR] * 20, missions0=COMBAT_MISSIONS + MISSIONS[:5])
    adv = put_in_play(state, 1, ADVERSARY)
    state = pass_(state)
    state = act(state, {"type": "assign", "card": adv})
    state = pass_(state)
    state = pass_(state)  # nobody assigned: failure
    assert state["pending"]["kind"] == "revive_or_score"
    choices = {o["choice"] for o in state["pending"]["options"]}
    assert choices == {"revive", "score", "destroy"}
    deck = len(state["seats"][1]["deck"])
    state = act(state, {"type": "adversary", "choice": "revive"})
    assert len(state["seats"][1]["deck"]) == deck - 2
    assert state["cards"][adv]["state"] == "stopped" and state["cards"][adv]["zone"] == "play"


def test_revive_or_score_scoring_puts_the_adversary_in_the_villain_score_pile():
    state = table(deck1=[ADVERSARY] * 2 + [GEAR] * 20, missions0=COMBAT_MISSIONS + MISSIONS[:5])
    adv = put_in_play(state, 1, ADVERSARY)
    state = pass_(state)
    state = act(state, {"type": "assign", "card": adv})
    state = pass_(state)
    state = pass_(state)
    state = act(state, {"type": "adversary", "choice": "score"})
    assert state["seats"][1]["score_pile"] == [adv] and stats.score_pile_cost(state, 1) == 3


def test_earn_a_glyph_failed_missions_go_to_the_bottom_in_the_heros_order():
    state = table(missions0=COMBAT_MISSIONS + MISSIONS[:5])
    state["seats"][0]["power"] = 10
    state = pass_(state)
    state = pass_(state)
    state = act(state, {"type": "continue", "yes": True})
    state = pass_(state)
    state = pass_(state)
    failed = list(state["seats"][0]["failed"])
    assert len(failed) == 2
    state = act(state, {"type": "continue", "yes": False})
    assert state["pending"]["kind"] == "order_failed"
    state = act(state, {"type": "order_failed", "card": failed[1]})
    assert state["seats"][0]["mission_pile"][-2:] == [failed[1], failed[0]]


def test_debrief_discard_down_to_eight():
    state = table()
    for _ in range(2):
        to_hand(state, 1, GEAR)
    assert len(state["seats"][1]["hand"]) == 10
    state = pass_(state)
    state = pass_(state)
    state = act(state, {"type": "continue", "yes": False})
    assert state["pending"]["kind"] == "discard_down" and state["pending"]["seat"] == 1
    state = act(state, state["pending"]["options"][0])
    state = act(state, state["pending"]["options"][0])
    assert len(state["seats"][1]["hand"]) == 8


def test_drawing_the_last_card_does_not_end_the_game():
    state = table(deck0=[GEAR] * 8)
    assert state["seats"][0]["deck"] == []
    state = pass_(state)
    state = pass_(state)
    state = act(state, {"type": "continue", "yes": False})
    assert state["outcome"] is None


# ----------------------------------------------------------------- winning the game
def test_winning_the_game_seven_glyphs():
    from rules.stargate import victory
    from .fixtures import ZERO_XP_MISSIONS
    state = table(missions0=ZERO_XP_MISSIONS + MISSIONS[:5], begin=False)
    team = state["seats"][0]["team"]
    for k in range(6):
        give_glyph(state, team[k % 4], ZERO_XP_MISSIONS[k])
    assert victory.check(state) is None
    give_glyph(state, team[0], ZERO_XP_MISSIONS[6])
    assert victory.check(state) == {"winners": [0], "reason": "seven glyphs"}


def test_winning_the_game_experience_reaches_the_victory_total():
    from rules.stargate import victory
    from .fixtures import BIG_XP_MISSION
    state = table(missions0=MISSIONS[:11] + [BIG_XP_MISSION], begin=False)
    team = state["seats"][0]["team"]
    for k in range(5):
        give_glyph(state, team[0], MISSIONS[k])   # 5 glyphs × 2 experience = 10 < 14
    assert victory.check(state) is None
    give_glyph(state, team[1], BIG_XP_MISSION)    # 14 with six glyphs
    assert victory.check(state) == {"winners": [0], "reason": "experience 14 reached the victory total 14"}


def test_winning_the_game_villain_score_pile_cost():
    from rules.stargate import victory
    state = table(deck1=[ADVERSARY] * 5 + [GEAR] * 10, begin=False)
    advs = find(state, ADVERSARY, 1)
    for iid in advs[:4]:
        S.move(state, iid, "score_pile")
    assert stats.score_pile_cost(state, 1) == 12 and victory.check(state) is None  # 12 < 13
    S.move(state, advs[4], "score_pile")
    assert victory.check(state) == {"winners": [1], "reason": "villain score pile cost 15 reached the victory total 13"}


# ----------------------------------------------------------------- rulesets
def test_first_edition_has_no_ships():
    state = table(deck0=[HERO_SHIP] * 3 + [GEAR] * 10, ruleset="first-edition", begin=False)
    ship = to_hand(state, 0, HERO_SHIP)
    state = start(state, stop=JASON4)
    state["seats"][0]["power"] = 9
    assert {"type": "play", "card": ship} not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="no ships"):
        GAME.validate(state, 0, {"type": "play", "card": ship})
    cur = table(deck0=[HERO_SHIP] * 3 + [GEAR] * 10, begin=False)
    ship = to_hand(cur, 0, HERO_SHIP)
    cur = start(cur, stop=JASON4)
    assert {"type": "play", "card": ship} in GAME.legal_actions(cur, 0)


def test_ship_battle_the_only_side_with_ships_achieves_victory():
    state = table(deck0=[HERO_SHIP] * 3 + [GEAR] * 10)
    ship = put_in_play(state, 0, HERO_SHIP)
    state = act(state, {"type": "assign", "card": ship})
    state = pass_(state)
    state = pass_(state)
    battle = [e for e in state["log"] if e["event"] == "ship_battle"]
    assert battle and battle[-1]["victor"] == 0


def test_build_config_refuses_a_bad_deck_listing_every_violation():
    from rules.errors import DeckInvalid
    with pytest.raises(DeckInvalid) as e:
        GAME.build_config("current", [{"deck": {"team": [], "missions": [], "deck": []}}, {"deck": "oneil"}])
    assert all(v["seat"] == 0 for v in e.value.details) and len(e.value.details) >= 2


def test_build_config_with_two_starters_and_setup():
    ids = [d["id"] for d in GAME.starter_decks()]
    cfg = GAME.build_config("first-edition", [{"deck": ids[0]}, {"deck": ids[1]}])
    state = GAME.setup(cfg, "x")
    assert state["ruleset"] == "first-edition" and GAME.deciding_seats(state)
