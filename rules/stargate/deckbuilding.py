"""Deck construction ("Building a Deck", rulebook p. 31) for Stargate TCG.

Why a separate module: a bad deck must be refused when a match is created, with *every*
violation listed at once, long before the reducer sees it. :func:`validate_deck` returns
all violations as ``{"rule", "message"}`` (messages name the cards); :func:`check_deck`
raises ``DeckInvalid`` with that list as ``details``.

Deck input (what a client posts, documented in ``cards/FORMAT.md``)::

    {"team": [ref x4], "missions": [ref x12],
     "deck": [ref or {"card": ref, "qty": n}, ...]}

where ``ref`` is a card GUID or ``"set/number"`` (``"1/95"``).

Decisions (the rulebook is terse; see the report / RULES.md):
- "at most three copies of a title" counts the team, the mission pile and the deck
  together: the rulebook's "your deck" is everything you bring, and "one or two copies of
  each starting team character" (1 + 2 = 3) only fits that reading.
- A team character in the deck must share its *title* with a starting team character
  (boosting and uniqueness both go by title); at most 2 such copies per starting character.
- "4 different team characters" means 4 different titles (only one character per title can
  be in play).
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from rules.errors import DeckInvalid, InvalidRequest, NotFound

from .cards import by_ref, card_label, starters

CURRENT = "current"
FIRST_EDITION = "first-edition"
RULESETS = (CURRENT, FIRST_EDITION)

SKILLS = ("culture", "science", "combat", "ingenuity")
TEAM_SIZE = 4
MISSIONS = 12
MISSIONS_PER_SKILL = 3
MIN_HERO = 20
MIN_VILLAIN = 20
MAX_COPIES = 3
MAX_TEAM_COPIES_IN_DECK = 2

#: Ship-era vocabulary the first-edition rulebook does not define (differences doc, item 1d).
#: Text that merely *targets* a ship ("ready a hero ship", "while a hero ship is assigned")
#: is not refused: ship cards are refused in first-edition decks, so such text finds no
#: ship and does nothing, and five starter-deck missions (sets 3) carry such text while
#: every starter deck must stay playable in both rulesets.
SHIP_ERA_WORDS = ("blockade", "promotion", "firepower", "victory")


def _violation(rule: str, message: str) -> dict[str, str]:
    return {"rule": rule, "message": message}


def _entries(deck: dict[str, Any]) -> tuple[list[tuple[str, Any]], list[dict[str, str]]]:
    """Flatten the input into ``(part, ref)`` pairs; malformed entries become violations."""
    flat: list[tuple[str, Any]] = []
    problems: list[dict[str, str]] = []
    if not isinstance(deck, dict):
        return [], [_violation("deck_format", "a deck must be an object with team, missions and deck")]
    for part in ("team", "missions", "deck"):
        items = deck.get(part, [])
        if not isinstance(items, list):
            problems.append(_violation("deck_format", f"'{part}' must be a list of card references"))
            continue
        for item in items:
            if isinstance(item, dict) and part == "deck":
                qty = item.get("qty", 1)
                ref = item.get("card", item.get("guid"))
                if not isinstance(qty, int) or isinstance(qty, bool) or qty < 1:
                    problems.append(_violation("deck_format", f"quantity of {ref!r} must be a positive integer"))
                    continue
                flat.extend([(part, ref)] * qty)
            else:
                flat.append((part, item))
    unknown_parts = sorted(set(deck) - {"team", "missions", "deck", "id", "name"})
    if unknown_parts:
        problems.append(_violation("deck_format", f"unknown deck parts: {', '.join(unknown_parts)}"))
    return flat, problems


def _resolve(deck: dict[str, Any]) -> tuple[dict[str, list[dict[str, Any]]], list[dict[str, str]]]:
    flat, problems = _entries(deck)
    parts: dict[str, list[dict[str, Any]]] = {"team": [], "missions": [], "deck": []}
    unknown: list[str] = []
    for part, ref in flat:
        try:
            parts[part].append(by_ref(ref))
        except (NotFound, InvalidRequest):
            if repr(ref) not in unknown:
                unknown.append(repr(ref))
    for ref in unknown:
        problems.append(_violation("unknown_card", f"unknown card {ref}: use a card GUID or 'set/number' such as '1/95'"))
    return parts, problems


def resolve_deck(deck: dict[str, Any]) -> dict[str, list[str]]:
    """``{"team": [guid], "missions": [guid], "deck": [guid, ...]}`` (one GUID per copy).

    Raises ``DeckInvalid`` when the input is malformed or names unknown cards.
    """
    parts, problems = _resolve(deck)
    if problems:
        raise DeckInvalid("the deck names cards that do not exist", details=problems)
    return {part: [c["guid"] for c in cards] for part, cards in parts.items()}


def _team_rules(team: list[dict[str, Any]]) -> list[dict[str, str]]:
    out = []
    not_team = [c for c in team if not (c["type"] == "character" and c["subtype"] == "team")]
    for card in not_team:
        out.append(_violation("exactly_four_team_characters", f"{card_label(card)} is not a team character"))
    titles = Counter(c["title"] for c in team)
    doubled = sorted(t for t, n in titles.items() if n > 1)
    if len(team) != TEAM_SIZE:
        out.append(_violation("exactly_four_team_characters",
                              f"you must start with exactly {TEAM_SIZE} team characters, not {len(team)}"))
    if doubled:
        out.append(_violation("exactly_four_team_characters",
                              f"your {TEAM_SIZE} team characters must be different: {', '.join(doubled)} more than once"))
    return out


def _mission_rules(missions: list[dict[str, Any]]) -> list[dict[str, str]]:
    out = []
    for card in missions:
        if card["type"] != "mission":
            out.append(_violation("exactly_twelve_missions", f"{card_label(card)} in the mission pile is not a mission"))
    real = [c for c in missions if c["type"] == "mission"]
    if len(missions) != MISSIONS:
        out.append(_violation("exactly_twelve_missions",
                              f"your mission pile must hold exactly {MISSIONS} missions, not {len(missions)}"))
    counts = Counter({s: 0 for s in SKILLS})
    for card in real:  # a mission has exactly one required skill (a test checks the data)
        counts.update(s for s in SKILLS if s in card["skills"])
    if any(counts[s] != MISSIONS_PER_SKILL for s in SKILLS):
        out.append(_violation("three_missions_of_each_skill",
                              f"you need exactly {MISSIONS_PER_SKILL} missions of each skill; you have "
                              + ", ".join(f"{counts[s]} {s}" for s in SKILLS)))
    return out


def _deck_rules(team: list[dict[str, Any]], deck: list[dict[str, Any]]) -> list[dict[str, str]]:
    out = []
    heroes = sum(1 for c in deck if c["allegiance"] == "hero")
    villains = sum(1 for c in deck if c["allegiance"] == "villain")
    if heroes < MIN_HERO:
        out.append(_violation("at_least_twenty_hero_cards",
                              f"the rest of your deck needs at least {MIN_HERO} hero cards; it has {heroes}"))
    if villains < MIN_VILLAIN:
        out.append(_violation("at_least_twenty_villain_cards",
                              f"the rest of your deck needs at least {MIN_VILLAIN} villain cards; it has {villains}"))
    missions = _distinct(c for c in deck if c["type"] == "mission")
    for card in missions:
        out.append(_violation("no_missions_beyond_the_twelve",
                              f"{card_label(card)} is a mission: missions go only in the 12-card mission pile"))
    starting_titles = {c["title"] for c in team}
    team_copies = Counter(c["title"] for c in deck if c["type"] == "character" and c["subtype"] == "team")
    for title, count in sorted(team_copies.items()):
        if title not in starting_titles:
            out.append(_violation("team_character_copies",
                                  f"{title} is a team character you do not start with; only copies of your "
                                  "starting team characters may be in your deck"))
        elif count > MAX_TEAM_COPIES_IN_DECK:
            out.append(_violation("team_character_copies",
                                  f"{count} copies of starting team character {title} in your deck; "
                                  f"at most {MAX_TEAM_COPIES_IN_DECK} are allowed"))
    return out


def _distinct(cards) -> list[dict[str, Any]]:
    seen: dict[str, dict[str, Any]] = {}
    for card in cards:
        seen.setdefault(card["guid"], card)
    return list(seen.values())


def _copies_rule(everything: list[dict[str, Any]]) -> list[dict[str, str]]:
    counts = Counter(c["title"] for c in everything)
    return [_violation("at_most_three_copies_of_a_title",
                       f"{n} copies of {title} (team, missions and deck together, any subtitle); "
                       f"at most {MAX_COPIES} are allowed")
            for title, n in sorted(counts.items()) if n > MAX_COPIES]


def ship_era_mechanics(mechanics: Any) -> list[str]:
    """Ship-era words used anywhere in a card's mechanics (first edition defines none of them)."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                walk(key)
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
        elif isinstance(node, str):
            tokens = node.lower().split("_")  # "place_promotion_token", "blockaded_missions"
            found.update(w for w in SHIP_ERA_WORDS if any(t.startswith(w) for t in tokens))

    walk(mechanics)
    return sorted(found)


def _card_rules(everything: list[dict[str, Any]], ruleset: str) -> list[dict[str, str]]:
    out = []
    for card in _distinct(everything):
        if card["mechanics"] is None:
            out.append(_violation("no_mechanics_yet",
                                  f"no mechanics yet: {card['title']} ({card['set']}/{card['number']}) — "
                                  "it cannot be played until its rules are implemented"))
    if ruleset == FIRST_EDITION:
        for card in _distinct(everything):
            if card["type"] == "ship":
                out.append(_violation("no_ships_in_first_edition",
                                      f"ship cards do not exist in the first-edition ruleset: {card_label(card)}"))
            elif card["mechanics"]:
                words = ship_era_mechanics(card["mechanics"])
                if words:
                    out.append(_violation("no_ship_era_mechanics_in_first_edition",
                                          f"{card_label(card)} uses {', '.join(words)}, which the first-edition "
                                          "ruleset does not define"))
    return out


def validate_deck(deck: dict[str, Any], ruleset: str) -> list[dict[str, str]]:
    """Every construction rule the deck breaks, as ``[{"rule", "message"}]`` (empty = legal)."""
    if ruleset not in RULESETS:
        raise InvalidRequest(f"unknown Stargate ruleset {ruleset!r}; expected one of {', '.join(RULESETS)}")
    if not isinstance(deck, dict):
        return _entries(deck)[1]
    parts, problems = _resolve(deck)
    team, missions, rest = parts["team"], parts["missions"], parts["deck"]
    everything = team + missions + rest
    return (problems + _team_rules(team) + _mission_rules(missions) + _deck_rules(team, rest)
            + _copies_rule(everything) + _card_rules(everything, ruleset))


def check_deck(deck: dict[str, Any], ruleset: str) -> dict[str, list[str]]:
    """The resolved deck (see :func:`resolve_deck`), or ``DeckInvalid`` listing every violation."""
    violations = validate_deck(deck, ruleset)
    if violations:
        raise DeckInvalid(f"the deck breaks {len(violations)} deck-building rule(s): "
                          + "; ".join(v["message"] for v in violations), details=violations)
    return resolve_deck(deck)


def starter_deck(deck_id: str) -> dict[str, Any]:
    """A starter deck in the deck input format (GUID refs). Raises ``NotFound``."""
    for entry in starters():
        if entry["id"] == deck_id:
            return {"team": list(entry["team"]), "missions": list(entry["missions"]),
                    "deck": [{"card": e["guid"], "qty": e["qty"]} for e in entry["deck"]],
                    "id": entry["id"], "name": entry["name"]}
    known = ", ".join(e["id"] for e in starters())
    raise NotFound(f"no starter deck {deck_id!r}; the starter decks are {known}")
