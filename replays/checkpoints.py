"""Where a finished match's archive keeps a state (a *checkpoint*), chosen by fold cost.

Why: a replay of version v decodes the nearest stored state at or before v and folds the
events in between. A fixed interval cannot bound that: the engines' events differ in cost
by two orders of magnitude (a Star Trek mission attempt or turn end folds in 7-15 ms where
most events take 0.1 ms; ``ops/bench/run_all.py``), so ten events may cost 0.5 ms or 20 ms.
Here the log is folded once when the match is archived (off the request path: the fold job
or the request's after-answer step), each event timed, and a checkpoint is kept wherever
the events folded since the previous one took ``budget`` seconds (1 ms) or more — right after
every expensive event, and about every ``budget`` of cheap ones. A replay then folds only
events that took less than ``budget`` together when the archive was written. Each
checkpoint costs ~0.1 KiB in the LZMA archive (it stores little more than what changed
since the previous one), and ``max_count`` caps them so a very long match stays small (its
budget grows instead).

The timing decides only *where* states are kept, never what they are: every checkpoint is
the fold of the log, and ``choose`` returns none unless its fold ends at the stored final
state (a match folded by an older engine keeps the states it had).
"""
from __future__ import annotations

import time
from typing import Callable

from rules.protocol import Game, State
from store import codec

# The clock every placement by fold cost reads (here, the fold job's live snapshots and the
# POST's: ``workers.jobs.SNAPSHOT_BUDGET_SECONDS``). Tests replace it with a fake so where states are
# kept is deterministic (tests/conftest.py: every event costs nothing unless a test says so).
CLOCK: Callable[[], float] = time.perf_counter
BUDGET_SECONDS = 0.001  # fold time a replay may spend past a checkpoint (as measured when archiving)
MAX_GAP = 50  # a checkpoint at least every this many events, however cheap
MAX_COUNT = 200  # at most this many (~20 KiB of archive); a longer match gets a larger budget


def choose(game: Game, initial: State, events: list[dict], final: bytes | None = None, *,
           budget: float | None = None, max_gap: int | None = None, max_count: int | None = None,
           clock: Callable[[], float] | None = None) -> dict[int, bytes]:
    """Checkpoints of the log ``events`` (versions 1..N) folded from ``initial`` (version 0,
    owned by the caller: folded in place): version -> the state's orjson bytes. ``final``
    (orjson bytes of the stored state after the last event): when given and the fold ends
    elsewhere, no checkpoint is returned. The limits default to the module's (read at each
    call); ``clock`` to ``CLOCK``."""
    budget = BUDGET_SECONDS if budget is None else budget
    max_gap = MAX_GAP if max_gap is None else max_gap
    max_count = MAX_COUNT if max_count is None else max_count
    clock = clock or CLOCK
    state = initial
    kept: dict[int, bytes] = {}
    segments: list[float] = []  # fold time of the events up to each kept checkpoint (since the one before)
    spent, gap, total = 0.0, 0, 0.0
    for event in events:
        started = clock()
        state = game.apply(state, event)
        cost = clock() - started
        spent, gap, total = spent + cost, gap + 1, total + cost
        if spent >= budget or gap >= max_gap:
            raw = kept[event["v"]] = codec.dumps(state)
            segments.append(spent)
            spent, gap = 0.0, 0
            state = codec.loads(raw)  # fold on as a reader does, from the decoded checkpoint (an
            # engine's first event after a decode may cost more: it rebuilds what it keeps aside)
    if not events or (final is not None and codec.state_digest(state) != codec.state_digest(final)):
        return {}
    if 0 < max_count < len(kept):  # too many: keep those a larger budget would keep (a subset of these)
        wider, spent, thinned = total / max_count, 0.0, {}
        for (version, raw), cost in zip(kept.items(), segments):
            spent += cost
            if spent >= wider:
                thinned[version] = raw
                spent = 0.0
        kept = thinned
    return kept
