"""Read Babylon 5 CCG cards from a community spreadsheet (CSV) into the project's card dicts.

Why CSV: no trustworthy public card list exists, so the cards come from players who type
them in. A spreadsheet is what such a community can fill; the columns are documented one
by one in ``FORMAT.md``. Every problem is reported with the file name, the line number and
the column, all at once, so the person filling the sheet can fix it in one pass::

    python -m rules.babylon5.cards.importer FILE.csv               # validate only
    python -m rules.babylon5.cards.importer FILE.csv --out F.json   # validate and write
    python -m rules.babylon5.cards.importer FILE.csv --check F.json # F.json == a fresh import?

The project's own sample pool is imported the same way
(``sources/sample-pool.csv`` -> ``facts/sample-pool.json``), and a test checks the two agree.

:func:`parse_csv` is a pure function over text (``rules/`` stays pure); the command line
(``importer.py``) is the only place that writes files.
"""
from __future__ import annotations

import csv
import io
import json
from typing import Any, Iterable

from .facts import ABILITIES, KEYS, LIMITED_BY_DEFAULT, check_card, slug

#: Every column the importer understands, in the order ``FORMAT.md`` documents them.
COLUMNS: tuple[str, ...] = (
    "id", "title", "type", "race", "cost", "subtype", "starting_ambassador", "loyal", "limited",
    "diplomacy", "intrigue", "leadership", "psi", "military", "influence_bonus", "power_bonus",
    "traits", "aide_of", "attaches_to", "conflict_target", "any_player_may_be_supported",
    "result", "conflict", "participant", "official", "source", "unstated", "mechanics", "notes",
)
REQUIRED_COLUMNS: tuple[str, ...] = ("title", "type", "race")

_TRUE = {"true", "yes", "y", "1", "x"}
_FALSE = {"false", "no", "n", "0"}


def mechanics_problems(mechanics: Any) -> list[str]:
    """What the engine's effect language says about authored mechanics (``[]`` = fine).

    The schema belongs to the engine (``rules.babylon5.effects.schema``); until it exists
    only the shape (a list of objects) is checked.
    """
    if not isinstance(mechanics, list) or not all(isinstance(a, dict) for a in mechanics):
        return ["must be a JSON list of abilities ([] = the card has no game text)"]
    try:
        from rules.babylon5.effects.schema import validate_mechanics
    except ImportError:
        return []
    return list(validate_mechanics(mechanics))


class CardImportError(ValueError):
    """A card file is invalid. ``errors`` holds every problem, each ``FILE:LINE: ...``."""

    def __init__(self, errors: list[str]):
        super().__init__("\n".join(errors))
        self.errors = errors


class _Row:
    """One spreadsheet row being converted; collects its problems instead of raising."""

    def __init__(self, cells: dict[str, str], where: str):
        self.cells = {k: (v or "").strip() for k, v in cells.items() if k is not None}
        self.where = where
        self.problems: list[str] = []

    def text(self, column: str) -> str:
        return self.cells.get(column, "")

    def bad(self, column: str, message: str) -> None:
        self.problems.append(f"{self.where}: column {column!r}: {message}")

    def integer(self, column: str, default: int | None = None) -> int | None:
        raw = self.text(column)
        if raw == "":
            return default
        try:
            return int(raw)
        except ValueError:
            self.bad(column, f"must be a whole number, not {raw!r}")
            return default

    def boolean(self, column: str, default: bool) -> bool:
        raw = self.text(column).casefold()
        if raw == "":
            return default
        if raw in _TRUE:
            return True
        if raw in _FALSE:
            return False
        self.bad(column, f"must be true or false (or blank), not {self.text(column)!r}")
        return default

    def word(self, column: str) -> str | None:
        raw = self.text(column)
        return raw.casefold() if raw else None

    def words(self, column: str, *, keep_case: bool = False) -> list[str]:
        """A ``;``-separated list (commas belong to CSV)."""
        return [w.strip() if keep_case else w.strip().casefold()
                for w in self.text(column).split(";") if w.strip()]


def row_to_card(cells: dict[str, str], where: str) -> tuple[dict[str, Any] | None, list[str]]:
    """One CSV row -> ``(card, problems)``; ``problems`` each start with ``where``."""
    row = _Row(cells, where)
    title = row.text("title")
    ctype = row.word("type") or ""
    race = row.word("race") or ""
    for column in REQUIRED_COLUMNS:
        if not row.text(column):
            row.bad(column, "is required")
    card_id = row.text("id") or slug(title)
    is_character = ctype == "character"

    abilities: dict[str, int] | None = None
    given = [a for a in ABILITIES if row.text(a)]
    if is_character and given:
        abilities = {a: row.integer(a, 0) or 0 for a in ABILITIES}
        for a in ABILITIES:
            if not row.text(a):
                row.bad(a, "a character needs all four abilities (write 0 for none)")
    elif given:
        for a in given:
            row.bad(a, f"only characters have abilities, not a {ctype or 'card'}")

    conditions: dict[str, Any] | None = None
    condition_columns = ("result", "conflict", "participant")
    if ctype == "aftermath":
        conditions = {"result": row.word("result"), "conflict": row.word("conflict") or "any",
                      "participant": row.word("participant")}
        if conditions["result"] is None:
            row.bad("result", "an aftermath needs won, lost or any")
    else:
        for column in condition_columns:
            if row.text(column):
                row.bad(column, f"only aftermaths have play conditions, not a {ctype or 'card'}")

    mechanics: list[Any] | None = None
    if row.text("mechanics"):
        try:
            mechanics = json.loads(row.text("mechanics"))
        except json.JSONDecodeError as exc:
            row.bad("mechanics", f"is not valid JSON ({exc.msg} at character {exc.pos + 1})")
        else:
            for problem in mechanics_problems(mechanics):
                row.bad("mechanics", problem)

    official = row.boolean("official", False)
    if official:
        row.bad("official", "must be false or blank: the project accepts no printed card data")
    starting = row.boolean("starting_ambassador", False)
    card: dict[str, Any] = {
        "id": card_id,
        "title": title,
        "type": ctype,
        "race": race,
        "cost": row.integer("cost"),
        "subtype": row.word("subtype"),
        "starting_ambassador": starting,
        "loyal": row.boolean("loyal", is_character and race != "neutral"),
        "limited": row.boolean("limited", ctype in LIMITED_BY_DEFAULT),
        "abilities": abilities,
        "military": row.integer("military"),
        "influence_bonus": row.integer("influence_bonus", 0),
        "power_bonus": row.integer("power_bonus", 0),
        "traits": row.words("traits", keep_case=True),
        "aide_of": row.text("aide_of") or None,
        "attaches_to": row.word("attaches_to"),
        "conflict_target": row.word("conflict_target"),
        "any_player_may_be_supported": row.boolean("any_player_may_be_supported", False),
        "play_conditions": conditions,
        "official": False,
        "source": row.text("source") or "invented",
        "unstated": row.words("unstated"),
        "mechanics": mechanics,
    }
    if ctype == "location" and card["military"] is None:
        card["military"] = 0
    assert tuple(card) == KEYS
    if not row.problems:
        row.problems.extend(f"{where}: {p}" for p in check_card(card))
    return (card if not row.problems else None), row.problems


def parse_csv(text: str, name: str = "<csv>") -> list[dict[str, Any]]:
    """Every card of a CSV text, or :class:`CardImportError` listing every problem.

    Column names are case-insensitive. Blank rows and rows whose first cell starts with
    ``#`` are skipped (comments, even with extra cells). Line numbers are the file's own
    (the header is line 1; a quoted cell spanning lines counts them all). Ids must be unique
    within the file.
    """
    reader = csv.DictReader(io.StringIO(text, newline=""))
    header = [(h or "").strip().casefold() for h in (reader.fieldnames or [])]
    errors: list[str] = []
    unknown = [c for c in header if c not in COLUMNS]
    if unknown:
        errors.append(f"{name}:1: unknown column(s) {', '.join(map(repr, unknown))};"
                      f" the columns are {', '.join(COLUMNS)}")
    doubled = sorted({c for c in header if header.count(c) > 1})
    if doubled:
        errors.append(f"{name}:1: column(s) {', '.join(map(repr, doubled))} appear more than once")
    missing = [c for c in REQUIRED_COLUMNS if c not in header]
    if missing:
        errors.append(f"{name}:1: missing required column(s) {', '.join(missing)}")
    if errors:
        raise CardImportError(errors)
    reader.fieldnames = header
    cards: list[dict[str, Any]] = []
    first_line: dict[str, int] = {}
    for cells in reader:
        values = [v or "" for k, v in cells.items() if k is not None]
        # the record's first line: its last line minus the line breaks inside quoted cells
        line = reader.line_num - sum(v.count("\n") for v in values)
        where = f"{name}:{line}"
        if not any(v.strip() for v in values) or values[0].lstrip().startswith("#"):
            continue
        if None in cells:
            errors.append(f"{where}: more cells than columns ({cells[None]!r} left over)")
            continue
        card, problems = row_to_card(cells, where)
        errors.extend(problems)
        if card is None:
            continue
        if card["id"] in first_line:
            errors.append(f"{where}: id {card['id']!r} is already used on line {first_line[card['id']]}"
                          " (give one of them an explicit id)")
            continue
        first_line[card["id"]] = line
        cards.append(card)
    if errors:
        raise CardImportError(errors)
    return cards


def dump_cards(cards: Iterable[dict[str, Any]], source_file: str) -> str:
    """The JSON file text: one card per line, sorted by id (diff-friendly)."""
    lines = [json.dumps(c, ensure_ascii=False, sort_keys=False) for c in sorted(cards, key=lambda c: c["id"])]
    body = ",\n".join("  " + line for line in lines)
    return ("{\n" f' "source_file": {json.dumps(source_file)},\n "official": false,\n "cards": [\n'
            + body + "\n ]\n}\n")
