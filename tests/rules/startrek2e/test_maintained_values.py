"""Maintained values equal a from-scratch computation after every event (issue 13, item 1).

Star Trek's engine asks every card in play for its statics, triggers and keywords several
times per event; ``state.abilities`` / ``state.numbered_abilities`` answer from an index
made once per card definition instead of rescanning the card's text. After every event of
random and purposeful games the index must equal a scan of each card's ``mechanics``, and
the statics in play must equal the old full scan, and the cards a seat may play, listed
with the statics in play listed once (``stats.frozen``), must equal a listing that reads
them afresh for every cost.
"""
from __future__ import annotations

import pytest

from rules.startrek2e import play as P
from rules.startrek2e import state as S
from rules.startrek2e import stats
from rules.startrek2e.effects import extra as X
from rules.startrek2e.effects import filters as F
from tests.support.playing import bot_chooser, new_game, play, random_chooser


def scanned_sources(state: dict) -> dict:
    """``stats._compute_sources`` as it was: every card's whole text scanned for statics."""
    out: dict = {}
    blk = X.blankers(state)
    on_missions = [d for m in S.all_missions(state) for d in state["cards"][m].get("on", ())]
    for iid in S.cards_in_play(state) + on_missions:
        if state["cards"][iid].get("stopped") or (blk and X.blanked(state, iid, blk)):
            continue
        for ab in S.mechanics(state, iid):
            if ab.get("kind") == "static":
                key = "__keywords__" if "keywords" in ab else ab["modify"].get("stat")
                out.setdefault(key, []).append((iid, ab, F.ctx_for(state, iid)))
    costs = X.skills_costs(state)
    if costs:
        out["__skills_cost__"] = costs
    return out


def assert_index_equals_scan(state: dict) -> None:
    for iid in state["cards"]:
        texts = S.mechanics(state, iid)
        for kind in {ab.get("kind") for ab in texts}:
            assert list(S.numbered_abilities(state, iid, kind)) == [(k, ab) for k, ab in enumerate(texts) if ab.get("kind") == kind]
            assert list(S.abilities(state, iid, kind)) == [ab for ab in texts if ab.get("kind") == kind]
        assert S.abilities(state, iid, "no such kind") == ()
    assert stats._compute_sources(state) == scanned_sources(state)
    with stats.frozen(state):  # listed once while the state is only read
        assert X.blankers(state) == X._blankers(state) and X.blankers(state) is X.blankers(state)
        assert X.skills_costs(state) == X._skills_costs(state)
    for seat in range(len(state["seats"])):  # the plays listed with the statics frozen once
        for orders in (False, True):
            assert P.legal(state, seat, orders=orders) == P._legal(state, seat, orders)


GAMES = [("random", 2, "maintained-r0"), ("random", 2, "maintained-r1"), ("bot", 2, "maintained-b0"),
         ("random", 3, "maintained-r3p")]


@pytest.mark.parametrize("kind,players,seed", GAMES)
def test_ability_index_equals_a_scan_of_every_card_after_every_event(kind, players, seed):
    game, state = new_game("startrek2e", players, seed, offset=len(seed))
    chooser = random_chooser(seed) if kind == "random" else bot_chooser(game, seed)
    n = 0
    for n, state in play(game, state, chooser, max_events=600):
        assert_index_equals_scan(state)
    assert n > 50
