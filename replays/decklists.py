"""Decklist commitments: proof that each seat played the deck it committed to.

When a match starts, each seat's deck list (the deck exactly as its player submitted it:
a starter deck id or the card list, in canonical JSON) is hashed with a per-seat random
salt and the hash is published in the match header; nobody learns the list from it (the
salt defeats guessing among likely decks). When the match ends, the lists and salts are
revealed, and anyone can check:

1. each revealed list + salt hashes to that seat's published commitment
   (``decklist_mismatch`` otherwise: a forged list), and
2. the game's own deck building turns the revealed lists into exactly the config the
   match was set up from (``decklist_not_played`` otherwise: the server dealt other cards).

Together with ``verify_replay`` (the log re-folds from ``setup(config, seed)`` and the seed
matches its commitment) this proves every card seen in play came from the committed lists:
every card in a game state descends from the config's decks.
"""
from __future__ import annotations

import hashlib
import json
from typing import Sequence

from rules.errors import InvalidRequest
from rules.protocol import Game


def canonical_deck(deck: object) -> str:
    """One text per deck list: JSON with sorted keys and no spaces (list order is kept:
    it is part of what was submitted)."""
    return json.dumps(deck, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def decklist_commitment(deck: object, salt: str) -> str:
    """SHA-256 hex of ``salt``, a newline and the canonical deck list."""
    return hashlib.sha256(f"{salt}\n{canonical_deck(deck)}".encode()).hexdigest()


def verify_decklists(
    game: Game, ruleset: str, config: dict, commitments: Sequence[str], reveals: Sequence[dict]
) -> None:
    """Check the revealed ``reveals`` (``[{seat, name, deck, salt}]`` in seat order) against
    the published ``commitments`` and the pinned ``config``; raise ``InvalidRequest``
    naming the first seat that fails."""
    if len(reveals) != len(commitments):
        raise InvalidRequest(
            f"{len(reveals)} deck lists revealed for {len(commitments)} commitments", code="decklist_mismatch"
        )
    for seat, (reveal, committed) in enumerate(zip(reveals, commitments)):
        if decklist_commitment(reveal["deck"], reveal["salt"]) != committed:
            raise InvalidRequest(
                f"seat {seat}'s revealed deck list does not match the commitment published at the start",
                code="decklist_mismatch", details={"seat": seat},
            )
    rebuilt = game.build_config(ruleset, [{"name": r["name"], "deck": r["deck"]} for r in reveals])
    if rebuilt != config:
        raise InvalidRequest(
            "the committed deck lists do not build the config this match was set up from",
            code="decklist_not_played",
        )
