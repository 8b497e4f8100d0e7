"""Deck construction ("Building a Deck") for Star Trek CCG Second Edition.

Why a separate module: a bad deck must be refused when a match is created, with *every*
violation listed at once, long before the engine sees it. :func:`validate_deck` returns all
violations as ``{"code", "message"}`` (messages name the cards); :func:`check_deck` raises
``DeckInvalid`` with that list as ``details``.

Deck input (documented in ``cards/FORMAT.md``)::

    {"missions": [id x5], "dilemmas": [id, ...], "deck": [id, ...]}

where ``id`` is a collector's info (``"1R208"``). A part may repeat an id once per copy,
hold ``{"card": id, "qty": n}`` entries, or be a count map ``{"1R208": 2, ...}``. Optional
``id``/``name`` keys are ignored.

Decisions (the rulebook gives only the minimums and the copy limit):
- "at most three copies of a title (ignore subtitles)" counts missions, dilemma pile and
  draw deck together: the rule is about "your deck", which is all three.
- Missions may only be in the mission pile, dilemmas only in the dilemma pile; the draw
  deck holds personnel, ships, equipment, events and interrupts.
- "5 different missions" means five different cards (collector's info, alternate printings
  of one card count as the same card) *and* five different mission titles.
- Which cards are allowed is the match's *format* (``formats.py``: ``standard`` refuses the
  hall-of-fame retired cards, ``decipher`` virtual cards, ``premiere`` every other set,
  ``open`` nothing); a card outside it is refused by name (``not_in_format``,
  ``hof_retired``).
- A card without mechanics is refused by name: the engine never plays a card as vanilla.
- No maximum deck size and no affiliation rules (the rulebook states none).
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from rules.errors import DeckInvalid, InvalidRequest, NotFound

from .cards import by_ref, card_label, starters
from .formats import DEFAULT_FORMAT, FORMATS

PARTS = ("missions", "dilemmas", "deck")
MISSIONS = 5
MIN_DILEMMAS = 20
MIN_DRAW = 35
MAX_COPIES = 3
DRAW_TYPES = frozenset({"personnel", "ship", "equipment", "event", "interrupt"})


def _violation(code: str, message: str) -> dict[str, str]:
    return {"code": code, "message": message}


def _entries(deck: Any) -> tuple[list[tuple[str, Any]], list[dict[str, str]]]:
    """Flatten the input into ``(part, ref)`` pairs; malformed entries become violations."""
    flat: list[tuple[str, Any]] = []
    problems: list[dict[str, str]] = []
    if not isinstance(deck, dict):
        return [], [_violation("deck_format", "a deck must be an object with missions, dilemmas and deck")]
    for part in PARTS:
        items = deck.get(part, [])
        if isinstance(items, dict):
            items = [{"card": ref, "qty": qty} for ref, qty in items.items()]
        if not isinstance(items, list):
            problems.append(_violation("deck_format", f"'{part}' must be a list of card ids or a count map"))
            continue
        for item in items:
            if isinstance(item, dict):
                qty = item.get("qty", 1)
                ref = item.get("card", item.get("id"))
                if not isinstance(qty, int) or isinstance(qty, bool) or qty < 1:
                    problems.append(_violation("deck_format", f"quantity of {ref!r} must be a positive integer"))
                    continue
                flat.extend([(part, ref)] * qty)
            else:
                flat.append((part, item))
    unknown_parts = sorted(set(deck) - set(PARTS) - {"id", "name"})
    if unknown_parts:
        problems.append(_violation("deck_format", f"unknown deck parts: {', '.join(map(str, unknown_parts))}"))
    return flat, problems


def _resolve(deck: Any) -> tuple[dict[str, list[dict[str, Any]]], list[dict[str, str]]]:
    flat, problems = _entries(deck)
    parts: dict[str, list[dict[str, Any]]] = {p: [] for p in PARTS}
    unknown: list[str] = []
    for part, ref in flat:
        try:
            parts[part].append(by_ref(ref))
        except (NotFound, InvalidRequest):
            if repr(ref) not in unknown:
                unknown.append(repr(ref))
    for ref in unknown:
        problems.append(_violation("unknown_card", f"unknown card {ref}: use a collector's info such as '1R208'"))
    return parts, problems


def resolve_deck(deck: dict[str, Any]) -> dict[str, list[str]]:
    """``{"missions": [id], "dilemmas": [id], "deck": [id, ...]}`` (one id per copy).

    Raises ``DeckInvalid`` when the input is malformed or names unknown cards.
    """
    parts, problems = _resolve(deck)
    if problems:
        raise DeckInvalid("the deck names cards that do not exist", details=problems)
    return {part: [c["id"] for c in cards] for part, cards in parts.items()}


def _distinct(cards) -> list[dict[str, Any]]:
    seen: dict[str, dict[str, Any]] = {}
    for card in cards:
        seen.setdefault(card["id"], card)
    return list(seen.values())


def _identity(card: dict[str, Any]) -> str:
    return card.get("alternate_of") or card["id"]


def _mission_rules(missions: list[dict[str, Any]]) -> list[dict[str, str]]:
    out = []
    for card in _distinct(missions):
        if card["type"] != "mission":
            out.append(_violation("not_a_mission", f"{card_label(card)} is a {card['type']}, not a mission"))
    real = [c for c in missions if c["type"] == "mission"]
    if len(missions) != MISSIONS:
        out.append(_violation("exactly_five_missions",
                              f"your deck needs exactly {MISSIONS} missions, not {len(missions)}"))
    by_card = Counter(_identity(c) for c in real)
    by_title = Counter(c["title"] for c in real)
    doubled = sorted({card_label(c) for c in real if by_card[_identity(c)] > 1 or by_title[c["title"]] > 1})
    if doubled:
        out.append(_violation("different_missions",
                              "your five missions must be different: " + ", ".join(doubled) + " more than once"))
    return out + _only_headquarters_rule(real)


def _only_headquarters_rule(missions: list[dict[str, Any]]) -> list[dict[str, str]]:
    """Unicomplex, Root of the Hive Mind: "You cannot command another Headquarters mission"
    (keyword ``only_headquarters``; RULES.md "Borg headquarters"): the missions you command are
    the five of your mission pile, so a deck with it holds no other headquarters mission."""
    only = [c for c in missions if any(ab.get("kind") == "keyword" and ab.get("keyword") == "only_headquarters"
                                       for ab in c.get("mechanics") or [])]
    others = sorted({card_label(c) for c in missions if c.get("mission_type") == "headquarters"
                     and all(_identity(c) != _identity(o) for o in only)})
    if not only or not others:
        return []
    return [_violation("only_headquarters",
                       f"{card_label(only[0])} says you cannot command another Headquarters mission: "
                       + ", ".join(others))]


def _dilemma_rules(dilemmas: list[dict[str, Any]]) -> list[dict[str, str]]:
    out = []
    for card in _distinct(dilemmas):
        if card["type"] != "dilemma":
            out.append(_violation("not_a_dilemma",
                                  f"{card_label(card)} is a {card['type']}: only dilemmas go in the dilemma pile"))
    count = sum(1 for c in dilemmas if c["type"] == "dilemma")
    if count < MIN_DILEMMAS:
        out.append(_violation("at_least_twenty_dilemmas",
                              f"your dilemma pile needs at least {MIN_DILEMMAS} dilemmas; it has {count}"))
    return out


def _draw_rules(deck: list[dict[str, Any]]) -> list[dict[str, str]]:
    out = []
    for card in _distinct(deck):
        if card["type"] not in DRAW_TYPES:
            out.append(_violation("not_a_draw_card",
                                  f"{card_label(card)} is a {card['type']}: it cannot go in the draw deck"))
    count = sum(1 for c in deck if c["type"] in DRAW_TYPES)
    if count < MIN_DRAW:
        out.append(_violation("at_least_thirty_five_draw_cards",
                              f"your draw deck needs at least {MIN_DRAW} cards; it has {count}"))
    return out


def _copies_rule(everything: list[dict[str, Any]]) -> list[dict[str, str]]:
    counts = Counter(c["title"] for c in everything)
    return [_violation("at_most_three_copies_of_a_title",
                       f"{n} copies of cards titled {title} (missions, dilemmas and draw deck together, "
                       f"any subtitle); at most {MAX_COPIES} are allowed")
            for title, n in sorted(counts.items()) if n > MAX_COPIES]


def _card_rules(everything: list[dict[str, Any]], fmt: str) -> list[dict[str, str]]:
    out = []
    unplayable = [c for c in _distinct(everything) if c["mechanics"] is None]
    if unplayable:
        out.append(_violation("no_mechanics",
                              f"{len(unplayable)} card(s) have no mechanics yet and cannot be played until "
                              "their rules are written: " + ", ".join(card_label(c) for c in unplayable)))
    pool = FORMATS[fmt]
    refused: dict[str, list[dict[str, Any]]] = {}
    for card in _distinct(everything):
        code = pool.refuses(card)
        if code:
            refused.setdefault(code, []).append(card)
    if refused.get("not_in_format"):
        out.append(_violation("not_in_format",
                              f"not in the {fmt} format ({pool.description}): "
                              + ", ".join(card_label(c) for c in refused["not_in_format"])))
    if refused.get("hof_retired"):
        out.append(_violation("hof_retired",
                              f"retired to the hall of fame (not allowed in the {fmt} format): "
                              + ", ".join(card_label(c) for c in refused["hof_retired"])))
    return out


def validate_deck(deck: dict[str, Any], *, fmt: str = DEFAULT_FORMAT) -> list[dict[str, str]]:
    """Every construction rule the deck breaks in format ``fmt``, as ``[{"code", "message"}]``
    (empty = legal). ``fmt`` must be a key of ``formats.FORMATS``."""
    if fmt not in FORMATS:
        raise InvalidRequest(f"unknown Star Trek 2E format {fmt!r}; expected one of {', '.join(FORMATS)}")
    if not isinstance(deck, dict):
        return _entries(deck)[1]
    parts, problems = _resolve(deck)
    missions, dilemmas, rest = parts["missions"], parts["dilemmas"], parts["deck"]
    everything = missions + dilemmas + rest
    return (problems + _mission_rules(missions) + _dilemma_rules(dilemmas) + _draw_rules(rest)
            + _copies_rule(everything) + _card_rules(everything, fmt))


def check_deck(deck: dict[str, Any], *, fmt: str = DEFAULT_FORMAT) -> dict[str, list[str]]:
    """The resolved deck (see :func:`resolve_deck`), or ``DeckInvalid`` listing every violation."""
    violations = validate_deck(deck, fmt=fmt)
    if violations:
        raise DeckInvalid(f"the deck breaks {len(violations)} deck-building rule(s): "
                          + "; ".join(v["message"] for v in violations), details=violations)
    return resolve_deck(deck)


def starter_deck(deck_id: str) -> dict[str, Any]:
    """A starter deck in the deck input format. Raises ``NotFound``."""
    for entry in starters():
        if entry["id"] == deck_id:
            return {"missions": list(entry["missions"]), "dilemmas": list(entry["dilemmas"]),
                    "deck": list(entry["deck"]), "id": entry["id"], "name": entry["name"]}
    known = ", ".join(e["id"] for e in starters())
    raise NotFound(f"no starter deck {deck_id!r}; the starter decks are {known}")
