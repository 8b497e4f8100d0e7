"""The Babylon 5 CCG card *facts* schema: what a valid card definition looks like.

Why a module of its own: three readers must agree on it exactly — the CSV importer (a
community fills a spreadsheet), the loader (the project's own JSON and any extra pool a
server operator adds) and the tests. :func:`check_card` returns *every* problem with a card
as plain sentences, so the importer can prefix them with a line number and a person can fix
a whole spreadsheet in one pass. The format is documented column by column in ``FORMAT.md``.

Values come from the rulebook 1.3b chapters (``babylon5-ccg.en.md``): the ten card types,
the four ability ratings, the four conflict types, the Aftermath play conditions
(Won/Lost, conflict type, Participant / Participant Fleet / Participant Character), the
enhancement and contingency target kinds, Hidden and Major agendas.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any

CARD_TYPES: tuple[str, ...] = ("character", "group", "fleet", "location", "enhancement", "agenda",
                               "event", "contingency", "conflict", "aftermath")

#: Races a card may belong to. "non-aligned" IS a race (the League of Non-Aligned Worlds);
#: "neutral" is not a race: neutral characters are loyal to nobody and neutral cards of the
#: other types are restricted to nobody. Shadows and Vorlons are non-player powers on the
#: status tracker; cards of those races are allowed so a community set can use them.
RACES: tuple[str, ...] = ("human", "minbari", "centauri", "narn", "non-aligned", "vorlon", "shadow",
                          "neutral")

#: The races a player can control (the ones with starting ambassadors in the sample pool:
#: the four of the chapters' examples and the Non-Aligned — "Non-Aligned IS a race", the
#: League of Non-Aligned Worlds — so that five players can each hold a different race). A
#: community pool may add an ambassador of any race in :data:`RACES` except "neutral".
PLAYER_RACES: tuple[str, ...] = ("human", "minbari", "centauri", "narn", "non-aligned")

ABILITIES: tuple[str, ...] = ("diplomacy", "intrigue", "leadership", "psi")

CONFLICT_TYPES: tuple[str, ...] = ("diplomatic", "intrigue", "military", "psi")

#: ``subtype`` allowed per card type (``None`` = no subtype).
SUBTYPES: dict[str, tuple[str | None, ...]] = {
    "character": ("ambassador", "aide", "character"),
    "conflict": CONFLICT_TYPES,
    "agenda": ("hidden", "major", None),
}

#: What an enhancement may be played on (rulebook: character, fleet, location, faction, or
#: global = the whole game / "Babylon 5 enhancement").
ENHANCEMENT_TARGETS: tuple[str, ...] = ("character", "fleet", "location", "faction", "global")
#: What a contingency is played face down under (its card type names one of these).
CONTINGENCY_TARGETS: tuple[str, ...] = ("character", "fleet", "location", "faction")
#: What a conflict names when it is revealed ("Kidnapping" names a character, a conquest a
#: location, "targets the Minbari player" a faction); ``None`` = no target.
CONFLICT_TARGETS: tuple[str | None, ...] = (None, "character", "fleet", "location", "faction")

#: Aftermath play conditions.
AFTERMATH_RESULTS: tuple[str, ...] = ("won", "lost", "any")
AFTERMATH_CONFLICTS: tuple[str, ...] = CONFLICT_TYPES + ("any",)
#: ``None`` = not a Participant aftermath (targets only the Initiator's faction);
#: ``any`` = "Participant"; ``fleet``/``character`` = "Participant Fleet"/"Participant Character".
AFTERMATH_PARTICIPANT: tuple[str | None, ...] = (None, "any", "fleet", "character")

#: Types that are Limited unless the card says otherwise (characters, groups, fleets —
#: within one race — and locations). Enhancements and the rest are not.
LIMITED_BY_DEFAULT: frozenset[str] = frozenset({"character", "group", "fleet", "location"})

#: Facts a card taken from the rulebook chapters may leave unstated (``null``); the card then
#: lists them in ``unstated`` and deck validation refuses it (see ``FORMAT.md``).
#: An unstated ``race`` is written ``neutral`` (no restriction known).
MAY_BE_UNSTATED: frozenset[str] = frozenset({"race", "cost", "subtype", "abilities", "military"})

ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
TRAIT_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9' .-]*$")

#: Every key a card definition has, in the order files are written.
KEYS: tuple[str, ...] = (
    "id", "title", "type", "race", "cost", "subtype", "starting_ambassador", "loyal", "limited",
    "abilities", "military", "influence_bonus", "power_bonus", "traits", "aide_of", "attaches_to",
    "conflict_target", "any_player_may_be_supported", "play_conditions", "official", "source",
    "unstated", "mechanics",
)

MAX_STAT = 99


def slug(title: str) -> str:
    """The id a title gets when the spreadsheet leaves ``id`` blank: ``"Kel'Var Listening Post"``
    -> ``"kelvar-listening-post"`` (accents and apostrophes vanish, other punctuation becomes
    ``-``), so ids stay ASCII and can be typed on any keyboard."""
    text = unicodedata.normalize("NFKD", title.casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).replace("'", "").replace("\u2019", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _stat_problem(name: str, value: Any) -> str | None:
    if not _is_int(value):
        return f"{name} must be a whole number, not {value!r}"
    if not 0 <= value <= MAX_STAT:
        return f"{name} must be between 0 and {MAX_STAT}, not {value}"
    return None


def check_card(card: dict[str, Any]) -> list[str]:
    """Every problem with one card definition (``[]`` = valid).

    Checks shape (every key of :data:`KEYS`, nothing else), value ranges, and the
    consistency rules of the chapters: only characters have abilities and aides; fleets have
    Military; only loyal characters name a race; a starting ambassador has no cost (no
    player may sponsor one); Aftermaths have play conditions; ``official`` is ``false``
    (the project ships no printed card data).
    """
    problems: list[str] = []
    missing = [k for k in KEYS if k not in card]
    extra = sorted(set(card) - set(KEYS))
    if missing:
        problems.append("missing " + ", ".join(missing))
    if extra:
        problems.append("unknown key(s) " + ", ".join(extra))
    if missing:
        return problems
    ctype, race = card["type"], card["race"]
    unstated = card["unstated"]
    if not isinstance(unstated, list) or any(u not in MAY_BE_UNSTATED for u in unstated):
        problems.append(f"unstated must be a list of {sorted(MAY_BE_UNSTATED)}, not {unstated!r}")
        unstated = []
    if unstated and not card["source"]:
        problems.append("a card with unstated facts must say in source where its facts come from")

    if not isinstance(card["id"], str) or not ID_PATTERN.match(card["id"]):
        problems.append(f"id {card['id']!r} must be lower-case letters, digits and single hyphens")
    if not isinstance(card["title"], str) or not card["title"].strip():
        problems.append("title must not be empty")
    if ctype not in CARD_TYPES:
        problems.append(f"type {ctype!r} is not one of {', '.join(CARD_TYPES)}")
    if race not in RACES:
        problems.append(f"race {race!r} is not one of {', '.join(RACES)}")
    if card["official"] is not False:
        problems.append("official must be false: the project ships no printed card data")
    if not isinstance(card["source"], str) or not card["source"].strip():
        problems.append("source must say where the facts come from (e.g. 'invented')")
    for key in ("starting_ambassador", "loyal", "limited", "any_player_may_be_supported"):
        if not isinstance(card[key], bool):
            problems.append(f"{key} must be true or false, not {card[key]!r}")
    for key in ("influence_bonus", "power_bonus"):
        if not _is_int(card[key]) or not -MAX_STAT <= card[key] <= MAX_STAT:
            problems.append(f"{key} must be a whole number, not {card[key]!r}")
    traits = card["traits"]
    if not isinstance(traits, list) or any(not isinstance(t, str) or not TRAIT_PATTERN.match(t) for t in traits):
        problems.append(f"traits must be a list of words, not {traits!r}")
    elif len(set(t.casefold() for t in traits)) != len(traits):
        problems.append(f"traits repeat: {traits!r}")
    mech = card["mechanics"]
    if mech is not None and not (isinstance(mech, list) and all(isinstance(a, dict) for a in mech)):
        problems.append("mechanics must be null (not authored) or a list of abilities")
    if ctype not in CARD_TYPES:
        return problems

    # cost
    cost = card["cost"]
    if card["starting_ambassador"]:
        if cost is not None:
            problems.append("a starting ambassador has no cost: no player may sponsor one")
    elif cost is None:
        if "cost" not in unstated:
            problems.append("cost is required (influence to sponsor or play the card)")
    elif (p := _stat_problem("cost", cost)):
        problems.append(p)

    # subtype
    allowed = SUBTYPES.get(ctype, (None,))
    subtype = card["subtype"]
    if subtype is None and "subtype" in unstated and ctype == "conflict":
        pass
    elif subtype not in allowed:
        shown = ", ".join("null" if a is None else a for a in allowed)
        problems.append(f"subtype {subtype!r} is not allowed for a {ctype} (allowed: {shown})")

    # characters: abilities, loyalty, ambassadors, aides
    abilities = card["abilities"]
    if ctype == "character":
        if abilities is None:
            if "abilities" not in unstated:
                problems.append("a character needs abilities (diplomacy, intrigue, leadership, psi)")
        elif not isinstance(abilities, dict) or set(abilities) != set(ABILITIES):
            problems.append(f"abilities must have exactly {', '.join(ABILITIES)}")
        else:
            problems.extend(p for a in ABILITIES if (p := _stat_problem(a, abilities[a])))
        if card["loyal"] != (race != "neutral"):
            problems.append("a character is loyal exactly when its race is not neutral"
                            f" (race {race!r}, loyal {card['loyal']!r})")
    else:
        if abilities is not None:
            problems.append(f"only characters have abilities, not a {ctype}")
        if card["loyal"]:
            problems.append(f"only characters are loyal; a {ctype}'s race restricts who may play it")
    if card["starting_ambassador"] and not (ctype == "character" and subtype == "ambassador"):
        problems.append("only a character of subtype ambassador can be a starting ambassador")
    if card["starting_ambassador"] and race == "neutral":
        problems.append("a starting ambassador leads a race: it cannot be neutral")
    aide_of = card["aide_of"]
    if ctype == "character" and subtype == "aide":
        # "an ambassador's assistant is tied to a particular ambassador"
        if not isinstance(aide_of, str) or not ID_PATTERN.match(aide_of):
            problems.append(f"an aide must name its ambassador's id in aide_of, not {aide_of!r}")
    elif aide_of is not None:
        problems.append("only an aide names the ambassador it assists (aide_of)")

    # military
    military = card["military"]
    if ctype == "fleet":
        if military is None:
            if "military" not in unstated:
                problems.append("a fleet needs a military rating")
        elif (p := _stat_problem("military", military)):
            problems.append(p)
    elif ctype == "location":
        if military is not None and (p := _stat_problem("military", military)):
            problems.append(p)
    elif military is not None:
        problems.append(f"only fleets and locations have military, not a {ctype}")

    # what enhancements / contingencies attach to
    target = card["attaches_to"]
    if ctype == "enhancement":
        if target not in ENHANCEMENT_TARGETS:
            problems.append(f"an enhancement's attaches_to must be one of {', '.join(ENHANCEMENT_TARGETS)}")
    elif ctype == "contingency":
        if target not in CONTINGENCY_TARGETS:
            problems.append(f"a contingency's attaches_to must be one of {', '.join(CONTINGENCY_TARGETS)}")
    elif target is not None:
        problems.append(f"only enhancements and contingencies have attaches_to, not a {ctype}")

    # conflicts
    if ctype == "conflict":
        if card["conflict_target"] not in CONFLICT_TARGETS:
            problems.append(f"conflict_target {card['conflict_target']!r} is not one of"
                            " character, fleet, location, faction or null")
    else:
        if card["conflict_target"] is not None:
            problems.append(f"only conflicts have a conflict_target, not a {ctype}")
        if card["any_player_may_be_supported"]:
            problems.append(f"only conflicts can let any player be supported, not a {ctype}")

    # aftermaths
    conditions = card["play_conditions"]
    if ctype == "aftermath":
        if not isinstance(conditions, dict) or set(conditions) != {"result", "conflict", "participant"}:
            problems.append("an aftermath needs play_conditions {result, conflict, participant}")
        else:
            if conditions["result"] not in AFTERMATH_RESULTS:
                problems.append(f"play_conditions.result must be one of {', '.join(AFTERMATH_RESULTS)}")
            if conditions["conflict"] not in AFTERMATH_CONFLICTS:
                problems.append(f"play_conditions.conflict must be one of {', '.join(AFTERMATH_CONFLICTS)}")
            if conditions["participant"] not in AFTERMATH_PARTICIPANT:
                problems.append("play_conditions.participant must be null, any, fleet or character")
    elif conditions is not None:
        problems.append(f"only aftermaths have play_conditions, not a {ctype}")

    for field in unstated:
        if field == "race":
            if race != "neutral":
                problems.append("an unstated race is written neutral")
        elif card.get(field) is not None:
            problems.append(f"{field} is listed as unstated but has a value")
    return problems


def aftermath_label(conditions: dict[str, Any]) -> str:
    """How the card type reads in the chapters: ``Won Military Participant Fleet Aftermath``,
    ``Any Diplomacy Aftermath``, ``Won Conflict Aftermath``."""
    result = conditions["result"].capitalize()
    conflict = conditions["conflict"]
    kind = {"any": "Conflict", "diplomatic": "Diplomacy"}.get(conflict, conflict.capitalize())
    part = conditions["participant"]
    participant = "" if not part else " Participant" + ("" if part == "any" else " " + part.capitalize())
    return f"{result} {kind}{participant} Aftermath"
