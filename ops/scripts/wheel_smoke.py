"""Play a short match of every built-in game with the *installed* Subspace (run by
``ops/scripts/check-wheel`` from a fresh virtualenv outside the checkout).

Why: an editable install hides packaging mistakes (a package without ``__init__.py``, card
data not shipped); only a built wheel installed elsewhere shows what users get. Each game
gets two starter decks and up to ``ACTIONS`` random legal actions over the HTTP API (Flask
test client, embedded Redis in a temp folder, folds inline), then every seat's state,
the event log and a replay are read back.
"""
from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

ACTIONS = 40


def main(checkout: str | None = None) -> int:
    import rules
    import service

    where = Path(service.__file__).resolve()
    if checkout and Path(checkout).resolve() in where.parents:
        print(f"service imported from the checkout ({where}), not from the installed wheel", file=sys.stderr)
        return 2
    from service.app import create_app

    with tempfile.TemporaryDirectory() as data_dir:
        app = create_app({"SUBSPACE_DATA_DIR": data_dir, "SUBSPACE_FOLD_MODE": "inline"})
        try:
            client = app.test_client()
            games = {g["id"]: g for g in client.get("/v1/games").json["games"]}
            missing = set(rules.available()) - set(games)
            if missing:
                print(f"games not listed: {sorted(missing)}", file=sys.stderr)
                return 1
            for game_id, game in sorted(games.items()):
                played = _play(client, game_id, [d["id"] for d in game["starter_decks"]])
                print(f"{game_id}: {played} actions played from {where.parent.parent}")
        finally:
            app.extensions["subspace"].close()
    return 0


def _play(client, game_id: str, decks: list[str]) -> int:
    created = client.post("/v1/matches", json={"game": game_id, "seats": [
        {"name": "Ann", "deck": decks[0]}, {"name": "Bob", "deck": decks[1]}]})
    assert created.status_code == 201, created.json
    match_id = created.json["match_id"]
    auth = [{"Authorization": f"Bearer {s['token']}"} for s in created.json["seats"]]
    base = f"/v1/matches/{match_id}"
    pick = random.Random(game_id)
    played = 0
    while played < ACTIONS:
        summary = client.get(base).json
        if summary["status"] == "finished":
            break
        seat = summary["deciding_seats"][0]
        listing = client.get(f"{base}/legal-actions", headers=auth[seat]).json
        response = client.post(
            f"{base}/actions", headers={**auth[seat], "Idempotency-Key": f"{seat}-{played}"},
            json={"expected_version": listing["version"], "action": pick.choice(listing["actions"])})
        assert response.status_code == 201, (game_id, response.json)
        played += 1
    for headers in [*auth, {}]:
        assert client.get(f"{base}/state", headers=headers).status_code == 200
        assert client.get(f"{base}/events?after=0&limit=1000", headers=headers).status_code == 200
    assert client.get(f"{base}/replay?at={played}", headers=auth[0]).status_code == 200
    return played


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else None))
