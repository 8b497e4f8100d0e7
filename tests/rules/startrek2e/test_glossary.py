"""A test per rule of "Other Important Rules" and per glossary entry, named after it."""
from rules.startrek2e import flow
from rules.startrek2e import glossary as G
from rules.startrek2e import state as S
from rules.startrek2e import stats as ST
from rules.startrek2e.effects import filters as F

from . import fixtures as FX
from .helpers import act, add_card, find, mission, options, put, started, turn_to
from rules.startrek2e.effects import frames as FR


def _run(st, effects, source, you=0, **ctx):
    FR.push(st, effects, F.ctx_for(st, source, you=you, **ctx))
    st["pending"] = None
    return flow.advance(st)


def test_command_and_owner_you_command_cards_in_play_not_in_hand_deck_or_discard():
    st = started("cmd")
    picard = put(st, 0, "T-F1", "pile", mission(st, 0, "T-HQF"))
    assert S.commander(st, picard) == 0
    in_hand = st["seats"][0]["hand"][0]
    assert S.commander(st, in_hand) is None and st["cards"][in_hand]["owner"] == 0


def test_destroy_discard_kill_go_to_the_owners_discard_pile():
    st = started("ddk")
    picard = put(st, 0, "T-F1", "pile", mission(st, 0, "T-HQF"))
    G.kill(st, picard)
    assert st["cards"][picard]["zone"] == "discard" and st["cards"][picard]["in"] == 0
    ev = put(st, 0, "T-EV1", "core", 0)
    G.destroy(st, ev)
    assert ev in st["seats"][0]["discard"]


def test_out_of_play_is_not_the_discard_pile():
    st = started("oop")
    picard = put(st, 0, "T-F1", "pile", mission(st, 0, "T-HQF"))
    G.remove_from_game(st, picard)
    assert picard in st["seats"][0]["out"]


def test_whenever_a_card_leaves_play_cards_played_on_it_are_discarded_dilemmas_return_to_the_pile():
    st = started("leave")
    ship = put(st, 1, "T-SK", "ships", mission(st, 1, "T-S1"))
    crew = put(st, 1, "T-K1", "aboard", ship)
    d = st["seats"][0]["dilemmas"][0]
    G.place_damage(st, d, ship)
    G.destroy(st, ship)
    assert st["cards"][crew]["zone"] == "discard" and st["cards"][d]["zone"] == "dilemmas"
    assert st["seats"][0]["dilemmas"][-1] == d


def test_download_takes_the_named_card_shows_it_and_shuffles_the_deck():
    extra = add_card({}, FX.personnel("X-DL", "Gowron", "klingon", {"Leadership": 1, "Honor": 1}, mechanics=[
        {"kind": "trigger", "on": "play_self", "optional": True, "effects": [
            {"download": {"filter": {"affiliation": "klingon", "skill": "Honor", "type": "personnel"}}}]}]))
    st = turn_to(started("dl", extra=extra), 1, "play")
    g = find(st, 1, "T-K2")
    st["cards"][g]["guid"] = "X-DL"
    S.move(st, g, "hand", 1)
    st["pending"] = None
    st = flow.advance(st)
    st = act(st, {"type": "play", "card": g, "at": mission(st, 1, "T-HQK")})
    assert st["pending"]["kind"] == "respond"
    st = act(st, {"type": "respond", "card": g, "ability": 0})
    picks = [o["card"] for o in options(st) if o["card"]]
    assert picks and all(ST.value(st, c, "Honor") >= 1 for c in picks)
    assert len({st["cards"][c]["guid"] for c in picks}) == len(picks)  # one per card, small list
    deck_before = list(st["seats"][1]["deck"])
    st = act(st, {"type": "choose", "card": picks[0]})
    assert picks[0] in st["seats"][1]["hand"]
    assert any(e["event"] == "downloaded" and e["card"] == picks[0] for e in st["log"])
    assert sorted(st["seats"][1]["deck"]) == sorted(i for i in deck_before if i != picks[0])


def test_download_finding_nothing_has_no_penalty():
    st = started("dl0")
    src = mission(st, 0, "T-HQF")
    st = _run(st, [{"download": {"title": "No Such Card"}}], src)
    assert st["pending"]["kind"] == "play"


def test_when_responses_the_current_player_first_then_left_each_text_once_per_trigger():
    extra = add_card({}, FX.card("X-W", "Witness", "interrupt", cost=0, mechanics=[
        {"kind": "interrupt", "when": "personnel_killed", "effects": [{"draw": {"count": 1}}]}]))
    st = started("when", extra=extra)
    for seat, g in ((0, "T-I2"), (1, "T-I2"), (1, "T-I1")):
        c = find(st, seat, g)
        st["cards"][c]["guid"] = "X-W"
        S.move(st, c, "hand", seat)
    st = turn_to(st, 1, "orders")
    victim = put(st, 0, "T-F1", "pile", mission(st, 0, "T-HQF"))
    G.kill(st, victim)
    st["pending"] = None
    st = flow.advance(st)
    assert st["pending"]["kind"] == "respond" and st["pending"]["seat"] == 1  # the current player first
    both = [o for o in options(st, "respond")]
    assert len(both) == 2  # several copies may respond to one action
    st = act(st, both[0])
    st = act(st, [o for o in options(st, "respond")][0])
    assert [o for o in options(st)] == [{"type": "pass"}] or st["pending"]["seat"] == 0
    if st["pending"]["seat"] == 1:
        st = act(st, {"type": "pass"})
    assert st["pending"]["seat"] == 0  # then the player on his left
    st = act(st, {"type": "pass"})
    assert st["pending"]["kind"] == "orders"


def test_while_text_works_only_while_its_condition_holds():
    extra = add_card({}, FX.personnel("X-WH", "Linguist", "federation", {"Diplomacy": 1}, mechanics=[
        {"kind": "static", "modify": {"stat": "Anthropology", "amount": 1, "who": {"self": True}},
         "while": {"facing_dilemma": True}}]))
    st = started("while", extra=extra)
    c = find(st, 0, "T-F6")
    st["cards"][c]["guid"] = "X-WH"
    put(st, 0, "X-WH", "pile", mission(st, 0, "T-P1"))
    assert "Anthropology" not in ST.skills(st, c)
    st["attempt"] = {"seat": 0, "mission": mission(st, 0, "T-P1"), "ship": None, "personnel": [c], "dilemma_owner": 1,
                     "budget": 1, "spent": 0, "current": st["seats"][1]["dilemmas"][0], "resolving": True}
    assert ST.skills(st, c)["Anthropology"] == 1


def test_requirements_are_checked_before_costs():
    extra = add_card({}, FX.card("X-REQ", "Briefing", "event", cost=1, mechanics=[
        {"kind": "play_requirement", "requires": {"command": {"skill": "Anthropology", "type": "personnel"}}},
        {"kind": "event", "destroy_after": True, "effects": [{"draw": {"count": 1}}]}]))
    st = turn_to(started("req", extra=extra), 0, "play")
    c = find(st, 0, "T-EV4")
    st["cards"][c]["guid"] = "X-REQ"
    S.move(st, c, "hand", 0)
    st["pending"] = None
    st = flow.advance(st)
    assert not [o for o in options(st, "play") if o["card"] == c]
    troi = put(st, 0, "T-F7", "pile", mission(st, 0, "T-HQF"))
    st["pending"] = None
    st = flow.advance(st)
    assert [o for o in options(st, "play") if o["card"] == c]
    st["cards"][troi]["stopped"] = True  # a stopped personnel does not count for "you command"
    st["pending"] = None
    st = flow.advance(st)
    assert not [o for o in options(st, "play") if o["card"] == c]


def test_present_cards_aboard_a_ship_are_not_present_with_cards_on_the_planet():
    st = started("present")
    planet = mission(st, 0, "T-P1")
    ship = put(st, 0, "T-SF2", "ships", planet)
    a = put(st, 0, "T-F1", "pile", planet)
    b = put(st, 0, "T-F2", "pile", planet)
    c = put(st, 0, "T-F3", "aboard", ship)
    d = put(st, 0, "T-F4", "aboard", ship)
    assert S.present(st, a, b) and S.present(st, c, d)
    assert not S.present(st, a, c)


def test_modifiers_never_below_zero():
    st = started("mods")
    p = put(st, 0, "T-F6", "pile", mission(st, 0, "T-HQF"))
    st["mods"].append({"card": p, "stat": "cunning", "amount": -20, "until": "end_of_turn"})
    st["mods"].append({"card": p, "stat": "Navigation", "amount": -3, "until": "end_of_turn"})
    assert ST.value(st, p, "cunning") == 0 and "Navigation" not in ST.skills(st, p)


def test_selections_random_selection_comes_from_the_seed():
    picks = []
    for _ in range(2):
        st = started("rand")
        planet = mission(st, 0, "T-P1")
        team = [put(st, 0, g, "pile", planet) for g in ("T-F1", "T-F2", "T-F3", "T-F4")]
        st["attempt"] = {"seat": 0, "mission": planet, "ship": None, "personnel": team, "dilemma_owner": 1,
                         "budget": 1, "spent": 0, "current": None, "resolving": False}
        st = _run(st, [{"stop": {"random": {}, "count": 1}}], st["seats"][1]["dilemmas"][0], you=0, dilemma=True)
        picks.append([i for i in team if st["cards"][i]["stopped"]])
    assert picks[0] == picks[1] and len(picks[0]) == 1


def test_selections_the_chooser_picks_among_ties():
    st = started("ties")
    planet = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", planet) for g in ("T-F2", "T-F3", "T-F4")]  # cunning 6, 6, 9
    st["attempt"] = {"seat": 0, "mission": planet, "ship": None, "personnel": team, "dilemma_owner": 1,
                     "budget": 1, "spent": 0, "current": None, "resolving": False}
    st = _run(st, [{"stop": {"choose": {"lowest": "cunning"}, "chooser": "opponent"}}],
              st["seats"][1]["dilemmas"][0], you=0, dilemma=True)
    assert st["pending"]["seat"] == 1
    assert sorted(o["card"] for o in options(st)) == sorted(team[:2])


def test_stopped_cards_text_does_not_work_and_equipment_is_never_stopped():
    st = started("stopped")
    hq = mission(st, 1, "T-HQK")
    envoy = put(st, 1, "T-K6", "pile", hq)
    ev = put(st, 1, "T-EV1", "core", 1)
    assert ST.value(st, envoy, "cunning") == 8
    kit = put(st, 1, "T-EQ1", "pile", hq)
    G.stop(st, kit)
    assert not st["cards"][kit]["stopped"]
    st["extra_cards"]["X-L"] = FX.personnel("X-L", "Mentor", "klingon", {"Leadership": 1}, mechanics=[
        {"kind": "static", "modify": {"stat": "cunning", "amount": 1, "who": {"present": True, "type": "personnel"}}}])
    m = find(st, 1, "T-K2")
    st["cards"][m]["guid"] = "X-L"
    put(st, 1, "X-L", "pile", hq)
    assert ST.value(st, envoy, "cunning") == 9
    G.stop(st, m)
    assert ST.value(st, envoy, "cunning") == 8
    assert ev


def test_combat_strength_totals_winner_and_attackers_stop():
    st = started("combat")
    planet = mission(st, 0, "T-P1")
    mine = [put(st, 0, g, "pile", planet) for g in ("T-F5", "T-F1")]  # strength 8 + 6
    theirs = [put(st, 1, g, "pile", planet) for g in ("T-K3",)]  # 6
    ev = put(st, 0, "T-EV3", "core", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": ev, "ability": 1})
    assert all(st["cards"][i]["stopped"] for i in mine)
    assert st["cards"][theirs[0]]["zone"] == "discard"  # the winner's effect: a random opponent personnel killed
    assert any(e["event"] == "combat" and e["strength"] == 14 and e["against"] == 6 for e in st["log"])


def test_combat_never_at_a_headquarters():
    st = started("nocombat")
    hq = mission(st, 0, "T-HQF")
    put(st, 0, "T-F5", "pile", hq)
    put(st, 1, "T-K3", "pile", hq)
    ev = put(st, 0, "T-EV3", "core", 0)
    st = _run(st, [{"begin_combat": {}, "win": [{"draw": {"count": 5}}]}], ev)
    assert not any(e["event"] == "combat" for e in st["log"])


def test_engagement_weapons_against_shields_damage_and_the_third_damage_destroys_the_ship():
    st = started("engage")
    space = mission(st, 0, "T-S1")
    mine = put(st, 0, "T-SF", "ships", space)  # weapons 7
    crew = [put(st, 0, g, "aboard", mine) for g in ("T-F1", "T-F2", "T-F3", "T-F7")]
    theirs = put(st, 1, "T-SK", "ships", space)  # shields 6
    victim = put(st, 1, "T-K1", "aboard", theirs)
    st = turn_to(st, 0, "orders")
    for n in range(3):
        ev = put(st, 0, "T-EV2", "core", 0) if n < 2 else None
        if ev is None:
            extra = find(st, 0, "T-EV1")
            st["cards"][extra]["guid"] = "T-EV2"
            ev = put(st, 0, "T-EV2", "core", 0)
        for c in [mine] + crew:
            st["cards"][c]["stopped"] = False
        st["pending"] = None
        st = flow.advance(st)
        st = act(st, {"type": "order", "card": ev, "ability": 1})
        assert st["cards"][mine]["stopped"] and all(st["cards"][c]["stopped"] for c in crew)
        if n < 2:
            assert ev in st["cards"][theirs]["damage"]
    assert st["cards"][theirs]["zone"] == "discard" and st["cards"][victim]["zone"] == "discard"


def test_brig_and_captives_a_captives_text_does_not_work():
    st = started("brig")
    hq = mission(st, 1, "T-HQK")
    envoy = put(st, 1, "T-K6", "pile", hq)
    ev = put(st, 1, "T-EV1", "core", 1)
    assert ev and ST.value(st, envoy, "cunning") == 8
    G.place_in_brig(st, envoy, 0)
    assert envoy in st["seats"][0]["brig"] and S.commander(st, envoy) is None
    assert not F.condition(st, {"command": {"skill": "Treachery"}}, F.ctx_for(st, ev, you=1))


def test_keywords_are_matched_by_name():
    st = started("kw")
    st["extra_cards"]["X-M"] = FX.personnel("X-M", "Ro", "bajoran", {"Security": 1}, keywords=["Maquis"])
    c = find(st, 0, "T-F6")
    st["cards"][c]["guid"] = "X-M"
    assert F.matches(st, c, {"keyword": "maquis"}, F.ctx_for(st, c, you=0))


def test_command_and_owner_an_opponent_may_gain_command_but_not_of_a_copy_he_commands():
    st = started("take")
    worf = put(st, 1, "T-K1", "pile", mission(st, 1, "T-HQK"))
    kurn = put(st, 1, "T-K2", "pile", mission(st, 1, "T-HQK"))
    src = mission(st, 0, "T-HQF")
    st = _run(st, [{"take_command": {"ref": "x"}}], src, you=0)
    assert G.take_command(st, worf, 0) and S.commander(st, worf) == 0 and st["cards"][worf]["owner"] == 1
    st["extra_cards"]["X-K2"] = dict(st["extra_cards"]["T-K2"], id="X-K2")
    mine = find(st, 0, "T-F2")
    st["cards"][mine]["guid"] = "T-K2"
    put(st, 0, "T-K2", "pile", src)
    assert not G.take_command(st, kurn, 0) and S.commander(st, kurn) == 1


def test_engagement_another_staffed_ship_may_join():
    """"When an engagement involving your ship begins at this mission, if this personnel is
    aboard a ship, this ship may join that engagement." — two ships against one."""
    st = started("join")
    space = mission(st, 0, "T-S1")
    mine = put(st, 0, "T-SF2", "ships", space)  # weapons 4
    put(st, 0, "T-F3", "aboard", mine)
    second = put(st, 0, "T-SF", "ships", space)  # weapons 7
    st["extra_cards"]["X-J"] = FX.personnel("X-J", "Wingman", "federation", {"Navigation": 1}, ("command",), mechanics=[
        {"kind": "trigger", "on": "engagement_begins", "optional": True, "effects": [{"join_engagement": {}}]}])
    wing = find(st, 0, "T-F6")
    st["cards"][wing]["guid"] = "X-J"
    put(st, 0, "X-J", "aboard", second)
    for g in ("T-F2", "T-F5", "T-F8"):
        put(st, 0, g, "aboard", second)
    theirs = put(st, 1, "T-SK", "ships", space)  # shields 6
    ev = put(st, 0, "T-EV2", "core", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": ev, "ability": 1})
    if st["pending"]["kind"] == "choose":  # which of my ships starts it
        st = act(st, {"type": "choose", "card": mine})
    assert st["pending"]["kind"] == "respond"
    st = act(st, {"type": "respond", "card": wing, "ability": 0})
    while st["pending"]["kind"] == "respond":
        st = act(st, {"type": "pass"})
    eng = next(e for e in st["log"] if e["event"] == "engagement")
    assert eng["weapons"] == 11 and eng["shields"] == 6
    assert st["cards"][second]["stopped"] and ev in st["cards"][theirs]["damage"]


def test_commander_keyword_has_no_rule_but_cards_may_refer_to_it():
    st = started("commander")
    st["extra_cards"]["X-C"] = FX.personnel("X-C", "Jean-Luc Picard", "federation", {"Leadership": 1},
                                            keywords=["Commander: U.S.S. Enterprise-E"])
    c = find(st, 0, "T-F6")
    st["cards"][c]["guid"] = "X-C"
    put(st, 0, "X-C", "pile", mission(st, 0, "T-HQF"))
    assert F.matches(st, c, {"keyword": "Commander: U.S.S. Enterprise-E"}, F.ctx_for(st, c))


def test_discarding_discarded_cards_are_face_up_for_everyone():
    from rules.startrek2e.game import GAME
    st = turn_to(started("discarding"), 0, "orders")
    for _ in range(2):
        S.move(st, st["seats"][0]["deck"][0], "hand", 0)
    st["pending"] = None
    st = flow.advance(st)
    st = act(st, {"type": "end_orders"})
    gone = options(st)[0]["card"]
    st = act(st, options(st)[0])
    assert gone in [c["id"] for c in GAME.view(st, 1)["seats"][0]["discard"]]


def test_actions_normally_only_in_your_own_turn():
    st = turn_to(started("actions"), 0, "play")
    assert st["pending"]["seat"] == 0
    from rules.startrek2e.game import GAME
    assert GAME.legal_actions(st, 1) == []


def test_ability_game_text_of_a_personnel_works_while_it_is_in_play():
    extra = add_card({}, FX.personnel("X-AB", "Mentor", "federation", {"Leadership": 1}, mechanics=[
        {"kind": "static", "modify": {"stat": "integrity", "amount": 2, "who": {"present": True, "type": "personnel"}}}]))
    st = started("ability", extra=extra)
    hq = mission(st, 0, "T-HQF")
    other = put(st, 0, "T-F2", "pile", hq)
    m = find(st, 0, "T-F6")
    st["cards"][m]["guid"] = "X-AB"
    assert ST.value(st, other, "integrity") == 6
    put(st, 0, "X-AB", "pile", hq)
    assert ST.value(st, other, "integrity") == 8 and ST.value(st, m, "integrity") == 6


def test_combat_with_more_than_one_opponent_present_choose_which_one():
    from .fixtures import config_n
    from rules.startrek2e.game import GAME
    st = GAME.setup(config_n("fed", "kli", "kli"), "three-combat")
    while st["pending"]["kind"] == "place_mission":
        st = act(st, st["pending"]["options"][0])
    planet = mission(st, 0, "T-P1")
    mine = put(st, 0, "T-F5", "pile", planet)
    a = put(st, 1, "T-K3", "pile", planet)
    b = put(st, 2, "T-K1", "pile", planet)
    ev = put(st, 0, "T-EV3", "core", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": ev, "ability": 1})
    assert st["pending"]["kind"] == "choose" and options(st) == [{"type": "choose", "seat": 1}, {"type": "choose", "seat": 2}]
    st = act(st, {"type": "choose", "seat": 2})
    fight = next(e for e in st["log"] if e["event"] == "combat")
    assert fight["strength"] == 8 and fight["against"] == 9  # Worf's side, not the warrior's
    assert st["cards"][mine]["stopped"] and not st["cards"][a]["stopped"] and b


def test_when_an_opponent_discards_a_card_from_your_hand_you_may_draw_a_card():
    """The rulebook's "When" example: used once each time the trigger happens."""
    extra = add_card({}, FX.personnel("X-WD", "Archivist", "klingon", {"Anthropology": 1}, mechanics=[
        {"kind": "trigger", "on": "opponent_reveals_or_discards", "optional": True, "effects": [{"draw": {"count": 1}}]}]))
    st = started("whendiscard", extra=extra)
    c = find(st, 1, "T-K5")
    st["cards"][c]["guid"] = "X-WD"
    put(st, 1, "X-WD", "pile", mission(st, 1, "T-HQK"))
    st = turn_to(st, 0, "orders")
    hand = len(st["seats"][1]["hand"])
    st = _run(st, [{"discard": {"count": 2, "who": "opponent", "random": True}}], mission(st, 0, "T-HQF"))
    used = 0
    while st["pending"]["kind"] == "respond":
        if any(o["type"] == "respond" for o in options(st)):
            st = act(st, next(o for o in options(st) if o["type"] == "respond"))
            used += 1
        else:
            st = act(st, {"type": "pass"})
    assert used == 2 and len(st["seats"][1]["hand"]) == hand - 2 + 2


def test_cost_two_cards_allowing_the_same_action_each_pay_their_own_cost():
    st = started("cost")
    space = mission(st, 0, "T-S1")
    mine = put(st, 0, "T-SF2", "ships", space)
    put(st, 0, "T-F3", "aboard", mine)
    put(st, 1, "T-SK", "ships", space)
    a = put(st, 0, "T-EV2", "core", 0)
    b = put(st, 0, "T-EV2", "core", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": a, "ability": 1})
    assert st["cards"][a]["zone"] in ("discard", "damage") and b in st["seats"][0]["core"]


def test_reveal_a_revealed_dilemma_is_shown_to_all_players():
    from rules.startrek2e.game import GAME
    extra = add_card({}, FX.dilemma("X-RV", "Mirror", "dual", 0, []))
    st = started("reveal", extra=extra)
    planet = mission(st, 0, "T-P1")
    team = [put(st, 0, g, "pile", planet) for g in ("T-F1", "T-F2")]
    d = st["seats"][1]["dilemmas"][0]
    st["cards"][d]["guid"] = "X-RV"
    S.move(st, d, "stack", 1)
    st["turn"]["player"] = 0
    st["attempt"] = {"seat": 0, "mission": planet, "ship": None, "personnel": team, "dilemma_owner": 1,
                     "budget": 2, "spent": 0, "current": None, "resolving": False}
    st["step"] = "face_dilemmas"
    st["pending"] = None
    st = flow.advance(st)
    for viewer in (0, 1, "spectator"):
        assert any(e["event"] == "revealed" and e["card"] == d for e in GAME.view(st, viewer)["log"])
