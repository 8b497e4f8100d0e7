"""Deck construction for the Babylon 5 CCG (rulebook 1.3b).

Why a separate module: a bad deck must be refused when a match is created, with *every*
violation listed at once, long before the engine sees it. :func:`validate_deck` returns
all violations as ``{"code", "message"}`` (messages name the cards); :func:`check_deck`
raises ``DeckInvalid`` with that list as ``details``.

Deck input (what a client posts, documented in ``cards/FORMAT.md``)::

    {"ambassador": id, "deck": [id or {"card": id, "qty": n}, ...]}

optionally with ``"id"``, ``"name"`` and ``"race"`` (which must then be the ambassador's).
Ids are card ids of the pool (the project's :func:`~rules.babylon5.cards.card_db`, or a
pool built with ``merge_pools(card_db(), load_pool(path))`` passed as ``pool``).

The rules (rulebook 1.3b, "Preparing to play"): at least 45 cards; at most 3 copies of a
card; exactly one starting ambassador. Decisions where the rulebook is terse:

- The 45 are counted **without** the ambassador (the ambassador starts in play, not in the
  draw deck): the stricter reading, so a legal deck is legal under both.
- "A card" for the copies limit is the same title *and* race: the chapters say two races
  may each have a "Homeworld Fleet" (different cards with one title), and a community pool
  may hold two versions of one card under different ids, which must count together.
- A starting ambassador in the draw deck is refused: no player may sponsor one, so a copy
  could never be played, and "exactly one starting ambassador" forbids a second.
- The opening hand is the ambassador plus three cards of *different types*, chosen: a deck
  with fewer than three card types (ambassador aside) could not form it, so it is refused.
- Cards of another race are allowed (the chapters only restrict *playing* them); cards
  without mechanics and cards whose facts the rulebook does not state are refused, with a
  message naming them — never played silently as vanilla cards.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from rules.errors import DeckInvalid, NotFound

from .cards import card_db, card_label, starters

MIN_DECK = 45
MAX_COPIES = 3
OPENING_HAND_TYPES = 3

#: Every violation code :func:`validate_deck` can report.
CODES: tuple[str, ...] = (
    "deck_format", "unknown_card", "exactly_one_starting_ambassador", "race_matches_ambassador",
    "at_least_45_cards", "at_most_3_copies", "opening_hand_needs_3_types", "no_mechanics_yet",
    "facts_not_stated",
)

Pool = Mapping[str, dict[str, Any]]


def _violation(code: str, message: str) -> dict[str, str]:
    return {"code": code, "message": message}


def _entries(deck: Any) -> tuple[Any, list[Any], list[dict[str, str]]]:
    """``(ambassador ref, [deck ref per copy], problems)``; malformed entries become problems."""
    if not isinstance(deck, dict):
        return None, [], [_violation("deck_format", "a deck must be an object with 'ambassador' and 'deck'")]
    problems: list[dict[str, str]] = []
    unknown_keys = sorted(set(deck) - {"ambassador", "deck", "id", "name", "race"})
    if unknown_keys:
        problems.append(_violation("deck_format", f"unknown deck key(s): {', '.join(unknown_keys)}"))
    refs: list[Any] = []
    items = deck.get("deck", [])
    if not isinstance(items, list):
        problems.append(_violation("deck_format", "'deck' must be a list of card ids or {\"card\", \"qty\"}"))
        items = []
    for item in items:
        if isinstance(item, dict):
            ref, qty = item.get("card"), item.get("qty", 1)
            if set(item) - {"card", "qty"} or not isinstance(qty, int) or isinstance(qty, bool) or qty < 1:
                problems.append(_violation("deck_format", f"{item!r}: expected {{\"card\": id, \"qty\": n >= 1}}"))
                continue
            refs.extend([ref] * qty)
        else:
            refs.append(item)
    return deck.get("ambassador"), refs, problems


def _lookup(ref: Any, pool: Pool) -> dict[str, Any] | None:
    if isinstance(ref, str) and ref.strip().casefold() in pool:
        return pool[ref.strip().casefold()]
    return None


def _resolve(deck: Any, pool: Pool) -> tuple[dict[str, Any] | None, list[dict[str, Any]], list[dict[str, str]]]:
    amb_ref, refs, problems = _entries(deck)
    ambassador = _lookup(amb_ref, pool) if amb_ref is not None else None
    unknown: list[str] = []
    if amb_ref is not None and ambassador is None:
        unknown.append(repr(amb_ref))
    cards: list[dict[str, Any]] = []
    for ref in refs:
        card = _lookup(ref, pool)
        if card is None:
            if repr(ref) not in unknown:
                unknown.append(repr(ref))
        else:
            cards.append(card)
    for ref in unknown:
        problems.append(_violation("unknown_card", f"unknown card {ref}: name cards by their id, e.g. "
                                   "'commander-ruth-okafor' (see rules/babylon5/cards/FORMAT.md)"))
    return ambassador, cards, problems


def resolve_deck(deck: dict[str, Any], pool: Pool | None = None) -> dict[str, Any]:
    """``{"race", "ambassador": id, "deck": [id per copy]}`` — raises ``DeckInvalid`` when
    the input is malformed, names unknown cards or has no ambassador (legality is
    :func:`validate_deck`'s job)."""
    pool = card_db() if pool is None else pool
    ambassador, cards, problems = _resolve(deck, pool)
    if ambassador is None and not problems:
        problems.append(_violation("exactly_one_starting_ambassador", "the deck names no 'ambassador'"))
    if problems:
        raise DeckInvalid("the deck cannot be read: " + "; ".join(p["message"] for p in problems), details=problems)
    assert ambassador is not None  # no ambassador is a problem, raised above
    return {"race": ambassador["race"], "ambassador": ambassador["id"], "deck": [c["id"] for c in cards]}


def _distinct(cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return list({c["id"]: c for c in cards}.values())


def _ambassador_rules(deck: dict[str, Any], ambassador: dict[str, Any] | None,
                      cards: list[dict[str, Any]]) -> list[dict[str, str]]:
    out = []
    if deck.get("ambassador") is None:
        out.append(_violation("exactly_one_starting_ambassador",
                              "the deck needs exactly one starting ambassador: name it as 'ambassador'"))
    elif ambassador is not None and not ambassador["starting_ambassador"]:
        out.append(_violation("exactly_one_starting_ambassador",
                              f"{card_label(ambassador)} is not a starting ambassador"))
    for card in _distinct([c for c in cards if c["starting_ambassador"]]):
        out.append(_violation("exactly_one_starting_ambassador",
                              f"{card_label(card)} is a starting ambassador: it cannot be in the draw deck"
                              " (no player may sponsor a starting ambassador)"))
    race = deck.get("race")
    if race is not None and ambassador is not None and race != ambassador["race"]:
        out.append(_violation("race_matches_ambassador",
                              f"the deck says race {race!r} but {card_label(ambassador)} leads the"
                              f" {ambassador['race']} race"))
    return out


def _size_and_copies(cards: list[dict[str, Any]]) -> list[dict[str, str]]:
    out = []
    if len(cards) < MIN_DECK:
        out.append(_violation("at_least_45_cards",
                              f"the deck has {len(cards)} cards besides the ambassador; it needs at least {MIN_DECK}"))
    counts = Counter((c["title"].casefold(), c["race"]) for c in cards)
    names = {(c["title"].casefold(), c["race"]): c for c in cards}
    for key, n in sorted(counts.items()):
        if n > MAX_COPIES:
            out.append(_violation("at_most_3_copies",
                                  f"{n} copies of {card_label(names[key])}; at most {MAX_COPIES} are allowed"))
    types = sorted({c["type"] for c in cards})
    if len(types) < OPENING_HAND_TYPES:
        out.append(_violation("opening_hand_needs_3_types",
                              f"the opening hand is the ambassador and {OPENING_HAND_TYPES} cards of different types;"
                              f" this deck has only {len(types)} type(s): {', '.join(types) or 'none'}"))
    return out


def _card_rules(everything: list[dict[str, Any]]) -> list[dict[str, str]]:
    out = []
    for card in _distinct(everything):
        if card["unstated"]:
            out.append(_violation("facts_not_stated",
                                  f"{card_label(card)} cannot be played: the rulebook does not state its "
                                  f"{', '.join(card['unstated'])} ({card['source']})"))
        if card["mechanics"] is None:
            out.append(_violation("no_mechanics_yet",
                                  f"no mechanics yet: {card_label(card)} — its game text is not written in the "
                                  "effect language, so it cannot be played (it would otherwise play as a blank card)"))
    return out


def validate_deck(deck: dict[str, Any], pool: Pool | None = None) -> list[dict[str, str]]:
    """Every construction rule the deck breaks, as ``[{"code", "message"}]`` (empty = legal)."""
    pool = card_db() if pool is None else pool
    ambassador, cards, problems = _resolve(deck, pool)
    if not isinstance(deck, dict):
        return problems
    everything = ([ambassador] if ambassador else []) + cards
    return (problems + _ambassador_rules(deck, ambassador, cards) + _size_and_copies(cards)
            + _card_rules(everything))


def check_deck(deck: dict[str, Any], pool: Pool | None = None) -> dict[str, Any]:
    """The resolved deck (see :func:`resolve_deck`), or ``DeckInvalid`` listing every violation."""
    violations = validate_deck(deck, pool)
    if violations:
        raise DeckInvalid(f"the deck breaks {len(violations)} deck-building rule(s): "
                          + "; ".join(v["message"] for v in violations), details=violations)
    return resolve_deck(deck, pool)


def starter_deck(deck_id: str) -> dict[str, Any]:
    """A starter deck in the deck input format. Raises ``NotFound``."""
    for entry in starters():
        if entry["id"] == deck_id:
            return {"id": entry["id"], "name": entry["name"], "race": entry["race"],
                    "ambassador": entry["ambassador"], "deck": list(entry["deck"])}
    known = ", ".join(e["id"] for e in starters())
    raise NotFound(f"no Babylon 5 starter deck {deck_id!r}; the starter decks are {known}")
