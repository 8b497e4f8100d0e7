"""Analytics reports (``GET /v1/stats/<game>/...``, ``subspace stats <game> ...``) read from
the projection ``store.stats`` (kept by the fold job, ``workers.stats``). Finished matches
only, and everything a finished match shows is public (the seed and deck lists are revealed
at its end), so a report can leak nothing of a live game: a live match is not in it.
Policy (README, *Analytics*): forks are never looked at, aborted matches are left out
(counted under ``skipped``), imports are counted (the engine verified them) and their number shown."""
from __future__ import annotations

import rules
from rules.errors import NotFound
from store.stats import StatsStore

REPORTS = ("starters", "factions", "cards-included", "cards-played", "matchups")
_KIND = {"starters": "starter", "factions": "faction", "cards-included": "included", "cards-played": "played"}


def _game(game_id: str) -> str:
    try:
        return rules.get_game(game_id).id
    except Exception:  # noqa: BLE001 - an unknown game is a 404 here, not a 400
        raise NotFound(f"no game {game_id!r}; GET /v1/games lists them", code="unknown_game") from None


def _rate(wins: int, games: int) -> float:
    return round(wins / games, 4) if games else 0.0


def overview(conn, game_id: str) -> dict:
    """How many matches count, their average length, and when the winner took the lead."""
    game = _game(game_id)
    c = StatsStore(conn).counts(game)
    matches = c.get("matches", 0)
    lead_n = c.get("lead_n", 0)
    return {
        "game": game,
        "matches": matches,
        "draws": c.get("draws", 0),
        "imported": c.get("imported", 0),
        "skipped": {k.split("|", 1)[1]: v for k, v in sorted(c.items()) if k.startswith("skipped|")},
        "average_events": round(c.get("events", 0) / matches, 2) if matches else None,
        "average_turns": round(c.get("turns", 0) / c["turns_n"], 2) if c.get("turns_n") else None,
        "lead": {
            "matches": lead_n,
            "average_version": round(c.get("lead_sum", 0) / lead_n, 2) if lead_n else None,
            "average_fraction": round(c.get("lead_ppm_sum", 0) / lead_n / 1_000_000, 4) if lead_n else None,
        },
    }


def report(conn, game_id: str, name: str, *, min_games: int = 1, limit: int = 100) -> dict:
    """One table: win rate per starter / faction / card included / card played, or the
    matchup table (each starter against each other starter)."""
    game = _game(game_id)
    if name not in REPORTS:
        raise NotFound(f"no report {name!r}; reports: {', '.join(REPORTS)}", code="unknown_report")
    c = StatsStore(conn).counts(game)
    rows: list[dict] = []
    if name == "matchups":
        for key, games in c.items():
            parts = key.split("|")
            if parts[0] == "matchup" and parts[-1] == "games" and games >= min_games:
                wins = c.get("|".join(parts[:-1] + ["wins"]), 0)
                rows.append({"deck": parts[1], "opponent": parts[2], "games": games, "wins": wins, "win_rate": _rate(wins, games)})
        rows.sort(key=lambda r: (-r["games"], r["deck"], r["opponent"]))
    else:
        prefix = _KIND[name] + "|"
        for key, games in c.items():
            if key.startswith(prefix) and key.endswith("|games") and games >= min_games:
                value = key[len(prefix):-len("|games")]
                wins = c.get(f"{prefix}{value}|wins", 0)
                rows.append({"key": value, "games": games, "wins": wins, "win_rate": _rate(wins, games)})
        rows.sort(key=lambda r: (-r["games"], -r["win_rate"], r["key"]))
    return {"game": game, "report": name, "matches": c.get("matches", 0), "rows": rows[:limit]}


__all__ = ["REPORTS", "overview", "report"]
