"""The reader guard: every number an authored card changes is a number the engine reads.

The coverage guard (test_effect_coverage.py) checks that every construct a card uses is one
the interpreter knows; it cannot see that "complications cost power -1 to play" names a
number nothing computes. So here:

1. **The readers come from the code.** A probe mission is played through the reducer with
   cards of every type in every place a number is read (hands, play, the mission, a score
   pile, a glyph, the mission pile), every kind of action taken once (play, assign, boost,
   complication) and every step up to Deciding to Continue, each seat's view read at every
   step — all inside ``stats.tracing_reads()``, which records what each reader in stats.py
   (and the boost rule) actually consults: ``(stat, kind of card, zone)``. Nothing is
   listed by hand: a reader that stops consulting a context drops out of the trace.
2. **Each authored change names a context**: ``(stat, kinds, zones)`` of every static
   ``modify``, effect ``modify`` (a cost naming ``all`` of a kind of card is a rule about
   playing them: ``interpreter.RULE_STATS``), ``modify_next_mission`` and ``boost_bonus``
   rule, read from its ``who``.
3. A context no reader consulted fails the test, naming the card.
"""
from __future__ import annotations

from rules.stargate import state as S
from rules.stargate import stats
from rules.stargate.cards import card_db
from rules.stargate.effects import interpreter as I
from rules.stargate.game import GAME
from rules.protocol import JUDGE

from .fixtures import (ADVERSARY, COMBAT_MISSIONS, GEAR, HERO_SHIP, JASON4, MISSIONS, OLAF, TEALC, VILLAIN_OBSTACLE,
                       _card, add, find, give_glyph, put_in_play, start, table, team_of)
from .helpers import act

ANY = None  # any kind of card / any zone
IN_PLAY = {"play", "mission", "current_mission"}
EVENT = add(_card("fx-event", "Plain Event", "event", cost=1))
VILLAIN_SHIP = add(_card("fx-vship", "Villain Ship", "ship", allegiance="villain", cost=1, firepower=1))


# ----------------------------------------------------------------------- 1. the readers
def _probe() -> set[tuple[str, str, str]]:
    """Play one mission with every kind of card in every place, tracing what is read."""
    state = table(deck0=[EVENT, GEAR, OLAF, HERO_SHIP, HERO_SHIP, TEALC] + [GEAR] * 8,
                  deck1=[ADVERSARY, ADVERSARY, ADVERSARY, VILLAIN_SHIP, VILLAIN_SHIP] + [VILLAIN_OBSTACLE] * 9,
                  missions0=COMBAT_MISSIONS + MISSIONS[:5], begin=False)
    for seat, guids in ((0, [GEAR, HERO_SHIP]), (1, [ADVERSARY, VILLAIN_SHIP])):
        for g in guids:
            put_in_play(state, seat, g)
    give_glyph(state, team_of(state, 0, TEALC), MISSIONS[0])
    S.move(state, (find(state, ADVERSARY, 1, "deck") + find(state, ADVERSARY, 1, "hand"))[0], "score_pile")
    hands = {0: [EVENT, OLAF, HERO_SHIP, TEALC, GEAR], 1: [ADVERSARY, VILLAIN_SHIP, VILLAIN_OBSTACLE, VILLAIN_OBSTACLE]}
    state = start(state, stop=JASON4)
    for seat, guids in hands.items():
        for iid in list(state["seats"][seat]["hand"]):
            S.move(state, iid, "deck")
        for g in guids:
            S.move(state, next(i for i in find(state, g, seat, "deck")), "hand")
    for seat in (0, 1):
        state["seats"][seat]["power"] = 20
    taken: set = set()
    with stats.tracing_reads() as seen:
        for _ in range(200):
            for viewer in (0, 1, JUDGE):
                GAME.view(state, viewer)
            p = state["pending"]
            if p["kind"] == "continue":
                return seen
            seat = GAME.deciding_seats(state)[0]
            legal = GAME.legal_actions(state, seat)
            if p["kind"] == "act":
                fresh = [a for a in legal if a["type"] in ("play", "assign", "boost", "complication")
                         and (a["type"], S.card_def(state, a["card"])["guid"]) not in taken]
                pick = fresh[0] if fresh else {"type": "pass"}
                if fresh:
                    taken.add((pick["type"], S.card_def(state, pick["card"])["guid"]))
            else:
                pick = legal[0]
            state = act(state, pick, seat)
    raise AssertionError(f"the probe mission did not reach Deciding to Continue: {state['pending']}")


_SEEN: set | None = None


def readers() -> set[tuple[str, str, str]]:
    global _SEEN
    if _SEEN is None:
        _SEEN = _probe()
    return _SEEN


# ------------------------------------------------------------ 2. what the cards change
def _kinds_of(flt: dict) -> set[str] | None:
    t = flt.get("type")
    return None if t is None else set(t if isinstance(t, list) else [t])


def _where(who, card: dict, granted: bool, effect: bool) -> list[tuple[set | None, set | None]]:
    """``[(kinds, zones)]`` a ``who`` names (static: wherever the number is read; an
    effect: the cards it names now, in play)."""
    here = IN_PLAY if effect else ANY
    if not isinstance(who, dict):
        return [(ANY, here)]
    if "player" in who:
        return [({"player"}, {"ship_battle_total" if who.get("ship_battle_total") else ""})]
    if who.get("self"):
        if granted:
            return [(ANY, here)]
        own = {card["type"]} | ({"adversary"} if any(ab.get("keyword") == "becomes_adversary"
                                                      for ab in card.get("mechanics") or []) else set())
        return [(own, here)]
    if who.get("current_mission"):
        return [({"mission"}, {"current_mission"})]
    flt = who.get("all") or who.get("choose") or who
    zones = {flt["zone"]} if "zone" in flt else here
    return [(_kinds_of(flt), zones)]


def _walk(node, card: dict, out: list, *, top: bool, granted: bool) -> None:
    if isinstance(node, list):
        for v in node:
            _walk(v, card, out, top=top, granted=granted)
        return
    if not isinstance(node, dict):
        return
    mod = node.get("modify")
    if isinstance(mod, dict):
        stat = mod.get("stat")
        who = mod.get("who", {"self": True})
        if node.get("kind") == "static" and not top:
            out.append((stat, set(), set(), "a static ability given by another card (no reader lists given statics)"))
        elif node.get("kind") == "static":
            out += [(stat, k, z, "static modify") for k, z in _where(who, card, granted, effect=False)]
        elif stat in I.RULE_STATS and isinstance(who, dict) and "all" in who:
            out.append((stat, _kinds_of(who["all"]), ANY, "cost rule for a while"))
        else:
            out += [(stat, k, z, "modify effect") for k, z in _where(who, card, granted, effect=True)]
    if isinstance(node.get("modify_next_mission"), dict):
        out.append((node["modify_next_mission"].get("stat"), {"mission"}, {"current_mission"}, "modify_next_mission"))
    rule = node.get("rule")
    if isinstance(rule, dict) and isinstance(rule.get("boost_bonus"), dict):
        out.append((rule["boost_bonus"].get("stat"), {"boost"}, ANY, "boost_bonus rule"))
    for k, v in node.items():
        if k == "modify":
            continue
        inner = granted or k in ("grant_ability", "grant_trigger", "ability")
        _walk(v, card, out, top=False, granted=inner)


def changes(card: dict) -> list[tuple[str, set | None, set | None, str]]:
    """Every number ``card``'s mechanics change: ``(stat, kinds, zones, how)``."""
    out: list = []
    for ab in card.get("mechanics") or []:
        _walk(ab, card, out, top=True, granted=False)
    return out


# ------------------------------------------------------------------------ 3. the check
def _read(stat: str, kinds: set | None, zones: set | None, seen: set) -> bool:
    def one(kind):
        return any(s == stat and (kind is None or k == kind) and (zones is None or z in zones) for s, k, z in seen)
    if kinds is None:
        return one(None)
    return bool(kinds) and all(one(k) for k in kinds)


def unread(seen: set) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for card in card_db().values():
        for stat, kinds, zones, how in changes(card):
            if not _read(stat, kinds, zones, seen):
                where = "any card" if kinds is None else "/".join(sorted(kinds)) or "—"
                out.setdefault(f"{card['title']} ({card['set']}/{card['number']})", []).append(
                    f"{stat} of {where}{'' if zones is None else ' in ' + '/'.join(sorted(zones))} ({how})")
    return out


def test_every_number_an_authored_card_changes_is_read_by_the_engine():
    found = unread(readers())
    assert not found, "cards changing a number no reader consults (make the reader read it, or remove the " \
        "card's mechanics and list it in MISSING.md):\n" + "\n".join(
            f"  {card}: {'; '.join(m)}" for card, m in sorted(found.items()))


def test_complication_costs_use_only_what_the_reader_can_ask_of_a_face_down_card():
    bad = []
    for card in card_db().values():
        for ab in card.get("mechanics") or []:
            who = (ab.get("modify") or {}).get("who")
            if ab.get("kind") == "static" and isinstance(who, dict) and "complication" in (_kinds_of(who) or ()):
                if set(who) - stats.COMPLICATION_FILTER_KEYS:
                    bad.append(card["title"])
    assert not bad


def test_the_probe_reads_every_place_a_number_lives():
    """Self-test: the probe reaches the readers the cards rely on (a probe that stopped early
    would make the guard fail with every card, not pass)."""
    seen = readers()
    for ctx in [("cost", "obstacle", "hand"), ("cost", "adversary", "hand"), ("cost", "event", "hand"),
                ("cost", "gear", "hand"), ("cost", "character", "hand"), ("cost", "ship", "hand"),
                ("difficulty", "mission", "current_mission"), ("difficulty", "obstacle", "mission"),
                ("difficulty", "adversary", "mission"), ("firepower", "ship", "mission"),
                ("revive", "adversary", "mission"), ("point_value", "character", "play"),
                ("skills", "character", "mission"), ("combat", "adversary", "mission")]:
        assert ctx in seen, ctx


def test_the_guard_sees_a_number_nobody_reads():
    """Self-test: made-up changes in contexts no reader consults are reported."""
    seen = readers()
    card = {"type": "character", "mechanics": [
        {"kind": "static", "modify": {"stat": "revive", "amount": 1, "who": {"type": "character"}}},
        {"kind": "static", "modify": {"stat": "cost", "amount": 1, "who": {"type": "obstacle", "zone": "discard"}}},
        {"kind": "trigger", "on": "play_self", "effects": [
            {"modify": {"stat": "cost", "amount": 1, "who": {"choose": {"type": "gear"}, "chooser": "you", "count": 1}},
             "until": "end_of_turn"}]}]}
    assert [c for c in changes(card) if not _read(c[0], c[1], c[2], seen)] == changes(card)
    ok = {"type": "character", "mechanics": [
        {"kind": "static", "modify": {"stat": "skills", "amount": 1, "who": {"self": True}}}]}
    assert all(_read(c[0], c[1], c[2], seen) for c in changes(ok))
