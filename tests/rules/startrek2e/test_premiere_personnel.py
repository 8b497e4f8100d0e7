"""Premiere cards that change personnel in play, played as printed (their authored mechanics
from the card database) through the reducer: Alternate Identity 1R120, Ari 1U229."""
import pytest

from rules.startrek2e import state as S
from rules.startrek2e import stats as ST
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects import filters as F
from rules.startrek2e.effects.render import render_card

from . import fixtures as FX
from .helpers import act, add_card, check_invariants, find, mission, options, put, real, started, turn_to

DB = card_db()


# -- Alternate Identity: replace a [Rom] personnel with one from hand -----------------------------
def test_alternate_identity_replaces_a_romulan_in_play_with_one_from_hand():
    st = started("alt-identity")
    planet = mission(st, 0, "T-P1")
    selveth = real(st, 0, "T-F1", "1U368", "pile", planet)
    st["cards"][selveth]["stopped"] = True
    mopak = real(st, 0, "T-F2", "1C362")
    S.move(st, mopak, "hand", 0)
    i = real(st, 0, "T-I2", "1R120")
    S.move(st, i, "hand", 0)
    st = turn_to(st, 0, "orders")
    counters = st["seats"][0]["counters"]
    st = act(st, {"type": "play", "card": i})
    st = act(st, {"type": "choose", "card": selveth})
    assert [o["card"] for o in options(st)] == [mopak]  # only [Rom] personnel from hand
    st = act(st, {"type": "choose", "card": mopak})
    m = st["cards"][mopak]
    assert (m["zone"], m["in"], m["commander"], m["stopped"]) == ("pile", planet, 0, True)  # its place, stopped too
    assert st["cards"][selveth]["zone"] == "discard"
    assert st["seats"][0]["counters"] == counters and not any(e["event"] == "played" and e.get("card") == mopak for e in st["log"])
    check_invariants(st)


def test_alternate_identity_keeps_uniqueness_and_replaces_nobody_without_a_romulan_in_hand():
    st = started("alt-unique")
    hq, planet = mission(st, 0, "T-HQF"), mission(st, 0, "T-P1")
    real(st, 0, "T-F1", "1U368", "pile", hq)  # Selveth (unique) in play
    thexor = real(st, 0, "T-F3", "1S377", "pile", planet)
    second = real(st, 0, "T-F2", "1U368")  # another Selveth in hand
    S.move(st, second, "hand", 0)
    i = real(st, 0, "T-I2", "1R120")
    S.move(st, i, "hand", 0)
    st = turn_to(st, 0, "orders")
    st = act(st, {"type": "play", "card": i})
    st = act(st, {"type": "choose", "card": thexor})
    # no legal replacement (only the second Selveth is in hand): nothing replaced, nothing discarded
    assert st["pending"]["kind"] == "orders" and second in st["seats"][0]["hand"]
    assert st["cards"][thexor]["zone"] == "pile"
    st2 = started("alt-none")
    thexor = real(st2, 0, "T-F3", "1S377", "pile", mission(st2, 0, "T-P1"))
    i = real(st2, 0, "T-I2", "1R120")
    S.move(st2, i, "hand", 0)
    st2 = turn_to(st2, 0, "orders")
    st2 = act(st2, {"type": "play", "card": i})
    st2 = act(st2, {"type": "choose", "card": thexor})
    assert st2["cards"][thexor]["zone"] == "pile" and st2["pending"]["kind"] == "orders"  # nothing replaced, nothing discarded


def test_alternate_identity_reads_as_the_engine_plays_it():
    assert render_card(DB["1R120"]) == [
        "Order - Replace one of your [Rom] personnel with a [Rom] personnel in your hand (it takes that card's place, "
        "stopped if that card was, without being played), then place that replaced personnel in its owner's discard pile."]


# -- Ari: "if you have a Gul or Legate at this mission, this personnel's cost -1" -----------------
def _ari(seed: str, gul_at: str | None):
    st = started(seed)
    st["extra_cards"]["X-HQC"] = FX.hq("X-HQC", "Cardassia", ["cardassian"])
    st["extra_cards"]["X-GUL"] = FX.personnel("X-GUL", "Gul", "cardassian", {"Leadership": 1}, keywords=("Gul",))
    hq = mission(st, 0, "T-HQF")
    st["cards"][hq]["guid"] = "X-HQC"
    if gul_at:
        real(st, 0, "T-F8", "X-GUL", "pile", hq if gul_at == "hq" else mission(st, 0, "T-P1"))
    ari = real(st, 0, "T-F6", "1U229")
    S.move(st, ari, "hand", 0)
    st = turn_to(st, 0, "play")
    st["seats"][0]["counters"] = 1
    st["pending"] = None
    from rules.startrek2e import flow
    return flow.advance(st), hq, ari


def test_ari_costs_one_less_where_you_have_a_gul():
    st, hq, ari = _ari("ari", "hq")
    assert {"type": "play", "card": ari, "at": hq} in options(st)  # cost 2 - 1 with one counter left
    st = act(st, {"type": "play", "card": ari, "at": hq})
    assert st["seats"][0]["counters"] == 0 and st["cards"][ari]["zone"] == "pile"
    assert next(e for e in st["log"] if e["event"] == "played" and e["card"] == ari)["cost"] == 1


def test_ari_costs_full_without_a_gul_at_that_mission():
    for where in (None, "planet"):
        st, hq, ari = _ari(f"ari-{where}", where)
        assert not [o for o in options(st) if o.get("card") == ari]
    assert render_card(DB["1U229"]) == [
        "When you play this personnel, if you command a Gul or Legate personnel at this mission, this personnel is Cost -1."]


# -- Marouk: each Gatherer at his mission gains Geology and loses Thief ---------------------------
def test_marouk_gatherers_at_his_mission_gain_geology_and_are_no_longer_thieves():
    from rules.startrek2e import stats as ST
    from rules.startrek2e.effects import extra as X
    from rules.startrek2e.effects import filters as F
    st = started("marouk")
    hq, planet = mission(st, 0, "T-HQF"), mission(st, 0, "T-P1")
    chorgan = real(st, 0, "T-F1", "1U322", "pile", hq)  # Gatherer, Thief
    dallan = real(st, 0, "T-F2", "1C323", "pile", planet)  # Gatherer, Thief — at another mission
    odo = real(st, 1, "T-K1", "1R220", "pile", hq)  # an opponent's Thief here "cannot use his abilities"
    marouk = real(st, 0, "T-F6", "1U335")
    S.move(st, marouk, "hand", 0)
    thief = {"keyword": "Thief"}
    ctx = F.ctx_for(st, odo)
    assert X.blanked(st, chorgan) and F.matches(st, chorgan, thief, ctx)
    st = turn_to(st, 0, "play")
    st = act(st, {"type": "play", "card": marouk, "at": hq})
    assert ST.value(st, chorgan, "Geology") == 1 and not F.matches(st, chorgan, thief, ctx)
    assert not X.blanked(st, chorgan)  # no longer a Thief: Odo's text leaves him alone
    assert ST.value(st, dallan, "Geology") == 0 and F.matches(st, dallan, thief, ctx)
    assert ST.value(st, marouk, "Geology") == 0 and ST.value(st, odo, "Geology") == 0
    assert F.matches(st, chorgan, {"keyword": "Gatherer"}, ctx)  # still a Gatherer
    check_invariants(st)
    assert render_card(DB["1U335"]) == ["Each Gatherer personnel at this mission gains Geology.",
                                        "Each Gatherer personnel at this mission loses the keyword Thief."]


# -- Movar: [Kli] ships in your hand cost -1 ------------------------------------------------------
def test_movar_lowers_the_cost_of_klingon_ships_in_hand_only():
    """The static's FILTER ``scope: hand`` is honoured when the engine matches one card (a
    ship already in play keeps its printed cost; a ship in the opponent's hand too)."""
    extra = add_card({}, FX.personnel("X-KT", "Agent", "klingon", {"Treachery": 1}, unique=False))
    st = started("movar", extra=extra)
    planet = mission(st, 1, "T-HQK")
    for old in ("T-K3", "T-K4"):
        i = find(st, 1, old)
        st["cards"][i]["guid"] = "X-KT"
        put(st, 1, "X-KT", "pile", planet)
    real(st, 1, "T-K5", "1S363", "pile", planet)
    in_hand = find(st, 1, "T-SK")
    S.move(st, in_hand, "hand", 1)
    printed = ST.printed(st, in_hand, "cost")
    assert printed == 3
    assert ST.value(st, in_hand, "cost") == printed - 1
    flying = find(st, 1, "T-SK")
    S.move(st, flying, "ships", planet)
    st["cards"][flying]["commander"] = 1
    assert ST.value(st, flying, "cost") == printed


def test_an_unknown_filter_key_raises():
    st = started("unknown-key")
    with pytest.raises(ValueError, match="unknown FILTER key"):
        F.matches(st, find(st, 0, "T-F1"), {"no_such_key": True}, {"you": 0, "opp": 1, "source": None})


def test_an_unknown_condition_key_raises():
    st = started("unknown-condition")
    with pytest.raises(ValueError, match="unknown CONDITION key"):
        F.condition(st, {"no_such_key": True}, {"you": 0, "opp": 1, "source": None, "refs": {}})
