"""How a Star Trek CCG 2E card's printed face reads in the card catalogue (``rules.catalogue``):
the numbers, a mission's requirements (structured and as words) and points, the text."""
from __future__ import annotations

from functools import lru_cache

from .. import catalogue as C
from .effects.render import render_card

NUMBERS = ("integrity", "cunning", "strength", "range", "weapons", "shields", "points", "span")
FACTS = ("affiliations", "attempt_affiliations", "icons", "keywords", "species", "class", "staffing",
         "mission_type", "location", "quadrant", "region", "dilemma_type", "unique")


def requirements_text(reqs: list | None) -> str | None:
    """``[{skills, attributes}, ...]`` as printed: "2 Diplomacy, Law and Integrity>31 OR …"."""
    if not reqs:
        return None
    alts = []
    for r in reqs:
        parts = [(f"{n} " if n > 1 else "") + s for s, n in sorted((r.get("skills") or {}).items())]
        parts += [f"{a.capitalize()}>{n}" for a, n in sorted((r.get("attributes") or {}).items())]
        alts.append(", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1] if parts else "")
    return " OR ".join(alts)


def entry(card: dict) -> C.Entry:
    return {"title": card["title"], "subtitle": card.get("subtitle"), "type": card["type"], "cost": card.get("cost"),
            "numbers": C.numbers(card, NUMBERS), "skills": dict(card.get("skills") or {}),
            **{f: card.get(f) for f in FACTS},
            "requirements": card.get("requirements"), "requirements_text": requirements_text(card.get("requirements")),
            "set": card.get("set"), "collector": card.get("collector"), "official": card.get("official", True),
            "text": render_card(card)}


@lru_cache(maxsize=1)
def catalogue() -> dict[str, C.Entry]:
    from .cards import card_db
    return C.build(card_db(), entry)
