"""Star Trek CCG Second Edition formats: which cards a match's decks may hold.

Why formats are the game's rulesets: a match pins its ruleset id from creation on (meta,
challenges, tournaments, forks and the interchange header all carry it), and for Second
Edition every format plays by the same rulebook — a format only narrows the card pool. So a
format *is* the ruleset id, and the pool a match was built from is pinned with it; the
definition of each pool (set codes, the hall-of-fame list in the card facts) is covered by
the card-data version the match records (``replays.pinning``).

The formats (decisions, see RULES.md "Formats"):

- ``standard`` — the community's constructed pool today: every card, printed by Decipher
  or virtual (Continuing Committee), except the hall-of-fame retired list.
- ``decipher`` — the cards Decipher printed (the fourteen sets, their promos and reprints),
  as played before the Continuing Committee: no virtual card, and no hall-of-fame bans
  (the list came later and retired cards that were legal then).
- ``premiere`` — Premiere (set ``SE``) alone, as sold in 2002, retired cards included.
- ``open`` — every card, retired ones included (casual play, testing).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: Set codes of the fourteen sets Decipher released, in release order.
DECIPHER_SETS = ("SE", "En", "CA", "NE", "FT", "R2", "SW", "BG", "DM", "CL", "Ge", "TV", "IMD", "WYLB")


@dataclass(frozen=True)
class Format:
    """A card pool: which sets (``None`` = any), whether virtual cards count, and whether the
    hall-of-fame retired cards are banned."""
    id: str
    description: str
    sets: frozenset[str] | None = None
    official_only: bool = False
    bans_retired: bool = False

    def refuses(self, card: dict[str, Any]) -> str | None:
        """Why ``card`` is not in this format (a violation code), or ``None`` if it is."""
        if self.sets is not None and card["set"] not in self.sets:
            return "not_in_format"
        if self.official_only and not card["official"]:
            return "not_in_format"
        if self.bans_retired and card.get("hof_retired"):
            return "hof_retired"
        return None


FORMATS: dict[str, Format] = {f.id: f for f in (
    Format("standard", "Second Edition rules as in the Czech rulebook (see RULES.md); every card, "
           "Decipher's and the Continuing Committee's virtual ones, except the hall-of-fame retired list",
           bans_retired=True),
    Format("decipher", "Second Edition rules; only cards Decipher printed (sets 1-14, promos), "
           "no virtual cards, hall-of-fame cards allowed", official_only=True),
    Format("premiere", "Second Edition rules; Premiere (2002) cards only, hall-of-fame cards allowed",
           sets=frozenset({"SE"})),
    Format("open", "Second Edition rules; every card, hall-of-fame retired cards included"),
)}

DEFAULT_FORMAT = "standard"


def format_named(format_id: str) -> Format:
    """The format, or ``KeyError`` (callers check the id against :data:`FORMATS` first)."""
    return FORMATS[format_id]
