"""Constructs the engine used to ignore (the review behind test_effect_coverage.py's guard),
each exercised by its real card in a game state: the card now does what its text says."""
from rules.stargate import flow, resolve, stats
from rules.stargate import state as S
from rules.stargate.effects import filters as F
from rules.stargate.effects import interpreter as I

from .fixtures import (ADVERSARY, COMBAT_MISSIONS, GEAR, JASON3, MISSIONS, OLAF, RAKNOR, TEALC,
                       VILLAIN_OBSTACLE, _card, add, find, give_glyph, put_in_play, real, table, team_of,
                       to_hand)
from .helpers import act, check_invariants


def _run(state, iid, effects=None, *, ability=None, seat=None, refs=None):
    """Push a card's ability (or ``effects``) as its owner and run the stack."""
    if effects is None:
        effects = S.card_def(state, iid)["mechanics"][ability].get("effects", [])
    seat = state["cards"][iid]["owner"] if seat is None else seat
    I.push(state, effects, iid, seat, builtin=refs or {})
    saved, state["pending"] = state["pending"], None
    I.run(state)
    if state["pending"] is None and not state["stack"]:
        state["pending"] = saved
    return state


def _choose(state, card):
    return act(state, {"type": "choose", "card": card}, state["pending"]["seat"])


def _yes(state, yes=True):
    return act(state, {"type": "choose", "yes": yes}, state["pending"]["seat"])


def _ctx(state, iid):
    return stats.ctx_for(state, iid)


def _assign_at_mission(state, *iids):
    for iid in iids:
        S.move_keep(state, iid, "mission")
        state["cards"][iid]["state"] = "assigned"


# ------------------------------------------------------------------ filters
def test_hazardous_duty_incapacitates_the_chosen_character_only_if_he_earns_the_glyph():
    duty_g = real("Hazardous Duty")
    state = table(deck1=[duty_g] + [GEAR] * 10)
    tealc, raknor = team_of(state, 0, TEALC), team_of(state, 0, RAKNOR)
    duty = find(state, duty_g, 1)[0]
    S.move(state, duty, "mission")
    state["cards"][duty]["refs"] = {"chosen": [tealc]}
    _run(state, duty, ability=1)  # Success: waits for the glyph
    assert state["delayed"] and state["delayed"][0]["at"] == "glyph_earned"
    resolve.earn(state, raknor)  # somebody else earns it: nothing happens to Teal'c
    _run(state, duty, [])
    assert state["cards"][tealc]["state"] != "incapacitated" and not state["delayed"]
    # again, and this time Teal'c earns it
    S.move(state, find(state, MISSIONS[1], 0, "mission_pile")[0], "current_mission")
    _run(state, duty, ability=1)
    resolve.earn(state, tealc)
    _run(state, duty, [])
    assert state["cards"][tealc]["state"] == "incapacitated"


def test_elliot_gets_skills_only_at_a_mission_with_a_glyph_none_of_your_characters_has():
    elliot_g = real("Elliot")
    state = table(deck0=[elliot_g] + [GEAR] * 10, missions0=COMBAT_MISSIONS)
    elliot = put_in_play(state, 0, elliot_g)
    give_glyph(state, elliot, COMBAT_MISSIONS[1])  # libra
    _assign_at_mission(state, elliot)
    assert S.card_def(state, S.current_mission(state))["glyph"] == "gemini"
    base = dict(S.card_def(state, elliot)["skills"])
    assert stats.skills(state, elliot) == {k: v + 1 for k, v in base.items()}
    give_glyph(state, team_of(state, 0, TEALC), COMBAT_MISSIONS[6])  # a gemini: now one of yours has it
    assert stats.skills(state, elliot) == base


def test_friends_at_odds_blocks_team_characters_lacking_the_chosen_ones_traits():
    fao = real("Friends at Odds")
    state = table(deck1=[fao] + [GEAR] * 10)
    tealc, raknor, j3 = team_of(state, 0, TEALC), team_of(state, 0, RAKNOR), team_of(state, 0, JASON3)
    obs = find(state, fao, 1)[0]
    S.move(state, obs, "mission")
    _assign_at_mission(state, tealc)
    state = _run(state, obs, ability=0)
    state = _choose(state, tealc)
    assert not state["cards"][raknor].get("blocked")  # a Jaffa like Teal'c
    assert state["cards"][j3]["blocked"] and not state["cards"][tealc].get("blocked")


def test_yatyir_gets_skills_once_another_jaffa_card_was_played_this_turn():
    yat_g = real("Yat'Yir", "Gerak's Aide")
    jaffa = add(_card("fx-jaffa-gear", "Jaffa Staff", "gear", cost=0, traits=["Jaffa"]))
    state = table(deck0=[yat_g, jaffa] + [GEAR] * 10)
    yat = put_in_play(state, 0, yat_g)
    base = stats.skills(state, yat)
    state = act(state, {"type": "play", "card": to_hand(state, 0, jaffa)})
    assert stats.skills(state, yat) == {k: v + 1 for k, v in base.items()}


def test_targeted_abduction_stops_only_characters_contributing_at_most_the_replicator_count():
    ta = real("Targeted Abduction")
    repl = add(_card("fx-repl-obs", "Replicator Swarm", "obstacle", allegiance="villain", cost=0,
                     skills={"combat": 1}, traits=["Replicator"]))
    state = table(deck1=[ta, repl, repl] + [GEAR] * 10, missions0=COMBAT_MISSIONS)
    tealc, j3 = team_of(state, 0, TEALC), team_of(state, 0, JASON3)  # combat 3 and 1
    _assign_at_mission(state, tealc, j3)
    obs = find(state, ta, 1)[0]
    S.move(state, obs, "mission")
    S.move(state, find(state, repl, 1)[0], "mission")
    flt = S.card_def(state, obs)["mechanics"][0]["effects"][0]["stop"]["choose"]
    assert F.candidates(state, flt, _ctx(state, obs)) == [j3]


def test_prometheus_readies_only_a_character_with_a_promotion_token():
    prom = real("Prometheus", "The X-303")
    state = table(deck0=[prom] + [GEAR] * 10)
    tealc, j3 = team_of(state, 0, TEALC), team_of(state, 0, JASON3)
    ship = put_in_play(state, 0, prom)
    state["cards"][tealc]["tokens"] = 1
    flt = S.card_def(state, ship)["mechanics"][0]["effects"][0]["ready"]["choose"]
    assert F.candidates(state, flt, _ctx(state, ship)) == [tealc]
    assert j3 not in F.candidates(state, flt, _ctx(state, ship))


def test_revisionist_history_chooses_cards_of_one_players_discard_pile():
    rh = real("Revisionist History")
    state = table(deck0=[rh] + [GEAR] * 10, deck1=[GEAR] * 10)
    ev = find(state, rh, 0)[0]
    mine = [i for i in state["seats"][0]["deck"] if state["cards"][i]["guid"] == GEAR][:2]
    theirs = state["seats"][1]["deck"][:2]
    for i in mine + theirs:
        S.move(state, i, "discard")
    state = _run(state, ev, ability=1)
    state = _choose(state, mine[0])
    offered = {o["card"] for o in state["pending"]["options"]}
    assert offered == {mine[1], None}  # only the same player's discard pile now
    state = _choose(state, mine[1])
    assert all(state["cards"][i]["zone"] == "deck" for i in mine)


def test_strange_bedfellows_swaps_two_glyphs_on_different_characters():
    sb = real("Strange Bedfellows")
    state = table(deck0=[sb] + [GEAR] * 10)
    tealc, raknor = team_of(state, 0, TEALC), team_of(state, 0, RAKNOR)
    g1, g2 = give_glyph(state, tealc, MISSIONS[0]), give_glyph(state, raknor, MISSIONS[1])
    g3 = give_glyph(state, tealc, MISSIONS[2])
    ev = find(state, sb, 0)[0]
    state = _run(state, ev, S.card_def(state, ev)["mechanics"][0]["cost"])
    state = _choose(state, g1)
    assert g3 not in {o["card"] for o in state["pending"]["options"]}  # a glyph on another character
    state = _choose(state, g2)
    state = _run(state, ev, ability=1)
    assert state["cards"][g1]["under"] == raknor and state["cards"][g2]["under"] == tealc


def test_probing_the_subconscious_blocks_characters_with_the_current_missions_glyph():
    pts = real("Probing the Subconscious")
    state = table(deck1=[pts] + [GEAR] * 10)
    tealc, raknor = team_of(state, 0, TEALC), team_of(state, 0, RAKNOR)
    glyph = S.card_def(state, S.current_mission(state))["glyph"]
    same = next(m for m in MISSIONS if S.card_def(state, find(state, m, 0)[0])["glyph"] == glyph
                and find(state, m, 0, "mission_pile"))
    give_glyph(state, tealc, same)
    give_glyph(state, raknor, next(m for m in MISSIONS if S.card_def(state, find(state, m, 0)[0])["glyph"] != glyph))
    S.move(state, find(state, pts, 1)[0], "mission")
    from rules.stargate.static_rules import blocked_by_rule
    assert blocked_by_rule(state, tealc) and not blocked_by_rule(state, raknor)


# ------------------------------------------------------------------ amounts
def test_halt_subterranean_reaction_gets_difficulty_minus_one_per_four_cards_discarded():
    halt = real("Halt Subterranean Reaction")
    state = table(missions0=[halt] + COMBAT_MISSIONS)
    m = S.current_mission(state)
    for i in list(state["seats"][0]["hand"]):
        S.move(state, i, "discard")
    for i in state["seats"][0]["deck"][:9]:
        S.move(state, i, "hand")
    before = stats.difficulty(state)
    state = _run(state, m, ability=0)
    state = _yes(state)
    while state["pending"]["kind"] == "choose_card" and state["pending"]["options"][0].get("card"):
        state = _choose(state, state["pending"]["options"][0]["card"])
    assert len(state["seats"][0]["hand"]) == 0
    assert stats.difficulty(state) == before - 2  # 9 cards: two fours


def test_raknor_counts_only_his_glyphs_another_character_also_has():
    rak_g = real("Rak'nor", "Rebel Convert")
    state = table(deck0=[rak_g] + [GEAR] * 10)
    rak = put_in_play(state, 0, rak_g)
    give_glyph(state, rak, MISSIONS[0])
    give_glyph(state, rak, MISSIONS[1])
    base = dict(S.card_def(state, rak)["skills"])
    assert stats.skills(state, rak) == base
    give_glyph(state, team_of(state, 0, TEALC), MISSIONS[6])  # a second gemini (MISSIONS[0] is gemini)
    assert stats.skills(state, rak) == {k: v + 1 for k, v in base.items()}


def test_aid_evacuation_obstacles_cost_one_less_per_trait_shared_with_a_villain_card_there():
    aid = real("Aid Evacuation")
    goauld_obs = add(_card("fx-goa-obs", "Goa'uld Trap", "obstacle", allegiance="villain", cost=3,
                           skills={"combat": 1}, traits=["Goa'uld", "Jaffa"]))
    goauld_adv = add(_card("fx-goa-adv", "Goa'uld Lord", "adversary", allegiance="villain", cost=3,
                           skills={"combat": 1}, traits=["Goa'uld"], revive=1))
    state = table(missions0=[aid] + COMBAT_MISSIONS, deck1=[goauld_obs, goauld_adv] + [GEAR] * 10)
    obs = find(state, goauld_obs, 1)[0]
    assert stats.play_cost(state, obs) == 3
    adv = find(state, goauld_adv, 1)[0]
    S.move(state, adv, "mission")
    state["cards"][adv]["state"] = "assigned"
    assert stats.play_cost(state, obs) == 2  # shares Goa'uld (not Jaffa) with the adversary


def test_kalel_counts_successful_missions_of_the_named_skill_only():
    kalel_g = real("Ka'lel")
    state = table(deck0=[kalel_g] + [GEAR] * 10)
    k = put_in_play(state, 0, kalel_g)
    base = dict(S.card_def(state, k)["skills"])
    state["turn"]["successes"] = 1
    state["turn"]["success_skills"] = ["science"]
    assert stats.skills(state, k) == base  # a success, but not a Combat or Culture one
    state["turn"]["success_skills"] = ["combat"]
    assert stats.skill(state, k, "culture") == base["culture"] + 1
    assert stats.skill(state, k, "combat") == base["combat"]


def test_proceeding_with_caution_gives_each_character_skills_for_its_own_glyphs():
    pwc = real("Proceeding with Caution")
    state = table(deck0=[pwc] + [GEAR] * 10)
    tealc, raknor = team_of(state, 0, TEALC), team_of(state, 0, RAKNOR)
    give_glyph(state, tealc, MISSIONS[0])
    give_glyph(state, tealc, MISSIONS[1])
    ev = find(state, pwc, 0)[0]
    t0, r0 = stats.skills(state, tealc), stats.skills(state, raknor)
    state = _run(state, ev, ability=1)
    assert stats.skills(state, tealc) == {k: v + 2 for k, v in t0.items()}
    assert stats.skills(state, raknor) == r0


def test_obstacles_whose_difficulty_is_equal_to_a_number():
    hrc, ff = real("Homicidal Robotic Clone"), real("Force Field")
    state = table(deck1=[hrc, ff] + [GEAR] * 10, missions0=COMBAT_MISSIONS)
    tealc = team_of(state, 0, TEALC)
    _assign_at_mission(state, tealc)
    base = stats.difficulty(state)
    clone = find(state, hrc, 1)[0]
    S.move(state, clone, "mission")
    state["cards"][clone]["refs"] = {"chosen": [tealc]}
    assert stats.difficulty(state) == base + stats.contribution(state, tealc)  # Teal'c's Combat 3
    S.move(state, clone, "discard")
    S.move(state, find(state, ff, 1)[0], "mission")
    state["seats"][1]["power"] = 5
    assert stats.difficulty(state) == base + 5


def test_alpha_site_facility_and_sagan_institute_box_give_their_owner_experience():
    box_g = real("Sagan Institute Box")
    state = table(deck0=[box_g, OLAF] + [GEAR] * 10)
    before = stats.experience(state, 0)
    put_in_play(state, 0, box_g)
    olaf = put_in_play(state, 0, OLAF)
    assert stats.experience(state, 0) == before
    give_glyph(state, olaf, MISSIONS[0])
    assert stats.experience(state, 0) == before + S.card_def(state, find(state, MISSIONS[0], 0)[0])["experience"] + 1
    assert stats.experience(state, 1) == 0


# ------------------------------------------------------------------ searching piles
def test_galaran_memory_device_shuffles_the_hero_card_into_the_deck():
    gmd = real("Galaran Memory Device")
    state = table(deck0=[gmd] + [GEAR] * 10)
    dev = put_in_play(state, 0, gmd)
    gear = state["seats"][0]["deck"][0]
    S.move(state, gear, "discard")
    state = _run(state, dev, ability=0)
    state = _choose(state, gear)
    assert state["cards"][gear]["zone"] == "deck"


def test_hathors_interogation_puts_the_villain_card_on_top_of_the_deck():
    hi = real("Hathor's Interogation")
    state = table(deck1=[hi, VILLAIN_OBSTACLE] + [GEAR] * 10)
    obs = find(state, hi, 1)[0]
    v = find(state, VILLAIN_OBSTACLE, 1)[0]
    S.move(state, v, "discard")
    state = _run(state, obs, ability=0)
    state = _yes(state)
    state = _choose(state, v)
    assert state["seats"][1]["deck"][0] == v


def test_quantum_mirror_control_places_the_found_character_on_top_of_the_shuffled_deck():
    qmc = real("Quantum Mirror Control")
    state = table(deck0=[qmc, OLAF] + [GEAR] * 10)
    g = put_in_play(state, 0, qmc)
    olaf = find(state, OLAF, 0)[0]
    S.move(state, olaf, "deck")
    n = len(state["seats"][0]["deck"])
    state = _run(state, g, ability=0)
    state = _choose(state, olaf)
    assert state["seats"][0]["deck"][0] == olaf and len(state["seats"][0]["deck"]) == n
    assert state["cards"][olaf]["zone"] == "deck"


def test_thor_searches_the_mission_pile_and_puts_the_mission_on_top():
    thor_g = real("Thor", "Friend of the Tau'ri")
    state = table(deck0=[thor_g] + [GEAR] * 10)
    thor = put_in_play(state, 0, thor_g)
    pile = state["seats"][0]["mission_pile"]
    last = pile[-1]
    state = _run(state, thor, ability=0)
    state = _yes(state)
    state = _choose(state, last)
    assert pile[0] == last


def test_walter_harriman_puts_one_mission_on_top_and_the_other_on_the_bottom():
    wh = real("Walter Harriman", "Technician")
    state = table(deck0=[wh] + [GEAR] * 10)
    w = put_in_play(state, 0, wh)
    pile = state["seats"][0]["mission_pile"]
    a, b = pile[0], pile[1]
    state = _run(state, w, ability=0)
    assert {o["card"] for o in state["pending"]["options"]} == {a, b}
    state = _choose(state, b)
    assert pile[0] == b and pile[-1] == a


def test_elizabeth_weir_puts_one_card_on_top_and_the_rest_on_the_bottom():
    ew = real("Elizabeth Weir", "Ancient Language Expert")
    state = table(deck0=[ew] + [GEAR] * 10)
    tealc = team_of(state, 0, TEALC)
    for m in state["seats"][0]["mission_pile"][-3:]:
        S.move(state, m, "glyph", under=tealc)
    _assign_at_mission(state, tealc)
    w = put_in_play(state, 0, ew)
    pile = state["seats"][0]["mission_pile"]
    top3 = pile[:3]
    state = _run(state, w, ability=0)
    state = _choose(state, top3[2])
    state = _choose(state, top3[0])
    assert pile[0] == top3[2] and pile[-2:] == [top3[0], top3[1]]


# ------------------------------------------------------------------ who chooses
def test_tight_rein_the_assigning_player_stops_another_of_his_characters():
    tr = real("Tight Rein")
    state = table(deck1=[tr] + [GEAR] * 10)
    S.move(state, find(state, tr, 1)[0], "mission")
    tealc = team_of(state, 0, TEALC)
    state = act(state, {"type": "assign", "card": tealc})
    assert state["pending"]["kind"] == "choose_card" and state["pending"]["seat"] == 0
    assert tealc not in {o["card"] for o in state["pending"]["options"]}


def test_disable_orbital_weapon_the_opponent_pays_and_scores_an_adversary():
    dow = real("Disable Orbital Weapon")
    state = table(missions0=[dow] + COMBAT_MISSIONS, deck1=[ADVERSARY] + [GEAR] * 10)
    m = S.current_mission(state)
    adv = find(state, ADVERSARY, 1)[0]
    S.move(state, adv, "mission")
    state["cards"][adv]["state"] = "assigned"
    state["seats"][1]["power"] = 3
    state = _run(state, m, ability=0, seat=0)
    assert state["pending"]["seat"] == 1
    state = _yes(state)
    assert state["pending"]["seat"] == 1  # the opponent chooses the adversary
    state = _choose(state, adv)
    assert state["cards"][adv]["zone"] == "score_pile" and state["seats"][1]["power"] == 0


def test_nerus_looks_at_the_top_mission_before_it_is_played():
    nerus_g = real("Nerus")
    state = table(deck1=[nerus_g] + [GEAR] * 10)
    nerus = put_in_play(state, 1, nerus_g)
    state["seats"][1]["power"] = 5
    state["turn"]["about_to_play_mission"] = False
    from rules.stargate.triggers import fire
    fire(state, "before_mission_played", seat=0)
    state["pending"] = None
    flow.advance(state)
    assert state["pending"]["seat"] == 1 and state["pending"]["kind"] == "yes_no"
    pile = state["seats"][0]["mission_pile"]
    top = pile[0]
    state = _yes(state)
    state = act(state, {"type": "choose", "card": top, "bottom": True}, 1)
    assert pile[-1] == top and state["cards"][nerus]["state"] == "stopped"


def test_kor_mak_joining_stops_both_characters_after_moving_the_glyph():
    kmj = real("Kor Mak Joining")
    state = table(deck1=[kmj] + [GEAR] * 10)
    tealc, raknor = team_of(state, 0, TEALC), team_of(state, 0, RAKNOR)
    g = give_glyph(state, tealc, MISSIONS[1])
    obs = find(state, kmj, 1)[0]
    S.move(state, obs, "mission")
    state = _run(state, obs, ability=0)
    state = _yes(state)
    state = _choose(state, tealc)
    state = _choose(state, raknor)
    assert state["cards"][g]["under"] == raknor
    assert state["cards"][tealc]["state"] == "stopped" and state["cards"][raknor]["state"] == "stopped"


# ------------------------------------------------------------------ revealing, milling
def test_reese_plays_a_revealed_replicator_free_and_discards_the_other():
    reese_g = real("Reese", "Creator of the Replicators")
    repl = add(_card("fx-repl-obs2", "Replicator Block", "obstacle", allegiance="villain", cost=3,
                     skills={"combat": 1}, traits=["Replicator"]))
    state = table(deck1=[reese_g, repl, GEAR] + [GEAR] * 10)
    reese = put_in_play(state, 1, reese_g)
    deck = state["seats"][1]["deck"]
    r = find(state, repl, 1)[0]
    S.move(state, r, "deck", top=True)
    other = deck[1]
    S.move(state, other, "deck", top=True)
    deck.remove(r)
    deck.insert(0, r)
    state["seats"][1]["power"] = 0
    state = _run(state, reese, ability=0)
    state = _yes(state)
    assert {o["card"] for o in state["pending"]["options"]} == {r, None}
    state = _choose(state, r)
    assert state["cards"][r]["zone"] == "mission" and state["cards"][other]["zone"] == "discard"


def test_ter_discards_the_revealed_card_only_if_it_is_a_villain_card():
    ter = real("T.E.R.")
    state = table(deck0=[ter] + [GEAR] * 10, deck1=[VILLAIN_OBSTACLE] * 10)
    t = put_in_play(state, 0, ter)
    hand = state["seats"][1]["hand"]
    n = len(hand)
    assert n and all(state["cards"][i]["guid"] == VILLAIN_OBSTACLE for i in hand)
    state = _run(state, t, ability=0)
    assert len(hand) == n - 1


def test_glider_cannon_destroys_an_adversary_when_the_milled_card_is_a_hero_card():
    gc = real("Glider Cannon")
    state = table(deck0=[gc] + [GEAR] * 10, deck1=[ADVERSARY] + [GEAR] * 10)
    g = put_in_play(state, 0, gc)
    adv = put_in_play(state, 1, ADVERSARY)
    top = state["seats"][0]["deck"][0]
    state = _run(state, g, ability=0)
    assert state["cards"][top]["zone"] == "discard"
    state = _choose(state, adv)
    assert state["cards"][adv]["zone"] == "discard"


def test_enduring_evil_takes_an_adversary_back_from_the_score_pile():
    ee = real("Enduring Evil")
    state = table(deck1=[ee, ADVERSARY] + [GEAR] * 10)
    adv = find(state, ADVERSARY, 1)[0]
    S.move(state, adv, "score_pile")
    obs = find(state, ee, 1)[0]
    state = _run(state, obs, ability=0)
    state = _choose(state, adv)
    assert state["cards"][adv]["zone"] == "hand"


def test_plea_for_help_moves_the_bottom_mission_of_the_opponent_to_the_top():
    pfh = real("Plea for Help")
    state = table(deck1=[pfh] + [GEAR] * 10)
    pile = state["seats"][0]["mission_pile"]
    last = pile[-1]
    state = _run(state, find(state, pfh, 1)[0], ability=0)
    assert state["pending"]["seat"] == 1
    state = _choose(state, last)
    assert pile[0] == last


def test_ribbon_device_torture_lets_the_villain_choose_the_discarded_card():
    rdt = real("Ribbon Device Torture")
    goa = add(_card("fx-goa-adv2", "Goa'uld Torturer", "adversary", allegiance="villain", cost=3,
                    skills={"combat": 1}, traits=["Goa'uld"], revive=1))
    state = table(deck1=[rdt, goa] + [GEAR] * 10)
    adv = find(state, goa, 1)[0]
    _assign_at_mission(state, adv)
    obs = find(state, rdt, 1)[0]
    S.move(state, obs, "mission")
    state = _run(state, obs, ability=0, seat=1)
    state = act(state, {"type": "choose", "option": 1}, 1)
    pick = state["seats"][0]["hand"][0]
    assert state["pending"]["seat"] == 1 and state["pending"]["reveal"] == state["seats"][0]["hand"]
    state = _choose(state, pick)
    assert state["cards"][pick]["zone"] == "discard"
    check_invariants(state)


def test_frotak_gains_2_power_at_the_end_of_the_opponents_next_power_phase():
    frotak_g = real("Fro'tak")
    state = table(deck1=[frotak_g] + [GEAR] * 10)
    f = put_in_play(state, 1, frotak_g)
    state = _run(state, f, ability=0)
    assert state["delayed"][0]["at"] == "opponent_next_power_phase_end"
    before = state["seats"][1]["power"]
    state["turn"]["hero"] = 1  # Fro'tak's owner's own power phase: nothing yet
    from rules.stargate import turn
    turn.power_end(state)
    assert state["delayed"] and not state["stack"]
    state["turn"]["hero"] = 0
    turn.power_end(state)
    state = _run(state, f, [])
    assert state["seats"][1]["power"] == before + 2 and not state["delayed"]


def test_sokar_the_hero_puts_a_glyph_of_an_assigned_character_on_the_bottom_of_his_pile():
    sokar_g = real("Sokar", "Rising Nemesis")
    state = table(deck1=[sokar_g] + [GEAR] * 10)
    tealc, raknor = team_of(state, 0, TEALC), team_of(state, 0, RAKNOR)
    g1, g2 = give_glyph(state, tealc, MISSIONS[1]), give_glyph(state, raknor, MISSIONS[2])
    _assign_at_mission(state, tealc)
    sokar = put_in_play(state, 1, sokar_g)
    state = _run(state, sokar, ability=0)
    assert state["pending"]["seat"] == 0
    assert {o["card"] for o in state["pending"]["options"]} == {g1}  # Rak'nor is not assigned
    state = _choose(state, g1)
    assert state["seats"][0]["mission_pile"][-1] == g1 and state["cards"][g2]["under"] == raknor


def test_yatyir_counts_a_jaffa_event_played_this_turn_though_it_is_in_the_discard_pile():
    yat_g = real("Yat'Yir", "Gerak's Aide")
    jaffa_ev = add(_card("fx-jaffa-ev", "Jaffa Rally", "event", cost=0, traits=["Jaffa"]))
    state = table(deck0=[yat_g, jaffa_ev] + [GEAR] * 10)
    yat = put_in_play(state, 0, yat_g)
    base = stats.skills(state, yat)
    state = act(state, {"type": "play", "card": to_hand(state, 0, jaffa_ev)})
    assert state["cards"][find(state, jaffa_ev, 0)[0]]["zone"] == "discard"
    assert stats.skills(state, yat) == {k: v + 1 for k, v in base.items()}


def test_zipacna_gives_a_goauld_obstacle_dominion_while_it_stays_in_play():
    zip_g = real("Zipacna")
    goa_obs = add(_card("fx-goa-obs3", "Goa'uld Ambush", "obstacle", allegiance="villain", cost=1,
                        skills={"combat": 1}, traits=["Goa'uld"]))
    state = table(deck1=[zip_g, goa_obs] + [GEAR] * 10)
    z = put_in_play(state, 1, zip_g)
    obs = find(state, goa_obs, 1)[0]
    S.move(state, obs, "mission")
    state = _run(state, z, ability=0)
    state = _choose(state, obs)
    assert state["cards"][obs]["keywords_granted"] == ["dominion"]
    S.move(state, obs, "discard")  # leaving play ends it
    assert "keywords_granted" not in state["cards"][obs]
