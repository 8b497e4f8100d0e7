"""Building stored High Card matches for storage, replay and worker tests."""
from __future__ import annotations

from rules import rng
from store import MatchStore, hash_token

SEED = "test-seed-0001"


def new_match(store: MatchStore, game, *, ruleset: str = "long", seed: str = SEED, game_id: str | None = None) -> tuple[str, dict]:
    """Create a match of ``game`` (stored under ``game_id`` if given); returns (id, config)."""
    config = game.build_config(ruleset, [{"name": "Ann", "deck": "twenty"}, {"name": "Bob", "deck": "twenty"}])
    meta = {
        "game": game_id or game.id,
        "ruleset": ruleset,
        "engine_version": game.engine_version,
        "config": config,
        "seed": seed,
        "seed_commitment": rng.commitment(seed),
        "seat_token_hashes": [hash_token("token-0"), hash_token("token-1")],
        "status": "active",
    }
    return store.create_match(meta, game.setup(config, seed)), config


def scripted_events(game, config: dict, seed: str = SEED, n: int | None = None, bluff_at: tuple[int, ...] = (0,)) -> list[dict]:
    """Up to ``n`` legal events from the start (all, to the end, when None): the events
    whose index is in ``bluff_at`` bluff their lowest card, every other plays it."""
    state = game.setup(config, seed)
    events = []
    while game.outcome(state) is None and (n is None or len(events) < n):
        seat = game.deciding_seats(state)[0]
        kind = "bluff" if len(events) in bluff_at else "play"
        action = next(a for a in game.legal_actions(state, seat) if a["type"] == kind)
        event = {"type": "action", "seat": seat, "payload": action}
        state = game.apply(state, event)
        events.append(event)
    return events


def append_all(store: MatchStore, match_id: str, events: list[dict]) -> int:
    """Append ``events`` after the current head; returns the new version."""
    version = store.version(match_id)
    for event in events:
        version = store.append(match_id, version, event).version
    return version
