"""Drawing a round: Swiss pairings, multiplayer tables and single-elimination brackets.

Pure functions of the tournament's state (no I/O, no clock, no randomness): the service
computes a draw here and records it as a ``round_paired`` event, so the log, not this
code, is the truth about every round.

Swiss (two-player tables) is a maximum-weight matching (``networkx.max_weight_matching``,
a well-kept implementation of Edmonds' blossom algorithm, rather than a hand-written
greedy pass that paints itself into corners). Players are nodes; an edge joins every two
who have not met and are not a forbidden pair, weighted so that the matching keeps
players in their score group (the weight falls with the square of the point difference)
and, among equals, follows the standings order. With an odd number of players a ``BYE``
node joins the graph, linked only to players who have not had a bye, weighted to give it
to the lowest-ranked of them. Maximum cardinality is required, so nobody is left out;
if no complete matching exists the draw is refused (``no_pairing``), and the organiser
can forbid or pair by hand.

Multiplayer tables (Babylon 5, three-player Stargate / Star Trek) are cut from the
standings in score order into tables of the event's sizes, then improved by swaps between
tables that lower the number of repeat meetings (a local search; a matching does not
apply to tables of three or more).
"""
from __future__ import annotations

from typing import Callable

import networkx as nx

from rules.aggregates import tournaments as T
from rules.errors import Conflict

BYE = "__bye__"
UNPLAYABLE = 1000  # the cost of a table whose decks cannot meet (Babylon 5: two of one race)
Playable = Callable[[list[str]], bool]


def _anything(_table: list[str]) -> bool:
    return True


def _forbidden(state: dict) -> set[frozenset[str]]:
    return {frozenset(f["players"]) for f in state["forbidden"]}


def swiss_pairs(state: dict, ranking: list[str], points: dict[str, int], playable: Playable = _anything
                ) -> tuple[list[list[str]], list[str]]:
    """``(tables, byes)`` for the next Swiss round of two-player tables; ``playable`` says
    whether two players' decks can meet at all."""
    players = [p for p in ranking if p in set(T.active_players(state))]
    met = T.past_opponents(state)
    forbidden = _forbidden(state)
    byes = T.bye_counts(state)
    rank = {p: i for i, p in enumerate(players)}
    n = len(players)
    top = max(points.values(), default=0) + 3
    base = (top + 1) ** 2 * (n + 1) * 10
    graph = nx.Graph()
    graph.add_nodes_from(players)
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            if b in met[a] or frozenset((a, b)) in forbidden or not playable([a, b]):
                continue
            # Score group first, then neighbours in the ranking (1 meets 2 within a group).
            graph.add_edge(a, b, weight=base - (points[a] - points[b]) ** 2 * (n + 1) * 10 - abs(rank[a] - rank[b]))
    if n % 2:
        graph.add_node(BYE)
        for p in players:
            if not byes[p]:
                graph.add_edge(p, BYE, weight=base - (points[p] - min(points[q] for q in players)) ** 2 * (n + 1) * 10
                               + rank[p])
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matching) * 2 != graph.number_of_nodes():
        raise Conflict("no pairing avoids every rematch, forbidden pair and second bye; pair this round by hand",
                       code="no_pairing")
    tables, bye_list = [], []
    for a, b in matching:
        if BYE in (a, b):
            bye_list.append(a if b == BYE else b)
        else:
            tables.append(sorted((a, b), key=rank.__getitem__))
    tables.sort(key=lambda t: rank[t[0]])
    return tables, bye_list


def table_sizes(count: int, low: int, high: int, preferred: int) -> list[int]:
    """Split ``count`` players into tables of ``low``..``high`` seats, as near ``preferred``
    as the numbers allow (10 players at 4 → 4, 3, 3)."""
    for tables in sorted(range(1, count + 1), key=lambda k: (abs(count / k - preferred), k)):
        size, extra = divmod(count, tables)
        if low <= size and size + (1 if extra else 0) <= high:
            return [size + 1] * extra + [size] * (tables - extra)
    raise Conflict(f"{count} players cannot sit at tables of {low} to {high}", code="no_pairing")


def multiplayer_tables(state: dict, ranking: list[str], preferred: int, playable: Playable = _anything
                       ) -> list[list[str]]:
    """Tables of several players cut in standings order, then swaps between tables that
    make unplayable tables playable and reduce repeat meetings, until no swap helps."""
    players = [p for p in ranking if p in set(T.active_players(state))]
    low, high = state["table_sizes"]
    tables, start = [], 0
    for size in table_sizes(len(players), low, high, preferred):
        tables.append(players[start:start + size])
        start += size
    met = T.past_opponents(state)

    forbidden = _forbidden(state)

    def repeats(table: list[str]) -> int:
        meetings = sum(1 for i, a in enumerate(table) for b in table[i + 1:]
                       if b in met[a] or frozenset((a, b)) in forbidden)
        return meetings + (0 if playable(table) else UNPLAYABLE)

    improved = True
    while improved:
        improved = False
        for i in range(len(tables)):
            for j in range(i + 1, len(tables)):
                for a in list(tables[i]):
                    for b in list(tables[j]):
                        before = repeats(tables[i]) + repeats(tables[j])
                        ti = [b if x == a else x for x in tables[i]]
                        tj = [a if x == b else x for x in tables[j]]
                        if repeats(ti) + repeats(tj) < before:
                            tables[i], tables[j], improved = ti, tj, True
    if any(not playable(t) for t in tables):
        raise Conflict("no seating gives every table decks that can meet; seat this round by hand", code="no_pairing")
    return tables


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order: 1 v 8, 4 v 5, 2 v 7, 3 v 6 for eight."""
    order = [1]
    while len(order) < size:
        n = len(order) * 2
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return order


def elimination_slots(state: dict) -> list[str | None]:
    """The bracket of the next single-elimination round in bracket order (``None``: an
    empty slot, whose neighbour has a bye). The first round seeds the bracket (1 v 8,
    4 v 5, ...); each later one sends on the winner of every pair of slots of the last
    (a table without a single winner sends on its better seed)."""
    seeds = state["seeds"]
    elim = [r for r in state["rounds_log"] if r["phase"] == T.SINGLE_ELIMINATION]
    if not elim:
        size = 1
        while size < len(seeds):
            size *= 2
        return [seeds[s - 1] if s <= len(seeds) else None for s in bracket_order(size)]
    last = elim[-1]
    by_player = {p: t for t in last["tables"] for p in t["players"]}
    slots = []
    for i in range(0, len(last["slots"]), 2):
        a, b = last["slots"][i], last["slots"][i + 1]
        table = by_player.get(a) if a is not None else by_player.get(b)
        slots.append(_winner(table, seeds) if table is not None else (a if a is not None else b))
    return slots


def elimination_tables(state: dict) -> tuple[list[list[str]], list[str], list[str | None]]:
    """``(tables, byes, slots)`` of the next single-elimination round; a dropped player's
    slot is empty. One slot left means the bracket is decided (no tables)."""
    active = set(T.active_players(state))
    slots = [s if s in active else None for s in elimination_slots(state)]
    if len(slots) <= 1:
        return [], [], slots
    tables, byes = [], []
    for i in range(0, len(slots), 2):
        a, b = slots[i], slots[i + 1]
        if a is not None and b is not None:
            tables.append([a, b])
        elif a is not None or b is not None:
            byes.append(a if a is not None else b)
    return tables, byes, slots


def _winner(table: dict, seeds: list[str]) -> str:
    result = table["result"] or {}
    winners = result.get("winners") or []
    if len(winners) == 1:
        return winners[0]
    return min(table["players"], key=seeds.index)
