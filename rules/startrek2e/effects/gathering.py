"""Filter and condition keys the Energize dilemma and attempt texts added (issue 17; EFFECTS.md
§4 "Energize, dilemmas and attempts").

- FILTER ``together``: n — "your three [Maq] personnel present together" (Retaliation): the
  card is present with every card already chosen for the same TARGET, and at least n cards
  matching the rest of the filter are present there (so a choice never strands the chooser).
- FILTER ``requirements_met_by``: FILTER — a mission whose requirements the matching cards at
  it meet ("your personnel at that mission have its requirements": Smuggling Run).
- CONDITION ``drawing_dilemmas``: true — you draw the dilemmas of the attempt under way (you
  are on the attempting player's left: "when the player on your right begins a mission
  attempt", Complications).
- :func:`substitutes` — the ``meet_with`` verb's substitutions for the dilemma being faced
  (Team of Ambassadors), read by ``stats.substitutes``.

Why a module of its own: like ``extra`` and ``tallies``, these hook into ``filters.matches``
and ``filters.condition`` by key, in the layer where numbers and filters read each other.
"""
from __future__ import annotations

from .. import state as S

FILTER_KEYS = {"together", "requirements_met_by"}
CONDITION_KEYS = {"drawing_dilemmas"}


def match_key(state: dict, iid: str, k: str, v, ctx: dict, f: dict) -> bool:
    """One filter key of :data:`FILTER_KEYS` for card ``iid`` (``f``: the whole filter)."""
    from . import filters as F
    if k == "together":
        loc = S.location(state, iid)
        if not loc or any(S.location(state, c) != loc for c in ctx.get("chosen") or []):
            return False
        rest = {x: y for x, y in f.items() if x != "together"}
        return sum(1 for j in S.cards_at(state, loc) if F.matches(state, j, rest, ctx)) >= v
    if k == "requirements_met_by":
        from .. import stats as ST
        if S.ctype(state, iid) != "mission":
            return False
        group = [i for i in S.personnel_in_play(state) if S.mission_of(state, i) == iid
                 and F.matches(state, i, v, ctx)]
        return bool(group) and ST.meets(state, group, ST.mission_requirements(state, iid), check="mission")
    raise ValueError(f"unknown FILTER key {k!r}")


def condition_key(state: dict, k: str, v, ctx: dict) -> bool:
    if k == "drawing_dilemmas":
        a = state.get("attempt")
        return bool(a and a["dilemma_owner"] == ctx["you"]) == bool(v)
    raise ValueError(f"unknown CONDITION key {k!r}")


def substitutes(state: dict, seat: int) -> dict:
    """``{attribute: [attributes that may stand in]}`` given by the ``meet_with`` verb to
    ``seat``'s personnel for the dilemma being faced now."""
    a = state.get("attempt") or {}
    out: dict = {}
    for x in a.get("meet_with", []):
        if x["dilemma"] == a.get("current") and x["seat"] == seat:
            for attr in x["instead_of"]:
                out.setdefault(attr, []).append(x["use"])
    return out
