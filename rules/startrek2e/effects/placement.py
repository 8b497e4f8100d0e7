"""``put_into_play``: "take one of your personnel from an opponent's brig and place him or
her on your headquarters mission", "take a personnel from your discard pile and place it
aboard that ship" (MISSING.md item 23, EFFECTS.md §2).

Shape: ``{"put_into_play": {"target": TARGET, "at": TARGET}}``. The ``at`` TARGET (a mission
or a ship) is resolved first, then the cards; each personnel, ship or equipment goes there
(on the planet/headquarters, aboard the ship, or — a ship — at the mission) under your
command, unstopped. It is not "played": no counters, no headquarters permission, no
"when you play" texts; uniqueness still holds (a unique card you already command a copy of
stays where it was).
"""
from __future__ import annotations

from .. import state as S


def put_into_play(state: dict, frame: dict, eff: dict, arg: dict):
    from .frames import _remember
    from .skills import _resolve
    from .useful import keeper
    at = _resolve(state, frame, "at_w", arg["at"])
    if at is None:
        return False
    if not at:
        return True
    fits = keeper(state, frame, "put_into_play", dest=at[0])
    if arg.get("as_played"):  # "on a headquarters mission where that personnel could be played" (Common Ground)
        from .. import stats as ST
        put_ok = fits
        fits = lambda c: put_ok(c) and ST.hq_allows(state, at[0], c)  # noqa: E731
    cards = _resolve(state, frame, "target_w", arg["target"], keep=fits)
    if cards is None:
        return False
    you = frame["ctx"]["you"]
    _remember(frame, eff, cards)
    dest = at[0]
    for c in cards:
        if not fits(c):
            continue
        d = S.card_def(state, c)
        if d["type"] == "ship":
            S.move(state, c, "ships", dest)
            state["cards"][c]["range_used"] = 0
        else:
            kind = S.ctype(state, dest)
            if kind == "event":  # "place an Infiltrator from hand on this event" (Anything or Anyone)
                state["cards"][dest].setdefault("aboard", [])
            S.move(state, c, "aboard" if kind in ("ship", "event") else "pile", dest)
        state["cards"][c]["commander"] = you
        state["cards"][c]["stopped"] = False
        S.log(state, "placed_in_play", seat=you, card=c, at=dest, title=S.name(state, c))
    return True


def remove_damage(state: dict, frame: dict, eff: dict, arg: dict):
    """``remove_damage``: TARGET (ships) — "remove a Damage card from that ship" (MISSING.md
    item 28, Geordi La Forge): one damage card of each ship goes where a repaired one goes
    (its owner's discard pile; a dilemma to its pile); with several, you choose which."""
    from .. import glossary as G
    from .targets import targets
    from .useful import keeper
    ships = targets(state, frame, arg, keep=keeper(state, frame, "remove_damage"))
    if ships is None:
        return False
    work = frame["work"]
    done = work.setdefault("repaired", [])
    if "answer" in work:
        card = work.pop("answer")
        ship = state["cards"][card]["in"]
        G.repair(state, ship, card)
        done.append(ship)
    for ship in ships:
        if ship in done or S.ctype(state, ship) != "ship" or not state["cards"][ship]["damage"]:
            continue
        dmg = state["cards"][ship]["damage"]
        if len(dmg) == 1:
            G.repair(state, ship, dmg[0])
            done.append(ship)
            continue
        S.set_pending(state, frame["ctx"]["you"], "choose", f"Remove which damage card from {S.name(state, ship)}?",
                      [{"type": "choose", "card": d} for d in dmg])
        return False
    return True


def replace(state: dict, frame: dict, eff: dict, arg: dict):
    """``{"replace": {"target": TARGET, "with": TARGET}}`` + ``as`` (the replaced card): "Replace
    a [Rom] personnel you command with a [Rom] personnel from your hand" (Alternate Identity).
    The ``target`` card (in play) is chosen first, then the ``with`` card, which takes its
    place — on the same planet or aboard the same ship, under your command, stopped if the
    replaced card was — without being played (no counters, no headquarters permission, no
    "when you play"). A unique card you command a copy of (other than the replaced one) is
    not offered. ``as`` names the replaced card only when a replacement happened; the text
    says where it goes next ("Place the personnel you replaced in your discard pile")."""
    from .frames import _remember
    from .skills import _resolve
    old = _resolve(state, frame, "target_w", arg["target"])
    if old is None:
        return False
    old = [o for o in old if S.in_play(state, o) and S.location(state, o)][:1]
    if not old:
        return True
    you = frame["ctx"]["you"]
    blocked = sorted({S.title(state, i) for i in S.cards_in_play(state) if i != old[0] and S.commander(state, i) == you
                      and S.card_def(state, i).get("unique")})
    target = arg["with"]
    if blocked:  # uniqueness: not a second copy of a unique card you command
        form = next((k for k in ("choose", "random", "all") if k in target), None)
        if form:
            f = dict(target[form])
            nots = f.get("not") or []
            f["not"] = (nots if isinstance(nots, list) else [nots]) + [{"unique": True, "title": blocked}]
            target = {**target, form: f}
    new = _resolve(state, frame, "with_w", target)
    if new is None:
        return False
    if not new:
        return True
    o, n = old[0], new[0]
    zone, holder = S.location(state, o)
    S.move(state, n, zone, holder)
    c = state["cards"][n]
    c["commander"], c["stopped"] = you, bool(state["cards"][o]["stopped"])
    S.log(state, "replaced", seat=you, card=o, by=n, title=S.name(state, o), by_title=S.name(state, n))
    _remember(frame, eff, [o])
    return True


def place_damage(state: dict, frame: dict, eff: dict, arg: dict):
    """``{"place_damage": {"on": TARGET, "card": TARGET}}``: "place a Damage card from hand on an
    opponent's undamaged ship at this mission" (William Patrick Samuels). The ship (``on``) is
    chosen first, then the card (from hand: a FILTER ``damage_card``), which goes on that ship as a
    damage card, face up, exactly as a card placed by its own text (rulebook "Damage": the third
    destroys the ship). ``as`` names the card placed."""
    from .frames import _remember
    from .skills import _resolve
    from .. import glossary as G
    ships = _resolve(state, frame, "on_w", arg["on"])
    if ships is None:
        return False
    ships = [s for s in ships if S.ctype(state, s) == "ship" and S.in_play(state, s)][:1]
    if not ships:
        return True
    cards = _resolve(state, frame, "card_w", arg["card"])
    if cards is None:
        return False
    cards = [c for c in cards if not S.in_play(state, c)][:1]
    _remember(frame, eff, cards)
    for c in cards:
        G.place_damage(state, c, ships[0])
    return True
