"""The nouns of the rendered card text: filters, targets and amounts (requirements and conditions,
built from them, are ``render_conditions``).

Why a module of its own: ``render`` (abilities and effects) and these phrases change for
different reasons — a new FILTER key or CONDITION lands here, a new verb in ``render``.
Every phrase says what the engine checks (EFFECTS.md §3), in the style of the printed
cards: ``[Fed]`` for an affiliation icon, ``{Title}`` for a card named by title, skills by
name. A key this module does not know shows as ``<?key>``; a test rejects that marker for
every authored card, so a construct added without its phrase cannot go unnoticed.
"""
from __future__ import annotations

AFF = {"bajoran": "[Baj]", "cardassian": "[Car]", "dominion": "[Dom]", "federation": "[Fed]",
       "ferengi": "[Fer]", "klingon": "[Kli]", "romulan": "[Rom]", "borg": "[Bor]", "non-aligned": "[NA]",
       "starfleet": "[SF]"}
ICON = {"command": "[Cmd]", "staff": "[Stf]", "ds9": "[DS9]", "tng": "[TNG]", "tos": "[TOS]", "voy": "[Voy]",
        "past": "[Pa]", "future": "[Fut]", "earth": "[E]", "maquis": "[Maq]", "terok_nor": "[TN]",
        "alternate_universe": "[AU]"}
QUADRANT = {"alpha": "[AQ]", "gamma": "[GQ]", "delta": "[DQ]", "mirror": "[MQ]"}
PLURAL = {"ship": "ships", "event": "events", "interrupt": "interrupts", "mission": "missions",
          "dilemma": "dilemmas", "card": "cards", "personnel": "personnel", "equipment": "equipment"}
NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
           10: "ten"}
# refs the engine itself names (combat.py, extra.cant_complete)
ENGINE_REFS = {"opponent_ship": ("the opponent's ship involved", False),
               "your_ship": ("your ship involved", False),
               "combat_opponents": ("the opponent's personnel involved", True),
               "completing_ship": ("the ship used", False),
               # interpreter._skills_used: who used skills to meet the dilemma's requirement (Forsaken)
               "used_skills": ("the personnel who used skills to meet this dilemma's requirements", True)}
# filter keys that read as words after the noun ("personnel present", "ships at this mission")
_HANDLED = {"type", "owner", "stopped", "unique", "affiliation", "icon", "keyword", "species", "skill",
            "skills_any", "class", "title", "not_self", "self", "skill_level", "scope", "present", "aboard",
            "attempting", "attribute", "highest", "lowest", "cost_at_most", "not", "at_this_mission", "any_of",
            "location", "region", "quadrant", "mission_type", "crew", "involved", "matching_mission",
            "with_trigger_card", "ref", "requires_skill", "aboard_trigger_ship", "aboard_attempting_ship", "mission_owner", "owned_by",
            "with_ref", "attribute_sum", "facing_dilemma", "with_card", "equipped_with", "present_with",
            "dilemma_type", "staffed", "at_trigger_mission", "matches_affiliation", "corresponds_with",
            "on_event", "host", "at_trigger_from", "ship_commander", "with_attached", "aboard_ref", "in_core", "plays_in_core", "damaging", "with_count",
            "commander_aboard",
            "on_planet", "named_number", "other_quadrant_than", "named_skill", "named_type", "damaged", "same_title_as", "playable_at", "damage_card", "together", "requirements_met_by",
            "is_trigger_card", "completed", "used_skills", "under_mission", "fits_dilemma",
            "in_attempt", "shares_skill_with", "requirement_skill", "in_trigger_team", "selection", "shares_with", "named_title",
            "stopped_in_trigger_attempt"}
# a ship's numbers a requirement may add ("Shields + unused Range this turn>13")
STAT_WORDS = {"range_left": "unused Range this turn"}


class Ctx:
    """What a phrase needs to know about the text it is part of: the card's type (``this
    ship``), whether it is a dilemma (filters range over the attempting personnel), and the
    names given by ``as`` so far (``those personnel`` vs ``that personnel``)."""

    def __init__(self, card_type: str | None = None) -> None:
        self.card_type = card_type
        self.dilemma = card_type == "dilemma"
        self.refs: dict[str, tuple[str, bool]] = dict(ENGINE_REFS)
        # a card chosen while paying a cost (``remember`` in a cost is not said there): its first
        # mention says what it is ("kill an opponent's personnel present with cost 2 or less")
        self.first: dict[str, str] = {}
        self.trigger: str | None = None  # the event a response answers ("prevent that combat")
        self.trigger: str | None = None  # the trigger event of the text being read ("that ship")

    @property
    def this(self) -> str:
        return f"this {self.card_type}" if self.card_type else "this card"


def num(n) -> str:
    return NUMBERS.get(n, str(n)) if isinstance(n, int) else str(n)


def stat_name(stat: str) -> str:
    return STAT_WORDS.get(stat) or (stat.capitalize() if stat.islower() else stat)


def a_an(head: str) -> str:
    """"a personnel", "an Android", "a unique personnel", "{Tom Paris}" (a title takes no article)."""
    if head.startswith("{"):
        return head
    if head.startswith("other "):
        return "an" + head
    if head.lower().startswith(("uni", "use", "one")):  # said with a consonant: "a unique", "a one-shot"
        return "a " + head
    if head.lower().startswith("hono"):  # a silent h: "an Honor personnel" (Forsaken)
        return "an " + head
    return ("an " if head[:1].lower() in "aeiou" else "a ") + head


def _names(v) -> list:
    return list(v) if isinstance(v, list) else [v]


def _or(words: list) -> str:
    words = [w for w in words if w]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


def _and(words: list) -> str:
    words = [w for w in words if w]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def plural_of(word: str) -> str:
    return PLURAL.get(word, word + "s")


_PERSONNEL_KEYS = {"skill", "skills_any", "skill_level", "species", "attribute_sum", "facing_dilemma", "attempting"}


def _types_only(alts) -> bool:
    return bool(alts) and all(set(g) == {"type"} for g in alts)


def _noun_word(f: dict, ctx: Ctx) -> str:
    """The card type named, else what the other keys imply (skills: personnel; a crew or a
    class: a ship), else "card" ("" for a card named only by its title: "{Lursa}")."""
    t = f.get("type")
    if t:
        return t
    if _types_only(f.get("any_of")):  # "a personnel or ship"
        return " or ".join(g["type"] for g in f["any_of"])
    if ctx.dilemma and f.get("scope") in (None, "attempting"):
        return "personnel"
    if _PERSONNEL_KEYS & set(f) or any(s in ("integrity", "cunning", "strength") for s in f.get("attribute") or {}):
        return "personnel"
    if "crew" in f or "class" in f or "staffed" in f:
        return "ship"
    if "dilemma_type" in f:
        return "dilemma"
    if "title" in f:
        return ""
    return "card"


def adjectives(f: dict, ctx: Ctx) -> list:
    """The words before the noun: state, icons, keywords, species, skills, class, title."""
    words = []
    if "stopped" in f:
        words.append("stopped" if f["stopped"] else "unstopped")
    if "unique" in f:
        words.append("unique" if f["unique"] else "non-unique")
    if "staffed" in f:
        words.append("staffed" if f["staffed"] else "unstaffed")
    if "dilemma_type" in f:
        words.append(f["dilemma_type"])
    if f.get("not_self"):
        words.append("other")
    if "mission_type" in f and f.get("type") == "mission":
        words.append(f["mission_type"])
    if "quadrant" in f and f.get("type") == "mission":
        words.append(QUADRANT.get(f["quadrant"], f["quadrant"]))
    if "affiliation" in f:
        words.append(AFF.get(f["affiliation"], f["affiliation"]))
    if "icon" in f:
        words.append(ICON.get(f["icon"], f["icon"]))
    if "keyword" in f:
        words.append(_or(_names(f["keyword"])))
    if "species" in f:
        words.append(f["species"])
    if "class" in f:
        c = f["class"]
        words.append(c if "class" in c.lower() else f"{c}-class")
    if "skill" in f:
        words.append(f["skill"])
    if "skills_any" in f:
        words.append(_or(list(f["skills_any"])))
    if "any_of" in f and {"self": True} not in f["any_of"] and not _with_only(f["any_of"], ctx) \
            and not (_types_only(f["any_of"]) and "type" not in f):  # with "self": after the noun ("… included")
        words.append(_or([_alternative(g, ctx) for g in f["any_of"]]))
    if "title" in f:
        words.append(_or(["{" + t + "}" for t in _names(f["title"])]))
    return [w for w in words if w]


def _alternative(g: dict, ctx: Ctx) -> str:
    """One of an ``any_of``'s alternatives before the noun: "Treachery", "Integrity<4" (a bare
    "with …" tail loses its "with": "a Treachery or Integrity<4 personnel")."""
    words = " ".join(adjectives(g, ctx) + [_after_words(g, ctx)]).strip()
    if words.startswith("with ") and not adjectives(g, ctx):
        words = words[5:]
    return words or _noun_word(g, ctx)


def _with_only(alts: list, ctx: Ctx) -> bool:
    """Every alternative is only a "with …" (attributes: "an attribute>6") — said after the noun,
    "a personnel with Integrity>6, Cunning>6 or Strength>6"."""
    return all(isinstance(g, dict) and "type" not in g and not adjectives(g, ctx)
               and _after_words(g, ctx).startswith("with ") for g in alts)


def _except(g: dict, ctx: Ctx) -> str:
    """One exclusion: "a Treachery personnel", "that card", "one aboard the same ship"."""
    if set(g) == {"ref"}:
        return ref_phrase(g["ref"], ctx)
    if not adjectives(g, ctx) and "type" not in g and _noun_word(g, ctx) == "card":
        return "one " + _after_words(g, ctx)
    return noun(g, ctx, article=True)


def _attr_range(stat: str, r: dict) -> str:
    s = stat_name(stat)
    if "min" in r and "max" in r:
        return f"{s} {r['min']}" if r["min"] == r["max"] else f"{s} {r['min']} to {r['max']}"
    if "min" in r:
        return f"{s}>{r['min'] - 1}"
    return f"{s}<{r['max'] + 1}"


def _after_words(f: dict, ctx: Ctx) -> str:
    """The words after the noun: where it is, what it has, what it is not."""
    out = []
    scope = f.get("scope")
    side = f.get("owner", "you")
    whose = "your" if side == "you" else "an opponent's"
    if scope == "hand":
        out.append(f"in {whose} hand")
    elif scope == "deck":
        out.append(f"in {whose} deck")
    elif scope == "discard":
        out.append(f"in {whose} discard pile")
    elif scope == "all_discards":
        out.append("in each player's discard pile")
    elif scope == "out":
        out.append("removed from the game" if side == "you" else "an opponent removed from the game")
    elif scope == "overcome":
        out.append("overcome beneath a mission")
    elif scope == "damage":
        out.append("lying on a ship as a Damage card")
    elif scope == "on_this_event":
        out.append(f"on {ctx.this}")
    elif scope == "brig":
        out.append("held in your brig")
    elif scope == "opponent_brig":
        out.append("held in an opponent's brig")
    elif scope == "drawn":
        out.append("you drew" if side == "you" else "an opponent drew")
    elif scope == "attempting" and not ctx.dilemma:
        out.append("attempting a mission")
    if f.get("present") or scope == "present":
        out.append("present")
    if f.get("aboard"):
        out.append("aboard this ship" if ctx.card_type in ("ship", "damage") else
                   f"aboard the ship {ctx.this} is on" if ctx.card_type == "event" else "aboard the same ship")
    if "any_of" in f and {"self": True} in f["any_of"]:  # "your stopped personnel at this mission (this one too)"
        others = [g for g in f["any_of"] if g != {"self": True}]
        out.append(_or([_after_words(g, ctx) for g in others]) + f" ({ctx.this} included)")
    if "on_event" in f:
        ev = f["on_event"]
        out.append("on an event" if ev is True else f"on {noun({'type': 'event', **ev}, ctx, article=True)}")
    if f.get("host"):
        out.append(f"{ctx.this} is on")
    if f.get("at_trigger_from"):
        out.append("at the mission that ship left")
    if f.get("ship_commander"):
        out.append("who is this ship's Commander" if ctx.card_type == "ship" else "who is that ship's Commander"
                   if f.get("aboard") else f"who is the Commander of the ship {ctx.this} is on")
    if "aboard_ref" in f:
        out.append(f"aboard {ref_phrase(f['aboard_ref'], ctx)}")
    if "with_attached" in f:
        out.append(f"with {noun(f['with_attached'], ctx, article=True)} on it")
    if "attempting" in f:
        out.append("attempting a mission" if f["attempting"] else "not attempting a mission")
    if "facing_dilemma" in f:
        out.append("facing a dilemma" if f["facing_dilemma"] else "not facing a dilemma")
    if "involved" in f:
        out.append("involved" if f["involved"] else "not involved")
    if "requires_skill" in f:
        out.append(f"requiring {f['requires_skill']}")
    if f.get("at_this_mission"):
        out.append(f"where {ctx.this} is" if f.get("type") == "mission" else "at this mission")
    if "with_ref" in f:
        out.append(f"at the same mission as {ref_phrase(f['with_ref'], ctx)}")
    if f.get("with_trigger_card"):
        out.append("present with that card")
    if f.get("at_trigger_mission"):
        out.append("at that mission")
    if "with_count" in f:  # Field Studies
        n = f["with_count"].get("min", 1)
        out.append(f"with {num(n)} {noun(f['with_count']['filter'], ctx, plural=n != 1)} there")
    if "damaging" in f:  # No Escape
        out.append(f"on {noun({'type': 'ship', **f['damaging']}, ctx, article=True)}")
    if "plays_in_core" in f:
        out.append("that plays in a core" if f["plays_in_core"] else "that plays on a card")
    if "in_core" in f:
        core = "your core" if f.get("owner") == "you" else "a core"  # the events you command lie in your core
        out.append(f"in {core}" if f["in_core"] else f"not in {core}")
    if "commander_aboard" in f:
        out.append("with its Commander aboard" if f["commander_aboard"] else "without its Commander aboard")
    if f.get("selection"):
        out.append("eligible for that selection")
    if "on_planet" in f:
        out.append("on the planet" if f["on_planet"] else "not on the planet")
    if "named_skill" in f:
        out.append("with the named skill")
    if "named_number" in f:  # Eye to Eye, Final Adventure
        stats = f["named_number"]["stats"]
        out.append("with a cost equal to the number named" if stats == ["cost"] else
                   "with an attribute matching the number named" if set(stats) == {"integrity", "cunning", "strength"}
                   else f"with {_or([s.capitalize() for s in stats])} equal to the number named")
    if "named_type" in f:
        out.append("of the named card type")
    if "is_trigger_card" in f:
        out.append("that is that card" if f["is_trigger_card"] else "other than that card")
    if "damage_card" in f:  # "a Damage card"
        out.append("with a Damage text" if f["damage_card"] else "without a Damage text")
    if "requirement_skill" in f:  # In the Way
        out.append(("with" if f["requirement_skill"] else "without") + " a skill listed in the requirements of the mission attempted")
    if "completed" in f:
        out.append("that is completed" if f["completed"] else "that is not completed")
    if "in_trigger_team" in f:  # "a mission involving this personnel" (Solbor)
        out.append("involved in completing that mission" if f["in_trigger_team"] else "not involved in completing that mission")
    if f.get("stopped_in_trigger_attempt"):  # Indomitable
        out.append("who became stopped during that mission attempt")
    if "in_attempt" in f:  # "that your [Bor] personnel is facing" (Analyze)
        out.append("in the mission attempt under way" if f["in_attempt"] else "not in the mission attempt under way")
    if "under_mission" in f:  # an overcome dilemma ("from an opponent's completed mission")
        out.append(f"beneath {noun({'type': 'mission', **f['under_mission']}, ctx, article=True)}")
    if "fits_dilemma" in f:  # "if that dilemma could have been faced at your completed mission" (Lauren)
        out.append(f"where {ref_phrase(f['fits_dilemma']['ref'], ctx)} could have been faced")
    if "used_skills" in f:  # "that used any of his or her skills to complete that mission" (Building a Bridge)
        out.append("that used any of his or her skills to meet its requirements" if f["used_skills"]
                   else "that used none of his or her skills to meet its requirements")
    if "damaged" in f:
        out.append("that has a damage card on it" if f["damaged"] else "that has no damage card on it")
    if "shares_skill_with" in f:  # Toran
        out.append(f"who has a skill {ref_phrase(f['shares_skill_with']['ref'], ctx)} has")
    if "playable_at" in f:  # The Edge of Forever
        out.append(f"that could be played at {noun({'type': 'mission', **f['playable_at']}, ctx, article=True)}")
    if "other_quadrant_than" in f:  # Distant Exploration
        out.append(f"that has a different quadrant icon than {noun(f['other_quadrant_than'], ctx, article=True)}")
    if "same_title_as" in f:
        out.append(f"with the same card title as {noun(f['same_title_as'], ctx, article=True)}")
    if f.get("named_title"):  # Quite a Coincidence, Sensing a Trap
        out.append("with the card title named")
    if "shares_with" in f:  # Steeled By Loss, Secret Identity
        other = noun(f["shares_with"]["of"], ctx, article=True)
        fact = f["shares_with"]["fact"]
        out.append(f"that has at least one of the same skills as {other}" if fact == "skills"
                   else f"of the same {'species' if fact == 'species' else 'affiliation'} as {other}")
    if f.get("matches_affiliation"):
        out.append(f"whose affiliation matches the ship {ctx.this} is aboard")
    if "corresponds_with" in f:  # "Commander: X" on the personnel names the ship
        other = noun(f["corresponds_with"], ctx, article=True)
        out.append(f"whose Commander keyword names {other}" if f.get("type") == "personnel" else
                   f"named by the Commander keyword of {other}" if f.get("type") == "ship" else
                   f"that corresponds with {other} (a Commander keyword names the ship)")
    if f.get("aboard_trigger_ship"):
        out.append("aboard that ship")
    if f.get("aboard_attempting_ship"):
        out.append("aboard the attempting ship")
    if "location" in f:
        out.append("at {" + f["location"] + "}")
    if "region" in f:
        out.append(f"in Region: {f['region']}")
    if "quadrant" in f and f.get("type") != "mission":
        out.append(f"at a {QUADRANT.get(f['quadrant'], f['quadrant'])} mission")
    if "mission_type" in f and f.get("type") != "mission":
        out.append(f"at a {f['mission_type']} mission")
    if "mission_owner" in f and f.get("type") != "mission":  # a mission: "your"/"an opponent's" before it
        out.append(f"at {'your' if f['mission_owner'] == 'you' else 'an opponent' + chr(39) + 's'} mission")
    if f.get("matching_mission"):
        out.append("at a mission with a matching affiliation icon")
    if "skill_level" in f:
        out.append("with " + _and([f"{n} {s}" if n > 1 else s for s, n in f["skill_level"].items()]))
    if "attribute" in f:
        out.append("with " + _and([_attr_range(s, r) for s, r in f["attribute"].items()]))
    if "attribute_sum" in f:
        a = f["attribute_sum"]
        out.append("with " + _attr_range("+".join(stat_name(s) for s in a["stats"]), a))
    if "cost_at_most" in f:
        out.append(f"with cost {f['cost_at_most']} or less")
    if "crew" in f:
        out.append(f"with {noun(f['crew'], ctx, article=True)} aboard")
    if "with_card" in f:
        out.append(f"where {noun(f['with_card'], ctx, article=True)} is")
    if "equipped_with" in f:
        out.append(f"equipped with {noun(f['equipped_with'], ctx, article=True, owner=False)}")
    if "present_with" in f:
        w = f["present_with"]
        out.append(f"present with {ref_phrase(w['ref'], ctx) if set(w) == {'ref'} else noun(w, ctx, article=True)}")
    if "owned_by" in f:
        out.append("that you own" if f["owned_by"] == "you" else "owned by an opponent")
    if "together" in f:  # "your three [Maq] personnel present together"
        out.append("present together")
    if "requirements_met_by" in f:  # "your personnel at that mission have its requirements"
        out.append(f"whose requirements {noun(f['requirements_met_by'], ctx, plural=True)} there have")
    if "not" in f:
        nots = f["not"] if isinstance(f["not"], list) else [f["not"]]
        inherit = {"type": f["type"]} if "type" in f else {}
        out.append("(except " + _or([_except({**inherit, **g} if adjectives(g, ctx) else g, ctx)
                                     for g in nots]) + ")")  # "(except a [Baj] personnel)", "(except one at …)"
    if "any_of" in f and _with_only(f["any_of"], ctx):  # "with Integrity>6, Cunning>6 or Strength>6"
        out.append("with " + _or([_after_words(g, ctx)[5:] for g in f["any_of"]]))
    if "highest" in f:
        out.append(f"with the highest {stat_name(f['highest'])}")
    if "lowest" in f:
        out.append(f"with the lowest {stat_name(f['lowest'])}")
    unknown = [k for k in f if k not in _HANDLED]
    out += [f"<?{k}>" for k in unknown]
    return " ".join(out)


def noun(f: dict, ctx: Ctx, *, plural: bool = False, article: bool = False, owner: bool = True) -> str:
    """``{"type": "personnel", "owner": "you", "skill": "Leadership", "present": true}`` →
    "your Leadership personnel present" (``article``: "a"/"an"/"your" for one card)."""
    if f.get("self"):
        return ctx.this
    if "ref" in f:  # one of the remembered cards: "those equipment in your discard pile"
        # whose pile a remembered card lies in is said ("those cards in an opponent's deck": Chance Observation)
        rest = {k: v for k, v in f.items() if k not in ("ref", "type") and (k != "owner" or "scope" in f)}
        base = ref_phrase(f["ref"], ctx, plural=True if plural else None)
        if rest and not adjectives(rest, ctx):
            return f"{base} {_after_words(rest, ctx)}".strip()
        return f"{base} that {predicate(rest, ctx, plural=True)}".strip() if rest else base
    word = _noun_word(f, ctx)
    word = plural_of(word) if plural and word else word
    head = " ".join(adjectives(f, ctx) + ([word] if word else []))
    tail = _after_words(f, ctx)
    scoped = f.get("scope") in ("hand", "deck", "discard")
    side = f.get("owner")
    if f.get("type") == "mission" and "mission_owner" in f and not side:
        side = f["mission_owner"]
    if owner and side and not scoped:
        head = ("your " if side == "you" else "an opponent's ") + head
    elif article and not plural:
        head = a_an(head)
    return f"{head} {tail}".strip()


def each(f: dict, ctx: Ctx) -> str:
    """"each of your [Fed] personnel", "each [Car] ship at this mission"."""
    if f.get("host"):  # one card: "the ship this event is on"
        return "the " + noun(f, ctx)
    many = noun(f, ctx, plural=True)
    if many.startswith(("your ", "an opponent's ", "those ", "that ")):
        return "each of " + many.replace("an opponent's ", "an opponent's ", 1)
    return "each " + noun(f, ctx)


def predicate(f: dict, ctx: Ctx, *, plural: bool = False) -> str:
    """What a card must be, after its subject: "has Cunning>7", "is a [Fed] personnel",
    "(except a Treachery personnel)"; "" for an empty filter."""
    if not f:
        return ""
    adjs = adjectives(f, ctx)
    tail = _after_words(f, ctx)
    if not adjs and "type" not in f:
        if tail.startswith("with "):
            return ("have " if plural else "has ") + tail[5:]
        if tail.startswith("("):
            return tail
        return (("are " if plural else "is ") + tail) if tail else ""
    return ("are " if plural else "is ") + noun({k: v for k, v in f.items() if k != "owner"}, ctx,
                                                  article=not plural, plural=plural)


def ref_phrase(name, ctx: Ctx, *, plural: bool | None = None) -> str:
    """A remembered selection: "that personnel", "those cards" (the noun it was chosen as);
    several names: "those cards"."""
    if isinstance(name, list):
        words = {ctx.refs.get(n, ("cards", True))[0].split()[-1] for n in name}
        word = words.pop() if len(words) == 1 else "cards"
        return f"those {plural_of(word) if word in PLURAL else word}"
    if name in ctx.first:  # chosen while paying, said here for the first time
        return ctx.first.pop(name)
    if name in ctx.refs:
        text, many = ctx.refs[name]
        if text.startswith("the ") or text.startswith("your "):
            return text
        return f"{'those' if (many if plural is None else plural) else 'that'} {text}"
    return "those cards" if plural else "that card"


def remember_ref(ctx: Ctx, name: str, target: dict) -> None:
    """Name a selection for later phrases: its noun and whether it may be several cards."""
    form = next((k for k in ("choose", "random", "all") if k in target), None)
    n = target.get("count", 1)
    many = form == "all" or not isinstance(n, int) or n > 1 or "all_but" in target
    word = _noun_word(target[form], ctx) if form and isinstance(target[form], dict) else "card"
    if "ref" in target and isinstance(target["ref"], str) and target["ref"] in ctx.refs:
        word, many = ctx.refs[target["ref"]][0].split()[-1], ctx.refs[target["ref"]][1]
    ctx.refs[name] = ((plural_of(word) if many else word), many)


def target(t: dict, ctx: Ctx) -> str:
    """A TARGET as the object of a verb: "a personnel (your opponent chooses)", "each of
    your [Fed] personnel", "two random personnel", "that personnel"."""
    if "self" in t:
        return ctx.this
    if "ref" in t:
        if "filter" in t:
            return f"each of {ref_phrase(t['ref'], ctx, plural=True)} that {predicate(t['filter'], ctx)}".replace(
                "that (except", "(except")
        return ref_phrase(t["ref"], ctx)
    if "trigger_card" in t:  # events only about personnel say so ("stop that personnel": Odo)
        personnel = ("about_to_be_killed", "personnel_killed", "personnel_stopped", "about_to_be_placed_in_brig",
                     "skills_used")
        if ctx.trigger in ("dilemma_about_to_return", "dilemma_about_to_be_overcome"):
            return "that dilemma"
        return "that personnel" if ctx.trigger in personnel else "that card"
    if "trigger_mission" in t:  # the mission the triggering event names
        return {"ship_moved": "the mission that ship moved to", "engagement_begins": "the mission of that engagement",
                "combat_begins": "the mission of that combat"}.get(ctx.trigger, "that mission")
    if "attempting_ship" in t:
        return "the attempting ship"
    if "deck_top" in t:  # Holographic Hoax
        return "the top card of " + ("your deck" if t["deck_top"] == "you" else "an opponent's deck")
    if "deck_bottom" in t:  # Sarina Douglas
        return "the bottom card of " + ("your deck" if t["deck_bottom"] == "you" else "an opponent's deck")
    if "this_mission" in t:
        return "this mission"
    if "all" in t:
        f = t["all"]
        if not f or (ctx.dilemma and set(f) <= {"scope"}):
            return "all your attempting personnel" if ctx.dilemma else "all cards"
        if f.get("host"):  # one card: the one this card is on
            return "the " + noun(f, ctx)
        return each(f, ctx)
    if "random" in t:
        f = t["random"]
        if "all_but" in t:
            return f"all but {num(t['all_but'])} of the {noun(f, ctx, plural=True)}, selected at random"
        n = t.get("count", 1)
        if isinstance(n, dict) and "number" in n:
            return f"an equal number of {noun(f, ctx, plural=True)}, selected at random"
        if not isinstance(n, int):
            return f"a number of {noun(f, ctx, plural=True)} equal to {amount(n, ctx, count=True)}, selected at random"
        if set(f) == {"ref"}:
            return f"{num(n)} of {ref_phrase(f['ref'], ctx, plural=True)}, selected at random"
        if f.get("owner") and f.get("scope") not in ("hand", "deck", "discard"):
            return f"{num(n)} of {noun(f, ctx, plural=True)}, selected at random"
        if n == 1:
            return "a random " + noun(f, ctx, owner=False)
        return f"{num(n)} random {noun(f, ctx, plural=True)}"
    if "choose" in t:
        f = t["choose"]
        n = t.get("count", 1)
        upto = "up to " if t.get("up_to") else ""
        if n == "any":  # "any number of": the chooser stops when he likes
            many = noun(f, ctx, plural=True)
            text = f"any number of {'' if many.startswith(('your ', 'an opponent')) else 'the '}{many}"
        elif isinstance(n, dict) and "number" in n:  # "an equal number of …"
            text = f"{upto}an equal number of {noun(f, ctx, plural=True)}"
        elif not isinstance(n, int):  # an AMOUNT
            text = f"{upto}a number of {noun(f, ctx, plural=True)} equal to {amount(n, ctx, count=True)}"
        elif "ref" in f and set(f) <= {"ref", "scope", "owner"}:  # the scope only says where those cards are
            text = f"{upto}{num(n)} of {ref_phrase(f['ref'], ctx, plural=True)}"
        elif n == 1 and not upto:
            text = noun(f, ctx, article=True)
            if f.get("owner") == "you" and not f.get("scope"):
                text = "one of " + noun(f, ctx, plural=True)
            elif text.startswith("each of "):  # one chosen among the cards a cost named (Toran): not "each of"
                text = text[len("each of "):]
        else:
            many = noun(f, ctx, plural=True)
            text = f"{upto}{num(n)} {'of ' if many.startswith(('your ', 'an opponent')) else ''}{many}"
        if t.get("chooser") == "opponent":
            text += " (your opponent chooses)"
        return text
    return "<?target>"


def amount(a, ctx: Ctx, *, count: bool = False) -> str:
    """An AMOUNT: a number, "1 for each Honor Klingon aboard (limit 3)", "the Cost of that
    personnel"; ``count``: a number of cards ("the number of your [Rom] personnel")."""
    if isinstance(a, int):
        return str(a)
    if isinstance(a, dict) and "per" in a:
        if set(a["per"]) <= {"ref", "scope"} and "ref" in a["per"] and a.get("times", 1) == 1:
            return f"the number of {ref_phrase(a['per']['ref'], ctx, plural=True)}"  # "an equal number"
        if count and a.get("times", 1) == 1:
            text = f"the number of {noun(a['per'], ctx, plural=True)}"
            return text + (f" (at most {a['limit']})" if "limit" in a else "")
        per = noun(a["per"], ctx)
        chosen = a.get("chosen_opponent")  # "choose an opponent. For each headquarters mission he or she commands"
        if chosen:
            per = per.replace("an opponent's", "that opponent's")
        text = f"{a.get('times', 1)} for each {'of ' if per.startswith(('your ', 'those ', 'an opponent', 'that opponent')) else ''}{per}"
        if chosen:
            text += " (the player playing it chooses that opponent)" if a.get("player") == "trigger" \
                else " (you choose that opponent)"
        limit = f"-{a['limit']}" if a.get("times", 1) < 0 and "limit" in a else a.get("limit")  # "(limit -3)"
        return text + (f" (limit {limit})" if "limit" in a else "")
    if isinstance(a, dict) and "stat" in a:
        if a.get("highest") and "all" in a["of"]:  # Morik: "the cost of the event in your core that has the highest cost"
            return f"the highest {stat_name(a['stat'])} among {noun(a['of']['all'], ctx, plural=True)}"
        if a.get("highest"):
            return f"the highest {stat_name(a['stat'])} among {ref_phrase(a['of']['ref'], ctx, plural=True)}"
        return f"the {stat_name(a['stat'])} of {ref_phrase(a['of']['ref'], ctx)}"
    if isinstance(a, dict) and "number" in a:
        return f"the number of {ref_phrase(a['number']['ref'], ctx, plural=True)}"
    if isinstance(a, dict) and "cost_paid" in a:  # Temporal Misalignment
        return "X (the cost paid for this dilemma)"
    if isinstance(a, dict) and "completed_missions" in a:  # "+1 for each mission you have completed"
        who = a["completed_missions"].get("who", "you")
        return "1 for each mission " + ("you have completed" if who == "you" else "an opponent has completed")
    if isinstance(a, dict) and "round" in a:  # Prison Compound
        return f"{amount(a['round'], ctx, count=count)} rounded to the nearest multiple of {a['to']}"
    if isinstance(a, dict) and "skill_dots" in a:
        return f"the number of [SD] icons on {ref_phrase(a['skill_dots']['ref'], ctx)}"
    if isinstance(a, dict) and "dilemmas_faced" in a:  # Parem
        return ("1 for each other dilemma" if a["dilemmas_faced"].get("other") else "1 for each dilemma") + \
            f" {ctx.this} has faced this turn"
    if isinstance(a, dict) and "beyond" in a:  # Crosis
        what = noun(a["beyond"], ctx, plural=True, owner=False)
        return (f"{a.get('times', 1)} for each of the {what} you command beyond the number of {what} an opponent of "
                f"your choice commands" + (f" (limit {a['limit']})" if "limit" in a else ""))
    return "<?amount>"
