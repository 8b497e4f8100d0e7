"""Premiere cards that change personnel in play, played as printed (their authored mechanics
from the card database) through the reducer: Alternate Identity 1R120."""
from rules.startrek2e import state as S
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.render import render_card

from .helpers import act, check_invariants, mission, options, real, started, turn_to

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
