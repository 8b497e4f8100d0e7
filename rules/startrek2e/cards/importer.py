"""Import printed card *facts* from the community's LackeyCCG Star Trek CCG 2E card list.

Why this exists: the project keeps its own card definitions (printed facts + hand-written
mechanics) and never ships the community's files or their card text. This importer turns
``cards.txt`` (tab-separated, UTF-8 with BOM) and ``hof_retired.txt`` into our facts files
(``facts/<set code>.json``). It is re-runnable, so a test checks that the committed files
equal a fresh import::

    python -m rules.startrek2e.cards.importer /work/shared/cards/star-trek-ccg-2e

Everything except :func:`main` is a pure function over text, so ``rules/`` stays pure. The
``Text`` column is read only to tell whether a card *has* game text (``mechanics: []`` when
it has none); it is never written anywhere. For missions the ``Skills`` column holds the
printed requirement (parsed into data) or, on headquarters, game text (not stored).
"""
from __future__ import annotations

import csv
import html
import io
import json
import re
import sys
from pathlib import Path
from typing import Any, Iterable

#: The columns of the Lackey card list, in order.
COLUMNS = ("Name", "Set", "ImageFile", "Rarity", "Unique", "CollectorsInfo", "Type", "Cost",
           "Mission/DilemmaType", "Span", "Points", "Quadrant", "Affiliation", "Icons", "Staff",
           "Keywords", "Class", "Species", "Skills", "Integrity/Range", "Cunning/Weapons",
           "Strength/Shields", "Text")

TYPES = {"Personnel": "personnel", "Ship": "ship", "Equipment": "equipment", "Event": "event",
         "Interrupt": "interrupt", "Mission": "mission", "Dilemma": "dilemma"}

#: Affiliation icons (``[Fed]``) and affiliation words -> our lower-case names.
AFFILIATION_ICONS = {"Baj": "bajoran", "Car": "cardassian", "Dom": "dominion", "Fed": "federation",
                     "Fer": "ferengi", "Kli": "klingon", "Rom": "romulan", "Bor": "borg",
                     "NA": "non-aligned", "SF": "starfleet", "Vid": "vidiian"}
#: Who "any affiliation" means on a mission (the game's affiliations).
ALL_AFFILIATIONS = ("bajoran", "borg", "cardassian", "dominion", "federation", "ferengi",
                    "klingon", "non-aligned", "romulan", "starfleet")

#: Personnel icons -> our names (``[Cmd]`` command, ``[Stf]`` staff, the rest are era/place icons).
ICONS = {"Cmd": "command", "Stf": "staff", "DS9": "ds9", "TNG": "tng", "TOS": "tos", "Voy": "voy",
         "Pa": "past", "Fut": "future", "E": "earth", "Maq": "maquis", "TN": "terok_nor",
         "AU": "alternate_universe"}

MISSION_TYPES = {"P": "planet", "S": "space", "H": "headquarters"}
DILEMMA_TYPES = {"P": "planet", "S": "space", "D": "dual"}
QUADRANTS = {"A": "alpha", "G": "gamma", "D": "delta", "M": "mirror"}

#: Rarities of the Continuing Committee's virtual cards; everything else was printed by Decipher.
VIRTUAL_RARITIES = frozenset({"V", "VP", "AP"})

#: Skill words a personnel can have (the ``Skills`` column of personnel; one word each).
SKILL_WORDS = frozenset({
    "Acquisition", "Anthropology", "Archaeology", "Astrometrics", "Biology", "Diplomacy",
    "Engineer", "Exobiology", "Geology", "Honor", "Intelligence", "Law", "Leadership", "Medical",
    "Navigation", "Officer", "Physics", "Programming", "Science", "Security", "Telepathy",
    "Transporters", "Treachery"})

#: Titles the automatic title/subtitle split cannot find (the list runs title and subtitle
#: together). Checked by hand for Premiere; entries are printed names, not card text.
KNOWN_TITLES = frozenset({
    "Bareil Antos", "Benjamin Sisko", "Kira Nerys", "Li Nalas", "Mora Pol", "Ranjen Koral",
    "Shakaar Edon", "Winn Adami", "Corbin Entek", "Elim Garak", "Enabran Tain", "Gilora Rejal",
    "Joret Dal", "Alyssa Ogawa", "Andrea Brand", "Beverly Crusher", "Deanna Troi",
    "Elizabeth Shelby", "Geordi La Forge", "Gideon Seyetik", "Jadzia Dax", "Jean-Luc Picard",
    "Julian Bashir", "Kathryn Janeway", "Luther Sloan", "Miles O'Brien", "Robin Lefler",
    "Tasha Yar", "Wesley Crusher", "William T. Riker", "Etana Jol", "Grathon Tolar", "Nel Apgar",
    "Pran Tainer", "The Albino", "Ty Kajada", "Alidar Jarok", "Telek R'Mor", "The Viceroy",
    "U.S.S. Defiant", "U.S.S. Enterprise-E", "I.K.S. Rotarran", "Scimitar",
    "Kalandra", "Koroth", "Kahlest", "Dathon", "Leyton", "Lemec", "Taris", "Nog", "Furel",
    # Energize, checked by hand
    "Akorem Laan", "Ezri Dax", "Kelly", "Michael Eddington", "William Patrick Samuels", "Kargan",
    "Koral", "Arctus Baran", "Liam Bilby", "Mirok",
    # Call to Arms personnel, checked by hand
    "Limara'Son", "Darok", "Yelgrun", "Reginald Barclay", "Founder Leader",
    # Necessary Evil personnel, checked by hand
    "Kira Meru", "Karen Farris", "Rusot", "Selok", "Five of Twelve",
    # Strange New Worlds personnel, checked by hand
    "Tekeny Ghemor", "Kivas Fajo", "Dr. Leah Brahms", "Goss", "Ruk", "Minuet", "Noonien Soong",
    # To Boldly Go personnel and ships, checked by hand
    "Sito Jaxa", "Charles Tucker III", "Elizabeth Cutler", "Maxwell Forrest", "U.S.S. Ganges",
    "U.S.S. Rio Grande", "Sarajevo",
})
#: Names that are one title with no subtitle although they look split.
WHOLE_TITLES = frozenset({"I.K.S. Lukara", "I.K.S. Hegh'ta", "I.K.S. Maht-H'a", "Qualor II Rendezvous"})

#: Mission locations (the list writes "Location Mission name"), checked by hand for Premiere.
KNOWN_LOCATIONS = frozenset({
    "Risan Approach", "Hromi Cluster", "Bajor", "Cardassia Prime", "Edge of Denkiri Arm",
    "Earth", "Forcas Sector", "Lapideas System", "Host", "Khitomer", "Cardassian Outskirts",
    "Mouth of the Wormhole", "Qo'noS", "Romulus", "Remus", "Sector 04-70", "Barzan Wormhole",
})
#: A location's last word usually looks like one of these (a numeral or a place word).
_LOCATION_END = re.compile(r"^(?:[IVX]+|\d[\w-]*|Prime|System|Sector|Nebula|Cluster|Expanse|Belt|"
                           r"Approach|Outskirts|Rift|Arm|Zone)$")
#: Single words that never form a title on their own (registry prefixes, articles).
_NOT_A_TITLE = frozenset({"The", "U.S.S.", "I.K.S.", "I.R.W.", "I.K.C.", "E.C.S.", "S.S.", "Queen's",
                          "Starship", "N.X."})

#: Word shapes that start a subtitle rather than end a name: "Reassuring", "Idealistic", "Loyal".
_ADJECTIVE = re.compile(r"(?:ing|ed|ous|ive|ful|ic|ent|ant|al|ible|able|less|ary|ory|ish|ly)$|^[\"(]|-")
_INITIAL = re.compile(r"^[A-Z]\.$")

#: Trailing printing markers in the Name column: "(R2)", "(Promo)", "*", "(AC)", ...
_PRINTING_MARK = re.compile(r"\s*\*?\s*\((?:Promo|Mirror|R2|AC|SR|SS|MAH|IDR|BP|CM|ID)\)\s*$|\s+\*+(?:VP|A|AP|VAP)?\s*$")
_COLLECTOR = re.compile(r"^(\d+)([A-Z]+)(\d+)$")
_ICON = re.compile(r"\[([^\]]+)\]")


class ImportFormatError(ValueError):
    """The Lackey data is not shaped the way this importer understands."""


def _int(value: str) -> int | None:
    value = value.strip()
    if value == "":
        return None
    if not re.fullmatch(r"-?\d+", value):
        raise ImportFormatError(f"not an integer: {value!r}")
    return int(value)


def read_rows(text: str) -> list[dict[str, str]]:
    """The card rows of ``cards.txt`` (BOM dropped; stray repeated header rows skipped)."""
    text = text.lstrip("\ufeff")
    reader = csv.reader(io.StringIO(text), delimiter="\t", quoting=csv.QUOTE_NONE)
    header = next(reader)
    if tuple(header) != COLUMNS:
        raise ImportFormatError(f"unexpected columns: {header}")
    rows = []
    for cells in reader:
        if not cells or (cells[0] == "Name" and "CollectorsInfo" in cells):
            continue  # the list repeats its header row once in the middle
        if len(cells) != len(COLUMNS):
            raise ImportFormatError(f"row {cells[:1]} has {len(cells)} cells, not {len(COLUMNS)}")
        rows.append(dict(zip(COLUMNS, cells)))
    return rows


def base_name(name: str) -> str:
    """The printed name without the list's printing markers ("(R2)", "(Promo)", "*")."""
    return _PRINTING_MARK.sub("", name).strip()


def parse_icons(value: str) -> list[str]:
    """``"[Cmd][DS9]"`` -> ``["command", "ds9"]`` (unknown icons kept, lower-cased)."""
    return [ICONS.get(code, code.lower()) for code in _ICON.findall(value)]


def parse_affiliation_icons(value: str) -> list[str]:
    """``"[Baj][Fed]"`` -> ``["bajoran", "federation"]``."""
    return [AFFILIATION_ICONS.get(code, code.lower()) for code in _ICON.findall(value)]


def parse_staffing(value: str) -> list[str]:
    """``"[Cmd][Stf][Stf]"`` -> ``["command", "staff", "staff"]`` (one entry per icon)."""
    return parse_icons(value)


def parse_keywords(value: str) -> list[str]:
    """``"Commander: U.S.S. Defiant. Dissident."`` -> ``["Commander: U.S.S. Defiant", "Dissident"]``.

    Keywords end with a full stop; names contain stops too ("U.S.S.", "William T."), so a
    keyword ends at a stop followed by a space and a capital, unless the stop ends an
    initial (a capital after a space or a stop); "Enterprise-E." still ends one, and so
    does the one-letter keyword "Q.".
    """
    value = value.strip()
    if not value:
        return []
    parts = re.split(r"(?<![\s.][A-PR-Z])\.\s+(?=[A-Z])", value)
    return [p.strip().rstrip(".").strip() for p in parts if p.strip().rstrip(".").strip()]


def parse_skills(value: str) -> dict[str, int]:
    """Personnel skills ``"Anthropology 2 Diplomacy Law"`` -> ``{"Anthropology": 1, "Diplomacy": 2, "Law": 1}``.

    A number is the level of the skill word after it; a skill listed twice adds up.
    """
    skills: dict[str, int] = {}
    level = 1
    for token in value.split():
        if token.isdigit():
            level = int(token)
            continue
        if token not in SKILL_WORDS:
            raise ImportFormatError(f"unknown skill {token!r} in {value!r}")
        skills[token] = skills.get(token, 0) + level
        level = 1
    return skills


# --- mission requirements -------------------------------------------------------------

_ATTRIBUTE = re.compile(r"^(any attribute|Integrity|Cunning|Strength)\s*([<>])\s*(\d+)$")
_SKILL_TERM = re.compile(r"^(?:(\d+)\s+)?([A-Z][a-z]+)$")


def _split_top(text: str, word: str) -> list[str]:
    """Split on `` word `` outside parentheses."""
    parts, depth, start, i = [], 0, 0, 0
    token = f" {word} "
    while i < len(text):
        ch = text[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif depth == 0 and text.startswith(token, i):
            parts.append(text[start:i])
            i += len(token)
            start = i
            continue
        i += 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


def _split_terms(text: str) -> list[str]:
    """The terms of one conjunction: split on commas and `` and `` outside parentheses."""
    terms: list[str] = []
    depth, current = 0, ""
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            terms.append(current)
            current = ""
        else:
            current += ch
    terms.append(current)
    out: list[str] = []
    for term in terms:
        for piece in _split_top(term.strip(), "and"):
            piece = piece.strip()
            if piece.startswith("and "):
                piece = piece[4:].strip()
            if piece:
                out.append(piece)
    return out


def _empty_alternative() -> dict[str, Any]:
    return {"skills": {}, "attributes": {}}


def _merge(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Both requirements at once (skill levels add; the stricter attribute bound wins)."""
    out = {"skills": dict(a["skills"]), "attributes": dict(a["attributes"])}
    for skill, level in b["skills"].items():
        out["skills"][skill] = out["skills"].get(skill, 0) + level
    for attr, bound in b["attributes"].items():
        out["attributes"][attr] = max(bound, out["attributes"].get(attr, bound))
    for key in ("attributes_below", "other"):
        if key in a or key in b:
            if key == "other":
                out["other"] = list(a.get("other", [])) + list(b.get("other", []))
            else:
                merged = dict(a.get(key, {}))
                for attr, bound in b.get(key, {}).items():
                    merged[attr] = min(bound, merged.get(attr, bound))
                out[key] = merged
    return out


def _term(term: str) -> list[dict[str, Any]]:
    """One term -> its alternatives (a parenthesised group may hold several)."""
    if term.startswith("(") and term.endswith(")") and _balanced(term[1:-1]):
        return parse_requirements(term[1:-1])
    alternative = _empty_alternative()
    attribute = _ATTRIBUTE.match(term)
    skill = _SKILL_TERM.match(term)
    if attribute:
        name = "any" if attribute.group(1) == "any attribute" else attribute.group(1).lower()
        if attribute.group(2) == ">":
            alternative["attributes"][name] = int(attribute.group(3))
        else:
            alternative["attributes_below"] = {name: int(attribute.group(3))}
    elif skill and skill.group(2) in SKILL_WORDS:
        alternative["skills"][skill.group(2)] = int(skill.group(1) or 1)
    else:
        alternative["other"] = [term]
    return [alternative]


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0


def parse_requirements(text: str) -> list[dict[str, Any]]:
    """A mission's printed requirement -> a list of alternatives (meeting any one suffices).

    ``"Transporters, Treachery, Cunning>34, and (Intelligence and Leadership or Law and
    Officer)"`` -> two alternatives, each with Transporters, Treachery, Cunning>34 and one
    branch. Each alternative is ``{"skills": {name: level}, "attributes": {name: n}}``
    meaning attribute total > n (``"any"`` = any one attribute); rare extras:
    ``attributes_below`` (total < n) and ``other`` (printed terms that are not skills or
    attributes, e.g. ``"a Jem'Hadar"``, kept verbatim as the requirement reads).
    """
    text = html.unescape(text).strip()
    if not text:
        return []
    alternatives: list[dict[str, Any]] = []
    for branch in _split_top(text, "or"):
        combos = [_empty_alternative()]
        for term in _split_terms(branch):
            combos = [_merge(c, t) for c in combos for t in _term(term)]
        alternatives.extend(combos)
    return alternatives


def parse_attempt_affiliations(value: str) -> list[str]:
    """Who may attempt: ``"[Car][Fed]"``, or ``"Any affiliation (except [Bor]) may attempt …"``."""
    if value.startswith("Any affiliation"):
        excluded = set(parse_affiliation_icons(value))
        return [a for a in ALL_AFFILIATIONS if a not in excluded]
    return parse_affiliation_icons(value)


def region_of(keywords: list[str]) -> str | None:
    """The region named by a ``"Region: X"`` keyword, else ``None``."""
    for keyword in keywords:
        if keyword.startswith("Region:"):
            return keyword.split(":", 1)[1].strip()
    return None


# --- names ----------------------------------------------------------------------------

def hall_of_fame(text: str) -> list[str]:
    """The entries of ``hof_retired.txt``, one per line (``"Title, Subtitle"`` or a title)."""
    return [line.strip() for line in text.lstrip("\ufeff").splitlines() if line.strip()]


def _common_prefix(names: list[str]) -> str | None:
    """The longest word prefix every name shares (``None`` if not even the first word)."""
    split = [n.split() for n in names]
    common: list[str] = []
    for column in zip(*split):
        if len(set(column)) != 1:
            break
        common.append(column[0])
    return " ".join(common) or None


class NameSplitter:
    """Splits the list's run-together names into title + subtitle (or mission location + title).

    Why heuristic: the Lackey list has no separator. Evidence, strongest first: the
    hand-checked tables above; hall-of-fame entries written ``"Title, Subtitle"``; a
    ``Commander: <ship>`` keyword naming a ship; titles card texts name in braces
    (``{Tom Paris}``; keywords such as ``{Founder}`` excepted); the longest capitalised
    word prefix some card's text mentions as a phrase ("… if Naomi Wildman is present …");
    a word prefix shared by two different unique personnel/ships: when three or more
    names start with the same word, what they all share (``"Hikaru Sulu …"``), else the
    shortest shared prefix (two versions' subtitles may share a first word: "Resistance
    Fighter" / "Resistance Scout"). Failing all, a personnel's title is its first word,
    with initials and a surname-looking second word (``_given_name``), and a ship keeps
    its whole name. Texts are only searched, never stored.
    """

    def __init__(self, rows: list[dict[str, str]], hof: list[str]) -> None:
        self.titles = set(KNOWN_TITLES)
        self.locations = set(KNOWN_LOCATIONS)
        mission_names = {base_name(r["Name"]) for r in rows if r["Type"] == "Mission"}
        for entry in hof:
            if ", " in entry:
                head = entry.split(", ", 1)[0]
                if any(n.startswith(head + " ") for n in mission_names):
                    self.locations.add(head)
                else:
                    self.titles.add(head)
        keywords: set[str] = set()
        for row in rows:
            for keyword in parse_keywords(row["Keywords"]):
                keywords.add(keyword)
                if keyword.startswith("Commander:"):
                    self.titles.add(keyword.split(":", 1)[1].strip())
        # Card texts write the titles they name in braces: "{Tom Paris}", "{[HQ] Earth}".
        for row in rows:
            for named in re.findall(r"\{([^}]+)\}", row["Text"]):
                named = re.sub(r"^\[HQ\]\s*", "", named).strip()
                if named and named not in keywords and "," not in named:
                    self.titles.add(named)
                    self.locations.add(named)
        names = sorted({base_name(r["Name"]) for r in rows
                        if r["Type"] in ("Personnel", "Ship") and r["Unique"] == "Y"})
        prefixes: dict[str, set[str]] = {}
        for name in names:
            words = name.split()
            for k in range(1, len(words)):
                prefixes.setdefault(" ".join(words[:k]), set()).add(name)
        # Words the texts use in lower case ("high", "speaker") and species/affiliation words
        # are not surnames.
        self.common_words: set[str] = set()
        for row in rows:
            self.common_words.update(w for w in re.findall(r"[a-z][a-z'-]+", row["Text"]))
            self.common_words.update(w.lower() for w in re.findall(r"[A-Za-z'-]+",
                                                                   row["Species"] + " " + row["Affiliation"]))
        self.subtitle_words: set[str] = set()
        for name in names:
            known = self._longest(name, self.titles)
            if known:
                self.subtitle_words.update(name[len(known):].split())
        self.first_word_groups: dict[str, list[str]] = {}
        for name in names:
            self.first_word_groups.setdefault(name.split()[0], []).append(name)
        self.attested = {p for p, owners in prefixes.items() if len(owners) >= 2 and p not in _NOT_A_TITLE}
        self.referenced: set[str] = set()
        for row in rows:
            for segment in re.split(r'[,;:!?()"]|\.(?:\s|$)', row["Text"] + ". " + row["Keywords"]):
                words = segment.split()
                for n in range(1, 5):
                    for i in range(len(words) - n + 1):
                        self.referenced.add(" ".join(words[i:i + n]))

    def _given_name(self, words: list[str]) -> str:
        """A personnel's title with no other evidence: the first word, plus initials and a
        surname ("Stewart Rivers Patriotic Engineer", "Samuel T. Cogley Attorney at Law")
        when the next word is not a word known from subtitles ("Squad", "Chief"), not one
        the texts use in lower case ("high"), not a species or affiliation ("Klingon"), and
        does not look like an adjective ("Reassuring", "Idealistic", "Ruthless")."""
        k = 1
        while k < len(words) - 1 and _INITIAL.match(words[k]):
            k += 1
        nxt = words[k] if k < len(words) - 1 else ""
        after = words[k + 1] if k + 1 < len(words) else ""
        if after in ("of", "the", "to", "and", "in", "a", "an", "with", "from", "for", "at"):
            nxt = ""  # "Speaker of Tama" starts a subtitle
        if (nxt[:1].isupper() and nxt not in self.subtitle_words and nxt not in _NOT_A_TITLE
                and nxt.lower() not in self.common_words and not _ADJECTIVE.search(nxt)):
            k += 1
        elif k > 1 and not _INITIAL.match(words[k - 1]):
            k = 1
        return " ".join(words[:k])

    def _longest(self, name: str, lexicon: Iterable[str]) -> str | None:
        best = None
        for entry in lexicon:
            if name.startswith(entry + " ") and (best is None or len(entry) > len(best)):
                best = entry
        return best

    def person_or_ship(self, name: str, card_type: str) -> tuple[str, str | None]:
        """``(title, subtitle)`` of a unique personnel or ship."""
        if name in WHOLE_TITLES or name in self.titles:
            return name, None
        title = self._longest(name, self.titles)
        words = name.split()
        if title is None:
            named = [" ".join(words[:k]) for k in range(len(words) - 1, 0, -1)
                     if " ".join(words[:k]) in self.referenced and words[0] not in _NOT_A_TITLE
                     and all(w[:1].isupper() or w in ("of", "the") for w in words[:k])]
            shared = sorted((p for p in self.attested if name.startswith(p + " ")), key=len)
            family = self.first_word_groups.get(words[0], [])
            common = _common_prefix(family) if len(family) >= 3 else None
            if common is not None and (common == name or common not in self.attested):
                common = None
            title = named[0] if named else (common or (shared[0] if shared else None))
        if title is None:
            if card_type == "personnel" and len(words) > 1:
                title = self._given_name(words)
            else:
                return name, None
        return title, name[len(title):].strip() or None

    def mission(self, name: str) -> tuple[str, str | None]:
        """``(title, location)``: the list writes a mission's location before its name."""
        location = self._longest(name, self.locations)
        if location is None:
            words = name.split()
            for k in range(len(words) - 1, 0, -1):
                if _LOCATION_END.match(words[k - 1]) or (words[k - 1] == words[k] and k > 0):
                    location = " ".join(words[:k])
                    break
        if location is None or name in WHOLE_TITLES:
            return name, None
        return name[len(location):].strip(), location


def _retired_names(hof: list[str]) -> set[str]:
    """Hall-of-fame entries as run-together names (the way the card list writes them)."""
    return {entry.replace(", ", " ") for entry in hof}


def is_retired(name: str, title: str, subtitle: str | None, card_type: str, retired: set[str]) -> bool:
    """Whether a card is on the hall-of-fame retired list.

    An entry names a whole card (``"Guinan, Listener"``, ``"Escape"``), a mission by its
    name alone (``"Amnesty Talks"``), and some entries carry a stray word from the source
    page after the subtitle (``"Guinan, Listener Starfleet"``), so a card whose full name
    starts such an entry counts when it has a subtitle.
    """
    if name in retired:
        return True
    if card_type == "mission" and title in retired:
        return True
    if subtitle:
        return any(entry.startswith(name + " ") for entry in retired)
    return False


# --- facts ----------------------------------------------------------------------------

def card_facts(row: dict[str, str], card_id: str, alternate_of: str | None, names: NameSplitter,
               retired: set[str]) -> dict[str, Any]:
    """Our facts for one card-list row (never its text)."""
    if row["Type"] not in TYPES:
        raise ImportFormatError(f"unknown card type {row['Type']!r} on {row['Name']!r}")
    card_type = TYPES[row["Type"]]
    match = _COLLECTOR.match(row["CollectorsInfo"])
    if not match:
        raise ImportFormatError(f"unknown collector's info {row['CollectorsInfo']!r}")
    name = base_name(row["Name"])
    unique = row["Unique"] == "Y"
    title, subtitle, location = name, None, None
    if card_type == "mission":
        title, location = names.mission(name)
    elif card_type in ("personnel", "ship") and unique:
        title, subtitle = names.person_or_ship(name, card_type)
    keywords = parse_keywords(row["Keywords"])
    is_personnel, is_ship, is_mission = card_type == "personnel", card_type == "ship", card_type == "mission"
    kind = row["Mission/DilemmaType"].strip()
    mission_type = MISSION_TYPES.get(kind) if is_mission else None
    affiliations: list[str] = []
    attempt: list[str] | None = None
    requirements: list[dict[str, Any]] | None = None
    if is_mission:
        if mission_type == "headquarters":
            head = row["Affiliation"].replace(" Headquarters", "")
            affiliations = [a.strip().lower() for a in head.split("/") if a.strip()]
            attempt = []
        else:
            attempt = parse_attempt_affiliations(row["Affiliation"])
            requirements = parse_requirements(row["Skills"])
    elif row["Affiliation"].strip():
        affiliations = [row["Affiliation"].strip().lower()]
    stats = [_int(row[c]) for c in ("Integrity/Range", "Cunning/Weapons", "Strength/Shields")]
    raw_text = row["Text"].strip()
    has_text = bool(raw_text) or mission_type == "headquarters"
    official = row["Rarity"] not in VIRTUAL_RARITIES
    return {
        "id": card_id,
        "collector": row["CollectorsInfo"],
        "alternate_of": alternate_of,
        "set": row["Set"],
        "number": int(match.group(3)),
        "rarity": row["Rarity"],
        "official": official,
        "hof_retired": is_retired(name, title, subtitle, card_type, retired),
        "title": title,
        "subtitle": subtitle,
        "location": location,
        "unique": unique,
        "type": card_type,
        "cost": _int(row["Cost"]),
        "affiliations": affiliations,
        "icons": parse_icons(row["Icons"]) if (is_personnel or is_ship) else [],
        "staffing": parse_staffing(row["Staff"]) if is_ship else None,
        "keywords": keywords,
        "class": (row["Class"].strip() or None) if is_ship else None,
        "species": (row["Species"].strip() or None) if is_personnel else None,
        "skills": parse_skills(row["Skills"]) if is_personnel else None,
        "integrity": stats[0] if is_personnel else None,
        "cunning": stats[1] if is_personnel else None,
        "strength": stats[2] if is_personnel else None,
        "range": stats[0] if is_ship else None,
        "weapons": stats[1] if is_ship else None,
        "shields": stats[2] if is_ship else None,
        "mission_type": mission_type,
        "span": _int(row["Span"]) if is_mission else None,
        "points": _int(row["Points"]) if is_mission else None,
        "quadrant": QUADRANTS.get(row["Quadrant"].strip()) if is_mission else None,
        "region": region_of(keywords) if is_mission else None,
        "attempt_affiliations": attempt,
        "requirements": requirements,
        "dilemma_type": DILEMMA_TYPES.get(kind) if card_type == "dilemma" else None,
        "mechanics": None if has_text else [],
    }


def assign_ids(rows: list[dict[str, str]]) -> list[tuple[dict[str, str], str, str | None]]:
    """``(row, id, alternate_of)`` per row. The list repeats a collector's info for
    alternate printings (reprints marked "(R2)", "(AC)", "(Promo)", image variants): the
    primary printing (no marker, first in the file) keeps the plain id, each other one
    becomes ``"<id>~2"``, ``"<id>~3"`` (file order) with ``alternate_of`` naming the primary
    — unless its name differs (a few promos share a collector's info by mistake: those are
    different cards, ``alternate_of`` is ``None``).
    """
    groups: dict[str, list[int]] = {}
    for index, row in enumerate(rows):
        groups.setdefault(row["CollectorsInfo"], []).append(index)
    out: list[tuple[dict[str, str], str, str | None] | None] = [None] * len(rows)
    for collector, indexes in groups.items():
        primary = next((i for i in indexes if base_name(rows[i]["Name"]) == rows[i]["Name"].strip()), indexes[0])
        out[primary] = (rows[primary], collector, None)
        n = 2
        for i in indexes:
            if i != primary:
                same = base_name(rows[i]["Name"]) == base_name(rows[primary]["Name"])
                out[i] = (rows[i], f"{collector}~{n}", collector if same else None)
                n += 1
    entries = [entry for entry in out if entry is not None]
    # Sets 7 on print each of 18 cards again as an alternate-image "A" rarity card under a
    # collector's info of its own (7A001 Code of Honor is 7R002 Code of Honor): the same card,
    # so it is an alternate printing of the same-named non-"A" card of its set.
    primaries: dict[tuple[str, str, str], str] = {}
    for row, card_id, alternate_of in entries:
        if row["Rarity"] != "A" and alternate_of is None:
            primaries.setdefault((row["Set"], row["Type"], base_name(row["Name"])), card_id)
    return [(row, card_id, primaries.get((row["Set"], row["Type"], base_name(row["Name"])), alternate_of)
             if row["Rarity"] == "A" else alternate_of) for row, card_id, alternate_of in entries]


def import_cards(cards_text: str, hof_text: str) -> dict[str, list[dict[str, Any]]]:
    """Set code -> facts of its cards, sorted by collector number then id."""
    rows = read_rows(cards_text)
    hof = hall_of_fame(hof_text)
    names = NameSplitter(rows, hof)
    retired = _retired_names(hof)
    sets: dict[str, list[dict[str, Any]]] = {}
    for row, card_id, alternate_of in assign_ids(rows):
        facts = card_facts(row, card_id, alternate_of, names, retired)
        sets.setdefault(facts["set"], []).append(facts)
    for cards in sets.values():
        cards.sort(key=lambda c: (c["number"], c["id"]))
    return sets


def dump_facts(set_code: str, cards: list[dict[str, Any]]) -> str:
    """Stable, diff-friendly JSON: one card per line, keys sorted."""
    official = all(c["official"] for c in cards)
    head = json.dumps({"set": set_code, "official": official}, sort_keys=True, ensure_ascii=False)[:-1]
    lines = [json.dumps(c, sort_keys=True, ensure_ascii=False) for c in cards]
    return head + ', "cards": [\n' + ",\n".join(lines) + "\n]}\n"


def facts_file(set_code: str) -> str:
    """Relative path of a set's facts file (set codes are letters/digits, e.g. ``SE``)."""
    if not re.fullmatch(r"[A-Za-z0-9]+", set_code):
        raise ImportFormatError(f"unexpected set code {set_code!r}")
    return f"facts/{set_code}.json"


def import_tree(source: Path) -> dict[str, str]:
    """Read ``cards.txt`` and ``hof_retired.txt``; return relative output path -> content."""
    cards_text = (source / "cards.txt").read_text(encoding="utf-8")
    hof_path = source / "hof_retired.txt"
    hof_text = hof_path.read_text(encoding="utf-8") if hof_path.exists() else ""
    return {facts_file(code): dump_facts(code, cards)
            for code, cards in sorted(import_cards(cards_text, hof_text).items())}


def card_texts(source: Path) -> dict[str, str]:
    """Id -> the card's game text. For *authoring* mechanics only: never store it."""
    rows = read_rows((source / "cards.txt").read_text(encoding="utf-8"))
    return {card_id: row["Text"] for row, card_id, _ in assign_ids(rows)}


def main(argv: list[str] | None = None) -> int:
    """Regenerate ``facts/`` next to this module from the Lackey card list folder."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m rules.startrek2e.cards.importer <folder with cards.txt>", file=sys.stderr)
        return 2
    source = Path(args[0])
    if not (source / "cards.txt").is_file():
        print(f"no cards.txt in {source}", file=sys.stderr)
        return 2
    here = Path(__file__).resolve().parent
    facts = here / "facts"
    facts.mkdir(exist_ok=True)
    outputs = import_tree(source)
    for stale in facts.glob("*.json"):
        if f"facts/{stale.name}" not in outputs:
            stale.unlink()
    for rel, content in outputs.items():
        (here / rel).write_text(content, encoding="utf-8")
    print(f"wrote {len(outputs)} facts files")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
