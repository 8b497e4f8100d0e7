"""The reader guard: every number an authored card changes is a number the rules read.

The coverage test (every construct has an interpreter) cannot see that "each [Kli] ship in
your hand is Cost -1" names a number no rule computes. So here:

1. **The readers come from the code.** A probe game is played through the reducer with cards
   of every type where the rules read a number — cards in hand at the play step, dilemmas
   drawn for an attempt, personnel on a planet and aboard a ship attempting missions, ships
   moving, a combat and an engagement, a mission completed — all inside
   ``stats.tracing_reads()``, which records what :func:`stats.value` (every number read
   goes through it) consults: ``(stat, kind of card, zone)``. The views are not read while
   tracing (showing a number is not using it). Nothing is listed by hand.
2. **Each authored change names a context**: ``(stat, kinds, zones)`` of every static
   ``modify``, effect ``modify``, damage ``modify``, engagement ``bonus``, ``play_cost``,
   ``combat_strength`` and ``gain_skills``, read from its ``who`` / TARGET.
3. A context no reader consulted fails the test, naming the card.
"""
from __future__ import annotations

from rules.startrek2e import state as S
from rules.startrek2e import stats
from rules.startrek2e.cards import card_db
from rules.startrek2e.effects.schema import EFFECT_VERBS

from . import fixtures as FX
from .helpers import act, find, mission, put, started, turn_to

ANY = None
IN_PLAY = {"personnel": {"pile", "aboard"}, "equipment": {"pile", "aboard"}, "ship": {"ships"},
           "mission": {"missions"}, "event": {"core", "attached"}, "interrupt": set(), "dilemma": {"on"}}
ALL_IN_PLAY = set().union(*IN_PLAY.values())


# ----------------------------------------------------------------------- 1. the readers
def _settle(st: dict, stop_at_orders: bool = True) -> dict:
    """Answer every decision that is not the orders step: choose dilemmas (the first two
    offered), pass responses and actions, take the first option otherwise."""
    for _ in range(200):
        p = st["pending"]
        if p is None or (p["kind"] == "orders" and stop_at_orders):
            return st
        opts = p["options"]
        if p["kind"] == "choose_dilemma":
            picks = [o for o in opts if o["card"]]
            pick = picks[0] if picks and len(st["seats"][p["seat"]]["stack"]) < 2 else {"type": "choose_dilemma", "card": None}
        elif p["kind"] in ("respond", "attempt_action"):
            pick = {"type": "pass"}
        else:
            pick = opts[0]
        st = act(st, pick)
    raise AssertionError(f"the probe did not settle: {st['pending']}")


def _probe() -> set:
    st = started("reader-probe")
    hq, planet, space = mission(st, 0, "T-HQF"), mission(st, 0, "T-P1"), mission(st, 0, "T-S1")
    other_planet = mission(st, 0, "T-P2")
    for g in ("T-F1", "T-F7", "T-F2"):  # Anthropology, Diplomacy: the planet is attempted
        put(st, 0, g, "pile", planet)
    galaxy = put(st, 0, "T-SF", "ships", space)
    for g in ("T-F4", "T-F5", "T-F3"):  # Navigation, Security: the space mission is attempted
        put(st, 0, g, "aboard", galaxy)
    escort = put(st, 0, "T-SF2", "ships", space)  # an engagement in space, after the attempt
    put(st, 0, "T-F6", "aboard", escort)
    runabout = put(st, 0, "T-SF2", "ships", hq)
    put(st, 0, "T-F6", "aboard", runabout)
    put(st, 0, "T-EQ1", "pile", planet)
    put(st, 0, "T-F6", "pile", other_planet)  # a combat on another planet
    put(st, 1, "T-K1", "pile", other_planet)
    bird = put(st, 1, "T-SK", "ships", space)
    put(st, 1, "T-K3", "aboard", bird)
    ambush, attack = put(st, 0, "T-EV3", "core", 0), put(st, 0, "T-EV2", "core", 0)
    for g in ("T-F8", "T-EQ2", "T-EV4", "T-I1", "T-I2"):  # a card of each kind in hand
        S.move(st, find(st, 0, g, zones=("deck", "hand")), "hand", 0)
    st["extra_cards"]["X-SHIP"] = {**FX.ship("X-SHIP", "Shuttle", "federation", ("staff",)), "unique": False}
    st["cards"][st["seats"][0]["hand"][-1]]["guid"] = "X-SHIP"  # a ship you may play (no copy in play)
    done = []
    with stats.tracing_reads() as seen:
        st = turn_to(st, 0, "play")  # the costs of the cards in hand
        st = turn_to(st, 0, "orders")
        for order in ({"type": "attempt", "mission": planet}, {"type": "attempt", "mission": space, "ship": galaxy},
                      {"type": "order", "card": ambush, "ability": 1}, {"type": "order", "card": attack, "ability": 1},
                      {"type": "move", "ship": runabout, "to": planet}):
            if order in st["pending"]["options"]:
                st = _settle(act(st, order))
                done.append(order["type"] + ":" + order.get("mission", order.get("card", order.get("ship"))))
    assert len(done) == 5, done
    return seen


_SEEN: set | None = None


def readers() -> set:
    global _SEEN
    if _SEEN is None:
        _SEEN = _probe()
    return _SEEN


# ------------------------------------------------------------ 2. what the cards change
def _stat(name: str) -> str:
    return name if name in stats.NUMERIC else "skill"


def _where(who, card: dict) -> tuple:
    """``(kinds, zones)`` a FILTER (or ``self``) names: ``None`` = any."""
    if not isinstance(who, dict) or who.get("self"):
        kind = card["type"]
        return {kind}, IN_PLAY.get(kind) or ALL_IN_PLAY
    kind = who.get("type")
    zones = {who["scope"]} if who.get("scope") in ("hand", "deck", "discard", "drawn") else (
        IN_PLAY.get(kind) if kind else ALL_IN_PLAY)
    return ({kind} if kind else ANY), zones


def _target(t, card: dict) -> tuple:
    if isinstance(t, dict):
        for form in ("choose", "all", "random"):
            if form in t:
                return _where(t[form], card)
        if t.get("self"):
            return _where({"self": True}, card)
    return ANY, ALL_IN_PLAY  # a remembered card, the card an event names, …


def _walk(node, card: dict, out: list) -> None:
    if isinstance(node, list):
        for v in node:
            _walk(v, card, out)
        return
    if not isinstance(node, dict):
        return
    verb = next((k for k in node if k in EFFECT_VERBS), None)
    if verb == "modify":
        m = node["modify"]
        out.append((_stat(m["stat"]), *_target(m.get("target"), card), "modify effect"))
    if verb == "begin_engagement":
        out += [(_stat(b["stat"]), {"ship"}, {"ships"}, "engagement bonus") for b in node[verb].get("bonus") or []]
    if verb == "gain_skills":
        kinds, zones = _target(node[verb].get("to"), card)
        out.append(("skill", kinds, zones, "gained skills"))
        if node[verb].get("attributes"):
            out += [(a, kinds, zones, "gained attributes") for a in ("integrity", "cunning", "strength")]
    for k, v in node.items():
        if k != "modify":
            _walk(v, card, out)


def changes(card: dict) -> list:
    """Every number ``card``'s mechanics change: ``(stat, kinds, zones, how)``."""
    out: list = []
    for ab in card.get("mechanics") or []:
        kind = ab.get("kind")
        m = ab.get("modify")
        if kind == "static" and m:
            out.append((_stat(m["stat"]), *_where(m.get("who", {"self": True}), card), "static modify"))
        elif kind == "damage" and m:
            out.append((_stat(m["stat"]), {"ship"}, {"ships"}, "damage modify"))
        elif kind == "play_cost":  # a dilemma's is read when its owner chooses it from those drawn
            zone = "drawn" if card["type"] == "dilemma" else "hand"
            out.append(("cost", {card["type"]}, {zone}, "cost while being played"))
        elif kind == "combat_strength":
            out.append((_stat(ab["stat"]), {card["type"]}, IN_PLAY[card["type"]], "added to a combat total"))
        _walk([v for k, v in ab.items() if k != "modify"], card, out)
    return out


# ------------------------------------------------------------------------ 3. the check
def _read(stat: str, kinds, zones, seen: set) -> bool:
    def one(kind):
        return any(s == stat and (kind is None or k == kind) and (zones is None or z in zones) for s, k, z in seen)
    return one(None) if kinds is None else all(one(k) for k in kinds)


def unread(seen: set, cards) -> dict:
    out: dict = {}
    for card in cards:
        for stat, kinds, zones, how in changes(card):
            if not _read(stat, kinds, zones, seen):
                where = "any card" if kinds is None else "/".join(sorted(kinds))
                out.setdefault(f"{card['title']} ({card['id']})", []).append(
                    f"{stat} of {where} in {'/'.join(sorted(zones or ['anywhere']))} ({how})")
    return out


def test_every_number_an_authored_card_changes_is_read_by_the_rules():
    found = unread(readers(), [c for c in card_db().values() if c["mechanics"]])
    assert not found, "cards changing a number no rule reads (make a rule read it, or remove the card's " \
        "mechanics and list it in MISSING.md):\n" + "\n".join(f"  {c}: {'; '.join(m)}" for c, m in sorted(found.items()))


def test_the_probe_reads_every_place_a_number_lives():
    """Self-test: the probe reaches the readers (a probe that stopped early would make the
    guard fail with many cards, not pass)."""
    seen = readers()
    for ctx in [("cost", "personnel", "hand"), ("cost", "ship", "hand"), ("cost", "dilemma", "drawn"),
                ("integrity", "personnel", "pile"), ("cunning", "personnel", "aboard"), ("skill", "personnel", "pile"),
                ("skill", "personnel", "aboard"), ("strength", "personnel", "pile"), ("range", "ship", "ships"),
                ("weapons", "ship", "ships"), ("shields", "ship", "ships"), ("points", "mission", "missions"),
                ("span", "mission", "missions")]:
        assert ctx in seen, ctx


def test_the_guard_sees_a_number_nobody_reads():
    """Self-test: made-up changes in contexts no rule reads are reported; a read one is not."""
    seen = readers()
    card = {"id": "X", "title": "Nobody Reads", "type": "event", "mechanics": [
        {"kind": "static", "modify": {"stat": "cost", "amount": -1, "who": {"type": "personnel", "scope": "discard"}}},
        {"kind": "static", "modify": {"stat": "range", "amount": 1, "who": {"type": "personnel"}}},
        {"kind": "event", "effects": [{"modify": {"stat": "points", "amount": 5, "target": {"choose": {"type": "ship"}}}}]}]}
    assert len(unread(seen, [card])["Nobody Reads (X)"]) == 3
    ok = {"id": "Y", "title": "Read", "type": "personnel", "mechanics": [
        {"kind": "static", "modify": {"stat": "Physics", "amount": 1}},
        {"kind": "static", "modify": {"stat": "cost", "amount": -1, "who": {"type": "ship", "scope": "hand"}}}]}
    assert unread(seen, [ok]) == {}
