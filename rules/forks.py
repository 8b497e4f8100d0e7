"""The starting state of a fork (``POST /v1/matches/<id>/forks``): exact, or re-drawn for
one seat so that forking a live match cannot be used to peek.

An *exact* fork (the original is over, or the caller may see everything) starts from the
state at version N as it is: same hidden cards, same RNG state, so fed the same actions it
continues exactly as the original did.

A *seat's* fork of a live match starts from a state that seat could have imagined: every
card whose identity the seat's own view does not show (``rules.protocol.shown_cards``) is
re-drawn. The unknown cards of each owner and each group of hidden zones (a hand and its
deck are one group: which unknown card is in the hand and which in the deck is exactly what
the seat does not know) keep their ids and places, and their faces (the card record but its place) are shuffled among those
places with a fresh seed. Every RNG state in the match is replaced by one drawn from the
same fresh seed, so future draws are not the original's either. The seat's own view of the
re-drawn state is identical to its view of the original (a test checks it for each game).

Two limits, on purpose (README, *Forks*): the re-draw keeps the multiset of each owner's
unknown cards (the composition of an opponent's remaining deck and hand shows in the fork,
not which card is where); and a position holding an unknown card anywhere else (a face-down
card in play, a drawn dilemma, a hidden agenda) is not re-drawable without inventing cards,
so such a fork is refused until the match ends (``ForkUnavailable``). The refusal says only
that some card in play is hidden from the caller, which the caller's view already shows.

Pure: standard library only, no I/O, no global random; the fresh seed is an argument.
"""
from __future__ import annotations

import copy
from typing import Any

from . import rng
from .errors import ForkUnavailable
from .protocol import Game, State, shown_cards

#: the fields of a card record that say where it lies (they stay with the place when
#: faces are re-drawn; everything else, the definition key and its per-type fields, moves)
PLACE_KEYS = frozenset({"zone", "owner", "seat", "in"})

#: hidden zones whose unknown cards a seat's fork re-draws, grouped: faces move only
#: within a group (a hand and its deck share one; a pile of another card type is its own)
REDRAW_GROUPS: dict[str, tuple[frozenset[str], ...]] = {
    "stargate": (frozenset({"hand", "deck"}), frozenset({"mission_pile"})),
    "startrek2e": (frozenset({"hand", "deck"}), frozenset({"dilemmas"}), frozenset({"unplaced"})),
    "babylon5": (frozenset({"hand", "deck"}),),
}
DEFAULT_GROUPS = (frozenset({"hand", "deck"}),)


def exact(state: State) -> State:
    """The fork's state when it may be exact: a copy of the original's."""
    return copy.deepcopy(state)


def redraw_for_seat(game: Game, state: State, seat: int, seed: str) -> State:
    """A copy of ``state`` with everything ``seat`` may not identify re-drawn from ``seed``
    (see the module docstring). Raises ``ForkUnavailable`` when that is not possible."""
    out = copy.deepcopy(state)
    cards: dict[str, dict] = out.get("cards") or {}
    known = shown_cards(game.view(state, seat))
    groups = REDRAW_GROUPS.get(game.id, DEFAULT_GROUPS)
    pools: dict[tuple, list[str]] = {}
    for card_id, card in cards.items():
        if card_id in known:
            continue
        group = next((i for i, zones in enumerate(groups) if card.get("zone") in zones), None)
        if group is None:
            raise ForkUnavailable(
                "a card you may not see is in play at this version, and a fork by a seat may only "
                "re-draw hidden hands, decks and piles; fork an earlier version, or any version once the match is over",
                details={"seat": seat},
            )
        holder = card.get("seat", card.get("owner"))
        pools.setdefault((card.get("owner"), holder, group), []).append(card_id)
    draw = rng.new_rng(seed, "fork-redraw")
    for key in sorted(pools, key=repr):
        ids = sorted(pools[key], key=_id_order)
        faces = [_face(cards[i]) for i in ids]
        rng.shuffle(draw, faces)
        for card_id, face in zip(ids, faces):
            cards[card_id] = {**face, **_place(cards[card_id])}
    if isinstance(out.get("log"), list):
        # log entries name cards with their faces as each seat saw them: keep only what
        # this seat's view of the log shows, or another seat's view of the fork would
        # name an unknown card with its true face
        out["log"] = copy.deepcopy(game.view(state, seat).get("log") or [])
    reseed(out, seed)
    return out


def reseed(state: Any, seed: str, path: str = "") -> None:
    """Replace, in place, every RNG state (``{"seed", "n"}``, ``rules.rng``) found in
    ``state`` by a fresh one from ``seed`` (one stream per place), so no future draw of the
    fork repeats the original's."""
    if isinstance(state, dict):
        for key, value in state.items():
            where = f"{path}/{key}"
            if _is_rng(value):
                state[key] = rng.new_rng(seed, f"fork{where}")
            else:
                reseed(value, seed, where)
    elif isinstance(state, list):
        for i, value in enumerate(state):
            reseed(value, seed, f"{path}/{i}")


def _is_rng(value: Any) -> bool:
    return isinstance(value, dict) and set(value) == {"seed", "n"} and isinstance(value["seed"], str)


def _face(card: dict) -> dict:
    """What travels with a re-drawn card: everything but where it lies."""
    return {k: v for k, v in card.items() if k not in PLACE_KEYS}


def _place(card: dict) -> dict:
    return {k: v for k, v in card.items() if k in PLACE_KEYS}


def _id_order(card_id: str) -> tuple[int, str]:
    digits = card_id[1:]
    return (int(digits), card_id) if digits.isdigit() else (1 << 62, card_id)


__all__ = ["ForkUnavailable", "exact", "redraw_for_seat", "reseed", "REDRAW_GROUPS"]
