"""Import card *facts* from the community's OCTGN Stargate TCG files.

Why this exists: the project keeps its own card definitions (facts + hand-written
mechanics) and never ships the OCTGN files or their card text. The importer turns the
OCTGN set XML into our facts files (``facts/set-NN.json``) and the OCTGN starter decks
(``decks/*.o8d``) into ``starters.json``. It is re-runnable, so a test can check that the
committed files equal a fresh import::

    python -m rules.stargate.cards.importer /work/shared/cards/stargate-tcg

Everything except :func:`main` is a pure function over XML text, so ``rules/`` stays pure;
``main`` is the one place that touches the file system and it only runs as a command.
The card text is read (``itertext``) only to tell whether a card *has* game text; it is
never written anywhere.
"""
from __future__ import annotations

import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Iterable

#: Sets 1-3 are the printed game; 4-16 are the player community's fan-made sets.
OFFICIAL_SETS = frozenset({1, 2, 3})

#: OCTGN "Type" -> (our type, our subtype).
TYPES: dict[str, tuple[str, str | None]] = {
    "Team Character": ("character", "team"),
    "Support Character": ("character", "support"),
    "Mission": ("mission", None),
    "Gear": ("gear", None),
    "Event": ("event", None),
    "Obstacle": ("obstacle", None),
    "Adversary": ("adversary", None),
    "Ship": ("ship", None),
}

#: Skill properties in the order the rulebook lists them.
SKILLS = ("culture", "science", "combat", "ingenuity")

#: OCTGN glyph symbol ids -> our glyph names ("a"/Origin appears only in fan sets).
GLYPHS = {"g": "gemini", "l": "libra", "o": "orion", "p": "pisces", "s": "scorpius",
          "t": "triangulum", "a": "origin"}

#: Starter deck file stem -> the character or villain the deck is built around.
STARTER_NAMES = {
    "oneil": "Jack O'Neill", "carter": "Samantha Carter", "jackson": "Daniel Jackson",
    "tealc": "Teal'c", "mitchell": "Cameron Mitchell", "doran": "Vala Mal Doran",
    "adria": "Adria", "apophis": "Apophis", "baal": "Ba'al", "doci": "The Doci",
    "osiris": "Osiris", "yu": "Yu",
}

#: OCTGN deck sections -> our deck parts.
DECK_SECTIONS = {"Team": "team", "Mission Pile": "missions", "Main": "deck"}

#: Corrections to known slips in the OCTGN data, by GUID, applied after parsing. Each one
#: is a fact the printed card has and the OCTGN file gets wrong.
ERRATA: dict[str, dict[str, Any]] = {
    # Withstand Armada (3/156): the file lists "Ingenuity 3" and no experience; every
    # mission has exactly one required skill and an experience value, and the Adria starter
    # deck needs it as its third Combat mission: the 3 is the mission's experience.
    "a172c8a5-ba84-42d6-a17b-7addc9194ab1": {"skills": {"combat": 5}, "experience": 3},
}

_SET_FILE = re.compile(r"^(\d+)_-_.*\.set\.xml$")


class ImportFormatError(ValueError):
    """The OCTGN data is not shaped the way this importer understands."""


def _int(value: str | None) -> int | None:
    if value is None or value.strip() == "":
        return None
    try:
        return int(value.strip())
    except ValueError as exc:  # pragma: no cover - the data has only integers
        raise ImportFormatError(f"not an integer: {value!r}") from exc


def _text_of(element: ET.Element | None) -> str:
    if element is None:
        return ""
    return "".join(element.itertext()).strip()


def card_facts(card: ET.Element, set_number: int, set_name: str) -> dict[str, Any]:
    """Our facts for one OCTGN ``<card>`` element (never its text)."""
    props = {p.get("name"): p for p in card.findall("property")}

    def value(name: str) -> str | None:
        prop = props.get(name)
        return None if prop is None else prop.get("value")

    octgn_type = value("Type")
    if octgn_type not in TYPES:
        raise ImportFormatError(f"unknown card type {octgn_type!r} on {card.get('name')!r}")
    card_type, subtype = TYPES[octgn_type]
    allegiance = "mission" if card_type == "mission" else (value("Allegiance") or "").lower()
    if allegiance not in ("hero", "villain", "mission"):
        raise ImportFormatError(f"unknown allegiance {allegiance!r} on {card.get('name')!r}")
    skills = {s: _int(value(s.capitalize())) for s in SKILLS if value(s.capitalize()) is not None}
    glyph = None
    glyph_prop = props.get("Glyph")
    if glyph_prop is not None:
        symbol = glyph_prop.find("s")
        if symbol is None or symbol.get("value") not in GLYPHS:
            raise ImportFormatError(f"unknown glyph on {card.get('name')!r}")
        glyph = GLYPHS[symbol.get("value")]
    official = set_number in OFFICIAL_SETS
    has_text = bool(_text_of(props.get("Text")))
    return {
        "guid": card.get("id"),
        "set": set_number,
        "set_name": set_name,
        "number": str(_int(value("Number"))),
        "official": official,
        "rarity": value("Rarity"),
        "title": card.get("name"),
        "subtitle": value("Subtitle") or None,
        "type": card_type,
        "subtype": subtype,
        "allegiance": allegiance,
        "cost": _int(value("Cost")),
        "skills": skills,
        "experience": _int(value("Experience")),
        "firepower": _int(value("Firepower")),
        "revive": _int(value("Revive")),
        "glyph": glyph,
        "traits": (value("Affiliation") or "").split(),
        "mechanics": None if has_text else [],
    }


def card_texts(set_xml: str) -> dict[str, str]:
    """GUID -> the card's game text (symbols as words). For *authoring* only: never store it."""
    root = ET.fromstring(set_xml)
    return {c.get("id"): _text_of(next((p for p in c.findall("property") if p.get("name") == "Text"), None))
            for c in root.iter("card")}


def parse_set(set_xml: str, set_number: int) -> dict[str, Any]:
    """``{"set", "set_name", "official", "cards": [facts...]}`` for one OCTGN set file."""
    root = ET.fromstring(set_xml)
    set_name = root.get("name") or ""
    cards = [dict(facts, **ERRATA.get(facts["guid"], {}))
             for facts in (card_facts(c, set_number, set_name) for c in root.iter("card"))]
    cards.sort(key=lambda c: (int(c["number"]), c["guid"]))
    return {"set": set_number, "set_name": set_name, "official": set_number in OFFICIAL_SETS,
            "cards": cards}


def parse_deck(deck_xml: str, deck_id: str) -> dict[str, Any]:
    """One OCTGN ``.o8d`` starter deck -> our starter entry (GUIDs and quantities only)."""
    root = ET.fromstring(deck_xml)
    deck: dict[str, Any] = {"id": deck_id,
                            "name": f"{STARTER_NAMES.get(deck_id, deck_id.title())} starter deck",
                            "team": [], "missions": [], "deck": []}
    for section in root.iter("section"):
        part = DECK_SECTIONS.get(section.get("name") or "")
        if part is None:
            raise ImportFormatError(f"unknown deck section {section.get('name')!r} in {deck_id}")
        for card in section.iter("card"):
            qty = _int(card.get("qty")) or 1
            if part == "deck":
                deck["deck"].append({"guid": card.get("id"), "qty": qty})
            else:
                deck[part].extend([card.get("id")] * qty)
    return deck


def set_number_of(filename: str) -> int:
    """``"1_-_Base_Set.set.xml"`` -> 1."""
    match = _SET_FILE.match(filename)
    if not match:
        raise ImportFormatError(f"not an OCTGN set file name: {filename!r}")
    return int(match.group(1))


def dump_facts(set_facts: dict[str, Any]) -> str:
    """Stable, diff-friendly JSON: one card per line, keys sorted."""
    head = {k: v for k, v in set_facts.items() if k != "cards"}
    lines = [json.dumps(c, sort_keys=True, ensure_ascii=False) for c in set_facts["cards"]]
    head_json = json.dumps(head, sort_keys=True, ensure_ascii=False)[:-1]
    return head_json + ', "cards": [\n' + ",\n".join(lines) + "\n]}\n"


def dump_starters(decks: Iterable[dict[str, Any]]) -> str:
    """Stable JSON for ``starters.json``: one deck per line, sorted by id."""
    lines = [json.dumps(d, sort_keys=True, ensure_ascii=False) for d in sorted(decks, key=lambda d: d["id"])]
    return "[\n" + ",\n".join(lines) + "\n]\n"


def import_tree(source: Path) -> dict[str, str]:
    """Read an OCTGN Stargate tree; return relative output path -> file content."""
    out: dict[str, str] = {}
    for path in sorted((source / "sets").glob("*.set.xml")):
        number = set_number_of(path.name)
        out[f"facts/set-{number:02d}.json"] = dump_facts(parse_set(path.read_text(encoding="utf-8-sig"), number))
    decks = [parse_deck(p.read_text(encoding="utf-8-sig"), p.stem) for p in sorted((source / "decks").glob("*.o8d"))]
    out["starters.json"] = dump_starters(decks)
    return out


def main(argv: list[str] | None = None) -> int:
    """Regenerate ``facts/`` and ``starters.json`` next to this module from an OCTGN tree."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m rules.stargate.cards.importer <path to OCTGN stargate-tcg>", file=sys.stderr)
        return 2
    source = Path(args[0])
    if not (source / "sets").is_dir():
        print(f"no sets/ folder under {source}", file=sys.stderr)
        return 2
    here = Path(__file__).resolve().parent
    (here / "facts").mkdir(exist_ok=True)
    for rel, content in import_tree(source).items():
        (here / rel).write_text(content, encoding="utf-8")
        print(f"wrote {rel}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
