"""Energize audit (issue 17): 20 Energize cards drawn at random (seed 17) and compared with their
printed text, mechanics and rendered text. Each unfaithful reading found is fixed at its pattern
(every card the same construct touches, Premiere too); each test here fails without its fix."""
from rules.startrek2e import state as S
from rules.startrek2e import stats as ST
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card

from . import fixtures as FX
from .helpers import act, add_card, check_invariants, find, mission, options, put, real, started, turn_to

DB = card_db()


def _text(cid: str) -> str:
    return " ".join(render_card(DB[cid]))


# ------------------------------------------------ "when you play …": whose play a response answers
def test_a_response_to_a_card_played_says_it_answers_your_plays_only():
    """Deep Roots: "When you play a Bajoran Resistance personnel" — the engine answered only its
    player's plays, but the text read "When a card is played, if that card is a Bajoran Resistance
    personnel" (the trigger card's owner was dropped). Same for Benjamin Sisko, The Viceroy,
    K'mpec and Sickbay ("When your personnel is about to be killed by a dilemma")."""
    assert _text("2R040").startswith("Plays in your core. When you play a Bajoran Resistance personnel, you may")
    assert "When you play another Bajoran personnel at this mission (except a Treachery personnel)" in _text("1R209")
    assert "When you play {Shinzon} or other Reman card at this mission" in _text("1R376")
    assert "When you play a Klingon Honor personnel at this mission" in _text("2R136")
    assert "if that card is your personnel, it is by a dilemma" in _text("2U062")
    assert "a unique [Car] personnel" in _text("2U033")  # not "an unique"


# ------------------------------------------------ a card chosen while paying a cost: said, not "that card"
def test_a_card_chosen_while_paying_a_cost_is_said_where_the_text_first_names_it():
    """Drex: "Return this personnel to his owner's hand to kill an opponent's personnel present who
    costs 2 or less" read "… to kill that card" (the choice made while paying is not said in the
    cost, and nothing said what "that card" was). Every card whose cost chooses a card so."""
    assert _text("2R135") == ("Order - Return this personnel to its owner's hand to kill an opponent's personnel "
                              "present with cost 2 or less.")
    assert "to kill an opponent's personnel involved" in _text("2R107")  # Kurn (a response: cost first)
    assert "return one of your Assassin personnel to its owner's hand to kill one of an opponent's personnel " \
           "present with that personnel" in _text("2R031")  # Assassination Plot
    assert "to kill an opponent's Treachery personnel present" in _text("1R226")  # Trazko
    assert "to destroy an opponent's event" in _text("1R275")  # Luther Sloan
    for cid, card in DB.items():
        for ab in card["mechanics"] or []:
            if any("remember" in c for c in ab.get("cost") or []):
                assert "that card" not in _text(cid), cid


# ------------------------------------------------ Peldor Joi: "where that personnel could be played"
def _peldor(seed: str, allow_bajoran: bool):
    extra: dict = {}
    for n in range(3):
        add_card(extra, FX.personnel(f"X-BAJ{n}", f"Militia {n}", "bajoran", {"Security": 1}, unique=False))
    st = started(seed, extra=extra)
    hq = mission(st, 0, "T-HQF")
    if allow_bajoran:
        card = st["extra_cards"]["T-HQF"]
        st["extra_cards"]["T-HQF"] = {**card, "mechanics": [{"kind": "headquarters",
                                                             "affiliations": ["federation", "non-aligned", "bajoran"]}]}
    for n, old in enumerate(("T-F2", "T-F3", "T-F5")):  # three [Baj] personnel he commands
        st["cards"][find(st, 0, old)]["guid"] = f"X-BAJ{n}"
        put(st, 0, f"X-BAJ{n}", "pile", hq)
    kira = real(st, 0, "T-F1", "1R216", "discard", 0)  # Kira Nerys: a [Baj] personnel in his discard pile
    peldor = real(st, 0, "T-EV4", "2U051", "hand", 0)
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": peldor})
    while st["pending"] and st["pending"]["kind"] in ("choose", "yes_no"):
        st = act(st, options(st)[0] if st["pending"]["kind"] == "choose" else {"type": "yes_no", "yes": False})
    return st, kira, hq


def test_peldor_joi_places_a_bajoran_from_the_discard_pile_only_where_he_could_be_played():
    """"Take a [Baj] personnel from your discard pile and place him or her on your headquarters
    mission where that personnel could be played": a headquarters that does not let you play [Baj]
    cards takes none (the mechanics lacked ``as_played``, as Life Support and Common Ground have)."""
    st, kira, hq = _peldor("peldor-earth", allow_bajoran=False)
    assert st["cards"][kira]["zone"] == "discard"
    check_invariants(st)
    st, kira, hq = _peldor("peldor-bajoran-hq", allow_bajoran=True)
    assert st["cards"][kira]["zone"] == "pile" and st["cards"][kira]["in"] == hq
    check_invariants(st)
    assert ("Each of your opponents may take a personnel from his or her discard pile into his or her hand"
            in _text("2U051"))  # it is his pile and his hand, not yours


# ------------------------------------------------ Valjean: "If it is not a personnel" needs a card
def test_valjean_gains_nothing_when_the_opponents_deck_is_empty():
    """"Reveal the top card of an opponent's deck. If it is not a personnel, place it on the bottom
    … to make this ship attributes +2": with nothing revealed there is nothing to place, so no +2
    (``not`` of a remembered card's match was true for no card at all)."""
    for empty in (True, False):
        st = started(f"valjean-{empty}")
        space = mission(st, 0, "T-S1")
        valjean = real(st, 0, "T-SF", "2R173", "ships", space)
        for g in ("T-F1", "T-F3", "T-F5", "T-F7"):
            put(st, 0, g, "aboard", valjean)
        deck = st["seats"][1]["deck"]
        if empty:
            for c in list(deck):
                S.move(st, c, "discard", 1)
        else:  # a card that is not a personnel on top
            top = next(c for c in deck if S.ctype(st, c) != "personnel")
            deck.remove(top)
            deck.insert(0, top)
        weapons = ST.value(st, valjean, "weapons")
        st = turn_to(st, 0, "orders")
        st = act(st, {"type": "order", "card": valjean, "ability": 0})
        while st["pending"] and st["pending"]["kind"] == "respond":
            st = act(st, {"type": "pass"})
        assert ST.value(st, valjean, "weapons") == weapons + (0 if empty else 2), empty
        check_invariants(st)
