"""Standings and tiebreakers of a tournament, from its folded state (pure).

Every match in these games is one game, so a table's result is one game's result.

- **Match points (MP)**: 3 for a win, 1 for a draw (a table with several winners or none,
  not annulled), 0 for a loss; a bye is a win (3). Penalties subtract their points.
  An annulled table gives nobody points and does not count as played.
- **Match-win % (MW%)**: MP (before penalties) / (3 × rounds played, byes included),
  at least 1/3 (the usual 33 % floor, so a poor record does not sink its opponents twice).
- **Opponents' match-win % (OMW%)**: the mean MW% of every opponent met (not byes);
  0 with no opponents.
- **Game-win % (GW%)**: games won (a draw counts a third of a game, as its 1 of 3 points)
  / games played, byes included as won games, floored at 1/3 as MW% is. With one game per
  match it equals MW%; it is kept as its own column because the formula is the one
  players know and events with several games per match would differ.
- **Opponents' game-win % (OGW%)**: the mean GW% of every opponent met.
- **Differential** (Star Trek 2E: score; Stargate: experience): the sum, over tables
  played, of the player's own score minus the mean of their opponents' scores at the end
  of the match (byes and annulled tables count 0).

Order: Star Trek 2E ranks by MP, then score differential, then OMW%, GW%, OGW% (its
organised play: tournament points, then differential). Stargate: MP, OMW%, GW%, OGW%,
experience differential. Babylon 5 (and others): MP, OMW%, GW%, OGW%. Last, the
registration order, so the ranking is total and the same on every re-fold.
"""
from __future__ import annotations

from fractions import Fraction

from .tournaments import SINGLE_ELIMINATION, WIN, DRAW

FLOOR = Fraction(1, 3)
DIFFERENTIAL = {"startrek2e": "score differential", "stargate": "experience differential"}


def _record(state: dict, phases: tuple[str, ...]) -> dict[str, dict]:
    rec = {p: {"mp": 0, "played": 0, "wins": Fraction(0), "opponents": [], "diff": Fraction(0)} for p in state["order"]}
    for rnd in state["rounds_log"]:
        if rnd["phase"] not in phases:
            continue
        for p in rnd["byes"]:
            rec[p]["mp"] += WIN
            rec[p]["played"] += 1
            rec[p]["wins"] += 1
        for table in rnd["tables"]:
            result = table["result"]
            if result is None or result.get("annulled"):
                continue
            winners = result.get("winners") or []
            scores = result.get("scores") or {}
            for p in table["players"]:
                others = [q for q in table["players"] if q != p]
                rec[p]["played"] += 1
                rec[p]["opponents"].extend(others)
                if len(winners) == 1 and p in winners:
                    rec[p]["mp"] += WIN
                    rec[p]["wins"] += 1
                elif len(winners) != 1:
                    rec[p]["mp"] += DRAW
                    rec[p]["wins"] += Fraction(DRAW, WIN)
                if p in scores and all(q in scores for q in others) and others:
                    rec[p]["diff"] += Fraction(scores[p]) - Fraction(sum(scores[q] for q in others), len(others))
    return rec


def standings(state: dict, phases: tuple[str, ...] = ("swiss",)) -> list[dict]:
    """Every registered player ranked, with each figure (percentages as exact fractions
    rendered to 4 decimals, so a hand computation can be compared digit for digit)."""
    rec = _record(state, phases)
    penalty = {p: 0 for p in state["order"]}
    for pen in state["penalties"]:
        penalty[pen["player_id"]] += pen["points"]

    def mw(p: str) -> Fraction:
        r = rec[p]
        return max(FLOOR, Fraction(r["mp"], WIN * r["played"])) if r["played"] else FLOOR

    def gw(p: str) -> Fraction:
        r = rec[p]
        return max(FLOOR, r["wins"] / r["played"]) if r["played"] else FLOOR

    def mean(values: list[Fraction]) -> Fraction:
        return sum(values, Fraction(0)) / len(values) if values else Fraction(0)

    rows = []
    for index, p in enumerate(state["order"]):
        opps = rec[p]["opponents"]
        rows.append({
            "player_id": p, "name": state["players"][p]["name"], "dropped": state["players"][p]["dropped"],
            "match_points": rec[p]["mp"] - penalty[p], "played": rec[p]["played"],
            "omw": mean([mw(o) for o in opps]), "gw": gw(p), "ogw": mean([gw(o) for o in opps]),
            "differential": rec[p]["diff"], "_index": index,
        })
    game = state["game"]
    if game == "startrek2e":
        key = lambda r: (-r["match_points"], -r["differential"], -r["omw"], -r["gw"], -r["ogw"], r["_index"])  # noqa: E731
    elif game == "stargate":
        key = lambda r: (-r["match_points"], -r["omw"], -r["gw"], -r["ogw"], -r["differential"], r["_index"])  # noqa: E731
    else:
        key = lambda r: (-r["match_points"], -r["omw"], -r["gw"], -r["ogw"], r["_index"])  # noqa: E731
    rows.sort(key=key)
    shown = []
    for rank, r in enumerate(rows, start=1):
        shown.append({
            "rank": rank, "player_id": r["player_id"], "name": r["name"], "dropped": r["dropped"],
            "match_points": r["match_points"], "played": r["played"],
            "omw": _pct(r["omw"]), "gw": _pct(r["gw"]), "ogw": _pct(r["ogw"]),
            "differential": float(round(r["differential"], 4)) if game in DIFFERENTIAL else None,
        })
    return shown


def _pct(value: Fraction) -> float:
    return float(round(value, 4))


def points(state: dict) -> dict[str, int]:
    """Match points per player (the Swiss pairing's score groups)."""
    return {r["player_id"]: r["match_points"] for r in standings(state)}


def ranking(state: dict) -> list[str]:
    return [r["player_id"] for r in standings(state)]


__all__ = ["standings", "points", "ranking", "DIFFERENTIAL", "SINGLE_ELIMINATION"]
