"""Plain-text deck lists, as players keep them, read into a game's deck dict.

Why: players of these games keep their decks as text exported by the community's deck
builders (``3x Jean-Luc Picard, Explorer``, ``1R208``, ``Missions:`` …) or as the
simulators' XML files (OCTGN ``.o8d``, Lackey ``.dek``); nobody has the API's JSON. This
module is the game-independent core: it splits the text into lines, recognises section
headers, comments, quantities and card references, and resolves each reference against a
game's :class:`Catalogue`; each game's ``decklist`` module supplies its sections and card
names and turns the entries into its own deck dict. Pure: no I/O (the catalogue is built by
the caller from the game's card pool).

Grammar, one line at a time (blank lines are skipped):

- comments: a line starting with ``#``, ``//`` or ``--`` (a comment whose words are a section
  name, such as Markdown's ``## Missions``, is that section's header);
- a section header: one of the game's section names, optionally with a count and a colon,
  dashes or ``=`` around it (``Missions:``, ``Draw Deck (35)``, ``== Team ==``);
  a line ending in ``:`` that names no section is a problem;
- metadata: ``Name: …``, ``Author: …``, ``Format: …`` … (:data:`METADATA`) are skipped;
  ``Race: narn`` is kept for the games that use it; a header with a card after its colon
  (``Ambassador: Londo Mollari``) opens the section and names the card;
- a card: an optional quantity (``3``, ``3x``, ``3 x``, a tab) before, or ``x3`` / ``(3)``
  after, then the card: its key (``1R208``, ``1/95``, a GUID, a Babylon 5 id), its name
  (title, ``Title, Subtitle``; case, accents and punctuation do not matter), or a name with
  a key or a set in brackets to pick one printing (``Jean-Luc Picard, Explorer (1S268)``,
  ``… (Promo)``); a key before the name (``1R208 Bareil Antos``) is checked against it;
- XML lines of OCTGN and Lackey deck files: ``<section name=…>`` / ``<superzone name=…>``
  is a header, ``<card qty="2" id="…">Name</card>`` and ``<card><name>…</name></card>`` are
  cards; other tags are skipped.

A name that fits several cards is narrowed by the section it is in (a mission under
``Missions``); printings of one card (reprints: one printed face, the same mechanics) are
one card, and the name means the printing the engine plays, official and first printed
(a key in brackets picks another); what is still ambiguous is a problem naming every
candidate by key. Every
bad line is reported at once (:class:`rules.errors.DeckListUnreadable`), each with its
line number and a message a person understands.
"""
from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Iterable

from .errors import DeckListUnreadable

#: the most characters and lines a deck list may have (a deck is a few dozen lines)
MAX_CHARS = 50_000
MAX_LINES = 1_000
#: the most copies one line may name, and a whole list (no real deck comes near; it keeps a
#: check of a pasted list as cheap as a check of any deck)
MAX_QTY = 99
MAX_CARDS = 1_000
#: metadata keys a list may carry (``Key: value``); they are not cards
METADATA = ("name", "deck name", "title", "author", "by", "format", "game", "created", "updated",
            "date", "description", "notes", "note", "race", "faction", "affiliation", "total", "total cards",
            "cards", "size", "version", "url", "link", "source", "event", "player")
#: how many near names a problem suggests, and for how many problems (difflib is not free)
SUGGESTIONS = 3
SUGGESTED_PROBLEMS = 10


def normalise(text: str) -> str:
    """The form names are compared in: accents, case, apostrophes and punctuation dropped
    (``Teal'c`` = ``tealc``, ``Jean-Luc Picard, Explorer`` = ``jean luc picard explorer``)."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    text = re.sub(r"['’‘`´ʼ]", "", text).replace("&", " and ")
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text).split())


@dataclass(frozen=True)
class Printing:
    """One card definition as a list may name it: its key, the names it answers to, its
    type (for narrowing by section), ``tags`` that pick it among printings of one name
    (set code or name, race), and ``primary`` when it is an alternate printing of that key
    (the two are one card: a name resolving to both means the primary)."""

    key: str
    label: str
    names: tuple[str, ...]
    kind: str
    tags: tuple[str, ...] = ()
    primary: str | None = None
    handle: str = ""
    #: the printed face without what only the printing changes (set, number, rarity): two
    #: printings with one face are reprints of one card ("" = never a reprint)
    face: str = ""
    #: the card's mechanics as the engine plays them ("" = not authored yet)
    rules: str = ""
    #: which reprint a bare name means, lowest first (official, then the first printed)
    rank: tuple = ()

    @property
    def short(self) -> str:
        """The key a person types for this printing (Stargate's ``1/95`` rather than its GUID)."""
        return self.handle or self.key


@dataclass
class Catalogue:
    """The names and keys of one game's card pool. ``find_key`` maps a typed key to the
    canonical key (``None``: not a key), the game's own lookup (case, ``set/number``)."""

    printings: dict[str, Printing]
    find_key: Callable[[str], str | None]
    _names: dict[str, list[str]] = field(default_factory=dict, init=False, repr=False)
    _words: dict[str, set[str]] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        for key, printing in self.printings.items():
            for name in {normalise(n) for n in printing.names}:
                self._names.setdefault(name, []).append(key)

    @classmethod
    def of(cls, printings: Iterable[Printing], find_key: Callable[[str], str | None]) -> "Catalogue":
        return cls({p.key: p for p in printings}, find_key)

    def named(self, name: str) -> list[str]:
        """Every key whose card answers to ``name`` (normalised), alternates folded into their primary."""
        keys = self._names.get(normalise(name), [])
        out: list[str] = []
        for key in keys:
            primary = self.printings[key].primary
            key = primary if primary in self.printings else key
            if key not in out:
                out.append(key)
        return out

    def answers_to(self, key: str, name: str) -> bool:
        wanted = normalise(name)
        return any(normalise(n) == wanted for n in self.printings[key].names)

    def near(self, name: str) -> list[str]:
        """A few names close to ``name``, as the cards' labels (for "did you mean"). Only
        names with a word that starts as one of its words are compared (difflib over a
        whole pool's names costs tens of milliseconds a line; a typo rarely spoils the
        start of every word)."""
        if not self._words:
            for known in self._names:
                for word in known.split():
                    self._words.setdefault(word[:3], set()).add(known)
        wanted = normalise(name)
        pool = set().union(*(self._words.get(w[:3], set()) for w in wanted.split())) if wanted else set()
        close = difflib.get_close_matches(wanted, sorted(pool), n=SUGGESTIONS, cutoff=0.75)
        return [self.printings[self._names[c][0]].label for c in close]


@dataclass(frozen=True)
class Section:
    """A part of the deck dict (``part``) and the headers that open it. ``kinds``: the card
    types that belong there (used to narrow an ambiguous name; empty: any); ``single``: the
    part holds exactly one card (Babylon 5's ambassador)."""

    part: str
    headers: tuple[str, ...]
    kinds: frozenset[str] = frozenset()
    single: bool = False


@lru_cache(maxsize=64)
def _headers(section: Section) -> frozenset[str]:
    return frozenset(normalise(h) for h in section.headers)


@dataclass(frozen=True)
class DeckListFormat:
    """One game's deck list: its sections, its catalogue, and where a card listed before
    any header goes (``default_part(printing)``)."""

    game: str
    sections: tuple[Section, ...]
    catalogue: Catalogue
    default_part: Callable[[Printing], str]
    key_example: str

    def section(self, header: str) -> Section | None:
        wanted = normalise(header)
        return next((s for s in self.sections if wanted in _headers(s)), None)

    def section_of(self, part: str) -> Section:
        return next(s for s in self.sections if s.part == part)


@dataclass(frozen=True)
class Entry:
    """One card line read: ``qty`` copies of ``key`` in ``part``, from line ``line``."""

    part: str
    key: str
    qty: int
    line: int


@dataclass
class DeckList:
    """What a list says: its card entries in order, and its metadata (``race`` …)."""

    entries: list[Entry]
    metadata: dict[str, str]


class _Problem(Exception):
    def __init__(self, code: str, message: str, candidates: list[str] | None = None):
        super().__init__(message)
        self.code, self.message, self.candidates = code, message, candidates


# ---- lines -------------------------------------------------------------------------------
_COUNT = r"(?:\s*[\(\[]\s*\d+\s*(?:cards?)?\s*[\)\]]|\s*[:\-–]?\s*\d+\s*(?:cards?)?)?"
_DECOR = "=*_~-–—:# \t"
_XML_SECTION = re.compile(r"""<\s*(?:section|superzone|zone)\b[^>]*\bname\s*=\s*["']([^"']*)["']""", re.I)
_XML_CARD = re.compile(r"<\s*card\b([^>]*)>(.*?)<\s*/\s*card\s*>", re.I)
_XML_ATTR = re.compile(r"""(\w+)\s*=\s*["']([^"']*)["']""")
_XML_NAME = re.compile(r"<\s*name\b([^>]*)>(.*?)<\s*/\s*name\s*>", re.I)
_QTY_BEFORE = (re.compile(r"^(\d{1,6})\s*[x×*](?![a-z'’])\s*(\S.*)$", re.I), re.compile(r"^(\d{1,6})\s+(\S.*)$"))
_QTY_AFTER = (re.compile(r"^(\S.*?)\s+[x×*]\s*(\d{1,6})$", re.I), re.compile(r"^(\S.*?)\s*\(\s*[x×]?\s*(\d{1,6})\s*\)$", re.I))
_BRACKETED = re.compile(r"^(.*?)\s*[\(\[]([^\(\)\[\]]+)[\)\]]$")
_METADATA = re.compile(r"^([A-Za-z][A-Za-z ]{0,20}?)\s*:\s*(.*)$")


def _unescape(text: str) -> str:
    return (text.replace("&apos;", "'").replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">")
            .replace("&#39;", "'").replace("&amp;", "&"))


def _header(fmt: DeckListFormat, line: str) -> Section | None:
    """The section a line opens, if it is a header of this game (with a count and decoration)."""
    core = line.strip(_DECOR)
    core = re.sub(_COUNT + r"\s*$", "", core).strip(_DECOR)
    return fmt.section(core) if core else None


def _quantity_forms(text: str) -> list[tuple[int, str]]:
    """Every way the line splits into (quantity, card): the quantity first, then the whole
    line as one copy (a title may start with a number)."""
    forms = []
    for pattern in _QTY_BEFORE:
        m = pattern.match(text)
        if m:
            forms.append((int(m.group(1)), m.group(2).strip()))
    for pattern in _QTY_AFTER:
        m = pattern.match(text)
        if m:
            forms.append((int(m.group(2)), m.group(1).strip()))
    forms.append((1, text))
    return forms


def _narrow(fmt: DeckListFormat, keys: list[str], section: Section | None) -> list[str]:
    if section is not None and section.kinds and len(keys) > 1:
        fitting = [k for k in keys if fmt.catalogue.printings[k].kind in section.kinds]
        if fitting:
            return fitting
    return keys


def _ambiguous(fmt: DeckListFormat, ref: str, keys: list[str]) -> _Problem:
    printings = [fmt.catalogue.printings[k] for k in keys]
    shown = "; ".join(p.label for p in printings[:12]) + (f" and {len(keys) - 12} more" if len(keys) > 12 else "")
    return _Problem("ambiguous_card",
                    f"'{ref}' could be {len(keys)} cards: {shown} — add the key "
                    f"in brackets, e.g. '{ref} ({printings[0].short})'", candidates=[p.short for p in printings])


def _reprints(fmt: DeckListFormat, keys: list[str]) -> str | None:
    """The printing a name means when every candidate is a reprint of one card — one
    printed face, and one set of mechanics among those authored — else ``None`` (an
    ambiguous name). Players name such a card without its set: the official printing
    the engine plays, first printed, is meant (``Printing.rank``)."""
    printings = [fmt.catalogue.printings[k] for k in keys]
    if not printings[0].face or {p.face for p in printings} != {printings[0].face}:
        return None
    if len({p.rules for p in printings if p.rules}) > 1:
        return None  # reprinted with errata: the printings play differently
    order = {k: i for i, k in enumerate(keys)}
    return min(printings, key=lambda p: (not p.rules, p.rank, order[p.key])).key


def _by_name(fmt: DeckListFormat, name: str, section: Section | None) -> list[str]:
    keys = _narrow(fmt, fmt.catalogue.named(name), section)
    if len(keys) > 1:
        meant = _reprints(fmt, keys)
        if meant is not None:
            return [meant]
    return keys


def _resolve(fmt: DeckListFormat, ref: str, section: Section | None, suggest: bool = True) -> str:
    """The key of the card ``ref`` names; raises ``_Problem`` (unknown, ambiguous, a key
    that is another card)."""
    cat = fmt.catalogue
    key = cat.find_key(ref)
    if key is not None:
        return key
    keys = _by_name(fmt, ref, section)
    if len(keys) == 1:
        return keys[0]
    if len(keys) > 1:
        raise _ambiguous(fmt, ref, keys)
    bracketed = _BRACKETED.match(ref)
    if bracketed:  # "Name (KEY)", "Name [set/number]", "Name (Promo)", "Homeworld Fleet (narn)"
        name, tag = bracketed.group(1).strip(), bracketed.group(2).strip()
        key = cat.find_key(tag)
        if key is not None:
            if name and not cat.answers_to(key, name):
                raise _Problem("key_and_name_disagree", f"{tag} is {cat.printings[key].label}, not '{name}'")
            return key
        keys = _narrow(fmt, cat.named(name), section)  # every printing: the tag picks one
        tagged = [k for k in keys if normalise(tag) in {normalise(t) for t in cat.printings[k].tags}]
        meant = _reprints(fmt, tagged) if len(tagged) > 1 else None
        if meant is not None:  # "(Promo)" of a card with two alike promos
            tagged = [meant]
        if len(tagged) == 1:
            return tagged[0]
        if len(tagged) > 1:
            raise _ambiguous(fmt, name, tagged)
        if keys:
            raise _Problem("unknown_printing", f"no printing of '{name}' is '{tag}'; the printings are "
                           + "; ".join(cat.printings[k].label for k in keys),
                           candidates=[cat.printings[k].short for k in keys])
    first, _, rest = ref.partition(" ")
    key = cat.find_key(first) if rest else None
    if key is not None:  # "1R208 Bareil Antos, Esteemed Vedek"
        if not cat.answers_to(key, rest.strip(" -–:\t")):
            raise _Problem("key_and_name_disagree", f"{first} is {cat.printings[key].label}, not '{rest.strip()}'")
        return key
    near = cat.near(ref) if suggest else []
    raise _Problem("unknown_card", f"no card is called '{ref}'"
                   + (f"; did you mean {' or '.join(near)}?" if near else f" (name it by title or by key such as {fmt.key_example})"))


def _card(fmt: DeckListFormat, text: str, section: Section | None, suggest: bool = True) -> tuple[int, str]:
    """(quantity, key) of a card line; the first reading that names a card wins. Near
    names are suggested (``suggest``) for the reading with a quantity only: difflib over a
    pool's names is the slow part of a bad line."""
    first: _Problem | None = None
    for qty, ref in _quantity_forms(text):
        try:
            key = _resolve(fmt, ref, section, suggest=suggest and first is None)
        except _Problem as problem:
            if first is None or (first.code == "unknown_card" and problem.code != "unknown_card"):
                first = problem
            continue
        if not 1 <= qty <= MAX_QTY:
            raise _Problem("bad_quantity", f"{qty} copies of {fmt.catalogue.printings[key].label}: "
                           f"a line names 1 to {MAX_QTY} copies")
        return qty, key
    assert first is not None
    raise first


def _xml_card(line: str) -> tuple[str, str | None] | None:
    """``(card text, key or None)`` of an OCTGN or Lackey card line."""
    m = _XML_CARD.search(line)
    if not m:
        return None
    attrs = {k.lower(): _unescape(v) for k, v in _XML_ATTR.findall(m.group(1))}
    inner = m.group(2)
    named = _XML_NAME.search(inner)
    name = _unescape(re.sub(r"<[^>]*>", "", named.group(2) if named else inner)).strip()
    qty = attrs.get("qty") or attrs.get("quantity") or "1"
    return f"{qty} {name}".strip(), attrs.get("id")


def read(text: str, fmt: DeckListFormat) -> DeckList:
    """Every card of a plain-text (or OCTGN/Lackey XML) deck list, in order, with the part
    it goes to; raises ``DeckListUnreadable`` listing every line that cannot be read
    (``details``: ``[{line, text, code, message, candidates?}]``)."""
    if len(text) > MAX_CHARS:
        raise DeckListUnreadable(f"a deck list may have at most {MAX_CHARS} characters", details=[])
    lines = re.split(r"\r\n|\r|\n", text)  # as a text area numbers them (not str.splitlines' \x0c, \u2028 …)
    if len(lines) > MAX_LINES:
        raise DeckListUnreadable(f"a deck list may have at most {MAX_LINES} lines, not {len(lines)}", details=[])
    entries: list[Entry] = []
    metadata: dict[str, str] = {}
    problems: list[dict] = []
    section: Section | None = None
    single_taken: dict[str, int] = {}
    total = 0

    def problem(number: int, raw: str, code: str, message: str, candidates: list[str] | None = None) -> None:
        item = {"line": number, "text": raw.strip()[:200], "code": code, "message": f"line {number}: {message}"}
        if candidates:
            item["candidates"] = candidates
        problems.append(item)

    for number, raw in enumerate(lines, start=1):
        line = raw.replace("\ufeff", "").strip()
        if not line:
            continue
        xml_key: str | None = None
        if line.startswith("<"):
            opened = _XML_SECTION.search(line)
            if opened:
                section = fmt.section(_unescape(opened.group(1)))
                if section is None:
                    problem(number, raw, "unknown_section", f"'{opened.group(1)}' is not a section of a {fmt.game} "
                            f"deck; the sections are {_section_names(fmt)}")
                continue
            card = _xml_card(line)
            if card is None:
                continue  # <?xml …>, <deck>, <meta>, closing tags
            line, xml_key = card
        elif line.startswith(("#", "//", "--")):
            header = _header(fmt, line)
            if header is not None:
                section = header
            continue
        else:
            header = _header(fmt, line)
            if header is not None:
                section = header
                continue
            line = re.sub(r"^[-*•]\s+", "", line)  # a bulleted list
            meta = _METADATA.match(line)
            inline = fmt.section(meta.group(1)) if meta and meta.group(2).strip() else None
            if meta and inline is not None:  # "Ambassador: Londo Mollari": the header and its card
                section, line = inline, meta.group(2).strip()
            elif meta and normalise(meta.group(1)) in METADATA:
                if normalise(meta.group(1)) == "race" and meta.group(2).strip():
                    metadata["race"] = meta.group(2).strip()
                continue
            elif line.endswith(":"):
                problem(number, raw, "unknown_section", f"'{line[:-1].strip()}' is not a section of a {fmt.game} "
                        f"deck; the sections are {_section_names(fmt)}")
                continue
        try:
            if xml_key is not None and fmt.catalogue.find_key(xml_key) is not None:
                qty = int(_quantity_forms(line)[0][0])
                key = fmt.catalogue.find_key(xml_key) or xml_key
            else:
                qty, key = _card(fmt, line, section, suggest=len(problems) < SUGGESTED_PROBLEMS)
        except _Problem as bad:
            if bad.code == "unknown_card" and section is None and not entries and not problems and not line[:1].isdigit():
                bad.message += "; a deck's name goes on a 'Name:' line or after '#'"
            problem(number, raw, bad.code, bad.message, bad.candidates)
            continue
        printing = fmt.catalogue.printings[key]
        part = section.part if section is not None else fmt.default_part(printing)
        target = fmt.section_of(part)
        if target.single:
            if qty != 1 or part in single_taken:
                where = f" (line {single_taken[part]} names one already)" if part in single_taken else ""
                problem(number, raw, "one_card_only", f"the {target.headers[0]} is a single card{where}")
                continue
            single_taken[part] = number
        if total + qty > MAX_CARDS:
            problem(number, raw, "too_many_cards", f"the list names more than {MAX_CARDS} cards by this line")
            break
        total += qty
        entries.append(Entry(part, key, qty, number))
    if not problems and not entries:
        problems.append({"line": 0, "text": "", "code": "no_cards",
                         "message": "the list names no cards: one card a line, e.g. '3 Card Title' or "
                                    f"'1 {fmt.key_example}', under the section headers {_section_names(fmt)}"})
    if problems:
        numbered = [p for p in problems if p["line"]]
        lines_text = ", ".join(str(p["line"]) for p in numbered[:10]) + (" …" if len(numbered) > 10 else "")
        raise DeckListUnreadable(
            f"{len(numbered)} line(s) of the deck list cannot be read (line {lines_text})" if numbered
            else problems[0]["message"],
            details=problems)
    return DeckList(entries, metadata)


def _section_names(fmt: DeckListFormat) -> str:
    return ", ".join(f"'{s.headers[0].title()}'" for s in fmt.sections)


def grouped(entries: Iterable[Entry], part: str) -> list[tuple[str, int]]:
    """``[(key, copies)]`` of one part, first appearance first, copies of a key summed."""
    counts: dict[str, int] = {}
    for entry in entries:
        if entry.part == part:
            counts[entry.key] = counts.get(entry.key, 0) + entry.qty
    return list(counts.items())


def copies(entries: Iterable[Entry], part: str) -> list[str]:
    """One key per copy of one part, in the order the list names them."""
    return [e.key for e in entries if e.part == part for _ in range(e.qty)]


def render_line(fmt: DeckListFormat, key: str, qty: int, part: str, name: str) -> str:
    """``"3 Name"`` when the name reads back as this card in ``part``'s section, else
    ``"3 Name (KEY)"`` (so a rendered list always reads back to the same deck)."""
    section = fmt.section_of(part)
    keys = _by_name(fmt, name, section)
    return f"{qty} {name}" if keys == [key] else f"{qty} {name} ({fmt.catalogue.printings[key].short})"


def render(fmt: DeckListFormat, parts: list[tuple[str, list[tuple[str, int]]]],
           name_of: Callable[[str], str], title: str | None = None, extra: Iterable[str] = ()) -> str:
    """A deck list in this module's grammar: a comment with the title, ``extra`` lines,
    then each part's header and its cards."""
    out = [f"# {title}"] if title else []
    out.extend(extra)
    for part, cards in parts:
        if not cards:
            continue
        section = fmt.section_of(part)
        out.append("")
        out.append(f"{section.headers[0].title()}:")
        out.extend(render_line(fmt, key, qty, part, name_of(key)) for key, qty in cards)
    return "\n".join(out).strip() + "\n"
