"""Star Trek 2E's listings computed from scratch: the oracle the engine's indexed listings
are checked against (tests/rules/startrek2e/test_maintained_values.py).

Each function is the computation as it was before an optimisation: every card in play is
walked and each card's own grouping of its text (``state._by_kind``) is asked, one call per
card. Slow on purpose; never used by the engine.
"""
from __future__ import annotations

from rules.startrek2e import state as S

# every key the engine lists cards in play by (a kind, or a keyword's name)
KEYS = ("static", "trigger", "order", "action", "response", "damage", "interrupt",
        ("keyword", "blank_abilities"), ("keyword", "skills_cost"), ("keyword", "attempt_cost"))


def cards_in_play(state: dict) -> list:
    """Every card in play, walked as ``state._cards_in_play`` did."""
    out = []
    for seat in state["seats"]:
        out += seat["core"]
        for e in seat["core"]:
            for s in state["cards"][e].get("ships", ()):
                out.append(s)
                out += state["cards"][s]["aboard"]
        for m in seat["missions"]:
            out.append(m)
            mc = state["cards"][m]
            out += mc["pile"]
            for s in mc["ships"]:
                out.append(s)
                out += state["cards"][s]["aboard"]
    for i in list(out):
        out += state["cards"][i].get("attached", [])
    return out


def in_play_having(state: dict, key, cards: list | None = None) -> list:
    """The cards in play (or of ``cards``) whose text has ``key``, each card's text asked."""
    local = state["extra_cards"]
    out = []
    for iid in cards_in_play(state) if cards is None else cards:
        guid = state["cards"][iid]["guid"]
        d = local[guid] if local and guid in local else S.card_db_for(state)[guid]
        if key in S._by_kind(d):
            out.append(iid)
    return out


def keys_of(state: dict) -> set:
    """:data:`KEYS` and every kind and keyword the texts of the state's cards have."""
    keys = set(KEYS)
    for iid in state["cards"]:
        for ab in S.mechanics(state, iid):
            keys.add(ab.get("kind"))
            if ab.get("kind") == "keyword":
                keys.add(("keyword", ab.get("keyword")))
    return keys


def trigger_events(state: dict) -> set:
    """Every event a trigger or damage text of the state's cards hears."""
    return {ab["on"] for iid in state["cards"] for ab in S.mechanics(state, iid)
            if ab.get("kind") in ("trigger", "damage") and isinstance(ab.get("on"), str)}
