"""The rules-fidelity patterns of issue 12 (Star Trek 2E), each played with real Premiere
cards: the root fix is in the engine or the effect language, and these tests fail without it."""
from rules.startrek2e import flow

from . import fixtures as FX
from .helpers import act, add_card, check_invariants, find, mission, options, put, real, started, turn_to
from rules.startrek2e.effects import frames as FR


def _playable(st, iid):
    st["pending"] = None
    st = flow.advance(st)
    return st, bool([o for o in options(st, "play") if o.get("card") == iid])


# ------------------------------------------------ (7) "you must command three X": unstopped
def test_the_pillage_of_bajor_needs_three_unstopped_cardassians():
    """The Pillage of Bajor: "To play this event, you must command three [Car] personnel."
    Rulebook, Stopped: texts that require you to command a personnel work only with unstopped
    ones. Two unstopped and one stopped Cardassian are not enough (they used to be)."""
    extra = {}
    for n in range(3):
        add_card(extra, FX.personnel(f"X-CAR{n}", f"Glinn {n}", "cardassian", {"Security": 1}, unique=False))
    st = turn_to(started("pillage", extra=extra), 0, "play")
    pillage = real(st, 0, "T-EV4", "1U116", "hand", 0)
    hq = mission(st, 0, "T-HQF")
    cards = []
    for n, old in enumerate(("T-F2", "T-F3", "T-F5")):  # three of his personnel become Cardassians
        iid = find(st, 0, old)
        st["cards"][iid]["guid"] = f"X-CAR{n}"
        cards.append(put(st, 0, f"X-CAR{n}", "pile", hq))
    st["seats"][0]["counters"] = 7
    st, ok = _playable(st, pillage)
    assert ok
    st["cards"][cards[0]]["stopped"] = True
    st, ok = _playable(st, pillage)
    assert not ok



# ------------------------------------------------ (9) Morka, Alidar Jarok, Comfort Women
def test_morka_does_not_answer_a_card_his_own_player_places():
    """Morka: "When an opponent is about to place a card on top of his or her deck …". Bo'rak
    (Morka's own player's card) puts the opponent's download on top of the opponent's deck:
    the opponent is not the one placing it, so Morka is not offered (he used to be)."""
    from .test_premiere_deck import _downloading
    st, lucky, (borak, morka) = _downloading("morka-borak", morka=True)
    st = act(st, {"type": "play", "card": lucky})
    pick = next(o["card"] for o in options(st) if o["card"])
    st = act(st, {"type": "choose", "card": pick})
    assert not (st["pending"]["kind"] == "respond"
                and {"type": "respond", "card": morka, "ability": 0} in options(st))
    assert st["seats"][0]["deck"][0] == pick  # Bo'rak's placing stands


def test_alidar_jarok_asks_for_each_deck_on_its_own():
    """Alidar Jarok: "for each player who commands a [Rom] personnel, you may examine the top
    four cards of his or her deck": declining one deck still leaves the other to decide (one
    yes used to cover both)."""
    from rules.startrek2e.triggers import fire
    extra = {}
    add_card(extra, FX.personnel("X-ROM", "Centurion", "romulan", {"Security": 1}, species="Romulan"))
    st = started("alidar", extra=extra)
    hq0, hq1 = mission(st, 0, "T-HQF"), mission(st, 1, "T-HQK")
    alidar = real(st, 0, "T-F6", "1U354", "pile", hq0)
    for seat, old, hq in ((0, "T-F8", hq0), (1, "T-K3", hq1)):
        iid = find(st, seat, old)
        st["cards"][iid]["guid"] = "X-ROM"
        put(st, seat, "X-ROM", "pile", hq)
    st = turn_to(st, 0, "play")
    fire(st, "play_self", card=alidar, seat=0)
    st, asked = _decide_all(st)
    assert asked == 2
    check_invariants(st)


def _decide_all(st):
    """Answer "no" to every yes/no question of seat 0 and pass every response window;
    returns how many yes/no questions were asked."""
    asked = 0
    st["pending"] = None
    st = flow.advance(st)
    while st["pending"]["kind"] in ("yes_no", "respond"):
        if st["pending"]["kind"] == "yes_no":
            asked += 1
            st = act(st, {"type": "yes_no", "yes": False})
        else:
            use = [o for o in options(st) if o.get("type") == "respond"]
            if use:  # the old optional trigger: one response covering both decks
                st = act(st, use[0])
                asked += 1
                continue
            st = act(st, {"type": "pass"})
    return st, asked


def test_comfort_women_is_offered_later_in_the_attempt_too():
    """Comfort Women: "When your Gul or Legate is attempting a mission, …" — a state, not a
    moment: passed as the attempt begins, it is offered again when a dilemma is revealed (it
    used to be offered only as the attempt began)."""
    from rules.startrek2e import state as S
    extra = {}
    add_card(extra, FX.personnel("X-GUL", "Gul", "cardassian", {"Leadership": 1}, keywords=("Gul",)))
    st = started("comfort-later", extra=extra)
    m = mission(st, 0, "T-P1")
    st["cards"][find(st, 0, "T-F6")]["guid"] = "X-GUL"
    put(st, 0, "X-GUL", "pile", m)
    put(st, 0, "T-F4", "pile", m)
    comfort = real(st, 0, "T-I2", "1U123")
    S.move(st, comfort, "hand", 0)
    st["seats"][0]["when_events"] = sorted(set(st["seats"][0]["when_events"]) | {"attempt_begins", "dilemma_revealed"})
    pile = st["seats"][1]["dilemmas"]
    d = next(i for i in pile if st["cards"][i]["guid"] == "T-D2")
    pile.remove(d)
    pile.insert(0, d)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "attempt", "mission": m})
    offered_at = []
    for _ in range(40):
        p = st["pending"]
        if p["kind"] == "respond":
            if {"type": "respond", "card": comfort, "ability": 0} in options(st):
                offered_at.append("begins")
            if {"type": "respond", "card": comfort, "ability": 1} in options(st):
                offered_at.append("revealed")
                break
            st = act(st, {"type": "pass"})
        elif p["kind"] == "choose_dilemma" and p["seat"] == 1:
            opts = [o for o in options(st) if o.get("card") == d]
            st = act(st, opts[0] if opts else {"type": "choose_dilemma", "card": None})
        else:
            break
    assert offered_at == ["begins", "revealed"]


# ------------------------------------------------ (10) ties in "the highest X": the dilemma's owner
def test_unscientific_method_the_dilemmas_owner_breaks_a_tie():
    """Unscientific Method: "The most Cunning Science personnel who does not have Treachery is
    killed." Two Science personnel tie at Cunning 6: the dilemma's owner (the official English
    glossary: the player who commands the card specifying the selection) picks which — the
    attempting player used to (RULES.md "Ties in selections")."""
    from rules.startrek2e import state as S
    from rules.startrek2e.cards import card_db
    from rules.startrek2e.effects import filters as F
    extra = {}
    for n in range(2):
        add_card(extra, FX.personnel(f"X-SCI{n}", f"Scientist {n}", "federation", {"Science": 1}, cunning=6))
    st = started("unscientific", extra=extra)
    planet = mission(st, 0, "T-P1")
    team = []
    for n, old in enumerate(("T-F2", "T-F3")):
        st["cards"][find(st, 0, old)]["guid"] = f"X-SCI{n}"
        team.append(put(st, 0, f"X-SCI{n}", "pile", planet))
    team.append(put(st, 0, "T-F5", "pile", planet))  # no Science
    dilemma = st["seats"][1]["dilemmas"][0]
    st["extra_cards"]["1R058"] = card_db()["1R058"]
    st["cards"][dilemma]["guid"] = "1R058"
    st["attempt"] = {"seat": 0, "mission": planet, "ship": None, "personnel": team, "dilemma_owner": 1,
                     "budget": 1, "spent": 0, "current": dilemma, "resolving": True}
    FR.push(st, S.card_def(st, dilemma)["mechanics"][0]["effects"][:1], F.ctx_for(st, dilemma, you=0, dilemma=True))
    st["pending"] = None
    st = flow.advance(st)
    assert st["pending"]["kind"] == "choose" and st["pending"]["seat"] == 1
    assert sorted(o["card"] for o in options(st)) == sorted(team[:2])
    st = act(st, {"type": "choose", "card": team[1]})
    assert st["cards"][team[1]]["zone"] == "discard" and st["cards"][team[0]]["zone"] == "pile"
