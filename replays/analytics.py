"""The facts analytics counts about one finished match, from its config, seed and log.

Pure (no Redis): ``match_facts(game, meta, events)`` re-folds the log from
``setup(config, seed)`` and returns, per seat, its starter deck, faction, the cards its
deck included and the cards it played, whether it won; and for the match its length
(events, turns) and the moment the eventual winner took the lead for good. The projection
(``store.stats``) adds these up; ``counted(meta, outcome)`` is the policy of what counts.

Definitions (README, *Analytics*):
- **starter deck**: the starter id a seat named, ``custom`` for a posted deck list.
- **faction**: Babylon 5 — the seat's race; Star Trek 2E — the starter's affiliation (its
  id), ``custom`` otherwise; Stargate TCG has no factions, so none is counted.
- **card included**: each distinct card (definition key) of the seat's deck at setup.
- **card played**: each distinct card of the seat that was ever in one of the game's
  in-play zones (``PLAYED_ZONES``) after an event.
- **length**: events in the log; turns = the game's turn number at the end.
- **lead**: per game a progress number per seat (``LEAD_MEASURES``): Stargate — the larger
  of experience and villain score-pile cost (both race to the victory total), Star Trek —
  points, Babylon 5 — power. The winner *took the lead* at the first version from which its
  number stayed strictly above every other seat's to the end; ``None`` when it never did
  (a win by resignation, timeout, or the last player standing while behind).
"""
from __future__ import annotations

from typing import Callable

from rules.protocol import Game

from .fold import apply_in_place

PLAYED_ZONES: dict[str, frozenset[str]] = {
    "stargate": frozenset({"play", "mission", "current_mission", "score_pile"}),
    "startrek2e": frozenset({"missions", "ships", "aboard", "pile", "core"}),
    "babylon5": frozenset({"play"}),
}
IDENTITY_KEYS = ("guid", "def", "card")


def _stargate_lead(state: dict) -> list[float]:
    from rules.stargate import stats

    with stats.reading(state):
        return [max(stats.experience(state, s), stats.score_pile_cost(state, s)) for s in range(len(state["seats"]))]


def _startrek_lead(state: dict) -> list[float]:
    return [seat.get("score", 0) for seat in state["seats"]]


def _babylon5_lead(state: dict) -> list[float]:
    return [seat.get("power", 0) for seat in state["seats"]]


LEAD_MEASURES: dict[str, Callable[[dict], list[float]]] = {
    "stargate": _stargate_lead,
    "startrek2e": _startrek_lead,
    "babylon5": _babylon5_lead,
}


def counted(meta: dict, outcome: dict | None) -> str | None:
    """Why a match is left out of analytics (None: it counts). Policy: forks are sandboxes,
    aborted matches were never played, unfinished ones have no result; imports count (the
    engine verified every event) and are marked in the facts."""
    if meta.get("fork_of"):
        return "fork"
    if outcome is None:
        return "unfinished"
    if outcome.get("ended_by") == "abort" or outcome.get("reason") == "abort":
        return "aborted"
    return None


def _card_key(card: dict) -> str | None:
    return next((card[k] for k in IDENTITY_KEYS if isinstance(card.get(k), str)), None)


def _faction(game_id: str, state: dict, seat: int, starter: str) -> str | None:
    if game_id == "babylon5":
        return state["seats"][seat].get("race")
    if game_id == "startrek2e":
        return starter
    return None


def match_facts(game: Game, meta: dict, events: list[dict]) -> dict:
    """The facts of a finished match (see the module docstring). ``meta`` needs ``config``,
    ``seed``, ``decklists`` (revealed at the end) and the match ``id``."""
    state = game.setup(meta["config"], meta["seed"])
    seats = len(state["seats"])
    game_id = game.id
    zones = PLAYED_ZONES.get(game_id, frozenset({"play"}))
    measure = LEAD_MEASURES.get(game_id)
    cards = state.get("cards") or {}
    included = [sorted({k for c in cards.values() if c.get("owner") == s and (k := _card_key(c))}) for s in range(seats)]
    played: list[set[str]] = [set() for _ in range(seats)]
    leads: list[list[float]] = []
    for event in events:
        state = apply_in_place(game, state, (event,))
        for card in (state.get("cards") or {}).values():
            if card.get("zone") in zones and (key := _card_key(card)) is not None:
                owner = card.get("owner")
                if isinstance(owner, int) and 0 <= owner < seats:
                    played[owner].add(key)
        if measure is not None:
            leads.append(measure(state))
    outcome = game.outcome(state) or {}
    winners = list(outcome.get("winners") or [])
    decklists = {d["seat"]: d for d in meta.get("decklists") or []}
    out_seats = []
    for s in range(seats):
        deck = decklists.get(s, {}).get("deck")
        starter = deck if isinstance(deck, str) else "custom"
        out_seats.append({
            "seat": s, "starter": starter, "faction": _faction(game_id, state, s, starter),
            "won": s in winners, "included": included[s], "played": sorted(played[s]),
        })
    turn = state.get("turn")
    turns = turn.get("number") if isinstance(turn, dict) else turn if isinstance(turn, int) else None
    return {
        "match_id": meta.get("id"), "game": game_id, "imported": bool(meta.get("imported")),
        "events": len(events), "turns": turns, "draw": not winners, "winners": winners,
        "lead_taken_at": lead_taken_at(leads, winners[0]) if len(winners) == 1 else None,
        "seats": out_seats,
    }


def lead_taken_at(leads: list[list[float]], winner: int) -> int | None:
    """The first version (1-based: after that event) from which ``winner``'s number stayed
    strictly above every other seat's to the end; None if it was not ahead at the end."""
    taken = None
    for version in range(len(leads), 0, -1):
        row = leads[version - 1]
        if all(row[winner] > v for s, v in enumerate(row) if s != winner):
            taken = version
        else:
            break
    return taken


__all__ = ["LEAD_MEASURES", "PLAYED_ZONES", "counted", "lead_taken_at", "match_facts"]
