"""Every example in the two chapters, as a test named after it."""
from rules.babylon5 import combat, conflicts
from rules.babylon5 import state as S
from rules.babylon5 import values as V
from rules.babylon5.game import GAME

from . import fixtures as F
from .helpers import act, add_card, ambassador, check_invariants, scenario, until

KNOWLEDGE = F.card("fx-knowledge", "Knowledge Is Power", "agenda", "centauri", 1, limited=False, mechanics=[
    {"kind": "agenda", "conflict": {"cost": 7, "type": "intrigue", "target": "player",
                                    "success": [{"influence": 1, "who": "initiator"}]}}])


def test_example_conflict_round_four_players():
    """Minbari, Human, Centauri, Narn; Minbari and Humans at war. Minbari (first) declares a war
    conflict face down; Centauri (second) spends 7 influence on his agenda's intrigue conflict;
    Narn declares none; Human declares face down. Step 2: Minbari names Mars Colony, the
    Centauri target the Minbari player, the Human reveals the League vote."""
    minbari, centauri, narn, human = range(4)
    st = scenario(["minbari", "centauri", "narn", "human"], ratings=[4, 7, 8, 9],
                  extra={"fx-knowledge": KNOWLEDGE}, tension={"human/minbari": 5},
                  hands={minbari: ["fx-conquest"], human: ["fx-league-vote"]})
    mars = add_card(st, human, "fx-mars", "play")
    agenda = add_card(st, centauri, "fx-knowledge", "play", defs={"fx-knowledge": KNOWLEDGE})
    st["seats"][centauri]["agenda"] = agenda
    assert st["turn"]["order"] == [minbari, centauri, narn, human]
    war = st["seats"][minbari]["hand"][0]
    st = act(st, {"type": "declare_conflict", "card": war}, minbari)
    # face down: nobody else sees which conflict it is
    for viewer in (centauri, narn, human, "spectator"):
        k = GAME.view(st, viewer)["conflicts"][0]
        assert k == {"id": k["id"], "initiator": minbari, "face_down": True}
    assert GAME.view(st, minbari)["conflicts"][0]["card"]["title"] == "Conquest"
    st = act(st, {"type": "agenda_conflict"}, centauri)
    assert V.available(st, centauri) == 0  # 7 influence placed on the agenda
    assert GAME.view(st, narn)["conflicts"][1]["card"]["title"] == "Knowledge Is Power"  # not secret
    st = act(st, {"type": "no_conflict"}, narn)
    vote = st["seats"][human]["hand"][0]
    st = act(st, {"type": "declare_conflict", "card": vote}, human)
    # step 2: all revealed, targets named in declaration order
    assert all(not k["face_down"] for k in st["conflicts"])
    assert st["pending"] == {"seat": minbari, "kind": "name_target", "prompt": st["pending"]["prompt"]}
    assert GAME.legal_actions(st, minbari) == [{"type": "name_target", "target": mars}]
    st = act(st, {"type": "name_target", "target": mars}, minbari)
    assert {"type": "name_target", "target": minbari} in GAME.legal_actions(st, centauri)
    st = act(st, {"type": "name_target", "target": minbari}, centauri)
    assert st["turn"]["round"] == "action_round"
    ks = st["conflicts"]
    assert [(k["initiator"], k["type"], k["target"]) for k in ks] == [
        (minbari, "military", mars), (centauri, "intrigue", minbari), (human, "diplomatic", None)]
    assert ks[2]["vote"] and S.title(st, ks[2]["card"]) == "The League's Support"
    check_invariants(st)


def _fleet(i, military):
    return F.card(f"fx-fleet-{i}", f"Fleet {i}", "fleet", "neutral", 0, military=military, limited=False)


def test_example_aftermath_table_john_dave_paul_ran():
    """John initiates and supports with two fleets, Dave supports with one, Paul opposes with
    two, Ran attacks both of Dave's fleets and one of Paul's; John wins."""
    fleets = {f"fx-fleet-{i}": _fleet(i, m) for i, m in enumerate([9, 9, 1, 1, 1, 1, 1])}
    john, dave, paul, ran = range(4)
    st = scenario(["human", "narn", "minbari", "centauri"], ratings=[4, 5, 6, 7], extra=fleets,
                  hands={john: ["fx-raid"]})
    own = {john: ["fx-fleet-0", "fx-fleet-1"], dave: ["fx-fleet-2"], paul: ["fx-fleet-3", "fx-fleet-4"],
           ran: ["fx-fleet-5", "fx-fleet-6"]}
    ids = {s: [add_card(st, s, f, "play", defs=fleets) for f in fs] for s, fs in own.items()}
    paul_leader = add_card(st, paul, "fx-ranger", "play")
    st = act(st, {"type": "declare_conflict", "card": st["seats"][john]["hand"][0]}, john)
    st = until(st, "name_target", john)
    st = act(st, {"type": "name_target", "target": paul}, john)
    k = st["conflicts"][0]["id"]
    st = until(st, "act", john)
    # (Dave's single fleet in the example; the chapter's Dave supports with one fleet)
    moves = [(john, {"type": "support", "card": ids[john][0], "conflict": k}),
             (dave, {"type": "support", "card": ids[dave][0], "conflict": k}),
             (paul, {"type": "lead_fleet", "card": paul_leader, "fleet": ids[paul][0]}),
             (ran, {"type": "pass"}),
             (john, {"type": "support", "card": ids[john][1], "conflict": k}),
             (dave, {"type": "pass"}),
             (paul, {"type": "oppose", "card": ids[paul][0], "conflict": k}),
             (ran, {"type": "attack", "card": ids[ran][0]})]
    for seat, a in moves:
        st = act(st, a, seat)
    st = act(st, {"type": "choose", "target": ids[dave][0]}, ran)
    st = act(st, {"type": "oppose", "card": ids[paul][1], "conflict": k}, john if False else paul) \
        if st["pending"]["seat"] == paul else st
    # the remaining attacks of the example (Ran's second fleet on Paul's fleet; Ran's first again)
    rec = st["conflicts"][0]
    combat.begin_attack(st, ids[ran][1], ids[paul][0])
    combat.finish_attack(st)
    rec["attacks"].append({"attacker": ids[ran][0], "target": ids[dave][0], "stat": "military", "leaders": []})
    st = until(st, "aftermath")
    k = st["conflicts"][0]
    assert k["won"] is True

    def factions(did, **cond):
        dd = F.DB.get(did) or cond.pop("card")
        st["defs"][dd["id"]] = dd
        iid = add_card(st, john, dd["id"], "hand", defs={dd["id"]: dd})
        out = {S.controller(st, t) if isinstance(t, str) else t for t in conflicts.aftermath_targets(st, john, iid, k)}
        S.move(st, iid, "discard")
        return out
    everyone = {john, dave, paul, ran}
    assert factions("fx-am-mil") == {john}                   # Military Aftermath
    assert factions("fx-am-mil-part") == everyone            # Military Participant Aftermath
    assert factions("fx-am-won-mil") == {john}               # Won Military Aftermath
    assert factions("fx-am-won-mil-part") == everyone        # Won Military Participant Aftermath
    assert factions("fx-am-lost") == set()                   # Lost (any)
    assert factions("fx-am-won") == {john}                   # Won Aftermath
    assert factions("fx-am-won-part") == everyone            # Won Participant Aftermath
    # "Won Military Participant" on "participating characters that led a fleet opposing": Paul's leader only
    led = F.aftermath("fx-am-led", "Led the Defence", "won", "military", "any",
                      [{"kind": "aftermath", "target": {"type": "character", "role": "led_opposed"}}])
    iid = add_card(st, john, "fx-am-led", "hand", defs={"fx-am-led": led})
    assert conflicts.aftermath_targets(st, john, iid, k) == [paul_leader]
    # "Any Participant" on "participating fleets that attacked": Ran's fleets only
    att = F.aftermath("fx-am-att", "Raiders' Reward", "any", "any", "any",
                      [{"kind": "aftermath", "target": {"type": "fleet", "role": "attacked"}}])
    iid = add_card(st, john, "fx-am-att", "hand", defs={"fx-am-att": att})
    assert sorted(conflicts.aftermath_targets(st, john, iid, k)) == sorted(ids[ran])


def test_example_vir_cotto_cannot_give_a_bonus_to_gkar():
    """An aide is tied to its ambassador: Vir Cotto (Londo's aide) in the Narn faction gives
    G'Kar nothing; Londo's player may rotate him even there (for Londo)."""
    narn, centauri = 0, 1
    st = scenario(["narn", "centauri"], ratings=[4, 5])
    vir = add_card(st, narn, "fx-vir", "play")
    st = until(st, "act", narn)
    assert not [a for a in GAME.legal_actions(st, narn) if a["type"] == "aide"]
    st = act(st, {"type": "pass"}, narn)
    londo = ambassador(st, centauri)
    before = V.ability(st, londo, "diplomacy")
    assert {"type": "aide", "card": vir, "bonus": "diplomacy"} in GAME.legal_actions(st, centauri)
    st = act(st, {"type": "aide", "card": vir, "bonus": "diplomacy"}, centauri)
    assert V.ability(st, londo, "diplomacy") == before + 1
    assert V.ability(st, ambassador(st, narn), "diplomacy") == 3


def test_example_immortality_serum_each_faction_is_a_side():
    """Any player may be supported: each faction is a side; players may support any side; the
    initiator wins only with the highest total; the highest side gains influence."""
    a, b, c = range(3)
    st = scenario(["human", "narn", "centauri"], ratings=[4, 5, 6], hands={a: ["fx-serum"]})
    garibaldi = add_card(st, a, "fx-garibaldi", "play")   # intrigue 3
    natoth = add_card(st, b, "fx-natoth", "play")          # intrigue 3
    courtier = add_card(st, c, "fx-courtier", "play")      # intrigue 2
    st = act(st, {"type": "declare_conflict", "card": st["seats"][a]["hand"][0]}, a)
    st = until(st, "act", a)
    k = st["conflicts"][0]["id"]
    legal = GAME.legal_actions(st, a)
    assert not [x for x in legal if x["type"] == "oppose"]  # no ability may be used to oppose
    assert {"type": "support", "card": garibaldi, "conflict": k, "side": b} in legal
    st = act(st, {"type": "support", "card": garibaldi, "conflict": k, "side": a}, a)
    st = act(st, {"type": "support", "card": natoth, "conflict": k, "side": b}, b)
    st = act(st, {"type": "support", "card": courtier, "conflict": k, "side": b}, c)  # supports another side
    before = [st["seats"][s]["rating"] for s in range(3)]
    st = until(st, "aftermath")
    rec = st["conflicts"][0]
    assert rec["totals"] == {str(a): 3, str(b): 5}
    assert rec["won"] is False                      # the initiator did not have the highest total
    assert st["seats"][b]["rating"] == before[b] + 2  # the highest side benefits
    assert st["seats"][a]["rating"] == before[a]


def test_example_immortality_serum_initiator_with_the_highest_total_wins():
    a, b = range(2)
    st = scenario(["human", "narn"], ratings=[4, 5], hands={a: ["fx-serum"]})
    garibaldi = add_card(st, a, "fx-garibaldi", "play")
    trader = add_card(st, b, "fx-trader", "play")
    st = act(st, {"type": "declare_conflict", "card": st["seats"][a]["hand"][0]}, a)
    st = until(st, "act", a)
    k = st["conflicts"][0]["id"]
    st = act(st, {"type": "support", "card": garibaldi, "conflict": k, "side": a}, a)
    st = act(st, {"type": "support", "card": trader, "conflict": k, "side": b}, b)
    st = until(st, "aftermath")
    assert st["conflicts"][0]["won"] is True and st["seats"][a]["rating"] == 6


def test_example_vicious_blow_adds_severe_damage_when_revealed():
    """A character contingency: reveal when the character has neutralized its target in an
    attack; the attacked character receives 2 more severe damage."""
    a, b = range(2)
    st = scenario(["human", "narn"], ratings=[4, 5], hands={a: ["fx-kidnap", "fx-vicious"]})
    garibaldi = add_card(st, a, "fx-garibaldi", "play")  # intrigue 3
    trader = add_card(st, b, "fx-trader", "play")          # intrigue 2
    garibaldi2 = add_card(st, a, "fx-talia", "play")
    st = act(st, {"type": "declare_conflict", "card": st["seats"][a]["hand"][0]}, a)
    st = until(st, "name_target", a)
    st = act(st, {"type": "name_target", "target": trader}, a)
    st = until(st, "act", a)
    k = st["conflicts"][0]["id"]
    vicious = next(h for h in st["seats"][a]["hand"] if S.title(st, h) == "Vicious Blow")
    st = act(st, {"type": "play_contingency", "card": vicious}, a)
    st = act(st, {"type": "choose", "target": garibaldi}, a)
    assert GAME.view(st, b)["seats"][a]["play"][-1] == {"id": None, "controller": a, "owner": a,
                                                          "face_down": True, "on": garibaldi}
    st = act(st, {"type": "oppose", "card": trader, "conflict": k}, b)
    st = act(st, {"type": "attack", "card": garibaldi}, a)
    st = act(st, {"type": "choose", "target": trader}, a)
    # Garibaldi attacks: asked, but the trigger is not met yet
    assert GAME.legal_actions(st, a) == [{"type": "keep_hidden"}]
    st = act(st, {"type": "keep_hidden"}, a)
    # the damage is dealt; Garibaldi neutralized his target: now it may be revealed
    assert st["pending"]["kind"] == "contingency" and st["pending"]["seat"] == a
    st = act(st, {"type": "reveal_contingency"}, a)
    t = st["cards"][trader]
    assert t["zone"] == "play" and t["neutralized"]
    # 3 damage against highest ability 2: neutralized, 1 excess severe, +2 severe from the blow
    assert t["severe"] == 3
    assert st["cards"][vicious]["zone"] == "discard"
    assert garibaldi2


def test_example_decisive_tactics_lasts_for_the_rest_of_the_turn():
    a, b = range(2)
    st = scenario(["human", "narn"], ratings=[4, 5], hands={a: ["fx-decisive"]})
    st = until(st, "act", a)
    sheridan = ambassador(st, a)
    st = act(st, {"type": "play_event", "card": st["seats"][a]["hand"][0]}, a)
    st = act(st, {"type": "choose", "target": sheridan}, a)
    assert V.ability(st, sheridan, "leadership") == 6
    st = until(st, "declare")  # next turn
    assert V.ability(st, sheridan, "leadership") == 4


def test_example_book_of_gquan_is_discarded_with_natoth():
    a, b = range(2)
    st = scenario(["narn", "human"], ratings=[4, 5], hands={a: ["fx-book"]})
    natoth = add_card(st, a, "fx-natoth", "play")
    st = until(st, "act", a)
    st = act(st, {"type": "sponsor", "card": st["seats"][a]["hand"][0], "by": ambassador(st, a)}, a)
    st = act(st, {"type": "choose", "target": natoth}, a)
    book = next(i for i in st["seats"][a]["play"] if S.title(st, i) == "Book of G'Quan")
    assert V.ability(st, natoth, "diplomacy") == 4
    combat.discard_from_play(st, natoth, "test")
    assert st["cards"][book]["zone"] == "discard"


def test_example_diplomatic_conflict_won_by_three_allows_won_and_any_aftermaths():
    """Won by only three points of support: still the winner — Any Diplomacy, Won Diplomacy,
    Any Conflict and Won Conflict aftermaths may be played (not Lost ones)."""
    a, b = range(2)
    st = scenario(["human", "narn"], ratings=[4, 5], hands={a: ["fx-dip"]})
    trader = add_card(st, b, "fx-trader", "play")  # diplomacy 1
    st = act(st, {"type": "declare_conflict", "card": st["seats"][a]["hand"][0]}, a)
    st = until(st, "name_target", a)
    st = act(st, {"type": "name_target", "target": b}, a)
    st = until(st, "act", a)
    k = st["conflicts"][0]["id"]
    st = act(st, {"type": "support", "card": ambassador(st, a), "conflict": k}, a)   # 3
    st = act(st, {"type": "oppose", "card": trader, "conflict": k}, b)              # 1
    st = act(st, {"type": "support", "card": st["seats"][a]["ambassador"], "conflict": k}, a) \
        if False else act(st, {"type": "pass"}, a)
    st = act(st, {"type": "pass"}, b)
    st = until(st, "aftermath")
    rec = st["conflicts"][0]
    assert rec["won"] and rec["totals"] == {"support": 3, "oppose": 1}
    kinds = {"any-diplomatic": ("any", "diplomatic"), "won-diplomatic": ("won", "diplomatic"),
             "any-any": ("any", "any"), "won-any": ("won", "any"), "lost-any": ("lost", "any"),
             "won-military": ("won", "military")}
    ok = {}
    for name, (res, con) in kinds.items():
        dd = F.aftermath(f"fx-{name}", name, res, con, None)
        iid = add_card(st, a, dd["id"], "hand", defs={dd["id"]: dd})
        ok[name] = bool(conflicts.aftermath_targets(st, a, iid, rec))
    assert ok == {"any-diplomatic": True, "won-diplomatic": True, "any-any": True, "won-any": True,
                  "lost-any": False, "won-military": False}


def test_example_sustained_action_leader_keeps_commanding_the_fleet():
    """A character leading a fleet may be left rotated in the Ready round: the fleet keeps the
    Leadership bonus with no gap."""
    a, b = range(2)
    st = scenario(["narn", "human"], ratings=[4, 5])
    fleet = add_card(st, a, "fx-narn-fleet", "play")
    leader = add_card(st, a, "fx-warleader", "play")
    st = until(st, "act", a)
    st = act(st, {"type": "lead_fleet", "card": leader, "fleet": fleet}, a)
    assert V.ability(st, fleet, "military") == 6
    st = until(st, "sustain", a)
    assert GAME.legal_actions(st, a) == [{"type": "sustain", "card": leader}, {"type": "ready_rest"}]
    st = act(st, {"type": "sustain", "card": leader}, a)
    assert st["pending"]["kind"] == "declare"
    assert st["cards"][leader]["rotated"] and V.ability(st, fleet, "military") == 6
    st = until(st, "sustain", a)
    st = act(st, {"type": "ready_rest"}, a)
    assert not st["cards"][leader]["rotated"] and V.ability(st, fleet, "military") == 3


def test_example_aftermath_without_a_target_damages_each_participating_fleet():
    """"An aftermath that deals 1 point of damage to each participating fleet targets all
    participating fleets in the conflict." """
    hulls = F.aftermath("fx-hulls", "Battered Hulls", "any", "military", "any",
                        [{"kind": "aftermath", "target": "all",
                          "effects": [{"damage": 1, "target": {"each": {"type": "fleet", "role": "any"}}}]}])
    a, b = range(2)
    st = scenario(["narn", "human"], ratings=[4, 5], hands={a: ["fx-raid"], b: ["fx-hulls"]},
                  extra={"fx-hulls": hulls})
    f1 = add_card(st, a, "fx-narn-fleet", "play")
    f2 = add_card(st, b, "fx-human-fleet", "play")
    idle = add_card(st, b, "fx-raiders", "play")
    st = act(st, {"type": "declare_conflict", "card": st["seats"][a]["hand"][0]}, a)
    st = until(st, "name_target", a)
    st = act(st, {"type": "name_target", "target": b}, a)
    st = until(st, "act", a)
    k = st["conflicts"][0]["id"]
    st = act(st, {"type": "support", "card": f1, "conflict": k}, a)
    st = act(st, {"type": "oppose", "card": f2, "conflict": k}, b)
    st = until(st, "aftermath", b)
    st = act(st, {"type": "play_aftermath", "card": st["seats"][b]["hand"][0]}, b)
    assert GAME.legal_actions(st, b) == [{"type": "choose", "target": "all"}]
    st = act(st, {"type": "choose", "target": "all"}, b)
    assert [st["cards"][f]["damage"] for f in (f1, f2, idle)] == [1, 1, 0]


def test_example_event_on_a_narn_character_may_target_any_narn_in_play():
    """A card giving +1 to a Narn character must target a Narn character, but any Narn in play,
    whichever faction controls it."""
    boost = F.card("fx-boost", "Narn Resolve", "event", "neutral", 0, limited=False, mechanics=[
        {"kind": "play", "target": {"type": "character", "race": "narn"},
         "effects": [{"modify": {"leadership": 1}, "target": "chosen"}]}])
    a, b = range(2)
    st = scenario(["human", "narn"], ratings=[4, 5], hands={a: ["fx-boost"]}, extra={"fx-boost": boost})
    narn_in_human_faction = add_card(st, a, "fx-warleader", "play")
    add_card(st, a, "fx-garibaldi", "play")
    st = until(st, "act", a)
    st = act(st, {"type": "play_event", "card": st["seats"][a]["hand"][0]}, a)
    assert {x["target"] for x in GAME.legal_actions(st, a)} == {narn_in_human_faction, ambassador(st, b)}


def test_example_contingency_triggered_when_the_character_is_attacked_may_prevent_the_attack():
    """"A character contingency might be triggered when the character is attacked" — revealing
    it may change or prevent the action under way."""
    dodge = F.card("fx-dodge", "Sidestep", "contingency", "neutral", 0, limited=False, attaches_to="character",
                   mechanics=[{"kind": "contingency", "trigger": "attacked", "effects": [{"prevent": True}]}])
    a, b = range(2)
    st = scenario(["human", "narn"], ratings=[4, 5], hands={0: ["fx-kidnap", "fx-dodge"]},
                  extra={"fx-dodge": dodge})
    g = add_card(st, 0, "fx-garibaldi", "play")
    n = add_card(st, 1, "fx-natoth", "play")
    t = add_card(st, 1, "fx-trader", "play")
    st = act(st, {"type": "declare_conflict", "card": st["seats"][0]["hand"][0]}, a)
    st = until(st, "name_target", a)
    st = act(st, {"type": "name_target", "target": t}, a)
    st = until(st, "act", a)
    k = st["conflicts"][0]["id"]
    st = act(st, {"type": "play_contingency", "card": st["seats"][0]["hand"][0]}, a)
    st = act(st, {"type": "choose", "target": g}, a)
    st = act(st, {"type": "pass"}, b)
    st = act(st, {"type": "support", "card": g, "conflict": k}, a)
    st = act(st, {"type": "attack", "card": n}, b)
    st = act(st, {"type": "choose", "target": g}, b)
    assert st["pending"] == {"seat": a, "kind": "contingency", "prompt": st["pending"]["prompt"]}
    st = act(st, {"type": "reveal_contingency"}, a)
    assert st["cards"][g]["damage"] == 0 and st["cards"][n]["damage"] == 0
    assert st["cards"][n]["rotated"]
