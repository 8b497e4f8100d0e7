"""The tournament reducer, its hash chain, the Swiss matching and the standings against a
table worked by hand (the README's formulas)."""
from __future__ import annotations

import pytest

from rules.aggregates import tournament_standings as S
from rules.aggregates import tournaments as T
from rules.errors import Conflict, InvalidRequest
from service import pairing

AT = "2026-01-01T00:00:00.000Z"


def _fold(events: list[dict], game: str = "stargate", table_sizes=(2, 2)) -> dict:
    state = None
    created = T.event("created", AT, tournament_id="t1", name="Cup", game=game, ruleset="default", format="swiss",
                      rounds=3, table_sizes=list(table_sizes), clock=None, round_hours=24, organiser="org",
                      judges=["judge"], cut=None)
    for ev in [created, *events]:
        state = T.apply(state, {**ev, "prev": T.GENESIS if state is None else state["head"]})
    return state


def _reg(p: str) -> dict:
    return T.event("registered", AT, player_id=p, name=p.upper(), deck="d", salt="s", deck_commitment="c")


def _round(n: int, tables: list[list[str]], byes: list[str]) -> dict:
    return T.event("round_paired", AT, round=n, phase="swiss", byes=byes, deadline=AT, manual=None, slots=None,
                   tables=[{"table": i + 1, "players": t, "match_id": f"m{n}{i}"} for i, t in enumerate(tables)])


def _result(n: int, table: int, winners: list[str], scores: dict | None) -> dict:
    return T.event("result_recorded", AT, round=n, table=table, match_id=f"m{n}{table - 1}", winners=winners,
                   scores=scores, final_hash=None, source="match", reason=None, annulled=False)


def _close(n: int) -> dict:
    return T.event("round_closed", AT, round=n)


def test_an_event_that_does_not_link_to_the_head_is_refused():
    state = _fold([_reg("a")])
    with pytest.raises(InvalidRequest) as error:
        T.apply(state, {**_reg("b"), "prev": T.GENESIS})
    assert error.value.code == "chain_broken"
    before = state["head"]
    assert T.apply(state, {**_reg("b"), "prev": before})["head"] != before


def test_pairing_before_registration_closes_and_registering_twice_are_refused():
    state = _fold([_reg("a"), _reg("b")])
    with pytest.raises(Conflict) as error:
        T.check_pair(state)
    assert error.value.code == "registration_open"
    with pytest.raises(Conflict) as error:
        T.check_register(state, "a")
    assert error.value.code == "already_registered"


# The worked table (README "Standings and tiebreakers"), five Stargate players, three rounds:
#   R1: A beat B (xp 15-10), C beat D (15-12), E bye
#   R2: A beat C (15-9),  E beat B (15-14), D bye
#   R3: A drew E (13-13), B beat D (15-4),  C bye;  then a judge's penalty of 1 point for B
# MP (before penalty): A 7, B 3, C 6, D 3, E 7;  after: B 2.  MW% = MP/9 floored at 1/3:
#   A 7/9, B 3/9, C 6/9, D 3/9, E 7/9
# OMW%: A (B,C,E) = (3+6+7)/27 = .5926; B (A,E,D) = 17/27 = .6296; C (D,A) = 10/18 = .5556;
#   D (C,B) = 9/18 = .5; E (B,A) = 10/18 = .5556.   GW% = MW% (one game a match), OGW% = OMW%.
# Experience differential: A +5+6+0 = 11; B -5-1+11 = 5; C +3-6 = -3; D -3-11 = -14; E +1+0 = 1
# Stargate order: MP, OMW% ...: A (7, .5926), E (7, .5556), C 6, D 3, B 2.
WORKED = [
    _reg("a"), _reg("b"), _reg("c"), _reg("d"), _reg("e"), T.event("started", AT),
    _round(1, [["a", "b"], ["c", "d"]], ["e"]),
    _result(1, 1, ["a"], {"a": 15, "b": 10}), _result(1, 2, ["c"], {"c": 15, "d": 12}), _close(1),
    _round(2, [["a", "c"], ["e", "b"]], ["d"]),
    _result(2, 1, ["a"], {"a": 15, "c": 9}), _result(2, 2, ["e"], {"e": 15, "b": 14}), _close(2),
    _round(3, [["a", "e"], ["b", "d"]], ["c"]),
    _result(3, 1, [], {"a": 13, "e": 13}), _result(3, 2, ["b"], {"b": 15, "d": 4}), _close(3),
    T.event("penalty", AT, player_id="b", points=1, reason="slow play", round=3),
]


def test_standings_match_the_table_worked_by_hand():
    rows = {r["player_id"]: r for r in S.standings(_fold(WORKED))}
    assert [r["player_id"] for r in sorted(rows.values(), key=lambda r: r["rank"])] == ["a", "e", "c", "d", "b"]
    assert {p: r["match_points"] for p, r in rows.items()} == {"a": 7, "b": 2, "c": 6, "d": 3, "e": 7}
    assert {p: r["omw"] for p, r in rows.items()} == {"a": 0.5926, "b": 0.6296, "c": 0.5556, "d": 0.5, "e": 0.5556}
    assert {p: r["gw"] for p, r in rows.items()} == {"a": 0.7778, "b": 0.3333, "c": 0.6667, "d": 0.3333, "e": 0.7778}
    assert {p: r["ogw"] for p, r in rows.items()} == {p: r["omw"] for p, r in rows.items()}
    assert {p: r["differential"] for p, r in rows.items()} == {"a": 11, "b": 5, "c": -3, "d": -14, "e": 1}


def test_star_trek_ranks_by_score_differential_before_opponents():
    # The worked table with round 3's draw scored 10-30: A's differential 5+6-20 = -9, E's 1+20 = 21.
    events = [_result(3, 1, [], {"a": 10, "e": 30}) if e["type"] == "result_recorded" and e["payload"]["round"] == 3
              and e["payload"]["table"] == 1 else e for e in WORKED]
    assert [r["player_id"] for r in S.standings(_fold(events, game="stargate"))][:2] == ["a", "e"]  # OMW% first
    assert [r["player_id"] for r in S.standings(_fold(events, game="startrek2e"))][:2] == ["e", "a"]  # differential


def test_swiss_matching_avoids_rematches_and_second_byes():
    state = _fold(WORKED[:-1])
    tables, byes = pairing.swiss_pairs(state, S.ranking(state), S.points(state))
    met = T.past_opponents(state)
    assert len(byes) == 1 and T.bye_counts(state)[byes[0]] == 0
    assert all(b not in met[a] for a, b in tables)


def test_no_pairing_without_a_rematch_is_refused_not_forced():
    state = _fold([_reg("a"), _reg("b"), T.event("started", AT), _round(1, [["a", "b"]], []),
                   _result(1, 1, ["a"], None), _close(1)])
    with pytest.raises(Conflict) as error:
        pairing.swiss_pairs(state, S.ranking(state), S.points(state))
    assert error.value.code == "no_pairing"


@pytest.mark.parametrize("count,sizes", [(10, [4, 3, 3]), (9, [5, 4]), (6, [3, 3]), (12, [4, 4, 4]), (7, [4, 3])])
def test_multiplayer_tables_of_three_to_five(count, sizes):
    assert pairing.table_sizes(count, 3, 5, 4) == sizes


def test_bracket_order_seeds_one_against_the_last():
    assert pairing.bracket_order(4) == [1, 4, 2, 3]
    assert pairing.bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
