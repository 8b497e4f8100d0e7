"""Winning the Game, checked the instant it happens: seven glyphs beneath your characters;
your experience ≥ your victory total; the cost of your villain score pile ≥ your victory
total."""
from __future__ import annotations

from . import state as S
from . import stats
from .cards import card_db


def check(state: dict) -> dict | None:
    if state["outcome"] is not None:
        return state["outcome"]
    if stats.summed_as_printed(state):
        totals = S.kept_totals(state)  # no rule changed what the sums read since the last check
        winner = _winner_printed(state, keep=True) if totals is None else decide(totals)  # no statics: no scope
    else:
        with stats.reading(state):
            winner = _winner(state)
    if winner is not None:
        s, reason = winner
        state["outcome"] = {"winners": [s], "reason": reason}
        state["pending"] = None
        return state["outcome"]
    return None


def _winner(state: dict) -> tuple[int, str] | None:
    """The first seat that meets a victory condition, with the reason (reads only). It runs
    before nearly every step of the driver (~3 times per event), so it reads in one pass:
    a summed number no active text changes (the index of statics by what they modify,
    ``stats.modified_stats``) is the card's printed number plus its own ``mods`` (and
    promotion tokens), read inline; only a number some text changes is read through
    ``stats``. Equal to :func:`_winner_read` by construction
    (tests/rules/stargate/test_maintained_values.py against tests/support/stargate_oracle.py)."""
    if stats.summed_as_printed(state):
        return _winner_printed(state)
    modified = stats.printed_numbers_scope(state)
    if modified is None:
        return _winner_read(state)
    cards = state["cards"]
    db = card_db()
    seats = state["seats"]
    mission_cards = state["mission"]["cards"]

    def total(iids: list, stat: str, key: str) -> int:
        """``stats.sum_numbers(state, iids, stat)``."""
        if stat in modified:
            return stats.sum_numbers(state, iids, stat)
        out = 0
        for i in iids:
            c = cards[i]
            if stat == "cost" and c["zone"] in stats.PLAYED_FROM:
                out += stats.number(state, i, stat)
                continue
            base = db[c["guid"]].get(key)
            mods = c.get("mods")
            out += stats.clamped(c, base, stat, sum(m["amount"] for m in mods if m["stat"] == stat) if mods else 0)
        return out

    xp_modified = "experience" in modified
    for s in range(len(seats)):
        vt = total(seats[seats[s]["victory_from"]]["team"], "point_value", "cost")
        # one pass over the seat's cards in play: glyphs beneath characters, experience held
        # on glyphs and the cards' own experience (a character taken as another player's
        # adversary is nobody's character: no experience of his counts)
        glyphs = held = own = 0
        mine = []
        for i in seats[s]["play"] + [i for i in mission_cards if S.controller(state, i) == s]:
            c = cards[i]
            beneath = c["glyphs"]
            if beneath and S.is_character(state, i):
                glyphs += len(beneath)
            if c.get("became"):
                continue
            mine.append(i)
            for g in beneath:
                held += db[cards[g]["guid"]].get("experience") or 0
            if not xp_modified:
                mods = c.get("mods")
                v = (db[c["guid"]].get("experience") or 0) + (
                    sum(m["amount"] for m in mods if m["stat"] == "experience") if mods else 0)
                own += v if v > 0 else 0
        if glyphs >= 7:
            return s, "seven glyphs"
        if xp_modified:
            own = stats.sum_numbers(state, mine, "experience") + stats.player_bonus(state, s, "experience")
        xp = max(0, held + own)
        if xp >= vt:
            return s, f"experience {xp} reached the victory total {vt}"
        cost = total(seats[s]["score_pile"], "cost", "cost")
        if cost >= vt:
            return s, f"villain score pile cost {cost} reached the victory total {vt}"
    return None


def _winner_printed(state: dict, keep: bool = False) -> tuple[int, str] | None:
    """:func:`_winner` when every summed number is its card's printed number plus its own
    ``mods`` and tokens (``stats.summed_as_printed``: no text in use changes one — most
    checks of most games), from :func:`printed_totals`; with ``keep``, the totals are kept
    while the event is applied (``state.keep_totals``) for the next checks to read until a
    rule changes what they sum."""
    totals, keepable = printed_totals(state)
    if keep and keepable:
        S.keep_totals(state, totals)
    return decide(totals)


def decide(totals: tuple) -> tuple[int, str] | None:
    """The first seat that meets a victory condition, from each seat's ``(glyphs beneath its
    characters, experience, victory total, villain score pile cost)``."""
    for s, (glyphs, xp, vt, cost) in enumerate(totals):
        if glyphs >= 7:
            return s, "seven glyphs"
        if xp >= vt:
            return s, f"experience {xp} reached the victory total {vt}"
        if cost >= vt:
            return s, f"villain score pile cost {cost} reached the victory total {vt}"
    return None


def printed_totals(state: dict) -> tuple[tuple, bool]:
    """Each seat's ``(glyphs, experience, victory total, score pile cost)`` read as printed
    (the summed numbers no text in use changes), and whether they may be kept (``False``
    when one was read through the statics or asked whose turn it is). One pass over each
    seat's team, cards in play and score pile, reading the printed numbers of each
    (``stats._unmodified_number`` inline) from :func:`_printed`'s tables; a card with no
    glyph, modifier or token beneath or on it (most) costs a few lookups."""
    cards = state["cards"]
    cost_of, xp_of, character = _printed()
    seats = state["seats"]
    clamped = stats.clamped
    kept = True  # False once a number is read through the statics (a cost played from a hand or deck)
    # the cards each seat controls at the mission (the rest of its cards in play are in front of it)
    at_mission: dict[int, list] = {}
    for i in state["mission"]["cards"]:
        c = cards[i]
        at_mission.setdefault(c.get("controller", c["owner"]), []).append(i)
    totals = []
    for s, seat in enumerate(seats):
        vt = 0
        for i in seats[seat["victory_from"]]["team"]:
            c = cards[i]
            mods = c.get("mods")
            if mods or c.get("tokens"):
                vt += clamped(c, cost_of[c["guid"]], "point_value",
                              sum(m["amount"] for m in mods if m["stat"] == "point_value") if mods else 0)
            else:
                vt += cost_of[c["guid"]]
        glyphs = xp = 0
        for group in (seat["play"], at_mission.get(s, ())):
            for i in group:
                c = cards[i]
                beneath = c["glyphs"]
                mods = c.get("mods")
                became = c.get("became")
                if not (beneath or mods or became):
                    v = xp_of.get(c["guid"], 0)
                    if v > 0:
                        xp += v
                    continue
                if beneath:
                    kind = character[c["guid"]]
                    if kind is None:
                        kept = False  # a card of its own way to become an adversary: that asks whose turn it is
                        if S.is_character(state, i):
                            glyphs += len(beneath)
                    elif kind is True and not became:
                        glyphs += len(beneath)
                if became:
                    continue  # a character taken as another player's adversary is nobody's character
                for g in beneath:
                    xp += xp_of.get(cards[g]["guid"], 0)
                v = xp_of.get(c["guid"], 0)
                if mods:
                    v += sum(m["amount"] for m in mods if m["stat"] == "experience")
                if v > 0:
                    xp += v
        cost = 0
        for i in seat["score_pile"]:
            c = cards[i]
            if c["zone"] in stats.PLAYED_FROM:
                cost += stats.number(state, i, "cost")
                kept = False
                continue
            mods = c.get("mods")
            cost += clamped(c, cost_of[c["guid"]], "cost",
                            sum(m["amount"] for m in mods if m["stat"] == "cost") if mods else 0)
        totals.append((glyphs, max(0, xp), vt, cost))
    return tuple(totals), kept


_PRINTED: list[tuple[dict[str, int], dict[str, int], dict[str, bool | None]]] = []


def _printed() -> tuple[dict[str, int], dict[str, int], dict[str, bool | None]]:
    """Per database card (card data is immutable; made once): its printed cost (0 for none:
    ``stats.clamped`` reads none as 0, a printed cost is never below 0), its printed
    experience where it has one (missions: a glyph's experience), and whether it is a
    character while in play — these every form of a card keeps (``state.PRINTED_NUMBERS``)
    or decides: never when printed otherwise (becoming an adversary makes no character),
    surely when printed a character without a way of its own to become an adversary and
    not taken as one (``became``), and ``None`` (ask ``state.card_def``) for the few that
    have such a way."""
    if not _PRINTED:
        db = card_db()
        _PRINTED.append((
            {g: d.get("cost") or 0 for g, d in db.items()},
            {g: d["experience"] for g, d in db.items() if d.get("experience")},
            {g: d["type"] == "character" and (None if S.becomes_adversary(d) is not None else True)
             for g, d in db.items()}))
    return _PRINTED[0]


def _winner_read(state: dict) -> tuple[int, str] | None:
    """The victory conditions with every number read through ``stats``."""
    for s in range(len(state["seats"])):
        vt = stats.victory_total(state, s)
        reason = None
        if stats.glyph_count(state, s) >= 7:
            reason = "seven glyphs"
        elif stats.experience(state, s) >= vt:
            reason = f"experience {stats.experience(state, s)} reached the victory total {vt}"
        elif stats.score_pile_cost(state, s) >= vt:
            reason = f"villain score pile cost {stats.score_pile_cost(state, s)} reached the victory total {vt}"
        if reason:
            return s, reason
    return None
