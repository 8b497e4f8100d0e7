"""The two rulesets of the game, as feature flags read in one place.

Why: a match pins its ruleset in the state (``state["ruleset"]``) so an old game always
replays under the rules it was played with; every rule that differs between editions asks
:func:`feature` instead of comparing ruleset names (docs/stargate-first-edition-differences.md).
"""
from __future__ import annotations

CURRENT = "current"
FIRST_EDITION = "first-edition"

RULESETS = {
    CURRENT: "Current edition (2008 rulebook, seven card types, with ships)",
    FIRST_EDITION: "First edition (2007 rulebook, six card types, no ships)",
}

FEATURES = {
    CURRENT: {"ships": True, "ship_battle": True, "victory_text": True, "promotion_tokens": True, "blockade": True},
    FIRST_EDITION: {"ships": False, "ship_battle": False, "victory_text": False, "promotion_tokens": False, "blockade": False},
}


def feature(state: dict, name: str) -> bool:
    """Whether the pinned ruleset of this match has ``name`` (e.g. ``"ships"``)."""
    return FEATURES[state["ruleset"]][name]
