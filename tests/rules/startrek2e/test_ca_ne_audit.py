"""Call to Arms / Necessary Evil audit (issue 17): 30 authored cards drawn at random —
``random.Random(1125).sample`` of the sorted primary ids of the CA and NE cards authored with game
text on main at 11fd36c..9bfd7aa (334 cards) — each compared with its printed text (card database,
read by the importer from ``../shared/cards``), its mechanics and its rendered text. ``AUDIT`` holds
the verdicts; each unfaithful reading is fixed at its pattern (every authored card it touches) with a
test here or in ``test_fidelity_issue17.py`` that fails without the fix."""
from rules.startrek2e import dilemmas as D
from rules.startrek2e import state as S
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card
from rules.startrek2e.effects.schema import validate_mechanics

from .helpers import act, check_invariants, options, pass_responses, put, real, turn_to
from .test_fidelity_issue17 import _authored, _printed, _three, needs_shared

DB = card_db()

OK, FIXED, OPEN = "faithful", "fixed", "open"
AUDIT = {  # id: (title, verdict, what was found)
    "3C003": ("Close Call", OK, ""),
    "3C004": ("Confined to Quarters", OK, "'choose one of those personnel' = the player facing it"),
    "3C142": ("Davin", FIXED, "'an opponent's deck' read the player on the left: choose_opponent (24 cards)"),
    "3R019": ("Overwhelmed", OK, ""),
    "3R057": ("Steeled By Loss", OK, ""),
    "3R074": ("Our Death is Glory to the Founders", OK, ""),
    "3R132": ("Locutus", OK, ""),
    "3R175": ("Jack", FIXED, "'a random card from an opponent's hand': choose_opponent"),
    "3R180": ("Reginald Barclay", OK, ""),
    "3S015": ("Inside Collaborators", OK, ""),
    "3S158": ("Kilana", OK, ""),
    "3U136": ("Reclamation Drone", OK, ""),
    "3U187": ("Larg", OK, "'Assault and Maneuver event' = an event with either keyword"),
    "4C002": ("A Pleasant Surprise", OK, ""),
    "4C005": ("B'omar Stipulations", OK, ""),
    "4C013": ("Echo Papa Stasis Field", OK, ""),
    "4C099": ("Anneli", FIXED, "'an event in your core' read 'an event you command' (in_core); rendered 'in a core'"),
    "4C164": ("Reide", FIXED, "'two random cards from an opponent's hand': choose_opponent"),
    "4C177": ("Taul", OK, ""),
    "4R007": ("Biochemical Hyperacceleration", OK, "'cannot use their skills while facing this dilemma' = lose_skills"),
    "4R009": ("Broken Captive", FIXED, "a dilemma's 'your opponent' read every opponent (a third player's captives): "
                                       "that_opp in the dilemma context, also Formal Hearing's cost"),
    "4R040": ("At What Cost?", OK, ""),
    "4R044": ("Caught in the Act", FIXED, "3+ players: 'that opponent' (whose personnel is present with the stopped "
                                          "Cardassians) was the player on the left (also Pardek)"),
    "4R106": ("Leeta", OK, ""),
    "4U041": ("Battle Lust", OK, "'randomly kill another personnel involved' read as another of the opponent's"),
    "4U092": ("One-Upsmanship", OK, ""),
    "4U093": ("Operational Necessity", OK, ""),
    "4U109": ("Surmak", FIXED, "'each opponent … he or she commands' read one opponent (each_opponent)"),
    "4U122": ("Rusot", FIXED, "'more events in your core' read events you command (in_core)"),
    "4U171": ("Parem", OK, ""),
}


def test_the_audited_cards_are_authored_valid_and_rendered():
    assert len(AUDIT) == 30
    assert sum(v == FIXED for _, v, _ in AUDIT.values()) == 8 and sum(v == OPEN for _, v, _ in AUDIT.values()) == 0
    for cid, (title, verdict, _) in AUDIT.items():
        assert DB[cid]["title"] == title and DB[cid]["set"] in ("CA", "NE")
        assert DB[cid]["mechanics"] and validate_mechanics(DB[cid]["mechanics"]) == [], cid
        assert render_card(DB[cid]), cid
    assert render_card(DB["4C099"])[0] == "While you command an event in your core, this personnel is Integrity +1."
    assert render_card(DB["4U122"])[0].startswith("While you command more events in your core than each of your")


# ------------------------------------------------ "an opponent's deck / hand / dilemma pile": you choose him
_THAT_OPPONENT = {  # "an opponent" named by the event answered, or "that opponent" of a card present
    "2U046": "Kotra: 'when an opponent discards …' (the event's player)",
    "1R261": "Deanna Troi: 'when an opponent … a card in your hand or deck' (the event's player)",
}


@needs_shared
def test_every_an_opponents_deck_or_hand_text_lets_you_choose_the_opponent():
    """"Discard the top card of an opponent's deck" (Davin), "a random card from an opponent's hand"
    (Jack, Reide, Borath), "the top cards of an opponent's dilemma pile" (Nog, Worf, Lauren): with more
    than two players the player chooses which opponent (verb ``choose_opponent``); it read the player
    on his left. Every authored card whose printed text says so (Premiere to Fractured Time)."""
    import json
    import re
    printed, wrong = _printed(), []
    said = re.compile(r"an opponent's (deck|hand|dilemma pile)|top (card|cards) of an opponent", re.I)
    for cid, card in _authored().items():
        base = cid.split("~")[0]
        if said.search(printed.get(base, "")) and base not in _THAT_OPPONENT \
                and '"choose_opponent"' not in json.dumps(card["mechanics"]):
            wrong.append(f"{cid} {card['title']}")
    assert not wrong, wrong


def test_davin_and_reide_act_on_the_opponent_their_player_chooses():
    """Three players. Davin: "When you play this personnel, discard the top card of an opponent's deck":
    seat 0 chooses seat 2, whose top card is discarded (seat 1's was, always). Reide: "place two random
    cards from an opponent's hand on top of his or her deck": seat 2's."""
    from rules.startrek2e import flow
    from rules.startrek2e.triggers import fire
    st = _three("davin-3")
    tops = {s: st["seats"][s]["deck"][0] for s in (1, 2)}
    davin = real(st, 0, "T-F6", "3C142", "pile", next(m for m in st["seats"][0]["missions"]
                                                       if S.mission_type(st, m) == "headquarters"))
    st = turn_to(st, 0, "play")
    fire(st, "play_self", card=davin, seat=0)
    st["pending"] = None
    st = flow.advance(st)
    assert options(st) == [{"type": "choose", "seat": 1}, {"type": "choose", "seat": 2}]
    st = pass_responses(act(st, {"type": "choose", "seat": 2}))
    assert st["cards"][tops[2]]["zone"] == "discard" and st["cards"][tops[1]]["zone"] == "deck"
    check_invariants(st)

    st = _three("reide-3")
    hq = next(m for m in st["seats"][0]["missions"] if S.mission_type(st, m) == "headquarters")
    reide = real(st, 0, "T-F6", "4C164", "pile", hq)
    for g in ("T-F1", "T-F2"):  # two [Maq] cards in hand to pay
        st["extra_cards"][g] = {**st["extra_cards"][g], "icons": ["maquis"]}
        put(st, 0, g, "hand", 0)
    hands = {s: list(st["seats"][s]["hand"]) for s in (1, 2)}
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": reide, "ability": 0})
    while st["pending"]["seat"] == 0 and st["pending"]["kind"] == "choose" and "card" in options(st)[0]:
        st = act(st, options(st)[0])  # the cost: two [Maq] cards
    st = pass_responses(st)
    assert options(st) == [{"type": "choose", "seat": 1}, {"type": "choose", "seat": 2}]
    st = pass_responses(act(st, {"type": "choose", "seat": 2}))
    assert st["seats"][1]["hand"] == hands[1] and len(st["seats"][2]["hand"]) == len(hands[2]) - 2
    check_invariants(st)


# ------------------------------------------------ a dilemma's "your opponent" is its owner only
def test_a_dilemmas_your_opponent_is_its_owner_not_every_opponent():
    """A dilemma's context names its owner as the one opponent ("that opponent"): Formal Hearing's "For
    each event your opponent commands in his or her core, this dilemma is cost -1" counts its owner's
    events only (a third player's were counted too); the same context is Broken Captive's "Your opponent
    chooses one of his or her captives" (the captives in every opponent's brig were offered)."""
    st = _three("formal-hearing-3")
    hearing = real(st, 1, "T-D1", "4U014", None)
    for s in (1, 2):
        for g in ("T-EV1", "T-EV3"):
            c = put(st, s, g, "core", s)
            st["cards"][c]["commander"] = s
    st["attempt"] = {"seat": 0, "dilemma_owner": 1}
    assert D.cost(st, hearing) == max(0, DB["4U014"]["cost"] - 2)


def test_that_opponent_present_is_the_one_whose_personnel_is_there():
    """Three players; only seat 2's personnel is at the mission. Pardek: "If this personnel is present with
    an opponent's personnel, return this personnel to his owner's hand to reveal the top four cards of that
    opponent's deck" — seat 2's deck (the personnel he is present with is chosen while paying). Caught in
    the Act: "Stop two of your [Car] personnel present together with an opponent's personnel … to reveal
    the top card of that opponent's deck" — seat 2's. Both revealed seat 1's (the player on the left)."""
    st = _three("pardek-3")
    m = next(x for x in st["seats"][0]["missions"] if S.mission_type(st, x) == "planet")
    pardek = real(st, 0, "T-F6", "3R196", "pile", m)
    put(st, 2, "T-F5", "pile", m)
    top4 = st["seats"][2]["deck"][:4]
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": pardek, "ability": 0})
    while st["pending"]["kind"] in ("choose", "respond"):
        st = act(st, {"type": "pass"} if st["pending"]["kind"] == "respond" else options(st)[-1])
    shown = [e["cards"] for e in st["log"] if e["event"] == "revealed_cards"]
    assert shown and shown[-1] == top4
    check_invariants(st)

    st = _three("caught-3")
    m = next(x for x in st["seats"][0]["missions"] if S.mission_type(st, x) == "planet")
    caught = real(st, 0, "T-EV2", "4R044", "core", 0)
    st["cards"][caught]["commander"] = 0
    for g in ("T-F1", "T-F3"):  # two [Car] personnel
        st["extra_cards"][g] = {**st["extra_cards"][g], "affiliations": ["cardassian"], "affiliation": "cardassian"}
        put(st, 0, g, "pile", m)
    put(st, 2, "T-F5", "pile", m)
    top = st["seats"][2]["deck"][0]
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "order", "card": caught, "ability": 1})
    while st["pending"]["kind"] in ("choose", "respond"):
        st = act(st, {"type": "pass"} if st["pending"]["kind"] == "respond" else options(st)[0])
    shown = [e["cards"] for e in st["log"] if e["event"] == "revealed_cards"]
    assert shown and shown[-1] == [top]
    check_invariants(st)
